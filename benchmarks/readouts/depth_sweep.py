"""How shallow can a trained readout read?  The held-out accuracy of readouts fitted on the
hidden state after the first k decoder layers, for several k, beside the forward cost each
depth needs (the engine stops the pass at the readout's depth: ``Engine.hidden_last``).

    python -m benchmarks.readouts.depth_sweep                                   # answer_correctness, default model
    python -m benchmarks.readouts.depth_sweep --depths 6,9,12,18 --fit 9        # also save the depth-9 readout (beside --out)
    python -m benchmarks.readouts.depth_sweep --depths 1,2,3,4,6,8,9,10,12,14,18 --fit best
                                    # the depth best on validation (``best_depth``), saved beside --out only if
                                    # held out within --tolerance of the full depth (``held_out_gate``)
    python -m benchmarks.readouts.depth_sweep --data data/paraphrase.jsonl \\
        --tests benchmark text halueval paraphrase meaning \\
        --depths 4,6,8,10,12,18 --out benchmarks/results/readouts/depth_sweep_paraphrase
                                    # how deep the backbone must be read to tell a right answer in other words
    python -m benchmarks.readouts.depth_sweep --evaluator factuality --data data/factuality.jsonl \\
        --per-category 25 --out benchmarks/results/readouts/depth_sweep_factuality

The sweep itself is the library's (``jev_model.fitting.depth``: ``sweep_depths``, ``best_depth``,
``held_out_gate``), the one ``jev train --depth best`` runs to make the shipped readouts; this
benchmark writes its table, never into the package.  Every readout is fitted with ``jev train``'s
own path (``train_readout``: the same items, dedupe against the test items, per-category sample,
template split and hyper-parameter sweep) and only ``TrainConfig.depth`` differs.  The hidden
states of every depth come from ONE full forward pass per item (``fill_caches`` over
``Engine.hidden_layers``, in the hidden-state store like ``jev train``'s, so a rerun costs no
forward pass).

Measured on items never trained on: the benchmark's test items (per category), the
held-out text-answer items (per kind, in-template and phrasing-shift splits), and the
external HaluEval QA sample.  Results: ``benchmarks/results/readouts/depth_sweep.{md,json,png}``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from benchmarks.harness import ITEMS_DIR, RESULTS_DIR, cpu_flags, items as read_items, run_main, save_results
from jev_model.errors import JevError
from jev_model.cli.train import depth_list

OUT = RESULTS_DIR / "readouts" / "depth_sweep"
DATA = {"answer_correctness": ["data/answer_correctness.jsonl", "data/text_answers.jsonl"],
        "factuality": ["data/factuality.jsonl"],
        "correctness_reference": ["data/correctness_reference.jsonl"]}
TESTS = {"answer_correctness": [("benchmark", "benchmarks/items/answer_correctness.jsonl", "category"),
                                ("text", "benchmarks/items/text_answers.jsonl", "category"),
                                ("halueval", "benchmarks/items/halueval_qa_sample.jsonl", None)],
         "factuality": [("benchmark", "benchmarks/items/factuality.jsonl", "category"),
                        ("text", "benchmarks/items/text_answers_factuality.jsonl", "category")],
         "correctness_reference": [("benchmark", "benchmarks/items/correctness_reference.jsonl", "category"),
                                   ("text", "benchmarks/items/text_answers_correctness_reference.jsonl", "category")]}
# test sets a sweep may add (--tests): correct answers in other words and the answers that only look like them
EXTRA_TESTS = {"paraphrase": ("benchmarks/items/paraphrase.jsonl", "category"),
               "meaning": ("benchmarks/items/meaning.jsonl", "category")}


def _fit(text: str) -> str:
    if text != "best" and not text.isdigit():
        raise argparse.ArgumentTypeError(f"expected a layer count or 'best', got {text!r}")
    return text


def run(args) -> dict:
    import dataclasses

    from jev_model.checks.features import explains
    from jev_model.core.engine import Engine
    from jev_model.core.rubric import load_rubric
    from jev_model.fitting.depth import TestSet, best_depth, held_out_gate, sweep_depths
    from jev_model.fitting.train import TrainConfig, load_training_items, save_readout

    rubric = load_rubric(args.evaluator)
    data = args.data or DATA.get(args.evaluator)
    engine = Engine.load(args.model, dtype=args.dtype, readout="raw", calibration=False)
    layers = engine.layer_count
    if args.depths[-1] > layers:
        raise JevError(f"--depths {args.depths[-1]}: {engine.name} has decoder layers 1..{layers}")
    items, sha = load_training_items(data)
    cfg = TrainConfig(per_category=args.per_category, pass_weight=args.pass_weight, batch_size=args.batch_size,
                      test_items=(str(ITEMS_DIR / f"{rubric.name}.jsonl"),))
    known = {name: (path, group) for name, path, group in TESTS[args.evaluator]} | EXTRA_TESTS
    wanted = args.tests or [name for name, _, _ in TESTS[args.evaluator]]
    unknown = [n for n in wanted if n not in known]
    if unknown:
        raise JevError(f"--tests {' '.join(unknown)}: not a test set of {args.evaluator} (known: {', '.join(known)})")
    tests = [TestSet(name, read_items(known[name][0]), known[name][0], known[name][1]) for name in wanted]
    if args.explanations:  # only the items whose reference is an explanation, in training and in every test set
        items = [it for it in items if explains(it)]
        tests = [dataclasses.replace(t, items=[it for it in t.items if explains(it)]) for t in tests]
        tests = [t for t in tests if t.items]
        if not items or not tests:
            raise JevError("--explanations: no training item or no test item has a reference that explains")
    shipped = engine.readout(rubric, engine.settings.replace(readout="trained"))
    shipped = None if shipped.is_raw or shipped.warning else shipped  # measured beside the sweep, for scale
    sweep = sweep_depths(engine, rubric, items, cfg, args.depths, tests, data_sha256=sha, data_files=list(data),
                         cache_dir=Path(args.cache_dir) if args.cache_dir else None, baseline=shipped)
    rows = sweep.rows
    pick = best_depth(rows) if args.fit == "best" else (int(args.fit) if args.fit else None)
    refused = None
    if pick is not None:
        if pick not in sweep.fitted:
            raise JevError(f"--fit {pick}: not one of the depths swept ({', '.join(map(str, sweep.fitted))})")
        refused = held_out_gate(rows, pick, layers, [t.name for t in tests], args.tolerance)
        if refused is None:
            path = Path(args.out).parent / f"{rubric.name}-depth{pick}.safetensors"
            save_readout(path, *sweep.fitted[pick])
            next(row for row in rows if row["depth"] == pick)["saved"] = str(path)
    return {"command": "python -m benchmarks.readouts.depth_sweep " + " ".join(sys.argv[1:]), "model": engine.name,
            "backbone": engine.backbone, "dtype": engine.precision.path, "evaluator": rubric.name, "layers": layers,
            "training_items": sweep.training_items, "data": list(data), "cpu_flags": cpu_flags(),
            "tests": [{"name": t.name, "file": t.path, "items": len(t.items)} for t in tests], "rows": rows,
            "shipped": sweep.baseline, "explanations": args.explanations,
            "fit": args.fit, "picked": pick, "not_saved": refused, "tolerance": args.tolerance}


def markdown(out: dict) -> str:
    names = [t["name"] for t in out["tests"]]
    lines = [f"# Readout depth: {out['evaluator']} on {out['model']} ({out['layers']} decoder layers, {out['dtype']})", "",
             f"`{out['command']}`", "",
             f"Each row is a readout fitted by `jev train`'s path on {out['training_items']} items, read after the "
             "first k decoder layers (the engine stops the forward pass there: its decoder-layer compute is k/"
             f"{out['layers']} of the full pass). Accuracy on held-out test items: "
             + ", ".join(f"{t['name']} ({t['items']} items, {t['file']})" for t in out["tests"]) + "."
             + (" Only the items whose reference is an explanation the checks cannot compare (`jev_model.checks."
                "features.explains`: five words or more, no value, yes/no, list or computation), in training and "
                "in every test set." if out.get("explanations") else "")
             + (" The first row is the shipped readout on the same items." if out.get("shipped") else ""), "",
             "| depth | forward share | " + " | ".join(f"{n} exact | {n} pass" for n in names) + " | validation exact |",
             "|---:|---:|" + "---:|---:|" * len(names) + "---:|"]
    if out.get("shipped"):
        sh = out["shipped"]
        lines.append(f"| shipped `{sh['readout']}` (depth {sh['depth']}) | {sh['depth'] / out['layers']:.2f} | " + " | ".join(
            f"{sh[n]['all']['exact_accuracy']:.3f} | {sh[n]['all']['pass_agreement']:.3f}" for n in names) + " | - |")
    for row in out["rows"]:
        cells = [f"{row[n]['all']['exact_accuracy']:.3f} | {row[n]['all']['pass_agreement']:.3f}" for n in names]
        lines.append(f"| {row['depth']} | {row['forward_share']:.2f} | " + " | ".join(cells)
                     + f" | {row['validation']['exact_accuracy']:.3f} |")
    for n in names:
        groups = [g for g in out["rows"][0][n] if g != "all"]
        if not groups:
            continue
        lines += ["", f"## {n}: exact (pass agreement) per group", "", "| depth | " + " | ".join(groups) + " |",
                  "|---:|" + "---:|" * len(groups)]
        if out.get("shipped"):
            lines.append("| shipped | " + " | ".join(_cell(out["shipped"][n].get(g, {"exact_accuracy": None}))
                                                      for g in groups) + " |")
        for row in out["rows"]:
            lines.append(f"| {row['depth']} | " + " | ".join(_cell(row[n][g]) for g in groups) + " |")
    if out.get("not_saved"):
        lines += ["", f"Not saved: {out['not_saved']}."]
    for row in out["rows"]:
        if row.get("saved"):
            lines += ["", f"Saved: the depth-{row['depth']} readout `{row['readout']}` as `{row['saved']}`"
                      + (" (the best on validation: highest validation exact, then pass, then the shallower depth; "
                         "test items play no part in the choice)." if out.get("fit") == "best" else ".")]
    lines += ["", f"CPU flags: {out['cpu_flags']}.", ""]
    return "\n".join(lines)


def _cell(summary: dict) -> str:
    if summary["exact_accuracy"] is None:
        return "-"
    passed = summary.get("pass_agreement")
    return f"{summary['exact_accuracy']:.3f}" + ("" if passed is None else f" ({passed:.3f})")


def plot(out: dict, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    depths = [row["depth"] for row in out["rows"]]
    for t in out["tests"]:
        ax.plot(depths, [row[t["name"]]["all"]["exact_accuracy"] for row in out["rows"]], marker="o",
                label=f"{t['name']} exact ({t['items']})")
    ax.set_xlabel(f"decoder layers run (of {out['layers']}); forward cost is proportional")
    ax.set_ylabel("held-out exact-level accuracy")
    ax.set_title(f"{out['evaluator']}: readout depth vs held-out accuracy ({out['model']})")
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.readouts.depth_sweep", description=__doc__.split("\n\n")[0])
    ap.add_argument("--evaluator", default="answer_correctness", choices=sorted(TESTS))
    ap.add_argument("--data", nargs="+", help="training JSONL (default: the shipped readout's data)")
    ap.add_argument("--model", default="default")
    ap.add_argument("--dtype", default="float32")
    ap.add_argument("--depths", type=depth_list, default=depth_list("6,8,9,10,12,18"),
                    help="comma-separated layer counts (the backbone's layer count is the whole depth)")
    ap.add_argument("--tests", nargs="+", metavar="NAME",
                    help="held-out sets to measure: the evaluator's own (answer_correctness: benchmark, text, halueval; "
                         "the default) and " + ", ".join(EXTRA_TESTS))
    ap.add_argument("--explanations", action="store_true",
                    help="train and measure only on items whose reference is an explanation (checks.features.explains)")
    ap.add_argument("--per-category", type=int, default=150)
    ap.add_argument("--pass-weight", type=float, default=1.0)
    ap.add_argument("--batch-size", type=int, default=8)
    ap.add_argument("--cache-dir", help="hidden-state cache (default $JEV_HOME/cache/hidden)")
    ap.add_argument("--fit", type=_fit, help="save the readout fitted at this depth, or at the best one on validation with "
                    "'best', beside --out (the shipped readouts are made by jev train --depth best)")
    ap.add_argument("--tolerance", type=float, default=0.01, help="--fit saves only a readout whose held-out exact "
                    "accuracy on every test set is within this of the full-depth readout's (default 0.01)")
    ap.add_argument("--out", default=str(OUT), help="results stem (.md, .json, .png)")
    args = ap.parse_args(argv)
    return run_main(run, args, lambda out: save_results(out, Path(args.out), markdown, plot))


if __name__ == "__main__":
    raise SystemExit(main())
