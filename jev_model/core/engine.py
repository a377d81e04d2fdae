"""The engine: load a local causal LM once, then read decisions in one forward pass.

The public API is one batch call on typed, frozen requests, in the spirit of
lm-evaluation-harness's ``loglikelihood(list[Instance])``:

    requests = [engine.prepare("answer_correctness", fields) for fields in items]   # ReadRequest
    results = engine.read(requests)                                                 # list[Result]

``prepare`` does every lookup once: the rubric, the computed checks, the rendered prompt,
the readout the settings pick and the prompt's token ids (``core/request.py``).  The scoring
path (``Engine.read_batches``) then only batches and reads:

    ids -> one forward pass of the decoder (``core/backbone.py``) -> hidden state at the last
    position -> the level tokens' rows of the LM head (or a trained readout) -> softmax

over a whole batch at a time.  A trained readout may read the state after its first k
decoder layers (``Readout.depth``); the forward pass then stops there.

The prompt's prefix (the rubric; for wire questions the state) runs once per model: its
keys and values live in a bounded cache outside the model (``core/prefix_cache.py``) and
each batch runs only its suffix tokens over them; the result equals the uncached pass
(tests/test_speed.py).

Threads: an Engine may be shared between threads.  Forward passes and the KV cache are
guarded by one lock (a forward pass already uses every core); tokenizing and lookups never
wait on it.  For parallel reads, load one engine per process.

No generation, nothing to parse.  Every item that cannot be read (prompt over the context,
too little probability on the level tokens) comes back *unscored* with a reason.

Example:
    >>> engine = Engine.load("default")                                  # doctest: +SKIP
    >>> engine.evaluate("answer_correctness", input="2+2?", output="4", expected="4")  # doctest: +SKIP
    Result(evaluator='answer_correctness', score=..., label='3.9 / 4', ...)
"""

from __future__ import annotations

import dataclasses
import logging
import os
from collections.abc import Iterator
from pathlib import Path

import torch

from jev_model.core import precision
from jev_model.core.backbone import Backbone
from jev_model.core.binding import Binder
from jev_model.core.corrections import PriorCache
from jev_model.core.prefix_cache import PREFIX_CACHE_BYTES, PrefixCache
from jev_model.core.prompting import Prompter
from jev_model.core.readers import Readers
from jev_model.core.readout import Readout
from jev_model.core.render import Prompt, render
from jev_model.core.request import Bound, NoTrainedReadout, ReadRequest, Settings  # noqa: F401 (the warning's old home)
from jev_model.core.result import Result, build_result
from jev_model.core.rubric import Rubric
from jev_model.core.weights import backbone_id, resolve_model
from jev_model.errors import JevError

log = logging.getLogger("jev.engine")


