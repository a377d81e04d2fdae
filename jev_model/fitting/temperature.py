"""Temperature scaling: the one temperature fit, used by ``jev calibrate`` and ``jev train``.

A temperature T divides final level logits: p = softmax(logits / T).  Since log p equals
the logits up to a constant, rows of probabilities are all a fit needs.

Example:
    >>> round(fit_temperature(np.array([[0.9, 0.1]] * 4), [0, 0, 0, 1]), 2)
    2.0
"""

from __future__ import annotations

import math

import numpy as np

BETA_RANGE = (1e-3, 50.0)  # 1/T searched in here: T from 0.02 to 1000
PROB_FLOOR = 1e-12


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


