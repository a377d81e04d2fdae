"""How shallow can a trained readout read?  The held-out accuracy of readouts fitted on the
hidden state after the first k decoder layers, for several k, beside the forward cost each
depth needs (the engine stops the pass at the readout's depth: ``Engine.hidden_last``).

    python -m benchmarks.depth_sweep                                   # answer_correctness, default model
    python -m benchmarks.depth_sweep --depths 6,9,12,18 --fit 9        # also save the depth-9 readout
    python -m benchmarks.depth_sweep --depths 1,2,3,4,6,8,9,10,12,14,18 --fit best --out-dir jev_model/readouts
                                    # the shipped readout: the depth best on validation (``best_depth``),
                                    # saved only if held out within --tolerance of the full depth (``held_out_gate``)
    python -m benchmarks.depth_sweep --evaluator factuality --data benchmarks/training/factuality.jsonl \\
        --per-category 25 --out benchmarks/results/depth_sweep_factuality

Every readout is fitted with ``jev train``'s own path (``train_readout``: the same items,
dedupe against the test items, per-category sample, template split and hyper-parameter
sweep) and only ``TrainConfig.depth`` differs.  The hidden states of every depth come from
ONE full forward pass per item (``fill_caches`` over ``Engine.hidden_layers``, cached on
disk like ``jev train``'s, so a rerun costs no forward pass).

Measured on items never trained on: the benchmark's test items (per category), the
held-out text-answer items (per kind, in-template and phrasing-shift splits), and the
external HaluEval QA sample.  Results: ``benchmarks/results/depth_sweep.{md,json,png}``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from benchmarks.report import cpu_flags, run_main
from jev_model.errors import JevError

OUT = Path(__file__).resolve().parent / "results" / "depth_sweep"
DATA = {"answer_correctness": ["benchmarks/training/answer_correctness.jsonl", "benchmarks/training/text_answers.jsonl"],
        "factuality": ["benchmarks/training/factuality.jsonl"],
        "correctness_reference": ["benchmarks/training/correctness_reference.jsonl"]}
TESTS = {"answer_correctness": [("benchmark", "benchmarks/items/answer_correctness.jsonl", "category"),
                                ("text", "benchmarks/items/text_answers.jsonl", "category"),
                                ("halueval", "benchmarks/items/halueval_qa_sample.jsonl", None)],
         "factuality": [("benchmark", "benchmarks/items/factuality.jsonl", "category"),
                        ("text", "benchmarks/items/text_answers_factuality.jsonl", "category")],
         "correctness_reference": [("benchmark", "benchmarks/items/correctness_reference.jsonl", "category"),
                                   ("text", "benchmarks/items/text_answers_correctness_reference.jsonl", "category")]}
KEYS = ("items", "exact_accuracy", "pass_agreement", "mae", "ece")


def _depths(text: str) -> list[int]:
    try:
        values = sorted({int(v) for v in text.split(",") if v.strip()})
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected comma-separated layer counts, got {text!r}") from None
    if not values or values[0] < 1:
        raise argparse.ArgumentTypeError(f"depths are layer counts from 1, got {text!r}")
    return values


def _fit(text: str) -> str:
    if text != "best" and not text.isdigit():
        raise argparse.ArgumentTypeError(f"expected a layer count or 'best', got {text!r}")
    return text


def records_of(engine, rubric, readout, items, requests, h, group: str | None) -> list[dict]:
    """One record per item: the engine's last step over its stored state with ``readout``."""
    from jev_model.core.result import gold_passes
    from jev_model.fitting.train import gold_index

    out = []
    for i, it in enumerate(items):
        gold = gold_index(rubric, it, f"test item {i + 1}")
        r = engine.result_from_hidden(rubric, h[i: i + 1], engine.settings, readout=readout,
                                      features=requests[i].features)
        out.append(dict(r.to_dict(), gold=gold, gold_passed=gold_passes(rubric, gold),
                        group=it.get(group, "") if group else "", split=it.get("split", "")))
    return out


def summary(records: list[dict]) -> dict:
    from jev_model.datasets.metrics import summarize

    rows = {"all": records}
    for r in records:
        for name in (r["group"], r["split"] if r["split"] in ("in_template", "phrasing_shift") else ""):
            if name:
                rows.setdefault(name, []).append(r)
    return {name: {k: summarize(recs).get(k) for k in KEYS} for name, recs in rows.items()}


def best_depth(rows: list[dict]) -> int:
    """The depth ``--fit best`` keeps, chosen on the VALIDATION split only (templates held out
    of the fit, never the test items): the highest validation exact accuracy, then pass
    agreement, then the shallower depth (the cheaper forward pass)."""
    top = max(rows, key=lambda r: (r["validation"]["exact_accuracy"], r["validation"]["pass_agreement"], -r["depth"]))
    return top["depth"]


