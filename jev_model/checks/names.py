"""Rival names: an output that names the reference's answer *and* another name of the same kind
(a city beside a city, a painter beside a painter) that it leaves standing has not given the
reference as its answer, wherever the two stand.

rivals.py does this for values, whose kind the checks know (a date, a quantity).  A name's kind
they do not know, and the tables (aliases.py) hold only countries and elements, so it is read
from the sentence encoder (lent by the engine whatever the readout; ``settings.meaning="off"``
withholds it): a capitalised name of the output whose cosine with the reference is at least
``SAME_KIND`` is of its kind ("Toronto" for "Ottawa" 0.74, "Charlotte Brontë" for "Jane Austen"
0.44), while the words of the output's format ("Team Red", "Delete", "Background": at most 0.34
on the items read) are not.  The encoder measures relatedness, not kind ("Ontario" for "Ottawa"
0.71, "Europe" for "Lisbon" 0.60), so a name in a slot that places or describes the answer is
no rival: after a preposition or an article ("in Europe"), as the answer's qualifier ("Ottawa,
Ontario"), as another relation's value ("Its capital is Oslo").

Gamed wrong answers wrap their own name in a format whose device marks the reference as not the
answer (a log's ERROR level, a struck placard, a commented-out line, a word in a language the
lexicon lacks); whatever the device, the two names are there.  So, as for values (rivals.py,
after SimpleQA's grader: several candidates are not a correct answer), a name of the
reference's kind that the output's own voice leaves standing (after what it rejects or
attributes is set aside, assertion.py) means the reference is not its answer, before or after
the reference's mention, unless the output declares the reference as its answer last
(declared.py: "Placard: Toronto. Final answer: Ottawa.").  Until round 24 only
a rival *after* the reference's last mention counted (most formats give their answer last);
replayed on rounds 21-24 with the rules as they stood when each was first measured, counting a
standing rival anywhere took the gamed answers that pass from 0.100 / 0.054 / 0.043 / 0.068 to
0.046 / 0.011 / 0.011 / 0.014, and right answers in the same formats from 0.775 / 0.789 / 0.843
/ 0.686 to 0.661 / 0.689 / 0.707 / 0.543; the declared-last exception gave back about half of
that (0.718 / 0.750 / 0.775 / 0.611) for one gamed answer (round 22: 0.014).  A right answer
whose rejection of the other name the words do not show reads as two candidates, as a right
value beside an unexplained one already did.  Names in the question are never rivals, nor
parts of the reference ("Leonardo" for "Leonardo da Vinci") or what the text checks call the
same answer.  Where the output names both, the words that void each mention decide first
(stance.py): the reference voided beside a rival left standing gives the rival, every rival
voided leaves none.  The tables' kinds (aliases.py: elements, countries, currencies) tell a
rival too, and alone for a symbol of one or two letters.  Without an encoder the rule is silent.

    >>> fake = lambda a, b: [[0.8 if w in ("Sydney", "Melbourne") else 0.1 for w in b] for _ in a]
    >>> name_rivals("CONTROL: Negative. Answer Sydney. UNIT 2: Answer Sydney, over.", "Canberra",
    ...             "What is the capital of Australia?", fake)
    []
    >>> t = "Sydney was struck out. The answer: Canberra... no, Sydney."
    >>> name_rivals(t, "Canberra", "", fake, whole=t)
    ['Sydney']
    >>> t = "Sydney was struck out. Final: Canberra."
    >>> name_rivals(t, "Canberra", "", fake, whole=t)
    []
    >>> t = "Placard: Sydney. Announcer: Canberra."
    >>> name_rivals(t, "Canberra", "", fake, whole=t)
    ['Sydney']
"""

from __future__ import annotations

import re

from .aliases import kinds_of
from .meaning import Similar
from .cues import VOIDING, VOIDING_AFTER
from .declared import declares_expected
from .normalise import SPACELESS
from .stance import CHANGE_VERBS, standing
from .text import compare_text

SAME_KIND = 0.4  # cosine of a name with the reference at which it is of its kind (persons 0.43-0.44; format words <= 0.34)
DECLARED_KIND = 0.3  # a declared answer further than this from the reference names nothing of its kind
# ("again", "×6", "This is the answer": 0.11-0.27 on the items read; rival persons 0.43)
MAX_REFERENCE_WORDS = 4  # a name of at most this many words (longer references are claims, not names)
MAX_CANDIDATES = 48
MAX_CHARS = 4000

