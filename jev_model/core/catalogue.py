"""From a request's evaluator names to validated rubrics (llm_judge takes the caller's levels).

Example:
    >>> r = rubric_for("llm_judge", {"output": "hi", "criteria": "Is it polite?",
    ...                              "levels": ["rude", "neutral", "polite"]})
    >>> r.tokens
    ['0', '1', '2']
"""

from __future__ import annotations

from jev_model.errors import JevError, json_kind
from jev_model.core.render import required_fields
from jev_model.core.rubric import Level, Rubric, load_rubric

MAX_JUDGE_LEVELS = 10  # single digits 0-9: each is one token, and none starts another


def rubric_for(name: str, fields: dict) -> Rubric:
    """The rubric for an evaluator name; llm_judge is completed from the caller's fields."""
    return complete_rubric(load_rubric(name), fields)


def complete_rubric(rubric: Rubric, fields: dict) -> Rubric:
    """A caller-levels rubric (llm_judge) completed from one item's criteria and levels;
    any other rubric as it is."""
    if not rubric.caller_levels:
        return rubric
    name = rubric.name
    criteria, levels = fields.get("criteria"), fields.get("levels")
    if not isinstance(criteria, str) or not criteria.strip():
        raise JevError(f"evaluator {name!r}: required field 'criteria' (the question to judge by) must be a "
                       f"non-empty string; {_got(fields, 'criteria')}")
    if not isinstance(levels, list) or not 2 <= len(levels) <= MAX_JUDGE_LEVELS or \
            not all(isinstance(x, str) and x.strip() for x in levels):
        raise JevError(f"evaluator {name!r}: 'levels' must be a list of 2 to {MAX_JUDGE_LEVELS} non-empty "
                       f"strings, worst first; {_got(fields, 'levels')}")
    question = rubric.question.replace("{criteria}", criteria.strip())
    out = rubric.with_levels([Level(str(i), str(i), text, float(i)) for i, text in enumerate(levels)], question)
    if "pass_threshold" in fields:
        from dataclasses import replace

        t = fields["pass_threshold"]
        if isinstance(t, bool) or not isinstance(t, (int, float)) or not 0 <= t <= 1:
            raise JevError(f"evaluator {name!r}: pass_threshold must be a number within 0..1, got "
                           f"{t if isinstance(t, (int, float)) and not isinstance(t, bool) else json_kind(t)}")
        out = replace(out, pass_threshold=float(t))
    return out


def _got(fields: dict, name: str) -> str:
    """What a request field that is not a non-empty string or list of them holds, in JSON's
    words: 'it is missing', 'got null', 'got an array with a number in it', 'got 1 item'."""
    if name not in fields:
        return "it is missing"
    value = fields[name]
    if isinstance(value, str) and not value.strip():
        return "it is empty"
    if not isinstance(value, list):
        return f"got {json_kind(value)}"
    bad = [x for x in value if not (isinstance(x, str) and x.strip())]
    if bad:
        return f"got an array with {'an empty string' if isinstance(bad[0], str) else json_kind(bad[0])} in it"
    return f"got {len(value)} item{'s' if len(value) != 1 else ''}"


def plan_request(request: dict) -> tuple[list[Rubric], dict]:
    """Validate a ``{"evaluators": [...], fields...}`` request before any model work."""
    evaluators = request.get("evaluators")
    if isinstance(evaluators, str):
        evaluators = [evaluators]
    if not evaluators or not isinstance(evaluators, list) or not all(isinstance(e, str) for e in evaluators):
        raise JevError(f"\"evaluators\" must be a non-empty list of evaluator names; {_got(request, 'evaluators')}")
    fields = {k: v for k, v in request.items() if k != "evaluators"}
    rubrics = [rubric_for(name, fields) for name in evaluators]
    for rubric in rubrics:
        required_fields(rubric, fields)
    return rubrics, fields


# -- `jev evaluators` ---------------------------------------------------------------------
def rules(r: Rubric) -> dict:
    """How a rubric turns probabilities into score, label and passed, in words."""
    if r.kind == "graded":
        top = "top" if r.caller_levels else f"{int(r.top)}"
        return {"score": f"E[level] / {top}", "label": f'"x.x / {top}" (E[level], one decimal)',
                "passed": f"score >= {r.pass_threshold:g}" + (" unless the caller sets pass_threshold"
                                                             if r.caller_levels else "")}
    label = "the most probable option" + (" as 'token (name)'" if r.label_with_token else "")
    passed = ("the most probable option has value 1" if r.pass_rule == "top_option"
              else f"score >= {r.pass_threshold:g}")
    return {"score": "sum of p x value", "label": label, "passed": passed}


def describe(r: Rubric, path=None) -> dict:
    """A rubric as plain data (``jev evaluators --json``)."""
    return {"name": r.name, "version": r.version, "kind": r.kind, "description": r.description,
            "fields": list(r.fields), "optional_fields": list(r.optional_fields), "question": r.question,
            "instructions": r.instructions, "caller_levels": r.caller_levels,
            "levels": [{"token": lv.token, "name": lv.name, "text": lv.text, "value": lv.value} for lv in r.levels],
            "pass_rule": r.pass_rule, "pass_threshold": r.pass_threshold, "rules": rules(r),
            "file": str(path) if path else None}


def format_rubric(r: Rubric, path=None, builtin: bool = True) -> str:
    """A rubric as readable text: fields, question, every level with its text, the rules."""
    lines = [r.name, f"  fields: {', '.join(r.fields)}"
             + (f" (optional: {', '.join(r.optional_fields)})" if r.optional_fields else "")]
    if r.description:
        lines.append(f"  {r.description}")
    lines.append(f"  question: {r.question}")
    rule = rules(r)
    lines.append(f"  score: {rule['score']}; label: {rule['label']}; passed: {rule['passed']}")
    if r.caller_levels:
        lines.append(f"  levels: the caller's `criteria` (the question) and `levels` (2 to {MAX_JUDGE_LEVELS} "
                     "texts, worst first), answered as 0, 1, ...")
    elif r.kind == "graded":
        lines.append("  levels:")
        lines += [f"    {lv.token}  {lv.text}" for lv in r.levels]
    else:
        lines.append("  options (token, name, value, text):")
        width = max(len(lv.name) for lv in r.levels)
        lines += [f"    {lv.token}  {lv.name:<{width}}  {lv.value:<4g} {lv.text}" for lv in r.levels]
    if not builtin and path:
        lines.append(f"  file: {path}")
    return "\n".join(lines)


def list_catalogue(names: list[str] | None = None, rubric_dirs: list[str] | None = None, as_json: bool = False) -> str:
    """Every evaluator (or ``names``), validated, with its fields and levels: text or JSON.

    Example: ``print(list_catalogue(["answer_correctness"]))``"""
    import json

    from jev_model.core.rubric import RUBRIC_DIR, add_rubric_dir, catalogue_files

    for d in rubric_dirs or []:
        add_rubric_dir(d)
    files = catalogue_files()
    rubrics = {name: load_rubric(path) for name, path in files.items()}  # every file validated
    names = names or sorted(rubrics)
    for name in names:
        if name not in rubrics:
            raise JevError(f"unknown evaluator {name!r}; available: {', '.join(sorted(rubrics))}")
    if as_json:
        return json.dumps([describe(rubrics[n], files[n]) for n in names], ensure_ascii=False, indent=2)
    return "\n\n".join(format_rubric(rubrics[n], files[n], files[n].parent == RUBRIC_DIR) for n in names)
