"""Evidence of meaning: does the output say what the reference says, in whatever words?

The other checks compare values and words; a correct explanation in other words ("Light
travels far faster than sound, so the flash reaches us first." for "Because light moves much
faster than sound.") shares few of them.  Here the asserted part of the output (assertion.py
has set aside what it only mentions) is compared with the reference by meaning:

* ``similarity`` - the cosine of the two texts' sentence vectors (a sentence encoder, passed in
  as ``similar``: this module computes nothing with a model, so it stays a pure check);
* claims (RAGAS's factual recall and precision, without an LLM) - both texts cut into claims
  (sentences, clauses); ``recall`` is the mean over the reference's claims of the best cosine
  with an output claim (how much of the reference the output covers), ``precision`` the same
  the other way (how much of the output the reference supports); a claim counts as covered or
  supported at ``COVER`` or more;
* ``reversed`` - what a similarity cannot see: the same words with a relation turned round,
  an antonym in place of the reference's word ("slower" for "faster", "absorbs" for
  "reflects") or a comparison's sides swapped ("sound is faster than light").  Similar
  vectors with a reversed relation are a wrong answer that reuses the reference's words.

Similarity alone cannot tell "Toronto" from "Ottawa" (0.74, as "The USA." against "United
States"), so it is one piece of evidence, read beside the others by the trained readout, and
the line speaks of it only for answers of a few words or more (``LONG_WORDS``).  Never raises
on odd text.

    >>> reversal("Sound travels faster than light.", "Light travels faster than sound.")
    'light / sound swapped around faster'
    >>> reversal("Light is slower than sound.", "Light is faster than sound.")
    'slower for faster'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

Similar = Callable[[list[str], list[str]], list[list[float]]]

LONG_WORDS = 4  # a reference (or an output) of at least this many words is compared by meaning in the line
COVER = 0.6  # a claim with a counterpart at this cosine or above is covered / supported
MAX_CLAIMS = 12  # claims compared per side (longer texts: the first ones)
MAX_CHARS = 2000

_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*|\d+(?:[.,]\d+)?")
_CLAIM_SPLIT = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(])|;\s+|\n+|,\s+(?:and|but|so|while|whereas|because|since)\s+"
                          r"|\s+(?:because|since|whereas|therefore|so that)\s+")

# pairs of words that say opposite things about the same relation (both directions are looked up)
ANTONYMS = [
    ("faster", "slower"), ("fast", "slow"), ("more", "less"), ("more", "fewer"), ("larger", "smaller"),
    ("bigger", "smaller"), ("higher", "lower"), ("high", "low"), ("increase", "decrease"),
    ("increases", "decreases"), ("increased", "decreased"), ("increasing", "decreasing"), ("rise", "fall"),
    ("rises", "falls"), ("raise", "lower"), ("raises", "lowers"), ("gain", "lose"), ("gains", "loses"),
    ("before", "after"), ("earlier", "later"), ("above", "below"), ("inside", "outside"), ("internal", "external"),
    ("hot", "cold"), ("hotter", "colder"), ("warm", "cool"), ("warmer", "cooler"), ("heat", "cool"),
    ("heats", "cools"), ("absorbs", "reflects"), ("absorb", "reflect"), ("absorbs", "emits"), ("absorb", "emit"),
    ("absorbs", "releases"), ("absorb", "release"), ("attract", "repel"), ("attracts", "repels"),
    ("expands", "contracts"), ("expand", "contract"), ("denser", "less dense"), ("stronger", "weaker"),
    ("strong", "weak"), ("longer", "shorter"), ("wider", "narrower"), ("deeper", "shallower"), ("always", "never"),
    ("most", "least"), ("maximum", "minimum"), ("max", "min"), ("true", "false"), ("correct", "incorrect"),
    ("legal", "illegal"), ("possible", "impossible"), ("accept", "reject"), ("accepts", "rejects"),
    ("allow", "forbid"), ("allows", "forbids"), ("allows", "prevents"), ("enables", "prevents"),
    ("helps", "hinders"), ("win", "lose"), ("won", "lost"), ("wins", "loses"), ("buy", "sell"), ("buys", "sells"),
    ("import", "export"), ("imports", "exports"), ("north", "south"), ("east", "west"), ("northern", "southern"),
    ("eastern", "western"), ("open", "closed"), ("opens", "closes"), ("add", "remove"), ("adds", "removes"),
    ("push", "pull"), ("pushes", "pulls"), ("oxidation", "reduction"), ("oxidised", "reduced"),
    ("oxidized", "reduced"), ("exothermic", "endothermic"), ("releases", "stores"), ("release", "store"),
    ("dominant", "recessive"), ("inhale", "exhale"), ("inhales", "exhales"), ("evaporates", "condenses"),
    ("evaporation", "condensation"), ("melts", "freezes"), ("melting", "freezing"), ("cheaper", "dearer"),
    ("cheaper", "more expensive"), ("cheap", "expensive"), ("rich", "poor"), ("surplus", "deficit"),
    ("inflation", "deflation"), ("profit", "loss"), ("lend", "borrow"), ("lends", "borrows"),
    ("lender", "borrower"), ("creditor", "debtor"), ("encrypt", "decrypt"), ("encrypts", "decrypts"),
    ("upload", "download"), ("sender", "receiver"), ("send", "receive"), ("sends", "receives"),
    ("majority", "minority"), ("clockwise", "anticlockwise"), ("clockwise", "counterclockwise"),
    ("convex", "concave"), ("visible", "invisible"), ("transparent", "opaque"), ("agree", "disagree"),
    ("increase", "reduce"), ("increases", "reduces"), ("safe", "dangerous"), ("healthy", "harmful"),
    ("benign", "malignant"), ("kills", "feeds"),
]
_OPPOSITE: dict[str, set[str]] = {}
for _a, _b in ANTONYMS:
    _OPPOSITE.setdefault(_a, set()).add(_b)
    _OPPOSITE.setdefault(_b, set()).add(_a)
_COMPARATIVE = re.compile(r"([A-Za-z][\w' -]{0,40}?)\s+(?:is|are|was|were|moves?|travels?|runs?|goes|grows?|gets?)?\s*"
                          r"(?:much\s+|far\s+|a\s+lot\s+|slightly\s+|a\s+bit\s+)?((?:more|less)\s+\w+|\w+er)\s+than\s+"
                          r"([A-Za-z][\w' -]{0,40})", re.I)
_STOP = {"the", "a", "an", "of", "to", "in", "is", "are", "was", "were", "it", "its", "that", "this", "and", "or",
         "by", "for", "on", "at", "as", "be", "so", "than", "much", "far", "with", "which", "who", "because"}


def words(text: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(text[:MAX_CHARS])]


def claims(text: str) -> list[str]:
    """A text cut into claims: sentences, then clauses joined by ';', 'and'/'but'/'so' after a
    comma, or 'because'; parts without a word are dropped."""
    parts = [p.strip(" ,.;:!?\"'()") for p in _CLAIM_SPLIT.split(text[:MAX_CHARS])]
    return [p for p in parts if p and _WORD.search(p)][:MAX_CLAIMS]


def _subject(phrase: str) -> str:
    ws = [w for w in words(phrase) if w not in _STOP]
    return ws[-1] if ws else ""


def _opposites(phrase: str) -> set[str]:
    """The antonyms of a comparative ("slower" for "faster", "less dense" for "denser", "more X" / "less X")."""
    phrase = phrase.lower()
    out = set(_OPPOSITE.get(phrase, ()))
    head, _, rest = phrase.partition(" ")
    if head in ("more", "less") and rest:
        out.add(f"{'less' if head == 'more' else 'more'} {rest}")
    return out


def _comparisons(text: str) -> list[tuple[str, str, str]]:
    """(left side's last content word, the comparative, right side's first content word)."""
    out = []
    for m in _COMPARATIVE.finditer(text[:MAX_CHARS]):
        right = [w for w in words(m.group(3)) if w not in _STOP]
        out.append((_subject(m.group(1)), m.group(2).lower(), right[0] if right else ""))
    return out


def reversal(output: str, expected: str) -> str | None:
    """How the output turns a relation of the reference round, or None: an antonym of one of
    the reference's words used where the reference's word is missing ("slower for faster"),
    or a comparison with its sides swapped ("light / sound swapped around faster")."""
    try:
        ow, ew = words(output), words(expected)
        oset, eset = set(ow), set(ew)
        consistent: set[str] = set()  # comparatives restated the other way round ("sound is slower than light")
        for ec in _comparisons(expected):
            for oc in _comparisons(output):
                if not (ec[0] and ec[2]):
                    continue
                same_sides, swapped = (oc[0], oc[2]) == (ec[0], ec[2]), (oc[0], oc[2]) == (ec[2], ec[0])
                opposite = oc[1] in _opposites(ec[1])
                if swapped and oc[1] == ec[1]:
                    return f"{ec[0]} / {ec[2]} swapped around {ec[1]}"
                if same_sides and opposite:
                    return f"{oc[1]} for {ec[1]}"
                if swapped and opposite:
                    consistent.update(words(ec[1]) + words(oc[1]))
        text_o, text_e = " ".join(ow), " ".join(ew)
        for w in ew:
            if w in consistent:
                continue
            for opp in _OPPOSITE.get(w, ()):
                in_out = (opp in oset) if " " not in opp else (f" {opp} " in f" {text_o} ")
                in_exp = (opp in eset) if " " not in opp else (f" {opp} " in f" {text_e} ")
                if in_out and not in_exp and w not in oset:
                    return f"{opp} for {w}"
        return None
    except Exception:  # never raise on odd text
        return None


@dataclass
class Meaning:
    similarity: float  # cosine of the whole asserted output and the reference, 0 where negative
    recall: float  # mean over the reference's claims of the best cosine with an output claim
    precision: float  # mean over the output's claims of the best cosine with a reference claim
    expected_claims: int
    covered: int  # reference claims with a counterpart at COVER or above
    output_claims: int
    supported: int
    reversed: str | None = None
    long: bool = False  # compared by meaning in the line (LONG_WORDS)

    def part(self) -> str | None:
        """This finding as a part of the checks line (only for answers of a few words or more)."""
        if not self.long:
            return None
        if self.reversed:
            return f"meaning: reversed ({self.reversed})"
        how = "close" if self.similarity >= 0.75 else "related" if self.similarity >= 0.5 else "distant"
        return (f"meaning: {how} ({self.similarity:.2f}), {self.covered} of {self.expected_claims} expected "
                f"claim{'s' if self.expected_claims != 1 else ''} covered, {self.supported} of {self.output_claims} "
                f"output claim{'s' if self.output_claims != 1 else ''} supported")


def compare_meaning(output: str, expected: str, similar: Similar | None) -> Meaning | None:
    """The meaning findings for one asserted output against one reference, or None where there
    is no encoder, no words on a side, or the encoder fails."""
    if similar is None or not isinstance(output, str) or not isinstance(expected, str):
        return None
    out_c, exp_c = claims(output), claims(expected)
    if not out_c or not exp_c:
        return None
    whole_o, whole_e = output.strip()[:MAX_CHARS], expected.strip()[:MAX_CHARS]
    try:
        texts_o = [whole_o] + [c for c in out_c if c != whole_o]
        texts_e = [whole_e] + [c for c in exp_c if c != whole_e]
        m = similar(texts_o, texts_e)
    except Exception:  # an encoder failure costs the evidence, never the reading
        return None
    sim = max(0.0, float(m[0][0]))
    co = list(range(1, len(texts_o))) or [0]  # claim rows (the whole text where it is one claim)
    ce = list(range(1, len(texts_e))) or [0]
    best_e = [max(m[i][j] for i in co) for j in ce]
    best_o = [max(m[i][j] for j in ce) for i in co]
    long = len(words(expected)) >= LONG_WORDS or len(words(output)) >= 2 * LONG_WORDS
    return Meaning(similarity=sim, recall=max(0.0, sum(best_e) / len(best_e)),
                   precision=max(0.0, sum(best_o) / len(best_o)), expected_claims=len(ce),
                   covered=sum(b >= COVER for b in best_e), output_claims=len(co),
                   supported=sum(b >= COVER for b in best_o), reversed=reversal(output, expected), long=long)
