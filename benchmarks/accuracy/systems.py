"""Systems under test: each turns answer_correctness items into per-item records.

A record is ``Result.to_dict()``-shaped (``level``, ``passed``, ``score``, ``probabilities``
where the system has them, ``unscored`` with a reason where it could not be read) plus
``latency_s``, ``tokens_in``, ``tokens_out`` and, for the reasoning systems, the
``reasoning`` text.  The harness adds ``id``, ``category``, ``subcategory`` and ``gold``.

Systems:
* ``decision``            - the jev_model Engine: one forward pass per item, batched;
* ``decision-batch1``     - the same, one item per forward pass (a latency subset);
* ``reasoning-local``     - the same local model writes a chain of thought, then a final level;
* ``reasoning-endpoint``  - an OpenAI-compatible chat endpoint does the same;
* ``oracle``              - the gold level, to check the harness (scores 100%).
"""

from __future__ import annotations

import dataclasses
import os
import re
import time
from dataclasses import dataclass, field
from typing import Iterator

from jev_model.errors import JevError
from jev_model.core.render import Prompt, render_prefix, render_state
from jev_model.core.result import gold_passes
from jev_model.core.rubric import load_rubric

EVALUATOR = "answer_correctness"
RUBRIC = load_rubric(EVALUATOR)  # its levels and pass rule, read from the rubric, never retyped
TOP = len(RUBRIC.levels) - 1
FIELDS = ("input", "output", "expected")


@dataclass
class Config:
    """Everything a system needs, from the CLI flags (one object, not keyword chains)."""

    model: str = "default"
    device: str = "cpu"
    dtype: str = "auto"
    raw_readout: bool = False
    engine_opts: dict = field(default_factory=dict)
    batch_size: int = 8
    reasoning_model: str | None = None
    max_new_tokens: int = 160
    reasoning_batch_size: int = 8
    base_url: str | None = None
    endpoint_model: str | None = None
    api_key_env: str | None = None
    endpoint_max_tokens: int = 1024
    timeout_s: float = 120.0

    def for_system(self, system: str) -> dict:
        """The settings that decide a system's records (a resumed run must match them)."""
        if system in ("decision", "decision-batch1"):
            return {"model": self.model, "device": self.device, "dtype": self.dtype,
                    "raw_readout": self.raw_readout, "engine_opts": self.engine_opts}
        if system == "reasoning-local":
            return {"model": self.reasoning_model or self.model, "device": self.device, "dtype": self.dtype,
                    "max_new_tokens": self.max_new_tokens, "prompt": REASONING_PROMPT_VERSION}
        if system == "reasoning-endpoint":
            return {"base_url": self.base_url, "model": self.endpoint_model,
                    "max_tokens": self.endpoint_max_tokens, "prompt": REASONING_PROMPT_VERSION}
        return {}


def parse_engine_opts(pairs: list[str]) -> dict:
    """``["checks=false", "min_level_mass=0"]`` -> keyword arguments of ``Engine.load``.

    Values are read as true/false, int, float or kept as text; a key that Engine does not
    take is an error naming the keys it does take."""
    from jev_model.core.engine import Settings

    allowed = {f.name for f in dataclasses.fields(Settings)} | {"max_tokens", "cache_bytes"}
    opts = {}
    for pair in pairs or []:
        key, sep, text = pair.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key:
            raise JevError(f"--engine-opt {pair!r}: write KEY=VALUE, e.g. checks=false")
        if key not in allowed:
            raise JevError(f"--engine-opt {key!r} is not an Engine option; choose from {', '.join(sorted(allowed))}")
        low = text.strip().lower()
        if low in ("true", "false"):
            value = low == "true"
        else:
            try:
                value = int(text)
            except ValueError:
                try:
                    value = float(text)
                except ValueError:
                    value = text
        opts[key] = value
    return opts


def _fields(item: dict) -> dict:
    return {k: item[k] for k in FIELDS}


