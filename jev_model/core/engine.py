"""The engine: load a local causal LM once, then read decisions in one forward pass.

The public API is one batch call on typed, frozen requests, in the spirit of
lm-evaluation-harness's ``loglikelihood(list[Instance])``:

    requests = [engine.prepare("answer_correctness", fields) for fields in items]   # ReadRequest
    results = engine.read(requests)                                                 # list[Result]

The scoring path, top to bottom (``Engine.read_batches``):

    render -> tokenize -> one forward pass of the decoder -> hidden state at the last
    position -> the level tokens' rows of the LM head (or a trained readout) -> softmax

A trained readout may read the state after its first k decoder layers (``Readout.depth``,
``jev train --depth``); the forward pass then stops there (``hidden_last(..., depth=k)``).

Settings (which readout, computed checks, calibration, the minimum level mass, the batch
size) travel with each request as a frozen ``Settings``; an engine's own ``settings`` are
only the defaults ``prepare`` fills in, and nothing changes them after loading.

The prompt's prefix (the rubric; for wire questions the state) runs once per model: its
keys and values are cached (bounded LRU) and each batch of items runs only its suffix
tokens over them; the result equals the uncached pass (tests/test_speed.py).

Threads: an Engine may be shared between threads.  Its reads and its caches are guarded
by one lock, so reads from several threads run one batch at a time (a forward pass
already uses every core); for parallel reads, load one engine per process.

No generation, nothing to parse.  Every item that cannot be read (prompt over the
context, too little probability on the level tokens) comes back *unscored* with a reason.

Example:
    >>> engine = Engine.load("default")                                  # doctest: +SKIP
    >>> engine.evaluate("answer_correctness", input="2+2?", output="4", expected="4")  # doctest: +SKIP
    Result(evaluator='answer_correctness', score=..., label='3.9 / 4', ...)
"""

from __future__ import annotations

import copy
import dataclasses
import math
import os
import threading
import warnings
from collections import OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import torch

from jev_model.core import precision
from jev_model.core.readout import Readout, describe_calibration, find_calibration, find_readout, softcap
from jev_model.core.render import ANSWER_CUE, Prompt, render
from jev_model.core.result import Result, build_result
from jev_model.core.rubric import Rubric, check_tokens, load_rubric
from jev_model.core.weights import backbone_id, resolve_model
from jev_model.errors import JevError

DEFAULT_MIN_LEVEL_MASS = 0.01  # raw readout: below this share of next-token mass, unscored
DEFAULT_BATCH_SIZE = 8  # measured: benchmarks/speed.py (README "Speed")
PREFIX_CACHE_BYTES = 512 << 20  # per-prefix caches kept (KV and token ids together), least recently used out
VOCAB_CHUNK = 32768  # rows of the LM head per step of the level-mass logsumexp
READOUTS = ("trained", "raw")


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

    def __post_init__(self):
        if self.readout not in READOUTS:
            raise JevError(f"readout must be one of {', '.join(READOUTS)}, not {self.readout!r}")
        if not isinstance(self.min_level_mass, (int, float)) or not 0.0 <= self.min_level_mass <= 1.0:
            raise JevError(f"minimum level mass must be a number from 0 to 1, not {self.min_level_mass!r}")
        if isinstance(self.batch_size, bool) or not isinstance(self.batch_size, int) or self.batch_size < 1:
            raise JevError(f"batch size must be a whole number of at least 1, not {self.batch_size!r}")

    def replace(self, **changes) -> "Settings":
        return dataclasses.replace(self, **changes)


@dataclass(frozen=True)
class ReadRequest:
    """One reading to make: a rubric, its rendered prompt and the settings to read it with.

    ``Engine.prepare`` builds one from request fields; ``Engine.plan_ask`` from typed
    questions.  ``checks`` is the computed-checks line already rendered into the prompt
    (shown in the result); ``features`` are the same findings as numbers
    (``jev_model.checks.FEATURE_NAMES``), read by a trained readout that takes them;
    ``readout``: read with this readout (e.g. a file a benchmark measures, ``load_readout``)
    instead of the one ``settings`` pick, at its own depth."""

    rubric: Rubric
    prompt: Prompt
    settings: Settings = Settings()
    checks: str | None = None
    features: tuple[float, ...] | None = None
    readout: Readout | None = None


@dataclass(frozen=True)
class Bound:
    """A rubric bound to a loaded model: its checked level-token ids."""

    rubric: Rubric  # the first rubric bound under this name and tokens
    token_ids: list[int]
    tail: str = ""  # appended after the answer cue: " " where the tokenizer writes the space apart


