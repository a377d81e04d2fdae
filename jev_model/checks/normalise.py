"""Normalising a text answer: what is left of "Brussels, I believe." or "It is Germany."
once the wrapper, the hedge, case, Unicode forms, punctuation and articles are gone.

* ``unwrap``   - NFKC, hedges and wrappers taken off both ends ("I believe", "The answer
                 is", "It is", "probably", ", I think"), trailing punctuation dropped;
* ``tokens``   - lower case, accents folded, punctuation to spaces, runs of single letters
                 joined ("U.S.A." -> "usa"), articles dropped;
* ``no_answer`` - the phrase of an output that gives no answer ("I don't know", "none of
                 these", a refusal, nothing at all), or None.

    >>> unwrap("I believe it's Brussels."), tokens("The U.S.A.!"), no_answer("Sorry, I don't know.", "")
    (('Brussels', True), ['usa'], "i don't know")
"""

from __future__ import annotations

import re
import unicodedata

# scripts written without spaces between words (Chinese, Japanese, Thai, Lao, Khmer, Burmese) and
# Korean, whose particles join the word before: where such a run meets Latin letters or digits
# ("答案是Abuja。"), the two are words of their own
SPACELESS = "\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff"
_SCRIPT_EDGE = re.compile(rf"(?<=[{SPACELESS}])(?=[^\W{SPACELESS}])|(?<=[^\W{SPACELESS}])(?=[{SPACELESS}])")

MAX_TEXT = 2000  # text answers are read up to here

ARTICLES = {"a", "an", "the"}
STOPWORDS = ARTICLES | {"of", "in", "on", "at", "to", "for", "and", "or", "is", "are", "was", "were", "be", "been",
                        "it", "its", "this", "that", "these", "those", "by", "with", "as", "from", "which", "who",
                        "whom", "what", "s", "called", "named", "known"}

_LEAD = re.compile(r"""^(?:
    (?:i|we)\s+(?:believe|think|guess|reckon|suppose|would\s+say|'d\s+say|feel)(?:\s+that)?
  | (?:i\s+(?:do\s+not|don't)\s+know|(?:i(?:'m|\s+am)\s+)?not\s+(?:entirely\s+|completely\s+|totally\s+)?sure)
      (?:\s+(?:for\s+sure|exactly))?\s*(?:,\s*|\.\s*|\s+)(?:but\s+)?(?=\w)
  | i(?:'m|\s+am)\s+(?:fairly\s+|pretty\s+|quite\s+|almost\s+|very\s+)?(?:sure|certain|confident)(?:\s+that)?
  | (?:the\s+|my\s+)?(?:correct\s+|right\s+|final\s+|short\s+|best\s+)?(?:answer|guess)(?:'s|\s+is|\s+would\s+be|\s+should\s+be|\s*:)
  | (?:it|that|this|they|he|she)(?:'s|\s+is|\s+was|\s+are|\s+were|\s+would\s+be|\s+should\s+be|\s+must\s+be|\s+might\s+be|\s+could\s+be|'d\s+be)
  | (?:most\s+)?(?:probably|likely)|possibly|perhaps|maybe|definitely|certainly|surely|of\s+course|obviously|clearly
  | well|hmm+|um+|uh+|so|ok|okay|sure|yes\s+and|i'd\s+go\s+with|i\s+would\s+go\s+with|i\s+would\s+guess
  | if\s+i\s+(?:recall|remember)(?:\s+correctly|\s+rightly)?|as\s+far\s+as\s+i\s+know|to\s+my\s+knowledge|i\s+recall
)(?![\w'])[\s,:;.-]*""", re.X | re.I)
_TRAIL = re.compile(r"""[\s,;:-]*\b(?:
    (?:i|we)\s+(?:believe|think|guess|suppose|reckon)|if\s+i(?:'m|\s+am)\s+not\s+mistaken|(?:most\s+)?probably|perhaps
  | maybe|i(?:'m|\s+am)\s+(?:fairly\s+|pretty\s+|quite\s+)?(?:sure|certain)|for\s+sure|of\s+course|i\s+would\s+say
  | i'd\s+say|if\s+i\s+(?:recall|remember)(?:\s+correctly|\s+rightly)?|i\s+guess|as\s+far\s+as\s+i\s+know
)[\s.!?]*$""", re.X | re.I)
_END_PUNCT = re.compile(r"[\s.!?;:,]+$")

