"""Seeded generator of the answer_correctness TEST items (dates, arithmetic, controls).

    python -m tools.datagen.test_items            # rewrites benchmarks/items/answer_correctness.jsonl
    python -m tools.datagen.test_items --check    # exits 1 if the committed file differs

Each item is ``{id, category, subcategory, input, output, expected, gold, why}`` with
``category`` in date | arithmetic | control and ``gold`` the answer_correctness level 0-4:

* 4 - the right answer, possibly in another format ("2026-12-21" vs "December 21, 2026");
* 3 - the right answer with a little extra (correct) detail the reference does not ask for;
* 2 - a multi-part answer with some parts right and an important part missing or wrong;
* 1 - a multi-part answer (three parts) with only one part right;
* 0 - wrong, including close-but-wrong: off by a day, a month, a year, one digit, rounding.

These are benchmark items: the question and answer templates live here only, so that
training generators (written elsewhere, with other phrasings) can dedupe against the
committed file by ``id`` and by ``input``.  The ids are stable for a given seed.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import random
import sys
from pathlib import Path

# the calendar helpers are shared with the training-data generator; the formats and
# templates below are the test items' own
from tools.datagen.answer_correctness import MONTHS, WEEKDAYS, iso, long, plus_months
from tools.datagen.common import TEST_ITEMS_DIR

SEED = 20261202
OUT = TEST_ITEMS_DIR / "answer_correctness.jsonl"


# -- formats -----------------------------------------------------------------------------
def dmy_text(d: dt.date) -> str:
    return f"{d.day} {MONTHS[d.month - 1]} {d.year}"


def short(d: dt.date) -> str:
    return f"{MONTHS[d.month - 1][:3]} {d.day}, {d.year}"


def slashed(d: dt.date) -> str:
    """dd/mm/yyyy when the day cannot be read as a month (day > 12), else unambiguous text."""
    return f"{d.day:02d}/{d.month:02d}/{d.year}" if d.day > 12 else dmy_text(d)


DATE_FORMATS = [iso, long, dmy_text, short, slashed]


def money(x: float) -> str:
    return f"${x:,.2f}"


def item(kind: str, sub: str, n: int, input: str, output: str, expected: str, gold: int, why: str) -> dict:
    return {"id": f"ac-{kind}-{sub}-{n:03d}", "category": kind, "subcategory": sub, "input": input,
            "output": output, "expected": expected, "gold": gold, "why": why}


# -- dates -------------------------------------------------------------------------------
def random_date(rng: random.Random) -> dt.date:
    return dt.date(2024, 1, 1) + dt.timedelta(days=rng.randrange(0, 3 * 365))


def wrong_date(rng: random.Random, right: dt.date) -> tuple[dt.date, str]:
    """A close-but-wrong date and what went wrong."""
    how = rng.choice(["day+", "day-", "month", "month-", "year", "thirty"])
    if how == "day+":
        return right + dt.timedelta(days=1), "off by one day"
    if how == "day-":
        return right - dt.timedelta(days=1), "off by one day"
    if how == "month":
        return plus_months(right, 1), "off by a month"
    if how == "month-":
        return plus_months(right, -1), "off by a month"
    if how == "year":
        return right.replace(year=right.year + 1) if not (right.month == 2 and right.day == 29) \
            else right + dt.timedelta(days=365), "off by a year"
    return right + dt.timedelta(days=rng.choice([2, 3])), "off by a few days (months counted as 30 days)"


def date_answer(rng, right: dt.date, variant: str) -> tuple[str, int, str]:
    """(output, gold, why) for a single-date answer."""
    fmt = rng.choice(DATE_FORMATS)
    if variant == "right":
        return rng.choice(["", "It is ", "That is "]) + fmt(right) + rng.choice(["", "."]), 4, \
            "the right date in another format"
    if variant == "extra":
        return f"{fmt(right)}, which is a {WEEKDAYS[right.weekday()]}.", 3, \
            "the right date plus a correct weekday the reference does not give"
    wrong, how = wrong_date(rng, right)
    return fmt(wrong) + rng.choice(["", "."]), 0, f"close is not right: {how}"


Q_ADD = ["What date is {n} days after {d}?", "Add {n} days to {d}. Which date do you get?",
         "If today is {d}, what is the date in {n} days?"]
Q_SUB = ["What date was {n} days before {d}?", "Subtract {n} days from {d}. What is the date?"]
Q_EXPIRY = ["A key was created on {d} with a {n}-day expiry. When does it expire?",
            "A trial starts on {d} and lasts {n} days. On what date does it end?",
            "A certificate issued on {d} is valid for {n} days. What is its expiry date?"]
Q_BETWEEN = ["How many days are there from {a} to {b}?", "How many days after {a} is {b}?"]
Q_WEEKDAY = ["What day of the week is {d}?", "Which weekday was {d}?"]
Q_DATE_WD = ["What date is {n} days after {d}, and what day of the week is it?"]


def date_items(rng: random.Random) -> list[dict]:
    items = []
    single = ["right", "right", "right", "wrong", "wrong", "wrong", "extra"]
    for sub, templates, sign, count in (("add_days", Q_ADD, 1, 36), ("sub_days", Q_SUB, -1, 18),
                                        ("expiry", Q_EXPIRY, 1, 36)):
        for n in range(count):
            start, days = random_date(rng), rng.choice([7, 10, 14, 21, 30, 45, 60, 90, 100, 120, 180, 365])
            right = start + dt.timedelta(days=sign * days)
            q = rng.choice(templates).format(n=days, d=rng.choice([iso, long])(start))
            out, gold, why = date_answer(rng, right, single[n % len(single)])
            items.append(item("date", sub, n, q, out, iso(right), gold, why))
    for n in range(30):  # days between two dates
        a = random_date(rng)
        k = rng.randrange(5, 400)
        b = a + dt.timedelta(days=k)
        q = rng.choice(Q_BETWEEN).format(a=rng.choice([iso, long])(a), b=rng.choice([iso, long])(b))
        variant = ["right", "right", "wrong", "wrong", "extra", "weeks"][n % 6]
        if variant == "right":
            out, gold, why = rng.choice([f"{k} days", f"{k}", f"There are {k} days."]), 4, "the right count"
        elif variant == "weeks" and k % 7 == 0:
            out, gold, why = f"{k // 7} weeks ({k} days)", 4, "the right count, also given in weeks"
        elif variant == "extra":
            out, gold, why = f"{k} days, counting {iso(a)} as day 0 and {iso(b)} as day {k}.", 3, \
                "the right count with extra detail on how it was counted"
        else:
            off = rng.choice([1, -1, 1, 30, -30, 10])
            out, gold, why = f"{k + off} days", 0, \
                "close is not right: " + ("off by one (inclusive counting)" if abs(off) == 1 else f"off by {abs(off)} days")
        items.append(item("date", "days_between", n, q, out, f"{k} days", gold, why))
    for n in range(24):  # weekdays
        d = random_date(rng)
        right = WEEKDAYS[d.weekday()]
        q = rng.choice(Q_WEEKDAY).format(d=rng.choice([iso, long])(d))
        variant = ["right", "wrong", "right", "wrong", "extra", "wrong"][n % 6]
        if variant == "right":
            out, gold, why = rng.choice([right, f"It is a {right}.", right[:3], right.lower()]), 4, "the right weekday"
        elif variant == "extra":
            out, gold, why = f"{right} (in week {d.isocalendar()[1]} of {d.isocalendar()[0]})", 3, \
                "the right weekday with a correct ISO week number added"
        else:
            wrong = WEEKDAYS[(d.weekday() + rng.choice([1, -1, 2])) % 7]
            out, gold, why = rng.choice([wrong, f"It was a {wrong}."]), 0, "a different weekday (close is not right)"
        items.append(item("date", "weekday", n, q, out, right, gold, why))
    for n in range(24):  # two parts: the date and its weekday
        start, days = random_date(rng), rng.choice([10, 30, 45, 60, 90, 100])
        right = start + dt.timedelta(days=days)
        q = rng.choice(Q_DATE_WD).format(n=days, d=iso(start))
        expected = f"{iso(right)}, {WEEKDAYS[right.weekday()]}"
        fmt = rng.choice(DATE_FORMATS)
        variant = ["both", "date_only", "wrong_weekday", "both_wrong", "both", "weekday_only"][n % 6]
        if variant == "both":
            out, gold, why = f"{fmt(right)}, a {WEEKDAYS[right.weekday()]}", 4, "both parts right"
        elif variant == "date_only":
            out, gold, why = fmt(right), 2, "the date is right but the weekday asked for is missing"
        elif variant == "wrong_weekday":
            out, gold, why = f"{fmt(right)}, a {WEEKDAYS[(right.weekday() + 1) % 7]}", 2, \
                "the date is right but the weekday is wrong"
        elif variant == "weekday_only":
            wrong, how = wrong_date(rng, right)
            out, gold, why = f"{fmt(wrong)}, a {WEEKDAYS[right.weekday()]}", 2, \
                f"the weekday is right but the date is wrong ({how})"
        else:
            wrong, how = wrong_date(rng, right)
            out = f"{fmt(wrong)}, a {WEEKDAYS[wrong.weekday()]}"
            gold, why = 0, f"the date is wrong ({how}) and the weekday with it"
            if wrong.weekday() == right.weekday():
                gold, why = 2, f"the date is wrong ({how}); its weekday happens to be right"
        items.append(item("date", "date_and_weekday", n, q, out, expected, gold, why))
    return items


# -- arithmetic --------------------------------------------------------------------------
def digit_slip(rng: random.Random, value: int) -> int:
    """The value with one digit changed by one (never the same value, never negative)."""
    s = str(value)
    for _ in range(20):
        i = rng.randrange(len(s))
        d = int(s[i]) + rng.choice([1, -1])
        if 0 <= d <= 9 and not (i == 0 and d == 0):
            return int(s[:i] + str(d) + s[i + 1:])
    return value + 10


def with_commas(v: int) -> str:
    return f"{v:,}"


def int_answer(rng, right: int, variant: str, unit: str = "") -> tuple[str, int, str]:
    u = f" {unit}" if unit else ""
    if variant == "right":
        text = rng.choice([str(right), with_commas(right), f"{right}.0" if right < 10**6 else str(right),
                           f"The answer is {with_commas(right)}."])
        return text + u if not text.endswith(".") else text[:-1] + u + ".", 4, "the right value, formatted differently"
    if variant == "extra":
        return None, 3, ""  # filled by the caller, which knows the working
    how = rng.choice(["digit", "digit", "round", "off"])
    if how == "digit":
        return with_commas(digit_slip(rng, right)) + u, 0, "one digit wrong (close is not right)"
    if how == "round" and right >= 100:
        r = round(right, -1) if right % 10 else right + 10
        return f"about {with_commas(int(r))}" + u, 0, "rounded: close is not right"
    off = rng.choice([1, -1, 10, -10])
    return with_commas(right + off) + u, 0, f"off by {abs(off)}"


def arithmetic_items(rng: random.Random) -> list[dict]:
    items = []
    cycle = ["right", "wrong", "right", "wrong", "right", "wrong", "extra"]
    for n in range(30):  # products
        a, b = rng.randrange(12, 99), rng.randrange(12, 999)
        right = a * b
        q = rng.choice(["What is {a} × {b}?", "Multiply {a} by {b}.", "What is {a} times {b}?"]).format(a=a, b=b)
        out, gold, why = int_answer(rng, right, cycle[n % 7])
        if gold == 3:
            out, why = f"{right} ({a} × {b} = {a} × {b // 10 * 10} + {a} × {b % 10})", "the right product with the working shown"
        items.append(item("arithmetic", "product", n, q, out, str(right), gold, why))
    for n in range(30):  # sums
        terms = [rng.randrange(100, 9999) for _ in range(rng.choice([2, 3, 4]))]
        right = sum(terms)
        q = rng.choice(["What is {}?", "Add these: {}.", "Compute {}."]).format(" + ".join(map(str, terms)))
        out, gold, why = int_answer(rng, right, cycle[n % 7])
        if gold == 3:
            out, why = f"{right}, the sum of {len(terms)} numbers", "the right sum with a remark"
        items.append(item("arithmetic", "sum", n, q, out, str(right), gold, why))
    for n in range(30):  # percentages
        p, base = rng.choice([5, 10, 12, 15, 20, 25, 30, 40, 75]), rng.randrange(2, 60) * 20
        right = p * base / 100
        r = f"{right:g}"
        if n % 2 == 0:
            q = rng.choice(["What is {p}% of {b}?", "Compute {p} percent of {b}."]).format(p=p, b=base)
            expected = r
            variant = cycle[n % 7]
            if variant == "right":
                out, gold, why = rng.choice([r, f"{right:.1f}", f"{p}% of {base} is {r}."]), 4, "the right value"
            elif variant == "extra":
                out, gold, why = f"{r} (that is {base} × {p / 100:g})", 3, "the right value with the working shown"
            else:
                wrong = rng.choice([right + 1, right * 10, base * (p + 5) / 100, right - 0.5])
                out, gold, why = f"{wrong:g}", 0, "a different value (close is not right)"
        else:
            q = f"A price of ${base} rises by {p}%. What is the new price?"
            new = base * (1 + p / 100)
            expected = money(new)
            variant = cycle[n % 7]
            if variant == "right":
                out, gold, why = rng.choice([money(new), f"{new:g} dollars", f"USD {new:.2f}"]), 4, \
                    "the right price, formatted differently"
            elif variant == "extra":
                out, gold, why = f"{money(new)} (an increase of {money(right)})", 3, \
                    "the right price plus the increase, which was not asked for"
            else:
                wrong = rng.choice([right, new + 1, base * (1 + (p + 1) / 100)])
                out, gold, why = money(wrong), 0, ("only the increase, not the new price" if wrong == right
                                                    else "a different price (close is not right)")
        items.append(item("arithmetic", "percentage", n, q, out, expected, gold, why))
    for n in range(30):  # money
        k, price, extra = rng.randrange(2, 9), rng.randrange(150, 2500) / 100, rng.randrange(99, 4999) / 100
        cents = k * round(price * 100) + round(extra * 100)
        right = cents / 100
        q = rng.choice(["You buy {k} items at ${p:.2f} each and one at ${e:.2f}. What is the total?",
                        "{k} tickets cost ${p:.2f} each, plus a ${e:.2f} fee. How much in total?"]).format(k=k, p=price, e=extra)
        variant = cycle[n % 7]
        if variant == "right":
            out, gold, why = rng.choice([money(right), f"{right:.2f} dollars", f"USD {right:,.2f}",
                                         f"{right:g} dollars" if cents % 10 == 0 else f"${right:.2f} total"]), 4, \
                "the right total, formatted differently"
        elif variant == "extra":
            out, gold, why = f"{money(right)} ({k} × ${price:.2f} = ${k * price:.2f}, plus ${extra:.2f})", 3, \
                "the right total with the working shown"
        else:
            wrong_c = rng.choice([cents + 1, cents - 1, cents + 100, cents - 10, k * round(price * 100)])
            out, gold, why = money(wrong_c / 100), 0, ("the fee was left out" if wrong_c == k * round(price * 100)
                                                      else "a few cents or a dollar off (close is not right)")
        items.append(item("arithmetic", "money", n, q, out, money(right), gold, why))
    units = [("km", "m", 1000, "How many metres are in {x} km?"), ("kg", "g", 1000, "How many grams are in {x} kg?"),
             ("hour", "minutes", 60, "How many minutes are in {x} hours?"),
             ("L", "mL", 1000, "How many millilitres are in {x} L?"),
             ("inch", "cm", 2.54, "How many centimetres are {x} inches?")]
    for n in range(30):  # unit conversion
        src, dst, factor, template = units[n % len(units)]
        x = rng.choice([0.25, 0.5, 1.5, 2.25, 3.5, 4.75, 6, 12, 15])
        right = round(x * factor, 4)
        r = f"{right:g}"
        q = template.format(x=f"{x:g}")
        variant = cycle[n % 7]
        if variant == "right":
            out, gold, why = rng.choice([f"{r} {dst}", f"{right:,g} {dst}", f"{r}"]), 4, "the right quantity"
        elif variant == "extra":
            out, gold, why = f"{r} {dst}, since 1 {src} is {factor:g} {dst}", 3, \
                "the right quantity with the conversion factor stated"
        else:
            wrong = rng.choice([right * 10, right / 10, round(right) + 1 if factor != 2.54 else round(right, 0)])
            out, gold, why = f"{wrong:g} {dst}", 0, "a wrong factor or rounding (close is not right)"
        items.append(item("arithmetic", "unit_conversion", n, q, out, f"{r} {dst}", gold, why))
    for n in range(48):  # multi-part answers
        if n % 2 == 0:
            w, h = rng.randrange(3, 30), rng.randrange(3, 30)
            parts = [("area", f"{w * h} cm²", f"{w * h + rng.choice([1, -1, 10])} cm²"),
                     ("perimeter", f"{2 * (w + h)} cm", f"{2 * (w + h) + rng.choice([2, -2, 1])} cm")]
            q = f"A rectangle is {w} cm by {h} cm. Give its area and its perimeter."
        else:
            xs = rng.sample(range(2, 40), 3)
            s, p = sum(xs), xs[0] * xs[1] * xs[2]
            parts = [("sum", str(s), str(s + rng.choice([1, -1]))), ("product", str(p), str(digit_slip(rng, p))),
                     ("largest", str(max(xs)), str(sorted(xs)[1]))]
            q = f"For the numbers {xs[0]}, {xs[1]} and {xs[2]}, give the sum, the product and the largest."
        expected = "; ".join(f"{name} {right}" for name, right, _ in parts)
        variant = ["all", "miss_one", "wrong_one", "all_wrong", "all", "one_of_three"][n % 6]
        if variant == "one_of_three" and len(parts) == 2:
            variant = "all_wrong"
        if variant == "all":
            out = ", ".join(f"{name}: {right}" for name, right, _ in parts)
            gold, why = 4, "every part right"
        elif variant == "miss_one":
            out = ", ".join(f"{name}: {right}" for name, right, _ in parts[:-1])
            gold, why = 2, f"the {parts[-1][0]} asked for is missing"
        elif variant == "wrong_one":
            out = ", ".join(f"{name}: {right if i else wrong}" for i, (name, right, wrong) in enumerate(parts))
            gold, why = 2, f"the {parts[0][0]} is wrong, the rest right"
        elif variant == "one_of_three":
            out = ", ".join(f"{name}: {wrong if i < 2 else right}" for i, (name, right, wrong) in enumerate(parts))
            gold, why = 1, "only one of three parts is right"
        else:
            out = ", ".join(f"{name}: {wrong}" for name, right, wrong in parts)
            gold, why = 0, "every part is wrong (each only slightly)"
        items.append(item("arithmetic", "multi_part", n, q, out, expected, gold, why))
    return items


# -- general-knowledge controls ------------------------------------------------------------
FACTS = [  # (question, reference, an equivalent phrasing, a wrong answer)
    ("What is the capital of Australia?", "Canberra", "It's Canberra.", "Sydney"),
    ("What is the capital of Canada?", "Ottawa", "Ottawa, Ontario", "Toronto"),
    ("What is the capital of Japan?", "Tokyo", "Tokyo is the capital.", "Kyoto"),
    ("What is the capital of Brazil?", "Brasília", "Brasilia", "Rio de Janeiro"),
    ("What is the capital of Turkey?", "Ankara", "The capital is Ankara.", "Istanbul"),
    ("Who wrote Pride and Prejudice?", "Jane Austen", "Austen", "Charlotte Brontë"),
    ("Who wrote One Hundred Years of Solitude?", "Gabriel García Márquez", "Gabriel Garcia Marquez", "Jorge Luis Borges"),
    ("Who wrote War and Peace?", "Leo Tolstoy", "Tolstoy (Lev Nikolayevich Tolstoy)", "Fyodor Dostoevsky"),
    ("What is the chemical symbol for gold?", "Au", "Its symbol is Au.", "Ag"),
    ("What is the chemical formula of water?", "H2O", "H₂O", "H2O2"),
    ("What gas do plants take in for photosynthesis?", "Carbon dioxide", "CO2", "Oxygen"),
    ("Which planet is closest to the Sun?", "Mercury", "Mercury is.", "Venus"),
    ("What is the largest ocean on Earth?", "The Pacific Ocean", "Pacific", "The Atlantic Ocean"),
    ("Who painted the Mona Lisa?", "Leonardo da Vinci", "Da Vinci", "Michelangelo"),
    ("What is the atomic number of carbon?", "6", "Six.", "12"),
]
PAIRS = [  # two-part questions for partial answers: (question, part 1, part 2)
    ("Name the capital of Australia and its largest city.", "Canberra", "Sydney"),
    ("Who wrote Hamlet, and in which country was he born?", "William Shakespeare", "England"),
    ("Give the chemical symbols for sodium and potassium.", "Na", "K"),
    ("Which planets are the largest and the smallest in the Solar System?", "Jupiter", "Mercury"),
    ("What are the boiling and freezing points of water in Celsius at sea level?", "100 °C", "0 °C"),
]


def control_items(rng: random.Random) -> list[dict]:
    items = []
    n = 0
    for q, ref, alt, wrong in FACTS:
        for out, gold, why in ((alt, 4, "the same answer in other words"), (wrong, 0, "a wrong answer")):
            items.append(item("control", "fact", n, q, out, ref, gold, why))
            n += 1
    for k, (q, a, b) in enumerate(PAIRS):
        expected = f"{a}; {b}"
        items.append(item("control", "two_part", 2 * k, q, a, expected, 2, "one of the two parts is missing"))
        items.append(item("control", "two_part", 2 * k + 1, q, f"{a} and {b}", expected, 4, "both parts right"))
    return items


def generate(seed: int = SEED) -> list[dict]:
    rng = random.Random(seed)
    items = date_items(rng) + arithmetic_items(rng) + control_items(rng)
    ids = [it["id"] for it in items]
    assert len(ids) == len(set(ids)), "duplicate ids"
    return items


def dumps(items: list[dict]) -> str:
    return "".join(json.dumps(it, ensure_ascii=False) + "\n" for it in items)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--check", action="store_true", help="exit 1 if --out differs from a fresh generation")
    args = ap.parse_args(argv)
    text = dumps(generate(args.seed))
    if args.check:
        same = args.out.exists() and args.out.read_text(encoding="utf-8") == text
        print("up to date" if same else f"{args.out} differs from the generator's output", file=sys.stderr)
        return 0 if same else 1
    args.out.write_text(text, encoding="utf-8")
    items = [json.loads(line) for line in text.splitlines()]
    from collections import Counter

    print(f"wrote {len(items)} items to {args.out}", file=sys.stderr)
    print("by category:", dict(Counter(it["category"] for it in items)), file=sys.stderr)
    print("by gold:", dict(sorted(Counter(it["gold"] for it in items).items())), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
