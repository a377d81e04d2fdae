"""Computed checks: the dates, times and quantities in an answer, normalised and compared,
and the computation the question states, computed.

A small decision model judges "November 21, 2026" against "2026-12-21" by intuition; it
cannot count days.  Before the forward pass, ``checks_for`` reads the request fields, finds

* dates      (ISO, numeric with / . -, month names; parsed and validated by python-dateutil)
* times      (14:30, 2:30 pm, 9 am)
* quantities (plain numbers, money with a currency, percentages, measurements with a unit;
              units are converted to a base unit where that is a fixed factor)

in ``output`` and ``expected`` (or ``expected_assertion``), compares them, and where
``input`` states a computation plainly (an arithmetic expression, "P% of N", a date plus
or minus a duration, the days between two dates) computes it with a safe evaluator
(``safe_eval``: ast-based, whitelisted operators, bounded sizes; never ``eval``).

The result is one short neutral line that the engine adds to the state as ``checks:``;
``None`` when there is nothing to say.  It never raises on odd text.  The line closes with
the same count whatever the item ("in all: some of the expected values in output (1 of 2),
plus 1 other value"), so a trained readout finds the comparison in one place, right before
the answer cue, however the question and the answers are phrased.

How text is read: one lexer splits text into three kinds of token - ``num`` (digits,
with inner "," or "." groups: 1,200.50 or 22.09.2026), ``word`` (letters) and ``sym`` (any
other single non-space character) - remembering each token's position, so "adjacent"
(no space between) is known.  Small hand-written recognisers then walk the token list:
dates first, then times, then quantities, each consuming the tokens it used.  What is
deliberately NOT read: number words ("twelve"), bare "pounds" (mass or money?), the word
"in" as inches, an unspaced hyphen between numbers as subtraction (555-1234 is a phone
number or a range, not arithmetic), and numeric dates without a year (3/4 is a fraction).

Example:
    >>> checks_for({"input": "A key was created on 2026-09-22 with a 90-day expiry. When does it expire?",
    ...             "output": "November 21, 2026.", "expected": "2026-12-21"})
    'dates in output: 2026-11-21; in expected: 2026-12-21; not equal, 30 days apart; input computes 2026-09-22 + 90 days = 2026-12-21 (matches expected, not output); in all: none of the expected values in output (0 of 1), plus 1 other value'
"""

from __future__ import annotations

import ast
import datetime as dt
import json
import math
import operator
import re
from dataclasses import dataclass

from dateutil import parser as date_parser
from dateutil.relativedelta import relativedelta

MAX_CHARS = 4000  # longer fields are read up to here: checks are about short answers
MAX_LISTED = 6  # items listed per kind; the rest are counted
REL_TOL = 1e-6  # quantities equal after unit conversion up to float rounding

# -- the lexer ----------------------------------------------------------------------------------
# One pattern, three token kinds; everything after this works on the token list.
_LEXER = re.compile(r"(?P<num>\d+(?:[.,]\d+)*)|(?P<word>[^\W\d_]+)|(?P<sym>\S)")


@dataclass
class Tok:
    kind: str  # num | word | sym
    text: str
    start: int
    end: int


def lex(text: str) -> list[Tok]:
    """Split text into num / word / sym tokens with their positions."""
    return [Tok(m.lastgroup, m.group(), m.start(), m.end()) for m in _LEXER.finditer(text)]


def _adjacent(a: Tok, b: Tok) -> bool:
    return a.end == b.start


# -- vocabularies -------------------------------------------------------------------------------
MONTHS = {name: i + 1 for i, names in enumerate([
    ("january", "jan"), ("february", "feb"), ("march", "mar"), ("april", "apr"), ("may",),
    ("june", "jun"), ("july", "jul"), ("august", "aug"), ("september", "sep", "sept"),
    ("october", "oct"), ("november", "nov"), ("december", "dec")]) for name in names}
