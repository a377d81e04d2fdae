"""``jev train``: wires the command line to jev_model.fitting.train."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from jev_model.core.readout import readout_path
from jev_model.errors import JevError
from jev_model.fitting.train import (DEFAULT_L2, TrainConfig, load_training_items, save_readout,
                                     train_readout)


def _floats(text: str) -> tuple[float, ...]:
    try:
        values = tuple(float(x) for x in text.split(",") if x.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected comma-separated numbers, got {text!r}") from None
    if not values or any(v < 0 for v in values):
        raise argparse.ArgumentTypeError(f"expected non-negative numbers, got {text!r}")
    return values


def cmd_train(args) -> int:
    from jev_model.core.engine import Engine
    from jev_model.core.rubric import load_rubric

    rubric = load_rubric(args.evaluator)
    if rubric.caller_levels:
        raise JevError(f"evaluator {rubric.name!r} takes the caller's levels; a readout cannot be trained for it")
    if not 0 < args.val_fraction < 1:
        raise JevError(f"--val-fraction must be between 0 and 1, got {args.val_fraction}")
    items, sha = load_training_items(args.data)
    kwargs = {} if args.checks is None else {"checks": args.checks}
    engine = Engine.load(args.model, device=args.device, dtype=args.dtype, readout="raw", **kwargs)
    cfg = TrainConfig(val_fraction=args.val_fraction, l2=args.l2, lr=args.lr, max_steps=args.max_steps,
                      patience=args.patience, pass_weight=args.pass_weight, seed=args.seed, batch_size=args.batch_size,
                      dedupe_against_tests=not args.no_dedupe, test_items_dir=args.test_items,
                      features=not args.no_features, feature_l2=args.feature_l2, per_category=args.per_category,
                      depth=args.depth)
    if args.depth is not None and not 1 <= args.depth <= engine.layer_count:
        raise JevError(f"--depth {args.depth}: {engine.name} has decoder layers 1..{engine.layer_count}")
    readout, manifest = train_readout(engine, rubric, items, cfg, data_sha256=sha, data_files=list(args.data),
                                      cache_dir=Path(args.cache_dir) if args.cache_dir else None)
    out = Path(args.out) if args.out else readout_path(engine.backbone, rubric.name, args.out_dir)
    save_readout(out, readout, manifest)
    v, r = manifest["validation"], manifest["validation_raw"]
    print(json.dumps({"readout": str(out), "id": manifest["id"], "checks": manifest["checks"],
                      "features": bool(manifest.get("features")), "depth": manifest.get("depth"),
                      "temperature": round(manifest["temperature"], 4), "chosen_l2": manifest["hyperparameters"]["chosen_l2"],
                      "validation": {k: v.get(k) for k in ("gold_items", "exact_accuracy", "mae", "pass_agreement", "ece", "nll")},
                      "validation_raw": {k: r.get(k) for k in ("exact_accuracy", "mae", "pass_agreement", "ece", "nll")}},
                     indent=1))
    return 0


def add_parser(sub) -> None:
    p = sub.add_parser("train", help="fit a trained readout (level-token rows) on labelled JSONL items",
                       description=__doc__.split("\n\n")[0])
    p.add_argument("data", nargs="+", help="labelled JSONL: the evaluator's fields and gold (index, token or name)")
    p.add_argument("--evaluator", default="answer_correctness")
    p.add_argument("--model", default="default", help="embedded model name or a local model directory")
    p.add_argument("--device", default="cpu", help="cpu or cuda (the backbone's forward passes)")
    p.add_argument("--dtype", default="auto")
    p.add_argument("--checks", dest="checks", action="store_true", default=None,
                   help="add the computed checks line to the state (the engine's default when not given)")
    p.add_argument("--no-checks", dest="checks", action="store_false")
    p.add_argument("--out", help="readout file (default <--out-dir>/<backbone>/<evaluator>.safetensors)")
    p.add_argument("--out-dir", help="readouts folder (default $JEV_HOME/readouts, found by every engine on this "
                   "machine; jev_model/readouts ships the readout with the package)")
    p.add_argument("--val-fraction", type=float, default=TrainConfig.val_fraction)
    p.add_argument("--l2", type=_floats, default=DEFAULT_L2, help="penalty toward the LM head's rows; "
                   "comma-separated values are all tried (default 1,3,10,30,100)")
    p.add_argument("--lr", type=float, default=TrainConfig.lr)
    p.add_argument("--max-steps", type=int, default=TrainConfig.max_steps)
    p.add_argument("--patience", type=int, default=TrainConfig.patience)
    p.add_argument("--pass-weight", type=float, default=TrainConfig.pass_weight,
                   help="weight of the pass/fail term beside the cross-entropy (0 = cross-entropy only)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--batch-size", type=int, default=8)
    p.add_argument("--cache-dir", help="where hidden states are cached (default $JEV_HOME/cache/hidden)")
    p.add_argument("--test-items", help="directory of the benchmark's test items to dedupe against "
                   "(default benchmarks/items/)")
    p.add_argument("--no-dedupe", action="store_true", help="do not drop items that match benchmark test items")
    p.add_argument("--no-features", action="store_true", help="read the hidden state only, not the check features "
                   "beside it (with checks on, the readout reads both by default)")
    p.add_argument("--feature-l2", type=float, default=TrainConfig.feature_l2, help="penalty on the feature weights")
    p.add_argument("--per-category", type=int, default=None,
                   help="train on a seeded sample of at most N items per category (after dropping test duplicates)")
    p.add_argument("--depth", type=int, default=None,
                   help="read the hidden state after the first N decoder layers, not the last: the engine then runs "
                   "only N layers for this evaluator (faster; measure the held-out accuracy: benchmarks/depth_sweep.py)")
    p.set_defaults(func=cmd_train)
