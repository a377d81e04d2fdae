"""Calibration: fit one temperature per evaluator and backbone on labelled results.

    jev calibrate results.jsonl                                # every evaluator in the file
    jev calibrate results.jsonl --evaluator answer_correctness --holdout 0.3 --seed 0
    jev calibrate bench.jsonl --model default --plots benchmarks/results/
    jev calibrate bench.jsonl --category date,arithmetic --holdout 0.5 --seed 7

A temperature T divides the final level-token logits: p = softmax(logits / T).  Because
log p = logits - logsumexp(logits), the logits are recoverable from a result's
probabilities up to a constant, and softmax(log p / T) = softmax(logits / T): a results
file is all the fit needs, no model is loaded.  T is fitted by minimising the negative
log-likelihood of the gold level on a fit split (golden-section search over 1/T, where the
NLL is convex); ECE (15 bins), Brier and NLL are reported before and after on the held-out
split, with a reliability diagram of each.

The fit is stored beside the backbone's readouts as
``weights/readouts/<backbone>/<evaluator>.calibration.json`` (temperature, the readout it
was fitted for, split, data hash, metrics); the engine applies it to that readout (raw or
trained) at bind time, and every result names the calibration it used.

Records (JSON lines) are read tolerantly.  A record needs:

* ``probabilities`` - a dict level -> p (the order of the rubric's levels) or a list;
* ``gold``          - the gold level's index (int), or its token or name ("4", "C", "yes");
                      ``gold_level`` is accepted too;
* ``evaluator``     - unless ``--evaluator`` names it for the whole file;

and may carry ``readout`` (the readout that produced it, e.g. "raw") and ``backbone``.
A record may also nest the result under ``result`` (``{"result": {...}, "gold": 3}``).
Unscored records (``unscored`` set, or no probabilities) and records without gold are
skipped and counted.  This is the shape ``jev score`` and the benchmark write
(``Result.to_dict()`` plus ``gold``).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import math
import sys
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from . import metrics
from .errors import JevError
from .jsonl import read_objects

MIN_FIT, MIN_HELDOUT = 10, 10
BETA_RANGE = (1e-3, 50.0)  # 1/T searched in here: T from 0.02 to 1000
PROB_FLOOR = 1e-12


@dataclass
class Labelled:
    """The labelled, scored records of one evaluator."""

    evaluator: str
    levels: list[str] | None = None
    probs: list[list[float]] = field(default_factory=list)
    gold: list[int] = field(default_factory=list)
    readouts: set = field(default_factory=set)
    backbones: set = field(default_factory=set)
    skipped: dict = field(default_factory=dict)

    def skip(self, why: str) -> None:
        self.skipped[why] = self.skipped.get(why, 0) + 1


def _gold_index(gold, levels: list[str] | None, n: int) -> int | None:
    if isinstance(gold, bool):
        return None
    if isinstance(gold, (int, float)) and float(gold).is_integer() and 0 <= int(gold) < n:
        return int(gold)
    if isinstance(gold, str):
        if levels and gold in levels:
            return levels.index(gold)
        if gold.strip().isdigit() and int(gold) < n:
            return int(gold)
    return None


def read_labelled(path: str | Path, evaluator: str | None = None,
                  categories: set[str] | None = None) -> dict[str, Labelled]:
    """Read a results file into labelled records per evaluator (see the module docstring);
    with ``categories``, only records whose ``category`` is one of them."""
    path = Path(path)
    out: dict[str, Labelled] = {}
    for n, rec in read_objects(path):
        if categories is not None and rec.get("category") not in categories:
            continue
        result = rec.get("result") if isinstance(rec.get("result"), dict) else rec
        name = result.get("evaluator") or rec.get("evaluator") or evaluator
        if not name:
            raise JevError(f"{path}:{n}: the record names no evaluator; pass --evaluator NAME")
        if evaluator and name != evaluator:
            continue
        group = out.setdefault(name, Labelled(name))
        probs = result.get("probabilities")
        if result.get("unscored") or probs is None:
            group.skip("unscored")
            continue
        if isinstance(probs, dict):
            levels, values = list(probs), list(probs.values())
        elif isinstance(probs, list):
            levels, values = None, probs
        else:
            raise JevError(f"{path}:{n}: probabilities must be an object or a list, not {type(probs).__name__}")
        if not values or not all(isinstance(v, (int, float)) and math.isfinite(v) and v >= 0 for v in values):
            raise JevError(f"{path}:{n}: probabilities must be finite non-negative numbers")
        if group.levels is None and levels is not None:
            group.levels = levels
        if (levels is not None and levels != group.levels) or (group.probs and len(values) != len(group.probs[0])):
            raise JevError(f"{path}:{n}: levels {levels or len(values)} differ from earlier records' "
                           f"{group.levels or len(group.probs[0])} for {name}")
        gold = rec.get("gold", rec.get("gold_level", result.get("gold")))
        if gold is None:
            group.skip("no gold")
            continue
        index = _gold_index(gold, group.levels, len(values))
        if index is None:
            raise JevError(f"{path}:{n}: gold {gold!r} is not a level of {name} "
                           f"({', '.join(group.levels) if group.levels else f'0-{len(values) - 1}'})")
        total = float(sum(values))
        if total <= 0:
            raise JevError(f"{path}:{n}: probabilities sum to 0")
        group.probs.append([float(v) / total for v in values])
        group.gold.append(index)
        for key, bucket in (("readout", group.readouts), ("backbone", group.backbones)):
            value = result.get(key, rec.get(key))
            if value:
                bucket.add(value)
    return out


# -- the fit -------------------------------------------------------------------------------------
def scale(probs: np.ndarray, temperature: float) -> np.ndarray:
    """softmax(log p / T) for rows of probabilities [N, L]."""
    logits = np.log(np.maximum(probs, PROB_FLOOR)) / temperature  # [N, L]
    logits -= logits.max(axis=1, keepdims=True)
    e = np.exp(logits)
    return e / e.sum(axis=1, keepdims=True)


def nll(probs: np.ndarray, gold: np.ndarray, temperature: float = 1.0) -> float:
    """Mean negative log-likelihood of the gold level after scaling."""
    p = scale(probs, temperature)[np.arange(len(gold)), gold]
    return float(-np.mean(np.log(np.maximum(p, PROB_FLOOR))))


def fit_temperature(probs, gold, tol: float = 1e-6) -> float:
    """The temperature minimising the NLL of the gold levels.

    The NLL is convex in beta = 1/T (a log-sum-exp of functions linear in beta), so a
    golden-section search over beta finds the minimum.

    >>> probs = np.array([[0.9, 0.1]] * 4)      # says 90% ...
    >>> round(fit_temperature(probs, [0, 0, 0, 1]), 2)  # ... is right 75% of the time
    2.0
    """
    probs, gold = np.asarray(probs, dtype=float), np.asarray(gold, dtype=int)
    lo, hi = math.log(BETA_RANGE[0]), math.log(BETA_RANGE[1])  # searched in log beta: unimodal still
    f = lambda lb: nll(probs, gold, 1.0 / math.exp(lb))  # noqa: E731
    ratio = (math.sqrt(5) - 1) / 2
    a, b = lo + (1 - ratio) * (hi - lo), lo + ratio * (hi - lo)
    fa, fb = f(a), f(b)
    while hi - lo > tol:
        if fa <= fb:
            hi, b, fb = b, a, fa
            a = lo + (1 - ratio) * (hi - lo)
            fa = f(a)
        else:
            lo, a, fa = a, b, fb
            b = lo + ratio * (hi - lo)
            fb = f(b)
    return 1.0 / math.exp((lo + hi) / 2)


def split(n: int, holdout: float, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Indices of the fit and held-out splits (a seeded permutation)."""
    order = np.random.default_rng(seed).permutation(n)
    n_hold = int(round(n * holdout))
    return np.sort(order[n_hold:]), np.sort(order[:n_hold])


