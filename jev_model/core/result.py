"""The result of one evaluation, with its invariants, and TypeSafe's confidence formulas.

Example:
    >>> score_confidence([0.0, 1.0, 0.0])
    1.0
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass

from jev_model.core.rubric import Rubric


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
    warning: str | None = None  # e.g. read raw because no trained readout fits this backbone
    corrections: str | None = None  # typed questions: the corrections applied (core/corrections.py)

    def __post_init__(self):
        # invariants that hold for every reading; ValueError (not assert: it survives python -O)
        if self.unscored is not None:
            return
        probs = list((self.probabilities or {}).values())
        if not probs or not all(math.isfinite(p) and p >= -1e-9 for p in probs):
            raise ValueError(f"{self.evaluator}: probabilities must be finite and non-negative, got {probs}")
        if abs(sum(probs) - 1.0) >= 1e-4:
            raise ValueError(f"{self.evaluator}: probabilities sum to {sum(probs)}, not 1")
        if self.score is None or not -1e-9 <= self.score <= 1 + 1e-9:
            raise ValueError(f"{self.evaluator}: score {self.score} is outside 0..1")
        if self.confidence is None or not 0.0 <= self.confidence <= 1.0:
            raise ValueError(f"{self.evaluator}: confidence {self.confidence} is outside 0..1")

    def to_dict(self) -> dict:
        return {k: v for k, v in asdict(self).items() if v is not None or k in ("unscored",)}


def level_index(value, tokens: list[str], names: list[str] = (), texts: list[str] = (), what: str = "levels") -> int:
    """A gold value as a level index: a level token, a name or text (any case), or the index
    itself (an int, a whole float or a digit string).  The one gold-label parser: results
    files, training data and calibration all read gold through it.

    >>> level_index("C", ["A", "B", "C"]), level_index(2.0, ["0", "1", "2"]), level_index("same", ["A"], ["same"])
    (2, 2, 0)
    """
    from jev_model.errors import JevError

    n = len(tokens)
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise JevError(f"gold {value!r} is not a level of {what}")
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    text = str(value).strip()
    if text in tokens:
        return tokens.index(text)
    lowered = text.lower()
    for i in range(n):
        if (i < len(names) and lowered == names[i].lower()) or (i < len(texts) and lowered == texts[i].strip().lower()):
            return i
    if text.lstrip("-").isdigit() and 0 <= int(text) < n:
        return int(text)
    shown = ", ".join(t if i >= len(names) or names[i] == t else f"{t} ({names[i]})" for i, t in enumerate(tokens))
    raise JevError(f"gold {value!r} is not a level of {what}: use one of {shown}, or 0..{n - 1}")


def gold_index(rubric: Rubric, value) -> int:
    """A gold value as one of ``rubric``'s level indices (``level_index``)."""
    return level_index(value, rubric.tokens, [lv.name for lv in rubric.levels],
                       [lv.text for lv in rubric.levels], rubric.name)


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
