"""``jev train``: wires the command line to jev_model.fitting (train, and depth for ``--depth best``).

    jev train data/answer_correctness.jsonl data/text_answers.jsonl --per-category 150 --pass-weight 1 \
        --depth best --depths 1,2,3,4,6,8,9,10,12,14,18 --held-out benchmarks/items/answer_correctness.jsonl \
        benchmarks/items/text_answers.jsonl benchmarks/items/halueval_qa_sample.jsonl --out-dir jev_model/readouts

The held-out test items (kept out of training, and ``--depth best``'s gate) are files named
here; their default, ``benchmarks/items/<evaluator>.jsonl``, is relative to the current
directory (a checkout), never to the installed package.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path

from jev_model.core.readers import VARIANT
from jev_model.core.readout import readout_path
from jev_model.errors import JevError
from jev_model.fitting.train import (DEFAULT_L2, TrainConfig, load_training_items, save_readout,
                                     train_readout)

TEST_ITEMS = "benchmarks/items/{evaluator}.jsonl"  # the benchmark's test items, in a checkout (cwd)


def _floats(text: str) -> tuple[float, ...]:
    try:
        values = tuple(float(x) for x in text.split(",") if x.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected comma-separated numbers, got {text!r}") from None
    if not values or any(v < 0 for v in values):
        raise argparse.ArgumentTypeError(f"expected non-negative numbers, got {text!r}")
    return values


def _depth(text: str) -> int | str:
    if text != "best" and not text.isdigit():
        raise argparse.ArgumentTypeError(f"expected a layer count or 'best', got {text!r}")
    return text if text == "best" else int(text)


def depth_list(text: str) -> list[int]:
    """``--depths 1,2,4``: sorted layer counts from 1 (an argparse type; the benchmarks' too)."""
    try:
        values = sorted({int(v) for v in text.split(",") if v.strip()})
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected comma-separated layer counts, got {text!r}") from None
    if not values or values[0] < 1:
        raise argparse.ArgumentTypeError(f"depths are layer counts from 1, got {text!r}")
    return values


def test_item_files(paths: list[str] | None, evaluator: str) -> tuple[str, ...]:
    """The test-item files: each PATH as given, a folder as ``<folder>/<evaluator>.jsonl``;
    none given: the benchmark's, ``benchmarks/items/<evaluator>.jsonl`` under the current
    directory (left for ``load_test_items`` to refuse by name when it is not there)."""
    if not paths:
        return (TEST_ITEMS.format(evaluator=evaluator),)
    return tuple(str(Path(p) / f"{evaluator}.jsonl") if Path(p).is_dir() else p for p in paths)


def cmd_train(args) -> int:
    from jev_model.core.engine import Engine
    from jev_model.core.questions import question_rubric
    from jev_model.core.rubric import load_rubric

    rubric = question_rubric(args.evaluator) or load_rubric(args.evaluator)
    if rubric.caller_levels:
        raise JevError(f"evaluator {rubric.name!r} takes the caller's levels; a readout cannot be trained for it")
    if not 0 < args.val_fraction < 1:
        raise JevError(f"--val-fraction must be between 0 and 1, got {args.val_fraction}")
    items, sha = load_training_items(args.data)
    kwargs = {} if args.checks is None else {"checks": args.checks}
    engine = Engine.load(args.model, device=args.device, dtype=args.dtype, readout="raw", meaning=args.meaning,
                         **kwargs)
    if args.explanations:  # the readout a model reads the explanations another engine sends it with
        items, sha = _explanations(engine, rubric, items)
    cfg = TrainConfig(val_fraction=args.val_fraction, l2=args.l2, lr=args.lr, max_steps=args.max_steps,
                      patience=args.patience, pass_weight=args.pass_weight, seed=args.seed, batch_size=args.batch_size,
                      dedupe_against_tests=not args.no_dedupe, test_items=test_item_files(args.test_items, rubric.name),
                      features=not args.no_features, feature_l2=args.feature_l2, per_category=args.per_category,
                      depth=None if args.depth == "best" else args.depth)
    layers = engine.layer_count
    if isinstance(args.depth, int) and not 1 <= args.depth <= layers:
        raise JevError(f"--depth {args.depth}: {engine.name} has decoder layers 1..{layers}")
    cache_dir = Path(args.cache_dir) if args.cache_dir else None
    if args.depth == "best":
        readout, manifest = _best_depth(engine, rubric, items, cfg, args, sha, cache_dir)
    else:
        readout, manifest = train_readout(engine, rubric, items, cfg, data_sha256=sha, data_files=list(args.data),
                                          cache_dir=cache_dir)
    if args.explanations:
        manifest["variant"] = VARIANT
        manifest["training_data"]["selected_by"] = "jev_model.checks.features.explains"
    name = f"{rubric.name}.{VARIANT}" if args.explanations else rubric.name
    out = Path(args.out) if args.out else readout_path(engine.backbone, name, args.out_dir)
    save_readout(out, readout, manifest)
    v, r = manifest["validation"], manifest["validation_raw"]
    shown = {"readout": str(out), "id": manifest["id"], "checks": manifest["checks"],
             "features": bool(manifest.get("features")), "depth": manifest.get("depth"),
             "temperature": round(manifest["temperature"], 4), "chosen_l2": manifest["hyperparameters"]["chosen_l2"],
             "validation": {k: v.get(k) for k in ("gold_items", "exact_accuracy", "mae", "pass_agreement", "ece", "nll")},
             "validation_raw": {k: r.get(k) for k in ("exact_accuracy", "mae", "pass_agreement", "ece", "nll")}}
    if "depth_selection" in manifest:
        sel = manifest["depth_selection"]
        shown["depth_selection"] = {
            "picked_on_validation": sel["picked_on_validation"], "kept": sel["kept"], "refused": sel["refused"],
            "held_out_exact": {str(row["depth"]): {t["name"]: round(row[t["name"]]["exact_accuracy"], 4)
                                                   for t in sel["held_out"]} for row in sel["rows"]}}
    print(json.dumps(shown, indent=1))
    return 0


def _explanations(engine, rubric, items: list[dict]) -> tuple[list[dict], str]:
    """The items whose reference is an explanation (``checks.features.explains``), found with
    the engine's own checks as ``Engine.prepare`` finds them when it sends them, and the
    sha256 of what is kept (the readout's id names the items it was fitted on)."""
    from jev_model.checks import features_of
    from jev_model.checks.features import explains

    kept = [it for it in items if explains(it, features_of(engine.evidence(rubric, it, engine.settings)))]
    if not kept:
        raise JevError("--explanations: no training item has a reference that is an explanation "
                       "(checks.features.explains: five words or more, no value, yes/no, list or computation, "
                       "and an output that does not repeat the reference's text)")
    selected = "".join(json.dumps(it, sort_keys=True, ensure_ascii=False) + "\n" for it in kept)
    return kept, hashlib.sha256(selected.encode()).hexdigest()


def _best_depth(engine, rubric, items, cfg, args, sha, cache_dir):
    """``--depth best``: a readout per depth, the best on validation kept if the held-out gate
    lets it pass, else the full-depth one (``jev_model.fitting.depth``)."""
    from jev_model.fitting.depth import load_test_sets, sweep_depths

    layers = engine.layer_count
    depths = sorted(set(args.depths or range(1, layers + 1)) | {layers})  # the gate compares with the full depth
    if depths[-1] > layers:
        raise JevError(f"--depths {depths[-1]}: {engine.name} has decoder layers 1..{layers}")
    held_out = args.held_out or (list(cfg.test_items) if cfg.dedupe_against_tests else None)
    if not held_out:
        raise JevError("--depth best needs held-out test items for its gate: pass --held-out PATH...")
    sweep = sweep_depths(engine, rubric, items, cfg, depths, load_test_sets(held_out), data_sha256=sha,
                         data_files=list(args.data), cache_dir=cache_dir)
    picked, refused = sweep.choose(args.tolerance)
    kept = layers if refused else picked
    readout, manifest = sweep.fitted[kept]
    manifest["depth_selection"] = sweep.record(picked, kept, refused, args.tolerance)
    return readout, manifest


def add_parser(sub) -> None:
    p = sub.add_parser("train", help="fit a trained readout (level-token rows) on labelled JSONL items",
                       description=__doc__.split("\n\n")[0])
    p.add_argument("data", nargs="+", help="labelled JSONL: the evaluator's fields and gold (index, token or name)")
    p.add_argument("--evaluator", default="answer_correctness",
                   help="a catalogue evaluator, or noul: typed yes/no questions (items {state, question, gold})")
    p.add_argument("--model", default="default", help="embedded model name or a local model directory")
    p.add_argument("--device", default="cpu", help="cpu or cuda (the backbone's forward passes)")
    p.add_argument("--dtype", default="auto")
    p.add_argument("--checks", dest="checks", action="store_true", default=None,
                   help="add the computed checks line to the state (the engine's default when not given)")
    p.add_argument("--no-checks", dest="checks", action="store_false")
    p.add_argument("--meaning", choices=("on", "off", "auto"), default="on",
                   help="fit with the evidence of meaning (the sentence encoder's features and line part; default "
                        "on; off: the features and checks line of readouts fitted before it, and no encoder at all; "
                        "auto: those features and line, the encoder still telling rival names apart)")
    p.add_argument("--explanations", action="store_true",
                   help="fit on the items whose reference is an explanation only (checks.features.explains) and save "
                        "it as <evaluator>.explanations.safetensors: what this model reads when an engine sends it "
                        "those items (--explanations MODEL)")
    p.add_argument("--out", help="readout file (default <--out-dir>/<backbone>/<evaluator>[.explanations].safetensors)")
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
    p.add_argument("--test-items", nargs="+", metavar="PATH",
                   help="held-out test items to keep out of training: JSONL files, or a folder with "
                   "<evaluator>.jsonl (default benchmarks/items/<evaluator>.jsonl in the current directory)")
    p.add_argument("--no-dedupe", action="store_true", help="do not drop items that match benchmark test items")
    p.add_argument("--no-features", action="store_true", help="read the hidden state only, not the check features "
                   "beside it (with checks on, the readout reads both by default)")
    p.add_argument("--feature-l2", type=float, default=TrainConfig.feature_l2, help="penalty on the feature weights")
    p.add_argument("--per-category", type=int, default=None,
                   help="train on a seeded sample of at most N items per category (after dropping test duplicates)")
    p.add_argument("--depth", type=_depth, default=None,
                   help="read the hidden state after the first N decoder layers, not the last: the engine then runs "
                   "only N layers for this evaluator; 'best': fit one readout per --depths, keep the best on "
                   "validation if its held-out exact on every --held-out set is within --tolerance of the full "
                   "depth's, else the full-depth one")
    p.add_argument("--depths", type=depth_list, help="--depth best: the layer counts tried, comma-separated "
                   "(default every layer; the full depth is always tried)")
    p.add_argument("--held-out", nargs="+", metavar="PATH", help="--depth best: the held-out test sets (JSONL "
                   "with gold) of the gate (default the --test-items files)")
    p.add_argument("--tolerance", type=float, default=0.01, help="--depth best: how far below the full depth's "
                   "held-out exact a shallower readout may read (default 0.01)")
    p.set_defaults(func=cmd_train)
