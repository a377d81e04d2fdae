"""A larger answer_correctness file for the scale-out benchmark: the benchmark's own held-out
items (answer_correctness, text answers, meaning, gaming) shuffled with a fixed seed, the first N.

    python -m tools.datagen.scale_items --items 2000 --out /tmp/scale_2000.jsonl
    python -m benchmarks.scale --data /tmp/scale_2000.jsonl --items 2000 --actors 1,2
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

ITEMS = Path(__file__).resolve().parents[2] / "benchmarks" / "items"
SOURCES = ("answer_correctness", "text_answers", "meaning", "gaming")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--items", type=int, default=2000)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)
    rows = []
    for name in SOURCES:
        for line in (ITEMS / f"{name}.jsonl").read_text().splitlines():
            it = json.loads(line)
            rows.append({k: it[k] for k in ("id", "input", "output", "expected", "gold")})
    random.Random(0).shuffle(rows)
    args.out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows[: args.items]))
    print(f"{min(args.items, len(rows))} items -> {args.out}")


if __name__ == "__main__":
    main()
