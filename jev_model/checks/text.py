"""Text answers: names, places, short phrases, yes/no, lists, a sentence or two, compared
after normalising (``normalise``).  ``compare_text`` returns the findings; ``TextFindings.part``
writes them as one part of the checks line.

* exact match after normalising, or of the answer words (the words beyond the question's:
  "Paris." against "The capital of France is Paris." for "What is the capital of France?");
* the expected answer contained in the output, and the output's answer contained in the
  expected one (a part of it: "Van Gogh" in "Vincent van Gogh", or "Africa" in "South Africa");
* token F1 exactly as SQuAD's official metric defines it (``squad_f1``);
* spelling variants by ``rapidfuzz`` (``fuzz.ratio`` of the answer words), and initials
  ("USA" for "United States of America");
* yes/no/true/false polarity, and an answer negated in the output ("not Paris");
* list answers matched item by item, in any order.

    >>> compare_text("What is the capital of France?", "It is Paris, I believe.", "Paris").part()
    'answer (hedged): equal'
"""

from __future__ import annotations

import collections
import re
import string
from dataclasses import dataclass, field

from rapidfuzz import fuzz
from rapidfuzz.distance import OSA

from .aliases import keys_of_words, same_thing
from .normalise import STOPWORDS, nfkc, tokens, unwrap

SPELLING_RATIO = 85  # rapidfuzz ratio (0-100) of the answer words, at least, for a spelling variant ...
# ... and at most one edit (a transposition is one) in 5-8 letters, two from 9 letters on: "Colombia" and
# "Columbia", "Tchaikovsky" and "Tschaikowsky" are variants; "Austria" and "Australia", "Iran" and "Iraq" are not
COMPASS = {"north", "south", "east", "west", "new", "upper", "lower", "central", "equatorial", "great", "little",
           "northern", "southern", "eastern", "western"}  # "South Africa" is not "Africa" said short
MAX_ITEM_WORDS = 5  # a reference is a list only when each of its items is this short
MAX_ITEMS = 24  # list items (and output parts) compared; the rest are not read (bounded work on odd text)
YES = {"yes", "yeah", "yep", "yup", "yea", "aye", "true", "correct", "right", "indeed", "affirmative", "certainly",
       "absolutely", "definitely", "sure", "exactly", "undoubtedly", "positively"}
POLAR_REFERENCE = {"yes", "no", "true", "false", "correct", "incorrect"}  # a reference starting so is a yes/no answer
NO = {"no", "nope", "false", "incorrect", "wrong", "not", "never", "nah", "negative", "cannot", "nay"}
_NT = {"isn", "wasn", "aren", "weren", "don", "doesn", "didn", "can", "couldn", "won", "wouldn", "shouldn", "hasn",
       "haven", "hadn", "mustn", "ain", "needn", "mightn", "shan"}  # "can't" is "can", "t"
_AUX = {"can", "do", "does", "did", "is", "are", "am", "was", "were", "will", "would", "should", "could", "has", "have",
        "had", "may", "might", "must", "shall"}
_SUBJECTS = {"i", "we", "you", "it", "he", "she", "they", "there", "that", "this", "one"}  # "We can.", "It does."
NEGATORS = {"not", "no", "never", "isn", "wasn", "aren", "weren", "doesn", "didn", "nor", "neither"}
# a clause's subject and verb after a "no" that opens a reply ("no it s", "no the answer is")
_NEW_CLAUSE = re.compile(r"(?:it|that|this|he|she|they|(?:the )?answer)(?: (?:s|is|was|are|were))?")
_ITEM_SPLIT = re.compile(r"\s*(?:[,;\n]|\band\b|&|\s/\s)\s*", re.I)
_LINKS = {"and", "or", "but", "which", "who", "then", "also"}
_SENTENCES = re.compile(r"\s*(?:[;\n]|[.!?](?:\s+|$)|,\s*(?:and\s+|but\s+|which\s+|who\s+)?)\s*", re.I)


# -- SQuAD's official metric (squad v1.1 evaluate script), unchanged --------------------------
def squad_normalize(s: str) -> str:
    """Lower text and remove punctuation, articles and extra whitespace (SQuAD's normalize_answer)."""
    s = s.lower()
    s = "".join(ch for ch in s if ch not in set(string.punctuation))
    s = re.sub(r"\b(a|an|the)\b", " ", s)
    return " ".join(s.split())


