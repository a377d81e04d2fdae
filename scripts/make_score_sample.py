"""Write a varied answer_correctness dataset for `jev score` (default: 200 items, seeded).

    python scripts/make_score_sample.py                       # -> examples/score_sample.jsonl
    python scripts/make_score_sample.py --n 1000 --out /tmp/big.jsonl

Each line: {"id", "input", "output", "expected", "gold"} where gold is the level (0-4) the
answer deserves by construction: the right answer in other words (4), right with an extra
claim (3), half right (2), mostly wrong (1), wrong or off by a little (0; dates and numbers
that are close but not equal are wrong).  It is a throughput and smoke-test set, not a
benchmark of accuracy.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import random
from pathlib import Path

CAPITALS = [("France", "Paris", "Lyon"), ("Japan", "Tokyo", "Osaka"), ("Australia", "Canberra", "Sydney"),
            ("Canada", "Ottawa", "Toronto"), ("Brazil", "Brasilia", "Rio de Janeiro"), ("Turkey", "Ankara", "Istanbul"),
            ("Switzerland", "Bern", "Zurich"), ("Morocco", "Rabat", "Casablanca"), ("Vietnam", "Hanoi", "Ho Chi Minh City"),
            ("New Zealand", "Wellington", "Auckland"), ("Nigeria", "Abuja", "Lagos"), ("Pakistan", "Islamabad", "Karachi")]
BOOKS = [("Pride and Prejudice", "Jane Austen"), ("1984", "George Orwell"), ("War and Peace", "Leo Tolstoy"),
         ("Moby-Dick", "Herman Melville"), ("The Trial", "Franz Kafka"), ("Beloved", "Toni Morrison"),
         ("Don Quixote", "Miguel de Cervantes"), ("Things Fall Apart", "Chinua Achebe")]


def capital(rng):
    country, city, wrong = rng.choice(CAPITALS)
    q, ref = f"What is the capital of {country}?", city
    return q, ref, rng.choice([
        (f"The capital of {country} is {city}.", 4), (f"{city}", 4),
        (f"{city}, which is also its largest city.", 3) if city not in ("Tokyo", "Paris") else (f"It is {city}.", 4),
        (f"Either {city} or {wrong}, I am not sure.", 2), (f"{wrong}.", 0),
        (f"The capital of {country} is {wrong}, the biggest city.", 0)])


def arithmetic(rng):
    a, b = rng.randint(12, 99), rng.randint(3, 40)
    op, value = rng.choice([("+", a + b), ("-", a - b), ("*", a * b)])
    q = f"What is {a} {op} {b}?"
    return q, str(value), rng.choice([
        (f"{value}", 4), (f"{a} {op} {b} = {value}", 4), (f"{value + rng.choice([-1, 1])}", 0),
        (f"About {round(value, -1)}", 1 if round(value, -1) != value else 4), (f"{value * 10}", 0)])


def expiry(rng):
    start = dt.date(2026, 1, 1) + dt.timedelta(days=rng.randint(0, 300))
    days = rng.choice([30, 60, 90, 180])
    end = start + dt.timedelta(days=days)
    q = f"A key was created on {start.isoformat()} with a {days}-day expiry. When does it expire?"
    off = end - dt.timedelta(days=rng.choice([1, 30, 31]))
    return q, end.isoformat(), rng.choice([
        (f"{end:%B} {end.day}, {end.year}.", 4), (end.isoformat(), 4), (f"{off:%B} {off.day}, {off.year}.", 0),
        (f"On {end.isoformat()}, at midnight UTC.", 3), (f"Sometime in {end:%B} {end.year}.", 2)])


def author(rng):
    book, name = rng.choice(BOOKS)
    other = rng.choice([n for _, n in BOOKS if n != name])
    q = f"Who wrote {book}?"
    return q, name, rng.choice([
        (f"{name}.", 4), (f"It was written by {name}.", 4), (f"{name.split()[-1]}.", 3),
        (f"{other}.", 0), (f"{name} or {other}.", 2), (f"A famous novelist, {other.split()[-1]}.", 0)])


def conversion(rng):
    km = rng.choice([5, 10, 21, 42, 100])
    miles = round(km * 0.621371, 1)
    q = f"How many miles is {km} km, to one decimal?"
    return q, f"{miles} miles", rng.choice([
        (f"{miles} miles", 4), (f"{miles} mi", 4), (f"{round(miles + 0.3, 1)} miles", 0),
        (f"About {round(miles)} miles", 1), (f"{km * 1.6:.1f} miles", 0)])


KINDS = [capital, arithmetic, expiry, author, conversion]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=200)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--out", default=str(Path(__file__).resolve().parent.parent / "examples" / "score_sample.jsonl"))
    args = ap.parse_args()
    rng = random.Random(args.seed)
    with open(args.out, "w", encoding="utf-8") as f:
        for i in range(args.n):
            q, ref, (answer, gold) = KINDS[i % len(KINDS)](rng)
            f.write(json.dumps({"id": f"s{i:04d}", "input": q, "output": answer, "expected": ref, "gold": gold}) + "\n")
    print(args.out)


if __name__ == "__main__":
    main()
