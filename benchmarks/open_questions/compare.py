"""Backbones side by side: the open-questions figures of several models in one file.

    python -m benchmarks.open_questions.compare                       # gemma, Qwen 0.5B, Qwen 1.5B
    python -m benchmarks.open_questions.compare --models gemma-3-270m,qwen2.5-coder-0.5b-instruct --systems raw
    python -m benchmarks.open_questions.compare --retimed gemma-3-270m=gemma-3-270m-retimed

For each backbone, the results file that ``python -m benchmarks.open_questions`` wrote for it
(``open_questions[_<suffix>].json``, found by its ``model`` field) gives, per system, on the
held-out tasks: mean lift over the baseline, worst lift, noul AUROC, noul ECE, choice flip rate,
seconds per question at batch 1 (the mean over tasks of each task's median), and the items a
task.  A backbone with no results file yet (a run stopped part way) is read from its records
(``records/<model>/<system>/<task>.jsonl``) and marked partial.

Runs may use different item counts.  Every task's items are a fixed shuffle of the task cut to
the first N, so a smaller run's items are the first items of a larger one; the second table
("matched items") reads each backbone's records cut to the smallest count all of them have, task
by task, so that every backbone answers the very same questions there.

Runs made on different days meet different loads on a shared machine.  ``--retimed MODEL=RUN``
takes MODEL's latency row from a run of the same backbone recorded under the name RUN (a model
directory of that name, e.g. a symlink to the prepared one), timed in the same window as the
others; its figures other than latency are not used.

Writes ``benchmarks/results/open_questions/backbones.{md,json}``.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from benchmarks.open_questions.run import OUT, summary_rows, task_figures
from benchmarks.open_questions.tasks import HELD_OUT

MODELS = ("gemma-3-270m", "qwen2.5-coder-0.5b-instruct", "qwen2.5-coder-1.5b-instruct")
FIELDS = ("mean_lift", "worst_lift", "noul_auroc", "noul_ece", "choice_flip", "s_per_q")


def results_file(model: str, out_dir: Path) -> Path | None:
    """The results file written for ``model`` that holds the most held-out figures, if any."""
    best, best_n = None, 0
    for path in sorted(out_dir.glob("open_questions*.json")):
        try:
            data = json.loads(path.read_text())
        except (OSError, json.JSONDecodeError):
            continue
        if not isinstance(data, dict) or data.get("model") != model:
            continue
        n = sum(t in HELD_OUT for tasks in data.get("figures", {}).values() for t in tasks)
        if n > best_n:
            best, best_n = path, n
    return best


def read_records(model: str, system: str, task: str, out_dir: Path, limit: int | None = None) -> list[dict]:
    """A system's records for one task, in item order, the first ``limit`` of them."""
    path = out_dir / "records" / model / system / f"{task}.jsonl"
    if not path.exists():
        return []
    recs = {}
    for line in path.read_text().splitlines():
        if line.strip():
            r = json.loads(line)
            recs[int(r["key"].rsplit(":", 1)[1])] = r
    ordered = []
    for n in range(len(recs)):  # only the unbroken run of items 0, 1, 2, ...
        if n not in recs:
            break
        ordered.append(recs[n])
    return ordered[:limit] if limit is not None else ordered


def figures_from_records(model: str, systems: list[str], tasks: list[str], out_dir: Path,
                         limits: dict[str, dict[str, int]] | None = None) -> dict:
    """Figures from the records; with ``limits``, only its (system, task) pairs, cut to its counts."""
    figures: dict = {}
    for system in systems:
        for task in tasks:
            if limits is not None and task not in limits.get(system, {}):
                continue
            recs = read_records(model, system, task, out_dir, limits[system][task] if limits else None)
            if recs:
                figures.setdefault(system, {})[task] = task_figures(task, recs)
    return figures