def squad_f1(prediction: str, ground_truth: str) -> float:
    """SQuAD's f1_score: token overlap of the normalised answers.

    >>> squad_f1("the Eiffel tower", "Eiffel Tower in Paris")
    0.6666666666666666
    """
    pred, truth = squad_normalize(prediction).split(), squad_normalize(ground_truth).split()
    common = collections.Counter(pred) & collections.Counter(truth)
    num_same = sum(common.values())
    if num_same == 0:
        return 0.0
    precision, recall = num_same / len(pred), num_same / len(truth)
    return 2 * precision * recall / (precision + recall)


# -- pieces ----------------------------------------------------------------------------------
def answer_words(words: list[str], question: set[str]) -> list[str]:
    """The words that carry the answer: without stopwords and the question's own words
    (falling back to the content words, then to all words, when that leaves nothing)."""
    content = [w for w in words if w not in STOPWORDS]
    beyond = [w for w in content if w not in question]
    return beyond or content or words


def without_restated(words: list[str], question: list[str]) -> list[str]:
    """``words`` without the runs of two or more words that restate the question ("The main
    language of the Czech Republic is Norwegian" keeps "is norwegian")."""
    out, i = [], 0
    while i < len(words):
        k = max((n for n in range(2, min(8, len(words) - i) + 1) if _contains(question, words[i: i + n])), default=0)
        if k:
            i += k
        else:
            out.append(words[i])
            i += 1
    return out


def _contains(hay: list[str], needle: list[str]) -> list[int]:
    """Start positions of ``needle`` as a contiguous run in ``hay``."""
    n = len(needle)
    return [i for i in range(len(hay) - n + 1) if n and hay[i: i + n] == needle]


def spelling_variant(a: str, b: str) -> bool:
    """Two spellings of one answer: close by rapidfuzz's ratio and by the number of edits."""
    if a == b or min(len(a), len(b)) < 5 or fuzz.ratio(a, b) < SPELLING_RATIO:
        return False
    return OSA.distance(a, b) <= (2 if min(len(a), len(b)) >= 9 else 1)


def short_form(out: list[str], exp: list[str]) -> bool:
    """The output is the expected answer's last words ("Van Gogh", "Shakespeare"), not a
    compass or size word short ("Africa" for "South Africa")."""
    n = len(out)
    return 0 < n < len(exp) and exp[-n:] == out and not set(exp[:-n]) & COMPASS and len(out[-1]) >= 3


def initials(a: list[str], b: list[str]) -> bool:
    """One answer is the other's initials, either way round ("nyc", "new york city")."""
    return _initials(a, b) or _initials(b, a)


def _initials(short: list[str], long: list[str]) -> bool:
    if len(short) != 1 or len(short[0]) < 2 or len(long) < 2 or not short[0].isalpha():
        return False
    return short[0] in ("".join(w[0] for w in long), "".join(w[0] for w in long if w not in STOPWORDS))


def polarity(words: list[str]) -> str | None:
    """'yes' / 'no' from the first yes/no word ("not true", "certainly not" are no), else a
    negation ("We can't."), else a short answer by subject and auxiliary ("It does."), else None.

    >>> polarity(["we", "can", "t"]), polarity(["absolutely", "not"]), polarity(["it", "does"]), polarity(["of", "course"])
    ('no', 'no', 'yes', 'yes')
    """
    for k, w in enumerate(words):
        after = words[k + 1: k + 2]
        if w in YES or (w == "of" and after == ["course"]):
            negated = (k and words[k - 1] in NEGATORS | {"t"}) or words[k + 1 + (w == "of"): k + 2 + (w == "of")] == ["not"]
            return "no" if negated else "yes"
        if w in NO or (w == "t" and k and words[k - 1] in _NT):
            return "no"
    if 2 <= len(words) <= 3 and words[0] in _SUBJECTS and words[-1] in _AUX | {"so"}:
        return "yes"  # "We can.", "It does.", "I think so"
    return None


def raw_items(text: str, pattern=_ITEM_SPLIT) -> list[tuple[str, list[str]]]:
    """(the item as written, its normalised words) for each item of a list answer (or part
    of a longer one); at most MAX_ITEMS.  The written form keeps case, for codes and symbols."""
    pieces = ((p, tokens(p)) for p in pattern.split(nfkc(text), maxsplit=MAX_ITEMS * 2))
    return [(p, t) for p, t in pieces if t and any(w not in _LINKS for w in t)][:MAX_ITEMS]


def split_items(text: str, pattern=_ITEM_SPLIT) -> list[list[str]]:
    """The items of a list answer (or the parts of a longer one), normalised; at most MAX_ITEMS."""
    return [t for _, t in raw_items(text, pattern)]


