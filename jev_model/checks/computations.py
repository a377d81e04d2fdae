"""Stated computations: what ``input`` states plainly, computed - an arithmetic expression
("17 × 23", "multiply 32 by 282"), "P% of N", a rise or a discount by a percentage, a unit
conversion, a date plus or minus a duration, the days between two dates, the weekday of a
date - and whether the result matches the output and the expected answer.  Written-out
arithmetic is read and computed by ``arithmetic``.
"""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass

from dateutil.relativedelta import relativedelta

from .arithmetic import MAX_MAGNITUDE, expressions, safe_eval
from .dates import WEEKDAY_NAMES, date_at, same_date, time_at
from .lexer import MAX_CHARS, Tok, fmt, lex
from .quantities import UNIT_SYMBOLS, UNIT_WORDS, Quantity, quantities_in, quantity_at, same_quantity
from .values import Found, find

MINUS_WORDS = {"before", "ago", "earlier", "prior", "minus", "subtract", "subtracting"}


def _percent_of(toks: list[Tok], text: str) -> list[tuple[str, Quantity]]:
    """'15% of 240' / '15 percent of $240' -> ('15% of 240', Quantity(36))."""
    out = []
    for i in range(len(toks)):
        q = quantity_at(toks, i, text)
        if not q or q[0].dimension != "percent" or (i > 0 and toks[i - 1].kind == "num"):
            continue
        j = i + q[1]
        if j < len(toks) and toks[j].text.lower() == "of" and j + 1 < len(toks):
            base = quantity_at(toks, j + 1, text)
            if base and base[0].dimension != "percent":
                b = base[0]
                value = q[0].value / 100 * b.value
                factor = b.base / b.value if b.base is not None and b.value and b.dimension != "temperature" else None
                out.append((f"{fmt(q[0].value)}% of {b.show()}",
                            Quantity(value, b.unit, b.dimension, None if factor is None else value * factor)))
    return out


@dataclass
class Computed:
    """One stated computation: what was computed, and whether its result is in each side."""

    written: str  # "17 × 23 = 391"
    in_output: bool
    in_expected: bool
    output_has_values: bool
    expected_has_values: bool

    @property
    def line(self) -> str:
        if self.in_output and self.in_expected:
            how = "matches output and expected"
        elif self.in_expected:
            how = "matches expected, not output" if self.output_has_values else "matches expected"
        elif self.in_output:
            how = "matches output, not expected" if self.expected_has_values else "matches output"
        else:
            how = "matches neither"
        return f"input computes {self.written} ({how})"


def _computed(written: str, value, out_items, exp_items, same) -> Computed:
    return Computed(written, any(same(value, y) for y in out_items), any(same(value, y) for y in exp_items),
                    bool(out_items), bool(exp_items))


def computations(inp: str, out: Found, exp: Found) -> list[Computed]:
    """What the input states plainly, computed, and whether it matches each side (at most 3)."""
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
            lines.append(_computed(f"{full_dates[0].isoformat()} {'-' if sign < 0 else '+'} {count} {unit} = "
                                   f"{result.isoformat()}", result, out.dates, exp.dates, same_date))
    elif len(full_dates) == 2 and not found.durations and words & {"day", "days", "between", "until", "till"}:
        a, b = full_dates
        days = abs((b - a).days)
        q = Quantity(days)
        same = lambda x, y: same_quantity(x, y) or (y.dimension == "time" and y.base == days * 86400)  # noqa: E731
        lines.append(_computed(f"days from {a.isoformat()} to {b.isoformat()} = {days}", q,
                               out.quantities, exp.quantities, same))
    elif len(full_dates) == 1 and not found.durations:
        weekday_of = full_dates[0]
    if weekday_of and ("weekday" in words or ("day" in words and "week" in words)):
        wd = weekday_of.weekday()
        lines.append(_computed(f"weekday of {weekday_of.isoformat()} = {WEEKDAY_NAMES[wd]}", wd,
                               out.weekdays, exp.weekdays, lambda a, b: a == b))
    plain = _without_dates(toks, text)
    stated = _percent_of(toks, text) + _percent_change(plain, text) + _conversions(plain, text)
    stated += _verb_arithmetic(plain, text)
    for written, value in stated:
        lines.append(_computed(f"{written} = {value.show()}", value, out.quantities, exp.quantities,
                               same_quantity))
    for written, code in expressions(plain):
        value = safe_eval(code)
        if value is None:
            continue
        q = Quantity(float(value))
        lines.append(_computed(f"{written} = {fmt(float(value))}", q, out.quantities, exp.quantities,
                               same_quantity))
    return lines[:3]


RISE_WORDS = {"rise", "rises", "rose", "increase", "increases", "increased", "grow", "grows", "grew", "raised",
              "up", "markup", "more"}
FALL_WORDS = {"fall", "falls", "fell", "drop", "drops", "dropped", "decrease", "decreases", "decreased", "reduce",
              "reduced", "cut", "discount", "discounted", "off", "down", "less", "lower", "lowered"}


def _percent_change(toks: list[Tok], text: str) -> list[tuple[str, Quantity]]:
    """'A price of $320 rises by 30%' -> ('USD 320 + 30%', USD 416); a discount subtracts."""
    words = [t.text.lower() for t in toks]
    found = quantities_in(toks, text)
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
            out.append((f"{b.show()} {'+' if sign > 0 else '-'} {fmt(q.value)}%",
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
    unit = UNIT_SYMBOLS.get(t.text) or UNIT_WORDS.get(t.text.lower())
    if not unit or unit[0] in ("calendar", "temperature"):
        return []
    for i, q, _ in quantities_in(toks, text):
        if q.dimension == unit[0] and q.base is not None and i != target - 1:
            name = t.text if t.text in UNIT_SYMBOLS else t.text.lower()
            value = q.base / unit[1]
            return [(f"{q.value if q.value != int(q.value) else int(q.value)} {q.unit} in {name}",
                     Quantity(value, name, unit[0], q.base))]
    return []


def _verb_arithmetic(toks: list[Tok], text: str) -> list[tuple[str, Quantity]]:
    """'Multiply 32 by 282', 'divide 9 by 3', 'add 4 and 5', 'subtract 3 from 10',
    'the sum of 1, 2 and 3', 'the product of 4 and 5': plain numbers only."""
    words = [t.text.lower() for t in toks]
    found = quantities_in(toks, text)
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
            return [(f" {symbol} ".join(fmt(n) for n in nums), Quantity(float(value)))]
    return []


def _without_dates(toks: list[Tok], text: str) -> list[Tok]:
    """The tokens of a text with those that make dates and times replaced by a word, so
    2026-09-22 never reads as a subtraction."""
    out, i = [], 0
    while i < len(toks):
        hit = date_at(toks, i, text) or time_at(toks, i)
        if hit:
            out.append(Tok("word", "DATE", toks[i].start, toks[i + hit[1] - 1].end))
            i += hit[1]
        else:
            out.append(toks[i])
            i += 1
    return out
