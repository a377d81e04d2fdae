"""Rubrics as data: one TOML file per evaluator, loaded and validated by one loader.

A rubric is a question, the request fields it reads, and its ordered levels (or
options), each with the single token the model answers with.  Two kinds:

* ``graded``  - ordered levels 0..n-1; score = E[level] / (n-1), label "x.x / n-1",
                passed at ``pass_threshold`` (0.75 unless the file says otherwise).
* ``options`` - named options with values in [0, 1]; score = sum p * value, label =
                the most probable option; passed by ``pass_rule``:
                ``top_option`` (the most probable option has value 1) or
                ``score`` (score >= pass_threshold).

A rubric with computed checks compares ``output`` with the reference (``checks = true``), or,
for the RAG evaluators, the claims of one field with another (``grounding = ["output",
"context"]``: jev_model/checks/grounding.py).

Everything is checked at load: unknown keys, undeclared template fields, duplicate or
empty tokens.  Whether each token is ONE token of the loaded tokenizer is checked when
an engine binds the rubric (``check_tokens``), also at start-up, never on a request.

Adding an evaluator is adding a file: the built-in files live in ``jev_model/rubrics/``;
users put theirs in a directory named in ``$JEV_RUBRICS_PATH`` (or ``--rubrics DIR``).
Each file is named after its evaluator; a name defined twice is an error.

Example:
    >>> r = load_rubric("answer_correctness")
    >>> [lv.token for lv in r.levels]
    ['0', '1', '2', '3', '4']
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from jev_model.errors import JevError

RUBRIC_DIR = Path(__file__).resolve().parent.parent / "rubrics"
RUBRICS_PATH_ENV = "JEV_RUBRICS_PATH"  # extra rubric directories: adding an evaluator is adding a file
_EXTRA_DIRS: list[Path] = []
_CACHE: dict[Path, tuple[int, "Rubric"]] = {}

_TOP_KEYS = {
    "name", "version", "description", "kind", "question", "fields", "optional_fields",
    "checks", "grounding", "pass_rule", "pass_threshold", "levels", "caller_levels", "instructions", "label_with_token",
}
_LEVEL_KEYS = {"token", "name", "text", "value"}
_FIELD_RE = re.compile(r"`([A-Za-z_][A-Za-z0-9_]*)`")


@dataclass(frozen=True)
class Level:
    token: str  # the single token the model answers with
    name: str  # the label shown for this level or option
    text: str  # what the level means, shown to the model
    value: float  # graded: the level index; options: the option's value in [0, 1]


@dataclass(frozen=True)
class Rubric:
    name: str
    version: int
    kind: str  # "graded" | "options"
    question: str
    fields: tuple[str, ...]  # required request fields, rendered in this order
    levels: tuple[Level, ...]
    description: str = ""
    optional_fields: tuple[str, ...] = ()
    instructions: str = ""  # how to answer; rendered after the level list
    pass_rule: str = "score"  # "score" | "top_option"
    pass_threshold: float = 0.75
    checks: bool = False  # computed checks are added to the state (answer-comparing rubrics)
    grounding: tuple[str, ...] = ()  # RAG rubrics: (claims field, source field) compared (checks/grounding.py)
    caller_levels: bool = False  # llm_judge: the caller supplies criteria and levels
    label_with_token: bool = False  # options: label "A (subset)" rather than "subset"
    from_file: bool = False  # a catalogue or user rubric file (not a wire question built at run time)

    @property
    def trainable(self) -> bool:
        """Whether a readout can be trained for it (a rubric file with fixed levels)."""
        return self.from_file and not self.caller_levels

    @property
    def top(self) -> float:
        return max(lv.value for lv in self.levels)

    @property
    def tokens(self) -> list[str]:
        return [lv.token for lv in self.levels]

    def with_levels(self, levels: list[Level], question: str | None = None) -> "Rubric":
        """A copy with caller-supplied levels (llm_judge), validated like a file's."""
        from dataclasses import replace

        new = replace(self, levels=tuple(levels), question=question or self.question, caller_levels=False,
                      from_file=False)  # caller levels: no trained readout can fit them
        _validate(new, f"evaluator {self.name!r}")
        return new


