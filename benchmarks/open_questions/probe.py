"""Is there a yes/no direction in the backbone's hidden states that transfers to tasks it was
not fitted on?  A linear probe (logistic regression) over the hidden state at the answer
cue of ``noul`` prompts rendered as the engine renders them, at several depths:

    python -m tools.datagen.decisions --per-family 100 --out /tmp/decisions.jsonl
    python -m benchmarks.open_questions.probe --data /tmp/decisions.jsonl

Fitted on our generated families (``tools/datagen/decisions.py``); validated leaving one
family out at a time (LOFO); then fitted on all families and measured (AUROC of P(yes)) on
the BIG-bench yes/no tasks of ``tasks.py`` (evaluation only).  This is the measurement
behind shipping, or not, a trained ``noul`` readout (docs/questions.md).  float32, one torch
thread (a second heavy process on a 2-core box made two-thread runs ten times slower).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import torch

from benchmarks.harness import RESULTS_DIR, machine
from benchmarks.open_questions.tasks import TASKS, read_tasks, sdist_path, task_items
from jev_model.datasets.metrics import auroc

DEPTHS = (4, 6, 9, 12, 15, 18)
L2 = (1e-3, 1e-2, 1e-1)


def hidden_states(engine, state: str, question: dict, depths) -> torch.Tensor:
    """``[len(depths), d]`` at the answer cue of the question read once, as sent, raw."""
    from jev_model.core import system_one

    parsed = system_one.parse({"q": question}, engine.label_pool)
    request = system_one.plan_parsed(engine, state, parsed).requests[0]
    hs = engine.hidden_layers([list(request.suffix_ids)], list(request.prefix_ids), depths)
    engine.clear_caches()
    return torch.stack([hs[d][0] for d in depths])


def fit(X: torch.Tensor, y: torch.Tensor, l2: float, steps: int = 300):
    """Logistic regression on standardised features (L-BFGS); returns P(yes) for new rows."""
    mu, sd = X.mean(0), X.std(0) + 1e-4
    Z = (X - mu) / sd
    w = torch.zeros(Z.shape[1], requires_grad=True)
    b = torch.zeros(1, requires_grad=True)
    opt = torch.optim.LBFGS([w, b], max_iter=steps, line_search_fn="strong_wolfe")

    def closure():
        opt.zero_grad()
        loss = torch.nn.functional.binary_cross_entropy_with_logits(Z @ w + b, y.float()) + l2 * (w * w).sum()
        loss.backward()
        return loss

    opt.step(closure)
    return lambda X: torch.sigmoid(((X - mu) / sd) @ w.detach() + b.detach())


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.open_questions.probe", description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", required=True, help="tools.datagen.decisions output")
    ap.add_argument("--items", type=int, default=60, help="BIG-bench items a task")
    ap.add_argument("--model", default="default")
    ap.add_argument("--bigbench", help="the bigbench sdist (fetched from PyPI when not given)")
    args = ap.parse_args(argv)
    from jev_model.core.engine import Engine
    from jev_model.core.weights import home

    torch.set_num_threads(1)
    engine = Engine.load(args.model, dtype="float32", readout="raw", option_orders=1, context_prior="off",
                         min_level_mass=0.0)
    gen = [json.loads(line) for line in Path(args.data).read_text().splitlines() if line.strip()]
    start = time.time()
    X = torch.stack([hidden_states(engine, it["state"], it["question"], DEPTHS) for it in gen])
    y = torch.tensor([it["gold"] == "yes" for it in gen])
    families = [it["family"] for it in gen]
    print(f"{len(gen)} generated items in {time.time() - start:.0f} s", flush=True)
    names = [n for n, t in TASKS.items() if t.qtype == "noul"]
    data = read_tasks(sdist_path(args.bigbench, home() / "cache" / "bigbench"), names)
    tasks = {}
    for n in names:
        items = task_items(TASKS[n], data[n], args.items)
        tasks[n] = (torch.stack([hidden_states(engine, i.state, i.question, DEPTHS) for i in items]),
                    torch.tensor([i.gold == "yes" for i in items]))
    rows = []
    for k, depth in enumerate(DEPTHS):
        for l2 in L2:
            lofo = []
            for f in sorted(set(families)):
                keep = torch.tensor([g != f for g in families])
                lofo.append(auroc(fit(X[keep, k], y[keep], l2)(X[~keep, k]).tolist(), y[~keep].tolist()))
            probe = fit(X[:, k], y, l2)
            per_task = {n: auroc(probe(h[:, k]).tolist(), t.tolist()) for n, (h, t) in tasks.items()}
            rows.append({"depth": depth, "l2": l2, "lofo_auroc": sum(lofo) / len(lofo), "tasks": per_task})
            print(f"depth {depth} l2 {l2}: LOFO {rows[-1]['lofo_auroc']:.3f} "
                  + " ".join(f"{n} {v:.3f}" for n, v in per_task.items()), flush=True)
    out = RESULTS_DIR / "open_questions"
    out.mkdir(parents=True, exist_ok=True)
    result = {"model": engine.name, "machine": machine(), "generated_items": len(gen), "rows": rows,
              "dev_tasks": [n for n in names if n in ("causal_judgment", "entailed_polarity")]}
    (out / "noul_probe.json").write_text(json.dumps(result, indent=1) + "\n")
    lines = [f"# Linear yes/no probe on {engine.name} hidden states (float32)", "",
             f"`python -m benchmarks.open_questions.probe --data decisions.jsonl` ({len(gen)} generated items, "
             f"10 families; {args.items} BIG-bench items a task, evaluation only). AUROC of P(yes).", "",
             "| depth | l2 | LOFO (generated) | " + " | ".join(names) + " |",
             "|---:|---:|---:|" + "---:|" * len(names)]
    for r in rows:
        lines.append(f"| {r['depth']} | {r['l2']} | {r['lofo_auroc']:.3f} | "
                     + " | ".join(f"{r['tasks'][n]:.3f}" for n in names) + " |")
    (out / "noul_probe.md").write_text("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
