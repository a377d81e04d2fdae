"""Items/s through each framework adapter against ``engine.evaluate_many`` directly, on the
same items and the same loaded engine: what each framework's own runner adds.

    python -m benchmarks.adapters --items 40                         # -> benchmarks/results/adapters/adapters.{md,json}
    python -m benchmarks.adapters --items 8 --only direct,ragas --out /tmp/adapters     # a quick look

Items: the first ``--items`` of ``benchmarks/items/answer_correctness.jsonl`` in the harness's
fixed order.  Each framework runs them through its own runner, offline (telemetry off, its
stores in a temporary folder), its adapter reading with an engine whose reads are counted:
``reads`` is how many ``Engine.read`` calls the items took (as many as items: no batching).
Imports and set-up are outside the timed part, the runner call inside.  ``max |dscore|`` is
the largest difference from the direct read's score (0 in float32; in bfloat16 a score moves
slightly with the batch it is read in).  One run each, in the order of the table, after a
warm-up read of every item with each evaluator (so every row meets the same warm caches).
Strands Evals reads ``correctness_reference`` (its reference mode), so it is set against a
direct read of that evaluator on the same items.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import tempfile
import time
import warnings
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from benchmarks.harness import RESULTS_DIR, add_model_flags, fixed_order, items, machine, run_main

OUT = RESULTS_DIR / "adapters" / "adapters"

# nothing leaves this machine: the frameworks' telemetry off before any of them is imported
TELEMETRY_OFF = dict(DEEPEVAL_TELEMETRY_OPT_OUT="1", DEEPEVAL_DISABLE_DOTENV="1", RAGAS_DO_NOT_TRACK="true",
                     DO_NOT_TRACK="1", MLFLOW_ENABLE_ASYNC_TRACE_LOGGING="false", HF_HUB_OFFLINE="1")
# MLflow's local sqlite store: its default pool (5 + 10 overflow) runs out under its 10 scoring
# workers and trace export on a busy CPU (30 s timeouts, traces lost), so a larger one
MLFLOW_POOL = dict(MLFLOW_SQLALCHEMYSTORE_POOL_SIZE="32", MLFLOW_SQLALCHEMYSTORE_MAX_OVERFLOW="32")


class CountingEngine:
    """The engine, with its ``read`` calls counted (their sizes, in order)."""

    def __init__(self, engine):
        self.inner, self.reads = engine, []

    def read(self, requests):
        self.reads.append(len(requests))
        return self.inner.read(requests)

    def __getattr__(self, name):
        return getattr(self.inner, name)


# -- each system: set-up (untimed) returns the runner call (timed), which returns scores in item order --
def direct(evaluator, main_thread: bool = False):
    """``engine.evaluate_many`` on every item: in a fresh worker thread, as the adapters' reads
    run (the shared micro-batcher's thread), or in the main thread.  On a busy CPU the two
    differ a lot: torch's threads spin in the main thread's parallel regions."""
    def setup(engine, its, tmp):
        fields = [reference_fields(it) if evaluator == "correctness_reference" else answer_fields(it) for it in its]
        go = lambda: [r.score for r in engine.evaluate_many(evaluator, fields)]  # noqa: E731
        if main_thread:
            return go

        def in_thread():
            with ThreadPoolExecutor(1) as pool:
                return pool.submit(go).result()
        return in_thread
    return setup


def answer_fields(it: dict) -> dict:
    return {"input": it["input"], "output": it["output"], "expected": it["expected"]}


def reference_fields(it: dict) -> dict:
    return {"input": it["input"], "output": it["output"], "expected_assertion": it["expected"]}


def inspect_ai(engine, its, tmp):
    from inspect_ai import Task, eval
    from inspect_ai.dataset import Sample
    from inspect_ai.model import ModelOutput
    from inspect_ai.solver import solver

    from jev_model.adapters.inspect_ai import answer_correctness

    @solver
    def canned():  # the item's output as the model's: no model call
        async def solve(state, generate):
            state.output = ModelOutput.from_content("mockllm/model", state.metadata["output"])
            return state
        return solve

    samples = [Sample(input=it["input"], target=it["expected"], id=n,
                      metadata={"output": it["output"], "gold_level": it["gold"]}) for n, it in enumerate(its)]
    task = Task(dataset=samples, solver=canned(), scorer=answer_correctness(engine=engine))

    def go():
        (log,) = eval(task, model="mockllm/model", log_dir=str(tmp / "inspect"), display="none")
        if log.status != "success":
            raise RuntimeError(f"inspect eval: {log.error}")
        by_id = {s.id: s.scores["answer_correctness"].value for s in log.samples}
        return [by_id[n] for n in range(len(its))]
    return go


def deepeval(engine, its, tmp):
    from deepeval import evaluate
    from deepeval.evaluate import CacheConfig, DisplayConfig
    from deepeval.test_case import LLMTestCase

    from jev_model.adapters.deepeval import JevMetric

    cases = [LLMTestCase(input=it["input"], actual_output=it["output"], expected_output=it["expected"]) for it in its]
    metric = JevMetric(engine=engine, threshold=0.75)  # as in README: evaluate() needs a threshold

    def go():
        with contextlib.chdir(tmp):  # DeepEval writes its .deepeval folder in the working directory
            result = evaluate(cases, [metric], display_config=DisplayConfig(show_indicator=False, print_results=False),
                              cache_config=CacheConfig(write_cache=False, use_cache=False))
        by_case = {(r.input, r.actual_output): r.metrics_data[0].score if r.metrics_data else None  # unscored: none
                   for r in result.test_results}
        return [by_case[(it["input"], it["output"])] for it in its]
    return go


def ragas(engine, its, tmp):
    from ragas import EvaluationDataset, SingleTurnSample, evaluate

    from jev_model.adapters.ragas import AnswerCorrectness

    data = EvaluationDataset([SingleTurnSample(user_input=it["input"], response=it["output"], reference=it["expected"])
                              for it in its])
    metric = AnswerCorrectness(engine=engine)

    def go():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            result = evaluate(data, metrics=[metric], show_progress=False, raise_exceptions=True)
        return [row["answer_correctness"] for row in result.scores]
    return go


def mlflow(engine, its, tmp):
    import mlflow as mlf

    from jev_model.adapters.mlflow import JevScorer

    mlf.set_tracking_uri(f"sqlite:///{tmp / 'mlflow.db'}")  # a local store
    mlf.set_experiment(experiment_id=mlf.create_experiment("jev-adapters-benchmark",
                                                           artifact_location=(tmp / "mlruns").as_uri()))
    data = [{"inputs": {"question": it["input"]}, "outputs": it["output"],
             "expectations": {"expected_response": it["expected"]}} for it in its]
    scorer = JevScorer("answer_correctness", engine)

    def go():
        result = mlf.genai.evaluate(data=data, scorers=[scorer])
        df = result.result_df
        value = next(c for c in df.columns if c.startswith("answer_correctness") and c.endswith("value"))
        by_output = dict(zip(df["response"], df[value]))  # a row whose trace MLflow lost: None
        return [by_output.get(it["output"]) for it in its]
    return go


def autoevals(engine, its, tmp):
    from jev_model.adapters.autoevals import JevScorer

    scorer = JevScorer("answer_correctness", engine=engine)

    async def gathered():
        return await asyncio.gather(*(scorer.eval_async(it["output"], expected=it["expected"], input=it["input"])
                                      for it in its))

    return lambda: [s.score for s in asyncio.run(gathered())]


def strands(workers: int | None):
    def setup(engine, its, tmp):
        from strands_evals import Case, Experiment

        from jev_model.adapters.strands import JevCorrectnessEvaluator

        cases = [Case(name=str(n), input=it["input"], expected_assertion=it["expected"]) for n, it in enumerate(its)]
        experiment = Experiment(cases=cases, evaluators=[JevCorrectnessEvaluator(engine)])
        task = lambda case: {"output": its[int(case.name)]["output"]}  # noqa: E731

        def go():
            if workers is None:
                report = experiment.run_evaluations(task)
            else:
                report = asyncio.run(experiment.run_evaluations_async(task, max_workers=workers))
            by_name = {c["name"]: None if why.startswith("jev left this unscored") else score  # not_applicable: 0.0
                       for c, score, why in zip(report.cases, report.scores, report.reasons)}
            return [by_name[str(n)] for n in range(len(its))]
        return go
    return setup


# name, module the framework imports as, evaluator, set-up, the direct row it is set against, how it runs
SYSTEMS = [
    ("direct", None, "answer_correctness", direct("answer_correctness"), None,
     "`engine.evaluate_many` on all items (one read), in a worker thread as the adapters' reads"),
    ("direct (main thread)", None, "answer_correctness", direct("answer_correctness", main_thread=True), "direct",
     "the same in the main thread"),
    ("inspect_ai", "inspect_ai", "answer_correctness", inspect_ai, "direct",
     "`inspect_ai.eval`, samples concurrent (its default), output set by a solver"),
    ("deepeval", "deepeval", "answer_correctness", deepeval, "direct", "`deepeval.evaluate` (async, its default)"),
    ("ragas", "ragas", "answer_correctness", ragas, "direct", "`ragas.evaluate`"),
    ("mlflow", "mlflow", "answer_correctness", mlflow, "direct", "`mlflow.genai.evaluate`, a local sqlite store"),
    ("autoevals", "autoevals", "answer_correctness", autoevals, "direct",
     "`JevScorer.eval_async` for every item, gathered (autoevals has no runner of its own)"),
    ("direct (correctness_reference)", None, "correctness_reference", direct("correctness_reference"), None,
     "`engine.evaluate_many` on all items (one read), in a worker thread"),
    ("strands", "strands_evals", "correctness_reference", strands(None), "direct (correctness_reference)",
     "`Experiment.run_evaluations` (sequential, its default)"),
    ("strands (async, 10 workers)", "strands_evals", "correctness_reference", strands(10),
     "direct (correctness_reference)", "`Experiment.run_evaluations_async(max_workers=10)`"),
]


def run(args) -> dict:
    import importlib.util

    import torch

    from jev_model.core.engine import Engine

    os.environ.update(TELEMETRY_OFF)
    load_at_start = [round(x, 2) for x in os.getloadavg()]
    for key, value in MLFLOW_POOL.items():
        os.environ.setdefault(key, value)
    its = fixed_order(items("answer_correctness"))[:args.items]
    engine = Engine.load(args.model, device=args.device, dtype=args.dtype)
    # warm-up: every item once with each evaluator (readouts, prefix KV, token ids), so every row meets the same caches
    engine.evaluate_many("answer_correctness", [answer_fields(it) for it in its])
    engine.evaluate_many("correctness_reference", [reference_fields(it) for it in its])
    only = set(args.only.split(",")) if args.only else None
    rows, base = [], {}
    with tempfile.TemporaryDirectory(prefix="jev-adapters-") as tmp:
        for name, module, evaluator, setup, against, how in SYSTEMS:
            if only and name not in only and name.split(" ")[0] not in only:
                continue
            row = {"system": name, "evaluator": evaluator, "how": how, "items": len(its)}
            rows.append(row)
            if module and importlib.util.find_spec(module) is None:
                row["skipped"] = f"{module} not installed"
                continue
            counting = CountingEngine(engine)
            folder = Path(tmp) / name.replace(" ", "_").replace("(", "").replace(")", "").replace(",", "")
            folder.mkdir()
            go = setup(engine if module is None else counting, its, folder)
            start = time.perf_counter()
            scores = [None if v is None or v != v else float(v) for v in go()]  # unscored: None (NaN in some)
            seconds = time.perf_counter() - start
            row.update(seconds=seconds, items_per_s=len(its) / seconds,
                       reads=1 if module is None else len(counting.reads),
                       unscored=sum(v is None for v in scores), scores=scores)
            if against is None:
                base[name] = row
            elif against in base:
                ref = base[against]
                row["vs_direct"] = row["items_per_s"] / ref["items_per_s"]
                both = [(a, b) for a, b in zip(scores, ref["scores"]) if a is not None and b is not None]
                row["max_abs_dscore"] = max((abs(a - b) for a, b in both), default=0.0)
                row["unscored_differs"] = sum((a is None) != (b is None) for a, b in zip(scores, ref["scores"]))
            print(f"{name}: {row['items_per_s']:.2f} items/s, {row['reads']} reads", flush=True)
    out = {"command": command(args), "load_at_start": load_at_start, "machine": machine(torch.get_num_threads()),
           "model": engine.name,
           "dtype": engine.describe()["dtype"], "dtype_choice": engine.describe()["dtype_choice"],
           "items_file": "benchmarks/items/answer_correctness.jsonl", "rows": rows}
    out_path = Path(args.out)
    out_path.parent.mkdir(parents=True, exist_ok=True)
    out_path.with_suffix(".json").write_text(json.dumps(out, indent=2) + "\n")
    out_path.with_suffix(".md").write_text(markdown(out))
    out["path"] = str(out_path)
    return out


def command(args) -> str:
    parts = ["python -m benchmarks.adapters", f"--items {args.items}"]
    if args.model != "default":
        parts.append(f"--model {args.model}")
    if args.dtype != "auto":
        parts.append(f"--dtype {args.dtype}")
    if args.only:
        parts.append(f"--only {args.only}")
    return " ".join(parts)


def markdown(out: dict) -> str:
    m = out["machine"]
    flags = " ".join(m.get("cpu_flags", [])) or "none of interest"
    lines = ["# Framework adapters against the engine directly", "",
             f"Command: `{out['command']}`", "",
             f"Model: {out['model']}, dtype {out['dtype']}; {out['rows'][0]['items']} items of "
             f"`{out['items_file']}` (the harness's fixed order)", "",
             f"Machine: {m.get('cpu')} (CPU flags: {flags}); {m.get('cores')} cores, {m.get('torch_threads')} torch "
             f"threads; load {m.get('load_average')}; torch {m.get('torch')}; {m.get('date_utc')}", "",
             f"Load average when it started: {out['load_at_start']}", "",
             "| system | evaluator | items/s | vs direct | engine reads | no score | max abs dscore | CPU flags | runner |",
             "|---|---|---:|---:|---:|---:|---:|---|---|"]
    for r in out["rows"]:
        if "skipped" in r:
            lines.append(f"| {r['system']} | {r['evaluator']} | - | - | - | - | - | {flags} | {r['skipped']} |")
            continue
        vs = f"{r['vs_direct']:.2f}x" if "vs_direct" in r else "1.00x (base)"
        d = f"{r['max_abs_dscore']:.4f}" if "max_abs_dscore" in r else "-"
        if r.get("unscored_differs"):
            d += f" ({r['unscored_differs']} unscored differ)"
        lines.append(f"| {r['system']} | {r['evaluator']} | {r['items_per_s']:.2f} | {vs} | {r['reads']} | "
                     f"{r['unscored']} | {d} | "
                     f"{flags} | {r['how']} |")
    lines += ["", "items/s: items over the runner call's wall time (imports and set-up outside it); engine "
              "reads: `Engine.read` calls the items took through the adapters' shared micro-batcher "
              "(1 per item = no batching); no score: items unscored (or, MLflow, whose row it lost); max abs "
              "dscore: against the direct row of the same evaluator.  The base rows read in a worker thread, "
              "as the adapters do; `direct (main thread)` shows what the calling thread costs on this machine.  "
              "One run each: where the load average is above the core count (other jobs running), rows taken "
              "at different moments differ by contention as much as by framework; rows doing the same reads "
              "(`direct`, `autoevals`: one read of every item) show how much.", ""]
    return "\n".join(lines)


def show(out: dict) -> None:
    print(Path(out["path"]).with_suffix(".md").read_text())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--items", type=int, default=40, help="how many answer_correctness items (default 40)")
    ap.add_argument("--only", default="", help="comma-separated systems to run (default: all)")
    ap.add_argument("--out", default=str(OUT), help=f"results path without suffix (default {OUT})")
    add_model_flags(ap)
    return run_main(run, ap.parse_args(argv), show)


if __name__ == "__main__":
    raise SystemExit(main())
