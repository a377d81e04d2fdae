"""The engine: load a local causal LM once, then read decisions in one forward pass.

The scoring path, top to bottom (``Engine.read``):

    render -> tokenize -> one forward pass of the decoder -> hidden state at the last
    position -> the level tokens' rows of the LM head (or a trained readout) -> softmax

The prompt's prefix (the rubric; for wire questions the state) runs once per model: its
keys and values are cached (``prefix_cache``, bounded LRU) and each batch of items runs
only its suffix tokens over them; the result equals the uncached pass (tests/test_speed.py).

No generation, nothing to parse.  Every item that cannot be read (prompt over the
context, too little probability on the level tokens) comes back *unscored* with a reason.

Example:
    >>> engine = Engine.load("default")                                  # doctest: +SKIP
    >>> engine.evaluate("answer_correctness", input="2+2?", output="4", expected="4")  # doctest: +SKIP
    Result(evaluator='answer_correctness', score=..., label='3.9 / 4', ...)
"""

from __future__ import annotations

import copy
import os
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

import torch

from .errors import JevError
from .readout import Readout, find_readout
from .render import ANSWER_CUE, Prompt, render
from .result import Result, build_result
from .rubric import Rubric, check_tokens, load_rubric
from .weights import backbone_id, resolve_model

DEFAULT_MIN_LEVEL_MASS = 0.01  # raw readout: below this share of next-token mass, unscored
DEFAULT_BATCH_SIZE = 8  # measured: benchmarks/speed.py (README "Speed")
PREFIX_CACHE_BYTES = 512 << 20  # KV caches of recent prefixes (rubrics, states) kept, least recently used out
VOCAB_CHUNK = 32768  # rows of the LM head per step of the level-mass logsumexp


@dataclass
class Bound:
    """A rubric bound to a loaded model: its checked token ids and its readout."""

    rubric: Rubric  # the first rubric bound under this name and tokens
    token_ids: list[int]
    readout: Readout
    tail: str = ""  # appended after the answer cue: " " where the tokenizer writes the space apart


def _check_batch_size(value) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise JevError(f"batch size must be a whole number of at least 1, not {value!r}")
    return value


def _pick_dtype(dtype: str, device: str) -> torch.dtype:
    if dtype == "auto":
        return torch.bfloat16 if device.startswith("cuda") else torch.float32
    table = {"float32": torch.float32, "fp32": torch.float32, "bfloat16": torch.bfloat16,
             "bf16": torch.bfloat16, "float16": torch.float16, "fp16": torch.float16}
    if dtype not in table:
        raise JevError(f"unknown dtype {dtype!r}; choose one of auto, {', '.join(table)}")
    return table[dtype]


