"""Rival answers: an output that names the expected value *and* another value that could stand
for the answer has not committed to the expected one.

Graders of short answers treat an answer that offers several candidates as not correct
(SimpleQA's grader: "a response that contains multiple candidate answers ... is not
correct").  A gamed wrong answer always carries its own wrong value beside the reference's
("Is it 437? No - 447.", "- [ ] 815 / - [x] 825", "Run 1: 815, Run 2: 825, majority 825"),
whatever the wrapping; no lexicon of wrappings catches the next one, but the two candidates
are always there.  So the rule is about the values, not the words around them.

Where the reference holds one value of a kind (a list's extra item is the rubric's business), a
value of the output is a *rival* of it when it is of the same kind (date,
time, weekday, quantity of the same dimension), equals none of them, and is not explained:

* it is not in the input (the question's own values: operands, the date counted from);
* it is not a step of arithmetic written out in the output ("7 × $3.86 = $27.02");
* it is not a number that only ever names a thing in the output ("chapter 2", "Q-0031");
* a quantity is of the expected's order of magnitude (within a factor of 10): "13362, the sum
  of 3 numbers" or "15000 m, since 1 km is 1000 m" give detail, not a second answer.

Only where every expected value is found do rivals matter (a missing one already reads
wrong).  Values the output rejects or attributes are gone before this (assertion.py).  Not
caught: a wrong value far from the expected one, and text answers (names), whose rivals need
to know what kind of thing the answer is.

    >>> from jev_model.checks.values import find
    >>> rivals(find("Is it 437? No - 447."), find("437"), find("What is 23 x 19?"), "Is it 437? No - 447.", "437")
    ['447']
    >>> rivals(find("$67.80 (7 × $3.86 = $27.02, plus $40.78)"), find("$67.80"),
    ...        find("7 items at $3.86 each and one at $40.78"), "$67.80 (7 × $3.86 = $27.02, plus $40.78)",
    ...        "$67.80")
    []
"""

from __future__ import annotations

import re

from .quantities import Quantity
from .values import Found, kinds

SHORT_ANSWER_WORDS = 8  # rivals are weighed for short references only (a value, a date, a short phrase)
MAGNITUDE = 10.0  # a quantity further than this factor from every expected one is detail, not a rival

_NUM = r"[$€£¥₹]?\s?\d[\d,]*(?:\.\d+)?\s?%?"
_STRONG = (r"(?![ \t]{2,}\+\d)(?:\s*(?:[+×*÷^]|\btimes\b|\bplus\b|\bminus\b|\bdivided\s+by\b|\bmultiplied\s+by\b)\s*"
           r"|(?<=\d)/(?=\d))")  # a slash only between digits ("144/12", "A0419/25"): "815 / 825" are two candidates
_ANY = rf"(?:{_STRONG}|\s*[-−x/]\s*)"
# written-out arithmetic: numbers joined by operators (a dash, an "x" or a spaced slash only where "= result"
# follows, since "2 - 45" may be a list's separator and "815 / 825" two candidates), its "= result" with it; not a column's signed change ("6   +10")
_EXPR = rf"{_NUM}(?:{_ANY}{_NUM})*"
_ARITHMETIC = re.compile(rf"{_EXPR}(?:\s*=\s*{_EXPR})+|{_NUM}(?:{_STRONG}{_NUM})+", re.I)
_DIGITS = re.compile(r"\d[\d,]*(?:\.\d+)?")


def _numbers_in(spans: list[str]) -> set[float]:
    """The numbers written in ``spans``."""
    return {float(d.replace(",", "")) for span in spans for d in _DIGITS.findall(span)}


# a quantity named by its role beside the answer ("an increase of $225", "saving $78.60", "a tip of
# $7.25", "a change of 176"): another quantity the answer reports, not a second answer
_ROLE = re.compile(rf"\b(?:increase|decrease|rise|drop|fall|change|difference|saving|savings|discount|tip|tax|fee|"
                   rf"interest|profit|loss|remainder|markup|margin|gain|surplus|deficit|refund|deposit|commission)"
                   rf"\s+(?:of\s+)?(?:about\s+|around\s+)?({_NUM})", re.I)


