"""System One planning: typed questions about one state -> ready read requests and usage.

``questions.py`` says what one question is (parsing, rendering, the answer's shape); this
module turns a whole request, a state and its questions, into requests the engine reads.
Each question's prompt has the state as its prefix, so the questions of one request share
its token ids and its KV cache; the usage counts the state's tokens once.

Example:
    >>> parsed, requests, usage = plan(engine, "Refund now!", {"u": {"type": "noul"}})  # doctest: +SKIP
    >>> usage["output_tokens"]                                                        # doctest: +SKIP
    0
"""

from __future__ import annotations

from jev_model.core.questions import Question, parse_question, render_question, to_answer
from jev_model.core.request import ReadRequest, Settings
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


def plan_parsed(engine, state, parsed: dict[str, Question], settings: Settings | None = None
                ) -> tuple[list[ReadRequest], dict]:
    """Ready requests (tokenized once) for parsed questions, and the usage they cost.

    Wire answers are always given (their level mass goes out beside them), so questions are
    read with no minimum level mass."""
    settings = (settings or engine.settings).replace(min_level_mass=0.0)
    requests = [engine.complete(ReadRequest(q.rubric, render_question(state, q), settings))
                for q in parsed.values()]
    # the state's tokens count once: it is the prefix every question shares
    shared = len(requests[0].prefix_ids)
    total = sum(r.tokens for r in requests) - shared * (len(requests) - 1)
    return requests, {"input_tokens": int(total), "output_tokens": 0}


def plan(engine, state, questions: dict, settings: Settings | None = None
         ) -> tuple[dict[str, Question], list[ReadRequest], dict]:
    """``(questions by id, ready requests, usage)`` for one System One request."""
    parsed = parse(questions, engine.label_pool)
    requests, usage = plan_parsed(engine, state, parsed, settings)
    return parsed, requests, usage


def ask(engine, state, questions: dict, settings: Settings | None = None) -> tuple[dict, dict]:
    """Answer typed questions about one state: ``(answers by question id, usage)``."""
    parsed, requests, usage = plan(engine, state, questions, settings)
    results = engine.read(requests)
    return {qid: to_answer(q, r) for (qid, q), r in zip(parsed.items(), results)}, usage