def stated_in(out: list[str], exp: list[str], question: set[str]) -> bool:
    """A sentence reference states the output's answer: every word of the output beyond the
    question's is in it ("French" in "The main language of France is French.")."""
    beyond = [w for w in out if w not in STOPWORDS and w not in question]
    return len(exp) >= 4 and bool(set(exp) & {"is", "was", "are", "were", "by"}) and bool(beyond) \
        and set(beyond) <= set(exp) and not _negated(exp, beyond[-1:])


def alias(out: list[str], exp: list[str]) -> bool:
    """Two names of one thing in the tables (``aliases``): "usa" and "united states"."""
    ko = keys_of_words(out)
    return bool(ko) and bool(ko & keys_of_words(exp))


def same_item(out: list[str], exp: list[str], question: set[str]) -> bool:
    """One answer (or list item) against another: equal words, equal answer words, the
    expected one inside the output one, a spelling variant, initials, or an alias."""
    ko, ke = answer_words(out, question), answer_words(exp, question)
    if out == exp or ko == ke or (_contains(out, ke) and not _negated(out, ke)) or stated_in(out, exp, question):
        return True
    return spelling_variant(" ".join(ko), " ".join(ke)) or (short_form(ko, ke) and "and" not in exp) \
        or initials(ko, ke) or initials(out, exp) or alias(out, exp) or alias(ko, ke)


def _negated(words: list[str], needle: list[str]) -> bool:
    """Every occurrence of ``needle`` in ``words`` is negated ("not paris", "paris is not")."""
    starts = _contains(words, needle)
    if not starts:
        return False

    def neg(i):
        before = words[max(0, i - 3): i]
        if "but" in before:  # "not Lyon, but Paris"
            before = before[before.index("but") + 1:]
        if "no" in before and _NEW_CLAUSE.fullmatch(" ".join(before[before.index("no") + 1:])):
            before = before[before.index("no") + 1:]  # "No, it's Paris": the "no" answers what came before
        after = words[i + len(needle): i + len(needle) + 2]
        return bool(set(before) & NEGATORS) or after[:2] in (["is", "not"], ["isn", "t"], ["was", "not"])

    return all(neg(i) for i in starts)


# -- the findings -----------------------------------------------------------------------------
@dataclass
class TextFindings:
    out_words: list[str]
    exp_words: list[str]
    hedged: bool = False
    exact: bool = False  # equal after normalising, or the same answer words
    expected_in_output: bool = False
    output_in_expected: bool = False  # a strict part of it
    short_form: bool = False  # its last words ("Van Gogh" for "Vincent van Gogh")
    in_a_part: bool = False  # one part of a longer output is the answer ("French, a language of Europe")
    f1: float = 0.0  # SQuAD token F1 of the unwrapped answers
    similarity: float = 0.0  # rapidfuzz ratio of the answer words, 0-1
    spelling_variant: bool = False
    initials: bool = False
    negated: bool = False
    out_polarity: str | None = None
    exp_polarity: str | None = None  # set when the reference is a yes/no answer
    list_items: int = 0  # items of a list reference (0: not a list)
    list_found: int = 0
    list_missing: list = field(default_factory=list)
    list_extra: list = field(default_factory=list)
    extra_parts: int = 0  # parts of the output that the reference does not have

    @property
    def total(self) -> int:
        return self.list_items or 1

    @property
    def found(self) -> int:
        if self.exp_polarity:
            return int(self.out_polarity == self.exp_polarity)
        if self.list_items:
            return self.list_found
        return int(not self.negated and (self.exact or self.expected_in_output or self.spelling_variant
                                          or self.initials or self.short_form or self.in_a_part))

    @property
    def extra(self) -> int:
        if self.exp_polarity:
            return 0
        return len(self.list_extra) if self.list_items else self.extra_parts

    def part(self) -> str:
        """This finding as one part of the checks line.  The answers themselves are in the
        state right above the line, so the part says only how they compare."""
        if self.exp_polarity:
            if not self.out_polarity:
                return f"yes/no: expected {self.exp_polarity}, none in output"
            verdict = "equal" if self.out_polarity == self.exp_polarity else "not equal"
            return f"yes/no: output {self.out_polarity}, expected {self.exp_polarity}, {verdict}"
        head = f"answer{' (hedged)' if self.hedged else ''}:"
        if self.list_items:
            if not self.list_missing:
                how = f"all {self.list_items} items found"
            else:
                how = f"{self.list_found} of {self.list_items} items found, missing " \
                      + ", ".join(" ".join(m) for m in self.list_missing[:4])
            extra = f", output adds {len(self.list_extra)}" if self.list_extra else ""
            return f"{head} list, {how}{extra}"
        if self.negated:
            return f"{head} output negates expected"
        adds = f", output adds {self.extra_parts} part{'s' if self.extra_parts != 1 else ''}" if self.extra_parts else ""
        if self.exact:
            return f"{head} equal{adds}"
        if self.expected_in_output:
            return f"{head} expected found in output{adds}"
        if self.initials:
            return f"{head} equal as initials{adds}"
        if self.spelling_variant:
            return f"{head} a spelling variant{adds}"
        if self.short_form:
            return f"{head} output is a short form of expected{adds}"
        if self.in_a_part:
            return f"{head} expected found in a part of output{adds}"
        if self.output_in_expected:
            return f"{head} output is only a part of expected"
        return f"{head} not equal"


