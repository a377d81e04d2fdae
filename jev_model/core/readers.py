"""Second models that read some items in place of the loaded one.

``Settings.explanations`` names a model (a named model or a directory) that reads the answers
whose reference is an explanation the computed checks cannot compare
(``checks.features.explains``: "Because light moves much faster than sound."), with its
trained *explanations* readout (``<evaluator>.explanations.safetensors``, fitted on those
items only).  The small default model does not see meaning there; a larger backbone read
deeper does better, at its own cost per item
(``benchmarks/results/readouts/explanations_route.md``).

``Engine.prepare`` sends such an item here: the request is prepared by the second engine (its
tokenizer, its checks, its readout) and carries the model's name in ``ReadRequest.reader``;
``Engine.read_batches`` hands those requests to it.  Everything else is read by the loaded
model as before.  A model without an explanations readout for an evaluator reads none of
its items (said once).

Example:
    >>> engine = Engine.load("default", explanations="qwen2.5-coder-1.5b-instruct")   # doctest: +SKIP
    >>> engine.evaluate("answer_correctness", input="Why do we see lightning first?",    # doctest: +SKIP
    ...                 output="Light outruns sound by far.", expected="Because light moves much faster than sound.").readout
    'trained:qwen2.5-coder-1.5b-instruct-answer_correctness-...'
"""

from __future__ import annotations

import logging
import threading

from jev_model.core.readout import find_readout
from jev_model.core.rubric import Rubric

log = logging.getLogger("jev.readers")

VARIANT = "explanations"  # the readout variant a reader reads with


class Readers:
    """The second engines of one engine, loaded on first need, once per model (thread-safe)."""

    def __init__(self, engine, dtype: str = "auto"):
        self.engine = engine
        self.dtype = dtype  # what the engine was loaded with ("auto": each model's own choice)
        self.lock = threading.Lock()
        self._engines: dict = {}
        self._fits: dict[tuple, bool] = {}

    def get(self, model: str, rubric: Rubric | None = None):
        """The engine for ``model``: same device and dtype request as the loaded one, its
        explanations readouts.  With ``rubric``: None where that model has no explanations
        readout for it (its items are then read by the loaded model)."""
        reader = self._engines.get(model)  # a dict lookup: never waits
        if reader is None:
            with self.lock:
                reader = self._engines.get(model)
                if reader is None:
                    from jev_model.core.engine import Engine

                    log.info("loading %s to read explanations", model)
                    reader = Engine.load(model, device=str(self.engine.device), dtype=self.dtype,
                                         settings=self.engine.settings.replace(explanations=None),
                                         readout_variant=VARIANT)
                    self._engines[model] = reader
        if rubric is None:
            return reader
        key = (model, rubric.name, tuple(rubric.tokens))
        fits = self._fits.get(key)
        if fits is None:
            rubric = reader.bind(rubric).rubric
            fits = find_readout(reader.model_dir, reader.backbone, rubric, bool(rubric.checks), VARIANT) is not None
            if not fits:
                log.warning("%s has no %s readout for %s: those items are read by %s", model, VARIANT,
                            rubric.name, self.engine.name)
            self._fits[key] = fits
        return reader if fits else None

    def describe(self) -> dict:
        """The loaded second engines: ``{model: {"backbone", "dtype", "layers"}}``."""
        return {name: {"backbone": e.backbone, "dtype": e.precision.path, "layers": e.layer_count}
                for name, e in self._engines.items()}