class Engine:
    """A loaded backbone, its caches and the rubrics bound to it.  See the module docstring."""

    def __init__(self, model, tokenizer, model_dir: Path | None = None, *, device: str = "cpu",
                 max_tokens: int | None = None, name: str | None = None, settings: Settings | None = None,
                 cache_bytes: int = PREFIX_CACHE_BYTES, precision_choice: precision.Choice | None = None,
                 readout_variant: str = "", **setting_values):
        self.settings = (settings or Settings()).replace(**setting_values)  # the defaults of prepare()
        self.model = model.eval().requires_grad_(False)
        self.tokenizer = tokenizer
        self.model_dir = Path(model_dir) if model_dir else None
        self.device = torch.device(device)
        self.name = name or (self.model_dir.name if self.model_dir else "in-memory")
        self.backbone = backbone_id(self.model_dir) if self.model_dir else "in-memory"
        self.lm = Backbone(model, tokenizer.pad_token_id, self.device)  # token ids in, hidden states out
        self.prefixes = PrefixCache(cache_bytes)  # prefix ids and KV, one byte budget
        self.prompter = Prompter(tokenizer, self.prefixes)
        self.priors = PriorCache()  # typed questions' answer priors (core/corrections.py)
        self._encoder = None  # the sentence encoder for evidence of meaning, loaded on first need (similar_for)
        self._encoder_missing = ""  # why it could not be loaded, where it could not
        self._encoder_of: Engine | None = None  # the engine whose encoder this one uses (a second model's)
        self.binder = Binder(self.prompter, self.lm.head, self.model_dir, self.backbone, self.name,
                             self.lm.layer_count, readout_variant)
        self.readers = Readers(self)  # second models that read some items (settings.explanations)
        self.lock = self.prefixes.lock  # guards every forward pass and the KV side of the cache
        self.context = self.lm.context
        self.max_tokens = min(max_tokens or self.context, self.context)
        self.chat = self.prompter.chat
        self.layer_count = self.lm.layer_count  # a readout's depth is 1..layer_count
        self.precision = precision_choice or precision.Choice(precision.path_of(model), "as given")

    @classmethod
    def load(cls, model: str | os.PathLike | None = "default", *, device: str = "cpu",
             dtype: str = "auto", max_tokens: int | None = None, settings: Settings | None = None,
             cache_bytes: int = PREFIX_CACHE_BYTES, readout_variant: str = "", **setting_values) -> "Engine":
        """Load a local Hugging Face causal-LM directory (safetensors only, offline).

        ``dtype``: float32, bfloat16, float16, int8 (the decoder's linear layers quantised, CPU
        only) or "auto": bfloat16 on CUDA; on a CPU the fastest admitted path, probed once per
        machine and cached (``jev_model.core.precision``); ``describe()`` says which and why.

        ``readout_variant``: read with the trained readouts fitted for one kind of item
        (``<evaluator>.<variant>.safetensors``; ``Readers`` loads its models so).

        Example: ``Engine.load("default", device="cpu", readout="raw")`` (keywords after
        ``readout_variant`` are ``Settings`` fields: the defaults of every request)."""
        from transformers import AutoConfig, AutoModelForCausalLM, AutoTokenizer
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()
        settings = (settings or Settings()).replace(**setting_values)  # bad settings fail before loading
        model_dir = resolve_model(model)
        if device.startswith("cuda") and not torch.cuda.is_available():
            raise JevError("--device cuda was asked for, but torch sees no CUDA device")
        try:
            config = AutoConfig.from_pretrained(model_dir, local_files_only=True, trust_remote_code=False)
        except (OSError, ValueError, KeyError) as exc:
            raise JevError(f"{model_dir}: config.json cannot be read as a Hugging Face config "
                           f"({str(exc).splitlines()[0][:200]})") from None
        if getattr(config, "auto_map", None):
            raise JevError(f"{model_dir} needs remote code (auto_map in config.json); it is never run")
        choice = precision.choose(dtype, device, _mlp_shape(config))
        try:
            tokenizer = AutoTokenizer.from_pretrained(model_dir, local_files_only=True, trust_remote_code=False)
            lm = AutoModelForCausalLM.from_pretrained(
                model_dir, dtype=precision.torch_dtype(choice.path), local_files_only=True,
                trust_remote_code=False, use_safetensors=True,
            ).to(device)
            precision.apply(lm, choice.path)
        except JevError:
            raise
        except (OSError, ValueError, KeyError, RuntimeError) as exc:
            raise JevError(f"{model_dir}: cannot load the model ({str(exc).splitlines()[0][:200]})") from None
        engine = cls(lm, tokenizer, model_dir, device=device, max_tokens=max_tokens, settings=settings,
                     cache_bytes=cache_bytes, precision_choice=choice, readout_variant=readout_variant)
        engine.readers.dtype = dtype  # a second model is loaded as this one was asked for
        if settings.explanations:  # a second model that is not there fails now, not at the first explanation
            engine.readers.get(settings.explanations)
        return engine

    # -- requests ------------------------------------------------------------------------------
    def bind(self, rubric: Rubric | str) -> Bound:
        """A rubric with its level tokens checked in this tokenizer (cached): a level token
        that is not one token fails here, before any reading."""
        return self.binder.bind(rubric)

    def readout(self, rubric: Rubric | str, settings: Settings | None = None) -> Readout:
        """The readout a request with these settings is read with (``Binder.readout``)."""
        return self.binder.readout(rubric, settings or self.settings)

    def prepare(self, evaluator: str | Rubric, fields: dict, settings: Settings | None = None) -> ReadRequest:
        """Render one item into a ready request: computed checks where the rubric compares
        answers and ``settings.checks`` is on, the readout, the token ids.  A missing field
        raises JevError naming it.

        Example: ``engine.prepare("answer_correctness", {"input": .., "output": .., "expected": ..})``"""
        settings = settings or self.settings
        rubric = self.binder.rubric(evaluator)
        if settings.checks and rubric.grounding:  # RAG evaluators: one field's claims against another
            from jev_model.checks.grounding import grounding

            found = grounding(fields, *rubric.grounding)
            return self.complete(ReadRequest(rubric, render(rubric, fields, found.line()), settings, found.line(),
                                             found.features()))
        checks_line, features = None, None
        if settings.checks and rubric.checks:
            from jev_model.checks import features_of

            # the findings, once: as a line for the prompt, as numbers for the readout
            found = self.evidence(rubric, fields, settings)
            checks_line = None if found is None else found.line()
            named = features_of(found)
            features = tuple(named.values())
            if settings.explanations and settings.readout == "trained":
                from jev_model.checks.features import explains

                reader = self.readers.get(settings.explanations, rubric) if explains(fields, named) else None
                if reader is not None:  # read by the second model, with its checks and its readout
                    routed = reader.prepare(rubric, fields, settings.replace(explanations=None))
                    return dataclasses.replace(routed, reader=settings.explanations)
        return self.complete(ReadRequest(rubric, render(rubric, fields, checks_line), settings, checks_line, features))

    def evidence(self, rubric: Rubric, fields: dict, settings: Settings):
        """The computed checks' findings on one item (``checks.evidence``) with this engine's
        sentence encoder where the settings and the rubric's readout ask for it: what
        ``prepare`` renders and reads, and what ``jev train --explanations`` selects by."""
        from jev_model.checks import evidence

        return evidence(fields, self.similar_for(rubric, settings), self.kind_for(settings))

    def similar_for(self, rubric: Rubric, settings: Settings):
        """The sentence encoder's cosine where this rubric's checks compare by meaning
        (``settings.meaning``: "auto" where its readout was fitted with it), else None.
        The encoder is loaded on first need, once per engine."""
        if settings.meaning == "off" or (settings.meaning == "auto"
                                         and not self.binder.readout(rubric, settings).reads_meaning):
            return None
        return self._load_encoder().similarity

    def kind_for(self, settings: Settings):
        """The sentence encoder's cosine for telling names of the reference's kind from other
        words (``checks/names.py``), loaded only when a check asks for it; None where
        ``settings.meaning`` is "off"."""
        return None if settings.meaning == "off" else self._kind_similarity

    def _kind_similarity(self, a: list[str], b: list[str]) -> list[list[float]]:
        if self._encoder is None and self._encoder_missing:
            raise LookupError(self._encoder_missing)  # the check is then silent (names.py)
        try:
            return self._load_encoder().similarity(a, b)
        except JevError as e:  # not prepared: said once, the rule stays silent
            self._encoder_missing = str(e)
            log.warning("rival names are not checked: %s", e)
            raise LookupError(str(e)) from e

    def _load_encoder(self):
        """The sentence encoder, loaded on first need, once per engine (a second model's
        engine uses the one of the engine that loaded it: ``Readers``)."""
        if self._encoder_of is not None:
            return self._encoder_of._load_encoder()
        if self._encoder is None:
            with self.lock:
                if self._encoder is None:
                    from jev_model.core.encoder import SentenceEncoder

                    self._encoder = SentenceEncoder.load(device=self.device)
        return self._encoder

    def complete(self, request: ReadRequest) -> ReadRequest:
        """A request with its readout and token ids filled in (tokenized here, once); a ready
        request as it is.  A readout given with the request is kept, at its own depth."""
        if request.ready:
            return request
        request = self._with_readout(request)
        prefix, suffix = self.prompter.encode_parts(request.prompt, self.binder.bind(request.rubric).tail)
        return dataclasses.replace(request, prefix_ids=tuple(prefix), suffix_ids=tuple(suffix), backbone=self.backbone)

    def _with_readout(self, request: ReadRequest) -> ReadRequest:
        bound = self.binder.bind(request.rubric)
        readout = request.readout
        if readout is None:
            readout = self.binder.readout(request.rubric, request.settings)
        else:
            self.binder.check_depth(readout)
        return dataclasses.replace(request, readout=readout, level_ids=tuple(bound.token_ids))

    def evaluate_many(self, evaluator: str | Rubric, items: list[dict], settings: Settings | None = None,
                      **changes) -> list[Result]:
        """Score many items with one evaluator.  A bad item raises JevError naming it.
        Keywords change fields of the settings for this call, e.g. ``batch_size=16``."""
        settings = (settings or self.settings).replace(**changes)
        requests = []
        for n, fields in enumerate(items):
            try:
                requests.append(self.prepare(evaluator, fields, settings))
            except JevError as exc:
                raise JevError(f"item {n}: {exc}") from None
        return self.read(requests)

    def evaluate(self, evaluator: str | Rubric, settings: Settings | None = None, **fields) -> Result:
        """Score one item, e.g. ``engine.evaluate("answer_correctness", input=..., output=..., expected=...)``."""
        return self.read([self.prepare(evaluator, fields, settings)])[0]

    def ask(self, state, questions: dict, settings: Settings | None = None) -> tuple[dict, dict]:
        """Answer typed System One questions about one state: ``(answers by id, usage)``, the
        same answers the server gives (``core/system_one.py``).

        Example: ``engine.ask("Refund now!", {"urgent": {"type": "noul", "instructions": "Urgent?"}})``"""
        from jev_model.core import system_one

        return system_one.ask(self, state, questions, settings)

    def plan_ask(self, state, questions: dict, settings: Settings | None = None):
        """``(questions by id, QuestionPlan)``: ``system_one.plan``; ``plan.requests`` are read
        by ``read`` and ``plan.readings(results)`` gives one reading per question."""
        from jev_model.core import system_one

        return system_one.plan(self, state, questions, settings)

    # -- the scoring path ----------------------------------------------------------------------
    def read(self, requests: list[ReadRequest]) -> list[Result]:
        """Read every request; results in the order of ``requests``.

        Example: ``engine.read([engine.prepare("answer_correctness", fields)])``"""
        results: list[Result | None] = [None] * len(requests)
        for batch in self.read_batches(requests):
            for i, result in batch:
                results[i] = result
        return results  # type: ignore[return-value]

    def reader_of(self, request: ReadRequest) -> "Engine":
        """The engine that reads ``request``: the second model that prepared it
        (``settings.explanations``), else this one (its own, or the loaded model's own
        explanations on the same backbone)."""
        if request.reader and request.backbone != self.backbone:
            return self.readers.get(request.reader)
        return self

    def read_batches(self, requests: list[ReadRequest]) -> Iterator[list[tuple[int, Result]]]:
        """The scoring path, one forward batch at a time: yields ``(request index, Result)``
        pairs as each batch is read, so a caller can save them before the next one runs.

        Requests with the same prefix, batch size and readout depth are batched together,
        longest suffix first, over that prefix's cached keys and values; rubrics and settings
        may differ within a batch (several questions over one state share it)."""
        for r in requests:
            if not isinstance(r, ReadRequest):
                raise TypeError(f"Engine.read takes ReadRequest objects, not {type(r).__name__}")
        routed: dict[str, list[int]] = {}
        for i, r in enumerate(requests):
            if self.reader_of(r) is not self:  # prepared by a second model: read there
                routed.setdefault(r.reader, []).append(i)
            elif r.backbone not in (None, self.backbone):
                raise JevError(f"request {i} was tokenized for backbone {r.backbone}, not {self.name}'s "
                               f"({self.backbone}); prepare it with the engine that reads it")
        for model, rows in routed.items():  # read by their own model (prepared there, read there as its own)
            mine = [dataclasses.replace(requests[i], reader=None) for i in rows]
            for batch in self.readers.get(model).read_batches(mine):
                yield [(rows[k], result) for k, result in batch]
        away = {i for rows in routed.values() for i in rows}
        local = [i for i in range(len(requests)) if i not in away]
        requests = [r if i in away else self.complete(r) for i, r in enumerate(requests)]  # hand-built: tokenized here
        over = [i for i in local if requests[i].tokens > self.max_tokens]
        if over:
            yield [(i, self._unscored(requests[i], f"prompt is {requests[i].tokens} tokens, "
                                      f"over the model's context of {self.max_tokens}")) for i in over]
        todo = [i for i in local if requests[i].tokens <= self.max_tokens]
        parts = [(r.prefix_ids, r.suffix_ids) for r in requests]
        for chunk in prefix_batches(todo, parts, [r.settings.batch_size for r in requests], [r.depth for r in requests]):
            first = requests[chunk[0]]
            with self.lock:
                h = self.hidden_last([list(requests[i].suffix_ids) for i in chunk], list(first.prefix_ids),
                                     first.depth)  # forward: [B, d]
                results = self.results([requests[i] for i in chunk], h)
            yield list(zip(chunk, results))

    @torch.inference_mode()
    def results(self, requests: list[ReadRequest], h: torch.Tensor) -> list[Result]:
        """The last step of the scoring path over a batch: last-position hidden states
        ``[B, d]`` (computed now, or stored by a benchmark) -> each readout's level logits ->
        softmax -> results under each rubric's names and pass rule.  Rows sharing a readout
        are read together; a raw readout's level mass runs once over its rows."""
        requests = [r if r.readout is not None and r.level_ids is not None else self._with_readout(r)
                    for r in requests]
        h = h.to(self.device)
        out: list[Result | None] = [None] * len(requests)
        groups: dict[int, list[int]] = {}
        for row, r in enumerate(requests):
            groups.setdefault(id(r.readout), []).append(row)
        for rows in groups.values():
            readout = requests[rows[0]].readout
            hs = h[rows]  # [G, d]
            probs = torch.softmax(readout.level_logits(hs, self.lm.softcap, _features(readout, requests, rows)),
                                  dim=-1).cpu()  # [G, L]
            mass = self.lm.level_mass(hs, list(requests[rows[0]].level_ids)) if readout.is_raw else None  # [G]
            for k, row in enumerate(rows):
                out[row] = self._result(requests[row], probs[k].tolist(), None if mass is None else float(mass[k]))
        return out  # type: ignore[return-value]

    def result_from_hidden(self, rubric: Rubric | str, h: torch.Tensor, settings: Settings | None = None,
                           checks: str | None = None, readout: Readout | None = None, features=None) -> Result:
        """``results`` for one stored hidden state ``[1, d]`` of one item (benchmarks)."""
        request = ReadRequest(self.binder.rubric(rubric), Prompt("", ""), settings or self.settings, checks,
                              None if features is None else tuple(features), readout)
        return self.results([request], h.reshape(1, -1))[0]

    def _result(self, request: ReadRequest, probs: list[float], mass: float | None) -> Result:
        readout = request.readout
        extra = {"readout": readout.name, "calibration": readout.calibration_note, "checks": request.checks,
                 "warning": readout.warning}
        if mass is not None and mass < request.settings.min_level_mass:
            return Result(request.rubric.name, unscored=f"only {mass:.4f} of the next-token probability fell on "
                          f"the level tokens (minimum {request.settings.min_level_mass})", level_mass=mass, **extra)
        return build_result(request.rubric, probs, level_mass=mass, **extra)

    def _unscored(self, request: ReadRequest, why: str) -> Result:
        return Result(request.rubric.name, unscored=why, readout=request.readout.name, checks=request.checks,
                      warning=request.readout.warning)

    # -- hidden states (token ids in; benchmarks and jev train read them too) ------------------------
    def hidden_last(self, batch: list[list[int]], prefix: list[int] | None = None,
                    depth: int | None = None) -> torch.Tensor:
        """The hidden state at each sequence's last real token after ``depth`` decoder layers
        (None: all), through the final norm: ``[B, d]``.  With ``prefix``, ``batch`` holds the
        suffixes and the prefix's keys and values come from the cache (``Backbone.hidden_layers``)."""
        return self.hidden_layers(batch, prefix, (depth,))[depth]

    def hidden_layers(self, batch: list[list[int]], prefix: list[int] | None = None,
                      depths: tuple[int | None, ...] = (None,)) -> dict[int | None, torch.Tensor]:
        """``hidden_last`` after each of ``depths`` layers from ONE pass: ``{depth: [B, d]}``."""
        with self.lock:
            kv = self.prefix_kv(prefix) if prefix else None
            try:
                return self.lm.hidden_layers(batch, kv, len(prefix or ()), depths)
            except JevError as exc:
                raise JevError(f"{self.name}: {exc}") from None

    def prefix_kv(self, prefix: list[int] | tuple[int, ...]):
        """The KV cache of one prefix (batch 1), computed once and kept in the prefix cache."""
        with self.lock:
            cache = self.prefixes.kv(prefix)
            if cache is None:
                cache = self.lm.prefill(list(prefix))
                self.prefixes.keep(prefix, cache)
            return cache

    # -- tokens and caches -----------------------------------------------------------------------
    def encode_parts(self, prompt: Prompt, cue_tail: str = "") -> tuple[list[int], list[int]]:
        """The prefix (with BOS; cached) and the suffix ids of a prompt (``Prompter``)."""
        return self.prompter.encode_parts(prompt, cue_tail)

    def encode(self, prompt: Prompt, cue_tail: str = "") -> list[int]:
        """Token ids of a prompt: the prefix ids followed by the suffix ids."""
        prefix, suffix = self.encode_parts(prompt, cue_tail)
        return prefix + suffix

    @property
    def label_pool(self) -> list[str]:
        """Choice labels that are single tokens in this tokenizer, in order."""
        return self.prompter.label_pool

    def cache_info(self) -> dict:
        """What the per-prefix caches hold now (``PrefixCache.info``): ``bytes`` (KV + token
        ids) stays within ``bound_bytes``, except for a single KV cache larger than the bound."""
        info = self.prefixes.info()
        if self.readers.engines():  # each second model's cache has the same bound
            info["readers"] = {e.name: e.cache_info() for e in self.readers.engines()}
        return info

    def clear_caches(self) -> None:
        """Forget cached prefix keys/values, token ids and typed questions' answer priors
        (bound rubrics and readouts stay), here and in the second models."""
        self.prefixes.clear()
        self.priors.clear()
        for reader in self.readers.engines():
            reader.clear_caches()

    def describe(self) -> dict:
        """What is loaded and the default settings, e.g. for ``jev evaluate`` and ``/v1/models``."""
        return {"model": self.name, "backbone": self.backbone, "device": str(self.device),
                "dtype": self.precision.path, "dtype_choice": self.precision.note,
                "max_tokens": self.max_tokens, "context": self.context, "chat_template": self.chat,
                "layers": self.layer_count, "settings": dataclasses.asdict(self.settings),
                "readers": self.readers.describe()}


