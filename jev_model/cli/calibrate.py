"""``jev calibrate``: wires the command line to jev_model.fitting.calibrate."""

from __future__ import annotations

from pathlib import Path

from jev_model.fitting.calibrate import BETA_RANGE, CalibrationRun, calibrate_results


def cmd_calibrate(args) -> int:
    categories = None
    if args.category:
        categories = tuple(dict.fromkeys(c.strip() for c in args.category.split(",") if c.strip()))
    run = CalibrationRun(args.results, model=args.model, backbone=args.backbone, evaluator=args.evaluator,
                         categories=categories, readout=args.readout, holdout=args.holdout, seed=args.seed,
                         out_dir=args.out_dir, plots=args.plots)
    for result, path, pngs in calibrate_results(run):
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