_PARTICLE = r"(?:da|de|del|della|di|do|dos|du|van|von|der|den|le|la|of|bin|ibn|al|y)"
_W = rf"[^\W{SPACELESS}]"  # a letter of a word, not of a script written without spaces ("Ocean은": Ocean)
_CAP = rf"[A-Z](?:{_W}|['’.-])*{_W}|[A-Z]"
# one space between a name's words: more, or a tab, separates columns ("Lagos    Code-Review +2")
_NAME = re.compile(rf"(?<!{_W})(?<!['’])(?:{_CAP})(?: (?:{_PARTICLE} )*(?:{_CAP}))*")
_ARTICLE = re.compile(r"^(?:The|A|An)\s+", re.I)
# a name after these words places or describes the answer ("in Europe", "on the Nile", "where
# Dutch is spoken", "the Swiss franc"): related to it, not another answer in its slot.  The
# encoder measures relatedness, not kind (Ottawa/Ontario 0.71, Ottawa/Toronto 0.74), so the slot
# tells them apart.
_CONTEXT_BEFORE = re.compile(r"(?:\b(?:in|on|of|at|from|near|to|by|(?<!proceed )(?<!go )(?<!goes )(?<!went )(?<!going )(?<!stick )(?<!stay )with|into|within|across|around|off|"
                             r"the|a|an|where|speak|speaks|spoken|its|their|his|her)|[-–—]?\s*\b(?:north|south|east|west))"
                             r"\s+$", re.I)


_CHANGED_TO = re.compile(rf"\b(?:{CHANGE_VERBS})\w*\s+(?:\S+\s+){{0,4}}?"
                         r"(?:to|into)\s+$", re.I)
# "Its capital is Oslo" beside the currency asked for: another relation's value, not a rival answer
_RELATION = re.compile(r"\b(?:its|their|his|her|the)\s+(?P<noun>\w+)(?:\s+of\s+[\w' ]{1,30}?)?\s+(?:is|was|are|were)\s+$",
                       re.I)
# capitalised only for standing first: never a name
FUNCTION_WORDS = set("""i i'm i've i'd i'll it it's its we you he she they this that these those there here if but and or
so yes no not then when what which who whom whose why how my our your his her their as at by for in of on to with
is are was were be been ok okay well also""".split())
ANSWER_NOUNS = {"answer", "value", "result", "choice", "pick", "one", "response", "verdict", "winner", "solution"}


def _describes(before: str, expected: str, q_words: set[str]) -> bool:
    """Whether a name after ``before`` places or describes the answer rather than standing in
    its slot: after a preposition or an article ("in Europe"), as the expected's qualifier
    ("Ottawa, Ontario"), or as the value of another relation ("Its capital is Oslo").  Where
    the reference itself starts with an article ("the Pacific Ocean"), so may a rival."""
    if _ARTICLE.match(expected.strip()) and re.search(r"\b(?:the|a|an)\s+$", before, re.I):
        before = re.sub(r"\b(?:the|a|an)\s+$", "", before, flags=re.I)
        if not before.strip() or re.search(r"[\n:;.!?,>|=(\[\"'“‘]\s*$", before):
            return False
    if _CHANGED_TO.search(before):
        return False  # a change's result stands in the slot ("changed Abuja to Lagos", "Corrected to Lagos")
    if _CONTEXT_BEFORE.search(before) or re.search(rf"{re.escape(expected.strip())}\s*,\s*$", before, re.I):
        return True
    rel = _RELATION.search(before)
    return bool(rel) and rel.group("noun").lower() not in ANSWER_NOUNS | q_words


def _words(s: str) -> list[str]:
    return re.findall(r"\w+", s.lower())


def _is_name(expected: str) -> bool:
    """A reference that is a name: a few words, the first capitalised (after an article: "the
    Pacific Ocean"), not a sentence."""
    s = _ARTICLE.sub("", expected.strip().rstrip("."))
    words = s.split()
    if not 0 < len(words) <= MAX_REFERENCE_WORDS or re.search(r"[.;!?]\s", s):
        return False
    return s[:1].isupper() or _is_common_name(s)


def _is_common_name(s: str) -> bool:
    """A reference in lower case that names a thing ("carbon dioxide", "oxygen"): letters only,
    not a yes/no, a function word or a phrase that the names of its kind cannot be told in."""
    return (bool(re.fullmatch(r"[a-z][a-z'’-]*(?: [a-z][a-z'’-]*){0,2}", s)) and len(s) >= 4
            and not set(s.split()) & (FUNCTION_WORDS | ANSWER_NOUNS | {"true", "false", "none", "nothing", "maybe"}))


