"""Held-out accuracy of a trained readout beside the raw readout, per category, on the
benchmark's TEST items (answer_correctness, or the factuality / correctness_reference items
derived from them, ``tools.datagen.derived``) (never trained on: ``jev train`` drops any
training item that matches one).

    python -m benchmarks.readouts.readout_eval                              # default model -> benchmarks/results/readouts/readout_eval.{md,json,png}
    python -m benchmarks.readouts.readout_eval --model smollm2-135m-instruct --out benchmarks/results/readouts/readout_eval_smollm2
    python -m benchmarks.readouts.readout_eval --readout /tmp/r.safetensors # another trained readout file
    python -m benchmarks.readouts.readout_eval --evaluator factuality       # -> benchmarks/results/readouts/readout_eval_factuality.*
    python -m benchmarks.readouts.readout_eval --dtype int8 --out benchmarks/results/readouts/readout_eval_int8
    python -m benchmarks.readouts.readout_eval --llama-cpp --out benchmarks/results/readouts/readout_eval_llama.cpp   # Q4_K_M backbone

System under test: the engine's scoring path (render with the computed checks -> tokenize ->
one forward pass -> last hidden state (and the check features) -> readout -> softmax -> result), read twice from the
same hidden states: with the LM head's own level rows (``raw``) and with the trained
readout (``trained``).  The hidden states come from the backbone with the rubric prefix's
key/value cache computed once (the engine's own prefix-cached ``hidden_last``, equal to
the uncached forward up to float rounding) and are cached on disk, so a rerun is instant.
Metrics (``jev_model.datasets.metrics.summarize``): exact-level accuracy, MAE of E[level], pass
agreement (passed vs gold >= 3), ECE (15 bins, top-level confidence), Brier; unscored
items are counted and kept out.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from benchmarks.harness import ITEMS_DIR, RESULTS_DIR, add_model_flags, items as read_items, run_main
from jev_model.errors import JevError
from jev_model.datasets.metrics import reliability_diagram, summarize

EVALUATOR = "answer_correctness"
OUT = RESULTS_DIR / "readouts" / "readout_eval"
KEYS = ("items", "scored", "unscored", "exact_accuracy", "mae", "pass_agreement", "ece", "brier")


def run(args) -> dict:
    from jev_model.core.engine import Engine
    from jev_model.core.readout import load_readout
    from jev_model.core.rubric import load_rubric
    from jev_model.core.result import gold_passes
    from jev_model.fitting.hidden import HiddenCache, fill_caches
    from jev_model.fitting.train import gold_index, prepare_items, sample_per_category

    evaluator = args.evaluator
    path = Path(args.items) if args.items else ITEMS_DIR / f"{evaluator}.jsonl"
    if not path.is_file():
        raise JevError(f"no test items: {path} is missing (or pass --items)")
    items = read_items(path)
    items = sample_per_category(items, args.per_category, args.seed)
    rubric = load_rubric(evaluator)
    gold = [gold_index(rubric, it, f"test item {n + 1} ({it.get('id', 'no id')})") for n, it in enumerate(items)]
    # no calibration files: each readout is measured as trained (the trained one with its own temperature)
    base = Engine.load(args.model, device=args.device, dtype=args.dtype, checks=not args.no_checks,
                       readout="raw", calibration=False)
    settings = {"raw": base.settings, "trained": base.settings.replace(readout="trained")}
    readout = (load_readout(Path(args.readout), base.backbone, rubric) if args.readout
               else base.readout(rubric, settings["trained"]))
    if readout.is_raw:
        raise JevError(f"no trained readout for backbone {base.backbone} and {evaluator} (run jev train, or pass --readout)")
    # the prompts the readout was fitted on: with the meaning part of the checks line where it reads meaning
    base.settings = base.settings.replace(meaning="on" if readout.reads_meaning else "off")
    settings = {name: s.replace(meaning=base.settings.meaning) for name, s in settings.items()}

    requests = prepare_items(base, rubric, items, "test items")  # prompts with the checks line, its features, its ids
    dtype = base.precision.path  # int8 keeps float32 embeddings: the path, not a parameter's dtype
    if args.llama_cpp and readout.depth is not None:
        raise JevError(f"--llama-cpp: the readout {readout.name} reads the state after decoder layer {readout.depth}; "
                       "llama.cpp gives only the last layer's (pass --readout with a full-depth one)")
    if args.llama_cpp:  # the same prompts' final hidden states from llama.cpp on the Q4_K_M GGUF
        last, dtype = llama_hidden([(list(r.prefix_ids), list(r.suffix_ids)) for r in requests],
                                   args.batch_size), "llama.cpp"
        h = {"raw": last, "trained": last}
    else:
        cache = Path(args.cache_dir) if args.cache_dir else None
        caches = [HiddenCache.for_engine(base, depth, cache) for depth in dict.fromkeys((None, readout.depth))]
        states = fill_caches(caches, base, requests, args.batch_size)  # one pass: [N, d] after each depth
        h = {"raw": states[0], "trained": states[-1]}  # raw: the last layer; trained: the depth it was fitted at
    records = {"raw": [], "trained": []}
    for name in records:
        for i, it in enumerate(items):
            r = base.result_from_hidden(rubric, h[name][i: i + 1], settings[name],  # the engine's last step
                                        readout=readout if name == "trained" else None, features=requests[i].features)
            records[name].append(dict(r.to_dict(), gold=gold[i], gold_passed=gold_passes(rubric, gold[i]),
                                      category=it.get("category", "")))

    cats = sorted({it.get("category", "") for it in items}) + ["all"]
    table = {}
    for cat in cats:
        table[cat] = {name: {k: summarize([r for r in recs if cat == "all" or r["category"] == cat]).get(k) for k in KEYS}
                      for name, recs in records.items()}
    out = {"command": "python -m benchmarks.readouts.readout_eval " + " ".join(sys.argv[1:]),
           "evaluator": evaluator, "model": base.name, "backbone": base.backbone, "device": args.device,
           "dtype": dtype, "checks": base.settings.checks, "readout": readout.name,
           "readout_manifest": {k: readout.manifest.get(k) for k in
                                ("id", "checks", "temperature", "training_data", "hyperparameters")},
           "items": len(items), "per_category": args.per_category, "metrics": table}
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).with_suffix(".json").write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n")
    Path(args.out).with_suffix(".md").write_text(markdown(out))
    scored = [r for r in records["trained"] if not r.get("unscored")]
    reliability_diagram([list(r["probabilities"].values()) for r in scored], [r["gold"] for r in scored],
                        Path(args.out).with_suffix(".png"), title=f"{base.name}, trained readout, test items")
    return out


def llama_hidden(encoded: list[tuple[list[int], list[int]]], batch: int):
    """Final hidden states ``[N, d]`` of llama.cpp (llama-cpp-python, the default model's source
    GGUF) for prompts that share one prefix, read at each last token."""
    import torch

    from benchmarks.speed.peers import LlamaCpp, gguf_path, workdir

    prefixes = {tuple(p) for p, _ in encoded}
    if len(prefixes) != 1:
        raise JevError("--llama-cpp reads items that share one rubric prefix")
    llama = LlamaCpp(gguf_path(workdir()), torch.get_num_threads(), max_batch=batch, hidden=True)
    try:
        return torch.tensor(llama.read(encoded[0][0], [s for _, s in encoded], None, batch))  # [N, d]
    finally:
        llama.close()


def _fmt(v) -> str:
    return "-" if v is None else (f"{v:.3f}" if isinstance(v, float) else str(v))


def markdown(out: dict) -> str:
    lines = [f"# Readout evaluation: {out['evaluator']} on the benchmark's test items", "",
             f"`{out['command']}`", "",
             f"model `{out['model']}` (backbone {out['backbone']}), {out['device']}, {out['dtype']}, "
             f"computed checks {'on' if out['checks'] else 'off'}; trained readout `{out['readout']}` "
             f"(temperature {out['readout_manifest']['temperature']:.3f}); {out['items']} test items"
             + (f" ({out['per_category']} per category, seeded sample)" if out["per_category"] else "") + ".", "",
             "| category | readout | items | unscored | exact | MAE | pass agreement | ECE | Brier |",
             "|---|---|---|---|---|---|---|---|---|"]
    for cat, row in out["metrics"].items():
        for name, m in row.items():
            lines.append(f"| {cat} | {name} | {m['items']} | {m['unscored']} | {_fmt(m['exact_accuracy'])} | "
                         f"{_fmt(m['mae'])} | {_fmt(m['pass_agreement'])} | {_fmt(m['ece'])} | {_fmt(m['brier'])} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.readouts.readout_eval", description=__doc__.split("\n\n")[0])
    ap.add_argument("--evaluator", default=EVALUATOR, help="answer_correctness (default), factuality, "
                    "correctness_reference: test items benchmarks/items/<evaluator>.jsonl")
    add_model_flags(ap)
    ap.add_argument("--no-checks", action="store_true", help="render without the computed checks line")
    ap.add_argument("--llama-cpp", action="store_true", help="read the hidden states from llama.cpp on the "
                    "default model's Q4_K_M GGUF (pip install -e \".[speed-peers]\") instead of the torch backbone")
    ap.add_argument("--readout", help="a trained readout file (default: the one shipped for the backbone)")
    ap.add_argument("--items", help="test items JSONL (default benchmarks/items/<evaluator>.jsonl)")
    ap.add_argument("--per-category", type=int, default=None, help="evaluate a seeded sample of N items per category")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--batch-size", type=int, default=8)
    ap.add_argument("--cache-dir", help="hidden-state cache (default $JEV_HOME/cache/hidden)")
    ap.add_argument("--out", help="output path without suffix (.md, .json, .png are written; default "
                    "benchmarks/results/readouts/readout_eval, or readout_eval_<evaluator> for another evaluator)")
    args = ap.parse_args(argv)
    if args.out is None:
        args.out = str(OUT if args.evaluator == EVALUATOR else OUT.with_name(f"readout_eval_{args.evaluator}"))
    return run_main(run, args, lambda out: print(markdown(out)))


if __name__ == "__main__":
    sys.exit(main())
