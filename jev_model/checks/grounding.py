"""Grounding: how far the claims of one text are supported by another, for the RAG evaluators.

``faithfulness`` reads the claims of ``output`` against ``context``; ``context_relevance``
the question ``input`` against ``context``; ``answer_relevance`` the answer ``output``
against the question ``input``.  Each rubric names its pair (``grounding = [claims, source]``
in its TOML file) and ``grounding(fields, claims, source)`` gathers the evidence once:

* claims   - the claims text split into sentences, and long sentences into clauses;
* support  - per claim, the share of its content words (stemmed, stop words out, words the
             question already gives left out) found in the source; a claim counts as
             supported at >= 0.8, unsupported below 0.5;
* values   - numbers and years of the claims found in the source (1,000 = 1000; number words);
* names    - capitalised words (not opening a sentence) found in the source;
* phrases  - content-word pairs of the claims found side by side in the source;
* type     - what the question asks for (who / when / how many / where / yes-no) and whether
             the answering text holds that kind of value.

``Grounding.line()`` is one short neutral line for the prompt (``checks:``), and
``Grounding.features()`` the same findings as ``GROUNDING_FEATURES`` numbers in [0, 1] for
a trained readout.  Nothing here knows facts: support is surface evidence (a paraphrase
reads as unsupported, a wrong claim made of the context's own words as supported).  It never
raises on odd text: any value is read as text, and empty text gives no claims.

Example:
    >>> g = grounding({"input": "Where is the Oberoi Group's head office?", "output": "Mumbai",
    ...                "context": "The Oberoi Group is a hotel company with its head office in Delhi."},
    ...               "output", "context")
    >>> g.line()
    'output against context: 1 claim, 0 supported, 1 not; not in context: Mumbai'
    >>> g.features()[GROUNDING_FEATURES.index("claims_unsupported")]
    1.0
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

GROUNDING_LINE = 1  # the wording of the line; a readout records the version it was fitted on

GROUNDING_FEATURES = (
    "has_claims",            # the claims text has content words
    "claim_count",           # claims / 6, at most 1
    "word_support",          # share of the claims' new content words found in the source
    "mean_claim_support",    # mean of the claims' support
    "min_claim_support",     # the least supported claim's support
    "claims_supported",      # share of claims with support >= 0.8
    "claims_unsupported",    # share of claims with support < 0.5
    "phrase_support",        # share of content-word pairs found side by side in the source
    "has_numbers",
    "numbers_found",         # share of the claims' numbers found in the source
    "number_missing",        # some number is not in the source
    "has_names",
    "names_found",           # share of the claims' capitalised names found in the source
    "name_missing",          # some name is not in the source
    "nothing_new",           # every content word of the claims is already in the question
    "question_in_source",    # share of the question's content words found in the source
    "type_asked",            # the question asks for a kind of value (who, when, how many, where, yes/no)
    "type_found",            # the answering text holds a value of that kind
    "long_claims",           # new content words of the claims / 60, at most 1
    "short_text",            # the claims text is 5 words or fewer (a bare answer)
    "key_support",           # share of the key words (names, numbers, words of 7+ letters) found in the source
    "missing_count",         # distinct new words not in the source / 8, at most 1
    "asks_back",             # share of the text's sentences that are questions (not claims)
)

_STOP = frozenset("""
a an the and or but if then else of to in on at by for with from as into onto over under about above below
between through during before after since until while than so too very is are was were be been being am do
does did done doing have has had having will would shall should can could may might must it its it's this
that these those there here he she they them their theirs his her hers him we us our you your i me my mine
who whom whose which what when where why how not no nor yes also just only any some all each every both
either neither one's such same other another more most much many few own again further once s t
""".split())
_NEGATION = frozenset("not no never none nobody nothing neither nor cannot n't without".split())
_NUMBER_WORDS = {w: str(i) for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty".split())}
_WORD = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|[^\W_](?:[\w'’.-]*[^\W_])?")  # 1,000 is one word
_SENTENCE = re.compile(r"(?<=[.!?;])\s+|\n+")
_CLAUSE = re.compile(r",\s+(?:and|but|while|which|who|although|though|whereas)\s+|;\s*")
_NUMBER = re.compile(r"^\d[\d,]*(?:\.\d+)?$")
_MAX_CHARS = 200_000  # longer text is read up to here: the evidence stays cheap beside the forward pass
_TYPES = (("when", "number"), ("what year", "number"), ("how many", "number"), ("how much", "number"),
          ("how old", "number"), ("how long", "number"), ("who", "name"), ("whom", "name"), ("where", "name"),
          ("which", "name"))
_YES_NO_START = frozenset("is are was were do does did can could will would has have had should".split())


def as_text(value) -> str:
    """Any field value as text: strings as they are, lists (retrieved passages) one per line,
    anything else as JSON; at most ``_MAX_CHARS``."""
    if value is None:
        return ""
    if isinstance(value, (list, tuple)):
        value = "\n".join(as_text(v) for v in value)
    elif not isinstance(value, str):
        value = json.dumps(value, ensure_ascii=False, default=str)
    return value[:_MAX_CHARS]


def stem(word: str) -> str:
    """A light stemmer: case, possessive, plural and common endings off ("companies" ->
    "compani", "based" -> "bas").  Only ever compared with itself."""
    w = word.lower().replace("’", "'")
    w = w[:-2] if w.endswith("'s") else w.rstrip("'")
    w = w.replace(",", "") if _NUMBER.match(w) else w
    if w in _NUMBER_WORDS:
        return _NUMBER_WORDS[w]
    for suffix in ("ing", "ies", "es", "ed", "ly", "s"):
        if len(w) > len(suffix) + 3 and w.endswith(suffix):
            w = w[: -len(suffix)] + ("i" if suffix == "ies" else "")
            break
    if len(w) > 3 and w[-1] in "ey":  # "base" / "based", "company" / "companies"
        w = w[:-1] + ("i" if w[-1] == "y" else "")
    return w


def words(text: str) -> list[str]:
    return _WORD.findall(text)


def content(tokens: list[str]) -> list[str]:
    """Stemmed content words: stop words and one-letter words out."""
    return [stem(t) for t in tokens if t.lower() not in _STOP and (len(t) > 1 or t.isdigit())]


def sentences(text: str) -> list[str]:
    return [s for s in _SENTENCE.split(text) if s.strip()]


def split_claims(text: str, statements_only: bool = True) -> list[str]:
    """Sentences, and sentences over 25 words split at clause boundaries; parts without content
    words dropped, and questions (a reply's "Do you like war movies?") unless ``statements_only``
    is off (the question is what is checked: context_relevance)."""
    claims = []
    for sentence in sentences(text):
        if statements_only and sentence.rstrip().endswith("?"):
            continue
        parts = _CLAUSE.split(sentence) if len(sentence.split()) > 25 else [sentence]
        claims += [p.strip() for p in parts if content(words(p))]
    return claims


def names(claim: str) -> list[str]:
    """Capitalised words not opening the claim (proper names, mostly)."""
    toks = words(claim)
    return [t for i, t in enumerate(toks) if i > 0 and t[:1].isupper() and t.lower() not in _STOP]


def numbers(tokens: list[str]) -> list[str]:
    return [s for s in (stem(t) for t in tokens) if _NUMBER.match(s)]


@dataclass
class Claim:
    text: str
    new: list[str]  # content words the question does not already give
    support: float  # share of them found in the source (1.0 when there are none)
    missing: list[str] = field(default_factory=list)  # as written, for the line


@dataclass
class Grounding:
    """The evidence for one (claims, source) pair; see the module docstring."""

    claims_field: str
    source_field: str
    claims: list[Claim]
    phrase_support: float
    numbers: tuple[int, int]  # (found, total)
    names: tuple[int, int]
    question_in_source: float
    type_asked: bool
    type_found: bool
    nothing_new: bool
    new_words: int
    short_text: bool = False
    key_words: tuple[int, int] = (0, 0)  # (found, total)
    asks_back: float = 0.0

    def line(self) -> str | None:
        """One neutral line for the prompt, or None without claims."""
        n = len(self.claims)
        if not n:
            return None
        supported = sum(c.support >= 0.8 for c in self.claims)
        out = f"{self.claims_field} against {self.source_field}: {n} claim{'s' if n > 1 else ''}, " \
              f"{supported} supported, {n - supported} not"
        if self.numbers[1]:
            out += f"; numbers {self.numbers[0]} of {self.numbers[1]} found"
        missing = list(dict.fromkeys(w for c in self.claims for w in c.missing))[:4]
        if missing:
            out += f"; not in {self.source_field}: {', '.join(missing)}"
        return out

    def features(self) -> tuple[float, ...]:
        """``GROUNDING_FEATURES`` in order, each in [0, 1]."""
        f = dict.fromkeys(GROUNDING_FEATURES, 0.0)
        cs = self.claims
        if cs:
            total_new = sum(len(c.new) for c in cs)
            found_new = sum(len(c.new) * c.support for c in cs)
            f.update(has_claims=1.0, claim_count=min(len(cs) / 6, 1.0),
                     word_support=found_new / total_new if total_new else 1.0,
                     mean_claim_support=sum(c.support for c in cs) / len(cs),
                     min_claim_support=min(c.support for c in cs),
                     claims_supported=sum(c.support >= 0.8 for c in cs) / len(cs),
                     claims_unsupported=sum(c.support < 0.5 for c in cs) / len(cs),
                     phrase_support=self.phrase_support, nothing_new=float(self.nothing_new),
                     long_claims=min(self.new_words / 60, 1.0),
                     key_support=self.key_words[0] / self.key_words[1] if self.key_words[1] else 1.0,
                     missing_count=min(len({w for c in cs for w in c.missing}) / 8, 1.0))
        for kind, (found, total) in (("numbers", self.numbers), ("names", self.names)):
            if total:
                f[f"has_{kind}"] = 1.0
                f[f"{kind}_found"] = found / total
                f[f"{kind[:-1]}_missing"] = float(found < total)
        f.update(question_in_source=self.question_in_source, type_asked=float(self.type_asked),
                 type_found=float(self.type_asked and self.type_found), short_text=float(self.short_text),
                 asks_back=self.asks_back)
        return tuple(f[name] for name in GROUNDING_FEATURES)


def asked_type(question: str) -> str | None:
    """What kind of value a question asks for: "number", "name", "yes_no" or None."""
    q = " ".join(words(question.lower()))
    for cue, kind in _TYPES:
        if re.search(rf"\b{cue}\b", q):
            return kind
    first = q.split(" ", 1)[0] if q else ""
    return "yes_no" if first in _YES_NO_START else None


def holds_type(text: str, kind: str | None) -> bool:
    toks = words(text)
    if kind == "number":
        return bool(numbers(toks)) or any(t.lower() in _NUMBER_WORDS for t in toks)
    if kind == "name":
        return any(t[:1].isupper() for t in toks)
    if kind == "yes_no":
        return bool({t.lower() for t in toks[:3]} & {"yes", "no", "not"}) or bool(_NEGATION & {t.lower() for t in toks})
    return False


def grounding(fields: dict, claims_field: str = "output", source_field: str = "context",
              question_field: str = "input") -> Grounding:
    """The claims of ``fields[claims_field]`` against ``fields[source_field]`` (words the
    question ``fields[question_field]`` gives are not counted as new, unless the question is
    the claims text itself).  Never raises on odd text."""
    claims_text = as_text(fields.get(claims_field))
    source_text = as_text(fields.get(source_field))
    question = as_text(fields.get(question_field)) if question_field not in (claims_field, source_field) else ""
    src_tokens = words(source_text)
    src_stems = content(src_tokens)
    src = set(src_stems)
    src_lower = {t.lower() for t in src_tokens}
    src_pairs = set(zip(src_stems, src_stems[1:]))
    given = set(content(words(question)))

    claims, pairs_found, pairs_total = [], 0, 0
    num_found = num_total = name_found = name_total = key_found = key_total = 0
    for text in split_claims(claims_text, statements_only=claims_field != question_field):
        toks = words(text)
        stems = content(toks)
        new = [s for s in stems if s not in given]
        found = [s for s in new if s in src]
        shown = [t for t in toks if t.lower() not in _STOP and stem(t) in set(new) - src]
        claims.append(Claim(text, new, len(found) / len(new) if new else 1.0, list(dict.fromkeys(shown))))
        pairs = list(zip(stems, stems[1:]))
        pairs_total += len(pairs)
        pairs_found += sum(p in src_pairs for p in pairs)
        nums = numbers(toks)
        num_total += len(nums)
        num_found += sum(n in src for n in nums)
        nms = names(text)
        name_total += len(nms)
        name_found += sum(n.lower() in src_lower or stem(n) in src for n in nms)
        keys = {stem(t) for t in nms + [t for t in toks if len(t) >= 7]} & set(new) | set(nums)
        key_total += len(keys)
        key_found += len(keys & src)
    new_words = sum(len(c.new) for c in claims)
    q_words = content(words(as_text(fields.get(question_field))))
    kind = asked_type(as_text(fields.get(question_field)))
    answering = source_text if claims_field == question_field else claims_text
    return Grounding(
        claims_field, source_field, claims,
        phrase_support=pairs_found / pairs_total if pairs_total else (1.0 if claims else 0.0),
        numbers=(num_found, num_total), names=(name_found, name_total),
        question_in_source=sum(w in src for w in q_words) / len(q_words) if q_words else 0.0,
        type_asked=kind is not None, type_found=holds_type(answering, kind),
        nothing_new=bool(claims) and new_words == 0, new_words=new_words,
        short_text=0 < len(words(claims_text)) <= 5, key_words=(key_found, key_total),
        asks_back=sum(x.rstrip().endswith("?") for x in sentences(claims_text)) / max(len(sentences(claims_text)), 1))
