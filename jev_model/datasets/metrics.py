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
    return sum(brier_one(p, g) for p, g in pairs) / len(pairs) if pairs else None


def brier_one(probs: Sequence[float], gold: int) -> float:
    """One item's Brier term: sum_k (p_k - [k == gold])^2 (the one place it is computed)."""
    onehot = np.zeros(len(probs))
    onehot[gold] = 1.0
    return float(np.sum((np.asarray(probs, dtype=float) - onehot) ** 2))


class Calibration:
    """Top-label calibration bins, filled one item at a time (memory does not grow with n).

    confidence = max p, correct = argmax == gold; bin k holds lo_k < confidence <= hi_k
    (the first bin also holds 0) over ``n_bins`` equal-width bins of 0..1."""

    def __init__(self, n_bins: int = ECE_BINS):
        self.edges = np.linspace(0.0, 1.0, n_bins + 1)
        self.count = np.zeros(n_bins, dtype=np.int64)
        self.conf = np.zeros(n_bins)  # sums of confidence per bin
        self.correct = np.zeros(n_bins)  # sums of correct per bin

    def add(self, probs: Sequence[float], gold: int) -> None:
        conf = max(probs)
        k = max(0, int(np.searchsorted(self.edges, conf, side="left")) - 1)  # edges[k] < conf <= edges[k+1]
        k = min(k, len(self.count) - 1)
        self.count[k] += 1
        self.conf[k] += conf
        self.correct[k] += float(int(np.argmax(probs)) == gold)

    def bins(self) -> list[dict]:
        return [{"lo": float(self.edges[k]), "hi": float(self.edges[k + 1]), "count": int(self.count[k]),
                 "confidence": float(self.conf[k] / self.count[k]), "accuracy": float(self.correct[k] / self.count[k])}
                for k in range(len(self.count)) if self.count[k]]

    def ece(self) -> float | None:
        return ece_from_bins(self.bins())


def ece_from_bins(bins: list[dict]) -> float | None:
    n = sum(b["count"] for b in bins)
    if not n:
        return None
    return float(sum(b["count"] * abs(b["accuracy"] - b["confidence"]) for b in bins) / n)


def reliability_bins(probs: Sequence[Sequence[float] | None], gold: Sequence[int | None],
                     n_bins: int = ECE_BINS) -> list[dict]:
    """Top-label calibration bins: confidence = max p, correct = argmax == gold."""
    cal = Calibration(n_bins)
    for p, g in _pairs(probs, gold):
        cal.add(p, g)
    return cal.bins()


def expected_calibration_error(probs: Sequence[Sequence[float] | None], gold: Sequence[int | None],
                               n_bins: int = ECE_BINS) -> float | None:
    """ECE over 15 equal-width bins of top-label confidence (Guo et al., 2017)."""
    return ece_from_bins(reliability_bins(probs, gold, n_bins))