def report(probs: np.ndarray, gold: np.ndarray) -> dict:
    rows, g = probs.tolist(), gold.tolist()
    return {"items": len(g), "ece": metrics.expected_calibration_error(rows, g), "brier": metrics.brier(rows, g),
            "nll": nll(probs, gold), "exact_accuracy": metrics.exact_accuracy([int(np.argmax(p)) for p in rows], g)}


def data_hash(probs: np.ndarray, gold: np.ndarray) -> str:
    """sha256 over the records used (rounded probabilities and gold), independent of file layout."""
    text = json.dumps([[round(float(x), 8) for x in row] + [int(y)] for row, y in zip(probs, gold)])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def calibrate(data: Labelled, holdout: float = 0.3, seed: int = 0) -> dict:
    """Fit a temperature on the fit split; metrics before and after on both splits."""
    if not 0 < holdout < 1:
        raise JevError(f"--holdout must be between 0 and 1 (exclusive), not {holdout}")
    probs, gold = np.asarray(data.probs, dtype=float), np.asarray(data.gold, dtype=int)
    fit_idx, hold_idx = split(len(gold), holdout, seed)
    if len(fit_idx) < MIN_FIT or len(hold_idx) < MIN_HELDOUT:
        raise JevError(f"{data.evaluator}: {len(gold)} labelled scored records give {len(fit_idx)} to fit and "
                       f"{len(hold_idx)} held out; at least {MIN_FIT} and {MIN_HELDOUT} are needed")
    temperature = fit_temperature(probs[fit_idx], gold[fit_idx])
    out = {"evaluator": data.evaluator, "temperature": temperature,
           "split": {"holdout": holdout, "seed": seed, "fit_items": len(fit_idx), "heldout_items": len(hold_idx)},
           "data": {"records": len(gold), "sha256": data_hash(probs, gold), "skipped": data.skipped},
           "metrics": {}}
    for name, idx in (("heldout", hold_idx), ("fit", fit_idx)):
        out["metrics"][name] = {"before": report(probs[idx], gold[idx]),
                                "after": report(scale(probs[idx], temperature), gold[idx])}
    out["_heldout"] = (probs[hold_idx], scale(probs[hold_idx], temperature), gold[hold_idx])
    return out


