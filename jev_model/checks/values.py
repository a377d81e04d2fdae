"""Every value in one text: dates, times, weekdays, quantities and calendar durations,
found by the recognisers in that order (each consumes the tokens it used).

    >>> find("Nov 8, 2025, a Saturday, for $40").quantities[0].show()
    'USD 40'
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from .dates import WEEKDAY_NAMES, WEEKDAYS, date_at, date_diff, is_weekday, same_date, show_date, time_at
from .lexer import MAX_CHARS, lex
from .quantities import DURATION_UNITS, UNIT_SYMBOLS, Quantity, quantity_at, quantity_diff, same_quantity


@dataclass
class Found:
    dates: list  # dt.date, or (month, day) when no year was written
    times: list  # "HH:MM" / "HH:MM:SS"
    weekdays: list  # 0 (Monday) .. 6 (Sunday)
    quantities: list  # Quantity
    durations: list  # (count, "days" | "months" | "years")
    at: list = field(default_factory=list)  # (kind, value, start, end) of each compared value, in order

    def where(self, kind: str, value, same) -> list[tuple[int, int]]:
        """The ``(start, end)`` of each value of ``kind`` ("dates", "times", "weekdays",
        "numbers") that ``same`` calls equal to ``value``."""
        return [(a, b) for k, v, a, b in self.at if k == kind and same(v, value)]

    @property
    def count(self) -> int:
        """How many values were found that are compared (dates, times, weekdays, quantities)."""
        return len(self.dates) + len(self.times) + len(self.weekdays) + len(self.quantities)


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
        if word in WEEKDAYS and is_weekday(toks, i, n_words):
            found.weekdays.append(WEEKDAYS[word])
            found.at.append(("weekdays", WEEKDAYS[word], toks[i].start, toks[i].end))
            i += 1 + (1 if word in ("tue", "thu", "wed", "mon", "fri", "sat", "sun") and i + 1 < len(toks)
                      and toks[i + 1].text == "." else 0)
            continue
        for name, recognise, bucket in (("dates", date_at, found.dates), ("times", time_at, None),
                                        ("numbers", quantity_at, found.quantities)):
            hit = recognise(toks, i, text) if recognise is not time_at else time_at(toks, i)
            if hit:
                value, used = hit
                found.at.append((name, value, toks[i].start, toks[min(i + max(used, 1), len(toks)) - 1].end))
                if recognise is time_at:
                    found.times.append(value)
                else:
                    bucket.append(value)
                    if isinstance(value, Quantity):
                        unit = (value.unit if value.unit in UNIT_SYMBOLS else value.unit.rstrip("s"))
                        if unit in DURATION_UNITS and value.value == int(value.value):
                            kind, mult = DURATION_UNITS[unit]
                            found.durations.append((int(value.value) * mult, kind))
                i += max(used, 1)
                break
        else:
            i += 1
    return found


def _equal(a, b) -> bool:
    return a == b


def kinds(out: Found, exp: Found) -> list[tuple]:
    """(name, output's values, expected's values, show, same, difference) for each kind of
    value compared: the findings and the closing tally read the same list."""
    return [("dates", out.dates, exp.dates, show_date, same_date, date_diff),
            ("times", out.times, exp.times, str, _equal, lambda a, b: None),
            ("weekdays", out.weekdays, exp.weekdays, WEEKDAY_NAMES.__getitem__, _equal, lambda a, b: None),
            ("numbers", out.quantities, exp.quantities, Quantity.show, same_quantity, quantity_diff)]