MONTH_ABBR = {i + 1: m for i, m in enumerate("Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split())}
ORDINAL_SUFFIXES = {"st", "nd", "rd", "th"}
WEEKDAYS = {name: i for i, names in enumerate([
    ("monday", "mon"), ("tuesday", "tue", "tues"), ("wednesday", "wed"), ("thursday", "thu", "thur", "thurs"),
    ("friday", "fri"), ("saturday", "sat"), ("sunday", "sun")]) for name in names}
WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
# number words, read as plain numbers ("one" is left out: "the one at $5" is not a count)
NUMBER_WORDS = {w: i for i, w in enumerate("zero _ two three four five six seven eight nine ten eleven twelve "
                                           "thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty"
                                           .split()) if w != "_"}
NUMBER_WORDS.update({"thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90})

CURRENCY_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR"}
CURRENCY_CODES = {"USD", "EUR", "GBP", "JPY", "INR", "CAD", "AUD", "CHF", "CNY"}  # upper case only
CURRENCY_WORDS = {"dollar": "USD", "dollars": "USD", "euro": "EUR", "euros": "EUR"}
SCALE_WORDS = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12}
SCALE_SUFFIXES = {"k": 1e3, "K": 1e3, "M": 1e6, "bn": 1e9, "B": 1e9}  # only right after money

# unit -> (dimension, factor to the base unit); base units: m, kg, L, s, B, month.
# Short symbols are case-sensitive ("m" metre, "M" is not); words are matched in lower case.
_UNIT_SYMBOLS = {
    "mm": ("length", 1e-3), "cm": ("length", 1e-2), "m": ("length", 1.0), "km": ("length", 1e3),
    "ft": ("length", 0.3048), "yd": ("length", 0.9144), "mi": ("length", 1609.344),
    "mg": ("mass", 1e-6), "g": ("mass", 1e-3), "kg": ("mass", 1.0), "lb": ("mass", 0.45359237),
    "lbs": ("mass", 0.45359237), "oz": ("mass", 0.028349523125),
    "ml": ("volume", 1e-3), "mL": ("volume", 1e-3), "l": ("volume", 1.0), "L": ("volume", 1.0),
    "ms": ("time", 1e-3), "s": ("time", 1.0), "sec": ("time", 1.0), "secs": ("time", 1.0),
    "min": ("time", 60.0), "mins": ("time", 60.0), "h": ("time", 3600.0), "hr": ("time", 3600.0),
    "hrs": ("time", 3600.0), "yr": ("calendar", 12.0), "yrs": ("calendar", 12.0),
    "kB": ("data", 1e3), "KB": ("data", 1e3), "MB": ("data", 1e6), "GB": ("data", 1e9), "TB": ("data", 1e12),
    "KiB": ("data", 1024.0), "MiB": ("data", 1024.0 ** 2), "GiB": ("data", 1024.0 ** 3),
    "mph": ("speed", 0.44704), "kph": ("speed", 1 / 3.6),
    "mm²": ("area", 1e-6), "cm²": ("area", 1e-4), "m²": ("area", 1.0), "km²": ("area", 1e6),
}
_UNIT_WORDS = {}
for _names, _unit in [
    (("millimetre", "millimeter"), ("length", 1e-3)), (("centimetre", "centimeter"), ("length", 1e-2)),
    (("metre", "meter"), ("length", 1.0)), (("kilometre", "kilometer"), ("length", 1e3)),
    (("inch",), ("length", 0.0254)), (("foot",), ("length", 0.3048)), (("yard",), ("length", 0.9144)),
    (("mile",), ("length", 1609.344)), (("milligram",), ("mass", 1e-6)), (("gram",), ("mass", 1e-3)),
    (("kilogram",), ("mass", 1.0)), (("tonne",), ("mass", 1e3)), (("ounce",), ("mass", 0.028349523125)),
    (("millilitre", "milliliter"), ("volume", 1e-3)), (("litre", "liter"), ("volume", 1.0)),
    (("millisecond",), ("time", 1e-3)), (("second",), ("time", 1.0)), (("minute",), ("time", 60.0)),
    (("hour",), ("time", 3600.0)), (("day",), ("time", 86400.0)), (("week",), ("time", 604800.0)),
    (("fortnight",), ("time", 1209600.0)), (("month",), ("calendar", 1.0)), (("year",), ("calendar", 12.0)),
    (("byte",), ("data", 1.0)), (("kilobyte",), ("data", 1e3)), (("megabyte",), ("data", 1e6)),
    (("gigabyte",), ("data", 1e9)),
]:
    for _n in _names:
        _UNIT_WORDS[_n] = _unit
        _UNIT_WORDS[_n + "s"] = _unit
_UNIT_WORDS.update({"feet": ("length", 0.3048), "inches": ("length", 0.0254)})
BASE_UNIT = {"area": "m²", "length": "m", "mass": "kg", "volume": "L", "time": "s", "calendar": "months", "data": "B",
             "speed": "m/s", "temperature": "°C"}
DURATION_UNITS = {"day": ("days", 1), "week": ("days", 7), "fortnight": ("days", 14), "month": ("months", 1),
                  "year": ("years", 1)}  # a date plus one of these is a calendar computation

MINUS_WORDS = {"before", "ago", "earlier", "prior", "minus", "subtract", "subtracting"}


# -- what is found ------------------------------------------------------------------------------
@dataclass
class Quantity:
    value: float
    unit: str = ""  # as written, normalised: "USD", "%", "km", "°C", "" for a plain number
    dimension: str = ""  # currency code, "percent", a physical dimension, or "" for a plain number
    base: float | None = None  # value in the dimension's base unit, where one converts

    def show(self) -> str:
        v = _fmt(self.value)
        if not self.unit:
            return v
        if self.dimension in CURRENCY_CODES:
            return f"{self.unit} {v}"
        if self.unit == "%":
            return f"{v}%"
        text = f"{v} {self.unit}"
        base_unit = BASE_UNIT.get(self.dimension)
        if (self.base is not None and base_unit and base_unit != self.unit and self.dimension != "calendar"
                and self.unit.rstrip("s") not in DURATION_UNITS):  # "59 days", not "(= 5097600 s)"
            text += f" (= {_fmt(self.base)} {base_unit})"
        return text

    def key(self) -> tuple[str, float]:
        return (self.dimension, self.base if self.base is not None else self.value)


@dataclass
class Found:
    dates: list  # dt.date, or (month, day) when no year was written
    times: list  # "HH:MM" / "HH:MM:SS"
    weekdays: list  # 0 (Monday) .. 6 (Sunday)
    quantities: list  # Quantity
    durations: list  # (count, "days" | "months" | "years")


def _fmt(x: float) -> str:
    if math.isfinite(x) and x == int(x) and abs(x) < 1e15:
        return str(int(x))
    return format(x, ".6g")


def _num_value(text: str) -> float | None:
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


# -- recognisers ---------------------------------------------------------------------------------
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
            if nxt and nxt.kind == "word" and nxt.text.lower() in ORDINAL_SUFFIXES and _adjacent(toks[i], nxt):
                return 2
            return 1
    return 0


def _year_at(toks: list[Tok], i: int) -> int:
    """Tokens used by an optional ", 2026" / " 2026" at i, or 0."""
    j = i + 1 if i < len(toks) and toks[i].text == "," else i
    if j < len(toks) and toks[j].kind == "num" and len(toks[j].text) == 4 and toks[j].text.isdigit():
        return j - i + 1
    return 0


def _date_at(toks: list[Tok], i: int, text: str):
    """A date starting at token i: (value, tokens used) or None."""
    t = toks[i]
    # numeric: 2026-09-22, 2026/9/22, 09/22/2026, 22-09-2026 (three adjacent numbers)
    if t.kind == "num" and t.text.isdigit() and i + 4 < len(toks):
        a, s1, b, s2, c = toks[i: i + 5]
        if (s1.text in "-/" and s2.text == s1.text and b.kind == c.kind == "num" and b.text.isdigit()
                and c.text.isdigit() and all(_adjacent(x, y) for x, y in zip(toks[i: i + 4], toks[i + 1: i + 5]))):
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


def _time_at(toks: list[Tok], i: int):
    """A clock time at token i: ("HH:MM", tokens used) or None."""
    t = toks[i]
    if t.kind != "num" or not t.text.isdigit() or len(t.text) > 2:
        return None
    hour, minute, second, used = int(t.text), 0, None, 1
    if i + 2 < len(toks) and toks[i + 1].text == ":" and toks[i + 2].kind == "num" and len(toks[i + 2].text) == 2 \
            and toks[i + 2].text.isdigit() and _adjacent(t, toks[i + 1]) and _adjacent(toks[i + 1], toks[i + 2]):
        minute, used = int(toks[i + 2].text), 3
        if i + 4 < len(toks) and toks[i + 3].text == ":" and toks[i + 4].kind == "num" and len(toks[i + 4].text) == 2 \
                and toks[i + 4].text.isdigit() and _adjacent(toks[i + 2], toks[i + 3]):
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


def _unit_at(toks: list[Tok], i: int, num: Tok):
    """A unit right after a number: ((unit text, dimension, factor), tokens used) or None."""
    if i >= len(toks):
        return None
    t = toks[i]
    gap_ok = _adjacent(num, t) or t.start - num.end <= 1
    hyphen = t.text == "-" and _adjacent(num, t) and i + 1 < len(toks) and _adjacent(t, toks[i + 1])
    if hyphen:  # 90-day, 5-km
        t, i, gap_ok = toks[i + 1], i + 1, True
    if not gap_ok:
        return None
    if t.text == "°" and i + 1 < len(toks) and toks[i + 1].text in ("C", "F") and _adjacent(t, toks[i + 1]):
        return (f"°{toks[i + 1].text}", "temperature", None), 2 + hyphen
    if t.kind == "word" and t.text.lower() in ("degrees", "degree") and i + 1 < len(toks):
        scale = toks[i + 1].text.lower()
        if scale in ("celsius", "c", "centigrade", "fahrenheit", "f"):
            return (f"°{'F' if scale.startswith('f') else 'C'}", "temperature", None), 2 + hyphen
        return None
    if t.kind != "word":
        return None
    unit = _UNIT_SYMBOLS.get(t.text) or _UNIT_WORDS.get(t.text.lower())
    if not unit:
        return None
    used = 1 + hyphen
    # a rate over time: km/h, m/s
    if i + 2 < len(toks) and toks[i + 1].text == "/" and _adjacent(t, toks[i + 1]) and _adjacent(toks[i + 1], toks[i + 2]):
        per = _UNIT_SYMBOLS.get(toks[i + 2].text)
        if per and per[0] == "time" and unit[0] == "length":
            return (f"{t.text}/{toks[i + 2].text}", "speed", unit[1] / per[1]), used + 2
    return (t.text if t.text in _UNIT_SYMBOLS else t.text.lower(), unit[0], unit[1]), used


def _quantity_at(toks: list[Tok], i: int, text: str):
    """A quantity at token i (a number with its currency, scale, percent sign or unit)."""
    t = toks[i]
    currency, start = None, i
    if t.kind == "sym" and t.text in CURRENCY_SYMBOLS and i + 1 < len(toks) and toks[i + 1].kind == "num" \
            and toks[i + 1].start - t.end <= 1:
        currency, i = CURRENCY_SYMBOLS[t.text], i + 1
    elif t.kind == "word" and t.text in CURRENCY_CODES and i + 1 < len(toks) and toks[i + 1].kind == "num" \
            and toks[i + 1].start - t.end <= 1:
        currency, i = t.text, i + 1
    num = toks[i]
    if num.kind == "word" and num.text.lower() in NUMBER_WORDS and not currency:
        return Quantity(float(NUMBER_WORDS[num.text.lower()])), 1
    if num.kind != "num" or (not currency and i > 0 and toks[i - 1].kind == "word" and _adjacent(toks[i - 1], num)):
        return None  # CO2, A4, v2: part of a name
    value = _num_value(num.text)
    if value is None:
        return None
    # a minus sign written against the number, not between two numbers
    prev = toks[start - 1] if start > 0 else None
    if prev and prev.text in ("-", "−") and _adjacent(prev, toks[start]) and not (
            start > 1 and toks[start - 2].kind in ("num", "word") and _adjacent(toks[start - 2], prev)):
        value = -value
    j = i + 1
    if j < len(toks) and toks[j].kind == "word" and toks[j].text.lower() in ORDINAL_SUFFIXES and _adjacent(num, toks[j]):
        return Quantity(value), j + 1 - start  # 21st: an ordinal, a plain number
    if j < len(toks) and toks[j].kind == "word" and toks[j].text.lower() in SCALE_WORDS and toks[j].start - num.end <= 1:
        value *= SCALE_WORDS[toks[j].text.lower()]
        j += 1
    elif currency and j < len(toks) and toks[j].text in SCALE_SUFFIXES and _adjacent(num, toks[j]):
        value *= SCALE_SUFFIXES[toks[j].text]
        j += 1
    if j < len(toks) and toks[j].start - toks[j - 1].end <= 1:
        nxt = toks[j]
        if not currency and nxt.kind == "word" and (nxt.text in CURRENCY_CODES or nxt.text.lower() in CURRENCY_WORDS):
            currency = nxt.text if nxt.text in CURRENCY_CODES else CURRENCY_WORDS[nxt.text.lower()]
            j += 1
        elif not currency and (nxt.text == "%" or nxt.text.lower() in ("percent", "pct")):
            return Quantity(value, "%", "percent"), j + 1 - start
        elif not currency and nxt.text.lower() == "per" and j + 1 < len(toks) and toks[j + 1].text.lower() == "cent":
            return Quantity(value, "%", "percent"), j + 2 - start
    if currency:
        return Quantity(value, currency, currency), j - start
    unit = _unit_at(toks, j, toks[j - 1])
    if unit:
        (name, dimension, factor), used = unit
        if dimension == "temperature":
            base = (value - 32) * 5 / 9 if name == "°F" else value
        else:
            base = value * factor
        return Quantity(value, name, dimension, base), j + used - start
    if j < len(toks) and toks[j].kind == "word" and _adjacent(toks[j - 1], toks[j]):
        return None  # 4G, 3D: part of a name
    return Quantity(value), j - start


def _is_weekday(toks: list[Tok], i: int, n_words: int) -> bool:
    """Full weekday names always; "Sun", "Sat", "Wed" only in a short answer or beside a date
    (not "closest to the Sun")."""
    t = toks[i]
    if i + 1 < len(toks) and toks[i + 1].text == "-" and _adjacent(t, toks[i + 1]):
        return False  # sun-dried
    if len(t.text) > 5 or t.text.lower() in ("monday", "friday", "sunday"):
        return True
    if not t.text[0].isupper():
        return False
    if n_words <= 3:
        return True
    near = [toks[k] for k in (i - 2, i - 1, i + 1, i + 2) if 0 <= k < len(toks) and toks[k].text not in ",."]
    return any(n.kind == "num" or n.text.lower() in MONTHS for n in near)


def find(text) -> Found:
    """All dates, times, quantities and calendar durations in one text, in order."""
    if not isinstance(text, str):
        text = json.dumps(text, ensure_ascii=False, default=str)
    text = text[:MAX_CHARS]
    toks = lex(text)
    n_words = sum(t.kind == "word" for t in toks)
    found = Found([], [], [], [], [])
    i = 0
    while i < len(toks):
        word = toks[i].text.lower() if toks[i].kind == "word" else ""
        if word in WEEKDAYS and _is_weekday(toks, i, n_words):
            found.weekdays.append(WEEKDAYS[word])
            i += 1 + (1 if word in ("tue", "thu", "wed", "mon", "fri", "sat", "sun") and i + 1 < len(toks)
                      and toks[i + 1].text == "." else 0)
            continue
        for recognise, bucket in ((_date_at, found.dates), (_time_at, None), (_quantity_at, found.quantities)):
            hit = recognise(toks, i, text) if recognise is not _time_at else _time_at(toks, i)
            if hit:
                value, used = hit
                if recognise is _time_at:
                    found.times.append(value)
                else:
                    bucket.append(value)
                    if isinstance(value, Quantity):
                        unit = (value.unit if value.unit in _UNIT_SYMBOLS else value.unit.rstrip("s"))
                        if unit in DURATION_UNITS and value.value == int(value.value):
                            kind, mult = DURATION_UNITS[unit]
                            found.durations.append((int(value.value) * mult, kind))
                i += max(used, 1)
                break
        else:
            i += 1
    return found


# -- the safe evaluator ---------------------------------------------------------------------------
_BINOPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
           ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod, ast.Pow: operator.pow}
_UNOPS = {ast.USub: operator.neg, ast.UAdd: operator.pos}
MAX_EXPR_CHARS = 200
MAX_MAGNITUDE = 1e18


def safe_eval(expr: str) -> float | None:
    """Evaluate an arithmetic expression of numbers, + - * / // % ** and parentheses.

    Anything else (names, calls, attributes, huge powers, results beyond 1e18, division by
    zero) gives None.  Never ``eval``: the parsed tree is walked with a whitelist.

    >>> safe_eval("17 * 23"), safe_eval("2 ** 10 / 4"), safe_eval("__import__('os')"), safe_eval("9 ** 9 ** 9")
    (391, 256.0, None, None)
    """
    if len(expr) > MAX_EXPR_CHARS:
        return None
    try:
        tree = ast.parse(expr, mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None

    def walk(node, depth=0):
        if depth > 40:
            raise ArithmeticError("too deep")
        if isinstance(node, ast.Expression):
            return walk(node.body, depth + 1)
        if isinstance(node, ast.Constant) and type(node.value) in (int, float):
            return node.value
        if isinstance(node, ast.UnaryOp) and type(node.op) in _UNOPS:
            return _UNOPS[type(node.op)](walk(node.operand, depth + 1))
        if isinstance(node, ast.BinOp) and type(node.op) in _BINOPS:
            left, right = walk(node.left, depth + 1), walk(node.right, depth + 1)
            if isinstance(node.op, ast.Pow) and (abs(right) > 64 or abs(left) > 1e6):
                raise ArithmeticError("power too large")
            out = _BINOPS[type(node.op)](left, right)
            if isinstance(out, complex) or abs(out) > MAX_MAGNITUDE:
                raise ArithmeticError("out of range")
            return out
        raise ArithmeticError(f"not allowed: {type(node).__name__}")

    try:
        value = walk(tree)
    except (ArithmeticError, TypeError, ValueError, RecursionError):  # ZeroDivisionError is an ArithmeticError
        return None
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


_OP_SYMBOLS = {"+": "+", "-": "-", "−": "-", "*": "*", "×": "*", "·": "*", "x": "*", "X": "*", "÷": "/",
               "/": "/", "^": "**", "(": "(", ")": ")"}
_OP_WORDS = {"plus": "+", "minus": "-", "times": "*", "multiplied": "*", "divided": "/", "over": None}


def _expressions(toks: list[Tok]) -> list[tuple[str, str]]:
    """Arithmetic expressions written in the input: (as written, python form) pairs."""
    out, i = [], 0
    while i < len(toks):
        leading_minus = (toks[i].text in ("-", "−") and i + 1 < len(toks) and toks[i + 1].kind == "num"
                         and _adjacent(toks[i], toks[i + 1]) and not (i > 0 and toks[i - 1].kind == "num"))
        glued = i > 0 and toks[i - 1].kind == "word" and _adjacent(toks[i - 1], toks[i])  # 1e308, A4, v2
        if (toks[i].kind != "num" or glued) and toks[i].text != "(" and not leading_minus:
            i += 1
            continue
        shown, code, nums, ops, j, depth = [], [], 0, 0, i, 0
        if leading_minus:  # -5 minus 3: the sign belongs to the first number
            shown, code, j = ["-"], ["-"], i + 1
        while j < len(toks):
            t = toks[j]
            prev_num = bool(code) and (code[-1][-1].isdigit() or code[-1] == ")")
            if t.kind == "num":
                if prev_num:
                    break
                value = _num_value(t.text)
                if value is None or abs(value) > MAX_MAGNITUDE:
                    break
                shown.append(t.text)
                code.append(repr(value) if "." in t.text or "," in t.text else str(int(value)))
                nums += 1
            elif t.text in _OP_SYMBOLS and t.kind == "sym" or (t.text in ("x", "X") and prev_num):
                op = _OP_SYMBOLS[t.text]
                if op == "-" and prev_num and j + 1 < len(toks) and _adjacent(toks[j - 1], t) \
                        and _adjacent(t, toks[j + 1]) and toks[j + 1].kind == "num":
                    break  # 555-1234: a range or an identifier, not a subtraction
                if op == ")" and depth == 0:
                    break
                depth += {"(": 1, ")": -1}.get(op, 0)
                if op not in "()":
                    ops += 1 if prev_num else 0
                shown.append("×" if op == "*" else t.text)
                code.append(op)
            elif t.kind == "word" and t.text.lower() in _OP_WORDS and prev_num:
                op = _OP_WORDS[t.text.lower()]
                if op is None:
                    break
                if t.text.lower() in ("multiplied", "divided"):
                    if j + 1 < len(toks) and toks[j + 1].text.lower() == "by":
                        j += 1
                    else:
                        break
                shown.append({"+": "+", "-": "-", "*": "×", "/": "÷"}[op])
                code.append(op)
                ops += 1
            else:
                break
            j += 1
        while code and not (code[-1][-1].isdigit() or code[-1] == ")"):  # trailing operator: "2 + 2 ="
            code.pop()
            shown.pop()
        while code and code.count("(") > code.count(")") and code[0] == "(":
            code.pop(0)
            shown.pop(0)
        if leading_minus and len(shown) > 1:
            shown[0:2] = ["-" + shown[1]]
        if nums >= 2 and ops >= 1:
            out.append((" ".join(shown).replace("( ", "(").replace(" )", ")"), " ".join(code)))
        i = max(j, i + 1)
    return out


def _percent_of(toks: list[Tok], text: str) -> list[tuple[str, Quantity]]:
    """'15% of 240' / '15 percent of $240' -> ('15% of 240', Quantity(36))."""
    out = []
    for i in range(len(toks)):
        q = _quantity_at(toks, i, text)
        if not q or q[0].dimension != "percent" or (i > 0 and toks[i - 1].kind == "num"):
            continue
        j = i + q[1]
        if j < len(toks) and toks[j].text.lower() == "of" and j + 1 < len(toks):
            base = _quantity_at(toks, j + 1, text)
            if base and base[0].dimension != "percent":
                b = base[0]
                value = q[0].value / 100 * b.value
                factor = b.base / b.value if b.base is not None and b.value and b.dimension != "temperature" else None
                out.append((f"{_fmt(q[0].value)}% of {b.show()}",
                            Quantity(value, b.unit, b.dimension, None if factor is None else value * factor)))
    return out


# -- comparing ---------------------------------------------------------------------------------------
def _show_date(d) -> str:
    return d.isoformat() if isinstance(d, dt.date) else f"{d[0]:02d}-{d[1]:02d} (no year)"


def _same_date(a, b) -> bool:
    if isinstance(a, dt.date) and isinstance(b, dt.date):
        return a == b
    md = lambda d: (d.month, d.day) if isinstance(d, dt.date) else d  # noqa: E731
    return md(a) == md(b)


def _same_quantity(a: Quantity, b: Quantity) -> bool:
    (da, va), (db, vb) = a.key(), b.key()
    if da != db and da and db:
        return False
    if da != db:  # one side has a unit or currency, the other does not: compare as written
        va, vb = a.value, b.value
    return math.isclose(va, vb, rel_tol=REL_TOL, abs_tol=1e-12)


def _listing(items: list[str]) -> str:
    shown = ", ".join(items[:MAX_LISTED])
    return shown + (f" and {len(items) - MAX_LISTED} more" if len(items) > MAX_LISTED else "")


def _compare(kind: str, out_items: list, exp_items: list, show, same, single_diff) -> str | None:
    """One part of the line: what each side holds and how they compare."""
    if not exp_items:
        return None  # extra detail in the output is the rubric's business, not a computed finding
    if not out_items:
        return f"{kind} in expected: {_listing([show(x) for x in exp_items])}; none in output"
    head = f"{kind} in output: {_listing([show(x) for x in out_items])}; in expected: {_listing([show(x) for x in exp_items])}"
    if len(out_items) == 1 and len(exp_items) == 1:
        if same(out_items[0], exp_items[0]):
            return head + "; equal"
        diff = single_diff(out_items[0], exp_items[0])
        return head + "; not equal" + (f", {diff}" if diff else "")
    missing = [x for x in exp_items if not any(same(x, y) for y in out_items)]
    extra = [y for y in out_items if not any(same(x, y) for x in exp_items)]
    if not missing and not extra:
        return head + "; the same"
    if not missing:
        return head + f"; all expected found in output (output adds {_listing([show(y) for y in extra])})"
    return head + f"; missing from output: {_listing([show(x) for x in missing])}"


def _date_diff(a, b) -> str | None:
    if isinstance(a, dt.date) and isinstance(b, dt.date):
        days = abs((a - b).days)
        return f"{days} day{'s' if days != 1 else ''} apart"
    return None


def _quantity_diff(a: Quantity, b: Quantity) -> str | None:
    (da, va), (db, vb) = a.key(), b.key()
    if da != db:
        if da and db:
            return f"different units ({a.unit or 'none'} vs {b.unit or 'none'})"
        va, vb = a.value, b.value
    diff = abs(va - vb)
    rel = ""
    if vb:
        pct = diff / abs(vb) * 100
        rel = f" ({pct:.0f}%)" if pct >= 10 else f" ({pct:.2g}%)"
    unit = ""
    if da == db == "temperature":
        unit = "°C"  # an offset scale: the difference is read in the base unit
    elif da == db and b.base and b.value:  # in the expected answer's own unit
        diff, unit = diff / (b.base / b.value), b.unit
    if _fmt(diff) == "1" and unit.endswith("s") and len(unit) > 3:
        unit = unit[:-1]  # 1 day, not 1 days
    return f"differ by {_fmt(diff)}{' ' + unit if unit else ''}{rel}"


def _matches(value, out_items, exp_items, same) -> str:
    in_out = any(same(value, y) for y in out_items)
    in_exp = any(same(value, y) for y in exp_items)
    if in_out and in_exp:
        return "matches output and expected"
    if in_exp:
        return "matches expected, not output" if out_items else "matches expected"
    if in_out:
        return "matches output, not expected" if exp_items else "matches output"
    return "matches neither"


def _computations(inp: str, out: Found, exp: Found) -> list[str]:
    """What the input states plainly, computed, and whether it matches each side."""
    text = inp[:MAX_CHARS]
    toks = lex(text)
    found = find(text)
    lines = []
    words = {t.text.lower() for t in toks if t.kind == "word"}
    full_dates = [d for d in found.dates if isinstance(d, dt.date)]
    weekday_of = None  # the date whose weekday the input asks for
    if len(full_dates) == 1 and len(found.durations) == 1:
        count, unit = found.durations[0]
        sign = -1 if words & MINUS_WORDS else 1
        try:
            result = full_dates[0] + relativedelta(**{unit: sign * count})
        except (ValueError, OverflowError):
            result = None
        if result:
            weekday_of = result
            lines.append(f"input computes {full_dates[0].isoformat()} {'-' if sign < 0 else '+'} {count} {unit} = "
                         f"{result.isoformat()} ({_matches(result, out.dates, exp.dates, _same_date)})")
    elif len(full_dates) == 2 and not found.durations and words & {"day", "days", "between", "until", "till"}:
        a, b = full_dates
        days = abs((b - a).days)
        q = Quantity(days)
        same = lambda x, y: _same_quantity(x, y) or (y.dimension == "time" and y.base == days * 86400)  # noqa: E731
        lines.append(f"input computes days from {a.isoformat()} to {b.isoformat()} = {days} "
                     f"({_matches(q, out.quantities, exp.quantities, same)})")
    elif len(full_dates) == 1 and not found.durations:
        weekday_of = full_dates[0]
    if weekday_of and ("weekday" in words or ("day" in words and "week" in words)):
        wd = weekday_of.weekday()
        lines.append(f"input computes weekday of {weekday_of.isoformat()} = {WEEKDAY_NAMES[wd]} "
                     f"({_matches(wd, out.weekdays, exp.weekdays, lambda a, b: a == b)})")
    plain = _without_dates(toks, text)
    stated = _percent_of(toks, text) + _percent_change(plain, text) + _conversions(plain, text)
    stated += _verb_arithmetic(plain, text)
    for written, value in stated:
        lines.append(f"input computes {written} = {value.show()} "
                     f"({_matches(value, out.quantities, exp.quantities, _same_quantity)})")
    for written, code in _expressions(plain):
        value = safe_eval(code)
        if value is None:
            continue
        q = Quantity(float(value))
        lines.append(f"input computes {written} = {_fmt(float(value))} "
                     f"({_matches(q, out.quantities, exp.quantities, _same_quantity)})")
    return lines[:3]


RISE_WORDS = {"rise", "rises", "rose", "increase", "increases", "increased", "grow", "grows", "grew", "raised",
              "up", "markup", "more"}
FALL_WORDS = {"fall", "falls", "fell", "drop", "drops", "dropped", "decrease", "decreases", "decreased", "reduce",
              "reduced", "cut", "discount", "discounted", "off", "down", "less", "lower", "lowered"}


def _quantities_in(toks: list[Tok], text: str) -> list[tuple[int, Quantity, int]]:
    """(token index, quantity, tokens used) for every quantity in a token list."""
    out, i = [], 0
    while i < len(toks):
        q = _quantity_at(toks, i, text)
        if q:
            out.append((i, q[0], q[1]))
            i += q[1]
        else:
            i += 1
    return out


def _percent_change(toks: list[Tok], text: str) -> list[tuple[str, Quantity]]:
    """'A price of $320 rises by 30%' -> ('USD 320 + 30%', USD 416); a discount subtracts."""
    words = [t.text.lower() for t in toks]
    found = _quantities_in(toks, text)
    out = []
    for n, (i, q, used) in enumerate(found):
        if q.dimension != "percent":
            continue
        near = set(words[max(0, i - 4): i + used + 2])
        sign = 1 if near & RISE_WORDS else -1 if near & FALL_WORDS else 0
        if i + used < len(words) and words[i + used] == "of":
            sign = 0  # "15% of 240" is _percent_of's
        base = [b for _, b, _ in found[:n] if b.dimension != "percent"]
        if sign and base:
            b = base[-1]
            value = b.value * (1 + sign * q.value / 100)
            factor = b.base / b.value if b.base is not None and b.value and b.dimension != "temperature" else None
            out.append((f"{b.show()} {'+' if sign > 0 else '-'} {_fmt(q.value)}%",
                        Quantity(value, b.unit, b.dimension, None if factor is None else value * factor)))
    return out[:1]


def _conversions(toks: list[Tok], text: str) -> list[tuple[str, Quantity]]:
    """'How many metres are in 2.25 km?' / 'Convert 3 ft to cm' -> the quantity in that unit."""
    words = [t.text.lower() for t in toks]
    target = None
    for k, w in enumerate(words):
        if w == "many" and k > 0 and words[k - 1] == "how" and k + 1 < len(toks):
            target = k + 1
        elif w in ("to", "into") and k + 1 < len(toks) and ("convert" in words or "in" not in words):
            target = k + 1
    if target is None:
        return []
    t = toks[target]
    unit = _UNIT_SYMBOLS.get(t.text) or _UNIT_WORDS.get(t.text.lower())
    if not unit or unit[0] in ("calendar", "temperature"):
        return []
    for i, q, _ in _quantities_in(toks, text):
        if q.dimension == unit[0] and q.base is not None and i != target - 1:
            name = t.text if t.text in _UNIT_SYMBOLS else t.text.lower()
            value = q.base / unit[1]
            return [(f"{q.value if q.value != int(q.value) else int(q.value)} {q.unit} in {name}",
                     Quantity(value, name, unit[0], q.base))]
    return []


def _verb_arithmetic(toks: list[Tok], text: str) -> list[tuple[str, Quantity]]:
    """'Multiply 32 by 282', 'divide 9 by 3', 'add 4 and 5', 'subtract 3 from 10',
    'the sum of 1, 2 and 3', 'the product of 4 and 5': plain numbers only."""
    words = [t.text.lower() for t in toks]
    found = _quantities_in(toks, text)
    verbs = {"multiply": ("×", math.prod), "divide": ("÷", None), "add": ("+", sum), "subtract": ("-", None),
             "sum": ("+", sum), "product": ("×", math.prod), "total": ("+", sum)}
    for k, w in enumerate(words):
        if w not in verbs or (w in ("sum", "product", "total") and (k + 1 >= len(words) or words[k + 1] != "of")):
            continue
        nums, j = [], k + (2 if w in ("sum", "product", "total") else 1)
        by_q = {i: (q, used) for i, q, used in found}
        while j in by_q and not by_q[j][0].dimension:
            nums.append(by_q[j][0].value)
            j += by_q[j][1]
            if j < len(words) and words[j] in (",", "and", "by", "to", "from"):
                j += 1
                if j < len(words) and words[j] == "and":  # "1, 2, and 3"
                    j += 1
            else:
                break
        if len(nums) < 2 or len(nums) > 20 or (w in ("divide", "subtract") and len(nums) != 2):
            continue
        symbol, fold = verbs[w]
        if w == "divide":
            if nums[1] == 0:
                continue
            value = nums[0] / nums[1]
        elif w == "subtract":  # subtract A from B = B - A
            value, nums = nums[1] - nums[0], [nums[1], nums[0]]
        else:
            value = fold(nums)
        if abs(value) <= MAX_MAGNITUDE:
            return [(f" {symbol} ".join(_fmt(n) for n in nums), Quantity(float(value)))]
    return []


def _without_dates(toks: list[Tok], text: str) -> list[Tok]:
    """The tokens of a text with those that make dates and times replaced by a word, so
    2026-09-22 never reads as a subtraction."""
    out, i = [], 0
    while i < len(toks):
        hit = _date_at(toks, i, text) or _time_at(toks, i)
        if hit:
            out.append(Tok("word", "DATE", toks[i].start, toks[i + hit[1] - 1].end))
            i += hit[1]
        else:
            out.append(toks[i])
            i += 1
    return out


def checks_for(fields: dict) -> str | None:
    """The computed-checks line for a request's fields, or None when nothing was found.

    Reads ``output`` against ``expected`` (or ``expected_assertion``), and ``input`` for a
    stated computation."""
    if not isinstance(fields, dict):
        return None
    exp_text = fields.get("expected", fields.get("expected_assertion"))
    out_text = fields.get("output")
    if out_text is None or exp_text is None:
        return None
    out, exp = find(out_text), find(exp_text)
    parts = [_compare(name, o, e, show, same, diff) for name, o, e, show, same, diff in _kinds(out, exp)]
    inp = fields.get("input")
    if inp is not None:
        if not isinstance(inp, str):
            inp = json.dumps(inp, ensure_ascii=False, default=str)
        parts.extend(_computations(inp, out, exp))
    parts = [p for p in parts if p]
    if not parts:
        return None
    tally = _tally(out, exp)
    return "; ".join(parts + ([tally] if tally else []))


def _equal(a, b) -> bool:
    return a == b


def _kinds(out: Found, exp: Found) -> list[tuple]:
    """(name, output's values, expected's values, show, same, difference) for each kind of
    value compared: the findings and the closing tally read the same list."""
    return [("dates", out.dates, exp.dates, _show_date, _same_date, _date_diff),
            ("times", out.times, exp.times, str, _equal, lambda a, b: None),
            ("weekdays", out.weekdays, exp.weekdays, WEEKDAY_NAMES.__getitem__, _equal, lambda a, b: None),
            ("numbers", out.quantities, exp.quantities, Quantity.show, _same_quantity, _quantity_diff)]


def _tally(out: Found, exp: Found) -> str | None:
    """The closing count over every kind: how many of the expected values the output
    has, and how many values the output adds.  The same words whatever the item, so the
    readout finds the comparison in one place; ``None`` when ``expected`` has no values."""
    kinds = [(o, e, same) for _, o, e, _, same, _ in _kinds(out, exp)]
    total = sum(len(e) for _, e, _ in kinds)
    if not total:
        return None
    found = sum(any(same(x, y) for y in o) for o, e, same in kinds for x in e)
    extra = sum(not any(same(x, y) for y in e) for o, e, same in kinds for x in o)
    head = "all" if found == total else "none" if not found else "some"
    text = f"in all: {head} of the expected values in output ({found} of {total})"
    return text + (f", plus {extra} other value{'s' if extra != 1 else ''}" if extra else ", nothing else")
