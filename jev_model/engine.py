"""The engine: load a local causal LM once, then read decisions in one forward pass.

The scoring path, top to bottom (``Engine.read``):

    render -> tokenize -> one forward pass of the decoder -> hidden state at the last
    position -> the level tokens' rows of the LM head (or a trained readout) -> softmax

No generation, nothing to parse.  Every item that cannot be read (prompt over the
context, too little probability on the level tokens) comes back *unscored* with a reason.

Example:
    >>> engine = Engine.load("default")                                  # doctest: +SKIP
    >>> engine.evaluate("answer_correctness", input="2+2?", output="4", expected="4")  # doctest: +SKIP
    Result(evaluator='answer_correctness', score=..., label='3.9 / 4', ...)
"""

from __future__ import annotations

import json
import os
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
DEFAULT_BATCH_SIZE = 8


@dataclass
class Bound:
    """A rubric bound to a loaded model: its checked token ids and its readout."""

    rubric: Rubric  # the first rubric bound under this name and tokens
    token_ids: list[int]
    readout: Readout
    tail: str = ""  # appended after the answer cue: " " where the tokenizer writes the space apart


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
                 name: str | None = None, use_trained_readouts: bool = True, checks: bool = True):
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
        self.chat = bool(getattr(tokenizer, "chat_template", None))
        self.softcap = getattr(model.config, "final_logit_softcapping", None)
        self.head = model.get_output_embeddings().weight  # [V, d]
        self.decoder = model.base_model  # the transformer without its LM head
        self._bound: dict[str, Bound] = {}
        self._prefix_ids: dict[str, list[int]] = {}

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
            self._bound[key] = Bound(rubric, ids, readout, tail)
            if rubric.name not in self._bound:
                self._bound[rubric.name] = self._bound[key]
        return self._bound[key]

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
        """Token ids of a prompt: the prefix (with BOS) and the suffix, tokenized apart so
        the prefix ids are the same for every item and can be cached."""
        head, tail = self._wrap(Prompt(prompt.prefix, prompt.suffix + cue_tail))
        if head not in self._prefix_ids:
            special = not self.chat  # a chat template already wrote its special tokens
            self._prefix_ids[head] = self.tokenizer.encode(head, add_special_tokens=special)
        return self._prefix_ids[head] + self.tokenizer.encode(tail, add_special_tokens=False)

    # -- the scoring path ------------------------------------------------------------------
    @torch.inference_mode()
    def hidden_last(self, batch: list[list[int]]) -> torch.Tensor:
        """One forward pass over right-padded sequences; the final hidden state at each
        sequence's last real token.  Right padding keeps positions exact, and causal
        attention means the pads after a sequence never touch it."""
        lengths = torch.tensor([len(ids) for ids in batch])
        width = int(lengths.max())
        pad = self.tokenizer.pad_token_id if self.tokenizer.pad_token_id is not None else 0
        input_ids = torch.full((len(batch), width), pad, dtype=torch.long)
        attention = torch.zeros((len(batch), width), dtype=torch.long)
        for row, ids in enumerate(batch):
            input_ids[row, : len(ids)] = torch.tensor(ids)
            attention[row, : len(ids)] = 1
        out = self.decoder(input_ids=input_ids.to(self.device), attention_mask=attention.to(self.device),
                           use_cache=False)
        hidden = out.last_hidden_state  # [B, T, d]
        return hidden[torch.arange(len(batch)), (lengths - 1).to(self.device)]  # [B, d]

    def level_mass(self, h: torch.Tensor, token_ids: list[int]) -> torch.Tensor:
        """Share of the full next-token distribution that falls on the level tokens.
        Needs the whole vocabulary, but at the last position only: [B, d] x [d, V]."""
        logits = self._softcap((h @ self.head.T).float())  # [B, V]
        return torch.exp(torch.logsumexp(logits[:, token_ids], -1) - torch.logsumexp(logits, -1))  # [B]

    def _softcap(self, logits: torch.Tensor) -> torch.Tensor:
        if self.softcap:
            return torch.tanh(logits / self.softcap) * self.softcap
        return logits

    @torch.inference_mode()
    def read(self, jobs: list[tuple[Rubric, Prompt, dict]], batch_size: int = DEFAULT_BATCH_SIZE) -> list[Result]:
        """Score rendered prompts, one forward pass each, batched longest first.

        ``jobs`` are (rubric, prompt, extra result fields); rubrics may differ between
        jobs (several questions over one state share a batch)."""
        encoded = [self.encode(prompt, self.bind(rubric).tail) for rubric, prompt, _ in jobs]
        results: list[Result | None] = [None] * len(jobs)
        todo = []
        for i, ids in enumerate(encoded):
            rubric, _, extra = jobs[i]
            if len(ids) > self.max_tokens:
                results[i] = Result(rubric.name, unscored=f"prompt is {len(ids)} tokens, over the model's "
                                    f"context of {self.max_tokens}", readout=self.bind(rubric).readout.name, **extra)
            else:
                todo.append(i)
        todo.sort(key=lambda i: -len(encoded[i]))  # similar lengths together: little padding
        for start in range(0, len(todo), batch_size):
            chunk = todo[start: start + batch_size]
            h = self.hidden_last([encoded[i] for i in chunk])  # [B, d]
            for row, i in enumerate(chunk):
                results[i] = self._readout_one(jobs[i][0], h[row: row + 1], jobs[i][2])
        return results  # type: ignore[return-value]

    def _readout_one(self, rubric: Rubric, h: torch.Tensor, extra: dict) -> Result:
        """Level-token logits -> softmax -> the rubric's result (or unscored)."""
        bound = self.bind(rubric)
        readout = bound.readout
        logits = self._softcap(readout(h))  # [1, L]
        probs = torch.softmax(logits.float(), dim=-1)[0].cpu()  # [L]
        mass = None
        if readout.is_raw:
            mass = float(self.level_mass(h, bound.token_ids)[0])
            if mass < self.min_level_mass:
                return Result(rubric.name, unscored=f"only {mass:.4f} of the next-token probability fell on "
                              f"the level tokens (minimum {self.min_level_mass})", level_mass=mass,
                              readout=readout.name, **extra)
        return build_result(rubric, probs.tolist(), level_mass=mass, readout=readout.name, **extra)

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
                      batch_size: int = DEFAULT_BATCH_SIZE) -> list[Result]:
        """Score many items with one evaluator.  A bad item raises JevError naming it."""
        bound = self.bind(evaluator)
        prompts, extras = [], []
        for n, fields in enumerate(items):
            try:
                prompt, extra = self.prepare_item(bound.rubric, fields)
            except JevError as exc:
                raise JevError(f"item {n}: {exc}") from None
            prompts.append(prompt)
            extras.append(extra)
        return self.read([(bound.rubric, p, x) for p, x in zip(prompts, extras)], batch_size)

    def evaluate(self, evaluator: str | Rubric, **fields) -> Result:
        """Score one item, e.g. ``engine.evaluate("answer_correctness", input=..., output=..., expected=...)``."""
        bound = self.bind(evaluator)
        prompt, extra = self.prepare_item(bound.rubric, fields)
        return self.read([(bound.rubric, prompt, extra)], 1)[0]

    # -- typed questions (the wire protocol) ------------------------------------------------
    @property
    def label_pool(self) -> list[str]:
        """Choice labels that are single tokens in this tokenizer, in order (computed once)."""
        if not hasattr(self, "_label_pool"):
            from .questions import _LABEL_CANDIDATES

            enc = self.tokenizer.encode
            self._label_pool = [c for c in _LABEL_CANDIDATES if len(enc(c, add_special_tokens=False)) == 1]
        return self._label_pool

    def ask(self, state, questions: dict, batch_size: int = DEFAULT_BATCH_SIZE) -> tuple[dict, dict]:
        """Answer typed questions about one state: ``(answers by question id, usage)``.

        Example: ``engine.ask("Refund now!", {"urgent": {"type": "noul", "instructions": "Urgent?"}})``
        """
        from .questions import parse_question, render_question, to_answer

        if not isinstance(questions, dict) or not questions:
            raise JevError("questions must be a non-empty object of question id -> question")
        parsed = {}
        for qid, spec in questions.items():
            if not isinstance(qid, str) or not qid:
                raise JevError("question ids must be non-empty strings")
            parsed[qid] = parse_question(qid, spec, self.label_pool)
        jobs = [(q.rubric, render_question(state, q), {}) for q in parsed.values()]
        results = self.read(jobs, batch_size)
        answers = {qid: to_answer(q, r) for (qid, q), r in zip(parsed.items(), results)}
        # the state's tokens count once: it is the shared prefix of every question
        prefix = len(self.encode(jobs[0][1])) - len(self.encode(Prompt("", jobs[0][1].suffix)))
        total = sum(len(self.encode(p)) for _, p, _ in jobs) - prefix * (len(jobs) - 1)
        return answers, {"input_tokens": int(total), "output_tokens": 0}

    def describe(self) -> dict:
        return {"model": self.name, "backbone": self.backbone, "device": str(self.device),
                "dtype": str(next(self.model.parameters()).dtype).replace("torch.", ""),
                "max_tokens": self.max_tokens, "chat_template": self.chat}


def dump(result: Result) -> str:
    return json.dumps(result.to_dict(), ensure_ascii=False)
