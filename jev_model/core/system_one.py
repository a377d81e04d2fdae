"""System One planning: typed questions about one state -> ready read requests and usage.

``questions.py`` says what one question is (parsing, rendering, the answer's shape); this
module turns a whole request, a state and its questions, into requests the engine reads,
and their results back into one reading per question.  Each question's prompt has the
state as its prefix, so the questions of one request (and each question in each of its
option orders) share its token ids and its KV cache; the usage counts the state's tokens
once and each question once, as sent.

The corrections of ``corrections.py`` are planned here: each question is read in the
option orders ``Settings.option_orders`` asks, and, where ``Settings.context_prior`` says
(by default a choice), divided by its answer prior on content-free states (read in the same batch the first time a
question is seen, then kept in ``engine.priors``).

Example:
    >>> parsed, plan = plan(engine, "Refund now!", {"u": {"type": "noul"}})  # doctest: +SKIP
    >>> plan.usage["output_tokens"]                                          # doctest: +SKIP
    0
"""

from __future__ import annotations

from dataclasses import dataclass, field

from jev_model.core.corrections import (CONTENT_FREE, Applied, average_orders, divide_prior, option_orders,
                                        reordered)
from jev_model.core.questions import LABEL_CANDIDATES, Question, parse_question, render_question, to_answer
from jev_model.core.request import ReadRequest, Settings
from jev_model.core.result import Result, build_result
from jev_model.errors import JevError


def parse(questions: dict, label_pool: list[str]) -> dict[str, Question]:
    """Validate every question of a request (JevError naming the first bad one)."""
    if not isinstance(questions, dict) or not questions:
        raise JevError("questions must be a non-empty object of question id -> question")
    parsed = {}
    for qid, spec in questions.items():
        if not isinstance(qid, str) or not qid:
            raise JevError("question ids must be non-empty strings")
        parsed[qid] = parse_question(qid, spec, label_pool)
    return parsed


@dataclass
class _Slot:
    """One question's reads: its state rows (one per order) and, per order, either a known
    prior or the content-free rows that measure it."""

    question: Question
    orders: list[tuple[int, ...]]
    rows: list[int]
    keys: list[tuple] = field(default_factory=list)
    priors: list[tuple | None] = field(default_factory=list)
    prior_rows: list[list[int] | None] = field(default_factory=list)
    use_prior: bool = False


@dataclass
class QuestionPlan:
    """Ready requests for one System One request and how their results become one reading
    per question (``readings``)."""

    requests: list[ReadRequest]
    usage: dict
    slots: list[_Slot]
    priors: object  # the engine's PriorCache

    def readings(self, results: list[Result]) -> list[Result]:
        """One Result per question, in question order: the orders averaged after each was
        divided by its prior; new priors are kept for the next request."""
        out = []
        for slot in self.slots:
            first = results[slot.rows[0]]
            bad = next((results[r] for r in slot.rows if results[r].unscored), None)
            if bad is not None:
                out.append(bad)
                continue
            readings = []
            for k, row in enumerate(slot.rows):
                prior = slot.priors[k] if slot.use_prior else None
                if slot.use_prior and prior is None:
                    prior = self._measure_prior(results, slot.prior_rows[k], slot.keys[k])
                readings.append(divide_prior(list(results[row].probabilities.values()), prior))
            probs = average_orders(readings, slot.orders)
            masses = [results[r].level_mass for r in slot.rows if results[r].level_mass is not None]
            applied = Applied(len(slot.orders), slot.use_prior).describe()
            out.append(build_result(slot.question.rubric, probs,
                                    level_mass=sum(masses) / len(masses) if masses else None,
                                    readout=first.readout, calibration=first.calibration,
                                    warning=first.warning, corrections=applied))
        return out

    def _measure_prior(self, results: list[Result], rows: list[int], key: tuple) -> tuple | None:
        found = [list(results[r].probabilities.values()) for r in rows if not results[r].unscored]
        if not found:
            return None
        prior = [sum(p[i] for p in found) / len(found) for i in range(len(found[0]))]
        self.priors.put(key, prior)
        return tuple(prior)


def plan_parsed(engine, state, parsed: dict[str, Question], settings: Settings | None = None) -> QuestionPlan:
    """Ready requests (tokenized once) for parsed questions, and the usage they cost.

    Wire answers are always given (their level mass goes out beside them), so questions are
    read with no minimum level mass."""
    settings = (settings or engine.settings).replace(min_level_mass=0.0)
    labels = engine.label_pool or LABEL_CANDIDATES
    requests: list[ReadRequest] = []
    slots: list[_Slot] = []
    usage_tokens = 0
    for q in parsed.values():
        orders = option_orders(q, settings.option_orders)
        use_prior = settings.context_prior == "on" or (settings.context_prior == "auto" and q.qtype == "choice")
        if not engine.readout(q.rubric, settings).is_raw:  # a trained readout reads the question as it was fitted
            orders, use_prior = option_orders(q, 1), False
        slot = _Slot(q, orders, [], use_prior=use_prior)
        for k, order in enumerate(orders):
            shown = q if order == tuple(range(len(order))) else reordered(q, order, labels)
            request = engine.complete(ReadRequest(shown.rubric, render_question(state, shown), settings))
            slot.rows.append(len(requests))
            requests.append(request)
            if k == 0:
                usage_tokens += len(request.suffix_ids) if requests[0] is not request else request.tokens
            if use_prior:
                key = (request.readout.name, request.readout.depth, request.suffix_ids)
                prior = engine.priors.get(key)
                slot.keys.append(key)
                slot.priors.append(prior)
                if prior is None:
                    cf_rows = []
                    for cf in CONTENT_FREE:
                        cf_rows.append(len(requests))
                        requests.append(engine.complete(ReadRequest(shown.rubric, render_question(cf, shown),
                                                                    settings)))
                    slot.prior_rows.append(cf_rows)
                else:
                    slot.prior_rows.append(None)
        slots.append(slot)
    return QuestionPlan(requests, {"input_tokens": int(usage_tokens), "output_tokens": 0}, slots, engine.priors)


def plan(engine, state, questions: dict, settings: Settings | None = None
         ) -> tuple[dict[str, Question], QuestionPlan]:
    """``(questions by id, plan)`` for one System One request."""
    parsed = parse(questions, engine.label_pool)
    return parsed, plan_parsed(engine, state, parsed, settings)


def ask(engine, state, questions: dict, settings: Settings | None = None) -> tuple[dict, dict]:
    """Answer typed questions about one state: ``(answers by question id, usage)``."""
    parsed, planned = plan(engine, state, questions, settings)
    readings = planned.readings(engine.read(planned.requests))
    return {qid: to_answer(q, r) for (qid, q), r in zip(parsed.items(), readings)}, planned.usage
