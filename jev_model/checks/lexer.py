"""Reading text: one lexer splits text into three kinds of token - ``num`` (digits, with
inner "," or "." groups: 1,200.50 or 22.09.2026), ``word`` (letters) and ``sym`` (any other
single non-space character) - remembering each token's position, so "adjacent" (no space
between) is known.  The recognisers (dates, quantities) walk this token list.

    >>> [(t.kind, t.text) for t in lex("$1,200.50 on 22.09.2026!")]
    [('sym', '$'), ('num', '1,200.50'), ('word', 'on'), ('num', '22.09.2026'), ('sym', '!')]
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from .normalise import MODIFIER_LETTERS, SPACELESS

ORDINAL_SUFFIXES = {"st", "nd", "rd", "th"}
MAX_CHARS = 4000  # longer fields are read up to here: checks are about short answers

# -- the lexer ----------------------------------------------------------------------------------
# One pattern, three token kinds; everything after this works on the token list.
# a run of a script written without spaces (normalise.SPACELESS) is a word of its own beside Latin
# letters or digits ("答案是Abuja。", "答案是45。"), and a number written against it is no part of a name
# a modifier letter or a superscript after a number is a mark on it ("349ᴿ": revised), not a word
_MARKS = MODIFIER_LETTERS + "\u2070-\u209f"  # and the superscripts
_LEXER = re.compile(rf"(?P<num>\d+(?:[.,]\d+)*)|(?P<word>[{SPACELESS}]+|[^\W\d_{SPACELESS}{_MARKS}]+)|(?P<sym>\S)")
_SPACELESS = re.compile(f"[{SPACELESS}]")


@dataclass
class Tok:
    kind: str  # num | word | sym
    text: str
    start: int
    end: int


def lex(text: str) -> list[Tok]:
    """Split text into num / word / sym tokens with their positions."""
    return [Tok(m.lastgroup, m.group(), m.start(), m.end()) for m in _LEXER.finditer(text)]


def adjacent(a: Tok, b: Tok) -> bool:
    return a.end == b.start


def glued(a: Tok, b: Tok) -> bool:
    """Adjacent, and not only as a script without spaces writes every word ("CO2", not "是45")."""
    return adjacent(a, b) and not (_SPACELESS.match(a.text[-1]) or _SPACELESS.match(b.text[0]))


# number words: "four" = 4, "twenty-one" = 21, "a dozen" = 12, "three hundred and five" = 305.
# "one" on its own is left out ("the one at $5" is not a count); "one hundred" is read.
_UNIT_WORDS_N = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
                 "sixteen seventeen eighteen nineteen").split()
NUMBER_WORDS = {w: i for i, w in enumerate(_UNIT_WORDS_N) if w != "one"}
NUMBER_WORDS.update({"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
                     "ninety": 90})
_SMALL = {w: i for i, w in enumerate(_UNIT_WORDS_N)}
_TENS = {w: v for w, v in NUMBER_WORDS.items() if v >= 20}
_MULTIPLIERS = {"hundred": 100, "dozen": 12}
_BIG = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12}


def word_number_at(toks: list[Tok], i: int) -> tuple[float, int] | None:
    """A number written in words starting at token i: (value, tokens used) or None.

    >>> [word_number_at(lex(t), 0) for t in ("a dozen", "twenty-one", "three hundred and five", "one", "five six")]
    [(12.0, 2), (21.0, 3), (305.0, 4), None, (5.0, 1)]
    """
    words = [t.text.lower() if t.kind == "word" else t.text for t in toks[i: i + 12]]
    total, current, j, last = 0.0, 0.0, 0, ""  # last: "small" | "tens" | "mult" | "big" | "a"
    if words[:3] == ["half", "a", "dozen"]:
        return 6.0, 3
    if words and words[0] in ("a", "an"):
        if len(words) < 2 or (words[1] not in _MULTIPLIERS and words[1] not in _BIG):
            return None
        current, j, last = 1.0, 1, "a"
    while j < len(words):
        w = words[j]
        if w in _SMALL and last in ("", "tens", "mult", "big") and not (last == "tens" and _SMALL[w] >= 10):
            current += _SMALL[w]
            last = "small"
        elif w in _TENS and last in ("", "mult", "big"):
            current += _TENS[w]
            last = "tens"
        elif w in _MULTIPLIERS and last in ("small", "tens", "a") and current:
            current *= _MULTIPLIERS[w]
            last = "mult"
        elif w in _BIG and last in ("small", "tens", "mult", "a") and current:
            total, current, last = total + current * _BIG[w], 0.0, "big"
        elif w == "-" and last == "tens" and j + 1 < len(words) and words[j + 1] in _SMALL \
                and adjacent(toks[i + j - 1], toks[i + j]) and adjacent(toks[i + j], toks[i + j + 1]):
            j += 1
            continue
        elif w == "and" and last in ("mult", "big") and j + 1 < len(words) and (
                words[j + 1] in _SMALL or words[j + 1] in _TENS):
            j += 1
            continue
        else:
            break
        j += 1
    if last in ("", "a") or (j == 1 and words[0] == "one"):
        return None
    return total + current, j


def fmt(x: float) -> str:
    if math.isfinite(x) and x == int(x) and abs(x) < 1e15:
        return str(int(x))
    return format(x, ".6g")


def num_value(text: str) -> float | None:
    """'1,200.50' -> 1200.5; '3,5' -> 3.5 (a lone decimal comma); '1.2.3' -> None."""
    if "," in text and "." in text:
        if text.rfind(",") > text.rfind("."):  # 1.200,50 (decimal comma)
            text = text.replace(".", "").replace(",", ".")
        else:
            text = text.replace(",", "")
    elif "," in text:
        groups = text.split(",")
        if all(len(g) == 3 for g in groups[1:]) and 1 <= len(groups[0]) <= 3:
            text = text.replace(",", "")  # thousands separators
        elif len(groups) == 2:
            text = text.replace(",", ".")
        else:
            return None  # "1,2,3": a list, not a number
    elif text.count(".") > 1:
        return None
    if len(text) > 30:
        return None  # not a quantity anyone writes; an identifier or noise
    try:
        return float(text)
    except ValueError:
        return None

