"""Computed checks, calibration and the cascade, measured on the answer_correctness benchmark
items (dates, arithmetic, and the general-knowledge controls) with the default model.

    # 1. forward passes, checks off and on, the last hidden state of each item kept (resumable):
    #    the states in the hidden-state store (jev_model.fitting.hidden), the timings beside them
    python -m benchmarks.accuracy.checks_calibration_cascade run [--limit N] [--hidden /tmp/jev-ccc-hidden.jsonl]
    # 2. the table: every readout found for the backbone (raw, trained), calibration fitted on a
    #    seeded half of the date+arithmetic items and reported on the other half, and the
    #    cascade against a reasoning run's per-item records
    python -m benchmarks.accuracy.checks_calibration_cascade report --reasoning benchmarks/results/....jsonl \\
        [--at 0.3 --at 0.6] [--out benchmarks/results/accuracy/checks_calibration_cascade]

Why hidden states: a readout (the LM head's level rows, or a trained one) is a linear map of
the last hidden state, so one forward pass per item and checks setting serves every readout
and every calibration; the readings go through the engine's own ``result_from_hidden``.  Items run
in the benchmark's fixed pseudo-random order, checks off and on for the same batch, so a run
cut short is still a fair sample of both settings.

Latency is the batched forward pass's wall time divided by the batch size (batch 8), as the
benchmark's ``decision`` system reports it.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

from benchmarks.harness import ITEMS_DIR, fixed_order, items as read_items, run_main
from jev_model.errors import JevError

ITEMS = ITEMS_DIR / "answer_correctness.jsonl"
HIDDEN = Path("/tmp/jev-ccc-hidden.jsonl")  # per item and checks setting: timings, tokens, the checks line
EVALUATOR = "answer_correctness"
FIELDS = ("input", "output", "expected")
SEED = 7  # the calibration split


def ordered_items() -> list[dict]:
    """All items in the benchmark's fixed pseudo-random order (``harness.fixed_order``, as
    ``benchmarks.accuracy.run`` orders them): a prefix is a fair sample, and it is the same prefix a
    partial reasoning run holds, so the cascade joins as many items as possible."""
    return fixed_order(read_items(ITEMS))


def cmd_run(args) -> int:
    import torch
    from tqdm import tqdm

    from jev_model.core.engine import Engine
    from jev_model.fitting.hidden import HiddenCache

    engine = Engine.load(args.model)
    rubric = engine.bind(EVALUATOR).rubric
    store = HiddenCache.for_engine(engine, directory=Path(args.cache_dir) if args.cache_dir else None)
    hidden = Path(args.hidden)
    done = set()
    if hidden.exists():
        for line in hidden.read_text().splitlines():
            rec = json.loads(line)
            done.add((rec["id"], rec["checks"]))
    items = ordered_items()[: args.limit]
    todo = [it for it in items if (it["id"], False) not in done or (it["id"], True) not in done]
    with hidden.open("a") as out, tqdm(total=len(todo) * 2, desc="items x checks", file=sys.stderr) as bar:
        for start in range(0, len(todo), args.batch_size):
            chunk = todo[start: start + args.batch_size]
            for checks in (False, True):
                settings = engine.settings.replace(checks=checks)
                t0 = time.perf_counter()  # the checks are part of the cost: computed inside the timing
                prepared = [engine.prepare(rubric, {k: it[k] for k in FIELDS}, settings) for it in chunk]
                prefix = list(prepared[0].prefix_ids)  # the rubric: one prefix for every item, its keys and values cached
                assert all(list(r.prefix_ids) == prefix for r in prepared)
                h = engine.hidden_last([list(r.suffix_ids) for r in prepared], prefix=prefix)  # [B, d]
                per_item = (time.perf_counter() - t0) / len(chunk)
                store.keep(prepared, h)  # the states in the one store; the timings in the JSONL beside it
                store.save()
                for it, request in zip(chunk, prepared):
                    out.write(json.dumps({"id": it["id"], "checks": checks, "latency_s": per_item,
                                          "tokens_in": request.tokens, "checks_line": request.checks,
                                          "key": HiddenCache.key(list(request.prefix_ids) + list(request.suffix_ids))})
                              + "\n")
                out.flush()
                bar.update(len(chunk))
    return 0


def readings(engine, hidden_rows: list[dict], items: dict, readout: str, store) -> list[dict]:
    """Per-item records (the benchmark's shape) from stored hidden states (``store``, a
    ``HiddenCache``) through one readout ("raw" or "trained"), uncalibrated, by the engine's
    own last step."""
    from jev_model.checks import check_features

    out = []
    for rec in hidden_rows:
        h = store.store[rec["key"]].reshape(1, -1).to(engine.lm.head.dtype)  # [1, d]
        settings = engine.settings.replace(readout=readout, calibration=False, checks=rec["checks"])
        it = items[rec["id"]]
        features = tuple(check_features(it).values()) if rec["checks"] else None  # what the engine's prepare gives
        result = engine.result_from_hidden(EVALUATOR, h, settings, rec["checks_line"], features=features)
        out.append({**result.to_dict(), "id": rec["id"], "category": it["category"],
                    "subcategory": it["subcategory"], "gold": it["gold"], "latency_s": rec["latency_s"],
                    "tokens_in": rec["tokens_in"], "tokens_out": 0})
    return out


def accuracy(records: list[dict], categories) -> tuple[float | None, int]:
    from jev_model.datasets import metrics

    rows = [r for r in records if r["category"] in categories]
    right = [(not r.get("unscored")) and max(r["probabilities"], key=r["probabilities"].get) == str(r["gold"])
             for r in rows]
    return (sum(right) / len(rows) if rows else None), len(rows)


def cmd_report(args) -> int:
    import numpy as np

    from benchmarks.accuracy import cascade
    from jev_model.datasets import metrics
    from jev_model.fitting import calibrate
    from jev_model.core.engine import Engine

    from jev_model.fitting.hidden import HiddenCache

    engine = Engine.load(args.model, calibration=False)
    rubric = engine.bind(EVALUATOR).rubric
    store = HiddenCache.for_engine(engine, directory=Path(args.cache_dir) if args.cache_dir else None)
    items = {it["id"]: it for it in ordered_items()}
    rows = [rec for rec in read_items(args.hidden) if rec.get("key") in store.store]
    by_id = defaultdict(dict)
    for r in rows:
        by_id[r["id"]][r["checks"]] = r
    ids = [i for i, v in by_id.items() if len(v) == 2]  # items measured both ways
    if not ids:
        raise JevError(f"{args.hidden} holds no item measured with checks both off and on; run `run` first")

    readouts = {"raw": "raw"}
    if not engine.readout(rubric, engine.settings.replace(readout="trained", calibration=False)).is_raw:
        readouts["trained"] = "trained"
    results_dir = Path(args.out).parent
    results_dir.mkdir(parents=True, exist_ok=True)
    task = ("date", "arithmetic")
    lines, summary = [], {"items": len(ids), "readouts": {}}
    reasoning = cascade.read_run(args.reasoning) if args.reasoning else None
    rea_ids = set(reasoning) if reasoning else set()
    for name, readout in readouts.items():
        recs = {c: readings(engine, [by_id[i][c] for i in ids], items, readout, store) for c in (False, True)}
        for c, tag in ((False, "no-checks"), (True, "checks")):
            path = results_dir / f"ccc_decision_{name}_{tag}.jsonl"
            path.write_text("".join(json.dumps(r) + "\n" for r in recs[c]))
        # calibration: fit on a seeded half of the date+arithmetic items, report on the other half
        with_checks = [r for r in recs[True] if r["category"] in task and not r.get("unscored")]
        data = calibrate.Labelled(EVALUATOR, probs=[list(r["probabilities"].values()) for r in with_checks],
                                  gold=[r["gold"] for r in with_checks])
        cal = calibrate.calibrate(data, holdout=0.5, seed=SEED)
        held_before, held_after, held_gold = cal.pop("_heldout")
        for tag, p in (("before", held_before), ("after", held_after)):
            metrics.reliability_diagram(p.tolist(), held_gold.tolist(), results_dir / f"ccc_reliability_{name}_{tag}.png",
                                        title=f"{name} + checks, held-out half, {tag}")
        entry = {"calibration": {k: cal[k] for k in ("temperature", "split", "metrics")}}
        controls = [r for r in recs[True] if r["category"] == "control" and not r.get("unscored")]
        if controls:  # the same temperature on the general-knowledge controls (never fitted on)
            p_ctrl = np.array([list(r["probabilities"].values()) for r in controls])
            g_ctrl = np.array([r["gold"] for r in controls])
            entry["calibration"]["controls"] = {
                "before": calibrate.report(p_ctrl, g_ctrl),
                "after": calibrate.report(calibrate.scale(p_ctrl, cal["temperature"]), g_ctrl)}
        lat = lambda rs: statistics.median(r["latency_s"] for r in rs if r["category"] in task)  # noqa: E731
        for c, tag in ((False, "decision"), (True, "decision + checks")):
            acc, n = accuracy(recs[c], task)
            ctrl, n_ctrl = accuracy(recs[c], ("control",))
            s = metrics.summarize([r for r in recs[c] if r["category"] in task], rubric)
            entry[tag] = {"exact_accuracy": acc, "items": n, "control_accuracy": ctrl, "control_items": n_ctrl,
                          "ece": s.get("ece"), "brier": s.get("brier"), "median_latency_s": lat(recs[c])}
        if reasoning:
            both = [r for r in recs[True] if r["id"] in rea_ids and r["category"] in task]
            dec_run = {r["id"]: (r, cascade.answer_of(r, r["id"])) for r in both}
            joined = cascade.join(dec_run, {i: reasoning[i] for i in dec_run})
            entry["reasoning"] = cascade.single(joined, 2)
            entry["decision_on_joined"] = cascade.single(joined, 1)
            entry["cascade"] = [cascade.cascade_point(joined, t) for t in args.at]
            points = cascade.sweep(joined)
            cascade.plot(points, cascade.single(joined, 1), cascade.single(joined, 2),
                         results_dir / f"ccc_cascade_{name}.png",
                         f"{name} readout + checks -> reasoning, {len(joined)} date+arithmetic items")
            entry["cascade_curve"] = points
        summary["readouts"][name] = entry
    if args.batch1:
        summary["batch1"] = batch1_latency(Path(args.batch1), task)
    Path(args.out).with_suffix(".json").write_text(json.dumps(summary, indent=2) + "\n")
    Path(args.out).with_suffix(".md").write_text(markdown(summary, args))
    print(json.dumps({k: {kk: vv for kk, vv in v.items() if kk != "cascade_curve"} for k, v in summary["readouts"].items()},
                     indent=1))
    return 0


def batch1_latency(run_dir: Path, task) -> dict:
    """Median latency at batch 1 of ``decision-batch1`` (the engine's whole path: checks,
    render, one forward pass, readout) and ``reasoning-local`` run with
    ``--reasoning-batch-size 1``, over the items both hold, from a ``benchmarks.accuracy.run``
    directory: what one caller waits for one answer."""
    from benchmarks.accuracy import cascade

    runs = {}
    for system in ("decision-batch1", "reasoning-local"):
        path = run_dir / f"{system}.jsonl"
        if not path.exists():
            raise JevError(f"{path} is missing: run benchmarks.accuracy.run with --system decision-batch1 "
                           f"--system reasoning-local --reasoning-batch-size 1 --out {run_dir}")
        runs[system] = {i: rec for i, (rec, _) in cascade.read_run(path).items()}
    dec_run, rea = runs["decision-batch1"], runs["reasoning-local"]
    if any(r.get("batch", 1) != 1 for r in rea.values()):
        raise JevError(f"{run_dir}/reasoning-local.jsonl was not run at batch 1 (--reasoning-batch-size 1)")
    ids = [i for i in dec_run if i in rea and rea[i].get("category", "") in task]
    if not ids:
        raise JevError(f"{run_dir}: no date or arithmetic item holds both systems' records")
    dec = statistics.median(dec_run[i]["latency_s"] for i in ids)
    reas = statistics.median(rea[i]["latency_s"] for i in ids)
    return {"run": str(run_dir), "items": len(ids), "decision_median_s": dec, "reasoning_median_s": reas,
            "ratio": dec / reas,
            "reasoning_tokens_out_median": statistics.median(rea[i].get("tokens_out", 0) for i in ids)}


def markdown(summary: dict, args) -> str:
    """The results table (date + arithmetic items; controls in their own column)."""
    f = lambda v, d=3: "–" if v is None else f"{v:.{d}f}"  # noqa: E731
    out = [f"# Computed checks, calibration and cascade (answer_correctness, default model)\n",
           f"{summary['items']} benchmark items measured with checks off and on (the benchmark's fixed "
           f"pseudo-random order; `python -m benchmarks.accuracy.checks_calibration_cascade run`, then `report`). Exact acc is over "
           f"the date + arithmetic items; control acc over the general-knowledge controls. Latency: median "
           f"seconds per item (batch of 8 for the decision model; the reasoning run's own batching), on the shared "
           f"2-core CPU.\n"]
    for name, e in summary["readouts"].items():
        cal = e["calibration"]
        held = cal["metrics"]["heldout"]
        out += [f"## {name} readout\n",
                "| system | items | exact acc | control acc | ECE | Brier | median s/item | escalated |",
                "|---|---:|---:|---:|---:|---:|---:|---:|"]
        for tag in ("decision", "decision + checks"):
            r = e[tag]
            out.append(f"| {tag} | {r['items']} | {f(r['exact_accuracy'])} | {f(r['control_accuracy'])} "
                       f"({r['control_items']}) | {f(r['ece'])} | {f(r['brier'])} | {f(r['median_latency_s'], 2)} | – |")
        out.append(f"| + calibration (T={cal['temperature']:.2f}; held-out half, {held['after']['items']} items) | "
                   f"{held['after']['items']} | {f(held['after']['exact_accuracy'])} | – | "
                   f"{f(held['before']['ece'])} → {f(held['after']['ece'])} | "
                   f"{f(held['before']['brier'])} → {f(held['after']['brier'])} | – | – |")
        if "cascade" in e:
            for p in e["cascade"]:
                out.append(f"| cascade, confidence < {p['threshold']:.2f} → reasoning | {p['items']} | "
                           f"{f(p['exact_accuracy'])} | – | – | – | {f(p['median_latency_s'], 2)} | {p['escalated']:.0%} |")
            d, r = e["decision_on_joined"], e["reasoning"]
            out.append(f"| decision + checks, same items as reasoning | {d['items']} | {f(d['exact_accuracy'])} | – | – "
                       f"| – | {f(d['median_latency_s'], 2)} | – |")
            out.append(f"| reasoning-local (unscored {r['unscored']}, counted wrong) | {r['items']} | "
                       f"{f(r['exact_accuracy'])} | – | – | – | {f(r['median_latency_s'], 2)} | – |")
        ctrl = cal.get("controls")
        if ctrl:
            out.append(f"\nThe same temperature on the {ctrl['after']['items']} general-knowledge controls (not fitted on): "
                       f"ECE {f(ctrl['before']['ece'])} → {f(ctrl['after']['ece'])}, "
                       f"Brier {f(ctrl['before']['brier'])} → {f(ctrl['after']['brier'])}.")
        out.append("")
    b1 = summary.get("batch1")
    if b1:
        out += ["## Latency at batch 1 (one caller, one answer)\n",
                f"`{b1['run']}`: {b1['items']} date + arithmetic items, both systems at batch 1 on the same CPU, one after "
                "the other (decision-batch1: checks, render, one forward pass, readout; reasoning-local: greedy "
                "generation until \"Final level: N\", the rubric and worked examples' KV cache reused).\n",
                "| system | median s/item |", "|---|---:|",
                f"| decision + checks (batch 1) | {b1['decision_median_s']:.3f} |",
                f"| reasoning-local (batch 1, median {b1['reasoning_tokens_out_median']:.0f} tokens out) | "
                f"{b1['reasoning_median_s']:.3f} |",
                f"| ratio | 1/{1 / b1['ratio']:.1f} |", ""]
    return "\n".join(out) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.accuracy.checks_calibration_cascade")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("run")
    p.add_argument("--model", default="default")
    p.add_argument("--limit", type=int, default=None, help="only the first N items of the round-robin order")
    p.add_argument("--batch-size", type=int, default=8)
    p.add_argument("--hidden", default=str(HIDDEN))
    p.add_argument("--cache-dir", help="hidden-state store (default $JEV_HOME/cache/hidden)")
    p.set_defaults(func=cmd_run)
    p = sub.add_parser("report")
    p.add_argument("--model", default="default")
    p.add_argument("--hidden", default=str(HIDDEN))
    p.add_argument("--cache-dir", help="hidden-state store (default $JEV_HOME/cache/hidden)")
    p.add_argument("--reasoning", help="per-item records of a reasoning run (benchmark shape)")
    p.add_argument("--at", type=float, action="append", help="cascade thresholds for the table (default 0.3, 0.6)")
    p.add_argument("--batch1", help="a benchmarks.accuracy.run directory with decision-batch1 and reasoning-local at batch 1 "
                   "(the latency comparison)")
    p.add_argument("--out", default="benchmarks/results/accuracy/checks_calibration_cascade")
    p.set_defaults(func=cmd_report)
    args = ap.parse_args(argv)
    if getattr(args, "at", None) is None and args.cmd == "report":
        args.at = [0.3, 0.6]
    return run_main(args.func, args, lambda _: None)


if __name__ == "__main__":
    sys.exit(main())