def _fail(where: str, msg: str) -> JevError:
    return JevError(f"{where}: {msg}")


def parse_rubric(data: dict, where: str) -> Rubric:
    """Build and validate a Rubric from a parsed TOML table."""
    unknown = set(data) - _TOP_KEYS
    if unknown:
        raise _fail(where, f"unknown keys {sorted(unknown)}; allowed: {sorted(_TOP_KEYS)}")
    for key in ("name", "version", "kind", "question", "fields"):
        if key not in data:
            raise _fail(where, f"missing required key {key!r}")
    levels = []
    for i, lv in enumerate(data.get("levels", [])):
        bad = set(lv) - _LEVEL_KEYS
        if bad:
            raise _fail(where, f"level {i}: unknown keys {sorted(bad)}; allowed: {sorted(_LEVEL_KEYS)}")
        if "token" not in lv or "text" not in lv:
            raise _fail(where, f"level {i}: needs 'token' and 'text'")
        value = lv.get("value", i)
        levels.append(Level(token=str(lv["token"]), name=str(lv.get("name", lv["token"])),
                            text=str(lv["text"]), value=float(value)))
    rubric = Rubric(
        name=data["name"], version=int(data["version"]), kind=data["kind"], question=data["question"],
        fields=tuple(data["fields"]), levels=tuple(levels), description=data.get("description", ""),
        optional_fields=tuple(data.get("optional_fields", ())), instructions=data.get("instructions", ""),
        pass_rule=data.get("pass_rule", "score"), pass_threshold=float(data.get("pass_threshold", 0.75)),
        checks=bool(data.get("checks", False)), grounding=tuple(data.get("grounding", ())),
        caller_levels=bool(data.get("caller_levels", False)),
        label_with_token=bool(data.get("label_with_token", False)), from_file=True,
    )
    _validate(rubric, where)
    return rubric


def _validate(r: Rubric, where: str) -> None:
    if not re.fullmatch(r"[a-z][a-z0-9_]*", r.name):
        raise _fail(where, f"name {r.name!r} must be lower_snake_case")
    if r.kind not in ("graded", "options"):
        raise _fail(where, f"kind {r.kind!r} must be 'graded' or 'options'")
    if r.pass_rule not in ("score", "top_option"):
        raise _fail(where, f"pass_rule {r.pass_rule!r} must be 'score' or 'top_option'")
    if not 0.0 <= r.pass_threshold <= 1.0:
        raise _fail(where, f"pass_threshold {r.pass_threshold} must be within 0..1")
    if not r.fields or len(set(r.fields)) != len(r.fields):
        raise _fail(where, "fields must be a non-empty list without duplicates")
    declared = set(r.fields) | set(r.optional_fields)
    if r.grounding and (len(r.grounding) != 2 or not set(r.grounding) <= set(r.fields) or not r.checks):
        raise _fail(where, f"grounding {list(r.grounding)} must name two of fields {list(r.fields)} "
                    "(the claims, then the text they are checked against), with checks = true")
    for text in (r.question, r.instructions, *(lv.text for lv in r.levels)):
        for ref in _FIELD_RE.findall(text):
            if ref not in declared:
                raise _fail(where, f"the text refers to field `{ref}`, which is not declared in fields")
    if r.caller_levels:
        if r.levels:
            raise _fail(where, "caller_levels rubrics must not declare levels")
        return
    if len(r.levels) < 2:
        raise _fail(where, "at least two levels are needed")
    tokens = [lv.token for lv in r.levels]
    if len(set(tokens)) != len(tokens) or any(not t.strip() for t in tokens):
        raise _fail(where, f"level tokens must be distinct and non-blank, got {tokens}")
    if r.kind == "graded":
        if [lv.value for lv in r.levels] != list(range(len(r.levels))):
            raise _fail(where, "graded levels must have values 0, 1, ..., n-1 in order")
    else:
        if any(not 0.0 <= lv.value <= 1.0 for lv in r.levels):
            raise _fail(where, "option values must be within 0..1")