def level_record(level: int, **extra) -> dict:
    """A record for a system that answers one discrete level (no probabilities)."""
    passed = gold_passes(RUBRIC, level)  # a certain reading of this level: the rubric's own pass rule
    return {"evaluator": EVALUATOR, "level": float(level), "score": level / TOP, "label": f"{level}.0 / {TOP}",
            "passed": passed, **extra}


# -- oracle ----------------------------------------------------------------------------------
class Oracle:
    name = "oracle"

    def __init__(self, cfg: Config):
        pass

    def run(self, items: list[dict]) -> Iterator[list[dict]]:
        for it in items:
            probs = {str(k): float(k == it["gold"]) for k in range(TOP + 1)}
            yield [level_record(it["gold"], probabilities=probs, latency_s=0.0, tokens_in=0, tokens_out=0)]


# -- decision (the engine) ---------------------------------------------------------------------
def load_engine(cfg: Config, model: str | None = None):
    from jev_model.core.engine import Engine

    return Engine.load(model or cfg.model, device=cfg.device, dtype=cfg.dtype,
                       **{"readout": "raw" if cfg.raw_readout else "trained", **cfg.engine_opts})


class Decision:
    """One forward pass per item; latency per item = the batch's time / its size."""

    name = "decision"
    batch1 = False

    def __init__(self, cfg: Config, engine=None):
        self.engine = engine or load_engine(cfg)
        self.batch_size = 1 if self.batch1 else cfg.batch_size

    def run(self, items: list[dict]) -> Iterator[list[dict]]:
        engine = self.engine
        bound = engine.bind(EVALUATOR)
        for start in range(0, len(items), self.batch_size):
            chunk = items[start: start + self.batch_size]
            fields = [_fields(it) for it in chunk]
            requests = [engine.prepare(EVALUATOR, f, engine.settings.replace(batch_size=len(chunk))) for f in fields]
            tokens = [len(engine.encode(r.prompt, bound.tail)) for r in requests]
            t0 = time.perf_counter()
            results = engine.read(requests)  # one forward pass
            per_item = (time.perf_counter() - t0) / len(chunk)
            yield [{**r.to_dict(), "latency_s": per_item, "batch": len(chunk), "tokens_in": n, "tokens_out": 0}
                   for r, n in zip(results, tokens)]


class DecisionBatch1(Decision):
    name = "decision-batch1"
    batch1 = True


# -- reasoning systems ---------------------------------------------------------------------------
REASONING_PROMPT_VERSION = "cot-v1"
REASONING_TASK = ("First work out the correct answer to the input yourself. Then compare the output with it and "
                  "with the expected answer, step by step. End with \"Final level: N\", N from 0 to 4.")
# Two worked examples (not benchmark items) so that a base model without a chat template
# learns the answer format; the decision system's prompt has none (it needs no format).
SHOTS = [
    ({"input": "What is 12 × 11?", "output": "132.0", "expected": "132"},
     "12 × 11 = 132. The output 132.0 is 132, the same number as the expected 132. Final level: 4"),
    ({"input": "What date is 3 days after 2025-03-30?", "output": "April 3, 2025", "expected": "2025-04-02"},
     "March has 31 days, so 3 days after 2025-03-30 is 2025-04-02. The output April 3, 2025 is one day off, "
     "and close is not right. Final level: 0"),
]
FINAL = re.compile(r"final\s+level\s*[:=]?\s*\**\s*([0-4])\b", re.IGNORECASE)
LONE = re.compile(r"^\D*\b([0-4])\b\D*$")  # a last line with one level digit and no other number


def reasoning_prompt(item: dict) -> Prompt:
    """The chain-of-thought prompt: the rubric, the task, two worked examples (the shared
    ``prefix``), then the item and the cue (``suffix``)."""
    rubric = load_rubric(EVALUATOR)
    head = render_prefix(rubric).replace(rubric.instructions.strip(), rubric.instructions.split(". ")[0] + ".")
    parts = [head.rstrip(), "", REASONING_TASK, ""]
    for fields, reasoning in SHOTS:
        parts += [render_state(rubric, fields), f"Reasoning: {reasoning}", ""]
    return Prompt("\n".join(parts) + "\n", render_state(rubric, _fields(item)) + "\nReasoning:")