def compare_text(question, output, expected) -> TextFindings:
    """The text-answer findings for one output against one reference."""
    q_list = tokens(question or "")[:200]
    q = set(q_list)
    out_text, hedged = unwrap(output)
    exp_text, _ = unwrap(expected)
    ow, ew = tokens(out_text), tokens(exp_text)
    f = TextFindings(out_words=ow, exp_words=ew, hedged=hedged)
    f.f1 = squad_f1(out_text, exp_text)
    ko, ke = answer_words(ow, q), answer_words(ew, q)
    f.similarity = fuzz.ratio(" ".join(ko), " ".join(ke)) / 100
    if ew and ew[0] in POLAR_REFERENCE:
        f.exp_polarity, f.out_polarity = polarity(ew), polarity(ow)
        return f
    named = same_thing(out_text, exp_text) or alias(ko, ke)  # "the yen (JPY)" for "Japanese yen": an equal answer
    exp_raw = raw_items(exp_text) if re.search(r"[,;\n]|\s/\s", exp_text) else []  # "War and Peace" is one answer ...
    out_raw = raw_items(out_text)
    if not exp_raw and ow != ew and not _contains(ow, ew):  # ... unless the output lists it too ("argon and neon"
        and_raw = raw_items(exp_text)                       # for "neon and argon") or gives one of two ("neon")
        if len(out_raw) >= 2 or (len(out_raw) == 1 and len(and_raw) >= 2 and all(len(t) <= 3 for _, t in and_raw)
                                 and any(same_item(out_raw[0][1], t, q) for _, t in and_raw)):
            exp_raw = and_raw
    exp_items, out_items = [t for _, t in exp_raw], [t for _, t in out_raw]
    if len(exp_items) >= 2 and all(len(it) <= MAX_ITEM_WORDS for it in exp_items) and not named:
        left = list(range(len(out_items)))
        f.list_items = len(exp_items)
        for (written, item) in exp_raw:
            hit = next((k for k in left if same_item(out_items[k], item, q) or same_thing(out_raw[k][0], written)),
                       None)
            if hit is None:
                f.list_missing.append(item)
            else:
                left.remove(hit)
        f.list_found = f.list_items - len(f.list_missing)
        f.list_extra = [out_items[k] for k in left]
        return f
    f.exact = bool(ow) and (ow == ew or ko == ke or named)
    answer_part = without_restated(ow, q_list) if set(ke) <= q else ow  # the answer may be a question word
    f.negated = _negated(answer_part, ke)
    f.expected_in_output = not f.exact and bool(_contains(answer_part, ke)) and not f.negated
    f.output_in_expected = not f.exact and not f.expected_in_output and bool(_contains(ew, ko))
    f.initials = not f.exact and (initials(ko, ke) or initials(ow, ew))  # "city" may be the question's word
    f.spelling_variant = not f.exact and not f.expected_in_output and spelling_variant(" ".join(ko), " ".join(ke))
    f.short_form = not f.exact and not f.negated and short_form(ko, ke) and "and" not in ew  # not a list's last item
    known = set(ew) | q | STOPWORDS
    parts = split_items(out_text, _SENTENCES)
    matching = [(named and len(parts) == 1)
                or same_item(without_restated(part, q_list) if set(ke) <= q else part, ew, q) for part in parts]
    f.extra_parts = sum(1 for part, match in zip(parts, matching) if not match
                        and not set(answer_words(part, q)) <= known and not all(w.isdigit() for w in answer_words(part, q)))
    whole = f.exact or f.expected_in_output or f.spelling_variant or f.initials or f.short_form
    f.in_a_part = not whole and not f.negated and (any(matching) or stated_in(ow, ew, q))
    return f


def is_text_reference(expected) -> bool:
    """Whether a reference holds words to compare (not only punctuation or nothing)."""
    return bool(tokens(unwrap(expected)[0]))