# a number that names a thing rather than counting or measuring it: "chapter 2", "note 3", "Unit 21",
# "Query Q-0031", "#12", "No. 5", "INC-0419", "respondent 0193" (an identifier, not a second answer)
_LABEL = (r"chapter|ch\.|note|footnote|line|lines|visit|unit|table|figure|fig\.|page|p\.|pp\.|no\.|item|step|section|"
          r"§|version|wave|round|query|ticket|case|row|column|col\.|cell|appendix|exhibit|paragraph|para\.|clause|"
          r"article|art\.|part|volume|vol\.|issue|episode|season|phase|seat|room|gate|platform|box|form|"
          r"respondent|participant|patient|subject|site|team|player|juror|witness|officer|dispatcher|operator|"
          r"station|flight|route|patch\s+set|commit|build|run|batch|lot|speller|contestant|claim|comment|"
          r"reviewer|referee|judge|examiner|candidate|question|q|aq|rule|count|exhibit|slide|sheet|tab|folio")
_IDENTIFIER = re.compile(rf"(?:\b(?:{_LABEL})\s*#?\s*|#\s*|\b[A-Z]{{1,5}}-)(\d+(?:\.\d+)*)\b|(?<![\d.,$€£¥₹])\b(0\d+)\b",
                         re.I)


def _identifiers(text: str) -> set[float]:
    """The numbers of ``text`` that only ever name things there ("chapter 2", "Q-0031")."""
    named = [float(g.split(".")[0] if g.count(".") > 1 else g) for m in _IDENTIFIER.finditer(text)
             for g in m.groups() if g]
    every = [float(d.replace(",", "")) for d in _DIGITS.findall(text)]
    return {v for v in set(named) if every.count(v) <= named.count(v)}


_SIGNED = re.compile(r"(?<![\w.)\]])\+\s?(\d[\d,]*(?:\.\d+)?)")  # a change written with its sign: "+10", "+ 2.5"


def _near(a: Quantity, b: Quantity) -> bool:
    """Of one dimension and within ``MAGNITUDE`` of each other."""
    if a.dimension != b.dimension:
        return False
    x = a.base if a.base is not None else a.value
    y = b.base if b.base is not None else b.value
    if not x or not y or (x < 0) != (y < 0):
        return False
    ratio = abs(x) / abs(y)
    return 1 / MAGNITUDE <= ratio <= MAGNITUDE


def rivals(out: Found, exp: Found, inp: Found | None, out_text: str, exp_text: str) -> list[str]:
    """The output's values that rival the expected ones (shown in normal form), or [] when
    some expected value is missing or nothing rivals."""
    inp = inp or Found([], [], [], [], [])
    if len(exp_text.split()) > SHORT_ANSWER_WORDS:
        return []  # a long reference's values are details of an explanation, not "the answer"
    steps = _numbers_in(_ARITHMETIC.findall(out_text))
    units = [q for q in out.quantities if q.value == 1 and q.unit]  # "1 kg is 1000 g": a unit's definition
    roles = _numbers_in(_ROLE.findall(out_text) + _SIGNED.findall(out_text))
    names = _identifiers(out_text)
    found: list[str] = []
    any_expected = False
    for (name, o, e, show, same, _), (_, i, _, _, _, _) in zip(kinds(out, exp), kinds(inp, exp)):
        near = _near if name == "numbers" else None  # a date, a time or a weekday has no size
        if not e:
            continue
        if len(e) > 1:
            return []  # several expected values (a list): an extra one is an item too many, not a rival answer
        any_expected = True
        if not all(any(same(x, y) for y in o) for x in e):
            return []  # an expected value is missing: the answer already reads wrong
        for y in o:
            if any(same(x, y) for x in e) or any(same(z, y) for z in i):
                continue
            if near is not None and (y.value in steps or y.value == 1 or any(same(u, y) for u in units)
                                     or not any(near(x, y) for x in e) or y.value in roles
                                     or (y.value in names and not any(x.value in names for x in e))):
                continue
            shown = show(y)
            if shown not in found:
                found.append(shown)
    return found if any_expected else []