def held_out_gate(rows: list[dict], depth: int, layers: int, tests: list[str], tolerance: float) -> str | None:
    """Why the readout picked at ``depth`` must not be saved, or None: its held-out exact
    accuracy on every test set must be within ``tolerance`` of the full-depth readout's (the
    gate a speed path has to pass; the choice itself was made on validation)."""
    full = next((row for row in rows if row["depth"] == layers), None)
    if full is None:
        return f"the full depth ({layers}) was not swept, so the held-out gate cannot be checked"
    row = next(row for row in rows if row["depth"] == depth)
    short = [f"{name} {row[name]['all']['exact_accuracy']:.3f} against {full[name]['all']['exact_accuracy']:.3f}"
             for name in tests if row[name]["all"]["exact_accuracy"] < full[name]["all"]["exact_accuracy"] - tolerance]
    return (f"depth {depth} (best on validation) is more than {tolerance} below the full depth on held-out exact: "
            + "; ".join(short)) if short else None


def run(args) -> dict:
    import torch

    from jev_model.core.engine import Engine
    from jev_model.core.rubric import load_rubric
    from jev_model.core.readout import readout_path
    from jev_model.fitting.train import (HiddenCache, TrainConfig, fill_caches, hidden_cache_dir, load_training_items,
                                         prepare_items, save_readout, select_items, train_readout)

    rubric = load_rubric(args.evaluator)
    data = args.data or DATA.get(args.evaluator)
    engine = Engine.load(args.model, dtype=args.dtype, readout="raw", calibration=False)
    layers = engine.layer_count
    if args.depths[-1] > layers:
        raise JevError(f"--depths {args.depths[-1]}: {engine.name} has decoder layers 1..{layers}")
    depths = [None if d == layers else d for d in args.depths]
    cache_dir = Path(args.cache_dir) if args.cache_dir else hidden_cache_dir()
    caches = [HiddenCache(cache_dir, engine.backbone, engine.precision.path, d) for d in depths]
    tail = engine.bind(rubric).tail
    items, sha = load_training_items(data)
    cfg = TrainConfig(per_category=args.per_category, pass_weight=args.pass_weight)
    chosen, _, _ = select_items(rubric, items, cfg)
    print(f"training items: {len(chosen)} (of {len(items)})", file=sys.stderr)
    fill_caches(caches, engine, [engine.encode_parts(r.prompt, tail)
                                 for r in prepare_items(engine, rubric, chosen, "training data")], args.batch_size)
    tests = []
    for name, path, group in TESTS[args.evaluator]:
        test_items = [json.loads(line) for line in Path(path).read_text().splitlines() if line.strip()]
        requests = prepare_items(engine, rubric, test_items, path)
        states = fill_caches(caches, engine, [engine.encode_parts(r.prompt, tail) for r in requests], args.batch_size)
        tests.append((name, path, group, test_items, requests, dict(zip(depths, states))))

    rows, fitted = [], {}
    for depth in depths:
        k = layers if depth is None else depth
        readout, manifest = train_readout(engine, rubric, items, TrainConfig(per_category=args.per_category,
                                                                             pass_weight=args.pass_weight, depth=depth),
                                          data_sha256=sha, data_files=list(data), cache_dir=cache_dir)
        row = {"depth": k, "forward_share": round(k / layers, 3), "readout": manifest["id"],
               "chosen_l2": manifest["hyperparameters"]["chosen_l2"], "validation": {
                   key: manifest["validation"].get(key) for key in ("exact_accuracy", "pass_agreement")}}
        with torch.inference_mode():
            for name, _, group, test_items, requests, states in tests:
                row[name] = summary(records_of(engine, rubric, readout, test_items, requests, states[depth], group))
        rows.append(row)
        print(f"depth {k:>2}: " + "  ".join(f"{name} {row[name]['all']['exact_accuracy']:.3f}" for name, *_ in tests),
              file=sys.stderr)
        fitted[k] = (readout, manifest)
    pick = best_depth(rows) if args.fit == "best" else (int(args.fit) if args.fit else None)
    refused = None
    if pick is not None:
        if pick not in fitted:
            raise JevError(f"--fit {pick}: not one of the depths swept ({', '.join(map(str, fitted))})")
        refused = held_out_gate(rows, pick, layers, [name for name, *_ in tests], args.tolerance)
        if refused is None:
            path = readout_path(engine.backbone, rubric.name, args.out_dir) if args.out_dir else \
                Path(args.out).parent / f"{rubric.name}-depth{pick}.safetensors"
            save_readout(path, *fitted[pick])
            next(row for row in rows if row["depth"] == pick)["saved"] = str(path)
    return {"command": "python -m benchmarks.depth_sweep " + " ".join(sys.argv[1:]), "model": engine.name,
            "backbone": engine.backbone, "dtype": engine.precision.path, "evaluator": rubric.name, "layers": layers,
            "training_items": len(chosen), "data": list(data), "cpu_flags": cpu_flags(),
            "tests": [{"name": n, "file": p, "items": len(t)} for n, p, _, t, _, _ in tests], "rows": rows,
            "fit": args.fit, "picked": pick, "not_saved": refused, "tolerance": args.tolerance}


