"""``jev calibrate``: wires the command line to jev_model.fitting.calibrate."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

from jev_model.core.readout import calibration_path
from jev_model.core.rubric import load_rubric
from jev_model.core.weights import backbone_id, resolve_model
from jev_model.datasets import metrics
from jev_model.errors import JevError
from jev_model.fitting.calibrate import BETA_RANGE, calibrate, read_labelled


def cmd_calibrate(args) -> int:
    categories = {c.strip() for c in args.category.split(",") if c.strip()} if args.category else None
    groups = read_labelled(args.results, args.evaluator, categories)
    if args.evaluator and args.evaluator not in groups:
        raise JevError(f"{args.results} has no records for evaluator {args.evaluator!r}")
    if not groups:
        raise JevError(f"{args.results} holds no records" + (f" of category {args.category}" if categories else ""))
    backbone = args.backbone or backbone_id(resolve_model(args.model))
    plots = Path(args.plots) if args.plots else Path(args.results).resolve().parent
    for name, data in groups.items():
        rubric = load_rubric(name)
        if data.backbones - {backbone}:
            raise JevError(f"{name}: records come from backbone(s) {', '.join(sorted(data.backbones))}, "
                           f"not {backbone}; pass --backbone or --model to match")
        readouts = {args.readout} if args.readout else data.readouts
        if len(readouts) > 1:
            raise JevError(f"{name}: records mix readouts {', '.join(sorted(readouts))}; pass --readout NAME")
        result = calibrate(data, args.holdout, args.seed)
        before, after, gold = result.pop("_heldout")
        result.update({"backbone": backbone, "rubric_version": rubric.version,
                       "readout": next(iter(readouts)) if readouts else None,
                       "source": str(args.results), "categories": sorted(categories) if categories else None,
                       "created": dt.datetime.now(dt.timezone.utc).isoformat(
                           timespec="seconds"),
                       "method": "temperature scaling: NLL on the fit split, golden-section over 1/T"})
        path = calibration_path(backbone, name, args.out_dir)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(result, indent=2) + "\n")
        plots.mkdir(parents=True, exist_ok=True)
        pngs = []
        for tag, probs in (("before", before), ("after", after)):
            png = plots / f"{name}.reliability.{tag}.png"
            metrics.reliability_diagram(probs.tolist(), gold.tolist(), png,
                                        title=f"{name}, held out, T={result['temperature']:.3g}"
                                        if tag == "after" else f"{name}, held out, uncalibrated")
            pngs.append(str(png))
        print(format_report(result, path, pngs))
    return 0


def format_report(result: dict, path: Path, pngs: list[str]) -> str:
    m = result["metrics"]["heldout"]
    fmt = lambda v: "-" if v is None else f"{v:.4f}"  # noqa: E731
    rows = [f"{result['evaluator']}: T = {result['temperature']:.4f} (readout {result['readout'] or 'any'}; "
            f"fit {result['split']['fit_items']}, held out {result['split']['heldout_items']}, "
            f"skipped {result['data']['skipped'] or 'none'})",
            "  held-out      ECE     Brier   NLL     exact acc",
            f"  before     {fmt(m['before']['ece'])}  {fmt(m['before']['brier'])}  {fmt(m['before']['nll'])}  "
            f"{fmt(m['before']['exact_accuracy'])}",
            f"  after      {fmt(m['after']['ece'])}  {fmt(m['after']['brier'])}  {fmt(m['after']['nll'])}  "
            f"{fmt(m['after']['exact_accuracy'])}",
            f"  stored: {path}", f"  reliability diagrams: {', '.join(pngs)}"]
    if result["temperature"] > 0.99 / BETA_RANGE[0]:
        rows.append("  note: T is at the search bound: the readings carry no usable information on these items, "
                    "so the fit flattens them toward uniform (ECE cannot fall below 1/levels - accuracy)")
    return "\n".join(rows)


def add_parser(sub) -> None:
    p = sub.add_parser("calibrate", help="fit a temperature per evaluator on labelled results (held-out report)")
    p.add_argument("results", help="JSON lines with probabilities and a gold level (jev score / benchmark records)")
    p.add_argument("--evaluator", help="only this evaluator (and the evaluator of records that name none)")
    p.add_argument("--category", help="only records with one of these categories (comma-separated), "
                   "e.g. date,arithmetic")
    p.add_argument("--holdout", type=float, default=0.3, help="share of records held out for the report (default 0.3)")
    p.add_argument("--seed", type=int, default=0, help="seed of the fit/held-out split (default 0)")
    p.add_argument("--model", default="default", help="the model whose backbone the calibration is stored for")
    p.add_argument("--backbone", help="store for this backbone id instead of --model's")
    p.add_argument("--readout", help="the readout the records came from, when they do not say (e.g. raw)")
    p.add_argument("--plots", help="folder for the reliability diagrams (default: beside the results file)")
    p.add_argument("--out-dir", help="readouts folder to store the calibration in, as <dir>/<backbone>/ "
                   "(default $JEV_HOME/readouts; jev_model/readouts ships it with the package)")
    p.set_defaults(func=cmd_calibrate)
