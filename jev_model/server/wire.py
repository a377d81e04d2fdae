"""The wire format: request bodies in, validation errors and answers out (pure, no I/O).

Validation errors have FastAPI's shape, ``{"loc": ["body", ...], "msg": str, "type": str}``,
so clients written against the hosted API read them unchanged.  Everything a request can
get wrong is caught here or by ``questions.parse_question`` before any model work.

Example:
    >>> errors, body = parse_json(b'{"state": "hi", "questions": {}}')
    >>> validate_systemone(body, label_pool=["A", "B"])[0][0]["loc"]
    ['body', 'questions']
"""

from __future__ import annotations

import json
import math

from jev_model.errors import JevError
from jev_model.core.questions import Question, parse_question, to_answer
from jev_model.core.result import Result

MAX_DEPTH = 64  # nesting of objects/arrays in a request; deeper is rejected, not recursed into
TEXT = (str, dict, list)


class WireError(Exception):
    """A request that cannot be answered: an HTTP status and either ``detail[]`` (422) or
    ``{"error_type", "message"}`` (everything else)."""

    def __init__(self, status: int, detail, headers: dict | None = None):
        super().__init__(detail)
        self.status, self.detail, self.headers = status, detail, headers or {}


def error(status: int, error_type: str, message: str, headers: dict | None = None) -> WireError:
    return WireError(status, {"error_type": error_type, "message": message}, headers)


def invalid(loc: list, msg: str, typ: str = "value_error") -> dict:
    return {"loc": ["body", *loc], "msg": msg, "type": typ}


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"number {text} is out of range")
    return value


def _no_constant(name: str):
    raise ValueError(f"{name} is not JSON")


def parse_json(raw: bytes) -> tuple[list[dict], object]:
    """``(validation errors, value)``: UTF-8 JSON without NaN/Infinity or lone surrogates."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return [invalid([], f"the body is not UTF-8 (byte {exc.start})", "json_invalid")], None
    try:
        value = json.loads(text, parse_float=_finite_float, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        return [invalid([exc.pos], f"JSON decode error: {exc.msg}", "json_invalid")], None
    except (ValueError, RecursionError) as exc:  # NaN, 1e999, an int too long, nesting
        return [invalid([], f"JSON decode error: {str(exc)[:200]}", "json_invalid")], None
    try:  # "\ud800" parses, but is no character: it cannot reach the tokenizer or a response
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return [invalid([], "the body contains an unpaired UTF-16 surrogate escape", "string_unicode")], None
    except RecursionError:
        return [invalid([], f"the body is nested more than {MAX_DEPTH} levels deep", "json_invalid")], None
    if _depth(value) > MAX_DEPTH:
        return [invalid([], f"the body is nested more than {MAX_DEPTH} levels deep", "json_invalid")], None
    return [], value


def _depth(value) -> int:
    deepest, stack = 0, [(value, 1)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, (dict, list)):
            deepest = max(deepest, d)
            stack.extend((c, d + 1) for c in (v.values() if isinstance(v, dict) else v))
    return deepest


def validate_systemone(body, label_pool: list[str]) -> tuple[list[dict], dict[str, Question]]:
    """``(validation errors, questions parsed by id)`` of a ``POST /v1/systemone`` body: the
    questions are parsed here once, and planning takes them as they are."""
    if not isinstance(body, dict):
        return [invalid([], "Input should be a valid dictionary", "dict_type")], {}
    errors, parsed = [], {}
    if "state" not in body:
        errors.append(invalid(["state"], "Field required", "missing"))
    elif not isinstance(body["state"], TEXT):
        errors.append(invalid(["state"], "state must be a string, an object or an array", "union_type"))
    if "model" in body and not isinstance(body["model"], str):
        errors.append(invalid(["model"], "Input should be a valid string", "string_type"))
    if body.get("assets"):
        errors.append(invalid(["assets"], "this server's models read text only; image assets are not supported",
                              "value_error"))
    questions = body.get("questions")
    if "questions" not in body:
        errors.append(invalid(["questions"], "Field required", "missing"))
    elif not isinstance(questions, dict):
        errors.append(invalid(["questions"], "Input should be a valid dictionary", "dict_type"))
    elif not questions:
        errors.append(invalid(["questions"], "questions must hold at least one question", "too_short"))
    else:
        for qid, spec in questions.items():
            problems, question = _validate_question(qid, spec, label_pool)
            errors += problems
            if question is not None:
                parsed[qid] = question
    return errors, parsed


def _validate_question(qid: str, spec, label_pool: list[str]) -> tuple[list[dict], Question | None]:
    loc = ["questions", qid]
    if not qid:
        return [invalid(loc, "question ids must be non-empty strings", "string_too_short")], None
    if not isinstance(spec, dict):
        return [invalid(loc, "Input should be a valid dictionary", "dict_type")], None
    if "type" not in spec:
        return [invalid([*loc, "type"], "Field required: type ('noul', 'choice' or 'score')", "missing")], None
    if spec["type"] not in ("noul", "choice", "score"):
        return [invalid([*loc, "type"], f"type must be 'noul', 'choice' or 'score', got {spec['type']!r}",
                        "union_tag_invalid")], None
    for key in ("instructions",):
        if spec.get(key) is not None and not isinstance(spec[key], TEXT):
            return [invalid([*loc, key], f"{key} must be a string, an object or an array", "union_type")], None
    criteria = spec.get("criteria")
    if spec["type"] == "choice" and isinstance(criteria, dict):
        for name, desc in criteria.items():
            if desc is not None and not isinstance(desc, TEXT):
                return [invalid([*loc, "criteria", name], "an option description must be a string, an object, "
                                "an array or null", "union_type")], None
    if spec["type"] == "score" and isinstance(criteria, list):
        for i, level in enumerate(criteria):
            if not isinstance(level, TEXT):
                return [invalid([*loc, "criteria", i], "a score level must be a string, an object or an array",
                                "union_type")], None
    if spec["type"] == "noul" and isinstance(criteria, dict):
        for side in ("true", "false"):
            if criteria.get(side) is not None and not isinstance(criteria[side], TEXT):
                return [invalid([*loc, "criteria", side], "a noul description must be a string, an object, "
                                "an array or null", "union_type")], None
    try:
        return [], parse_question(qid, spec, label_pool)
    except JevError as exc:
        return [invalid([*loc, "criteria"] if "criteria" in spec else loc, str(exc))], None


def wire_answer(q: Question, spec: dict, result: Result) -> dict:
    """One answer in the contract's shape (``questions.to_answer``, the engine's own); the
    legend echoes the levels as sent.  A question that could not be read is a 413."""
    if result.unscored:
        raise error(413, "request_too_large", f"the question could not be read: {result.unscored}")
    return to_answer(q, result, legend=spec.get("criteria") if q.qtype == "score" else None)
