"""The result of one evaluation, with its invariants, and TypeSafe's confidence formulas.

Example:
    >>> score_confidence([0.0, 1.0, 0.0])
    1.0
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass

from .rubric import Rubric


def choice_confidence(probs: list[float]) -> float:
    """(max - 1/n) / (1 - 1/n); 1 when n == 1."""
    n = len(probs)
    if n == 1:
        return 1.0
    return min(1.0, max(0.0, (max(probs) - 1.0 / n) / (1.0 - 1.0 / n)))


def score_confidence(probs: list[float]) -> float:
    """max(0, 1 - sum p_i |i - mode| / D), D = mean |i - (n-1)/2| over the levels."""
    n = len(probs)
    mode = max(range(n), key=lambda i: probs[i])
    spread = sum(abs(i - (n - 1) / 2) for i in range(n)) / n
    if spread == 0:
        return 1.0
    return min(1.0, max(0.0, 1.0 - sum(p * abs(i - mode) for i, p in enumerate(probs)) / spread))


@dataclass
class Result:
    """One evaluator's answer about one item.  ``unscored`` holds the reason when no
    reading could be made; then score, label, confidence, probabilities and passed are None
    and the item is kept out of averages."""

    evaluator: str
    score: float | None = None
    label: str | None = None
    confidence: float | None = None
    probabilities: dict[str, float] | None = None
    passed: bool | None = None
    level: float | None = None  # graded rubrics: the expected level E[level]
    unscored: str | None = None
    level_mass: float | None = None  # raw readout: share of next-token mass on the level tokens
    readout: str = "raw"
    calibration: str | None = None  # the calibration temperature applied, if any (jev calibrate)
    checks: str | None = None

    def __post_init__(self):
        if self.unscored is not None:
            return
        probs = list(self.probabilities.values())
        assert all(math.isfinite(p) and p >= -1e-9 for p in probs), probs
        assert abs(sum(probs) - 1.0) < 1e-4, f"probabilities sum to {sum(probs)}"
        assert self.score is not None and -1e-9 <= self.score <= 1 + 1e-9, self.score
        assert self.confidence is not None and 0.0 <= self.confidence <= 1.0

    def to_dict(self) -> dict:
        return {k: v for k, v in asdict(self).items() if v is not None or k in ("unscored",)}


def gold_passes(rubric: Rubric, index: int) -> bool:
    """The pass a level or option gets when it is read with certainty: the gold's own pass,
    against which ``passed`` is compared (pass agreement)."""
    return build_result(rubric, [float(i == index) for i in range(len(rubric.levels))]).passed


def build_result(rubric: Rubric, probs: list[float], **extra) -> Result:
    """Apply the rubric's score, label, confidence and pass rules to level probabilities."""
    total = sum(probs)
    probs = [p / total for p in probs]  # renormalise float rounding only
    names = [lv.token if rubric.kind == "graded" else lv.name for lv in rubric.levels]
    if rubric.kind == "graded":
        top = len(probs) - 1
        level = sum(i * p for i, p in enumerate(probs))
        score = min(1.0, max(0.0, level / top))
        return Result(
            evaluator=rubric.name, score=score, label=f"{level:.1f} / {top}", level=level,
            confidence=score_confidence(probs), probabilities=dict(zip(names, probs)),
            passed=score >= rubric.pass_threshold, **extra,
        )
    values = [lv.value for lv in rubric.levels]
    best = max(range(len(probs)), key=lambda i: probs[i])
    score = min(1.0, max(0.0, sum(p * v for p, v in zip(probs, values))))
    if rubric.pass_rule == "top_option":
        passed = values[best] >= 1.0
    else:
        passed = score >= rubric.pass_threshold
    lv = rubric.levels[best]
    label = f"{lv.token} ({lv.name})" if rubric.label_with_token else lv.name
    return Result(
        evaluator=rubric.name, score=score, label=label, confidence=choice_confidence(probs),
        probabilities=dict(zip(names, probs)), passed=passed, **extra,
    )
