"""Open questions: does a typed question's answer depend on the text?

    python -m benchmarks.open_questions --items 60                  # every task, every system
    python -m benchmarks.open_questions --tasks dev --systems raw,corrected

For each task of ``tasks.py`` (``DEV`` tasks were used for the choices made, ``HELD_OUT``
ones only reported on) and each system, one ``engine.ask`` per item (one state, one
question, batch 1) and, for choice tasks, the same item with its options sent in reverse
order.  Per task: accuracy, the baseline (noul: the majority class; choice: the larger of
chance and the most frequent right option), lift over it, AUROC of P(yes) (noul), ECE of
the top answer, the share of choice answers that change when the options are reversed,
mean x_level_mass, median seconds per question.

Systems: ``raw`` (the question as sent, no corrections: the reading before this work),
``orders`` (option orders averaged), ``prior`` (contextual calibration alone), ``both``
(both, on every question), ``corrected`` (the engine's defaults: orders everywhere, the
prior on choices only, chosen on the development tasks), ``sparrow`` (the ``sparrow-decider`` package's
bundled nano model, in the same run, when installed).  ``--model`` reads another backbone.

Records go to ``benchmarks/results/open_questions/records/<model>/<system>.jsonl`` one item at
a time; a run resumes where it stopped.  Results: ``open_questions[_<model>].{md,json,png}``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from benchmarks.harness import RESULTS_DIR, add_model_flags, machine, run_main
from benchmarks.open_questions.tasks import DEV, HELD_OUT, TASKS, Item, read_tasks, sdist_path, task_items
from jev_model.datasets.metrics import auroc, expected_calibration_error
from jev_model.errors import JevError

OUT = RESULTS_DIR / "open_questions"
SYSTEMS = {  # name -> Settings changes (sparrow: the peer package)
    "raw": {"option_orders": 1, "context_prior": "off"},
    "orders": {"context_prior": "off"},
    "prior": {"option_orders": 1, "context_prior": "on"},
    "both": {"context_prior": "on"},
    "corrected": {},  # the engine's defaults
    "sparrow": None,
}


def reversed_question(q: dict) -> dict:
    return {**q, "criteria": dict(reversed(list(q["criteria"].items())))}


class Peer:
    """sparrow-decider's bundled general model, asked the same questions."""

    def __init__(self):
        try:
            from sparrow_decider import Decider
        except ImportError:
            raise JevError("the sparrow system needs `pip install sparrow-decider==0.2.0` (numpy only)") from None
        self.decider = Decider.load()

    def ask(self, state: str, questions: dict) -> dict:
        answers = self.decider.ask(state, questions)
        return {qid: a if isinstance(a, dict) else a.model_dump() if hasattr(a, "model_dump") else vars(a)
                for qid, a in answers.items()}


def answer_record(item: Item, answer: dict, seconds: float) -> dict:
    if item.question["type"] == "noul":
        p_yes = float(answer["noul"])
        probs = [p_yes, 1 - p_yes]
        gold = 0 if item.gold == "yes" else 1
        return {"p_yes": p_yes, "probs": probs, "gold": gold, "right": (p_yes >= 0.5) == (item.gold == "yes"),
                "mass": answer.get("x_level_mass"), "seconds": seconds}
    names = list(item.question["criteria"])
    probs = [float(answer["probabilities"][n]) for n in names]
    return {"choice": answer["choice"], "probs": probs, "gold": names.index(item.gold),
            "right": answer["choice"] == item.gold, "mass": answer.get("x_level_mass"), "seconds": seconds}


def ask_one(asker, item: Item, question: dict) -> tuple[dict, float]:
    start = time.perf_counter()
    answers = asker(item.state, {"q": question})
    return answers["q"], time.perf_counter() - start


def run_system(name: str, asker, items: list[Item], records_path: Path) -> list[dict]:
    """Every item once (and reversed, for a choice); resumes from the records file."""
    done = {}
    if records_path.exists():
        for line in records_path.read_text().splitlines():
            if line.strip():
                r = json.loads(line)
                done[r["key"]] = r
    records_path.parent.mkdir(parents=True, exist_ok=True)
    out = []
    with records_path.open("a") as f:
        for n, item in enumerate(items):
            key = f"{item.task}:{n}"
            if key not in done:
                answer, seconds = ask_one(asker, item, item.question)
                rec = {"key": key, "task": item.task, **answer_record(item, answer, seconds)}
                if item.question["type"] == "choice":
                    flipped, _ = ask_one(asker, item, reversed_question(item.question))
                    rec["flipped"] = flipped["choice"] != answer["choice"]
                f.write(json.dumps(rec) + "\n")
                f.flush()
                done[key] = rec
            out.append(done[key])
            if (n + 1) % 20 == 0:
                print(f"  {name} {item.task}: {n + 1}/{len(items)}", flush=True)
    return out