class Engine:
    """A loaded backbone plus the rubrics bound to it.  See the module docstring."""

    def __init__(self, model, tokenizer, model_dir: Path | None = None, *, device: str = "cpu",
                 max_tokens: int | None = None, name: str | None = None, settings: Settings | None = None,
                 cache_bytes: int = PREFIX_CACHE_BYTES, precision_choice: precision.Choice | None = None,
                 **setting_values):
        self.settings = (settings or Settings()).replace(**setting_values)  # the defaults of prepare()
        self.model = model.eval().requires_grad_(False)
        self.tokenizer = tokenizer
        self.model_dir = Path(model_dir) if model_dir else None
        self.device = torch.device(device)
        self.name = name or (self.model_dir.name if self.model_dir else "in-memory")
        self.backbone = backbone_id(self.model_dir) if self.model_dir else "in-memory"
        self.context = getattr(model.config, "max_position_embeddings", None) or 2048
        self.max_tokens = min(max_tokens or self.context, self.context)
        self.chat = bool(getattr(tokenizer, "chat_template", None))
        self.softcap = getattr(model.config, "final_logit_softcapping", None)
        self.head = model.get_output_embeddings().weight  # [V, d]
        self.decoder = model.base_model  # the transformer without its LM head
        self.cache_bytes = cache_bytes  # bound on the per-prefix caches kept (KV and token ids), all together
        self._lock = threading.RLock()  # guards the caches below and every forward pass
        self._ids_lock = threading.Lock()  # guards only the token-id cache: tokenizing never waits on a forward
        self._ids_bytes = 0  # bytes held by _prefix_ids (estimated, see _ids_size)
        self._kv_bytes = 0  # bytes held by _prefix_kv
        self._bound: dict[str, Bound] = {}
        self._readouts: dict[tuple, Readout] = {}
        self._prefix_ids: OrderedDict[str, list[int]] = OrderedDict()
        self._prefix_kv: OrderedDict[tuple[int, ...], object] = OrderedDict()  # prefix ids -> DynamicCache [1, ..]
        self._label_pool: list[str] | None = None
        self._views: dict[int, torch.nn.Module] = {}  # depth -> the decoder stopped there (_decoder_at)
        self.layer_count = _layer_count(model)  # decoder layers: a readout's depth is 1..layer_count
        self.precision = precision_choice or precision.Choice(precision.path_of(model), "as given")  # path, and why

    # -- loading ---------------------------------------------------------------------------
    @classmethod
    def load(cls, model: str | os.PathLike | None = "default", *, device: str = "cpu",
             dtype: str = "auto", max_tokens: int | None = None, settings: Settings | None = None,
             cache_bytes: int = PREFIX_CACHE_BYTES, **setting_values) -> "Engine":
        """Load a local Hugging Face causal-LM directory (safetensors only, offline).

        ``dtype``: float32, bfloat16, float16, int8 (the decoder's linear layers quantised, CPU
        only) or "auto": bfloat16 on CUDA; on a CPU the fastest admitted path, probed once per
        machine and cached (``jev_model.core.precision``); ``describe()`` says which and why.

        Example: ``Engine.load("default", device="cpu", readout="raw")`` (keywords after
        ``max_tokens`` are ``Settings`` fields: the defaults of every request)."""
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
        return cls(lm, tokenizer, model_dir, device=device, max_tokens=max_tokens, settings=settings,
                   cache_bytes=cache_bytes, precision_choice=choice)

    # -- binding rubrics -------------------------------------------------------------------
    def bind(self, rubric: Rubric | str) -> Bound:
        """Check a rubric's level tokens in this tokenizer (cached): a level token that is
        not one token fails here, before any reading."""
        if isinstance(rubric, str) and rubric in self._bound:  # a dict lookup: no lock, never waits on a forward
            return self._bound[rubric]
        if not isinstance(rubric, str) and f"{rubric.name}|{rubric.tokens}" in self._bound:
            return self._bound[f"{rubric.name}|{rubric.tokens}"]
        with self._lock:
            if isinstance(rubric, str):
                if rubric in self._bound:
                    return self._bound[rubric]
                rubric = load_rubric(rubric)
            key = f"{rubric.name}|{rubric.tokens}"  # token ids depend on nothing else
            if key not in self._bound:
                check_tokens(rubric, self.tokenizer)  # fails loudly unless each is one token
                ids, tail = self.answer_tokens(rubric)
                self._bound[key] = Bound(rubric, ids, tail)
                self._bound.setdefault(rubric.name, self._bound[key])
            return self._bound[key]

    def readout(self, rubric: Rubric | str, settings: Settings | None = None) -> Readout:
        """The readout a request with these settings is read with (cached): the trained one
        for this backbone and evaluator where one fits and ``settings.readout`` is
        "trained", else the LM head's level rows; with the stored calibration applied
        where ``settings.calibration``.  A catalogue evaluator read raw for want of a
        trained readout carries a ``warning`` (shown in every result, and warned once)."""
        settings = settings or self.settings
        bound = self.bind(rubric)
        rubric = bound.rubric
        checks = bool(settings.checks and rubric.checks)
        key = (rubric.name, tuple(rubric.tokens), settings.readout, settings.calibration, checks)
        found = self._readouts.get(key)  # a dict lookup: atomic, never waits on a forward pass
        if found is not None:
            return found
        with self._lock:
            if key in self._readouts:
                return self._readouts[key]
            readout = None
            if settings.readout == "trained" and not rubric.caller_levels:
                readout = find_readout(self.model_dir, self.backbone, rubric, checks)
                if readout is None and rubric.trainable:
                    note = (f"no trained readout for {rubric.name} on backbone {self.backbone} ({self.name}): "
                            "read raw, and a small model read raw does not judge; run `jev train` for it, "
                            "or see `jev doctor` for the backbones that have one")
                    warnings.warn(note, NoTrainedReadout, stacklevel=3)
                    readout = dataclasses.replace(Readout.raw(self.head, bound.token_ids), warning=note)
            if readout is None:
                readout = Readout.raw(self.head, bound.token_ids)
            if readout.depth is not None and not (isinstance(readout.depth, int) and 1 <= readout.depth <= self.layer_count):
                raise JevError(f"readout {readout.name} reads after decoder layer {readout.depth!r}, but {self.name} "
                               f"has layers 1..{self.layer_count}")
            if settings.calibration:
                found = find_calibration(self.model_dir, self.backbone, rubric, readout.name)
                if found is not None:
                    cal, path = found
                    readout = dataclasses.replace(readout, calibration=float(cal["temperature"]),
                                                  calibration_note=describe_calibration(cal, path.name))
            self._readouts[key] = readout
            return readout

    def cache_info(self) -> dict:
        """What the per-prefix caches hold now: ``{"prefixes", "kv_bytes", "prefix_ids", "ids_bytes",
        "bytes", "bound_bytes", "prefix_keys"}``; ``bytes`` (KV + token ids) stays within
        ``bound_bytes`` (``cache_bytes``), except for a single KV cache larger than the bound,
        which is kept alone until the next prefix replaces it."""
        with self._lock, self._ids_lock:
            return {"prefixes": len(self._prefix_kv), "kv_bytes": self._kv_bytes,
                    "prefix_ids": len(self._prefix_ids), "ids_bytes": self._ids_bytes,
                    "bytes": self._kv_bytes + self._ids_bytes, "bound_bytes": self.cache_bytes,
                    "prefix_keys": [list(k) for k in self._prefix_kv]}

    @property
    def cached_bytes(self) -> int:
        """Bytes the per-prefix caches hold now (KV and token ids), read without waiting for a
        forward pass (for health checks); ``cache_info`` has the detail."""
        return self._kv_bytes + self._ids_bytes

    def clear_caches(self) -> None:
        """Forget cached prefix keys/values and token ids (bound rubrics and readouts stay)."""
        with self._lock, self._ids_lock:
            self._prefix_kv.clear()
            self._prefix_ids.clear()
            self._kv_bytes = self._ids_bytes = 0


    # -- tokenizing ------------------------------------------------------------------------
    def answer_tokens(self, rubric: Rubric) -> tuple[list[int], str]:
        """The ids the model would write for each level right after the answer cue.

        After "Answer:" a base model writes " 4" or " A".  SentencePiece (Gemma) spells
        these "▁A" (one token) but "▁", "4" (the space apart): then the cue ends with the
        space and the level token follows.  A chat model answers at the start of its turn,
        where the bare token is what it writes."""
        enc = lambda text: self.tokenizer.encode(text, add_special_tokens=False)  # noqa: E731
        bare = [enc(t)[0] for t in rubric.tokens]
        if self.chat:
            return bare, ""
        cue = enc(ANSWER_CUE)
        conts = [enc(ANSWER_CUE + " " + t)[len(cue):] for t in rubric.tokens]
        if all(len(c) == 1 for c in conts) and len({c[0] for c in conts}) == len(conts):
            return [c[0] for c in conts], ""
        spaced = enc(ANSWER_CUE + " ")
        if all(c == spaced[len(cue):] + [b] for c, b in zip(conts, bare)):
            return bare, " "
        return bare, ""

    def _wrap(self, prompt: Prompt) -> tuple[str, str]:
        """Apply the chat template where the tokenizer has one; split around the state."""
        if not self.chat:
            return prompt.prefix, prompt.suffix
        marker = "\x00JEV-SPLIT\x00"
        text = self.tokenizer.apply_chat_template(
            [{"role": "user", "content": prompt.prefix + marker + prompt.suffix}],
            tokenize=False, add_generation_prompt=True,
        )
        head, tail = text.split(marker)
        return head, tail

    def encode(self, prompt: Prompt, cue_tail: str = "") -> list[int]:
        """Token ids of a prompt: the prefix ids followed by the suffix ids."""
        prefix, suffix = self.encode_parts(prompt, cue_tail)
        return prefix + suffix

    def encode_parts(self, prompt: Prompt, cue_tail: str = "") -> tuple[list[int], list[int]]:
        """The prefix (with BOS) and the suffix, tokenized apart so the prefix ids are the
        same for every item and its KV cache can be reused."""
        head, tail = self._wrap(Prompt(prompt.prefix, prompt.suffix + cue_tail))
        with self._ids_lock:
            prefix = self._prefix_ids.get(head)
            if prefix is not None:
                self._prefix_ids.move_to_end(head)
        if prefix is None:  # tokenized outside the lock: a long state must not hold up other threads
            prefix = self.tokenizer.encode(head, add_special_tokens=not self.chat)  # a chat template wrote its own
            with self._ids_lock:
                if head not in self._prefix_ids:
                    self._prefix_ids[head] = prefix
                    self._ids_bytes += _ids_size(head, prefix)
                # bounded by bytes, with the KV caches: a server sees a new state per request
                while len(self._prefix_ids) > 1 and self._kv_bytes + self._ids_bytes > self.cache_bytes:
                    old, ids = self._prefix_ids.popitem(last=False)
                    self._ids_bytes -= _ids_size(old, ids)
        return prefix, self.tokenizer.encode(tail, add_special_tokens=False)

    def read_cost(self, requests: list[ReadRequest]) -> list[tuple[int, int]]:
        """What reading each request would run now, in tokens through every layer:
        ``[(prefix, suffix)]``, where ``prefix`` counts a prefix whose keys and values are not
        cached yet, once (on the first request that has it) and 0 otherwise, and ``suffix``
        its tokens times the share of the layers its readout reads (a depth-4 readout of 18
        layers: 4/18, rounded up).  A scheduler estimates time from it.

        Example: ``sum(p + s for p, s in engine.read_cost(requests))``"""
        out, seen = [], set()
        for r in requests:
            prefix, suffix = self.encode_parts(r.prompt, self.bind(r.rubric).tail)
            key = tuple(prefix)
            fresh = key not in seen and key not in self._prefix_kv  # a dict lookup: atomic, no lock needed
            seen.add(key)
            depth = (r.readout or self.readout(r.rubric, r.settings)).depth or self.layer_count
            out.append((len(prefix) if fresh else 0, math.ceil(len(suffix) * depth / self.layer_count)))
        return out

    def prefill_steps(self, request: ReadRequest, chunk_tokens: int | Callable[[], int]) -> Iterator[int]:
        """Compute the keys and values of ``request``'s prefix in chunks of at most
        ``chunk_tokens`` tokens (or as many as ``chunk_tokens()`` says before each chunk: a
        scheduler adapting to measured speed), yielding each chunk's token count, and keep the cache (as
        ``read`` would) when done, so a long state can be interleaved with other work.  The
        result equals a prefix computed at once (tests/test_server_load.py).  Yields nothing
        where the prefix is cached already or no longer than one chunk.

        Example: ``for n in engine.prefill_steps(request, 256): ...``"""
        size = chunk_tokens if callable(chunk_tokens) else (lambda: chunk_tokens)
        if size() < 1:
            raise ValueError("chunk_tokens must be at least 1")
        prefix, _ = self.encode_parts(request.prompt, self.bind(request.rubric).tail)
        key = tuple(prefix)
        if key in self._prefix_kv or len(prefix) <= size():
            return
        cache, start = None, 0
        while start < len(prefix):
            piece = prefix[start: start + max(1, size())]
            with self._lock, torch.inference_mode():
                ids = torch.tensor([piece], device=self.device)  # [1, C]
                if cache is None:
                    cache = self.decoder(input_ids=ids, use_cache=True).cache
                else:
                    positions = torch.arange(start, start + len(piece), device=self.device)[None]  # [1, C]
                    mask = torch.ones((1, start + len(piece)), dtype=torch.long, device=self.device)  # [1, P+C]
                    cache = self.decoder(input_ids=ids, attention_mask=mask, position_ids=positions,
                                         cache=cache, use_cache=True).cache
            start += len(piece)
            yield len(piece)
        with self._lock:
            self._keep_prefix(key, cache)


    # -- the scoring path ------------------------------------------------------------------
    def read(self, requests: list[ReadRequest]) -> list[Result]:
        """Read every request; results in the order of ``requests``.

        Example: ``engine.read([engine.prepare("answer_correctness", fields)])``"""
        results: list[Result | None] = [None] * len(requests)
        for batch in self.read_batches(requests):
            for i, result in batch:
                results[i] = result
        return results  # type: ignore[return-value]

    def read_batches(self, requests: list[ReadRequest]) -> Iterator[list[tuple[int, Result]]]:
        """The scoring path, one forward batch at a time: yields ``(request index, Result)``
        pairs as each batch is read, so a caller can save them before the next one runs.

        Requests with the same prefix and batch size are batched together, longest suffix
        first, over that prefix's cached keys and values; rubrics and settings may differ
        within a batch (several questions over one state share it)."""
        for r in requests:
            if not isinstance(r, ReadRequest):
                raise TypeError(f"Engine.read takes ReadRequest objects, not {type(r).__name__}")
        bounds = [self.bind(r.rubric) for r in requests]
        parts = [self.encode_parts(r.prompt, b.tail) for r, b in zip(requests, bounds)]  # tokenize
        todo, over = [], []
        for i, (prefix, suffix) in enumerate(parts):
            n = len(prefix) + len(suffix)
            (over if n > self.max_tokens else todo).append(i)
        if over:
            yield [(i, self._unscored(requests[i], f"prompt is {len(parts[i][0]) + len(parts[i][1])} tokens, "
                                      f"over the model's context of {self.max_tokens}")) for i in over]
        readouts = [r.readout or self.readout(r.rubric, r.settings) for r in requests]
        depths = [readout.depth for readout in readouts]  # the decoder layers each readout reads
        for chunk in self.prefix_batches(todo, parts, [r.settings.batch_size for r in requests], depths):
            with self._lock, torch.inference_mode():
                h = self.hidden_last([parts[i][1] for i in chunk], prefix=parts[chunk[0]][0],
                                     depth=depths[chunk[0]])  # forward: [B, d]
                yield [(i, self.result_from_hidden(requests[i].rubric, h[row: row + 1], requests[i].settings,
                                                   requests[i].checks, readouts[i], requests[i].features))
                       for row, i in enumerate(chunk)]

    def _unscored(self, request: ReadRequest, why: str) -> Result:
        readout = request.readout or self.readout(request.rubric, request.settings)
        return Result(request.rubric.name, unscored=why, readout=readout.name, checks=request.checks,
                      warning=readout.warning)

    @staticmethod
    def prefix_batches(todo: list[int], parts: list[tuple[list[int], list[int]]], size: int | list[int],
                       depths: list[int | None] | None = None):
        """Batches of request indices sharing one prefix (and batch size, and the depth their
        readouts read), longest suffix first (little padding).  ``size``: one batch size, or
        one per request; ``depths``: one per request (None: all layers)."""
        sizes = size if isinstance(size, list) else [size] * len(parts)
        depths = depths or [None] * len(parts)
        groups: dict[tuple, list[int]] = {}
        for i in todo:
            groups.setdefault((tuple(parts[i][0]), sizes[i], depths[i]), []).append(i)
        for (_, n, _), group in groups.items():
            group.sort(key=lambda i: -len(parts[i][1]))
            for start in range(0, len(group), n):
                yield group[start: start + n]

    @torch.inference_mode()
    def hidden_last(self, batch: list[list[int]], prefix: list[int] | None = None,
                    depth: int | None = None) -> torch.Tensor:
        """The hidden state at each sequence's last real token after ``depth`` decoder layers
        (None: all of them), through the decoder's final norm: ``[B, d]``.

        Without ``prefix``, one forward pass over the whole right-padded sequences (the
        reference path).  With it, ``batch`` holds the suffixes: the prefix's keys and values
        come from its cache and only the suffix tokens run (exact also past a sliding
        window: the cache layers report their offsets to the mask).  Right padding keeps
        positions exact, and causal attention means the pads after a sequence never touch it.
        A readout fitted at a ``depth`` (``Readout.depth``) runs only that many layers."""
        return self.hidden_layers(batch, prefix, (depth,))[depth]

    @torch.inference_mode()
    def hidden_layers(self, batch: list[list[int]], prefix: list[int] | None = None,
                      depths: tuple[int | None, ...] = (None,)) -> dict[int | None, torch.Tensor]:
        """``hidden_last`` after each of ``depths`` layers from ONE forward pass run to the
        deepest of them: ``{depth: [B, d]}``.  A shallower depth's state is the output of
        that layer through the same final norm a pass stopped there applies (equal to
        ``hidden_last(..., depth=k)``: tests/test_depth.py); ``jev train`` sweeps depths with it."""
        layers = self.layer_count
        for depth in depths:
            if depth is not None and not (isinstance(depth, int) and 1 <= depth <= layers):
                raise JevError(f"depth {depth!r}: this backbone has decoder layers 1..{layers}")
        deepest = max(layers if d is None else d for d in depths)
        if min(layers if d is None else d for d in depths) < layers and not (
                isinstance(getattr(self.decoder, "layers", None), torch.nn.ModuleList) and hasattr(self.decoder, "norm")):
            raise JevError(f"{self.name}: reading after fewer than all {layers} layers needs a decoder with .layers and "
                           f".norm, as Hugging Face's Llama, Gemma, Qwen and Mistral have; {type(self.decoder).__name__} "
                           "has not (read it at full depth)")
        decoder = self._decoder_at(deepest)
        if prefix:
            cache = self._expand(self.prefix_cache(prefix), len(batch))  # prefix K/V for each row
            input_ids, attention, lengths = self._right_pad(batch)  # [B, S], [B, S], [B]
            start = len(prefix)
            positions = torch.arange(start, start + input_ids.shape[1], device=self.device).expand_as(input_ids)
            seen = torch.ones((len(batch), start), dtype=attention.dtype, device=self.device)  # [B, P]
            call = dict(input_ids=input_ids, attention_mask=torch.cat([seen, attention], 1),  # mask [B, P+S]
                        position_ids=positions, cache=cache, use_cache=True)
        else:
            input_ids, attention, lengths = self._right_pad(batch)  # [B, T], [B, T], [B]
            call = dict(input_ids=input_ids, attention_mask=attention, use_cache=False)
        rows = torch.arange(len(batch), device=self.device)
        taken: dict[int, torch.Tensor] = {}
        hooks = [decoder.layers[k - 1].register_forward_hook(
                     lambda _m, _a, out, k=k: taken.__setitem__(k, (out[0] if isinstance(out, tuple) else out)[rows, lengths - 1]))
                 for k in {layers if d is None else d for d in depths} if k < deepest]
        try:
            out = decoder(**call)
        finally:
            for hook in hooks:
                hook.remove()
        last = out.last_hidden_state[rows, lengths - 1]  # [B, d]
        return {d: last if (layers if d is None else d) == deepest else decoder.norm(taken[d]) for d in depths}

    def _decoder_at(self, depth: int):
        """The decoder stopped after ``depth`` layers: a shallow view sharing every weight (and
        the prefix caches, whose deeper layers it never reads), whose final norm applies to
        layer ``depth``'s output.  Cached; the full decoder itself for the full depth."""
        if depth == self.layer_count:
            return self.decoder
        view = self._views.get(depth)
        if view is None:
            view = copy.copy(self.decoder)
            view._modules = dict(self.decoder._modules)  # nn.Module keeps its children there
            view._modules["layers"] = torch.nn.ModuleList(list(self.decoder.layers)[:depth])
            config = copy.copy(self.decoder.config)
            config.num_hidden_layers = depth
            if getattr(config, "layer_types", None):
                config.layer_types = list(config.layer_types)[:depth]
            view.config = config
            self._views[depth] = view
        return view

    def prefix_cache(self, prefix: list[int]):
        """The KV cache of one prefix (batch 1), computed once and kept (bounded LRU)."""
        key = tuple(prefix)
        if key in self._prefix_kv:
            self._prefix_kv.move_to_end(key)
            return self._prefix_kv[key]
        ids = torch.tensor([prefix], device=self.device)  # [1, P]
        cache = self.decoder(input_ids=ids, use_cache=True).cache
        self._keep_prefix(key, cache)
        return cache

    def _keep_prefix(self, key: tuple[int, ...], cache) -> None:
        """Keep one prefix's KV cache, dropping the least recently used ones (and then token
        ids) until the caches together fit ``cache_bytes``.  Called with ``_lock`` held."""
        if key in self._prefix_kv:
            self._kv_bytes -= _cache_bytes(self._prefix_kv.pop(key))
        self._prefix_kv[key] = cache
        self._kv_bytes += _cache_bytes(cache)
        while len(self._prefix_kv) > 1 and self._kv_bytes + self._ids_bytes > self.cache_bytes:
            self._kv_bytes -= _cache_bytes(self._prefix_kv.popitem(last=False)[1])
        with self._ids_lock:
            while len(self._prefix_ids) > 1 and self._kv_bytes + self._ids_bytes > self.cache_bytes:
                old, ids = self._prefix_ids.popitem(last=False)
                self._ids_bytes -= _ids_size(old, ids)

    @staticmethod
    def _expand(cache, batch: int):
        """A per-batch copy of a prefix cache: each layer's K/V viewed ``batch`` times.  The
        forward concatenates the suffix onto new tensors; the prefix's own stay untouched."""
        copy_ = copy.copy(cache)
        copy_.layers = []
        for layer in cache.layers:
            new = copy.copy(layer)
            if getattr(layer, "keys", None) is not None and layer.keys.numel():
                new.keys = layer.keys.expand(batch, -1, -1, -1)  # [B, kv_heads, P, head_dim]
                new.values = layer.values.expand(batch, -1, -1, -1)  # [B, kv_heads, P, head_dim]
            copy_.layers.append(new)
        return copy_

    def _right_pad(self, batch: list[list[int]]) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        lengths = torch.tensor([len(ids) for ids in batch])  # [B]
        width = int(lengths.max())
        pad = self.tokenizer.pad_token_id if self.tokenizer.pad_token_id is not None else 0
        input_ids = torch.full((len(batch), width), pad, dtype=torch.long)  # [B, T]
        attention = torch.zeros((len(batch), width), dtype=torch.long)  # [B, T]
        for row, ids in enumerate(batch):
            input_ids[row, : len(ids)] = torch.tensor(ids)
            attention[row, : len(ids)] = 1
        return input_ids.to(self.device), attention.to(self.device), lengths.to(self.device)

    def vocab_logsumexp(self, h: torch.Tensor) -> torch.Tensor:
        """log sum exp of the next-token logits over the whole vocabulary: ``[B]``.  At the
        last position only, a block of the LM head at a time, so ``[B, V]`` never exists."""
        h = h.to(self.head.dtype)  # stored hidden states may come back as float32
        parts = [torch.logsumexp(softcap(self.softcap, (h @ rows.T).float()), -1)  # [B, chunk] -> [B]
                 for rows in self.head.split(VOCAB_CHUNK)]
        return torch.logsumexp(torch.stack(parts, -1), -1)  # [B]

    def level_mass(self, h: torch.Tensor, token_ids: list[int], lse: torch.Tensor | None = None) -> torch.Tensor:
        """Share of the full next-token distribution that falls on the level tokens: ``[B]``."""
        h = h.to(self.head.dtype)  # stored hidden states may come back as float32
        lse = self.vocab_logsumexp(h) if lse is None else lse  # [B]
        levels = softcap(self.softcap, (h @ self.head[token_ids].T).float())  # [B, L]
        return torch.exp(torch.logsumexp(levels, -1) - lse)  # [B]



    @torch.inference_mode()
    def result_from_hidden(self, rubric: Rubric | str, h: torch.Tensor, settings: Settings | None = None,
                           checks: str | None = None, readout: Readout | None = None,
                           features=None) -> Result:
        """The last step of the scoring path, from a last-position hidden state ``[1, d]``
        (computed now, or stored by a benchmark): level logits -> softmax -> the result
        under the rubric's own names and pass rule, read with ``settings``; ``checks`` is
        the computed-checks line the state held (shown in the result) and ``features`` its
        findings as numbers (``ReadRequest.features``; None reads as no evidence); ``readout``
        reads with that readout instead of the one the settings pick (a benchmark measuring a file)."""
        settings = settings or self.settings
        bound = self.bind(rubric)
        rubric = self._rubric(rubric)
        readout = readout or self.readout(rubric, settings)
        h = h.to(self.device)
        f = None if features is None else torch.as_tensor(features, dtype=torch.float32).reshape(1, -1)  # [1, F]
        logits = readout.level_logits(h, self.softcap, f)  # [1, L]
        probs = torch.softmax(logits, dim=-1)[0].cpu()  # [L]
        extra = {"readout": readout.name, "calibration": readout.calibration_note, "checks": checks,
                 "warning": readout.warning}
        mass = None
        if readout.is_raw:
            mass = float(self.level_mass(h, bound.token_ids)[0])
            if mass < settings.min_level_mass:
                return Result(rubric.name, unscored=f"only {mass:.4f} of the next-token probability fell on "
                              f"the level tokens (minimum {settings.min_level_mass})", level_mass=mass, **extra)
        return build_result(rubric, probs.tolist(), level_mass=mass, **extra)

    # -- evaluators ------------------------------------------------------------------------
    def prepare(self, evaluator: str | Rubric, fields: dict, settings: Settings | None = None) -> ReadRequest:
        """Render one item into a request, with the computed checks where the rubric compares
        answers and ``settings.checks`` is on.  A missing field raises JevError naming it.

        Example: ``engine.prepare("answer_correctness", {"input": .., "output": .., "expected": ..})``"""
        settings = settings or self.settings
        rubric = self._rubric(evaluator)
        checks_line, features = None, None
        if settings.checks and rubric.checks:
            from jev_model.checks import evidence, features_of

            found = evidence(fields)  # the findings, once: as a line for the prompt, as numbers for the readout
            checks_line = None if found is None else found.line()
            features = tuple(features_of(found).values())
        return ReadRequest(rubric, render(rubric, fields, checks_line), settings, checks_line, features)

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

    def _rubric(self, evaluator: str | Rubric) -> Rubric:
        """The rubric to render: a given Rubric as it is (the bound one under the same name
        and tokens may carry another llm_judge question), a name from the catalogue."""
        bound = self.bind(evaluator)
        return evaluator if isinstance(evaluator, Rubric) else bound.rubric

    # -- typed questions (the wire protocol) ------------------------------------------------
    @property
    def label_pool(self) -> list[str]:
        """Choice labels that are single tokens in this tokenizer, in order (computed once)."""
        if self._label_pool is None:
            from jev_model.core.questions import LABEL_CANDIDATES

            enc = self.tokenizer.encode
            self._label_pool = [c for c in LABEL_CANDIDATES if len(enc(c, add_special_tokens=False)) == 1]
        return self._label_pool

    def ask(self, state, questions: dict, settings: Settings | None = None) -> tuple[dict, dict]:
        """Answer typed questions about one state: ``(answers by question id, usage)``, the
        same answers the server gives for the same request.

        Example: ``engine.ask("Refund now!", {"urgent": {"type": "noul", "instructions": "Urgent?"}})``
        """
        from jev_model.core.questions import to_answer

        parsed, requests, usage = self.plan_ask(state, questions, settings)
        results = self.read(requests)
        answers = {qid: to_answer(q, r) for (qid, q), r in zip(parsed.items(), results)}
        return answers, usage

    def plan_ask(self, state, questions: dict, settings: Settings | None = None) -> tuple[dict, list[ReadRequest], dict]:
        """Validate and render typed questions: ``(questions by id, read requests, usage)``.

        Wire answers are always given (their level mass goes out beside them), so questions
        are read with no minimum level mass.  The server plans each request here, then reads
        the requests of many clients in shared batches.
        Example: ``parsed, requests, usage = engine.plan_ask("Refund now!", questions)``
        """
        from jev_model.core.questions import parse_question, render_question

        settings = (settings or self.settings).replace(min_level_mass=0.0)
        if not isinstance(questions, dict) or not questions:
            raise JevError("questions must be a non-empty object of question id -> question")
        parsed = {}
        for qid, spec in questions.items():
            if not isinstance(qid, str) or not qid:
                raise JevError("question ids must be non-empty strings")
            parsed[qid] = parse_question(qid, spec, self.label_pool)
        requests = [ReadRequest(q.rubric, render_question(state, q), settings) for q in parsed.values()]
        # the state's tokens count once: it is the shared prefix of every question
        first = requests[0].prompt
        prefix = len(self.encode(first)) - len(self.encode(Prompt("", first.suffix)))
        total = sum(len(self.encode(r.prompt)) for r in requests) - prefix * (len(requests) - 1)
        return parsed, requests, {"input_tokens": int(total), "output_tokens": 0}

    def describe(self) -> dict:
        """What is loaded and the default settings, e.g. for ``jev evaluate`` and ``/v1/models``."""
        return {"model": self.name, "backbone": self.backbone, "device": str(self.device),
                "dtype": self.precision.path, "dtype_choice": self.precision.note,
                "max_tokens": self.max_tokens, "context": self.context, "chat_template": self.chat,
                "layers": self.layer_count,
                "settings": dataclasses.asdict(self.settings)}


def _ids_size(text: str, ids: list[int]) -> int:
    """Bytes one token-id cache entry holds: the text key, the list and its int objects."""
    import sys

    return sys.getsizeof(text) + sys.getsizeof(ids) + sum(map(sys.getsizeof, ids))


def _layer_count(model) -> int:
    """How many decoder layers a causal LM has: its decoder's ``layers``, else its config's count."""
    layers = getattr(model.base_model, "layers", None)
    if isinstance(layers, torch.nn.ModuleList):
        return len(layers)
    text = getattr(model.config, "text_config", None) or model.config
    return int(getattr(text, "num_hidden_layers", 0) or getattr(text, "n_layer", 0) or 1)


def _mlp_shape(config) -> tuple[int, int]:
    """(hidden size, MLP width) of a causal-LM config: the shape the dtype probe times."""
    text = getattr(config, "text_config", None) or config
    d = int(getattr(text, "hidden_size", 0) or 1024)
    return d, int(getattr(text, "intermediate_size", 0) or 4 * d)


def _cache_bytes(cache) -> int:
    return sum(t.numel() * t.element_size() for layer in cache.layers
               for t in (getattr(layer, "keys", None), getattr(layer, "values", None)) if t is not None)