def parse_level(text: str) -> tuple[int | None, str | None]:
    """(level, None) from "Final level: N", else from a last line holding one 0-4 digit;
    (None, reason) when neither is there: the item is unscored, never a 0."""
    m = FINAL.search(text)
    if m:
        return int(m.group(1)), None
    lines = [ln for ln in text.strip().splitlines() if ln.strip()]
    if lines:
        m = LONE.match(lines[-1].strip())
        if m:
            return int(m.group(1)), None
    return None, "no final level (\"Final level: N\", N in 0-4) in the answer"


def _cut(text: str) -> str:
    """Keep the answer up to its final level; a base model may go on to invent a next item."""
    m = FINAL.search(text)
    if m:
        return text[: m.end()]
    stop = text.find("\ninput:")
    return text if stop < 0 else text[:stop]


class ReasoningLocal:
    """The local model writes its reasoning (greedy), then its final level is read.

    Batched with left padding for throughput; latency per item = the batch's wall time /
    its size (amortised; recorded with ``batch``)."""

    name = "reasoning-local"

    def __init__(self, cfg: Config, engine=None):
        import torch  # noqa: F401

        self.engine = engine or load_engine(cfg, cfg.reasoning_model)
        self.cfg = cfg
        tok = self.engine.tokenizer
        self.pad_id = tok.pad_token_id if tok.pad_token_id is not None else tok.eos_token_id

    def run(self, items: list[dict]) -> Iterator[list[dict]]:
        import copy

        import torch
        from transformers import StoppingCriteria, StoppingCriteriaList

        engine, tok, model = self.engine, self.engine.tokenizer, self.engine.model
        bs = self.cfg.reasoning_batch_size

        class FinalLevelSeen(StoppingCriteria):
            """Stop a row once it has written its final level (or starts a new item)."""

            def __init__(self, width: int):
                self.width = width

            def __call__(self, input_ids, scores, **kwargs):
                texts = tok.batch_decode(input_ids[:, self.width:], skip_special_tokens=True)
                return torch.tensor([bool(FINAL.search(t)) or "\ninput:" in t for t in texts],
                                    device=input_ids.device)

        # The rubric and the worked examples are the same for every item: their KV cache is
        # computed once and copied into each batch; only the item's own tokens are prefilled.
        # (Engine.encode applies the chat template where there is one, and caches the prefix ids.)
        prompts = [reasoning_prompt(it) for it in items]
        encoded = [engine.encode(p) for p in prompts]
        prefix = engine.encode(Prompt(prompts[0].prefix, "")) if prompts else []
        n_prefix = len(prefix)
        assert all(ids[:n_prefix] == prefix for ids in encoded), "the shared prefix must tokenize the same"
        with torch.inference_mode():
            prefix_cache = model(input_ids=torch.tensor([prefix], device=engine.device), use_cache=True).past_key_values
        for start in range(0, len(items), bs):
            chunk = list(range(start, min(start + bs, len(items))))
            tails = [encoded[i][n_prefix:] for i in chunk]
            width = n_prefix + max(len(t) for t in tails)
            ids = torch.full((len(chunk), width), self.pad_id, dtype=torch.long)
            mask = torch.zeros((len(chunk), width), dtype=torch.long)
            ids[:, :n_prefix] = torch.tensor(prefix)
            mask[:, :n_prefix] = 1
            for row, tail in enumerate(tails):  # pads sit between the prefix and the item: every row ends together
                ids[row, width - len(tail):] = torch.tensor(tail)
                mask[row, width - len(tail):] = 1
            cache = copy.deepcopy(prefix_cache)
            cache.batch_repeat_interleave(len(chunk))
            t0 = time.perf_counter()
            with torch.inference_mode():
                out = model.generate(input_ids=ids.to(engine.device), attention_mask=mask.to(engine.device),
                                     cache=cache, max_new_tokens=self.cfg.max_new_tokens,
                                     do_sample=False, top_p=None, top_k=None, temperature=None,
                                     pad_token_id=self.pad_id,
                                     stopping_criteria=StoppingCriteriaList([FinalLevelSeen(width)]))
            per_item = (time.perf_counter() - t0) / len(chunk)
            records = []
            for row, i in enumerate(chunk):
                new = out[row, width:].tolist()
                n_new = len(new)
                for stop_id in (tok.eos_token_id, self.pad_id):  # a finished row is padded after its end
                    if stop_id is not None and stop_id in new:
                        n_new = min(n_new, new.index(stop_id) + 1)
                text = _cut(tok.decode(new[:n_new], skip_special_tokens=True))
                level, why = parse_level(text)
                extra = {"reasoning": text.strip(), "latency_s": per_item, "batch": len(chunk),
                         "tokens_in": len(encoded[i]), "tokens_out": n_new}
                if level is None:
                    records.append({"evaluator": EVALUATOR, "unscored": f"{why} after {n_new} generated tokens", **extra})
                else:
                    records.append(level_record(level, **extra))
            yield records