# -- storing and applying ------------------------------------------------------------------------
def calibration_path(backbone: str, evaluator: str) -> Path:
    from . import readout

    return readout.READOUT_DIR / backbone / f"{evaluator}.calibration.json"


def find_calibration(backbone: str, rubric, readout_name: str) -> dict | None:
    """The stored calibration for this backbone, evaluator and readout, or None.

    One fitted for another readout (raw vs trained) or rubric version is not applied, with a
    warning: its temperature would be wrong for these logits."""
    path = calibration_path(backbone, rubric.name)
    if not path.exists():
        return None
    try:
        cal = json.loads(path.read_text())
        temperature = float(cal["temperature"])
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise JevError(f"{path}: unreadable calibration ({exc})") from None
    if not (math.isfinite(temperature) and temperature > 0):
        raise JevError(f"{path}: temperature must be a positive number, not {cal['temperature']!r}")
    why = None
    if cal.get("backbone") not in (None, backbone):
        why = f"backbone {cal.get('backbone')}"
    elif cal.get("rubric_version") not in (None, rubric.version):
        why = f"{rubric.name} v{cal.get('rubric_version')}"
    elif cal.get("readout") not in (None, readout_name):
        why = f"readout {cal.get('readout')}"
    if why:
        print(f"warning: {path} was fitted for {why}, not this one; not applied", file=sys.stderr)
        return None
    return cal


def describe(cal: dict, path_name: str) -> str:
    """What a result shows about the calibration it used."""
    return f"T={cal['temperature']:.3f} ({path_name}, fitted on {cal.get('split', {}).get('fit_items', '?')} items)"


# -- the command ---------------------------------------------------------------------------------
def cmd_calibrate(args) -> int:
    from .rubric import load_rubric
    from .weights import backbone_id, resolve_model

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
        path = calibration_path(backbone, name)
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
    p.set_defaults(func=cmd_calibrate)
