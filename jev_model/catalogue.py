"""From a request's evaluator names to validated rubrics (llm_judge takes the caller's levels).

Example:
    >>> r = rubric_for("llm_judge", {"output": "hi", "criteria": "Is it polite?",
    ...                              "levels": ["rude", "neutral", "polite"]})
    >>> r.tokens
    ['0', '1', '2']
"""

from __future__ import annotations

from .errors import JevError
from .render import required_fields
from .rubric import Level, Rubric, load_rubric

MAX_JUDGE_LEVELS = 10  # single digits 0-9: each is one token, and none starts another


def rubric_for(name: str, fields: dict) -> Rubric:
    """The rubric for an evaluator name; llm_judge is completed from the caller's fields."""
    rubric = load_rubric(name)
    if not rubric.caller_levels:
        return rubric
    criteria, levels = fields.get("criteria"), fields.get("levels")
    if not isinstance(criteria, str) or not criteria.strip():
        raise JevError(f"evaluator {name!r}: required field 'criteria' (the question to judge by) is missing or empty")
    if not isinstance(levels, list) or not 2 <= len(levels) <= MAX_JUDGE_LEVELS or \
            not all(isinstance(x, str) and x.strip() for x in levels):
        raise JevError(f"evaluator {name!r}: 'levels' must be a list of 2 to {MAX_JUDGE_LEVELS} non-empty "
                       "strings, worst first")
    question = rubric.question.replace("{criteria}", criteria.strip())
    out = rubric.with_levels([Level(str(i), str(i), text, float(i)) for i, text in enumerate(levels)], question)
    if "pass_threshold" in fields:
        from dataclasses import replace

        t = fields["pass_threshold"]
        if not isinstance(t, (int, float)) or not 0 <= t <= 1:
            raise JevError(f"evaluator {name!r}: pass_threshold must be a number within 0..1")
        out = replace(out, pass_threshold=float(t))
    return out


def plan_request(request: dict) -> tuple[list[Rubric], dict]:
    """Validate a ``{"evaluators": [...], fields...}`` request before any model work."""
    evaluators = request.get("evaluators")
    if isinstance(evaluators, str):
        evaluators = [evaluators]
    if not evaluators or not isinstance(evaluators, list) or not all(isinstance(e, str) for e in evaluators):
        raise JevError("\"evaluators\" must be a non-empty list of evaluator names")
    fields = {k: v for k, v in request.items() if k != "evaluators"}
    rubrics = [rubric_for(name, fields) for name in evaluators]
    for rubric in rubrics:
        required_fields(rubric, fields)
    return rubrics, fields
