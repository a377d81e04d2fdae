"""Which evidence of meaning moves answer_correctness (#22): readouts fitted on the same data
and the same prompts (the checks line with its meaning part), reading the check features with
one group of the meaning features at a time, all of them, or none; beside today's shipped
readout on today's prompts.  Measured on held-out items only.

    python -m benchmarks.readouts.meaning_ablation              # -> benchmarks/results/readouts/meaning_ablation.{md,json,png}

Groups (``jev_model.checks.FEATURE_NAMES``; ``jev_model/checks/meaning.py``):

* ``similarity`` - the sentence encoder's cosine of the asserted output and the reference
  (whole, where long, and "close");
* ``claims``     - the reference's claims covered by the output and the output's supported
  by the reference (RAGAS's factual recall and precision, without an LLM);
* ``reversed``   - a relation of the reference turned round (an antonym, a comparison's sides).

Every variant is fitted as ``jev train`` fits (``fit_rows``: the l2 sweep, early stopping on a
validation split of whole templates, one temperature), at the shipped readout's depth, on the
hidden states of one forward pass per item (cached on disk).  Test sets: the held-out
paraphrase items (topics and families never trained on), the meaning items, the 406
date/arithmetic/control items, the text answers and the HaluEval QA sample.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from benchmarks.harness import ITEMS_DIR, RESULTS_DIR, add_model_flags, cpu_flags, items as read_items, run_main

EVALUATOR = "answer_correctness"
OUT = RESULTS_DIR / "readouts" / "meaning_ablation"
TRAIN = ("data/answer_correctness.jsonl", "data/text_answers.jsonl", "data/paraphrase.jsonl")
TESTS = {"paraphrase": "paraphrase.jsonl", "meaning": "meaning.jsonl", "ac406": "answer_correctness.jsonl",
         "text": "text_answers.jsonl", "halueval": "halueval_qa_sample.jsonl"}
GROUPS = {"similarity": ("has_meaning", "meaning_similarity", "meaning_long", "meaning_long_similarity",
                         "meaning_close"),
          "claims": ("has_meaning", "meaning_recall", "meaning_precision", "meaning_long"),
          "reversed": ("meaning_reversed",)}
VARIANTS = {"checks only": (), "+ similarity": ("similarity",), "+ claims": ("claims",),
            "+ reversed": ("reversed",), "all meaning": ("similarity", "claims", "reversed")}


def run(args) -> dict:
    import torch

    from jev_model.checks import FEATURE_NAMES
    from jev_model.checks.features import BASE_FEATURES
    from jev_model.core.engine import Engine
    from jev_model.core.result import gold_passes
    from jev_model.core.rubric import load_rubric
    from jev_model.datasets.metrics import summarize
    from jev_model.fitting.hidden import HiddenCache
    from jev_model.fitting.temperature import fit_temperature
    from jev_model.fitting.train import (Objective, TrainConfig, apply_rows, feature_matrix, fit_rows, gold_index,
                                         load_training_items, prepare_items, select_items, split_items)
    from jev_model.core.result import build_result

    rubric = load_rubric(EVALUATOR)
    engine = Engine.load(args.model, device=args.device, dtype=args.dtype, readout="raw", calibration=False,
                         meaning="on")
    shipped = engine.readout(rubric, engine.settings.replace(readout="trained", meaning="auto"))
    depth = args.depth if args.depth is not None else shipped.depth
    tests = {name: read_items(ITEMS_DIR / f) for name, f in TESTS.items() if (ITEMS_DIR / f).is_file()}
    cfg = TrainConfig(per_category=args.per_category, pass_weight=1.0, depth=depth,
                      test_items=tuple(str(ITEMS_DIR / f) for f in TESTS.values() if (ITEMS_DIR / f).is_file()))
    items, _ = load_training_items([f for f in args.train if Path(f).is_file()])
    items, gold, dropped = select_items(rubric, items, cfg)
    tr, val = split_items(items, cfg.val_fraction, cfg.seed)
    cache = HiddenCache.for_engine(engine, depth)

    def states(engine_, its, where):
        reqs = prepare_items(engine_, rubric, its, where)
        return reqs, cache.hidden(engine_, reqs, args.batch_size)

    reqs, h = states(engine, items, "training data")
    f_all = feature_matrix(reqs)  # [N, F] every feature, the meaning ones included
    y = torch.tensor(gold)
    w0 = engine.lm.head[engine.bind(rubric).token_ids].detach().float().cpu()
    test_h = {n: states(engine, its, f"test set {n}") for n, its in tests.items()}
    test_gold = {n: [gold_index(rubric, it, n) for it in its] for n, its in tests.items()}

    def evaluate(logits_of) -> dict:
        out = {}
        for n, its in tests.items():
            logits = logits_of(n)
            recs = [dict(build_result(rubric, p.tolist()).to_dict(), gold=g, gold_passed=gold_passes(rubric, g),
                         category=it.get("category", ""))
                    for p, g, it in zip(torch.softmax(logits.float(), -1), test_gold[n], its)]
            cats = sorted({r["category"] for r in recs}) if n in ("paraphrase", "meaning") else []
            out[n] = {c: _short(summarize([r for r in recs if c == "all" or r["category"] == c])) for c in ["all"] + cats}
        return out

    results = {}
    # today: the shipped readout on today's prompts (no meaning part, its own features)
    plain = Engine.load(args.model, device=args.device, dtype=args.dtype, readout="raw", calibration=False,
                        meaning="off")
    plain_h = {n: states(plain, its, f"test set {n}") for n, its in tests.items()}
    results["today (shipped)"] = evaluate(lambda n: shipped.level_logits(
        plain_h[n][1], engine.lm.softcap, feature_matrix(plain_h[n][0])[:, : len(BASE_FEATURES)]))
    objective = Objective.for_rubric(rubric, cfg.pass_weight)
    torch.set_num_threads(1)
    for name, groups in VARIANTS.items():
        keep = set(BASE_FEATURES) | {f for g in groups for f in GROUPS[g]}
        mask = torch.tensor([float(n in keep) for n in FEATURE_NAMES])
        f = f_all * mask
        fits = [fit_rows(h[tr], y[tr], h[val], y[val], w0, l2, cfg, engine.lm.softcap, objective, f[tr], f[val])
                for l2 in cfg.l2]
        best = min(fits, key=lambda fit: fit.val_loss)
        with torch.no_grad():
            val_probs = torch.softmax(apply_rows(h[val], best.weight, best.bias, 1.0, engine.lm.softcap,
                                                 best.feature_weight, f[val]), -1)
            t = fit_temperature(val_probs.double().numpy(), y[val].numpy())
            results[name] = evaluate(lambda n: apply_rows(test_h[n][1], best.weight, best.bias, t, engine.lm.softcap,
                                                          best.feature_weight, feature_matrix(test_h[n][0]) * mask))
        print(f"{name}: l2 {best.l2}, step {best.steps}, paraphrase pass "
              f"{results[name].get('paraphrase', {}).get('all', {}).get('pass_agreement')}", file=sys.stderr)
    out = {"command": "python -m benchmarks.readouts.meaning_ablation " + " ".join(sys.argv[1:]),
           "model": engine.name, "backbone": engine.backbone, "dtype": engine.precision.path, "depth": depth,
           "cpu": cpu_flags(), "train_files": list(args.train), "train_items": len(tr), "validation_items": len(val),
           "dropped_as_test_duplicates": dropped, "shipped": shipped.name, "results": results}
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).with_suffix(".json").write_text(json.dumps(out, indent=1) + "\n")
    Path(args.out).with_suffix(".md").write_text(markdown(out))
    plot(out, Path(args.out).with_suffix(".png"))
    return out


def _short(m: dict) -> dict:
    return {k: (round(m[k], 4) if isinstance(m.get(k), float) else m.get(k))
            for k in ("items", "pass_agreement", "exact_accuracy", "mae", "ece")}


def markdown(out: dict) -> str:
    res = out["results"]
    names = list(res)
    sets = list(next(iter(res.values())))
    lines = [f"# Evidence of meaning, ablated: {EVALUATOR} on {out['model']}", "", f"`{out['command']}`", "",
             f"{out['dtype']}, depth {out['depth']}, CPU {out['cpu']}; fitted on {out['train_items']} items "
             f"(validation {out['validation_items']}) of {', '.join(out['train_files'])}; today = `{out['shipped']}`.", "",
             "Pass agreement (exact level in brackets) on held-out sets:", "",
             "| test set | items | " + " | ".join(names) + " |", "|---|---:|" + "---:|" * len(names)]
    for s in sets:
        for cat in res[names[0]][s]:
            label = s if cat == "all" else f"{s}: {cat}"
            row = [f"{res[n][s][cat]['pass_agreement']:.3f} ({res[n][s][cat]['exact_accuracy']:.3f})" for n in names]
            lines.append(f"| {label} | {res[names[0]][s][cat]['items']} | " + " | ".join(row) + " |")
    return "\n".join(lines) + "\n"


def plot(out: dict, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    res = out["results"]
    names, sets = list(res), list(next(iter(res.values())))
    fig, ax = plt.subplots(figsize=(9, 4))
    width = 0.8 / len(names)
    for k, n in enumerate(names):
        ax.bar([i + k * width for i in range(len(sets))], [res[n][s]["all"]["pass_agreement"] for s in sets],
               width, label=n)
    ax.set_xticks([i + 0.4 - width / 2 for i in range(len(sets))], sets)
    ax.set_ylim(0.5, 1.0)
    ax.set_ylabel("pass agreement (held out)")
    ax.set_title(f"{EVALUATOR}: evidence of meaning, ablated ({out['model']})")
    ax.legend(fontsize=7, loc="lower left")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.readouts.meaning_ablation", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    add_model_flags(p)
    p.add_argument("--train", nargs="+", default=list(TRAIN), help="training files (default: %(default)s)")
    p.add_argument("--per-category", type=int, default=150, help="at most this many training items per category")
    p.add_argument("--depth", type=int, default=None, help="decoder layers read (default: the shipped readout's)")
    p.add_argument("--batch-size", type=int, default=8)
    p.add_argument("--out", default=str(OUT))
    return run_main(run, p.parse_args(argv), lambda out: print(markdown(out)))


if __name__ == "__main__":
    sys.exit(main())
