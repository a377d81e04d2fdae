"""Calibration: fit one temperature per evaluator and backbone on labelled results.

    jev calibrate results.jsonl                                # every evaluator in the file
    jev calibrate results.jsonl --evaluator answer_correctness --holdout 0.3 --seed 0
    jev calibrate bench.jsonl --model default --plots /tmp/plots/
    jev calibrate bench.jsonl --category date,arithmetic --holdout 0.5 --seed 7

A temperature T divides the final level-token logits: p = softmax(logits / T).  Because
log p = logits - logsumexp(logits), the logits are recoverable from a result's
probabilities up to a constant, and softmax(log p / T) = softmax(logits / T): a results
file is all the fit needs, no model is loaded.  T is fitted by minimising the negative
log-likelihood of the gold level on a fit split (golden-section search over 1/T, where the
NLL is convex); ECE (15 bins), Brier and NLL are reported before and after on the held-out
split, with a reliability diagram of each.

The fit is stored beside the backbone's readouts as
``<readouts>/<backbone>/<evaluator>.calibration.json`` (``$JEV_HOME/readouts``, or
``--out-dir``; ``jev_model/readouts`` ships them) (temperature, the readout it
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
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from jev_model.datasets import metrics
from jev_model.errors import JevError, json_kind
from jev_model.core.readout import calibration_path
from jev_model.core.result import level_index
from jev_model.core.rubric import load_rubric
from jev_model.core.weights import backbone_id, resolve_model
from jev_model.datasets.jsonl import read_objects
from jev_model.fitting.temperature import BETA_RANGE, fit_temperature, nll, scale  # noqa: F401 (BETA_RANGE: jev calibrate)

MIN_FIT, MIN_HELDOUT = 10, 10


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
            raise JevError(f"{path}:{n}: probabilities must be a JSON object or array, got {json_kind(probs)}")
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
        try:
            index = level_index(gold, group.levels or [str(i) for i in range(len(values))], what=name)
        except JevError as exc:
            raise JevError(f"{path}:{n}: {exc}") from None
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


# -- one run of `jev calibrate`: fit, store where jev_model.core.readout finds it, draw -----------
@dataclass(frozen=True)
class CalibrationRun:
    """What to calibrate: which records of a results file, for which backbone, stored where."""

    results: str | Path
    model: str = "default"  # the model whose backbone the calibration is stored for
    backbone: str | None = None  # that backbone's id, in place of ``model``'s
    evaluator: str | None = None  # only this evaluator (and records that name none)
    categories: tuple[str, ...] | None = None  # only records of these categories
    readout: str | None = None  # the readout the records came from, when they do not say
    holdout: float = 0.3
    seed: int = 0
    out_dir: str | Path | None = None  # readouts folder (default $JEV_HOME/readouts)
    plots: str | Path | None = None  # reliability diagrams (default: beside the results file)


def calibrate_results(run: CalibrationRun) -> Iterator[tuple[dict, Path, list[str]]]:
    """Fit a temperature for each evaluator in ``run.results``, store it beside the backbone's
    readouts and draw held-out reliability diagrams before and after; yields (the stored
    calibration, its path, the diagrams) per evaluator as each is stored.

    >>> for stored, path, pngs in calibrate_results(CalibrationRun("r.jsonl", backbone="b123")):  # doctest: +SKIP
    ...     print(stored["temperature"], path)
    """
    categories = set(run.categories) if run.categories is not None else None
    groups = read_labelled(run.results, run.evaluator, categories)
    if run.evaluator and run.evaluator not in groups:
        raise JevError(f"{run.results} has no records for evaluator {run.evaluator!r}")
    if not groups:
        raise JevError(f"{run.results} holds no records"
                       + (f" of category {','.join(run.categories)}" if categories else ""))
    backbone = run.backbone or backbone_id(resolve_model(run.model))
    plots = Path(run.plots) if run.plots else Path(run.results).resolve().parent
    for name, data in groups.items():
        rubric = load_rubric(name)
        if data.backbones - {backbone}:
            raise JevError(f"{name}: records come from backbone(s) {', '.join(sorted(data.backbones))}, "
                           f"not {backbone}; pass --backbone or --model to match")
        readouts = {run.readout} if run.readout else data.readouts
        if len(readouts) > 1:
            raise JevError(f"{name}: records mix readouts {', '.join(sorted(readouts))}; pass --readout NAME")
        result = calibrate(data, run.holdout, run.seed)
        before, after, gold = result.pop("_heldout")
        result.update({"backbone": backbone, "rubric_version": rubric.version,
                       "readout": next(iter(readouts)) if readouts else None,
                       "source": str(run.results), "categories": sorted(categories) if categories else None,
                       "created": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
                       "method": "temperature scaling: NLL on the fit split, golden-section over 1/T"})
        path = calibration_path(backbone, name, run.out_dir)
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
        yield result, path, pngs
