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
from jev_model.errors import JevError

log = logging.getLogger("jev.readers")

VARIANT = "explanations"  # the readout variant a reader reads with


class Readers:
    """The second engines of one engine, loaded on first need, once per model directory (a
    name and its directory are one model), thread-safe."""

    def __init__(self, engine, dtype: str = "auto"):
        self.engine = engine
        self.dtype = dtype  # what the engine was loaded with ("auto": each model's own choice)
        self.lock = threading.Lock()
        self._engines: dict[str, object] = {}  # resolved model directory -> engine
        self._dirs: dict[str, str] = {}  # a model as named in settings -> its resolved directory
        self._fits: dict[tuple, bool] = {}

    def get(self, model: str, rubric: Rubric | None = None):
        """The engine for ``model``: the same device, dtype request, token limit and cache
        budget as the loaded one, its explanations readouts.  With ``rubric``: None where that
        model has no explanations readout for it, or one that does not fit it (its items are
        then read by the loaded model; said once)."""
        key = self._dirs.get(model)
        reader = self._engines.get(key) if key else None  # dict lookups: never wait
        if reader is None:
            with self.lock:
                reader = self._load(model)
        if rubric is None:
            return reader
        fit_key = (self._dirs[model], rubric.name, tuple(rubric.tokens))
        fits = self._fits.get(fit_key)
        if fits is None:
            try:
                bound = reader.bind(rubric).rubric
                fits = find_readout(reader.model_dir, reader.backbone, bound, bool(bound.checks), VARIANT) is not None
                why = f"has no {VARIANT} readout for {rubric.name}"
            except JevError as exc:  # a level token it cannot read, a readout for another rubric version
                fits, why = False, f"cannot read {rubric.name} ({exc})"
            if not fits:
                log.warning("%s %s: those items are read by %s", model, why, self.engine.name)
            self._fits[fit_key] = fits
        return reader if fits else None

    def _load(self, model: str):
        from jev_model.core.engine import Engine
        from jev_model.core.weights import resolve_model

        key = str(resolve_model(model).resolve())
        if key not in self._engines:
            main = self.engine
            options = dict(device=str(main.device), max_tokens=main.max_tokens, cache_bytes=main.prefixes.budget,
                           settings=main.settings.replace(explanations=None), readout_variant=VARIANT)
            if main.model_dir is not None and key == str(main.model_dir.resolve()):
                # the loaded model itself, with its explanations readouts: the same weights, nothing loaded again;
                # its requests carry this backbone, so the loaded engine reads them (Engine.read_batches)
                self._engines[key] = Engine(main.model, main.tokenizer, main.model_dir,
                                            precision_choice=main.precision, **options)
            else:
                log.info("loading %s to read explanations", model)
                self._engines[key] = Engine.load(key, dtype=self.dtype, **options)
            self._engines[key]._encoder_of = main  # one sentence encoder and its cache, not one per model
        self._dirs[model] = key
        return self._engines[key]

    def engines(self) -> list:
        """The second engines loaded so far."""
        return list(self._engines.values())

    def describe(self) -> dict:
        """The loaded second engines: ``{model directory: {"name", "backbone", "dtype", "layers"}}``."""
        return {key: {"name": e.name, "backbone": e.backbone, "dtype": e.precision.path, "layers": e.layer_count}
                for key, e in self._engines.items()}