class Aggregate:
    """``summarize`` one record at a time, so a results file of any size is summarized in
    constant memory.  ``add`` raises ValueError for a record it cannot use (say, a gold
    index outside the record's levels).

    Example:
        >>> agg = Aggregate()
        >>> agg.add({"score": 1.0, "passed": True, "probabilities": {"no": 0.0, "yes": 1.0}, "gold": 1})
        >>> agg.result()["exact_accuracy"]
        1.0
    """

    def __init__(self, rubric=None, n_bins: int = ECE_BINS):
        self.rubric = rubric  # for records without gold_passed: the rubric's own pass rule on the gold
        self.items = self.scored = self.gold_items = 0
        self.score_sum = self.pass_sum = self.exact_sum = self.brier_sum = 0.0
        self.level_items, self.abs_err_sum = 0, 0.0
        self.agree_items, self.agree_sum = 0, 0.0
        self.prob_items = 0
        self.calibration = Calibration(n_bins)
        # benchmark records also carry cost: seconds per item and tokens in and out
        self.latencies: list[float] = []
        self.tokens = {"tokens_in": [0, 0.0], "tokens_out": [0, 0.0]}  # key -> [count, sum]

    def add(self, r: dict) -> None:
        if r.get("latency_s") is not None:
            self.latencies.append(float(r["latency_s"]))
        for key, acc in self.tokens.items():
            if r.get(key) is not None:
                acc[0] += 1
                acc[1] += float(r[key])
        if r.get("unscored"):
            self.items += 1
            return
        # a system that answers one level (a reasoning model) has no probabilities: its
        # level is its top level, and ECE and Brier leave it out rather than fake it
        probs = list(r["probabilities"].values()) if r.get("probabilities") else None
        top = int(np.argmax(probs)) if probs else int(round(float(r["level"])))
        gold = r.get("gold")
        if gold is not None:
            gold = int(gold)
            if probs and not 0 <= gold < len(probs):
                raise ValueError(f"gold {gold} is not a level index of {len(probs)} levels")
        score, passed = float(r["score"]), bool(r["passed"])
        self.items += 1
        self.scored += 1
        self.score_sum += score
        self.pass_sum += float(passed)
        if gold is None:
            return
        self.gold_items += 1
        self.exact_sum += float(top == gold)
        if r.get("level") is not None:
            self.level_items += 1
            self.abs_err_sum += abs(float(r["level"]) - gold)
        # the gold pass: the rubric's own pass rule applied to the gold level (jev score
        # stores it); for records without it, computed from the rubric given, if any
        gold_passed = r.get("gold_passed")
        if gold_passed is None and self.rubric is not None:
            from jev_model.core.result import gold_passes

            gold_passed = gold_passes(self.rubric, gold)
        if gold_passed is not None:
            self.agree_items += 1
            self.agree_sum += float(passed == bool(gold_passed))
        if probs:
            self.prob_items += 1
            self.brier_sum += brier_one(probs, gold)
            self.calibration.add(probs, gold)

    def result(self) -> dict:
        out = {"items": self.items, "scored": self.scored, "unscored": self.items - self.scored,
               "mean_score": self.score_sum / self.scored if self.scored else None,
               "pass_rate": self.pass_sum / self.scored if self.scored else None}
        if self.gold_items:
            out["gold_items"] = self.gold_items
            out["exact_accuracy"] = self.exact_sum / self.gold_items
            if self.level_items == self.gold_items:
                out["mae"] = self.abs_err_sum / self.gold_items
            if self.agree_items:
                out["pass_agreement"] = self.agree_sum / self.agree_items
            if self.prob_items:
                out["ece"] = self.calibration.ece()
                out["brier"] = self.brier_sum / self.prob_items
        if self.latencies:
            out["median_latency_s"] = float(np.median(self.latencies))
        for key, (count, total) in self.tokens.items():
            if count:
                out[f"{key}_per_item"] = total / count
        return {k: (None if isinstance(v, float) and math.isnan(v) else v) for k, v in out.items()}


def summarize(records: Sequence[dict], rubric=None) -> dict:
    """Aggregate result records (``Result.to_dict()`` plus an optional ``gold`` level).

    ``gold`` is the index of the gold level or option; graded rubrics also get MAE;
    ``gold_passed`` (or, without it, ``rubric``'s pass rule on the gold) gives pass agreement."""
    agg = Aggregate(rubric)
    for r in records:
        agg.add(r)
    return agg.result()


def reliability_diagram(probs, gold, path, title: str = "Reliability", n_bins: int = ECE_BINS) -> None:
    """Write a reliability diagram (accuracy against confidence, with bin counts) as a PNG."""
    plot_reliability(reliability_bins(probs, gold, n_bins), path, title, n_bins)


def plot_reliability(bins: list[dict], path, title: str = "Reliability", n_bins: int = ECE_BINS) -> None:
    """The reliability diagram of ready bins (``Calibration.bins()``) as a PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ece = ece_from_bins(bins)
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


def auroc(scores: Sequence[float], positive: Sequence[bool]) -> float | None:
    """Area under the ROC curve of ``scores`` for the ``positive`` items (Mann-Whitney, ties
    counted half); None without both classes.

    >>> auroc([0.9, 0.8, 0.3, 0.1], [True, False, True, False])
    0.75
    """
    pos = [s for s, y in zip(scores, positive) if y]
    neg = [s for s, y in zip(scores, positive) if not y]
    if not pos or not neg:
        return None
    ranked = sorted((s, i) for i, s in enumerate(list(pos) + list(neg)))
    ranks = [0.0] * len(ranked)
    i = 0
    while i < len(ranked):  # average ranks over ties
        j = i
        while j + 1 < len(ranked) and ranked[j + 1][0] == ranked[i][0]:
            j += 1
        for k in range(i, j + 1):
            ranks[ranked[k][1]] = (i + j) / 2 + 1
        i = j + 1
    rank_sum = sum(ranks[: len(pos)])
    return (rank_sum - len(pos) * (len(pos) + 1) / 2) / (len(pos) * len(neg))