def backbone(model: str, systems: list[str], out_dir: Path) -> dict:
    """One backbone's held-out figures: from its results file, else from its records (partial)."""
    path = results_file(model, out_dir)
    if path is not None:
        data = json.loads(path.read_text())
        figures = {s: {t: f for t, f in data["figures"][s].items() if t in HELD_OUT}
                   for s in systems if s in data["figures"]}
        source, machine, dtype = path.name, data.get("machine", {}), data.get("dtype")
        expected = [t for t in data.get("held_out_tasks", HELD_OUT) if t in HELD_OUT]  # the tasks it was run on
    else:
        figures = figures_from_records(model, systems, list(HELD_OUT), out_dir)
        source, machine, dtype = f"records/{model} (partial: no results file)", {}, None
        expected = list(HELD_OUT)
    partial = path is None or any(set(figures.get(s, {})) < set(expected) for s in systems)
    return {"model": model, "dtype": dtype, "source": source, "partial": partial, "machine": machine,
            "figures": figures}


def rows(b: dict) -> list[dict]:
    out = []
    for system, r in summary_rows(b["figures"], "held_out"):
        tasks = b["figures"][system]
        items = sorted({f["items"] for f in tasks.values()})
        out.append({"model": b["model"], "system": system, **{k: r[k] for k in FIELDS},
                    "items_per_task": items[0] if len(items) == 1 else items, "tasks": len(tasks)})
    return out


def matched_limits(models: list[str], systems: list[str], out_dir: Path) -> dict[str, dict[str, int]]:
    """Per system and held-out task, the most items every backbone has records for."""
    limits: dict = {}
    for system in systems:
        for task in HELD_OUT:
            n = min(len(read_records(m, system, task, out_dir)) for m in models)
            if n > 0:
                limits.setdefault(system, {})[task] = n
    return limits


def _fmt(v) -> str:
    if v is None:
        return "-"
    if isinstance(v, float):
        return f"{v:+.3f}" if v < 0 else f"{v:.3f}"
    if isinstance(v, list):
        return f"{min(v)}..{max(v)}"
    return str(v)


