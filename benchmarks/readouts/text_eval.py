"""Judging text answers, not only numbers: held-out accuracy of answer_correctness per kind of
answer (number, date, entity, yes/no, list, long form, no answer), in-template and
phrasing-shift splits side by side, today's readout beside the evidence-following one.

    python -m benchmarks.readouts.text_eval                         # -> benchmarks/results/readouts/text_eval.{md,json,png}
    python -m benchmarks.readouts.text_eval --latency 24 --repeats 3   # also latency per item, both systems in one run
    python -m benchmarks.readouts.text_eval --throughput 40            # also items/s at --batch-size on benchmark items

Items (none ever trained on): the benchmark's date and arithmetic items and its
general-knowledge controls (``benchmarks/items/answer_correctness.jsonl``), the held-out
text-answer items (``benchmarks/items/text_answers.jsonl``, tools/datagen/text_answers.py:
``in_template`` = held-out facts with the training templates and wrappers, ``phrasing_shift``
= the same facts and kinds of answer with templates and wrapper families never trained on),
and a HaluEval QA sample (``benchmarks/items/halueval_qa_sample.jsonl``, external).

Systems, both read through the engine's last step (``Engine.result_from_hidden``) from
last hidden states of their own prompts (cached on disk, computed by the engine's own
prefix-cached forward):

* ``today``: the engine as shipped at ``--baseline-rev`` - that revision's computed-checks
  line, its trained readout and its calibration, read with ``git show REV:PATH`` from where that
  revision kept them (``BASELINE_FILES``: ``jev_model/checks.py``, ``weights/readouts/``; today's
  tree has neither);
* ``new``: this checkout - the checks line with text evidence, and the trained readout that
  reads the check features beside the last hidden state.

Metrics (``jev_model.datasets.metrics.summarize``): exact-level accuracy and pass agreement
(passed vs gold >= 3).  ``--latency N`` times N items at batch 1 through ``Engine.read``,
today's and the new path alternately (checks, rendering, tokenizing, the forward pass and
the readout all included), and prints the CPU's vector flags; ``--throughput N`` does the
same at ``--batch-size`` on N of the benchmark's date/arithmetic/control items, whole passes
alternately, in items per second.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from benchmarks.harness import ROOT, RESULTS_DIR, add_model_flags, cpu_flags, items as read_items, run_main
from jev_model.errors import JevError

OUT = RESULTS_DIR / "readouts" / "text_eval"
BASELINE_REV = "6fe0d44"  # the last commit before text evidence: its checks, readout and calibration
# Where that revision kept them (its own layout, read with ``git show REV:PATH``; today's tree has
# jev_model/checks/ and jev_model/readouts/ instead).  Another --baseline-rev must keep the same layout.
BASELINE_FILES = {"checks": "jev_model/checks.py", "readouts": "weights/readouts/{backbone}/{evaluator}"}
EVALUATOR = "answer_correctness"
SETS = [("benchmarks/items/answer_correctness.jsonl", "benchmark"), ("benchmarks/items/text_answers.jsonl", None),
        ("benchmarks/items/halueval_qa_sample.jsonl", "external")]
KINDS = ["number", "date", "entity", "yes_no", "list", "long_form", "no_answer", "control", "halueval"]
SPLITS = ["benchmark", "in_template", "phrasing_shift", "external"]


def kind_of(item: dict) -> str:
    return {"arithmetic": "number"}.get(item.get("category", ""), item.get("category", ""))


def load_items(benchmark_stride: int = 1) -> list[dict]:
    """Every test item with its split and kind; of the benchmark's items every
    ``benchmark_stride``-th (the first of each run, a fixed sample)."""
    items = []
    for path, split in SETS:
        rows = read_items(ROOT / path)
        if split == "benchmark":
            rows = rows[::benchmark_stride]
        for it in rows:
            items.append(dict(it, split=split or it["split"], kind=kind_of(it)))
    return items


def _git_show(rev: str, path: str) -> bytes:
    try:
        return subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:{path}"], check=True,
                              capture_output=True).stdout
    except (subprocess.CalledProcessError, OSError) as exc:
        why = exc.stderr.decode(errors="replace").strip() if isinstance(exc, subprocess.CalledProcessError) else exc
        raise JevError(f"cannot read {path} at {rev} (the baseline's files in that revision's layout, "
                       f"BASELINE_FILES; a git checkout is needed): {why}") from None


def baseline(rev: str, engine, rubric):
    """Today's system at ``rev``: (its checks_for, its trained readout with its calibration)."""
    from jev_model.core.readout import load_readout

    tmp = Path(tempfile.mkdtemp(prefix="jev-baseline-"))
    (tmp / "checks_then.py").write_bytes(_git_show(rev, BASELINE_FILES["checks"]))
    spec = importlib.util.spec_from_file_location("checks_then", tmp / "checks_then.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["checks_then"] = module
    spec.loader.exec_module(module)
    stem = BASELINE_FILES["readouts"].format(backbone=engine.backbone, evaluator=rubric.name)
    for suffix in (".safetensors", ".json"):
        (tmp / f"{rubric.name}{suffix}").write_bytes(_git_show(rev, stem + suffix))
    readout = load_readout(tmp / f"{rubric.name}.safetensors", engine.backbone, rubric)
    cal = json.loads(_git_show(rev, stem + ".calibration.json"))
    if cal.get("readout") == readout.name:
        readout = dataclasses.replace(readout, calibration=float(cal["temperature"]),
                                      calibration_note=f"T={cal['temperature']:.3f} (at {rev})")
    return module.checks_for, readout


def read_all(engine, rubric, items: list[dict], checks_fn, readout, with_features: bool, batch_size: int):
    """Result records for every item: prompt with ``checks_fn``'s line, the cached (or
    computed) last hidden state, then the engine's last step with ``readout``."""
    import torch

    from jev_model.checks import features_of, evidence
    from jev_model.core.render import render
    from jev_model.core.result import gold_passes
    from jev_model.fitting.hidden import HiddenCache

    bound = engine.bind(rubric)
    lines = [checks_fn(it) for it in items]
    parts = [engine.encode_parts(render(rubric, it, line), bound.tail) for it, line in zip(items, lines)]
    h = HiddenCache.for_engine(engine, readout.depth).hidden(engine, parts, batch_size)  # [N, d] at the readout's depth
    records = []
    for i, it in enumerate(items):
        f = torch.tensor([list(features_of(evidence(it)).values())]) if with_features else None  # [1, F]
        r = engine.result_from_hidden(rubric, h[i: i + 1], checks=lines[i], readout=readout, features=f)
        records.append(dict(r.to_dict(), gold=it["gold"], gold_passed=gold_passes(rubric, it["gold"]),
                            kind=it["kind"], split=it["split"], id=it["id"]))
    return records


def table(records_by_system: dict[str, list[dict]]) -> dict:
    from jev_model.datasets.metrics import summarize

    out = {}
    for split in SPLITS:
        for kind in KINDS + ["all"]:
            row = {}
            for system, records in records_by_system.items():
                sel = [r for r in records if r["split"] == split and (kind == "all" or r["kind"] == kind)]
                if sel:
                    m = summarize(sel)
                    row[system] = {k: m.get(k) for k in ("items", "exact_accuracy", "pass_agreement", "mae", "ece")}
            if row:
                out.setdefault(split, {})[kind] = row
    return out


def requests_for(engine, rubric, checks_then, readout_then, settings) -> dict:
    """``{"today": fn, "new": fn}``: an item's request through each system's prompt and
    readout, for ``Engine.read`` (today's request carries today's readout, which reads the
    last layer; the new one reads with the engine's own, at that readout's depth)."""
    from jev_model.core.engine import ReadRequest
    from jev_model.core.render import render

    def today(it):
        line = checks_then(it)
        return ReadRequest(rubric, render(rubric, it, line), settings, line, readout=readout_then)

    return {"today": today, "new": lambda it: engine.prepare(rubric, it, settings)}


def latency(engine, rubric, items: list[dict], checks_then, readout_then, repeats: int) -> dict:
    """Seconds per item at batch 1 through ``Engine.read``, today's path and the new one
    alternately on the same items, each including its checks, rendering and readout."""
    systems = requests_for(engine, rubric, checks_then, readout_then, engine.settings.replace(batch_size=1))
    for it in items[:2]:  # warm the prefix cache and allocator for both
        for request in systems.values():
            engine.read([request(it)])
    times = {"today": [], "new": []}
    for _ in range(repeats):
        for it in items:
            for name, request in systems.items():
                t0 = time.perf_counter()
                engine.read([request(it)])
                times[name].append(time.perf_counter() - t0)
    med = {k: statistics.median(v) for k, v in times.items()}
    return {"items": len(items), "repeats": repeats, "median_s_per_item": med,
            "ratio_new_over_today": med["new"] / med["today"], "cpu_flags": cpu_flags()}


def throughput(engine, rubric, items: list[dict], checks_then, readout_then, repeats: int, batch_size: int) -> dict:
    """Items per second at ``batch_size`` through ``Engine.read`` on the same items, today's
    prompts and the new ones alternately (each whole pass once per repeat; checks, rendering,
    forward passes and readout included): the checks line's length is what differs."""
    systems = requests_for(engine, rubric, checks_then, readout_then, engine.settings.replace(batch_size=batch_size))
    for request in systems.values():  # warm: the prefix cache, the allocator
        engine.read([request(it) for it in items])
    rates = {"today": [], "new": []}
    for _ in range(repeats):
        for name, request in systems.items():
            t0 = time.perf_counter()
            engine.read([request(it) for it in items])
            rates[name].append(len(items) / (time.perf_counter() - t0))
    med = {k: statistics.median(v) for k, v in rates.items()}
    return {"items": len(items), "repeats": repeats, "batch_size": batch_size, "median_items_per_s": med,
            "ratio_new_over_today": med["new"] / med["today"], "cpu_flags": cpu_flags(),
            "load_average": list(os.getloadavg())}


def fmt(v) -> str:
    return "-" if v is None else (f"{v:.3f}" if isinstance(v, float) else str(v))


def markdown(out: dict) -> str:
    lines = [f"# Text answers: {EVALUATOR} per kind of answer, held out", "", f"`{out['command']}`", "",
             f"model `{out['model']}`, {out['device']}, {out['dtype']}; today = `{out['today']}` at {out['baseline_rev']}; "
             f"new = `{out['new']}`.  Pass agreement: passed (score >= 0.75) vs gold level >= 3."
             + (f"  Benchmark items: one in {out['benchmark_stride']} (a fixed sample)." if out.get("benchmark_stride", 1) > 1
                else "")
             + (f"  Today's figures are from `{out['today_from']}` (the same items; today's system is fixed code)."
                if out.get("today_from") else ""), ""]
    for split, rows in out["metrics"].items():
        lines += [f"## {split}", "", "| kind | items | today exact | new exact | today pass agr | new pass agr |",
                  "|---|---:|---:|---:|---:|---:|"]
        for kind, row in rows.items():
            t, n = row.get("today", {}), row.get("new", {})
            lines.append(f"| {kind} | {n.get('items', t.get('items'))} | {fmt(t.get('exact_accuracy'))} | "
                         f"{fmt(n.get('exact_accuracy'))} | {fmt(t.get('pass_agreement'))} | {fmt(n.get('pass_agreement'))} |")
        lines.append("")
    side = out["side_by_side"]
    lines += ["## In-template and phrasing-shift side by side (new readout)", "",
              "| kind | in_template exact | phrasing_shift exact | in_template pass agr | phrasing_shift pass agr | "
              "pass agr gap |", "|---|---:|---:|---:|---:|---:|"]
    for kind, row in side.items():
        lines.append(f"| {kind} | {fmt(row['in_template_exact'])} | {fmt(row['phrasing_shift_exact'])} | "
                     f"{fmt(row['in_template_pass'])} | {fmt(row['phrasing_shift_pass'])} | {fmt(row['gap'])} |")
    if out.get("latency"):
        lat = out["latency"]
        lines += ["", "## Latency per item (batch 1, one run, alternating)", "",
                  f"{lat['items']} items x {lat['repeats']} repeats; CPU flags: {lat['cpu_flags']}", "",
                  "| system | median s/item |", "|---|---:|"]
        for k, v in lat["median_s_per_item"].items():
            lines.append(f"| {k} | {v:.3f} |")
        lines.append(f"\nnew / today = {lat['ratio_new_over_today']:.2f}x")
    if out.get("throughput"):
        tp = out["throughput"]
        lines += ["", f"## Throughput on benchmark items (batch {tp['batch_size']}, one run, alternating)", "",
                  f"{tp['items']} date/arithmetic/control items x {tp['repeats']} repeats; CPU flags: {tp['cpu_flags']}; "
                  f"load average {'/'.join(f'{x:.2f}' for x in tp['load_average'])} at the end", "",
                  "| system | median items/s |", "|---|---:|"]
        lines += [f"| {k} | {v:.3f} |" for k, v in tp["median_items_per_s"].items()]
        lines.append(f"\nnew / today = {tp['ratio_new_over_today']:.2f}x")
    return "\n".join(lines) + "\n"


def plot(out: dict, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    groups = [(s, k) for s in SPLITS for k in KINDS if k in out["metrics"].get(s, {})]
    fig, ax = plt.subplots(figsize=(max(8, len(groups) * 0.7), 4.5))
    width = 0.4
    for j, system in enumerate(("today", "new")):
        vals = [out["metrics"][s][k].get(system, {}).get("pass_agreement") or 0 for s, k in groups]
        ax.bar([i + (j - 0.5) * width for i in range(len(groups))], vals, width, label=system)
    ax.set_xticks(range(len(groups)))
    ax.set_xticklabels([f"{k}\n{s.replace('_', ' ')}" for s, k in groups], fontsize=7, rotation=60)
    ax.set_ylim(0, 1.05)
    ax.axhline(0.95, color="grey", lw=0.5, ls="--")
    ax.set_ylabel("pass agreement")
    ax.set_title(f"{EVALUATOR}, held-out items: today's readout vs the evidence-following one")
    ax.legend(loc="lower left")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def _merge_today(metrics: dict, path: str, args, today_name: str) -> None:
    """Today's rows from an earlier run of this script on the same items: today's system is
    fixed code at ``--baseline-rev``, so its figures do not change; only its forward passes
    are saved.  Refuses a run of another revision, readout or benchmark sample."""
    earlier = json.loads(Path(path).read_text())
    for key, want in (("baseline_rev", args.baseline_rev), ("today", today_name),
                      ("benchmark_stride", args.benchmark_stride)):
        if earlier.get(key) != want:
            raise JevError(f"{path}: its {key} is {earlier.get(key)!r}, this run's {want!r}; run without --today-from")
    for split, kinds in metrics.items():
        for kind, row in kinds.items():
            today = earlier["metrics"].get(split, {}).get(kind, {}).get("today")
            if today is None or today["items"] != row["new"]["items"]:
                raise JevError(f"{path}: no today's figures for {split}/{kind} on the same {row['new']['items']} items")
            row["today"] = today


def run(args) -> dict:
    from jev_model.core.engine import Engine
    from jev_model.core.rubric import load_rubric
    from jev_model.checks import checks_for

    engine = Engine.load(args.model, device=args.device, dtype=args.dtype)
    rubric = load_rubric(EVALUATOR)
    items = load_items(args.benchmark_stride)
    checks_then, readout_then = baseline(args.baseline_rev, engine, rubric)
    readout_now = engine.readout(rubric)
    if readout_now.is_raw:
        raise JevError(f"no trained readout for {EVALUATOR} on {engine.backbone}")
    if args.today_from:
        metrics = table({"new": read_all(engine, rubric, items, checks_for, readout_now, True, args.batch_size)})
        _merge_today(metrics, args.today_from, args, readout_then.name)
    else:
        metrics = table({"today": read_all(engine, rubric, items, checks_then, readout_then, False, args.batch_size),
                         "new": read_all(engine, rubric, items, checks_for, readout_now, True, args.batch_size)})
    side = {}
    for kind in KINDS:
        a, b = metrics.get("in_template", {}).get(kind, {}).get("new"), metrics.get("phrasing_shift", {}).get(kind, {}).get("new")
        if a and b:
            side[kind] = {"in_template_exact": a["exact_accuracy"], "phrasing_shift_exact": b["exact_accuracy"],
                          "in_template_pass": a["pass_agreement"], "phrasing_shift_pass": b["pass_agreement"],
                          "gap": abs(a["pass_agreement"] - b["pass_agreement"])}
    dtype = engine.precision.path  # int8 keeps float32 embeddings: the path, not a parameter's dtype
    out = {"command": "python -m benchmarks.readouts.text_eval " + " ".join(sys.argv[1:]), "model": engine.name,
           "device": args.device, "dtype": dtype, "baseline_rev": args.baseline_rev, "today": readout_then.name,
           "new": readout_now.name, "benchmark_stride": args.benchmark_stride, "metrics": metrics, "side_by_side": side,
           "today_from": args.today_from}
    if args.latency:
        by_kind = defaultdict(list)
        for it in items:
            by_kind[it["kind"]].append(it)
        pick = [it for k in sorted(by_kind) for it in by_kind[k][: max(1, args.latency // len(by_kind))]][: args.latency]
        out["latency"] = latency(engine, rubric, pick, checks_then, readout_then, args.repeats)
    if args.throughput:
        bench = [it for it in items if it["split"] == "benchmark"]
        pick = bench[:: max(1, len(bench) // args.throughput)][: args.throughput]
        out["throughput"] = throughput(engine, rubric, pick, checks_then, readout_then, args.repeats, args.batch_size)
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).with_suffix(".json").write_text(json.dumps(out, indent=1) + "\n")
    Path(args.out).with_suffix(".md").write_text(markdown(out))
    plot(out, Path(args.out).with_suffix(".png"))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.readouts.text_eval", description=__doc__.split("\n\n")[0])
    add_model_flags(ap)
    ap.add_argument("--baseline-rev", default=BASELINE_REV, help="the revision whose checks and readout are 'today'")
    ap.add_argument("--batch-size", type=int, default=8)
    ap.add_argument("--benchmark-stride", type=int, default=1,
                    help="read every N-th of the benchmark's date/arithmetic/control items (1: all)")
    ap.add_argument("--latency", type=int, default=0, help="also time N items at batch 1, both systems alternately")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--throughput", type=int, default=0,
                    help="also time N benchmark items at --batch-size, both systems alternately (items/s)")
    ap.add_argument("--today-from", help="take today's figures from an earlier run's JSON on the same items "
                                         "(today's system is fixed code; saves its forward passes)")
    ap.add_argument("--out", default=str(OUT), help="output path without suffix (.md, .json, .png)")
    args = ap.parse_args(argv)
    return run_main(run, args, lambda out: print(markdown(out)))


if __name__ == "__main__":
    sys.exit(main())