def task_figures(task: str, recs: list[dict]) -> dict:
    t = TASKS[task]
    gold = [r["gold"] for r in recs]
    acc = sum(r["right"] for r in recs) / len(recs)
    if t.qtype == "noul":
        yes = sum(g == 0 for g in gold) / len(gold)
        baseline = max(yes, 1 - yes)
    else:
        n_opts = len(recs[0]["probs"])
        counts: dict = {}
        for r in recs:  # the most frequent right option by position in the task's own option list
            counts[r["gold"]] = counts.get(r["gold"], 0) + 1
        baseline = max(1 / n_opts, max(counts.values()) / len(recs)) if t.name != "social_iqa" else 1 / n_opts
    masses = [r["mass"] for r in recs if r.get("mass") is not None]
    return {
        "task": task, "split": "dev" if task in DEV else "held_out", "type": t.qtype, "items": len(recs),
        "accuracy": acc, "baseline": baseline, "lift": acc - baseline,
        "auroc": auroc([r["p_yes"] for r in recs], [g == 0 for g in gold]) if t.qtype == "noul" else None,
        "ece": expected_calibration_error([r["probs"] for r in recs], gold),
        "flip_rate": (sum(r["flipped"] for r in recs) / len(recs)) if t.qtype == "choice" else None,
        "level_mass": statistics.mean(masses) if masses else None,
        "seconds_per_question": statistics.median(r["seconds"] for r in recs),
    }


def run(args) -> dict:
    names = {"dev": list(DEV), "held_out": list(HELD_OUT), "all": list(DEV) + list(HELD_OUT)}.get(
        args.tasks, [t for t in args.tasks.split(",") if t])
    unknown = [t for t in names if t not in TASKS]
    if unknown:
        raise JevError(f"unknown task(s) {', '.join(unknown)}; known: {', '.join(TASKS)}")
    systems = [s for s in args.systems.split(",") if s]
    bad = [s for s in systems if s not in SYSTEMS]
    if bad:
        raise JevError(f"unknown system(s) {', '.join(bad)}; known: {', '.join(SYSTEMS)}")
    from jev_model.core.engine import Engine
    from jev_model.core.weights import home

    data = read_tasks(sdist_path(args.bigbench, home() / "cache" / "bigbench"), names)
    items = {n: task_items(TASKS[n], data[n], args.items) for n in names}
    engine = None
    if any(SYSTEMS[s] is not None for s in systems):
        engine = Engine.load(args.model, device=args.device, dtype=args.dtype, readout="raw")
    model = engine.name if engine else "peer"
    figures = {}
    for system in systems:
        if SYSTEMS[system] is None:
            peer = Peer()
            asker = peer.ask
        else:
            settings = engine.settings.replace(**SYSTEMS[system])
            engine.clear_caches()

            def asker(state, questions, settings=settings):
                return engine.ask(state, questions, settings)[0]
        for task in names:
            recs = run_system(system, asker, items[task], OUT / "records" / model / system / f"{task}.jsonl")
            figures.setdefault(system, {})[task] = task_figures(task, recs)
            f = figures[system][task]
            print(f"{system:10s} {task:24s} acc {f['accuracy']:.3f} (base {f['baseline']:.3f}) "
                  f"auroc {f['auroc'] if f['auroc'] is None else round(f['auroc'], 3)} ece {f['ece']:.3f}", flush=True)
    return {"model": model, "dtype": engine.describe()["dtype"] if engine else None, "machine": machine(),
            "items_per_task": args.items, "dev_tasks": list(DEV), "held_out_tasks": list(HELD_OUT),
            "figures": figures, "suffix": args.suffix}


def summary_rows(figures: dict, split: str) -> list[tuple[str, dict]]:
    rows = []
    for system, tasks in figures.items():
        fs = [f for f in tasks.values() if f["split"] == split]
        if not fs:
            continue
        noul = [f for f in fs if f["type"] == "noul"]
        choice = [f for f in fs if f["type"] == "choice"]
        mean = lambda xs: statistics.mean(xs) if xs else None  # noqa: E731
        rows.append((system, {
            "mean_lift": mean([f["lift"] for f in fs]), "worst_lift": min(f["lift"] for f in fs),
            "noul_auroc": mean([f["auroc"] for f in noul if f["auroc"] is not None]),
            "noul_ece": mean([f["ece"] for f in noul]), "choice_flip": mean([f["flip_rate"] for f in choice]),
            "s_per_q": mean([f["seconds_per_question"] for f in fs]),
        }))
    return rows