def table(rs: list[dict]) -> list[str]:
    lines = ["| backbone | system | mean lift | worst lift | noul AUROC | noul ECE | choice flip rate | "
             "s / question (batch 1) | items a task | tasks |",
             "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rs:
        lines.append(f"| {r['model']} | {r['system']} | " + " | ".join(_fmt(r[k]) for k in FIELDS)
                     + f" | {_fmt(r['items_per_task'])} | {r['tasks']} |")
    return lines


def markdown(out: dict) -> str:
    lines = ["# Open questions: backbones side by side", "",
             "`python -m benchmarks.open_questions.compare` - held-out BIG-bench tasks (evaluation only): "
             f"{', '.join(HELD_OUT)}. Batch 1, one run a backbone. `raw` is the readout of today (the question "
             "as sent, no corrections); `corrected` the engine's defaults (option orders averaged, the "
             "contextual prior on choices).", "",
             "## As run", ""]
    lines += table(out["as_run"])
    counts = {b["model"]: sorted({_fmt(r["items_per_task"]) for r in out["as_run"] if r["model"] == b["model"]})
              for b in out["backbones"] if b["figures"]}
    if len({tuple(c) for c in counts.values()}) > 1:
        lines += ["", "Item counts differ between backbones (" + "; ".join(
            f"{m}: {', '.join(c)}" for m, c in counts.items()) + "): compare the matched table below."]
    partial = [b["model"] for b in out["backbones"] if b["partial"] and b["figures"]]
    if partial:
        lines += ["", f"Partial (not every held-out task or system finished): {', '.join(partial)}."]
    missing = [b["model"] for b in out["backbones"] if not b["figures"]]
    if missing:
        lines += ["", f"No figures yet: {', '.join(missing)}."]
    if out["matched"]:
        lim = out["matched_items"]
        cuts = sorted({(t, n) for per in lim.values() for t, n in per.items()})
        lines += ["", "## Matched items", "",
                  f"{', '.join(out['matched_models'])} on the same questions: each task cut to the items all of "
                  "them have (" + ", ".join(f"{t} {n}" for t, n in cuts) + ").", ""]
        lines += table(out["matched"])
    if out.get("latency"):
        lines += ["", "## Latency per question at batch 1", "",
                  "One `engine.ask` (one state, one question): the mean over the held-out tasks of each task's "
                  "median" + (", a backbone marked with a run name timed again in that run, so that every "
                  "backbone is timed in the same window" if out.get("retimed") else "") + ".", "",
                  "| backbone | system | s / question | items a task | run | date (UTC) | load average |",
                  "|---|---|---:|---:|---|---|---|"]
        for r in out["latency"]:
            lines.append(f"| {r['model']} | {r['system']} | {_fmt(r['s_per_q'])} | {_fmt(r['items_per_task'])} | "
                         f"{r['run']} | {r['date_utc'] or '-'} | {r['load_average'] or '-'} |")
    lines += ["", "## Machines", ""]
    for b in out["backbones"]:
        if not b["figures"]:
            continue
        m = b["machine"]
        flags = m.get("cpu_flags")
        lines.append(f"- {b['model']} ({b['dtype'] or '-'}), from {b['source']}: "
                     + (f"{m.get('cpu')} - flags {flags} - {m.get('cores')} cores, torch threads "
                        f"{m.get('torch_threads')}, load {m.get('load_average')} at the end, {m.get('date_utc')}."
                        if m else "machine not recorded (no results file)."))
    lines += ["", "Lift: accuracy minus the baseline (noul: the majority class of the sample; choice: the larger "
              "of chance and the most frequent right option). ECE: top answer, 15 bins. Flip rate: the choice "
              "changes when the options are sent in reverse order. Seconds: the mean over tasks of each task's "
              "median wall time of one `engine.ask` (one state, one question), on a shared 2-core CPU; other "
              "jobs on the machine move them."]
    return "\n".join(lines) + "\n"


def latency(models: list[str], systems: list[str], out_dir: Path, retimed: dict[str, str]) -> list[dict]:
    """Seconds per question at batch 1, per backbone and system: from its own run, or from the
    run recorded under ``retimed[model]`` (the same backbone timed again, in the same window)."""
    out = []
    for m in models:
        b = backbone(retimed.get(m, m), systems, out_dir)
        for r in rows(b):
            out.append({"model": m, "system": r["system"], "s_per_q": r["s_per_q"],
                        "items_per_task": r["items_per_task"], "tasks": r["tasks"], "run": b["model"],
                        "date_utc": b["machine"].get("date_utc"), "load_average": b["machine"].get("load_average")})
    return out


def compare(models: list[str], systems: list[str], out_dir: Path = OUT, retimed: dict[str, str] | None = None) -> dict:
    backbones = [backbone(m, systems, out_dir) for m in models]
    as_run = [r for b in backbones for r in rows(b)]
    present = [b["model"] for b in backbones if b["figures"]]  # a backbone with nothing yet is left out
    limits = matched_limits(present, systems, out_dir) if len(present) > 1 else {}
    matched = []
    if limits:
        for m in present:
            matched += rows({"model": m, "figures": figures_from_records(m, systems, list(HELD_OUT), out_dir, limits)})
    return {"models": models, "systems": systems, "held_out_tasks": list(HELD_OUT),
            "backbones": backbones, "as_run": as_run, "matched_models": present if limits else [],
            "matched_items": limits, "matched": matched, "retimed": retimed or {},
            "latency": latency(present, systems, out_dir, retimed or {})}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.open_questions.compare",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("--models", default=",".join(MODELS), help="backbones (the results' model names), by commas")
    ap.add_argument("--systems", default="raw,corrected", help="systems, by commas (default raw,corrected)")
    ap.add_argument("--results", default=str(OUT), help="the open_questions results folder")
    ap.add_argument("--out", default=None, help="output stem (default <results>/backbones)")
    ap.add_argument("--retimed", default="", help="MODEL=RUN,...: take MODEL's latency from the run recorded "
                    "under the model name RUN (the same backbone timed again)")
    args = ap.parse_args(argv)
    out_dir = Path(args.results)
    retimed = dict(pair.split("=", 1) for pair in args.retimed.split(",") if pair)
    out = compare([m for m in args.models.split(",") if m], [s for s in args.systems.split(",") if s], out_dir,
                  retimed)
    stem = Path(args.out) if args.out else out_dir / "backbones"
    Path(f"{stem}.json").write_text(json.dumps(out, indent=1) + "\n")
    Path(f"{stem}.md").write_text(markdown(out))
    print(markdown(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