def markdown(out: dict) -> str:
    names = [t["name"] for t in out["tests"]]
    lines = [f"# Readout depth: {out['evaluator']} on {out['model']} ({out['layers']} decoder layers, {out['dtype']})", "",
             f"`{out['command']}`", "",
             f"Each row is a readout fitted by `jev train`'s path on {out['training_items']} items, read after the "
             "first k decoder layers (the engine stops the forward pass there: its decoder-layer compute is k/"
             f"{out['layers']} of the full pass). Accuracy on held-out test items: "
             + ", ".join(f"{t['name']} ({t['items']} items, {t['file']})" for t in out["tests"]) + ".", "",
             "| depth | forward share | " + " | ".join(f"{n} exact | {n} pass" for n in names) + " | validation exact |",
             "|---:|---:|" + "---:|---:|" * len(names) + "---:|"]
    for row in out["rows"]:
        cells = [f"{row[n]['all']['exact_accuracy']:.3f} | {row[n]['all']['pass_agreement']:.3f}" for n in names]
        lines.append(f"| {row['depth']} | {row['forward_share']:.2f} | " + " | ".join(cells)
                     + f" | {row['validation']['exact_accuracy']:.3f} |")
    for n in names:
        groups = [g for g in out["rows"][0][n] if g != "all"]
        if not groups:
            continue
        lines += ["", f"## {n}: exact per group", "", "| depth | " + " | ".join(groups) + " |",
                  "|---:|" + "---:|" * len(groups)]
        for row in out["rows"]:
            lines.append(f"| {row['depth']} | " + " | ".join(
                "-" if row[n][g]["exact_accuracy"] is None else f"{row[n][g]['exact_accuracy']:.3f}" for g in groups) + " |")
    if out.get("not_saved"):
        lines += ["", f"Not saved: {out['not_saved']}."]
    for row in out["rows"]:
        if row.get("saved"):
            lines += ["", f"Saved: the depth-{row['depth']} readout `{row['readout']}` as `{row['saved']}`"
                      + (" (the best on validation: highest validation exact, then pass, then the shallower depth; "
                         "test items play no part in the choice)." if out.get("fit") == "best" else ".")]
    lines += ["", f"CPU flags: {out['cpu_flags']}.", ""]
    return "\n".join(lines)


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
    ap = argparse.ArgumentParser(prog="python -m benchmarks.depth_sweep", description=__doc__.split("\n\n")[0])
    ap.add_argument("--evaluator", default="answer_correctness", choices=sorted(TESTS))
    ap.add_argument("--data", nargs="+", help="training JSONL (default: the shipped readout's data)")
    ap.add_argument("--model", default="default")
    ap.add_argument("--dtype", default="float32")
    ap.add_argument("--depths", type=_depths, default=_depths("6,8,9,10,12,18"),
                    help="comma-separated layer counts (the backbone's layer count is the whole depth)")
    ap.add_argument("--per-category", type=int, default=150)
    ap.add_argument("--pass-weight", type=float, default=1.0)
    ap.add_argument("--batch-size", type=int, default=8)
    ap.add_argument("--cache-dir", help="hidden-state cache (default $JEV_HOME/cache/hidden)")
    ap.add_argument("--fit", type=_fit, help="save the readout fitted at this depth, or at the best one on validation with "
                    "'best' (beside --out, or in --out-dir)")
    ap.add_argument("--tolerance", type=float, default=0.01, help="--fit saves only a readout whose held-out exact "
                    "accuracy on every test set is within this of the full-depth readout's (default 0.01)")
    ap.add_argument("--out-dir", help="readouts folder to save --fit's readout in, as jev train --out-dir does")
    ap.add_argument("--out", default=str(OUT), help="results stem (.md, .json, .png)")
    args = ap.parse_args(argv)
    return run_main(run, args, lambda out: save(out, Path(args.out)))


def save(out: dict, stem: Path) -> None:
    """``stem``.json, .md and .png, and the table on stdout."""
    stem.parent.mkdir(parents=True, exist_ok=True)
    stem.with_suffix(".json").write_text(json.dumps(out, indent=1) + "\n")
    stem.with_suffix(".md").write_text(markdown(out))
    plot(out, stem.with_suffix(".png"))
    print(markdown(out))


if __name__ == "__main__":
    raise SystemExit(main())
