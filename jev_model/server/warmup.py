"""Warm-up: measure how fast the loaded engine reads before the server listens, so admission
starts from a measurement rather than a guess.

Example:
    >>> batcher.assume_speed(measure_speed(engine))   # doctest: +SKIP
"""

from __future__ import annotations

import time

from jev_model.server.costs import read_cost

SAMPLE_STATE = "Ticket {i}: I was charged twice for invoice {i} and the refund has not arrived. Fix it today."
SAMPLE_QUESTIONS = {  # a small request, as the SDK's examples send
    "refund": {"type": "noul", "instructions": "Is the customer asking for money back?"},
    "team": {"type": "choice", "instructions": "Which team?", "criteria": {"billing": "Payments", "sales": None}},
    "anger": {"type": "score", "instructions": "How angry?", "criteria": ["Calm", "Frustrated", "Very angry"]},
}
BURST_STATES = 4  # a step as a burst makes it: one short question on each of several new states, read together
BURST_QUESTION = {"urgent": {"type": "noul", "instructions": "Is this urgent?"}}


def sample_reads(engine, i: int) -> list[list]:
    """The two kinds of step a server reads, as ready requests (new states each ``i``): one
    small request alone (three questions on one state), and a burst's step (one question on
    each of ``BURST_STATES`` states, their prompts read together)."""
    alone = engine.plan_ask(SAMPLE_STATE.format(i=i), SAMPLE_QUESTIONS)[1].requests
    burst = [r for k in range(BURST_STATES)
             for r in engine.plan_ask(SAMPLE_STATE.format(i=f"{i}-{k}"), BURST_QUESTION)[1].requests]
    return [alone, burst]


def measure_speed(engine, reads: int = 2) -> float:
    """Seconds per token of the reads a server makes (``sample_reads``: a small request alone
    and a burst's step of several new states): the slowest of ``reads`` rounds after one that
    warms up, plus a quarter (the worker's own estimate is its mean plus two deviations;
    promises booked from a bare mean fell short by more than their margin over a minute-long
    line).  A server takes it as its first estimate (``Batcher.assume_speed``), so the first
    clients refused are promised times from a measurement, not from the pessimistic guess;
    until its steps are measured under a burst's load it admits on twice this
    (``batcher.COLD_FACTOR``).

    Example:
        >>> batcher.assume_speed(measure_speed(engine))   # doctest: +SKIP
    """
    slowest = 0.0
    for i in range(reads + 1):
        for jobs in sample_reads(engine, i):
            tokens = sum(p + s for p, s in read_cost(engine, jobs))
            start = time.perf_counter()
            engine.read(jobs)
            if i:
                slowest = max(slowest, (time.perf_counter() - start) / tokens)
    return slowest * 1.25


SAMPLE_EXPLANATION = {"input": "Why do we see lightning before we hear thunder?",
                      "output": "Sound is far slower than light, so the flash arrives first.",
                      "expected": "Because light moves much faster than sound."}


def warm_readers(engine) -> list[str]:
    """Read one explanation per catalogue evaluator that ``settings.explanations`` sends to a
    second model, so the second model is loaded and its rubric prefixes are cached before the
    server listens (a cold prefix there costs its tokens times the second model's size, more
    than a deadline allows: admission would refuse every explanation).  The evaluators warmed."""
    from jev_model.core.rubric import catalogue_names
    from jev_model.errors import JevError

    if not engine.settings.explanations:
        return []
    warmed = []
    for name in catalogue_names():
        rubric = engine.binder.rubric(name)
        if not rubric.checks or rubric.grounding:
            continue
        try:
            request = engine.prepare(name, SAMPLE_EXPLANATION)
        except JevError:  # an evaluator of the caller's that asks for other fields: warmed by its first item
            continue
        if request.reader:
            engine.read([request])
            warmed.append(name)
    return warmed
