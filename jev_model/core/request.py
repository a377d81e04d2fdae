"""What one reading is: ``Settings`` (how), ``ReadRequest`` (what, tokenized once), ``Bound``.

A ``ReadRequest`` is frozen.  ``Engine.prepare`` (and System One planning) fill in everything
the scoring path needs, once: the rubric, its rendered prompt, the computed checks, the
readout the settings pick and the token ids of the prompt's prefix and suffix and of the
level tokens.  The forward pass, the server's cost estimate and the usage counts all read
those ids; nothing tokenizes the same prompt again.

Example:
    >>> Settings(readout="raw", checks=False).batch_size
    8
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from jev_model.core.readout import Readout
from jev_model.core.render import Prompt
from jev_model.core.rubric import Rubric
from jev_model.errors import JevError

DEFAULT_MIN_LEVEL_MASS = 0.01  # raw readout: below this share of next-token mass, unscored
DEFAULT_BATCH_SIZE = 8  # measured: benchmarks/speed (README "Speed")
DEFAULT_OPTION_ORDERS = 8  # typed questions: orders averaged (core/corrections.py; benchmarks/open_questions)
READOUTS = ("trained", "raw")
CONTEXT_PRIOR = ("auto", "on", "off")
MEANING = ("auto", "on", "off")


class NoTrainedReadout(UserWarning):
    """A catalogue evaluator is read with the raw readout because no trained one fits."""


@dataclass(frozen=True)
class Settings:
    """How a reading is made.  Passed per request; never changed on a shared engine.

    Example: ``Settings(readout="raw", checks=False)``"""

    readout: str = "trained"  # "trained": the trained readout where one fits (else raw, with a warning); "raw"
    checks: bool = True  # computed checks in the state of answer-comparing rubrics
    calibration: bool = True  # apply a stored calibration temperature (jev calibrate)
    min_level_mass: float = DEFAULT_MIN_LEVEL_MASS  # raw readout: unscored below this (0: always answer)
    batch_size: int = DEFAULT_BATCH_SIZE  # items per forward pass
    option_orders: int = DEFAULT_OPTION_ORDERS  # typed questions: option orders averaged (1: as sent)
    context_prior: str = "auto"  # typed questions: divide out the answer prior on content-free states:
    # "on", "off", or "auto" (choice questions only: it helped there and hurt yes/no; benchmarks/open_questions)
    meaning: str = "auto"  # evidence of meaning (a sentence encoder) in the checks: "on", "off", or "auto"
    # (where the readout was fitted with it; a readout fitted without it is given the line it was fitted on)
    explanations: str | None = None  # a second model (name or directory) that reads the answers whose reference
    # is an explanation (checks.features.explains) with its "explanations" readout; None: this model reads them

    def __post_init__(self):
        if self.readout not in READOUTS:
            raise JevError(f"readout must be one of {', '.join(READOUTS)}, not {self.readout!r}")
        if not isinstance(self.min_level_mass, (int, float)) or not 0.0 <= self.min_level_mass <= 1.0:
            raise JevError(f"minimum level mass must be a number from 0 to 1, not {self.min_level_mass!r}")
        if isinstance(self.batch_size, bool) or not isinstance(self.batch_size, int) or self.batch_size < 1:
            raise JevError(f"batch size must be a whole number of at least 1, not {self.batch_size!r}")
        if isinstance(self.option_orders, bool) or not isinstance(self.option_orders, int) or self.option_orders < 1:
            raise JevError(f"option orders must be a whole number of at least 1, not {self.option_orders!r}")
        if self.context_prior not in CONTEXT_PRIOR:
            raise JevError(f"context prior must be one of {', '.join(CONTEXT_PRIOR)}, not {self.context_prior!r}")
        if self.meaning not in MEANING:
            raise JevError(f"meaning must be one of {', '.join(MEANING)}, not {self.meaning!r}")
        if self.explanations is not None and (not isinstance(self.explanations, str) or not self.explanations.strip()):
            raise JevError(f"explanations must name a model (a name or a directory), not {self.explanations!r}")

    def replace(self, **changes) -> "Settings":
        return dataclasses.replace(self, **changes)


@dataclass(frozen=True)
class Bound:
    """A rubric bound to a loaded tokenizer: its checked level-token ids."""

    rubric: Rubric  # the first rubric bound under this name and tokens
    token_ids: list[int]
    tail: str = ""  # appended after the answer cue: " " where the tokenizer writes the space apart


@dataclass(frozen=True)
class ReadRequest:
    """One reading to make: a rubric, its rendered prompt and the settings to read it with.

    ``checks`` is the computed-checks line already rendered into the prompt (shown in the
    result); ``features`` the same findings as numbers (``jev_model.checks.FEATURE_NAMES``).
    Filled in by ``Engine.prepare`` (a request built by hand gets them when read):
    ``readout`` (the one the settings pick, or one given to read with instead, at its own
    depth), ``prefix_ids``/``suffix_ids`` (the prompt, cue tail included) and ``level_ids``."""

    rubric: Rubric
    prompt: Prompt
    settings: Settings = Settings()
    checks: str | None = None
    features: tuple[float, ...] | None = None
    readout: Readout | None = None
    prefix_ids: tuple[int, ...] | None = None
    suffix_ids: tuple[int, ...] | None = None
    level_ids: tuple[int, ...] | None = None
    reader: str | None = None  # the model that reads it where not the engine's own (settings.explanations)
    backbone: str | None = None  # the backbone whose tokenizer made the ids (set when tokenized)

    @property
    def ready(self) -> bool:
        """Whether everything the scoring path reads is filled in."""
        return None not in (self.readout, self.prefix_ids, self.suffix_ids, self.level_ids)

    @property
    def tokens(self) -> int:
        """Prompt tokens, prefix and suffix (a prepared request)."""
        return len(self.prefix_ids or ()) + len(self.suffix_ids or ())

    @property
    def depth(self) -> int | None:
        """The decoder layers its readout reads (None: all)."""
        return None if self.readout is None else self.readout.depth
