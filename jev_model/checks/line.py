"""The line: every finding about one request as one short neutral line, closed by the same
count over the values ("in all: 1 of 2 expected found, plus 1 other"), so a trained readout
finds the comparison in one place, right before the answer cue, however the question and the
answers are phrased.  The line is terse because every token of it is read by the backbone for
every item: a value is written once, in its normal form, and a text answer's words are not
repeated (they are in the state right above the line).

``evidence(fields)`` gathers the findings (values, stated computations, the text answer,
a missing answer); ``Evidence.line()`` writes them; ``jev_model.checks.features`` turns the
same findings into numbers.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace

from .assertion import Claims, as_lines, read_claims
from .computations import Computed, computations
from .meaning import Meaning, Similar, compare_meaning
from .normalise import no_answer
from .declared import declared_rival, declares_expected
from .names import mentions, name_rivals, of_its_kind
from .rivals import rivals
from .stance import standing
from .text import TextFindings, compare_text, is_text_reference
from .values import Found, find, kinds

MAX_LISTED = 6  # items listed per kind; the rest are counted
LINE_VERSION = 3  # the line's wording; a trained readout records the one it read (2: terse, values written
# once; 3: the meaning part, where a sentence encoder is given)


def _listing(items: list[str]) -> str:
    shown = ", ".join(items[:MAX_LISTED])
    return shown + (f" and {len(items) - MAX_LISTED} more" if len(items) > MAX_LISTED else "")


def _compare(kind: str, out_items: list, exp_items: list, show, same, single_diff) -> str | None:
    """One part of the line: how the output's values of one kind compare with the expected
    ones, each value written once in its normal form ("dates: output = expected = 2026-12-21")."""
    if not exp_items:
        return None  # extra detail in the output is the rubric's business, not a computed finding
    exp = _listing([show(x) for x in exp_items])
    if not out_items:
        return f"{kind}: expected {exp}, none in output"
    out = _listing([show(y) for y in out_items])
    if len(out_items) == 1 and len(exp_items) == 1:
        if same(out_items[0], exp_items[0]):
            return f"{kind}: output = expected = {exp}" if out == exp else f"{kind}: output {out}, expected {exp}, equal"
        diff = single_diff(out_items[0], exp_items[0])
        return f"{kind}: output {out}, expected {exp}, not equal" + (f", {diff}" if diff else "")
    missing = [x for x in exp_items if not any(same(x, y) for y in out_items)]
    extra = [y for y in out_items if not any(same(x, y) for x in exp_items)]
    if not missing and not extra:
        return f"{kind}: output = expected = {exp}" if out == exp else f"{kind}: output {out}; expected {exp}; the same"
    if not missing:
        return f"{kind}: output {out}; expected {exp}; all found, output adds {_listing([show(y) for y in extra])}"
    return f"{kind}: output {out}; expected {exp}; missing {_listing([show(x) for x in missing])}"


def _as_text(value) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)


@dataclass
class Evidence:
    """Everything computed about one request; ``line()`` writes it, ``features`` counts it."""

    out: Found
    exp: Found
    value_parts: list[str] = field(default_factory=list)
    computed: list[Computed] = field(default_factory=list)
    text: TextFindings | None = None
    no_answer: str | None = None  # the phrase, or "empty"
    value_total: int = 0  # expected dates, times, weekdays and quantities
    value_found: int = 0
    value_extra: int = 0
    claims: Claims | None = None  # what the output asserts; the rest is set aside (assertion.py)
    meaning: Meaning | None = None  # the asserted output against the reference by meaning (meaning.py)
    rivals: list[str] = field(default_factory=list)  # other values it offers as the answer (rivals.py)

    @property
    def total(self) -> int:
        return self.value_total + (self.text.total if self.text else 0)

    @property
    def found(self) -> int:
        if self.no_answer or self.rivals:  # several candidates: it commits to none of them
            return 0
        return self.value_found + (self.text.found if self.text else 0)

    @property
    def extra(self) -> int:
        if self.no_answer:
            return 0
        return self.value_extra + (self.text.extra if self.text else 0)

    def tally(self) -> str | None:
        """The closing count over the dates, times, weekdays and numbers: how many of the
        expected values the output has, and how many it adds ("in all: 1 of 2 expected
        found, plus 1 other"); None when ``expected`` has none.  A text answer's part is its
        own count ("answer: list, 2 of 3 items found"), so it gets none."""
        if not self.value_total:
            return None
        total = self.value_total
        if self.rivals and not self.no_answer:
            n = len(self.rivals)
            return f"in all: the expected named, but {n} other answer{'s' if n != 1 else ''} given, so not its answer"
        found, extra = (0, 0) if self.no_answer else (self.value_found, self.value_extra)
        head = f"all {total}" if found == total else f"none of {total}" if not found else f"{found} of {total}"
        return f"in all: {head} expected found" + (f", plus {extra} other{'s' if extra != 1 else ''}" if extra
                                                   else ", nothing else")

    def line(self) -> str | None:
        parts = self.claim_parts()
        parts += [f"output gives no answer ({self.no_answer})"] if self.no_answer else []
        parts += [f"output gives {_listing(self.rivals)} as the answer"] if self.rivals and not self.no_answer else []
        parts += self.value_parts
        if self.text is not None and not self.no_answer:
            parts.append(self.text.part())
        parts += [c.line for c in self.computed]
        if self.meaning is not None and (part := self.meaning.part()):  # evidence() gives none without an answer
            parts.append(part)
        if not parts:
            return None
        tally = self.tally()
        return "; ".join(parts + ([tally] if tally else []))


    def claim_parts(self) -> list[str]:
        """What the output mentions without asserting it: said first, never counted for it."""
        c = self.claims
        if c is None or not c.changed:
            return []
        parts = []
        if c.grader:
            parts.append("output addresses the grader (not counted)")
        if c.set_aside:
            n = len(c.set_aside)
            parts.append(f"output attributes or rejects {n} part{'s' if n != 1 else ''} (not its answer)")
        return parts


def evidence(fields: dict, similar: Similar | None = None, kind: Similar | None = None) -> Evidence | None:
    """The findings for a request's fields: ``output`` against ``expected`` (or
    ``expected_assertion``), and ``input`` for a stated computation; None when there is
    no output or no reference.  ``similar`` (a sentence encoder's cosine, ``core/encoder.py``)
    adds the comparison by meaning; ``kind`` (the same cosine, or ``similar``) tells the names
    of the reference's kind among the output's other names (names.py)."""
    if not isinstance(fields, dict):
        return None
    exp_text = fields.get("expected", fields.get("expected_assertion"))
    out_text = fields.get("output")
    if out_text is None or exp_text is None:
        return None
    inp = fields.get("input")
    inp = None if inp is None else _as_text(inp)
    claims = read_claims(out_text)
    if claims.changed:  # only what the output asserts is compared with the reference
        out_text = claims.asserted
    out, exp = find(out_text), find(exp_text)
    ev = Evidence(out, exp, claims=claims)
    settled = False  # the stances of the values' mentions decided (stance.py)
    for name, o, e, show, same, diff in kinds(out, exp):
        part = _compare(name, o, e, show, same, diff)
        if part:
            ev.value_parts.append(part)
        ev.value_total += len(e)
        ev.value_found += sum(any(same(x, y) for y in o) for x in e)
        ev.value_extra += sum(not any(same(x, y) for y in e) for x in o)
    if ev.value_total and ev.value_found == ev.value_total:  # all there: does it also offer another answer?
        own = " ".join([_as_text(out_text), *claims.grader])  # its own voice, the grader-addressed parts too
        ev.rivals = rivals(find(own), exp, find(inp) if inp is not None else None, own, _as_text(exp_text))
        stances = _value_stances(as_lines(fields.get("output")), exp, ev.rivals) if ev.rivals else None
        if stances and not stances[0] and stances[1]:
            settled = True  # it voids the expected where it names it last, and leaves another standing
        elif ev.rivals and declares_expected(claims.own_text, _as_text(exp_text), inp or "", ev.rivals):
            ev.rivals, settled = [], True  # it declares the expected as its answer, last: the others are discussion
        elif stances and stances[0]:  # the expected left standing: the rivals it voids are discussion
            ev.rivals = [r for r in ev.rivals if r in stances[1]]
            settled = not ev.rivals
    if inp is not None:
        ev.computed = computations(inp, out, exp)
        if ev.rivals:  # the computed result is one of several candidates: not the output's answer
            ev.computed = [replace(c, in_output=False) for c in ev.computed]
    exp_text, out_text = _as_text(exp_text), _as_text(out_text)
    if not no_answer(exp_text, inp or ""):
        ev.no_answer = no_answer(out_text, inp or "")
        if claims.changed and not ev.no_answer and not any(ch.isalnum() for ch in out_text):
            ev.no_answer = "nothing of its own"
    if not ev.value_total and is_text_reference(exp_text):
        # a reference without dates or numbers: compare the words
        ev.text = compare_text(inp or "", out_text, exp_text)
    if ev.found and not ev.rivals and not settled and _one_answer(ev):  # the answer it declares, where it says so
        # declared in its own voice, where it addresses the grader too (not in what it quotes or rejects)
        output = fields.get("output")
        voice = ("\n".join([claims.own_text, *claims.grader]) if claims.changed  # a JSON object read as its fields
                 else as_lines(output) if isinstance(output, str) and output.lstrip().startswith(("{", "[")) else _as_text(output))
        final = declared_rival(voice, exp_text, inp or "")
        if final and ev.text is not None and not of_its_kind(final, exp_text, kind or similar):
            final = None  # a declaration of nothing of the reference's kind ("I say again, ...") says nothing of it
        if final and _declared_voided(as_lines(fields.get("output")), final, exp_text):
            final = None  # declared, but voided where it is named last, and the reference left standing
        if not final and ev.text is not None:  # a name of the reference's kind it leaves standing
            named = name_rivals(voice, exp_text, inp or "", kind or similar, whole=as_lines(fields.get("output")),
                                own=claims.own_text)
            if named and declares_expected(claims.own_text, exp_text, inp or "", named) \
                    and _stands(as_lines(fields.get("output")), exp_text, named):
                named = []  # it declares the reference as its answer, last, and leaves it standing: the names before are discussion
            final = named[-1] if named else None
        if final:
            ev.rivals = [final]
            ev.computed = [replace(c, in_output=False) for c in ev.computed]
            if ev.text is not None:  # the reference's words are there, but not as its answer
                ev.text = replace(ev.text, exact=False, expected_in_output=False, short_form=False, in_a_part=False,
                                  spelling_variant=False, initials=False)
    if similar is not None and not ev.no_answer:
        ev.meaning = compare_meaning(out_text, exp_text, similar)
    return ev


def _value_stances(output: str, exp: Found, shown_rivals: list[str]) -> tuple[bool, set[str]] | None:
    """Whether the output as written leaves the expected value standing where it names it last,
    and the rivals it leaves standing where it names them last (stance.py; a rival it does not
    name as written stands): "Destination: 343 / Skipped: 349 (not the answer)" is (True, set());
    None where it names no rival."""
    whole = find(output)
    groups: dict[str, list[tuple[int, int]]] = {"": []}
    for name, o, e, show, same, _ in kinds(whole, exp):
        for y in o:
            if any(same(x, y) for x in e):
                groups[""].extend(whole.where(name, y, same))
            if show(y) in shown_rivals and not any(same(x, y) for x in e):
                groups.setdefault(show(y), []).extend(whole.where(name, y, same))
    if len(groups) < 2 or not groups[""]:
        return None
    stands = standing(output, {k: sorted(set(v)) for k, v in groups.items()})
    return stands[""], {r for r in shown_rivals if stands.get(r, True)}


def _declared_voided(output: str, final: str, expected: str) -> bool:
    """Whether the output as written voids the answer it declared (``final``) where it names it
    last and leaves the reference standing where it names that last (stance.py): "Answer: Istanbul
    (struck through) Ankara (written above)"."""
    groups = {"": mentions(output, expected), final: mentions(output, final)}
    if not groups[""] or not groups[final]:
        return False
    stands = standing(output, groups)
    return stands[""] and not stands[final]


def _stands(output: str, expected: str, others: list[str]) -> bool:
    """Whether the output as written leaves ``expected`` standing where it names it last, beside
    the ``others`` it names (stance.py): not "voided by the sender: the answer = Y"."""
    groups = {"": mentions(output, expected), **{n: mentions(output, n) for n in others}}
    return bool(groups[""]) and standing(output, groups)[""]


def _one_answer(ev: Evidence) -> bool:
    """A reference that is one answer: one value, or a text answer that is neither a list nor
    a yes/no (those the text checks compare item by item, or by polarity)."""
    if ev.value_total:
        return ev.value_total == 1
    return ev.text is not None and not ev.text.list_items and not ev.text.exp_polarity