def rubric_dirs() -> list[Path]:
    """Where catalogue files are looked up: the built-in rubrics/, then every directory in
    ``$JEV_RUBRICS_PATH`` (separated by ``os.pathsep``), then those added by ``add_rubric_dir``."""
    dirs = [RUBRIC_DIR]
    for part in os.environ.get(RUBRICS_PATH_ENV, "").split(os.pathsep):
        if part.strip():
            dirs.append(_rubric_dir(part, f"${RUBRICS_PATH_ENV}"))
    return dirs + [d for d in _EXTRA_DIRS if d not in dirs]


def add_rubric_dir(path: str | Path) -> Path:
    """Add a directory of rubric files to the catalogue (``--rubrics DIR``)."""
    d = _rubric_dir(str(path), "--rubrics")
    if d not in _EXTRA_DIRS:
        _EXTRA_DIRS.append(d)
    return d


def _rubric_dir(text: str, where: str) -> Path:
    d = Path(text).expanduser().resolve()
    if not d.is_dir():
        raise JevError(f"{where}: rubric directory {text!r} does not exist or is not a directory")
    return d


def catalogue_files() -> dict[str, Path]:
    """Evaluator name -> its file, over every rubric directory.  A name defined in two
    directories is an error (a user file never silently replaces a built-in one)."""
    files: dict[str, Path] = {}
    for d in rubric_dirs():
        for path in sorted(d.glob("*.toml")):
            if path.stem in files and files[path.stem] != path:
                raise JevError(f"evaluator {path.stem!r} is defined twice: {files[path.stem]} and {path}; "
                               "rename one of the files")
            files[path.stem] = path
    return files


def load_rubric(name_or_path: str | Path) -> Rubric:
    """Load one rubric by catalogue name or from a TOML file path."""
    path = Path(name_or_path)
    in_catalogue = path.suffix != ".toml"
    if in_catalogue:
        files = catalogue_files()
        if str(name_or_path) not in files:
            raise JevError(f"unknown evaluator {str(name_or_path)!r}; available: {', '.join(sorted(files))}")
        path = files[str(name_or_path)]
    try:
        stamp = path.stat().st_mtime_ns
    except OSError as exc:
        raise JevError(f"cannot read rubric file {path}: {exc.strerror}") from None
    cached = _CACHE.get(path)
    if cached and cached[0] == stamp:  # parsed once per file version, not once per item
        return cached[1]
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise JevError(f"{path}: invalid TOML: {exc}") from exc
    except UnicodeDecodeError:
        raise JevError(f"{path}: not UTF-8 text") from None
    rubric = parse_rubric(data, str(path))
    if (in_catalogue or path.parent.resolve() in rubric_dirs()) and rubric.name != path.stem:
        raise _fail(str(path), f"name {rubric.name!r} must match the file name {path.stem!r}")
    _CACHE[path] = (stamp, rubric)
    return rubric


def catalogue_names() -> list[str]:
    return sorted(catalogue_files())


def load_catalogue() -> dict[str, Rubric]:
    """Every rubric file in every rubric directory, validated."""
    return {name: load_rubric(path) for name, path in sorted(catalogue_files().items())}


def check_tokens(rubric: Rubric, tokenizer) -> list[int]:
    """Map each level token to its id, failing loudly unless it is exactly one token."""
    ids = []
    for lv in rubric.levels:
        enc = tokenizer.encode(lv.token, add_special_tokens=False)
        if len(enc) != 1:
            raise JevError(
                f"evaluator {rubric.name!r}: level token {lv.token!r} is {len(enc)} tokens "
                f"({enc}) in this tokenizer; each level must be exactly one token"
            )
        ids.append(enc[0])
    if len(set(ids)) != len(ids):
        raise JevError(f"evaluator {rubric.name!r}: level tokens map to duplicate ids {ids}")
    return ids
