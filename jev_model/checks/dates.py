"""Dates, clock times and weekdays: recognisers over the lexer's tokens, and how two
dates compare.  Dates are validated by python-dateutil; numeric dates without a year
(3/4 is a fraction) and "December 2026" (a month, not a day) are deliberately not read.

    >>> from jev_model.checks.lexer import lex
    >>> date_at(lex("the 21st of December, 2026"), 1, "")
    (datetime.date(2026, 12, 21), 6)
"""

from __future__ import annotations

import datetime as dt

from dateutil import parser as date_parser

from .lexer import ORDINAL_SUFFIXES, Tok, adjacent

# -- vocabularies -------------------------------------------------------------------------------
MONTHS = {name: i + 1 for i, names in enumerate([
    ("january", "jan"), ("february", "feb"), ("march", "mar"), ("april", "apr"), ("may",),
    ("june", "jun"), ("july", "jul"), ("august", "aug"), ("september", "sep", "sept"),
    ("october", "oct"), ("november", "nov"), ("december", "dec")]) for name in names}
MONTH_ABBR = {i + 1: m for i, m in enumerate("Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split())}
WEEKDAYS = {name: i for i, names in enumerate([
    ("monday", "mon"), ("tuesday", "tue", "tues"), ("wednesday", "wed"), ("thursday", "thu", "thur", "thurs"),
    ("friday", "fri"), ("saturday", "sat"), ("sunday", "sun")]) for name in names}
WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

def _parse_date(span: str, dayfirst: bool = False) -> dt.date | None:
    try:
        return date_parser.parse(span, dayfirst=dayfirst, default=dt.datetime(2000, 1, 1)).date()
    except (ValueError, OverflowError):
        return None


def _is_ordinal_day(toks: list[Tok], i: int) -> int:
    """Tokens used by a day number at i (2, with an adjacent st/nd/rd/th), or 0."""
    if i < len(toks) and toks[i].kind == "num" and len(toks[i].text) <= 2 and toks[i].text.isdigit():
        if 1 <= int(toks[i].text) <= 31:
            nxt = toks[i + 1] if i + 1 < len(toks) else None
            if nxt and nxt.kind == "word" and nxt.text.lower() in ORDINAL_SUFFIXES and adjacent(toks[i], nxt):
                return 2
            return 1
    return 0


def _year_at(toks: list[Tok], i: int) -> int:
    """Tokens used by an optional ", 2026" / " 2026" at i, or 0."""
    j = i + 1 if i < len(toks) and toks[i].text == "," else i
    if j < len(toks) and toks[j].kind == "num" and len(toks[j].text) == 4 and toks[j].text.isdigit():
        return j - i + 1
    return 0


def date_at(toks: list[Tok], i: int, text: str):
    """A date starting at token i: (value, tokens used) or None."""
    t = toks[i]
    # numeric: 2026-09-22, 2026/9/22, 09/22/2026, 22-09-2026 (three adjacent numbers)
    if t.kind == "num" and t.text.isdigit() and i + 4 < len(toks):
        a, s1, b, s2, c = toks[i: i + 5]
        if (s1.text in "-/" and s2.text == s1.text and b.kind == c.kind == "num" and b.text.isdigit()
                and c.text.isdigit() and all(adjacent(x, y) for x, y in zip(toks[i: i + 4], toks[i + 1: i + 5]))):
            if len(a.text) == 4 and len(b.text) <= 2 and len(c.text) <= 2:
                d = _parse_date(f"{a.text}-{b.text}-{c.text}")
            elif len(c.text) == 4 and len(a.text) <= 2 and len(b.text) <= 2:
                # 09/22/2026 is read month first (as written in the US) unless that is impossible
                dayfirst = s1.text == "-" or int(a.text) > 12
                d = _parse_date(f"{a.text}/{b.text}/{c.text}", dayfirst=dayfirst)
            else:
                d = None
            return (d, 5) if d else None
    # dotted, which the lexer keeps as one number: 22.09.2026 (day first)
    if t.kind == "num" and t.text.count(".") == 2 and "," not in t.text:
        parts = t.text.split(".")
        if len(parts[2]) == 4 and len(parts[0]) <= 2 and len(parts[1]) <= 2:
            d = _parse_date(t.text, dayfirst=True)
            return (d, 1) if d else None
    # month name first: November 21, 2026 / Nov 21st / December 2026
    if t.kind == "word" and t.text.lower() in MONTHS and (t.text[0].isupper() or len(t.text) > 3):
        month = MONTHS[t.text.lower()]
        j = i + 1 + (1 if i + 1 < len(toks) and toks[i + 1].text == "." else 0)  # "Nov."
        n_day = _is_ordinal_day(toks, j)
        if n_day:
            n_year = _year_at(toks, j + n_day)
            end = j + n_day + n_year
            if n_year:
                d = _parse_date(f"{MONTH_ABBR[month]} {toks[j].text} {toks[end - 1].text}")
                return (d, end - i) if d else None
            day = int(toks[j].text)
            if day <= _month_days(month):
                return ((month, day), end - i)
            return None
        if j < len(toks) and toks[j].kind == "num" and len(toks[j].text) == 4 and toks[j].text.isdigit():
            return None  # "December 2026": a month, not a day; left out rather than guessed
    # day first: 21 November 2026 / 21st of November
    n_day = _is_ordinal_day(toks, i)
    if n_day:
        j = i + n_day
        if j < len(toks) and toks[j].kind == "word" and toks[j].text.lower() == "of":
            j += 1
        if j < len(toks) and toks[j].kind == "word" and toks[j].text.lower() in MONTHS and (
                toks[j].text[0].isupper() or len(toks[j].text) > 3):
            month = MONTHS[toks[j].text.lower()]
            n_year = _year_at(toks, j + 1)
            if n_year:
                end = j + 1 + n_year
                d = _parse_date(f"{toks[i].text} {MONTH_ABBR[month]} {toks[end - 1].text}")
                return (d, end - i) if d else None
            day = int(toks[i].text)
            return ((month, day), j + 1 - i) if day <= _month_days(month) else None
    return None


def _month_days(month: int) -> int:
    return [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]


def time_at(toks: list[Tok], i: int):
    """A clock time at token i: ("HH:MM", tokens used) or None."""
    t = toks[i]
    if t.kind != "num" or not t.text.isdigit() or len(t.text) > 2:
        return None
    hour, minute, second, used = int(t.text), 0, None, 1
    if i + 2 < len(toks) and toks[i + 1].text == ":" and toks[i + 2].kind == "num" and len(toks[i + 2].text) == 2 \
            and toks[i + 2].text.isdigit() and adjacent(t, toks[i + 1]) and adjacent(toks[i + 1], toks[i + 2]):
        minute, used = int(toks[i + 2].text), 3
        if i + 4 < len(toks) and toks[i + 3].text == ":" and toks[i + 4].kind == "num" and len(toks[i + 4].text) == 2 \
                and toks[i + 4].text.isdigit() and adjacent(toks[i + 2], toks[i + 3]):
            second, used = int(toks[i + 4].text), 5
    meridiem, m_used = _meridiem_at(toks, i + used)
    if used == 1 and not meridiem:
        return None  # a bare number is not a time
    if meridiem:
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if meridiem == "pm" else 0)
    if hour > 23 or minute > 59 or (second is not None and second > 59):
        return None
    value = f"{hour:02d}:{minute:02d}" + (f":{second:02d}" if second is not None else "")
    return value, used + m_used


def _meridiem_at(toks: list[Tok], i: int) -> tuple[str | None, int]:
    if i < len(toks) and toks[i].kind == "word" and toks[i].text.lower() in ("am", "pm"):
        return toks[i].text.lower(), 1
    # a.m. / p.m.
    if i + 2 < len(toks) and toks[i].text.lower() in ("a", "p") and toks[i + 1].text == "." \
            and toks[i + 2].text.lower() == "m":
        return toks[i].text.lower() + "m", 3 + (1 if i + 3 < len(toks) and toks[i + 3].text == "." else 0)
    return None, 0


def is_weekday(toks: list[Tok], i: int, n_words: int) -> bool:
    """Full weekday names always; "Sun", "Sat", "Wed" only in a short answer or beside a date
    (not "closest to the Sun")."""
    t = toks[i]
    if i + 1 < len(toks) and toks[i + 1].text == "-" and adjacent(t, toks[i + 1]):
        return False  # sun-dried
    if len(t.text) > 5 or t.text.lower() in ("monday", "friday", "sunday"):
        return True
    if not t.text[0].isupper():
        return False
    if n_words <= 3:
        return True
    near = [toks[k] for k in (i - 2, i - 1, i + 1, i + 2) if 0 <= k < len(toks) and toks[k].text not in ",."]
    return any(n.kind == "num" or n.text.lower() in MONTHS for n in near)


def show_date(d) -> str:
    return d.isoformat() if isinstance(d, dt.date) else f"{d[0]:02d}-{d[1]:02d} (no year)"


def same_date(a, b) -> bool:
    if isinstance(a, dt.date) and isinstance(b, dt.date):
        return a == b
    md = lambda d: (d.month, d.day) if isinstance(d, dt.date) else d  # noqa: E731
    return md(a) == md(b)


def date_diff(a, b) -> str | None:
    if isinstance(a, dt.date) and isinstance(b, dt.date):
        days = abs((a - b).days)
        return f"{days} day{'s' if days != 1 else ''} apart"
    return None

