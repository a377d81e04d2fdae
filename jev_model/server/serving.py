"""Serving objects: one per endpoint, each turning a validated body into planned work.

A route reads the body and hands it to its serving object: ``check`` validates it (cheap, on
the event loop) and ``plan`` renders and tokenizes it once (off the loop) into a ``Planned``:
the ready read requests (token ids carried), their token costs for admission, and how the
results become the response body.  Nothing is tokenized again after planning.

Example:
    >>> serving = ServingSystemOne(engine, ServerConfig())          # doctest: +SKIP
    >>> planned = serving.plan(serving.check(body))                 # doctest: +SKIP
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass

from jev_model.core import system_one
from jev_model.core.catalogue import plan_request
from jev_model.core.request import ReadRequest
from jev_model.errors import JevError
from jev_model.server.config import ServerConfig
from jev_model.server.costs import read_cost
from jev_model.server.wire import WireError, error, invalid, validate_systemone, wire_answer

ALIAS = "jev-latest"  # the SDKs' default model name


@dataclass
class Planned:
    """A request planned once: what to read, what it costs, how to answer."""

    kind: str  # requests of one kind share an engine read
    jobs: list[ReadRequest]  # ready: rubric, readout and token ids filled in
    costs: list[tuple[int, int]]  # (uncached prefix tokens, suffix tokens) per job
    finish: Callable[[list], dict]  # results -> the response body (runs on the worker)


class Serving:
    """What every endpoint shares: the engine, the config, the names it serves."""

    def __init__(self, engine, config: ServerConfig):
        self.engine, self.config = engine, config
        self.served = {ALIAS, engine.name}

    def check_model(self, body: dict) -> None:
        model = body.get("model")
        if model is not None and model not in self.served:
            raise error(404, "not_found", f"model {model!r} is not served here; this server serves "
                                          f"{self.engine.name!r} (also as {ALIAS!r}); see GET /v1/models")


@dataclass
class _Questions:
    state: object
    specs: dict  # as sent: a score's legend echoes them
    parsed: dict  # question id -> Question (parsed once, in check)


class ServingSystemOne(Serving):
    """``POST /v1/systemone``: state + typed questions -> answers + usage."""

    kind = "questions"

    def __init__(self, engine, config: ServerConfig):
        super().__init__(engine, config)
        self.label_pool = list(engine.label_pool)  # computed once here, read by validation only

    def check(self, body) -> _Questions:
        errors, parsed = validate_systemone(body, self.label_pool)
        if errors:
            raise WireError(422, errors)
        self.check_model(body)
        return _Questions(body["state"], body["questions"], parsed)

    def plan(self, checked: _Questions) -> Planned:
        planned = system_one.plan_parsed(self.engine, checked.state, checked.parsed)
        usage = planned.usage
        if usage["input_tokens"] > self.config.max_request_tokens:
            raise error(413, "request_too_large", f"the request is {usage['input_tokens']} tokens; "
                                                  f"the limit is {self.config.max_request_tokens} a request")
        name, questions = self.engine.name, list(checked.parsed.items())

        def finish(results):
            readings = planned.readings(results)
            answers = {qid: wire_answer(q, checked.specs[qid], r) for (qid, q), r in zip(questions, readings)}
            return {"model": name, "answers": answers, "usage": usage}

        return Planned(self.kind, planned.requests, read_cost(self.engine, planned.requests), finish)


class ServingEvaluate(Serving):
    """``POST /v1/evaluate``: ``{"evaluators": [...], fields...}`` -> results."""

    kind = "evaluate"

    def check(self, body) -> tuple[list, dict]:
        if not isinstance(body, dict):
            raise WireError(422, [invalid([], "Input should be a valid dictionary", "dict_type")])
        self.check_model(body)
        try:
            return plan_request({k: v for k, v in body.items() if k != "model"})
        except JevError as exc:
            raise WireError(422, [invalid([], str(exc))]) from None

    def plan(self, checked: tuple[list, dict]) -> Planned:
        rubrics, fields = checked
        requests = [self.engine.prepare(rubric, fields) for rubric in rubrics]
        name = self.engine.name
        return Planned(self.kind, requests, read_cost(self.engine, requests),
                       lambda results: {"model": name, "results": [r.to_dict() for r in results]})


class ServingModels(Serving):
    """``GET /v1/models`` and ``GET /health``."""

    def models(self) -> dict:
        released = release_date(self.engine)
        about = f"{self.engine.name} ({self.engine.describe()['dtype']} on {self.engine.device}), read in one forward pass"
        return {"models": [{"name": ALIAS, "description": f"alias of {about}", "release_date": released},
                           {"name": self.engine.name, "description": about, "release_date": released}]}

    def health(self, batcher) -> dict:
        return {"status": "ok", "model": self.engine.name, "waiting": batcher.waiting,
                "backlog_s": round(batcher.backlog(), 2), "seconds_per_token": batcher.seconds_per_token,
                "dropped": batcher.dropped, "promised": batcher.promised, "deadline_s": batcher.deadline,
                "cache_bytes": self.engine.prefixes.bytes, "cache_bound_bytes": self.engine.prefixes.budget}


def release_date(engine) -> str:
    """The day the served weights were written (YYYY-MM-DD)."""
    config = engine.model_dir / "config.json" if engine.model_dir else None
    when = dt.datetime.fromtimestamp(config.stat().st_mtime, dt.timezone.utc) if config and config.exists() \
        else dt.datetime.now(dt.timezone.utc)
    return when.date().isoformat()
