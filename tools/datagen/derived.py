"""Labelled items for factuality and the Strands reference mode, derived from the
answer_correctness items by rules that follow from how each item was made.

    python -m tools.datagen.derived            # writes data/{factuality,correctness_reference}.jsonl
                                               #    (from answer_correctness.jsonl and text_answers.jsonl), and the
                                               #    test files benchmarks/items/[text_answers_]{factuality,...}.jsonl
                                                #    and benchmarks/items/{factuality,correctness_reference}.jsonl
    python -m tools.datagen.derived --check    # exits 1 if a committed file differs

Every answer_correctness item (training or test) was written as one of a few kinds of
answer, named in its ``why``; the kind decides the other evaluators' labels honestly:

| answer_correctness item                          | factuality            | correctness_reference |
|--------------------------------------------------|-----------------------|-----------------------|
| 4: the right answer, another format or phrasing  | C same details        | CORRECT               |
| 3: the right answer plus a correct extra detail  | B superset            | CORRECT               |
| 2 or 1: a part asked for is missing (why says    | A subset              | INCORRECT             |
|    "missing"), the rest right                    |                       |                       |
| 2 or 1: a part is wrong                          | D disagreement        | INCORRECT             |
| 0: wrong (close is not right)                    | D disagreement        | INCORRECT             |

Factuality's E ("differ, but not in factuality") is not used: a right answer in another
format is labelled C, the same details, so the two options worth 1.0 are never split by
chance.  The Strands basic mode (``correctness``: input and output, no reference) gets no
data here: without a reference the computed checks have nothing to compare, and a readout
would learn the label priors rather than a judgement.

Derived test items go to ``benchmarks/items/`` beside the answer_correctness ones, so
``jev train --evaluator factuality`` drops training items that match them and
``python -m benchmarks.readouts.readout_eval --evaluator factuality`` measures on them.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from jev_model.fitting.dedupe import load_jsonl
from tools.datagen.common import DATA_DIR as TRAINING_DIR
from tools.datagen.common import TEST_ITEMS_DIR, dumps, write_or_check

EVALUATORS = ("factuality", "correctness_reference")


def factuality_gold(item: dict) -> str:
    """The factuality option (its token) of an answer_correctness item."""
    gold, why = int(item["gold"]), str(item.get("why", ""))
    if gold == 4:
        return "C"
    if gold == 3:
        return "B"
    if gold in (1, 2) and "missing" in why and "wrong" not in why:
        return "A"
    return "D"


def correctness_reference_gold(item: dict) -> str:
    """The Strands reference-mode verdict (its token): A INCORRECT, B CORRECT."""
    return "B" if int(item["gold"]) >= 3 else "A"


def derive(items: list[dict], evaluator: str) -> list[dict]:
    """The items relabelled for ``evaluator`` (ids prefixed, the source's level kept as
    ``answer_correctness_gold``)."""
    out = []
    for it in items:
        new = {k: it[k] for k in ("id", "category", "subcategory", "split", "template", "input", "output") if k in it}
        new["id"] = f"{evaluator}:{it['id']}"
        if evaluator == "factuality":
            new["expected"], new["gold"] = it["expected"], factuality_gold(it)
        elif evaluator == "correctness_reference":
            new["expected_assertion"], new["gold"] = it["expected"], correctness_reference_gold(it)
        else:
            raise ValueError(f"no derivation for {evaluator!r} (one of {', '.join(EVALUATORS)})")
        new["answer_correctness_gold"], new["why"] = it["gold"], it.get("why", "")
        out.append(new)
    return out


def outputs() -> dict[Path, str]:
    """Every derived file and its content.  Training: the answer_correctness items and then
    the text-answer items (tools/datagen/text_answers.py) in one file per evaluator; test:
    the benchmark's items, and the held-out text-answer items in a file of their own."""
    files = {}
    for source_dir in (TRAINING_DIR, TEST_ITEMS_DIR):
        items = load_jsonl(source_dir / "answer_correctness.jsonl")
        text = load_jsonl(source_dir / "text_answers.jsonl")
        for evaluator in EVALUATORS:
            if source_dir == TRAINING_DIR:
                files[source_dir / f"{evaluator}.jsonl"] = dumps(derive(items + text, evaluator))
            else:
                files[source_dir / f"{evaluator}.jsonl"] = dumps(derive(items, evaluator))
                files[source_dir / f"text_answers_{evaluator}.jsonl"] = dumps(derive(text, evaluator))
    return files


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if a committed file differs from a fresh derivation")
    args = ap.parse_args(argv)
    return write_or_check(outputs(), args.check, source="the derivation")


if __name__ == "__main__":
    sys.exit(main())