class ReasoningEndpoint:
    """An OpenAI-compatible chat endpoint (llama.cpp, vLLM, ...): one request per item."""

    name = "reasoning-endpoint"

    def __init__(self, cfg: Config):
        import httpx

        if not cfg.base_url or not cfg.endpoint_model:
            raise JevError("--system reasoning-endpoint needs --base-url and --endpoint-model")
        headers = {}
        if cfg.api_key_env:
            key = os.environ.get(cfg.api_key_env)
            if not key:
                raise JevError(f"--api-key-env {cfg.api_key_env}: that environment variable is not set")
            headers["Authorization"] = f"Bearer {key}"
        self.cfg = cfg
        self.url = cfg.base_url.rstrip("/") + "/chat/completions"
        self.client = httpx.Client(headers=headers, timeout=cfg.timeout_s)

    def _post(self, prompt: str) -> dict:
        import httpx

        body = {"model": self.cfg.endpoint_model, "messages": [{"role": "user", "content": prompt}],
                "temperature": 0, "max_tokens": self.cfg.endpoint_max_tokens}
        try:
            resp = self.client.post(self.url, json=body)
        except httpx.HTTPError as exc:  # the endpoint is down: stop, finished items are kept
            raise JevError(f"cannot reach {self.url}: {exc}") from None
        if resp.status_code != 200:
            raise JevError(f"{self.url} answered HTTP {resp.status_code}: {resp.text[:200]}")
        try:
            return resp.json()
        except ValueError:
            raise JevError(f"{self.url} answered with something that is not JSON: {resp.text[:200]!r}") from None

    def run(self, items: list[dict]) -> Iterator[list[dict]]:
        for it in items:
            t0 = time.perf_counter()
            data = self._post(reasoning_prompt(it).text)
            latency = time.perf_counter() - t0
            try:
                message = data["choices"][0]["message"]
            except (KeyError, IndexError, TypeError):
                raise JevError(f"{self.url}: no choices[0].message in the answer: {str(data)[:200]}") from None
            content = message.get("content") or ""
            thought = message.get("reasoning_content") or message.get("reasoning") or ""
            usage = data.get("usage") or {}
            level, why = parse_level(content)
            extra = {"reasoning": (thought + "\n" + content).strip() if thought else content.strip(),
                     "latency_s": latency, "batch": 1, "tokens_in": usage.get("prompt_tokens"),
                     "tokens_out": usage.get("completion_tokens")}
            if level is None:
                yield [{"evaluator": EVALUATOR, "unscored": why, **extra}]
            else:
                yield [level_record(level, **extra)]


SYSTEMS = {cls.name: cls for cls in (Decision, DecisionBatch1, ReasoningLocal, ReasoningEndpoint, Oracle)}
