"""Seeded generator of labelled answer_correctness TRAINING items.

    python -m tools.datagen.answer_correctness            # writes data/answer_correctness.jsonl
    python -m tools.datagen.answer_correctness --check    # exits 1 if the committed file differs

Each item is ``{id, category, subcategory, template, input, output, expected, gold, why}``
(``category`` in date | arithmetic | control, ``gold`` the answer_correctness level 0-4),
labelled by the same rules as the benchmark's test items:

* 4 - the right answer, in any format, unit or phrasing ("21.12.2026" for "2026-12-21");
* 3 - the right answer with a little extra correct detail, or a minor omission;
* 2 - a multi-part answer with an important part missing or wrong;
* 1 - a three-part answer with only one part right (mostly wrong);
* 0 - wrong, and close-but-wrong is wrong: a day, a month, a year, a digit, rounding.

The question templates, answer phrasings, date styles, units and facts are deliberately
NOT those of ``tools/datagen/test_items.py`` (the test items); ``jev train`` also drops any
item whose normalised input or (input, output, expected) matches a test item
(``jev_model.fitting.dedupe.dedupe``).  ``template`` names the question template: ``jev train``
holds out whole templates for validation, so early stopping and the temperature are
chosen on phrasings the readout was not fitted on.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import sys
from collections import Counter
from pathlib import Path

from tools.datagen.common import DATA_DIR, dumps, write_or_check

SEED = 8088
OUT = DATA_DIR / "answer_correctness.jsonl"
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December"]
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


# -- date styles (others than the test items' iso/long/dmy/short/slashed where possible) ----
def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def iso(d: dt.date) -> str:
    return d.isoformat()


def us_ordinal(d: dt.date) -> str:
    return f"{MONTHS[d.month - 1]} {ordinal(d.day)}, {d.year}"


def the_of(d: dt.date) -> str:
    return f"the {ordinal(d.day)} of {MONTHS[d.month - 1]} {d.year}"


def dotted(d: dt.date) -> str:  # European dd.mm.yyyy
    return f"{d.day:02d}.{d.month:02d}.{d.year}"


def year_first_slash(d: dt.date) -> str:
    return f"{d.year}/{d.month:02d}/{d.day:02d}"


def abbrev_dot(d: dt.date) -> str:
    return f"{MONTHS[d.month - 1][:3]}. {d.day} {d.year}"


def weekday_long(d: dt.date) -> str:
    return f"{WEEKDAYS[d.weekday()]}, {MONTHS[d.month - 1]} {d.day}, {d.year}"


def long(d: dt.date) -> str:
    return f"{MONTHS[d.month - 1]} {d.day}, {d.year}"


ANSWER_STYLES = [iso, us_ordinal, the_of, dotted, year_first_slash, abbrev_dot, long]
QUESTION_STYLES = [iso, long, us_ordinal, dotted, the_of]
REFERENCE_STYLES = [iso, iso, long, dotted]


def plus_months(d: dt.date, k: int) -> dt.date:
    """The same day k months later (clamped to the month's end)."""
    m = d.month - 1 + k
    y, m = d.year + m // 12, m % 12 + 1
    for day in (d.day, 30, 29, 28):
        try:
            return dt.date(y, m, day)
        except ValueError:
            continue
    raise AssertionError(d)


def some_date(rng: random.Random) -> dt.date:
    return dt.date(2019, 1, 1) + dt.timedelta(days=rng.randrange(0, 11 * 365))


def near_miss(rng: random.Random, right: dt.date) -> tuple[dt.date, str]:
    how = rng.choice(["+1", "-1", "+2", "+7", "month+", "month-", "year-", "year+", "swap"])
    if how == "swap" and right.day <= 12 and right.day != right.month:
        return dt.date(right.year, right.day, right.month), "day and month swapped"
    if how in ("+1", "-1", "+2", "+7"):
        return right + dt.timedelta(days=int(how)), f"off by {abs(int(how))} day(s)"
    if how.startswith("month"):
        return plus_months(right, 1 if how == "month+" else -1), "off by a month"
    if right.month == 2 and right.day == 29:
        return right + dt.timedelta(days=366), "off by a year"
    return right.replace(year=right.year + (1 if how == "year+" else -1)), "off by a year"


class Gen:
    """Collects items; ids are stable for a given seed."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.items: list[dict] = []
        self.counts: Counter = Counter()

    def add(self, category: str, sub: str, template: str, input: str, output: str, expected: str,
            gold: int, why: str) -> None:
        n = self.counts[(category, sub)]
        self.counts[(category, sub)] += 1
        self.items.append({"id": f"tr-{category}-{sub}-{n:04d}", "category": category, "subcategory": sub,
                           "template": f"{category}/{sub}/{template}", "input": input, "output": output,
                           "expected": expected, "gold": gold, "why": why})


LEAD_INS = ["", "", "", "The result is ", "You get ", "It falls on ", "Answer: ", "That would be ", "→ "]
VARIANTS = ["right", "right", "right", "wrong", "wrong", "wrong", "extra", "extra"]


def date_answer(g: Gen, right: dt.date, variant: str, start: dt.date | None = None) -> tuple[str, int, str]:
    rng = g.rng
    fmt = rng.choice(ANSWER_STYLES)
    if variant == "right":
        return rng.choice(LEAD_INS) + fmt(right) + rng.choice(["", ".", ""]), 4, "the right date, another style"
    if variant == "extra":
        extra = rng.choice(["weekday", "weekday2", "start"] if start else ["weekday", "weekday2"])
        if extra == "weekday":
            return weekday_long(right), 3, "the right date with its (correct) weekday added"
        if extra == "weekday2":
            return f"{fmt(right)} (that is a {WEEKDAYS[right.weekday()]})", 3, "the right date plus a correct weekday"
        return f"{fmt(right)}, counting on from {iso(start)}", 3, "the right date plus how it was counted"
    wrong, how = near_miss(rng, right)
    return rng.choice(LEAD_INS) + fmt(wrong) + rng.choice(["", "."]), 0, f"close is not right: {how}"


Q_FORWARD = [
    "Starting from {d}, count forward {n} days. What date is it?",
    "{n} days from {d} is which date?",
    "A parcel ships on {d} and arrives {n} days later. What is the arrival date?",
    "A loan taken out on {d} is due in {n} days. When is it due?",
    "The meeting planned for {d} is pushed back by {n} days. What is the new date?",
    "A subscription begins {d} and runs for {n} days. On which date does it run out?",
]
Q_BACK = [
    "{n} days before {d} was which date?",
    "The report is due on {d}. Work has to start {n} days earlier. Which date is that?",
    "Go back {n} days from {d}. What date do you land on?",
]
Q_WEEKS = ["Which date comes {w} weeks after {d}?", "A sprint of {w} weeks starts on {d}. On what date does the next one start?"]
Q_MONTHS = ["What is the date exactly {m} months after {d}?", "A contract signed on {d} has a {m}-month term. On what date does it end?"]
Q_SPAN = ["Count the days from {a} until {b}.", "How long is it from {a} to {b}, in days?",
          "A project ran from {a} to {b}. How many days is that?"]
Q_DOW = ["On which day of the week did {d} fall?", "{d}: what weekday is that?", "Tell me the weekday of {d}."]
Q_TWO = ["Give the date {n} days after {d}, and the month it falls in.",
         "What date is {n} days after {d}, and is that in the same year?"]
Q_THREE = "Give the weekday of each of these dates: {a}; {b}; {c}."


def date_items(g: Gen) -> None:
    rng = g.rng
    for k in range(70):
        start, n = some_date(rng), rng.choice([3, 5, 9, 11, 15, 20, 25, 28, 31, 40, 50, 75, 80, 150, 200, 250, 300, 500])
        t = rng.randrange(len(Q_FORWARD))
        right = start + dt.timedelta(days=n)
        out, gold, why = date_answer(g, right, VARIANTS[k % len(VARIANTS)], start)
        g.add("date", "forward", str(t), Q_FORWARD[t].format(n=n, d=rng.choice(QUESTION_STYLES)(start)), out,
              rng.choice(REFERENCE_STYLES)(right), gold, why)
    for k in range(28):
        start, n = some_date(rng), rng.choice([2, 4, 6, 12, 18, 22, 35, 42, 64, 95, 110, 130])
        t = rng.randrange(len(Q_BACK))
        right = start - dt.timedelta(days=n)
        out, gold, why = date_answer(g, right, VARIANTS[k % len(VARIANTS)], start)
        g.add("date", "backward", str(t), Q_BACK[t].format(n=n, d=rng.choice(QUESTION_STYLES)(start)), out,
              rng.choice(REFERENCE_STYLES)(right), gold, why)
    for k in range(28):
        start, w = some_date(rng), rng.choice([1, 2, 3, 4, 6, 8, 10, 13])
        t = rng.randrange(len(Q_WEEKS))
        right = start + dt.timedelta(weeks=w)
        out, gold, why = date_answer(g, right, VARIANTS[k % len(VARIANTS)], start)
        g.add("date", "weeks", str(t), Q_WEEKS[t].format(w=w, d=rng.choice(QUESTION_STYLES)(start)), out,
              rng.choice(REFERENCE_STYLES)(right), gold, why)
    for k in range(28):
        start, m = some_date(rng), rng.choice([1, 2, 3, 6, 9, 12, 18, 24])
        start = start.replace(day=min(start.day, 28))  # no month-end clamping ambiguity
        t = rng.randrange(len(Q_MONTHS))
        right = plus_months(start, m)
        out, gold, why = date_answer(g, right, VARIANTS[k % len(VARIANTS)], start)
        g.add("date", "months", str(t), Q_MONTHS[t].format(m=m, d=rng.choice(QUESTION_STYLES)(start)), out,
              rng.choice(REFERENCE_STYLES)(right), gold, why)
    for k in range(28):
        a = some_date(rng)
        n = rng.randrange(3, 700)
        b = a + dt.timedelta(days=n)
        t = rng.randrange(len(Q_SPAN))
        q = Q_SPAN[t].format(a=rng.choice(QUESTION_STYLES)(a), b=rng.choice(QUESTION_STYLES)(b))
        variant = VARIANTS[k % len(VARIANTS)]
        if variant == "right":
            out, gold, why = rng.choice([f"{n}", f"{n} days", f"It is {n} days.", f"{n} days in total",
                                         f"{n} calendar days"]), 4, "the right count"
        elif variant == "extra":
            out, gold, why = rng.choice([f"{n} days, that is about {n / 7:.1f} weeks",
                                         f"{n} days (the start day not counted)"]), 3, \
                "the right count with a remark"
        else:
            off = rng.choice([1, -1, 2, 7, -7, 31, 365 if n > 400 else 5])
            out, gold, why = rng.choice([f"{n + off} days", f"{n + off}"]), 0, f"close is not right: off by {abs(off)}"
        g.add("date", "span", str(t), q, out, rng.choice([f"{n} days", str(n)]), gold, why)
    for k in range(28):
        d = some_date(rng)
        wd = WEEKDAYS[d.weekday()]
        t = rng.randrange(len(Q_DOW))
        q = Q_DOW[t].format(d=rng.choice(QUESTION_STYLES)(d))
        variant = ["right", "wrong", "right", "wrong", "extra", "wrong", "right"][k % 7]
        if variant == "right":
            out, gold, why = rng.choice([wd, f"A {wd}.", f"That was a {wd}.", wd.upper(), f"{wd[:3]}."]), 4, "the right weekday"
        elif variant == "extra":
            out, gold, why = rng.choice([f"{wd}, the {ordinal(d.timetuple().tm_yday)} day of {d.year}",
                                         f"{wd} ({weekday_long(d)})",
                                         f"{wd}, in week {d.isocalendar()[1]} of {d.isocalendar()[0]}"]), 3, \
                "the right weekday with a correct detail"
        else:
            other = WEEKDAYS[(d.weekday() + rng.choice([1, -1, 3, 2])) % 7]
            out, gold, why = rng.choice([other, f"It was a {other}.", f"{other}."]), 0, "another weekday"
        g.add("date", "weekday", str(t), q, out, wd, gold, why)
    for k in range(48):  # two parts: a date and its month or year
        start, n = some_date(rng), rng.choice([12, 26, 33, 48, 70, 140, 400])
        right = start + dt.timedelta(days=n)
        t = rng.randrange(len(Q_TWO))
        q = Q_TWO[t].format(n=n, d=iso(start))
        second = MONTHS[right.month - 1] if t == 0 else ("yes" if right.year == start.year else "no")
        wrong_second = MONTHS[(right.month % 12)] if t == 0 else ("no" if second == "yes" else "yes")
        expected = f"{iso(right)}; {second}"
        fmt = rng.choice(ANSWER_STYLES)
        variant = ["both", "first_only", "second_wrong", "both_wrong", "both", "first_wrong"][k % 6]
        wrong, how = near_miss(rng, right)
        if variant == "both":
            out, gold, why = f"{fmt(right)}; {second}", 4, "both parts right"
        elif variant == "first_only":
            out, gold, why = fmt(right), 2, "the date is right, the second part is missing"
        elif variant == "second_wrong":
            out, gold, why = f"{fmt(right)}; {wrong_second}", 2, "the date is right, the second part wrong"
        elif variant == "first_wrong":
            out, gold, why = f"{fmt(wrong)}; {second}", 2, f"the second part is right, the date wrong ({how})"
        else:
            out, gold, why = f"{fmt(wrong)}; {wrong_second}", 0, f"both parts wrong ({how})"
        g.add("date", "two_part", str(t), q, out, expected, gold, why)
    for k in range(30):  # three weekdays
        ds = [some_date(rng) for _ in range(3)]
        rights = [WEEKDAYS[d.weekday()] for d in ds]
        wrongs = [WEEKDAYS[(d.weekday() + rng.choice([1, 2, -1])) % 7] for d in ds]
        q = Q_THREE.format(a=iso(ds[0]), b=long(ds[1]), c=dotted(ds[2]))
        n_right = [3, 1, 2, 0, 1][k % 5]
        keep = set(rng.sample(range(3), n_right))
        out = ", ".join(rights[i] if i in keep else wrongs[i] for i in range(3))
        gold = {3: 4, 2: 2, 1: 1, 0: 0}[n_right]
        g.add("date", "three_weekdays", "0", q, out, ", ".join(rights), gold, f"{n_right} of 3 weekdays right")


# -- arithmetic ---------------------------------------------------------------------------
def one_digit_off(rng: random.Random, v: int) -> int:
    s = str(v)
    for _ in range(30):
        i = rng.randrange(len(s))
        d = int(s[i]) + rng.choice([1, -1, 2])
        if 0 <= d <= 9 and not (i == 0 and d == 0):
            return int(s[:i] + str(d) + s[i + 1:])
    return v + 100


def num_styles(v: int) -> list[str]:
    return [str(v), f"{v:,}", f"{v:,}".replace(",", " ") if v >= 10000 else str(v), f"{v}.", f"{v} exactly"]


def int_item(g: Gen, sub: str, t: str, q: str, right: int, variant: str, extra: str, unit: str = "") -> None:
    rng = g.rng
    u = f" {unit}" if unit else ""
    if variant == "right":
        out = rng.choice(["", "", "It comes to ", "I get ", "Result: "]) + rng.choice(num_styles(right)) + u
        g.add("arithmetic", sub, t, q, out, f"{right}{u}", 4, "the right value")
    elif variant == "extra":
        g.add("arithmetic", sub, t, q, extra, f"{right}{u}", 3, "the right value with correct working or a remark")
    else:
        how = rng.choice(["digit", "digit", "pm", "approx", "transpose"])
        if how == "digit":
            wrong, why = one_digit_off(rng, right), "one digit off (close is not right)"
        elif how == "transpose" and len(str(right)) >= 3 and str(right)[-1] != str(right)[-2]:
            s = str(right)
            wrong, why = int(s[:-2] + s[-1] + s[-2]), "two digits swapped"
        elif how == "approx" and right > 200:
            wrong, why = round(right, -2) if right % 100 else right + 100, "rounded (close is not right)"
            g.add("arithmetic", sub, t, q, f"roughly {wrong:,}{u}", f"{right}{u}", 0, why)
            return
        else:
            wrong, why = right + rng.choice([1, -1, 2, -100, 1000]), "off by a little (close is not right)"
        g.add("arithmetic", sub, t, q, rng.choice(num_styles(wrong)[:2]) + u, f"{right}{u}", 0, why)


def money(x: float) -> str:
    return f"${x:,.2f}"


def arithmetic_items(g: Gen) -> None:
    rng = g.rng
    t_mul = ["Calculate {a}*{b}.", "What do you get when {a} is multiplied by {b}?", "{a} x {b} = ?"]
    for k in range(28):
        a, b = rng.randrange(6, 150), rng.randrange(11, 1500)
        t = rng.randrange(3)
        int_item(g, "multiply", str(t), t_mul[t].format(a=a, b=b), a * b, VARIANTS[k % len(VARIANTS)],
                 f"{a * b}, because {a} × {b} = {a * b}")
    t_sub = ["What is {a} minus {b}?", "Subtract {b} from {a}.", "How much is {a} - {b}?"]
    for k in range(28):
        a = rng.randrange(500, 99999)
        b = rng.randrange(10, a)
        t = rng.randrange(3)
        int_item(g, "subtract", str(t), t_sub[t].format(a=a, b=b), a - b, VARIANTS[k % len(VARIANTS)],
                 f"{a - b} (check: {a - b} + {b} = {a})")
    t_add = ["Find the total of {xs}.", "Sum up: {xs}", "What do {xs} add up to?"]
    for k in range(28):
        xs = [rng.randrange(10, 5000) for _ in range(rng.choice([2, 3, 5]))]
        t = rng.randrange(3)
        joined = ", ".join(map(str, xs[:-1])) + " and " + str(xs[-1])
        int_item(g, "add", str(t), t_add[t].format(xs=joined), sum(xs), VARIANTS[k % len(VARIANTS)],
                 f"{sum(xs)}, the total of {len(xs)} numbers")
    t_div = ["What is {a} divided by {b}?", "Divide {a} by {b}.", "How many times does {b} go into {a}?"]
    for k in range(14):
        b, c = rng.randrange(3, 60), rng.randrange(4, 400)
        a = b * c
        t = rng.randrange(3)
        int_item(g, "divide", str(t), t_div[t].format(a=a, b=b), c, VARIANTS[k % len(VARIANTS)],
                 f"{c}, with no remainder")
    for k in range(28):  # discounts and tips: money answers
        t = k % 2
        p = rng.choice([10, 15, 20, 25, 30, 35, 50])
        base = rng.randrange(8, 400)
        if t == 0:
            q = f"A ${base} jacket is {p}% off. What is the sale price?"
            right = base * (100 - p) / 100
            trap = base * p / 100  # the discount itself, not the price
        else:
            q = f"Dinner costs ${base}. With a {p}% tip added, what is the total?"
            right = base * (100 + p) / 100
            trap = base * p / 100
        variant = VARIANTS[k % len(VARIANTS)]
        if variant == "right":
            out, gold, why = rng.choice([money(right), f"{right:.2f} dollars", f"US${right:.2f}", f"${right:g}"]), 4, \
                "the right amount"
        elif variant == "extra":
            out, gold, why = f"{money(right)} ({'saving' if t == 0 else 'tip of'} {money(trap)})", 3, \
                "the right amount plus a correct detail"
        else:
            wrong = rng.choice([trap, right + 1, right - 0.5, right + 10])
            out, gold, why = money(wrong), 0, "a different amount (close is not right)"
        g.add("arithmetic", "percent_money", str(t), q, out, money(right), gold, why)
    conv = [("m", "cm", 100, "Convert {x} metres to centimetres."), ("min", "s", 60, "{x} minutes is how many seconds?"),
            ("day", "h", 24, "How many hours are there in {x} days?"), ("t", "kg", 1000, "Express {x} tonnes in kilograms."),
            ("yd", "ft", 3, "How many feet make {x} yards?"), ("ft", "in", 12, "How many inches are in {x} feet?"),
            ("cm", "mm", 10, "Turn {x} cm into millimetres.")]
    names = {"cm": "centimetres", "s": "seconds", "h": "hours", "kg": "kilograms", "ft": "feet", "in": "inches",
             "mm": "millimetres"}
    for k in range(42):
        t = k % len(conv)
        src, dst, f, template = conv[t]
        x = rng.choice([2, 3, 5, 7, 8, 11, 1.5, 2.5, 0.75, 4.5, 9, 20])
        right = x * f
        r = f"{right:g}"
        q = template.format(x=f"{x:g}")
        variant = VARIANTS[k % len(VARIANTS)]
        if variant == "right":
            out, gold, why = rng.choice([f"{r} {dst}", f"{r} {names[dst]}", r, f"It is {r} {names[dst]}."]), 4, \
                "the right quantity"
        elif variant == "extra":
            out, gold, why = f"{r} {names[dst]} ({x:g} × {f})", 3, "the right quantity with the factor shown"
        else:
            wrong = rng.choice([right + f, right - f, right * 10, x * (f + 1)])
            out, gold, why = f"{wrong:g} {names[dst]}", 0, "a wrong quantity (close is not right)"
        g.add("arithmetic", "convert", str(t), q, out, f"{r} {dst}", gold, why)
    for k in range(60):  # multi-part
        t = k % 3
        if t == 0:
            s = rng.randrange(2, 40)
            parts = [("area", f"{s * s} m²", f"{s * s + rng.choice([1, s, -2])} m²"),
                     ("perimeter", f"{4 * s} m", f"{4 * s + rng.choice([2, -4, 1])} m")]
            q = f"A square has sides of {s} m. What are its area and its perimeter?"
        elif t == 1:
            a, b = rng.randrange(20, 999), rng.randrange(2, 19)
            parts = [("sum", str(a + b), str(a + b + 1)), ("difference", str(a - b), str(a - b - 1))]
            q = f"For {a} and {b}, state their sum and their difference."
        else:
            xs = rng.sample(range(1, 60), 3)
            parts = [("smallest", str(min(xs)), str(sorted(xs)[1])), ("largest", str(max(xs)), str(sorted(xs)[1])),
                     ("total", str(sum(xs)), str(sum(xs) + rng.choice([1, -1, 10])))]
            q = f"Among {xs[0]}, {xs[1]} and {xs[2]}, which is smallest, which is largest, and what is their total?"
        expected = ", ".join(f"{n} = {r}" for n, r, _ in parts)
        variants = ["all", "drop_last", "one_wrong", "none", "all", "one_right"]
        variant = variants[k % 6]
        if variant == "one_right" and len(parts) == 2:
            variant = "none"
        if variant == "all":
            out, gold, why = "; ".join(f"{n} {r}" for n, r, _ in parts), 4, "all parts right"
        elif variant == "drop_last":
            out, gold, why = "; ".join(f"{n} {r}" for n, r, _ in parts[:-1]), 2, "a part asked for is missing"
        elif variant == "one_wrong":
            i = rng.randrange(len(parts))
            out = "; ".join(f"{n} {w if j == i else r}" for j, (n, r, w) in enumerate(parts))
            gold, why = 2, "one part wrong, the rest right"
        elif variant == "one_right":
            i = rng.randrange(3)
            out = "; ".join(f"{n} {r if j == i else w}" for j, (n, r, w) in enumerate(parts))
            gold, why = 1, "only one of three parts right"
        else:
            out, gold, why = "; ".join(f"{n} {w}" for n, _, w in parts), 0, "every part slightly wrong"
        g.add("arithmetic", "multi_part", str(t), q, out, expected, gold, why)


# -- more kinds: two-part date answers, multi-part quantities, extras, percentages, units ------
Q_DATE_DOW = [
    "Which date is {n} days later than {d}, and which weekday will that be?",
    "Count {n} days on from {d}. Give the date and its day of the week.",
    "{n} days before {d}: which date was it, and what weekday?",
    "An order placed on {d} is delivered {n} days later. On what date, and on which weekday?",
]
DOW_EXTRAS = ["day {yday} of the year", "in week {week}"]


def date_weekday_items(g: Gen, count: int) -> None:
    """Two parts asked for: a date and its weekday (the levels: 4 both, 3 both plus a
    correct detail, 2 one part missing or wrong, 0 both wrong)."""
    rng = g.rng
    kinds = ["both", "date_only", "weekday_wrong", "date_wrong", "both_wrong", "both", "extra"]
    for k in range(count):
        start, n = some_date(rng), rng.choice([6, 10, 13, 19, 27, 45, 61, 88, 120, 175, 222])
        t = rng.randrange(len(Q_DATE_DOW))
        right = start - dt.timedelta(days=n) if t == 2 else start + dt.timedelta(days=n)
        q = Q_DATE_DOW[t].format(n=n, d=rng.choice(QUESTION_STYLES)(start))
        wd = WEEKDAYS[right.weekday()]
        expected = rng.choice([f"{iso(right)}; {wd}", f"{wd}, {iso(right)}", f"{long(right)} ({wd})"])
        fmt = rng.choice(ANSWER_STYLES)
        wrong, how = near_miss(rng, right)
        other_wd = WEEKDAYS[(right.weekday() + rng.choice([1, 2, -1, 3])) % 7]
        kind = kinds[k % len(kinds)]
        if kind == "both":
            out, gold, why = rng.choice([f"{fmt(right)}, a {wd}", f"{wd} {fmt(right)}", f"{fmt(right)} - {wd}"]), 4, \
                "both parts right"
        elif kind == "extra":
            detail = rng.choice(DOW_EXTRAS).format(yday=right.timetuple().tm_yday, week=right.isocalendar()[1])
            out, gold, why = f"{fmt(right)}, a {wd}, {detail}", 3, "both parts right plus a correct detail"
        elif kind == "date_only":
            out, gold, why = fmt(right), 2, "the date is right, the weekday asked for is missing"
        elif kind == "weekday_wrong":
            out, gold, why = f"{fmt(right)}, a {other_wd}", 2, "the date is right, the weekday wrong"
        elif kind == "date_wrong":
            out, gold, why = f"{fmt(wrong)}, a {wd}", 2, f"the weekday is right, the date wrong ({how})"
        else:
            out, gold, why = f"{fmt(wrong)}, a {WEEKDAYS[wrong.weekday()]}", 0, f"both parts wrong ({how})"
        g.add("date", "date_weekday", str(t), q, out, expected, gold, why)


SHAPES = [  # (question, [(name, unit, value fn)])
    ("A plot of land measures {a} m by {b} m. Give its area and the length of its fence.",
     [("area", "m²", lambda a, b: a * b), ("fence", "m", lambda a, b: 2 * (a + b))]),
    ("A tile is {a} mm long and {b} mm wide. What are its area and its perimeter?",
     [("area", "mm²", lambda a, b: a * b), ("perimeter", "mm", lambda a, b: 2 * (a + b))]),
    ("A box has a square base of side {a} cm and a height of {b} cm. State its volume and its base area.",
     [("volume", "cm³", lambda a, b: a * a * b), ("base area", "cm²", lambda a, b: a * a)]),
    ("Two numbers, {a} and {b}: give their product, their sum and the bigger one.",
     [("product", "", lambda a, b: a * b), ("sum", "", lambda a, b: a + b), ("bigger", "", max)]),
    ("For the pair {a} and {b}, what are the sum, the difference and the product?",
     [("sum", "", lambda a, b: a + b), ("difference", "", lambda a, b: abs(a - b)), ("product", "", lambda a, b: a * b)]),
]


def shape_items(g: Gen, count: int) -> None:
    """Multi-part quantity answers: all right (4), a part missing or wrong (2), one of three
    right (1), all wrong (0), all right with the working (3)."""
    rng = g.rng
    kinds = ["all", "one_wrong", "missing", "none", "all", "one_right", "working"]
    for k in range(count):
        t = rng.randrange(len(SHAPES))
        template, parts = SHAPES[t]
        a, b = rng.randrange(3, 60), rng.randrange(3, 60)
        if a == b:
            b += 1
        q = template.format(a=a, b=b)
        vals = [(name, unit, f(a, b)) for name, unit, f in parts]
        show = lambda v, u: f"{v:,}{' ' + u if u else ''}"  # noqa: E731
        slip = lambda v: v + rng.choice([1, -1, 2, 10, -10])  # noqa: E731
        expected = rng.choice(["; ", ", "]).join(f"{n} {show(v, u)}" for n, u, v in vals)
        kind = kinds[k % len(kinds)]
        if kind == "one_right" and len(vals) < 3:
            kind = "none"
        if kind in ("all", "working"):
            out = ", ".join(f"{n}: {show(v, u)}" for n, u, v in vals)
            gold, why = 4, "all parts right"
            if kind == "working":
                out += f" (from {a} and {b})"
                gold, why = 3, "all parts right, with the numbers it started from"
        elif kind == "one_wrong":
            i = rng.randrange(len(vals))
            out = ", ".join(f"{n}: {show(slip(v) if j == i else v, u)}" for j, (n, u, v) in enumerate(vals))
            gold, why = 2, "one part slightly wrong, the rest right"
        elif kind == "missing":
            keep = rng.sample(range(len(vals)), len(vals) - 1)
            out = ", ".join(f"{n}: {show(v, u)}" for j, (n, u, v) in enumerate(vals) if j in keep)
            gold, why = 2, "one part asked for is missing"
        elif kind == "one_right":
            i = rng.randrange(len(vals))
            out = ", ".join(f"{n}: {show(v if j == i else slip(v), u)}" for j, (n, u, v) in enumerate(vals))
            gold, why = 1, "only one of three parts right"
        else:
            out = ", ".join(f"{n}: {show(slip(v), u)}" for n, u, v in vals)
            gold, why = 0, "every part slightly wrong"
        g.add("arithmetic", "shape", str(t), q, out, expected, gold, why)


Q_PCT = ["Work out {p}% of {n}.", "How much is {p} per cent of {n}?", "Find {p} percent of {n}.",
         "{n} grows by {p}%. What is the new value?", "Reduce {n} by {p}%. What do you get?"]


def percent_items(g: Gen, count: int) -> None:
    rng = g.rng
    for k in range(count):
        t = rng.randrange(len(Q_PCT))
        p = rng.choice([5, 10, 12, 15, 20, 25, 40, 60, 75])
        n = rng.randrange(2, 90) * 20
        part = n * p / 100
        right = part if t <= 2 else n + part if t == 3 else n - part
        r = f"{right:g}"
        variant = VARIANTS[k % len(VARIANTS)]
        if variant == "right":
            out, gold, why = rng.choice([r, f"{r}.", f"It is {r}.", f"{right:.2f}", f"= {r}"]), 4, "the right value"
        elif variant == "extra":
            if t <= 2:
                out = f"{r} (since {n} × {p}/100 = {r})"
            else:
                out = f"{r}, a change of {part:g}"
            gold, why = 3, "the right value with the working"
        else:
            wrong = rng.choice([right + 1, right - 2, part if t > 2 else n * (p + 5) / 100, right * 10])
            out, gold, why = f"{wrong:g}", 0, "a different value (close is not right)"
        g.add("arithmetic", "percent", str(t), Q_PCT[t].format(p=p, n=n), out, r, gold, why)


CONVERSIONS = [  # (question template, target symbol, target name, factor)
    ("Convert {x} km to metres.", "m", "metres", 1000),
    ("What is {x} kg expressed in grams?", "g", "grams", 1000),
    ("{x} h equals how many minutes?", "min", "minutes", 60),
    ("Give {x} litres in millilitres.", "ml", "millilitres", 1000),
    ("What length in centimetres is {x} inches?", "cm", "centimetres", 2.54),
    ("How many seconds are there in {x} hours?", "s", "seconds", 3600),
]


def conversion_items(g: Gen, count: int) -> None:
    rng = g.rng
    for k in range(count):
        t = rng.randrange(len(CONVERSIONS))
        template, sym, name, f = CONVERSIONS[t]
        x = rng.choice([0.4, 1.2, 2, 3.25, 4, 6.5, 7, 12, 15, 0.05, 2.75, 9.5])
        right = round(x * f, 6)
        r = f"{right:g}"
        variant = VARIANTS[k % len(VARIANTS)]
        if variant == "right":
            out, gold, why = rng.choice([f"{r} {sym}", f"{r} {name}", f"{right:,g} {sym}", f"About {r} {name}.",
                                         f"That's {r} {sym}."]), 4, "the right quantity"
        elif variant == "extra":
            out, gold, why = f"{r} {sym}: {x:g} times {f:g}", 3, "the right quantity with the factor"
        else:
            wrong = rng.choice([right * 10, right / 10, right + f, round(x * (f + 1), 6), right + 1])
            out, gold, why = f"{wrong:g} {sym}", 0, "a wrong quantity (close is not right)"
        g.add("arithmetic", "convert2", str(t), template.format(x=f"{x:g}"), out, f"{r} {sym}", gold, why)


def bill_items(g: Gen, count: int) -> None:
    """Money totals: prices and a charge added up (the working shown is level 3)."""
    rng = g.rng
    templates = ["A basket holds items at {xs} plus {fee} delivery. What is the total to pay?",
                 "Tickets cost {xs}; a booking charge of {fee} is added. What is the bill?",
                 "I bought things for {xs} and paid {fee} postage. How much did I spend?"]
    for k in range(count):
        xs = [round(rng.randrange(100, 9000) / 100, 2) for _ in range(rng.choice([2, 3]))]
        fee = round(rng.choice([2.5, 3.99, 4.5, 5, 1.25, 6.75]), 2)
        total = round(sum(xs) + fee, 2)
        t = rng.randrange(len(templates))
        q = templates[t].format(xs=", ".join(money(x) for x in xs), fee=money(fee))
        variant = VARIANTS[k % len(VARIANTS)]
        if variant == "right":
            out, gold, why = rng.choice([money(total), f"{total:.2f} dollars", f"USD {total:.2f}", f"${total:.2f} in all"]), 4, \
                "the right total"
        elif variant == "extra":
            out, gold, why = f"{money(total)} = {' + '.join(money(x) for x in xs)} + {money(fee)}", 3, \
                "the right total with the working"
        else:
            wrong = rng.choice([round(total - fee, 2), round(total + 0.01, 2), round(total - 1, 2), round(total + 0.1, 2)])
            out, gold, why = money(wrong), 0, "a different total (close is not right)"
        g.add("arithmetic", "bill", str(t), q, out, money(total), gold, why)


# -- general knowledge (facts other than the test items') -----------------------------------
# (question, reference, equivalent answers, a plausible wrong answer, a correct extra detail)
FACTS = [
    ("Which city is the capital of Germany?", "Berlin", ["It's Berlin.", "berlin"], "Munich", "Berlin, on the Spree"),
    ("Name the capital city of Kenya.", "Nairobi", ["Nairobi is the capital."], "Mombasa", "Nairobi, its largest city too"),
    ("Which city is the capital of Switzerland?", "Bern", ["Berne"], "Zurich", "Bern (the federal city)"),
    ("What is New Zealand's capital?", "Wellington", ["Wellington, NZ"], "Auckland", "Wellington, on the North Island"),
    ("Which city is the capital of Nigeria?", "Abuja", ["The capital is Abuja."], "Lagos", "Abuja, since 1991"),
    ("What is the capital of Morocco?", "Rabat", ["Rabat is."], "Casablanca", "Rabat, on the Atlantic coast"),
    ("Which city is Vietnam's capital?", "Hanoi", ["Ha Noi"], "Ho Chi Minh City", "Hanoi, in the north"),
    ("Name the capital of Pakistan.", "Islamabad", ["It is Islamabad."], "Karachi", "Islamabad, a planned city"),
    ("What is the capital of Egypt?", "Cairo", ["Cairo, of course."], "Alexandria", "Cairo, on the Nile"),
    ("Which city is the capital of Spain?", "Madrid", ["madrid"], "Barcelona", "Madrid, in the centre of the country"),
    ("Who is the author of Nineteen Eighty-Four?", "George Orwell", ["Orwell", "Eric Blair, writing as George Orwell"],
     "Aldous Huxley", "George Orwell, in 1949"),
    ("Who wrote Moby-Dick?", "Herman Melville", ["Melville"], "Mark Twain", "Herman Melville, published in 1851"),
    ("Who wrote Don Quixote?", "Miguel de Cervantes", ["Cervantes"], "Lope de Vega", "Miguel de Cervantes, a Spaniard"),
    ("Who wrote Frankenstein?", "Mary Shelley", ["Mary Wollstonecraft Shelley"], "Percy Bysshe Shelley",
     "Mary Shelley, in 1818"),
    ("Which epic poem tells of Odysseus' journey home, and who is said to have composed it?", "The Odyssey, by Homer",
     ["Homer's Odyssey"], "The Aeneid, by Virgil", "The Odyssey, attributed to Homer, in Greek"),
    ("What is the chemical symbol for iron?", "Fe", ["Its symbol is Fe."], "Ir", "Fe, from the Latin ferrum"),
    ("What is the chemical symbol for silver?", "Ag", ["Ag (argentum)"], "Si", "Ag, atomic number 47"),
    ("How many sides does a hexagon have?", "6", ["six", "Six sides."], "8", "6, all equal in a regular hexagon"),
    ("What is the smallest prime number?", "2", ["two", "The number 2."], "1", "2, the only even prime"),
    ("What is the square root of 144?", "12", ["twelve"], "14", "12, since 12 × 12 = 144"),
    ("Who developed the theory of general relativity?", "Albert Einstein", ["Einstein"], "Isaac Newton",
     "Albert Einstein, in 1915"),
    ("Who was the first person to walk on the Moon?", "Neil Armstrong", ["Armstrong"], "Buzz Aldrin",
     "Neil Armstrong, in July 1969"),
    ("In which year did the Second World War end?", "1945", ["In 1945."], "1944", "1945, in September"),
    ("In which year did the Berlin Wall fall?", "1989", ["It fell in 1989."], "1991", "1989, on 9 November"),
    ("In which year did the French Revolution begin?", "1789", ["1789."], "1799", "1789, with the storming of the Bastille"),
    ("What is the currency of Japan?", "The yen", ["Yen", "Japanese yen (JPY)"], "The won", "The yen, code JPY"),
    ("What is the official currency of the United Kingdom?", "Pound sterling", ["The pound", "GBP"], "The euro",
     "Pound sterling, made of 100 pence"),
    ("What is the highest mountain above sea level?", "Mount Everest", ["Everest"], "K2", "Mount Everest, about 8,849 m"),
    ("What is the main language spoken in Brazil?", "Portuguese", ["Brazilian Portuguese"], "Spanish",
     "Portuguese, the official language"),
    ("Who painted The Starry Night?", "Vincent van Gogh", ["Van Gogh"], "Claude Monet", "Vincent van Gogh, in 1889"),
    ("Who composed the Fifth Symphony that opens da-da-da-dum?", "Ludwig van Beethoven", ["Beethoven"],
     "Wolfgang Amadeus Mozart", "Beethoven, in C minor"),
    ("Which organelle produces most of a cell's ATP?", "The mitochondrion", ["Mitochondria"], "The ribosome",
     "The mitochondrion, by cellular respiration"),
    ("What is the hardest natural mineral?", "Diamond", ["diamond"], "Quartz", "Diamond, 10 on the Mohs scale"),
    ("Which blood cells carry oxygen around the body?", "Red blood cells", ["Erythrocytes"], "White blood cells",
     "Red blood cells, using haemoglobin"),
    ("Who proposed evolution by natural selection in On the Origin of Species?", "Charles Darwin", ["Darwin"],
     "Jean-Baptiste Lamarck", "Charles Darwin, in 1859"),
    ("How many legs does a spider have?", "8", ["eight", "Eight legs."], "6", "8, as all arachnids do"),
    ("Which planet is known as the Red Planet?", "Mars", ["Mars."], "Jupiter", "Mars, fourth from the Sun"),
    ("What is the largest hot desert in the world?", "The Sahara", ["Sahara"], "The Gobi", "The Sahara, in North Africa"),
    ("What is the atomic number of oxygen?", "8", ["Eight."], "16", "8, with 8 protons"),
    ("Which element has the symbol K?", "Potassium", ["potassium"], "Krypton", "Potassium, an alkali metal"),
]
TRIPLES = [  # three-part questions: (question, [three parts], [three plausible wrong parts])
    ("Name the capitals of France, Italy and Portugal.", ["Paris", "Rome", "Lisbon"], ["Lyon", "Milan", "Porto"]),
    ("Who wrote Hamlet, Faust and The Divine Comedy?", ["Shakespeare", "Goethe", "Dante"], ["Marlowe", "Schiller", "Petrarch"]),
    ("Give the chemical symbols of gold, lead and tin.", ["Au", "Pb", "Sn"], ["Ag", "Ld", "Ti"]),
    ("Which are the first three planets from the Sun?", ["Mercury", "Venus", "Earth"], ["Mars", "Earth", "Venus"]),
    ("In which years did the First World War begin, the Titanic sink and the Moon landing happen?",
     ["1914", "1912", "1969"], ["1915", "1911", "1968"]),
    ("Name the largest planet, the largest ocean and the largest continent.", ["Jupiter", "Pacific", "Asia"],
     ["Saturn", "Atlantic", "Africa"]),
]


def control_items(g: Gen) -> None:
    rng = g.rng
    for i, (q, ref, alts, wrong, extra) in enumerate(FACTS):
        t = str(i % 5)
        g.add("control", "fact", t, q, rng.choice(alts + [ref]), ref, 4, "the same answer in other words")
        g.add("control", "fact", t, q, rng.choice([wrong, f"I think {wrong}.", f"{wrong}, I believe"]), ref, 0,
              "a plausible wrong answer")
        g.add("control", "fact", t, q, extra, ref, 3, "the right answer with a correct extra detail")
    for i, (q, rights, wrongs) in enumerate(TRIPLES):
        t = str(i % 3)
        expected = ", ".join(rights)
        for n_right, gold, why in ((3, 4, "all three right"), (2, 2, "one of three wrong"), (1, 1, "only one of three right"),
                                   (0, 0, "all three wrong")):
            keep = set(rng.sample(range(3), n_right))
            out = ", ".join(rights[j] if j in keep else wrongs[j] for j in range(3))
            g.add("control", "three_part", t, q, out, expected, gold, why)
        g.add("control", "three_part", t, q, ", ".join(rights[:2]), expected, 2, "one of three missing")
        g.add("control", "three_part", t, q, rights[0], expected, 1, "two of three missing")


def generate(seed: int = SEED) -> list[dict]:
    g = Gen(seed)
    date_items(g)
    arithmetic_items(g)
    date_weekday_items(g, 112)
    shape_items(g, 140)
    percent_items(g, 80)
    conversion_items(g, 80)
    bill_items(g, 64)
    control_items(g)
    return g.items


def summary(items: list[dict]) -> list[str]:
    """The counts printed under the written file."""
    return [f"by category: {dict(Counter(it['category'] for it in items))}",
            f"by gold: {dict(sorted(Counter(it['gold'] for it in items).items()))}"]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--check", action="store_true", help="exit 1 if --out differs from a fresh generation")
    args = ap.parse_args(argv)
    return write_or_check({args.out: dumps(generate(args.seed))}, args.check, summary=summary)


if __name__ == "__main__":
    sys.exit(main())
