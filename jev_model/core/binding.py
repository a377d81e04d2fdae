"""Rubrics bound to a loaded model, and the readout each request is read with.

Binding checks a rubric's level tokens in the loaded tokenizer once (a level token that is
not one token fails here, before any reading) and finds, once per (rubric, settings), the
readout to read it with: the trained one for this backbone where one fits, else the LM
head's level rows, with a stored calibration applied.  Both are cached here, outside the
model, and looked up without waiting for a forward pass.

Example:
    >>> binder = Binder(prompter, head, model_dir, "4ab0dc78d368b3cb", "gemma", layers=18)  # doctest: +SKIP
    >>> binder.readout("answer_correctness", Settings()).name                              # doctest: +SKIP
    'trained:gemma-3-270m-answer_correctness-1bb99b0a'
"""

from __future__ import annotations

import dataclasses
import threading
import warnings
from pathlib import Path

import torch

from jev_model.core.prompting import Prompter
from jev_model.core.readout import Readout, describe_calibration, find_calibration, find_readout
from jev_model.core.request import Bound, NoTrainedReadout, Settings
from jev_model.core.rubric import Rubric, check_tokens, load_rubric
from jev_model.errors import JevError


class Binder:
    """Bound rubrics and chosen readouts of one loaded backbone (cached, thread-safe)."""

    def __init__(self, prompter: Prompter, head: torch.Tensor, model_dir: Path | None, backbone: str,
                 name: str, layers: int, variant: str = ""):
        self.prompter = prompter
        self.head = head  # [V, d]: the raw readout takes the level tokens' rows
        self.model_dir = model_dir
        self.backbone = backbone
        self.name = name
        self.layers = layers
        self.variant = variant  # read with the readouts fitted for one kind of item (core/readers.py)
        self.lock = threading.RLock()
        self._bound: dict[str, Bound] = {}
        self.readouts: dict[tuple, Readout] = {}  # (rubric, tokens, readout, calibration, checks) -> Readout

    def bind(self, rubric: Rubric | str) -> Bound:
        """A rubric (or a catalogue name) with its level-token ids checked in this tokenizer."""
        key = rubric if isinstance(rubric, str) else f"{rubric.name}|{rubric.tokens}"
        found = self._bound.get(key)  # a dict lookup: no lock, never waits
        if found is not None:
            return found
        with self.lock:
            if isinstance(rubric, str):
                if rubric in self._bound:
                    return self._bound[rubric]
                rubric = load_rubric(rubric)
            key = f"{rubric.name}|{rubric.tokens}"  # token ids depend on nothing else
            if key not in self._bound:
                check_tokens(rubric, self.prompter.tokenizer)  # fails loudly unless each is one token
                ids, tail = self.prompter.answer_tokens(rubric)
                self._bound[key] = Bound(rubric, ids, tail)
                self._bound.setdefault(rubric.name, self._bound[key])
            return self._bound[key]

    def rubric(self, evaluator: Rubric | str) -> Rubric:
        """The rubric to render: a given Rubric as it is (the bound one under the same name and
        tokens may carry another llm_judge question), a catalogue name's bound rubric."""
        bound = self.bind(evaluator)
        return evaluator if isinstance(evaluator, Rubric) else bound.rubric

    def readout(self, rubric: Rubric | str, settings: Settings) -> Readout:
        """The readout a request with these settings is read with (cached): the trained one
        for this backbone and evaluator where one fits and ``settings.readout`` is "trained",
        else the LM head's level rows; with the stored calibration where
        ``settings.calibration``.  A catalogue evaluator read raw for want of a trained
        readout carries a ``warning`` (in every result, and warned once)."""
        bound = self.bind(rubric)
        rubric = bound.rubric
        checks = bool(settings.checks and rubric.checks)
        key = (rubric.name, tuple(rubric.tokens), settings.readout, settings.calibration, checks)
        found = self.readouts.get(key)  # a dict lookup: atomic, never waits
        if found is not None:
            return found
        with self.lock:
            if key not in self.readouts:
                self.readouts[key] = self._find(bound, settings, checks)
            return self.readouts[key]

    def _find(self, bound: Bound, settings: Settings, checks: bool) -> Readout:
        rubric = bound.rubric
        readout = None
        if settings.readout == "trained" and not rubric.caller_levels:
            readout = find_readout(self.model_dir, self.backbone, rubric, checks, self.variant)
            if readout is None and rubric.trainable:
                note = (f"no trained readout for {rubric.name} on backbone {self.backbone} ({self.name}): "
                        "read raw, and a small model read raw does not judge; run `jev train` for it, "
                        "or see `jev doctor` for the backbones that have one")
                warnings.warn(note, NoTrainedReadout, stacklevel=5)
                readout = dataclasses.replace(Readout.raw(self.head, bound.token_ids), warning=note)
        if readout is None:
            readout = Readout.raw(self.head, bound.token_ids)
        self.check_depth(readout)
        if settings.calibration:
            found = find_calibration(self.model_dir, self.backbone, rubric, readout.name)
            if found is not None:
                cal, path = found
                readout = dataclasses.replace(readout, calibration=float(cal["temperature"]),
                                              calibration_note=describe_calibration(cal, path.name))
        return readout

    def check_depth(self, readout: Readout) -> None:
        """A readout's depth must be one of this backbone's layers."""
        depth = readout.depth
        if depth is not None and not (isinstance(depth, int) and 1 <= depth <= self.layers):
            raise JevError(f"readout {readout.name} reads after decoder layer {depth!r}, but {self.name} "
                           f"has layers 1..{self.layers}")