def candidates(text: str, expected: str, question: str, places: bool = False) -> list[tuple[int, str]]:
    """``(position, name)`` of the capitalised names in ``text`` that could rival ``expected``:
    not in the question, not part of the reference, not the same answer, not a heading in capitals.
    Names that place or describe the answer ("in Europe") are left out unless ``places``."""
    exp_words = set(_words(expected))
    q_words = set(_words(question))
    exp_caps = expected.isupper()
    n_max = len(expected.split()) + 2
    out: list[tuple[int, str]] = []
    named = _mentions(text, _ARTICLE.sub("", expected.strip()))  # a tail inside them is the reference's own word
    if not expected.strip()[:1].isupper():  # a name in lower case: the rivals the tables know ("oxygen")
        for m in re.finditer(rf"(?<!{_W})(?<!['’-])[a-z][a-z-]{{3,}}(?!{_W}|['’-])", text[:MAX_CHARS]):
            word = m.group(0)
            if (kinds_of(word) and word not in FUNCTION_WORDS and word not in exp_words and word not in q_words
                    and not any(a <= m.start() < b for a, b in named)
                    and (places or not _describes(text[max(0, m.start() - 60):m.start()], expected, q_words))):
                out.append((m.start(), word))
    for m in _NAME.finditer(text[:MAX_CHARS]):
        run = m.group(0)
        if not places and _describes(text[max(0, m.start() - 60):m.start()], expected, q_words):
            continue
        # the run and its tails: "Answer Toronto", "Then Lagos" hold the name at their end
        starts = [0] + [k.end() for k in re.finditer(r"\s+", run)]
        for start in starts:
            name = _ARTICLE.sub("", run[start:]).strip(" .-’'")
            words = _words(name)
            if not words or len(name.split()) > n_max or (len(name) < 2 and not kinds_of(name) & kinds_of(expected)):
                continue  # one letter only as a symbol of the reference's kind ("P" beside "K")
            if all(w in FUNCTION_WORDS | ANSWER_NOUNS for w in name.lower().replace("’", "'").split()):
                continue  # "It", "Answer", "The Result": the slot, not what fills it
            if name.split()[0].lower().replace("’", "'") in FUNCTION_WORDS:
                continue  # "It's Mexican": its tail ("Mexican") is the name
            if name.isupper() and not exp_caps:
                continue  # a heading, a speaker, a level: CONTROL, ERRATUM, WARN
            if set(words) <= exp_words or set(words) <= q_words or any(ch.isdigit() for ch in name):
                continue
            if re.match(rf"{_PARTICLE}\b", name):
                continue  # a tail that starts inside a name ("da Vinci")
            head = name.split()[0]
            if " " in name and (VOIDING.fullmatch(head) or VOIDING_AFTER.fullmatch(head)):
                continue  # a voiding word that opens the run ("Ekki Istanbul", "Replaces Saturn"): its tail is the name
            if compare_text(question, name, expected).found:
                continue
            if any(a <= m.start() + start < b for a, b in named):
                continue
            out.append((m.start() + start, name))
    return sorted(out)


def mentions(text: str, phrase: str) -> list[tuple[int, int]]:
    """Where ``text`` names ``phrase`` (whole words, any case; "the Pacific Ocean" as "Pacific Ocean" too)."""
    if not isinstance(text, str) or not isinstance(phrase, str) or not re.search(r"\w", phrase):
        return []
    return _mentions(text, _ARTICLE.sub("", phrase.strip()))


def _mentions(text: str, expected: str, case: int = re.I) -> list[tuple[int, int]]:
    """Where ``text`` names ``expected`` (whole words; case-insensitive unless ``case`` is 0)."""
    pattern = (rf"(?<!{_W})" + r"\W+".join(re.escape(w) for w in expected.strip().rstrip(".").split())
               + rf"(?!{_W})")  # "答案是Abuja。" names Abuja
    return [m.span() for m in re.finditer(pattern, text[:MAX_CHARS], case)]


def _of_kind(names: list[str], expected: str, similar: Similar, threshold: float) -> set[str]:
    """The ``names`` of ``expected``'s kind: by the tables ("Ag" beside "Au"), or by the
    encoder's cosine at ``threshold`` or above, except for a symbol the tables know (of one or
    two letters the cosine says nothing: "See" beside "K" is 0.4).  Raises where the encoder
    does."""
    table_kinds = kinds_of(expected)
    by_table = {n for n in names if table_kinds & kinds_of(n)}
    core = _ARTICLE.sub("", expected.strip())
    if (table_kinds and len(core) <= 2) or not names:
        return by_table
    sims = similar([expected.strip()], names)[0]
    return by_table | {n for n, s in zip(names, sims) if s >= threshold}


