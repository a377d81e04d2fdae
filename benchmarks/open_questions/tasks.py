"""BIG-bench text tasks as typed System One questions (evaluation only: BIG-bench's canary
asks that it never be trained on, and nothing here is).

The tasks are read from the ``bigbench`` sdist on PyPI (its JSON files; the package is never
installed).  ``--bigbench PATH`` names the sdist; without it, it is fetched once from PyPI into ``$JEV_HOME/cache/bigbench/``.

Each task becomes a state (the example's text) and one question we wrote for the task: a
``noul`` whose "yes" is the task's positive label, or a ``choice`` among the task's own
options.  Tasks are split before any measurement: ``DEV`` tasks were used for every choice
made while building the corrections (which ones, their defaults); ``HELD_OUT`` tasks were
only ever reported on.

Example:
    >>> TASKS["implicatures"].qtype
    'noul'
"""

from __future__ import annotations

import json
import random
import shutil
import tarfile
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from jev_model.errors import JevError

SDIST_NAME = "bigbench-1.0.0.tar.gz"  # 358 MB
PYPI_JSON = "https://pypi.org/pypi/bigbench/1.0.0/json"


@dataclass(frozen=True)
class Task:
    name: str  # the folder under bigbench/benchmark_tasks/
    qtype: str  # "noul" or "choice"
    instructions: str  # the question asked about each example (written here)
    positive: str = ""  # noul: the target that means "yes"
    strip: str = ""  # text removed from the end of each input (a task's own answer cue)


DEV = ("causal_judgment", "entailed_polarity", "disambiguation_qa")
HELD_OUT = ("implicatures", "analytic_entailment", "winowhy", "sports_understanding", "epistemic_reasoning",
            "presuppositions_as_nli", "social_iqa", "snarks")

TASKS = {t.name: t for t in (
    Task("causal_judgment", "noul", "Would a typical person answer yes to the question at the end?", "Yes"),
    Task("entailed_polarity", "noul", "Given the fact, is the answer to the question yes?", "yes"),
    Task("disambiguation_qa", "choice", "What does the pronoun in the sentence refer to?"),
    Task("implicatures", "noul", "Does Speaker 2's answer mean yes?", "yes"),
    Task("analytic_entailment", "noul", "Does the second sentence follow from the first?", "entailment"),
    Task("winowhy", "noul", "Is the explanation of what the pronoun refers to correct?", "correct"),
    Task("sports_understanding", "noul", "Is this statement plausible?", "plausible"),
    Task("epistemic_reasoning", "noul", "Does the premise entail the hypothesis?", "entailment"),
    Task("presuppositions_as_nli", "choice", "How does sentence 2 relate to sentence 1?", strip="The answer is:"),
    Task("social_iqa", "choice", "Which answer fits the situation best?"),
    Task("snarks", "choice", "Which statement is sarcastic?"),
)}


@dataclass(frozen=True)
class Item:
    task: str
    state: str
    question: dict  # one System One question
    gold: str  # noul: "yes"/"no"; choice: the right option's name


def sdist_path(given: str | None, cache: Path) -> Path:
    """The bigbench sdist: the path given, or one fetched into ``cache`` with pip."""
    if given:
        path = Path(given)
        if not path.is_file():
            raise JevError(f"--bigbench {given}: no such file (the bigbench sdist, bigbench-1.0.0.tar.gz)")
        return path
    found = sorted(cache.glob("bigbench-*.tar.gz"))
    if found:
        return found[-1]
    cache.mkdir(parents=True, exist_ok=True)
    target = cache / SDIST_NAME
    try:  # pip cannot download it (its metadata needs a direct-URL dependency): PyPI's JSON API
        with urllib.request.urlopen(PYPI_JSON, timeout=60) as r:
            url = next(u["url"] for u in json.load(r)["urls"] if u["filename"] == SDIST_NAME)
        part = target.with_suffix(".part")
        with urllib.request.urlopen(url, timeout=600) as r, part.open("wb") as f:
            shutil.copyfileobj(r, f)
        part.rename(target)
    except (OSError, StopIteration, ValueError) as exc:
        raise JevError(f"could not fetch {SDIST_NAME} from PyPI ({exc}); download it and pass --bigbench PATH") from None
    return target


def read_tasks(sdist: Path, names: list[str]) -> dict[str, dict]:
    """The task.json of each named task, read from the sdist without unpacking it."""
    wanted = {f"bigbench/benchmark_tasks/{n}/task.json": n for n in names}
    out = {}
    with tarfile.open(sdist) as tar:
        for member in tar:
            tail = member.name.split("/", 1)[-1]
            if tail in wanted:
                out[wanted[tail]] = json.load(tar.extractfile(member))
    missing = sorted(set(names) - set(out))
    if missing:
        raise JevError(f"{sdist}: no task.json for {', '.join(missing)}")
    return out


def task_items(task: Task, data: dict, n: int, seed: int = 0) -> list[Item]:
    """``n`` examples of a task (a fixed random sample) as typed questions; examples whose
    targets do not fit the question (no single best option) are left out."""
    items = []
    for ex in data["examples"]:
        scores = ex.get("target_scores") or {}
        if not scores:
            continue
        best = max(scores.values())
        tops = [k for k, v in scores.items() if v == best]
        if len(tops) != 1:
            continue
        state = ex["input"].strip()
        if task.strip and state.endswith(task.strip):
            state = state[: -len(task.strip)].rstrip()
        if task.qtype == "noul":
            if len(scores) != 2 or task.positive not in scores:
                continue
            question = {"type": "noul", "instructions": task.instructions}
            gold = "yes" if tops[0] == task.positive else "no"
        else:
            question = {"type": "choice", "instructions": task.instructions, "criteria": {k: None for k in scores}}
            gold = tops[0]
        items.append(Item(task.name, state, question, gold))
    random.Random(f"{task.name}:{seed}").shuffle(items)
    return items[:n]
