"""Quantities: plain numbers (digits or number words), money with its currency,
percentages and measurements with a unit, converted to a base unit where that is a fixed
factor; and how two quantities compare.  Not read on purpose: bare "pounds" (mass or
money?), the word "in" as inches, "one" on its own ("the one at $5" is not a count).

    >>> from jev_model.checks.lexer import lex
    >>> quantity_at(lex("5 km"), 0, "5 km")[0].show()
    '5 km (= 5000 m)'
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .lexer import ORDINAL_SUFFIXES, Tok, adjacent, fmt, glued, num_value, word_number_at

REL_TOL = 1e-6  # quantities equal after unit conversion up to float rounding

CURRENCY_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR"}
CURRENCY_CODES = {"USD", "EUR", "GBP", "JPY", "INR", "CAD", "AUD", "CHF", "CNY"}  # upper case only
CURRENCY_WORDS = {"dollar": "USD", "dollars": "USD", "euro": "EUR", "euros": "EUR"}
SCALE_WORDS = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12}
APPROX_WORDS = {"about", "around", "roughly", "approximately", "approx", "nearly", "almost", "circa", "ca", "some",
                "~", "≈", "≃", "±"}  # right before a number: it is written rounded
SCALE_SUFFIXES = {"k": 1e3, "K": 1e3, "M": 1e6, "bn": 1e9, "B": 1e9}  # only right after money

# unit -> (dimension, factor to the base unit); base units: m, kg, L, s, B, month.
# Short symbols are case-sensitive ("m" metre, "M" is not); words are matched in lower case.
UNIT_SYMBOLS = {
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
UNIT_WORDS = {}
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
        UNIT_WORDS[_n] = _unit
        UNIT_WORDS[_n + "s"] = _unit
UNIT_WORDS.update({"feet": ("length", 0.3048), "inches": ("length", 0.0254)})
BASE_UNIT = {"area": "m²", "length": "m", "mass": "kg", "volume": "L", "time": "s", "calendar": "months", "data": "B",
             "speed": "m/s", "temperature": "°C"}
DURATION_UNITS = {"day": ("days", 1), "week": ("days", 7), "fortnight": ("days", 14), "month": ("months", 1),
                  "year": ("years", 1)}  # a date plus one of these is a calendar computation

@dataclass
class Quantity:
    value: float
    unit: str = ""  # as written, normalised: "USD", "%", "km", "°C", "" for a plain number
    dimension: str = ""  # currency code, "percent", a physical dimension, or "" for a plain number
    base: float | None = None  # value in the dimension's base unit, where one converts
    step: float = 0.0  # the last written digit's place, in the units ``key`` compares (0: exact, a computed value)
    rounded: bool = False  # written as rounded: "about 42.2", "roughly 3.1 million", "3.1 million", "~40"
    decimals: int = 0  # digits written after the decimal separator

    def show(self) -> str:
        v = fmt(self.value)
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
            text += f" (= {fmt(self.base)} {base_unit})"
        return text

    def key(self) -> tuple[str, float]:
        return (self.dimension, self.base if self.base is not None else self.value)


def _decimals(text: str) -> int:
    """Digits written after the decimal separator, read as ``num_value`` reads it:
    '42.2' -> 1, '3,141,592' -> 0, '1.200,50' -> 2, '3,5' -> 1."""
    if "," in text and "." in text:
        sep = "," if text.rfind(",") > text.rfind(".") else "."
    elif "," in text:
        groups = text.split(",")
        if all(len(g) == 3 for g in groups[1:]) and 1 <= len(groups[0]) <= 3:
            return 0
        sep = ","
    elif "." in text:
        sep = "."
    else:
        return 0
    return len(text.rsplit(sep, 1)[1])


def _unit_at(toks: list[Tok], i: int, num: Tok):
    """A unit right after a number: ((unit text, dimension, factor), tokens used) or None."""
    if i >= len(toks):
        return None
    t = toks[i]
    gap_ok = adjacent(num, t) or t.start - num.end <= 1
    hyphen = t.text == "-" and adjacent(num, t) and i + 1 < len(toks) and adjacent(t, toks[i + 1])
    if hyphen:  # 90-day, 5-km
        t, i, gap_ok = toks[i + 1], i + 1, True
    if not gap_ok:
        return None
    if t.text == "°" and i + 1 < len(toks) and toks[i + 1].text in ("C", "F") and adjacent(t, toks[i + 1]):
        return (f"°{toks[i + 1].text}", "temperature", None), 2 + hyphen
    if t.kind == "word" and t.text.lower() in ("degrees", "degree") and i + 1 < len(toks):
        scale = toks[i + 1].text.lower()
        if scale in ("celsius", "c", "centigrade", "fahrenheit", "f"):
            return (f"°{'F' if scale.startswith('f') else 'C'}", "temperature", None), 2 + hyphen
        return None
    if t.kind != "word":
        return None
    unit = UNIT_SYMBOLS.get(t.text) or UNIT_WORDS.get(t.text.lower())
    if not unit:
        return None
    used = 1 + hyphen
    # a rate over time: km/h, m/s
    if i + 2 < len(toks) and toks[i + 1].text == "/" and adjacent(t, toks[i + 1]) and adjacent(toks[i + 1], toks[i + 2]):
        per = UNIT_SYMBOLS.get(toks[i + 2].text)
        if per and per[0] == "time" and unit[0] == "length":
            return (f"{t.text}/{toks[i + 2].text}", "speed", unit[1] / per[1]), used + 2
    return (t.text if t.text in UNIT_SYMBOLS else t.text.lower(), unit[0], unit[1]), used


def quantity_at(toks: list[Tok], i: int, text: str):
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
    if num.kind == "word" and not currency:
        spelled = word_number_at(toks, i)
        return (Quantity(spelled[0]), spelled[1]) if spelled else None
    if num.kind != "num" or (not currency and i > 0 and toks[i - 1].kind == "word" and glued(toks[i - 1], num)):
        return None  # CO2, A4, v2: part of a name
    value = num_value(num.text)
    if value is None:
        return None
    decimals = _decimals(num.text)
    step = 10.0 ** -decimals  # "42.2" is written to 0.1, "3.1 million" to 0.1 million
    rounded = start > 0 and toks[start - 1].text.lower() in APPROX_WORDS
    # a minus sign written against the number, not between two numbers
    prev = toks[start - 1] if start > 0 else None
    if prev and prev.text in ("-", "−") and adjacent(prev, toks[start]) and not (
            start > 1 and toks[start - 2].kind in ("num", "word") and adjacent(toks[start - 2], prev)):
        value = -value
    j = i + 1
    if j < len(toks) and toks[j].kind == "word" and toks[j].text.lower() in ORDINAL_SUFFIXES and adjacent(num, toks[j]):
        return Quantity(value), j + 1 - start  # 21st: an ordinal, a plain number
    if j < len(toks) and toks[j].kind == "word" and toks[j].text.lower() in SCALE_WORDS and toks[j].start - num.end <= 1:
        value *= SCALE_WORDS[toks[j].text.lower()]
        rounded = rounded or step < 1  # "3.1 million" is rounded, "3 million" may be exact
        step *= SCALE_WORDS[toks[j].text.lower()]
        j += 1
    elif currency and j < len(toks) and toks[j].text in SCALE_SUFFIXES and adjacent(num, toks[j]):
        value *= SCALE_SUFFIXES[toks[j].text]
        rounded = rounded or step < 1  # "$2.5M"
        step *= SCALE_SUFFIXES[toks[j].text]
        j += 1
    if j < len(toks) and toks[j].start - toks[j - 1].end <= 1:
        nxt = toks[j]
        if not currency and nxt.kind == "word" and (nxt.text in CURRENCY_CODES or nxt.text.lower() in CURRENCY_WORDS):
            currency = nxt.text if nxt.text in CURRENCY_CODES else CURRENCY_WORDS[nxt.text.lower()]
            j += 1
        elif not currency and (nxt.text == "%" or nxt.text.lower() in ("percent", "pct")):
            return Quantity(value, "%", "percent", step=step, rounded=rounded, decimals=decimals), j + 1 - start
        elif not currency and nxt.text.lower() == "per" and j + 1 < len(toks) and toks[j + 1].text.lower() == "cent":
            return Quantity(value, "%", "percent", step=step, rounded=rounded, decimals=decimals), j + 2 - start
    if currency:
        return Quantity(value, currency, currency, step=step, rounded=rounded, decimals=decimals), j - start
    unit = _unit_at(toks, j, toks[j - 1])
    if unit:
        (name, dimension, factor), used = unit
        if dimension == "temperature":
            base = (value - 32) * 5 / 9 if name == "°F" else value
            factor = 5 / 9 if name == "°F" else 1.0
        else:
            base = value * factor
        return Quantity(value, name, dimension, base, step * factor, rounded, decimals), j + used - start
    if j < len(toks) and toks[j].kind == "word" and glued(toks[j - 1], toks[j]):
        return None  # 4G, 3D: part of a name
    return Quantity(value, step=step, rounded=rounded, decimals=decimals), j - start


def same_quantity(a: Quantity, b: Quantity) -> bool:
    """Equal after unit conversion, within the precision they are written with where that
    counts (``_tolerance``): when one unit was converted to another, or a side is written as
    rounded ("about", "3.1 million").  "about
    42.2 km" is 26.2 miles (42200 m against 42164.8 m, at 0.1 km), "roughly 3.1 million" is
    3,141,592; "43 km" is not 26.2 miles, "$118.28" is not "$118.29", "about 38,560" is not
    38556 (a written zero is a digit), and "36.4" is not a reference's "36".

    >>> from jev_model.checks.values import find
    >>> same_quantity(find("about 42.2 km").quantities[0], find("26.2 miles").quantities[0])
    True
    """
    (da, va), (db, vb) = a.key(), b.key()
    if da != db and da and db:
        return False
    if da != db:  # one side has a unit or currency, the other does not: compare as written
        va, vb = a.value, b.value
    if math.isclose(va, vb, rel_tol=REL_TOL, abs_tol=1e-12):
        return True
    converted = da == db and bool(da) and a.unit != b.unit
    return abs(va - vb) <= _tolerance(a, b, converted, as_written=da != db)


def _tolerance(a: Quantity, b: Quantity, converted: bool, as_written: bool) -> float:
    """Half the written step that counts: when one unit was converted to the other, the finer
    step of the sides written with decimals (neither can be written exactly in the other's
    unit: "42.2 km" is 26.2 miles, "43 km" is not, and "2 km" is not "1 mile"), and a side's
    own when it is written as rounded ("about 42 km" may be 42.16 km, "about 38,560" is still
    not 38556); 0 otherwise, so a reference's "36" is exact."""
    def step(q: Quantity) -> float:  # ``step`` is in the base unit; compared as written, in the written one
        return q.step / (q.base / q.value) if as_written and q.base and q.value else q.step

    steps = [step(q) for q in (a, b) if q.rounded]
    written = [step(q) for q in (a, b) if q.decimals and q.step]
    if converted and written:
        steps.append(min(written))
    widest = max(steps, default=0.0)
    return widest / 2 * (1 + 1e-9) if math.isfinite(widest) else 0.0


def quantity_diff(a: Quantity, b: Quantity) -> str | None:
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
    if fmt(diff) == "1" and unit.endswith("s") and len(unit) > 3:
        unit = unit[:-1]  # 1 day, not 1 days
    return f"differ by {fmt(diff)}{' ' + unit if unit else ''}{rel}"


def quantities_in(toks: list[Tok], text: str) -> list[tuple[int, Quantity, int]]:
    """(token index, quantity, tokens used) for every quantity in a token list."""
    out, i = [], 0
    while i < len(toks):
        q = quantity_at(toks, i, text)
        if q:
            out.append((i, q[0], q[1]))
            i += q[1]
        else:
            i += 1
    return out
