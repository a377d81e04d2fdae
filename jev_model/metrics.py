"""Aggregations over scored items: one place for every report, benchmark and calibration.

Inputs are plain lists so that results files, benchmarks and tests share them.  Unscored
items are passed as ``None`` and left out (their count is reported, never a 0).

Example:
    >>> mean_absolute_error([4.0, 1.0], [4, 0])
    0.5
    >>> round(brier([[0.0, 1.0], [0.5, 0.5]], [1, 0]), 3)
    0.25
"""

from __future__ import annotations

import math
from typing import Sequence

import numpy as np

ECE_BINS = 15


def _pairs(pred: Sequence, gold: Sequence):
    return [(p, g) for p, g in zip(pred, gold) if p is not None and g is not None]


def mean(values: Sequence[float | None]) -> float | None:
    vals = [v for v in values if v is not None]
    return float(np.mean(vals)) if vals else None


def median(values: Sequence[float | None]) -> float | None:
    vals = [v for v in values if v is not None]
    return float(np.median(vals)) if vals else None


def mean_absolute_error(levels: Sequence[float | None], gold: Sequence[int | None]) -> float | None:
    """Mean |expected level - gold level| over the scored items."""
    pairs = _pairs(levels, gold)
    return float(np.mean([abs(p - g) for p, g in pairs])) if pairs else None


def exact_accuracy(argmax_levels: Sequence[int | None], gold: Sequence[int | None]) -> float | None:
    """Share of scored items whose most probable level is the gold level."""
    pairs = _pairs(argmax_levels, gold)
    return float(np.mean([p == g for p, g in pairs])) if pairs else None


def pass_agreement(passed: Sequence[bool | None], gold_passed: Sequence[bool | None]) -> float | None:
    """Share of scored items where passed equals the gold pass (answer_correctness: gold >= 3)."""
    pairs = _pairs(passed, gold_passed)
    return float(np.mean([p == g for p, g in pairs])) if pairs else None


def brier(probs: Sequence[Sequence[float] | None], gold: Sequence[int | None]) -> float | None:
    """Multi-class Brier score: mean over items of sum_k (p_k - [k == gold])^2."""
    pairs = _pairs(probs, gold)
    if not pairs:
        return None
    total = 0.0
    for p, g in pairs:
        onehot = np.zeros(len(p))
        onehot[g] = 1.0
        total += float(np.sum((np.asarray(p) - onehot) ** 2))
    return total / len(pairs)


def reliability_bins(probs: Sequence[Sequence[float] | None], gold: Sequence[int | None],
                     n_bins: int = ECE_BINS) -> list[dict]:
    """Top-label calibration bins: confidence = max p, correct = argmax == gold."""
    pairs = _pairs(probs, gold)
    conf = np.array([max(p) for p, _ in pairs])
    correct = np.array([int(np.argmax(p)) == g for p, g in pairs], dtype=float)
    edges = np.linspace(0.0, 1.0, n_bins + 1)
    bins = []
    for lo, hi in zip(edges[:-1], edges[1:]):
        mask = (conf > lo) & (conf <= hi) if lo > 0 else (conf >= lo) & (conf <= hi)
        if mask.any():
            bins.append({"lo": float(lo), "hi": float(hi), "count": int(mask.sum()),
                         "confidence": float(conf[mask].mean()), "accuracy": float(correct[mask].mean())})
    return bins


def expected_calibration_error(probs: Sequence[Sequence[float] | None], gold: Sequence[int | None],
                               n_bins: int = ECE_BINS) -> float | None:
    """ECE over 15 equal-width bins of top-label confidence (Guo et al., 2017)."""
    bins = reliability_bins(probs, gold, n_bins)
    n = sum(b["count"] for b in bins)
    if not n:
        return None
    return float(sum(b["count"] * abs(b["accuracy"] - b["confidence"]) for b in bins) / n)


def summarize(records: Sequence[dict], pass_level: int = 3) -> dict:
    """Aggregate result records (``Result.to_dict()`` plus an optional ``gold`` level).

    ``gold`` is the index of the gold level or option; graded rubrics also get MAE."""
    scored = [r for r in records if not r.get("unscored")]
    out = {"items": len(records), "scored": len(scored), "unscored": len(records) - len(scored),
           "mean_score": mean([r["score"] for r in scored]),
           "pass_rate": mean([float(r["passed"]) for r in scored])}
    gold_items = [r for r in scored if r.get("gold") is not None]
    if gold_items:
        # a system that answers one level (a reasoning model) has no probabilities: its
        # level is its top level, and ECE and Brier are left out rather than faked
        with_probs = [r for r in gold_items if r.get("probabilities")]
        top = [int(np.argmax(list(r["probabilities"].values()))) if r.get("probabilities") else int(round(r["level"]))
               for r in gold_items]
        gold = [int(r["gold"]) for r in gold_items]
        out["gold_items"] = len(gold_items)
        out["exact_accuracy"] = exact_accuracy(top, gold)
        if all(r.get("level") is not None for r in gold_items):
            out["mae"] = mean_absolute_error([r["level"] for r in gold_items], gold)
            out["pass_agreement"] = pass_agreement([r["passed"] for r in gold_items], [g >= pass_level for g in gold])
        if with_probs:
            probs = [list(r["probabilities"].values()) for r in with_probs]
            wgold = [int(r["gold"]) for r in with_probs]
            out["ece"] = expected_calibration_error(probs, wgold)
            out["brier"] = brier(probs, wgold)
    # benchmark records also carry cost: latency per item and tokens in and out
    for key, name, fn in (("latency_s", "median_latency_s", median), ("tokens_out", "tokens_out_per_item", mean),
                          ("tokens_in", "tokens_in_per_item", mean)):
        values = [r.get(key) for r in records if r.get(key) is not None]
        if values:
            out[name] = fn(values)
    return {k: (None if isinstance(v, float) and math.isnan(v) else v) for k, v in out.items()}


def reliability_diagram(probs, gold, path, title: str = "Reliability", n_bins: int = ECE_BINS) -> None:
    """Write a reliability diagram (accuracy against confidence, with bin counts) as a PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    bins = reliability_bins(probs, gold, n_bins)
    ece = expected_calibration_error(probs, gold, n_bins)
    fig, ax = plt.subplots(figsize=(5, 5))
    ax.plot([0, 1], [0, 1], "--", color="grey", label="perfect calibration")
    width = 1.0 / n_bins
    ax.bar([b["lo"] for b in bins], [b["accuracy"] for b in bins], width=width, align="edge",
           edgecolor="black", alpha=0.7, label="accuracy in bin")
    ax.plot([b["confidence"] for b in bins], [b["accuracy"] for b in bins], "o", color="C3", label="mean confidence")
    for b in bins:
        ax.annotate(str(b["count"]), (b["lo"] + width / 2, b["accuracy"]), ha="center", va="bottom", fontsize=7)
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1.05)
    ax.set_xlabel("confidence (top-level probability)")
    ax.set_ylabel("accuracy")
    ax.set_title(f"{title}\nECE {ece:.3f} over {sum(b['count'] for b in bins)} items" if ece is not None else title)
    ax.legend(loc="upper left", fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
