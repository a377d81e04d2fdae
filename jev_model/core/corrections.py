"""Training-free corrections of a typed question's reading: option order and answer prior.

A small base model reading "Answer yes or no." puts most of its answer mass on one label
whatever the state says, and a choice moves with the order its options are listed in.  Two
corrections that need no training, each applied per question and said in the answer:

* **Option order.**  A choice's options are shown in one canonical order (sorted by name)
  and in every cyclic shift of it (at most ``max_orders``, evenly spaced, and at most
  ``MAX_SHOWN_OPTIONS`` options over all orders), and the
  probabilities are averaged per option: each option is seen at each position and under
  each letter, and the order the options were *sent* in cannot change the answer.  A
  ``noul`` is read with yes/no listed both ways; a ``score`` with its levels listed
  ascending and descending (each level keeps its number).  Every order reads the same
  state, so they share its prefix cache and its forward batch.
* **Contextual calibration** (Zhao et al. 2021, "Calibrate Before Use").  The question,
  in each order, is also read on content-free states (``CONTENT_FREE``); their mean
  probabilities are the question's answer prior, and a reading is divided by it and
  renormalised.  Priors are kept in ``PriorCache`` (outside the model, keyed by the
  question's rendered text), so a question asked again costs nothing extra.

Example:
    >>> from jev_model.core.questions import parse_question
    >>> q = parse_question("t", {"type": "choice", "criteria": {"b": None, "a": None, "c": None}})
    >>> [tuple(q.names[i] for i in order) for order in option_orders(q, 8)]
    [('a', 'b', 'c'), ('b', 'c', 'a'), ('c', 'a', 'b')]
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, replace

from jev_model.core.questions import Question
from jev_model.core.rubric import Level

CONTENT_FREE = ("N/A", "[MASK]", "")  # the content-free inputs of Zhao et al. (2021)
# options shown over all of a choice's orders at most: a long choice is read in fewer orders (255
# options: 2), so that its cost stays near a short one's (each order repeats every option's text)
MAX_SHOWN_OPTIONS = 512
PRIOR_FLOOR = 1e-6  # a prior below this is read as this (no division by ~0)


def option_orders(q: Question, max_orders: int) -> list[tuple[int, ...]]:
    """The orders a question is read in: ``order[j]`` is the index (as sent) of the option
    shown j-th.  ``max_orders`` 1: the question as sent, alone."""
    n = len(q.names)
    if max_orders <= 1:
        return [tuple(range(n))]
    if q.qtype == "choice":
        canon = sorted(range(n), key=lambda i: (q.names[i], i))
        k = max(1, min(n, max_orders, MAX_SHOWN_OPTIONS // n))
        shifts = [round(s * n / k) for s in range(k)]  # evenly spaced, all of them when n <= max_orders
        return [tuple(canon[(s + j) % n] for j in range(n)) for s in shifts]
    return [tuple(range(n)), tuple(reversed(range(n)))]  # noul: yes/no both ways; score: up and down


def reordered(q: Question, order: tuple[int, ...], labels: list[str]) -> Question:
    """The question with its options listed in ``order``.  A choice's options take the
    labels by position (A, B, ... as shown); yes/no and score levels keep their tokens.  The
    rubric is an "options" rubric in shown order: only its probabilities are read."""
    levels = q.rubric.levels
    shown = []
    for j, i in enumerate(order):
        token = labels[j] if q.qtype == "choice" else levels[i].token
        shown.append(Level(token, levels[i].name, levels[i].text, 0.0))
    rubric = replace(q.rubric, kind="options", levels=tuple(shown), pass_rule="score", pass_threshold=0.0)
    return Question(q.qtype, rubric, tuple(q.names[i] for i in order))


def divide_prior(probs: list[float], prior: list[float] | None) -> list[float]:
    """``probs / prior``, renormalised; ``probs`` as they are without a prior."""
    if prior is None:
        return list(probs)
    ratios = [p / max(c, PRIOR_FLOOR) for p, c in zip(probs, prior)]
    total = sum(ratios)
    return [r / total for r in ratios] if total > 0 else list(probs)


def average_orders(readings: list[list[float]], orders: list[tuple[int, ...]]) -> list[float]:
    """Per-order probabilities (in shown order) -> one distribution in the order as sent."""
    n = len(orders[0])
    out = [0.0] * n
    for probs, order in zip(readings, orders):
        for j, i in enumerate(order):
            out[i] += probs[j] / len(orders)
    return out


@dataclass(frozen=True)
class Applied:
    """What was applied to one question's reading, as the answer states it."""

    orders: int
    prior: bool

    def describe(self) -> str | None:
        parts = []
        if self.orders > 1:
            parts.append(f"option order averaged over {self.orders} orders")
        if self.prior:
            parts.append(f"contextual calibration ({len(CONTENT_FREE)} content-free states)")
        return "; ".join(parts) or None


class PriorCache:
    """Answer priors by the question's rendered text and readout (LRU, thread-safe).  One
    per engine, beside its prefix cache; a prior is a few floats."""

    def __init__(self, max_entries: int = 4096):
        self.max_entries = max_entries
        self._priors: OrderedDict[tuple, tuple[float, ...]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple) -> tuple[float, ...] | None:
        with self._lock:
            prior = self._priors.get(key)
            if prior is not None:
                self._priors.move_to_end(key)
            return prior

    def put(self, key: tuple, prior: list[float]) -> None:
        with self._lock:
            self._priors[key] = tuple(prior)
            self._priors.move_to_end(key)
            while len(self._priors) > self.max_entries:
                self._priors.popitem(last=False)

    def __len__(self) -> int:
        return len(self._priors)

    def clear(self) -> None:
        with self._lock:
            self._priors.clear()