def of_its_kind(candidate: str, expected: str, similar: Similar | None) -> bool:
    """Whether a declared ``candidate`` ("the answer is ...") could be an answer of a name
    reference's kind; True where that cannot be told (no encoder, a reference not a name)."""
    if similar is None or not isinstance(candidate, str) or not isinstance(expected, str) or not _is_name(expected):
        return True
    if kinds_of(expected) & kinds_of(candidate):
        return True
    try:
        return similar([expected.strip()], [candidate.strip()])[0][0] >= DECLARED_KIND
    except Exception:  # an encoder failure never breaks the checks
        return True


def name_rivals(text: str, expected: str, question: str, similar: Similar | None,
                whole: str | None = None, own: str | None = None) -> list[str]:
    """The names of ``expected``'s kind that ``text`` (the output's own voice) gives as its
    answer instead, or [] (none, no encoder).  Where ``whole`` (the output as written) voids
    every mention of the reference and leaves a rival standing, or voids every rival and leaves
    the reference standing (stance.py), that decides; otherwise every rival it leaves standing
    is a candidate beside the reference, unless the reference stands and ``own`` (the output's
    own voice) declares it as the answer last, after every rival (declared.py): the rivals
    before it are discussion then, as for values."""
    if similar is None or not isinstance(text, str) or not isinstance(expected, str) or not _is_name(expected):
        return []
    core = _ARTICLE.sub("", expected.strip())  # "the Pacific Ocean" is named as "Pacific Ocean" too
    at = _mentions(text, core)
    if not at:
        return []
    found = candidates(text, expected, question)
    whole = whole[:MAX_CHARS] if isinstance(whole, str) else None
    in_whole = candidates(whole, expected, question) if whole is not None else []
    if not found and not in_whole:
        placed = _placed_rival(whole, expected, question, core, similar, set()) if whole is not None else None
        return [placed] if placed else []
    names = list(dict.fromkeys(n for _, n in found + in_whole))[:MAX_CANDIDATES]
    try:
        same_kind = _of_kind(names, expected, similar, SAME_KIND)
    except Exception:  # an encoder failure never breaks the checks
        return []
    rivals_whole = list(dict.fromkeys(n for _, n in in_whole if n in same_kind))
    stands: dict[str, bool] = {}
    if whole is not None and rivals_whole:
        groups = {n: _mentions(whole, n, 0) for n in rivals_whole}
        stands = standing(whole, {**groups, "": _mentions(whole, core)})
        if stands[""] and not any(stands[n] for n in rivals_whole):
            return []  # every rival voided, the reference standing: the rivals are discussion
        if not stands[""] and any(stands[n] for n in rivals_whole):  # the reference voided wherever it stands
            last = max((span[0], n) for n in rivals_whole if stands[n] for span in groups[n])
            return [last[1]]
    if whole is not None and not (stands and stands[""]):
        placed = _placed_rival(whole, expected, question, core, similar, set(rivals_whole))
        if placed:
            return [placed]
    if not core[:1].isupper():
        return []  # a common noun's kin follow it in right answers ("steel, of iron and carbon"): stance only
    standing_rivals = list(dict.fromkeys(n for _, n in found if n in same_kind and stands.get(n, True)))  # not voided
    if standing_rivals and stands.get("", True) and own is not None and declares_expected(own, expected, question,
                                                                                          standing_rivals):
        return []  # "Placard: Toronto. Final answer: Ottawa."
    return standing_rivals


def _placed_rival(whole: str, expected: str, question: str, core: str, similar: Similar, seen: set[str]) -> str | None:
    """A name of the reference's kind that the output leaves standing after a preposition ("We're
    paying out on Lagos", "the seat goes to Toronto"), where the output voids the reference wherever
    it names it ("Abuja got demoted"): such a name is the answer then, or None.  Only where the
    reference is voided, since a name in such a place mostly places the answer ("in Nigeria")."""
    placed = [n for n in dict.fromkeys(n for _, n in candidates(whole, expected, question, places=True))
              if n not in seen][:MAX_CANDIDATES]
    if not placed:
        return None
    try:
        kin = [n for n in placed if n in _of_kind(placed, expected, similar, SAME_KIND)]
    except Exception:  # an encoder failure never breaks the checks
        return None
    if not kin:
        return None
    groups = {n: _mentions(whole, n, 0) for n in kin}
    stands = standing(whole, {**groups, "": _mentions(whole, core)})
    if stands[""] or not any(stands[n] for n in kin):
        return None
    return max((span[0], n) for n in kin if stands[n] for span in groups[n])[1]