def prefix_batches(todo: list[int], parts: list[tuple], size: int | list[int],
                   depths: list[int | None] | None = None) -> Iterator[list[int]]:
    """Batches of indices into ``parts`` (``(prefix ids, suffix ids)``) sharing one prefix
    (and batch size, and readout depth), longest suffix first (little padding).  ``size``:
    one batch size, or one per item; ``depths``: one per item (None: all layers)."""
    sizes = size if isinstance(size, list) else [size] * len(parts)
    depths = depths or [None] * len(parts)
    groups: dict[tuple, list[int]] = {}
    for i in todo:
        groups.setdefault((tuple(parts[i][0]), sizes[i], depths[i]), []).append(i)
    for (_, n, _), group in groups.items():
        group.sort(key=lambda i: -len(parts[i][1]))
        for start in range(0, len(group), n):
            yield group[start: start + n]


def _features(readout: Readout, requests: list[ReadRequest], rows: list[int]) -> torch.Tensor | None:
    """The check features of ``rows`` as ``[G, F]`` for a readout that reads them; a request
    without them (checks off) reads as all zeros: no evidence."""
    if readout.feature_weight is None:
        return None
    width = readout.feature_weight.shape[1]
    return torch.tensor([requests[row].features or (0.0,) * width for row in rows], dtype=torch.float32)


def _mlp_shape(config) -> tuple[int, int]:
    """(hidden size, MLP width) of a causal-LM config: the shape the dtype probe times."""
    text = getattr(config, "text_config", None) or config
    d = int(getattr(text, "hidden_size", 0) or 1024)
    return d, int(getattr(text, "intermediate_size", 0) or 4 * d)