class Engine:
    """A loaded backbone plus the rubrics bound to it."""

    def __init__(self, model, tokenizer, model_dir: Path | None = None, *, device: str = "cpu",
                 max_tokens: int | None = None, min_level_mass: float = DEFAULT_MIN_LEVEL_MASS,
                 name: str | None = None, use_trained_readouts: bool = True, checks: bool = True,
                 use_calibration: bool = True, batch_size: int = DEFAULT_BATCH_SIZE):
        _check_batch_size(batch_size)
        self.model = model.eval().requires_grad_(False)
        self.tokenizer = tokenizer
        self.model_dir = Path(model_dir) if model_dir else None
        self.device = torch.device(device)
        self.name = name or (self.model_dir.name if self.model_dir else "in-memory")
        self.backbone = backbone_id(self.model_dir) if self.model_dir else "in-memory"
        context = getattr(model.config, "max_position_embeddings", None) or 2048
        self.max_tokens = min(max_tokens or context, context)
        self.min_level_mass = min_level_mass
        self.use_trained_readouts = use_trained_readouts
        self.checks = checks
        self.use_calibration = use_calibration
        self.chat = bool(getattr(tokenizer, "chat_template", None))
        self.softcap = getattr(model.config, "final_logit_softcapping", None)
        self.head = model.get_output_embeddings().weight  # [V, d]
        self.decoder = model.base_model  # the transformer without its LM head
        self._bound: dict[str, Bound] = {}
        self.batch_size = batch_size
        self._prefix_ids: dict[str, list[int]] = {}
        self._prefix_kv: OrderedDict[tuple[int, ...], object] = OrderedDict()  # prefix ids -> DynamicCache [1, ..]

    # -- loading ---------------------------------------------------------------------------
    @classmethod
    def load(cls, model: str | os.PathLike | None = "default", *, device: str = "cpu",
             dtype: str = "auto", **kwargs) -> "Engine":
        """Load a local Hugging Face causal-LM directory (safetensors only, offline)."""
        from transformers import AutoConfig, AutoModelForCausalLM, AutoTokenizer
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()

        model_dir = resolve_model(model)
        if device.startswith("cuda") and not torch.cuda.is_available():
            raise JevError("--device cuda was asked for, but torch sees no CUDA device")
        config = AutoConfig.from_pretrained(model_dir, local_files_only=True, trust_remote_code=False)
        if getattr(config, "auto_map", None):
            raise JevError(f"{model_dir} needs remote code (auto_map in config.json); it is never run")
        tokenizer = AutoTokenizer.from_pretrained(model_dir, local_files_only=True, trust_remote_code=False)
        lm = AutoModelForCausalLM.from_pretrained(
            model_dir, dtype=_pick_dtype(dtype, device), local_files_only=True,
            trust_remote_code=False, use_safetensors=True,
        ).to(device)
        return cls(lm, tokenizer, model_dir, device=device, **kwargs)

    # -- binding rubrics -------------------------------------------------------------------
    def bind(self, rubric: Rubric | str) -> Bound:
        """Check a rubric's level tokens in this tokenizer and attach its readout (cached)."""
        if isinstance(rubric, str):
            if rubric in self._bound:
                return self._bound[rubric]
            rubric = load_rubric(rubric)
        key = f"{rubric.name}|{rubric.tokens}"  # token ids and readout depend on nothing else
        if key not in self._bound:
            check_tokens(rubric, self.tokenizer)  # fails loudly unless each is one token
            ids, tail = self.answer_tokens(rubric)
            readout = None
            if self.use_trained_readouts and self.model_dir is not None:
                readout = find_readout(self.model_dir, self.backbone, rubric, bool(self.checks and rubric.checks))
            if readout is None:
                readout = Readout.raw(self.head, ids)
            if self.use_calibration and self.model_dir is not None:
                self._calibrate(rubric, readout)
            self._bound[key] = Bound(rubric, ids, readout, tail)
            if rubric.name not in self._bound:
                self._bound[rubric.name] = self._bound[key]
        return self._bound[key]

    def _calibrate(self, rubric: Rubric, readout: Readout) -> None:
        """Attach the stored calibration temperature fitted for this backbone, evaluator and readout."""
        from .calibrate import calibration_path, describe, find_calibration

        cal = find_calibration(self.backbone, rubric, readout.name)
        if cal is not None:
            readout.calibration = float(cal["temperature"])
            readout.calibration_note = describe(cal, calibration_path(self.backbone, rubric.name).name)

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
        if head not in self._prefix_ids:
            special = not self.chat  # a chat template already wrote its special tokens
            self._prefix_ids[head] = self.tokenizer.encode(head, add_special_tokens=special)
            while len(self._prefix_ids) > 4096:  # bounded: a server sees a new state per request
                del self._prefix_ids[next(iter(self._prefix_ids))]
        return self._prefix_ids[head], self.tokenizer.encode(tail, add_special_tokens=False)

    # -- the scoring path ------------------------------------------------------------------
    @torch.inference_mode()
    def read(self, jobs: list[tuple[Rubric, Prompt, dict]], batch_size: int | None = None) -> list[Result]:
        """Score rendered prompts: render -> tokenize -> forward -> last hidden -> level rows -> softmax.

        ``jobs`` are (rubric, prompt, extra result fields); rubrics may differ between jobs
        (several questions over one state share a batch).  Jobs with the same prefix are
        batched together, longest suffix first, and run over that prefix's cached keys and
        values; nothing but the results is kept from one batch to the next."""
        bounds = [self.bind(rubric) for rubric, _, _ in jobs]
        parts = [self.encode_parts(prompt, b.tail) for (_, prompt, _), b in zip(jobs, bounds)]  # tokenize
        results: list[Result | None] = [None] * len(jobs)
        todo = []
        for i, (prefix, suffix) in enumerate(parts):
            n = len(prefix) + len(suffix)
            if n > self.max_tokens:
                results[i] = Result(jobs[i][0].name, unscored=f"prompt is {n} tokens, over the model's context "
                                    f"of {self.max_tokens}", readout=bounds[i].readout.name, **jobs[i][2])
            else:
                todo.append(i)
        size = self.batch_size if batch_size is None else _check_batch_size(batch_size)
        for chunk in self.prefix_batches(todo, parts, size):
            prefix = parts[chunk[0]][0]
            h = self.hidden_last([parts[i][1] for i in chunk], prefix=prefix)  # forward: [B, d] last position
            lse = self.vocab_logsumexp(h) if any(bounds[i].readout.is_raw for i in chunk) else None  # [B]
            for row, i in enumerate(chunk):
                results[i] = self._readout_one(jobs[i][0], bounds[i], h[row: row + 1],
                                               None if lse is None else lse[row], jobs[i][2])
        return results  # type: ignore[return-value]

    @staticmethod
    def prefix_batches(todo: list[int], parts: list[tuple[list[int], list[int]]], size: int):
        """Batches of job indices sharing one prefix, longest suffix first (little padding)."""
        groups: dict[tuple[int, ...], list[int]] = {}
        for i in todo:
            groups.setdefault(tuple(parts[i][0]), []).append(i)
        for group in groups.values():
            group.sort(key=lambda i: -len(parts[i][1]))
            for start in range(0, len(group), size):
                yield group[start: start + size]

    @torch.inference_mode()
    def hidden_last(self, batch: list[list[int]], prefix: list[int] | None = None) -> torch.Tensor:
        """The final hidden state at each sequence's last real token: ``[B, d]``.

        Without ``prefix``, one forward pass over the whole right-padded sequences (the
        reference path).  With it, ``batch`` holds the suffixes: the prefix's keys and values
        come from its cache and only the suffix tokens run (exact also past a sliding
        window: the cache layers report their offsets to the mask).  Right padding keeps
        positions exact, and causal attention means the pads after a sequence never touch it."""
        if prefix:
            return self._hidden_last_cached(prefix, batch)
        input_ids, attention, lengths = self._right_pad(batch)  # [B, T], [B, T], [B]
        out = self.decoder(input_ids=input_ids, attention_mask=attention, use_cache=False)
        hidden = out.last_hidden_state  # [B, T, d]
        return hidden[torch.arange(len(batch), device=self.device), lengths - 1]  # [B, d]

    def _hidden_last_cached(self, prefix: list[int], suffixes: list[list[int]]) -> torch.Tensor:
        cache = self._expand(self.prefix_cache(prefix), len(suffixes))  # prefix K/V for each row
        input_ids, attention, lengths = self._right_pad(suffixes)  # [B, S], [B, S], [B]
        start = len(prefix)
        positions = torch.arange(start, start + input_ids.shape[1], device=self.device).expand_as(input_ids)  # [B, S]
        seen = torch.ones((len(suffixes), start), dtype=attention.dtype, device=self.device)  # [B, P]
        out = self.decoder(input_ids=input_ids, attention_mask=torch.cat([seen, attention], 1),  # mask [B, P+S]
                           position_ids=positions, cache=cache, use_cache=True)
        hidden = out.last_hidden_state  # [B, S, d]
        return hidden[torch.arange(len(suffixes), device=self.device), lengths - 1]  # [B, d]

    def prefix_cache(self, prefix: list[int]):
        """The KV cache of one prefix (batch 1), computed once and kept (bounded LRU)."""
        key = tuple(prefix)
        if key in self._prefix_kv:
            self._prefix_kv.move_to_end(key)
            return self._prefix_kv[key]
        ids = torch.tensor([prefix], device=self.device)  # [1, P]
        cache = self.decoder(input_ids=ids, use_cache=True).cache
        self._prefix_kv[key] = cache
        while len(self._prefix_kv) > 1 and sum(map(_cache_bytes, self._prefix_kv.values())) > PREFIX_CACHE_BYTES:
            self._prefix_kv.popitem(last=False)
        return cache

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
        parts = [torch.logsumexp(self._softcap((h @ rows.T).float()), -1)  # [B, chunk] -> [B]
                 for rows in self.head.split(VOCAB_CHUNK)]
        return torch.logsumexp(torch.stack(parts, -1), -1)  # [B]

    def level_mass(self, h: torch.Tensor, token_ids: list[int], lse: torch.Tensor | None = None) -> torch.Tensor:
        """Share of the full next-token distribution that falls on the level tokens: ``[B]``."""
        h = h.to(self.head.dtype)  # stored hidden states may come back as float32
        lse = self.vocab_logsumexp(h) if lse is None else lse  # [B]
        levels = self._softcap((h @ self.head[token_ids].T).float())  # [B, L]
        return torch.exp(torch.logsumexp(levels, -1) - lse)  # [B]

    def _softcap(self, logits: torch.Tensor) -> torch.Tensor:
        if self.softcap:
            return torch.tanh(logits / self.softcap) * self.softcap
        return logits

    def _readout_one(self, rubric: Rubric, bound: Bound, h: torch.Tensor, lse: torch.Tensor | None,
                     extra: dict) -> Result:
        """Level-token logits -> softmax -> the result under the job's own rubric (its names
        and pass threshold: a bound is shared by rubrics with the same name and tokens)."""
        readout = bound.readout
        logits = self._softcap(readout(h)) / readout.calibration  # [1, L]
        probs = torch.softmax(logits.float(), dim=-1)[0].cpu()  # [L]
        mass = None
        if readout.is_raw:
            mass = float(self.level_mass(h, bound.token_ids, lse)[0])
            if mass < self.min_level_mass:
                return Result(rubric.name, unscored=f"only {mass:.4f} of the next-token probability fell on "
                              f"the level tokens (minimum {self.min_level_mass})", level_mass=mass,
                              readout=readout.name, calibration=readout.calibration_note, **extra)
        return build_result(rubric, probs.tolist(), level_mass=mass, readout=readout.name,
                            calibration=readout.calibration_note, **extra)

    # -- evaluators ------------------------------------------------------------------------
    def prepare_item(self, rubric: Rubric, fields: dict) -> tuple[Prompt, dict]:
        """Render one item, with the computed checks where the rubric compares answers."""
        checks_line = None
        if self.checks and rubric.checks:
            from .checks import checks_for

            checks_line = checks_for(fields)
        extra = {"checks": checks_line} if checks_line else {}
        return render(rubric, fields, checks_line), extra

    def evaluate_many(self, evaluator: str | Rubric, items: list[dict],
                      batch_size: int | None = None) -> list[Result]:
        """Score many items with one evaluator.  A bad item raises JevError naming it."""
        rubric = self._rubric(evaluator)
        prompts, extras = [], []
        for n, fields in enumerate(items):
            try:
                prompt, extra = self.prepare_item(rubric, fields)
            except JevError as exc:
                raise JevError(f"item {n}: {exc}") from None
            prompts.append(prompt)
            extras.append(extra)
        return self.read([(rubric, p, x) for p, x in zip(prompts, extras)], batch_size)

    def evaluate(self, evaluator: str | Rubric, **fields) -> Result:
        """Score one item, e.g. ``engine.evaluate("answer_correctness", input=..., output=..., expected=...)``."""
        rubric = self._rubric(evaluator)
        prompt, extra = self.prepare_item(rubric, fields)
        return self.read([(rubric, prompt, extra)], 1)[0]

    def _rubric(self, evaluator: str | Rubric) -> Rubric:
        """The rubric to render: a given Rubric as it is (the bound one under the same name
        and tokens may carry another llm_judge question), a name from the catalogue."""
        bound = self.bind(evaluator)
        return evaluator if isinstance(evaluator, Rubric) else bound.rubric

    # -- typed questions (the wire protocol) ------------------------------------------------
    @property
    def label_pool(self) -> list[str]:
        """Choice labels that are single tokens in this tokenizer, in order (computed once)."""
        if not hasattr(self, "_label_pool"):
            from .questions import _LABEL_CANDIDATES

            enc = self.tokenizer.encode
            self._label_pool = [c for c in _LABEL_CANDIDATES if len(enc(c, add_special_tokens=False)) == 1]
        return self._label_pool

    def ask(self, state, questions: dict, batch_size: int | None = None) -> tuple[dict, dict]:
        """Answer typed questions about one state: ``(answers by question id, usage)``.

        Example: ``engine.ask("Refund now!", {"urgent": {"type": "noul", "instructions": "Urgent?"}})``
        """
        from .questions import to_answer

        parsed, jobs, usage = self.plan_ask(state, questions)
        results = self.read(jobs, batch_size)
        answers = {qid: to_answer(q, r) for (qid, q), r in zip(parsed.items(), results)}
        return answers, usage

    def plan_ask(self, state, questions: dict) -> tuple[dict, list, dict]:
        """Validate and render typed questions: ``(questions by id, read jobs, usage)``.

        The server plans each request here, then reads the jobs of many requests in shared
        batches.  Example: ``parsed, jobs, usage = engine.plan_ask("Refund now!", questions)``
        """
        from .questions import parse_question, render_question

        if not isinstance(questions, dict) or not questions:
            raise JevError("questions must be a non-empty object of question id -> question")
        parsed = {}
        for qid, spec in questions.items():
            if not isinstance(qid, str) or not qid:
                raise JevError("question ids must be non-empty strings")
            parsed[qid] = parse_question(qid, spec, self.label_pool)
        jobs = [(q.rubric, render_question(state, q), {}) for q in parsed.values()]
        # the state's tokens count once: it is the shared prefix of every question
        prefix = len(self.encode(jobs[0][1])) - len(self.encode(Prompt("", jobs[0][1].suffix)))
        total = sum(len(self.encode(p)) for _, p, _ in jobs) - prefix * (len(jobs) - 1)
        return parsed, jobs, {"input_tokens": int(total), "output_tokens": 0}

    def describe(self) -> dict:
        return {"model": self.name, "backbone": self.backbone, "device": str(self.device),
                "dtype": str(next(self.model.parameters()).dtype).replace("torch.", ""),
                "max_tokens": self.max_tokens, "chat_template": self.chat}


def _cache_bytes(cache) -> int:
    return sum(t.numel() * t.element_size() for layer in cache.layers
               for t in (getattr(layer, "keys", None), getattr(layer, "values", None)) if t is not None)
