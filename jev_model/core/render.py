"""Rendering: rubric + request fields -> prompt text.  Pure functions, no model.

The prompt is split in two so the engine can cache the first part:

* ``prefix`` - the rubric alone (question, levels, how to answer): the same for every
  item of an evaluator, so its KV cache is computed once and reused;
* ``suffix`` - the state (the request fields, and the computed checks when present)
  followed by the answer cue; the level token is read right after it.

Example:
    >>> from jev_model.core.rubric import load_rubric
    >>> p = render(load_rubric("answer_correctness"),
    ...            {"input": "2+2?", "output": "4", "expected": "4"})
    >>> p.suffix.splitlines()[0]
    'input: 2+2?'
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from jev_model.errors import JevError
from jev_model.core.rubric import Rubric

ANSWER_CUE = "Answer:"


@dataclass(frozen=True)
class Prompt:
    prefix: str
    suffix: str

    @property
    def text(self) -> str:
        return self.prefix + self.suffix


def render_value(value) -> str:
    """A field value as text: strings as they are, anything else as compact JSON."""
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def render_prefix(rubric: Rubric) -> str:
    lines = [rubric.question.strip(), ""]
    label = "Levels:" if rubric.kind == "graded" else "Options:"
    lines.append(label)
    lines += [f"{lv.token}: {lv.text}" for lv in rubric.levels]
    if rubric.instructions:
        lines += ["", rubric.instructions.strip()]
    return "\n".join(lines) + "\n\n"


def required_fields(rubric: Rubric, fields: dict) -> None:
    """Raise a JevError naming the first missing or empty required field."""
    for name in rubric.fields:
        value = fields.get(name)
        if value is None or (isinstance(value, str) and not value.strip()):
            state = "missing" if value is None else "empty"
            hint = ""
            if name == "expected" and rubric.name == "answer_correctness":
                hint = " (without a reference, use closed_qa with criteria or llm_judge)"
            elif name == "context":
                hint = " (the retrieved passages the answer is judged against)"
            raise JevError(f"evaluator {rubric.name!r}: required field {name!r} is {state}{hint}")


def render_state(rubric: Rubric, fields: dict, checks: str | None = None) -> str:
    """The request fields the rubric declares, in its order, one per line."""
    required_fields(rubric, fields)
    names = list(rubric.fields) + [f for f in rubric.optional_fields if fields.get(f) is not None]
    # a value's later lines are indented: no field can start a line of its own ("checks: ...")
    lines = [f"{name}: {render_value(fields[name])}".replace("\n", "\n  ") for name in names]
    if checks:
        lines.append(f"checks: {checks}")
    return "\n".join(lines)


def render(rubric: Rubric, fields: dict, checks: str | None = None) -> Prompt:
    """Render one item; ``checks`` is the computed-checks line, if any."""
    return Prompt(prefix=render_prefix(rubric), suffix=render_state(rubric, fields, checks) + f"\n\n{ANSWER_CUE}")


def render_free_state(state) -> str:
    """The wire protocol's state (string, object or array) as text."""
    if isinstance(state, str):
        return state
    return json.dumps(state, ensure_ascii=False, indent=1)
