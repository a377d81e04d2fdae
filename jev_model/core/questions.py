"""Typed questions of the System One wire protocol (noul, choice, score) about any state.

Each question becomes a runtime rubric and a prompt whose *prefix is the state*, so
several questions over one state share it (and its KV cache).  Question ids never reach
the model: renaming one cannot change its answer.

Example:
    >>> q = parse_question("urgent", {"type": "noul", "instructions": "Is this urgent?"})
    >>> q.rubric.tokens
    ['yes', 'no']
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from string import ascii_uppercase

from jev_model.errors import JevError
from jev_model.core.render import ANSWER_CUE, Prompt, render_free_state, render_value
from jev_model.core.result import Result, choice_confidence
from jev_model.core.rubric import Level, Rubric

MAX_CHOICE_OPTIONS = 255
MIN_SCORE_LEVELS, MAX_SCORE_LEVELS = 2, 10
# Option labels: single letters first, then letter pairs; each is checked to be one token
# of the loaded tokenizer when the question is bound, like any rubric's level tokens.
LABEL_CANDIDATES = list(ascii_uppercase) + ["".join(p) for p in product(ascii_uppercase, repeat=2)]


@dataclass(frozen=True)
class Question:
    qtype: str  # "noul" | "choice" | "score"
    rubric: Rubric
    names: tuple[str, ...]  # choice: option names exactly as sent; score: level texts


def _text(value, what: str) -> str:
    if value is None:
        return ""
    if isinstance(value, (str, dict, list, int, float, bool)):
        return render_value(value)
    raise JevError(f"{what} must be a string, an object or an array")


def parse_question(qid: str, spec: dict, label_pool: list[str] | None = None) -> Question:
    """Validate one question; raise JevError naming what is wrong."""
    where = f"question {qid!r}"
    if not isinstance(spec, dict):
        raise JevError(f"{where} must be an object")
    qtype = spec.get("type")
    instructions = _text(spec.get("instructions"), f"{where}: instructions")
    criteria = spec.get("criteria")
    if qtype == "noul":
        if criteria is not None and not isinstance(criteria, dict):
            raise JevError(f"{where}: noul criteria must be an object with 'true'/'false' descriptions, or null")
        criteria = criteria or {}
        unknown = set(criteria) - {"true", "false"}
        if unknown:
            raise JevError(f"{where}: noul criteria keys must be 'true' and/or 'false', got {sorted(unknown)}")
        levels = [Level("yes", "yes", _text(criteria.get("true"), where) or "true", 1.0),
                  Level("no", "no", _text(criteria.get("false"), where) or "false", 0.0)]
        rubric = Rubric(name="noul", version=1, kind="options", question=instructions, fields=("state",),
                        levels=tuple(levels), instructions="Answer yes or no.", pass_rule="score",
                        pass_threshold=0.5)
        return Question("noul", rubric, ("yes", "no"))
    if qtype == "choice":
        if not isinstance(criteria, dict):
            raise JevError(f"{where}: choice criteria must be an object of option name -> description or null")
        n = len(criteria)
        if not 2 <= n <= MAX_CHOICE_OPTIONS:
            raise JevError(f"{where}: a choice needs 2 to {MAX_CHOICE_OPTIONS} options, got {n}")
        pool = label_pool or LABEL_CANDIDATES
        if n > len(pool):
            raise JevError(f"{where}: {n} options, but this tokenizer has only {len(pool)} single-token labels")
        levels = []
        for label, (name, desc) in zip(pool, criteria.items()):
            if not isinstance(name, str) or not name:
                raise JevError(f"{where}: option names must be non-empty strings")
            text = name if desc is None else f"{name} - {_text(desc, where)}"
            levels.append(Level(label, name, text, 0.0))
        rubric = Rubric(name="choice", version=1, kind="options", question=instructions, fields=("state",),
                        levels=tuple(levels), instructions="Answer with the letter of the option.",
                        pass_rule="score", pass_threshold=0.0)
        return Question("choice", rubric, tuple(criteria))
    if qtype == "score":
        if not isinstance(criteria, list):
            raise JevError(f"{where}: score criteria must be an ordered array of levels (the map form is not accepted)")
        n = len(criteria)
        if not MIN_SCORE_LEVELS <= n <= MAX_SCORE_LEVELS:
            raise JevError(f"{where}: a score needs {MIN_SCORE_LEVELS} to {MAX_SCORE_LEVELS} levels, got {n}")
        texts = [_text(c, where) for c in criteria]
        levels = [Level(str(i), str(i), t, float(i)) for i, t in enumerate(texts)]
        rubric = Rubric(name="score", version=1, kind="graded", question=instructions, fields=("state",),
                        levels=tuple(levels), instructions="Answer with the level number.")
        return Question("score", rubric, tuple(texts))
    raise JevError(f"{where}: type must be 'noul', 'choice' or 'score', got {qtype!r}")


TRAINABLE = ("noul",)  # question types a readout can be trained for: their levels are always the same


def question_rubric(name: str) -> Rubric | None:
    """The rubric every question of a trainable type is read with (``jev train --evaluator
    noul``); None for any other name.  A choice's or score's levels are the caller's."""
    return parse_question(name, {"type": name}).rubric if name in TRAINABLE else None


def render_question(state, q: Question) -> Prompt:
    """Prefix: the state (shared by every question about it).  Suffix: the question."""
    r = q.rubric
    lines = [f"Question: {r.question}" if r.question else "Question:"]
    lines.append("Levels:" if r.kind == "graded" else "Options:")
    lines += [f"{lv.token}: {lv.text}" for lv in r.levels]
    lines.append(r.instructions)
    return Prompt(prefix=f"State:\n{render_free_state(state)}\n\n", suffix="\n".join(lines) + f"\n\n{ANSWER_CUE}")


def to_answer(q: Question, result: Result, legend: list | None = None) -> dict:
    """A Result in the wire protocol's answer shape: the one formatter, used by ``Engine.ask``
    and the server.  ``legend``: a score question's levels as sent (echoed as they are;
    default the rendered level texts).  The model's share of next-token probability on the
    answer tokens goes along as ``x_level_mass``, so a barely supported reading is visible."""
    if result.unscored:
        raise JevError(f"the question could not be answered: {result.unscored}")
    probs = list(result.probabilities.values())
    extra = {} if result.level_mass is None else {"x_level_mass": result.level_mass}
    if result.corrections:
        extra["x_corrections"] = result.corrections
    if q.qtype == "noul":
        return {"type": "noul", "noul": probs[0], **extra}
    if q.qtype == "choice":
        best = max(range(len(probs)), key=lambda i: probs[i])
        return {"type": "choice", "choice": q.names[best], "probabilities": dict(zip(q.names, probs)),
                "confidence": choice_confidence(probs), **extra}
    levels = q.names if legend is None else legend
    return {"type": "score", "score": result.level,
            "legend": {str(i): level for i, level in enumerate(levels)},
            "probabilities": {str(i): p for i, p in enumerate(probs)}, "confidence": result.confidence, **extra}