_NO_ANSWER = re.compile(r"""
    i\s+(?:do\s+not|don't|dont|really\s+don't)\s+know|(?:i(?:'m|\s+am)\s+)?(?:not\s+sure|unsure|uncertain)
  | (?:i\s+have\s+)?no\s+idea|no\s+clue|none\s+of\s+(?:these|those|the\s+above|the\s+options|them)|no\s+answer
  | (?:i\s+)?(?:cannot|can't|can\s+not|could\s+not|couldn't|(?:am|'m|are|is)\s+(?:unable|not\s+able)\s+to|won't|will\s+not
      |refuse\s+to|(?:'d|would)\s+rather\s+not)
      \s+(?:answer|say|tell|know|determine|help|provide|give|find|be\s+sure|verify|confirm|comment|guess)[^.!?]*
  | (?:i(?:'m|\s+am)\s+)?sorry|as\s+an\s+ai[^.!?]*|unknown|not\s+known|n/a|not\s+applicable|no\s+comment
  | (?:there\s+is\s+)?not\s+enough\s+information|insufficient\s+information|(?:it\s+is\s+)?impossible\s+to\s+(?:know|say|tell|determine)
  | there\s+is\s+no\s+(?:way\s+to\s+know|answer|correct\s+answer|such)[^.!?]*|cannot\s+be\s+determined|can't\s+be\s+determined
  | it\s+depends|hard\s+to\s+say|pass|skip|i\s+refuse
""", re.X | re.I)
_FILLER = STOPWORDS | {"i", "me", "my", "you", "your", "but", "however", "question", "about", "sorry", "really",
                       "here", "there", "not", "do", "does", "can", "cannot", "answer", "know", "any", "anything",
                       "whether", "if", "so", "please", "unfortunately", "honestly", "information", "sure", "t",
                       "m", "am", "have", "this", "one", "option", "options", "ai", "assistant", "im", "dont", "would"}


# a modifier letter written against a number is a mark on it ("343ᴿ": revised, "5ᵗʰ"), which NFKC
# would make a letter of the number's word ("343R")
MODIFIER_LETTERS = "\u02b0-\u02ff\u1d2c-\u1d6a\u2071\u207f\u2090-\u209c"
_MARK_ON_NUMBER = re.compile(rf"(?<=\d)[{MODIFIER_LETTERS}]+")


def compat(text: str) -> str:
    """NFKC form of ``text``, a modifier letter written against a number set apart from it."""
    return unicodedata.normalize("NFKC", _MARK_ON_NUMBER.sub(lambda m: " " + m.group(), text))


def nfkc(text) -> str:
    """NFKC form of any value (non-strings as their str), cut at MAX_TEXT, with curly quotes made straight."""
    text = compat(text if isinstance(text, str) else str(text))[:MAX_TEXT]
    return text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')


def unwrap(text) -> tuple[str, bool]:
    """The answer without its wrappers and hedges, and whether any were taken off."""
    text = nfkc(text).strip()
    before = text
    for _ in range(6):  # "I think it's probably Paris, I believe" peels in several rounds
        stripped = _END_PUNCT.sub("", _TRAIL.sub("", _LEAD.sub("", text))).strip(" \t\n\"'")
        if not any(c.isalnum() for c in stripped):  # nothing would be left ("OK.", "It is.")
            text = _END_PUNCT.sub("", text).strip(" \t\n\"'")
            break
        if stripped == text:
            break
        text = stripped
    changed = _END_PUNCT.sub("", before).strip(" \t\n\"'").lower() != text.lower()
    return text, changed


def fold(text: str) -> str:
    """Lower case with accents folded: 'Brasília' -> 'brasilia'."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


_CLITIC = re.compile(r"'(?:s|d|ll|re|ve|m)\b", re.I)  # not n't: "can't" reads as no


def tokens(text) -> list[str]:
    """Normalised words: folded, punctuation to spaces, single letters joined, no articles."""
    # "." and spaces join single letters (U.S.A., J. R. R.); other punctuation parts them ("H, S, Ca")
    text = "".join(c if c.isalnum() or c == "'" else " " if c in ". \t\n" or c.isspace() else " | "
                   for c in _SCRIPT_EDGE.sub(" ", fold(nfkc(text))))
    text = _CLITIC.sub(" | ", text)  # "it's K": the clitic parts the words, it joins no letters ("sk")
    raw = text.replace("'", " ").split()
    out: list[str] = []
    run = ""
    for w in raw:
        if w == "|":
            if run:
                out.append(run)
                run = ""
            continue
        if len(w) == 1 and w.isalpha() and (run or w not in ("a", "i")):
            run += w
            continue
        if run:
            out.append(run)
            run = ""
        out.append(w)
    if run:
        out.append(run)
    return [w for w in out if w not in ARTICLES]


def no_answer(output, question: str) -> str | None:
    """What marks ``output`` as giving no answer ("empty", or the phrase), or None when it
    gives one.  A no-answer phrase counts only when nothing else of substance is left
    (words of the question and fillers aside): "I don't know, maybe Paris" answers."""
    text = nfkc(output).strip()
    if not any(c.isalnum() for c in text):
        return "empty"
    hits = [m.group(0) for m in _NO_ANSWER.finditer(fold(text))]
    if not hits:
        return None
    rest = _NO_ANSWER.sub(" ", fold(text))
    left = [w for w in tokens(unwrap(rest)[0]) if w not in _FILLER and w not in set(tokens(question))]
    return None if left else " ".join(max(hits, key=len).split())