def _fmt(v) -> str:
    return "-" if v is None else f"{v:+.3f}" if isinstance(v, float) and v < 0 else f"{v:.3f}" if isinstance(v, float) else str(v)


def markdown(out: dict) -> str:
    m = out["machine"]
    lines = [f"# Open questions: {out['model']} ({out['dtype']})", "",
             f"`python -m benchmarks.open_questions --items {out['items_per_task']}` - BIG-bench tasks (evaluation only), "
             f"{out['items_per_task']} items a task, batch 1, one run.",
             f"Machine: {m.get('cpu')} - flags {m.get('cpu_flags')} - {m.get('cores')} cores, load {m.get('load_average')}.", "",
             f"Development tasks (every choice was made on these): {', '.join(out['dev_tasks'])}.",
             f"Held-out tasks (only reported on): {', '.join(out['held_out_tasks'])}.", ""]
    for split in ("held_out", "dev"):
        rows = summary_rows(out["figures"], split)
        if not rows:
            continue
        lines += [f"## Summary, {split} tasks", "",
                  "| system | mean lift | worst lift | noul AUROC | noul ECE | choice flip rate | s / question |",
                  "|---|---:|---:|---:|---:|---:|---:|"]
        for system, r in rows:
            lines.append(f"| {system} | {_fmt(r['mean_lift'])} | {_fmt(r['worst_lift'])} | {_fmt(r['noul_auroc'])} | "
                         f"{_fmt(r['noul_ece'])} | {_fmt(r['choice_flip'])} | {_fmt(r['s_per_q'])} |")
        lines.append("")
    lines += ["## Per task", "", "| system | task | split | type | acc | baseline | lift | AUROC | ECE | flip | "
              "level mass | s / q |", "|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for system, tasks in out["figures"].items():
        for f in tasks.values():
            lines.append(f"| {system} | {f['task']} | {f['split']} | {f['type']} | {_fmt(f['accuracy'])} | "
                         f"{_fmt(f['baseline'])} | {_fmt(f['lift'])} | {_fmt(f['auroc'])} | {_fmt(f['ece'])} | "
                         f"{_fmt(f['flip_rate'])} | {_fmt(f['level_mass'])} | {_fmt(f['seconds_per_question'])} |")
    lines += ["", "Baseline: noul, the majority class of the sample; choice, the larger of chance and the most "
              "frequent right option. ECE: top answer, 15 bins. Flip: the choice changes when the options are sent "
              "in reverse order."]
    return "\n".join(lines) + "\n"


def plot(out: dict, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    systems = list(out["figures"])
    tasks = [t for t in out["held_out_tasks"] + out["dev_tasks"] if any(t in out["figures"][s] for s in systems)]
    fig, ax = plt.subplots(figsize=(max(6, len(tasks) * 1.1), 4))
    width = 0.8 / len(systems)
    for k, s in enumerate(systems):
        ax.bar([i + k * width for i in range(len(tasks))],
               [out["figures"][s].get(t, {}).get("lift", 0) for t in tasks], width, label=s)
    ax.axhline(0, color="black", lw=0.8)
    ax.set_xticks([i + 0.4 - width / 2 for i in range(len(tasks))])
    ax.set_xticklabels([t + ("*" if t in out["dev_tasks"] else "") for t in tasks], rotation=30, ha="right")
    ax.set_ylabel("accuracy - baseline")
    ax.set_title(f"Open questions, {out['model']} (* development task)")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def show(out: dict) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    stem = "open_questions" + (f"_{out['suffix']}" if out["suffix"] else "")
    (OUT / f"{stem}.json").write_text(json.dumps(out, indent=1) + "\n")
    (OUT / f"{stem}.md").write_text(markdown(out))
    plot(out, OUT / f"{stem}.png")
    print(markdown(out))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.open_questions", description=__doc__.split("\n\n")[0])
    add_model_flags(ap)
    ap.add_argument("--items", type=int, default=60, help="items a task (default 60)")
    ap.add_argument("--tasks", default="all", help="dev, held_out, all, or task names separated by commas")
    ap.add_argument("--systems", default="raw,orders,prior,both,corrected,sparrow", help="systems separated by commas")
    ap.add_argument("--bigbench", help="the bigbench sdist (bigbench-1.0.0.tar.gz); fetched from PyPI when not given")
    ap.add_argument("--suffix", default="", help="results file suffix, e.g. the model's name")
    args = ap.parse_args(argv)
    if args.items < 1:
        ap.error("--items must be at least 1")
    return run_main(run, args, show)
