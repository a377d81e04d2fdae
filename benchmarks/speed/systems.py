"""The items, our scoring path and the naive transformers baselines it is timed against."""

from __future__ import annotations

import statistics

import torch

from benchmarks.harness import ITEMS_DIR, items as read_items
from jev_model.core.engine import Engine, ReadRequest, Settings

EVALUATOR = "answer_correctness"
EVALUATORS = ("answer_correctness", "factuality", "correctness_reference")  # the ones with shipped readouts
FIELDS = ("input", "output", "expected", "expected_assertion", "criteria")


def load_items(n: int, evaluator: str = EVALUATOR) -> tuple[list[dict], str]:
    """``n`` items spread over the benchmark's test items (every k-th)."""
    path = ITEMS_DIR / f"{evaluator}.jsonl"
    rows = read_items(path)
    step = max(1, len(rows) // n)
    picked = rows[::step][:n]
    return [{k: r[k] for k in FIELDS if k in r} for r in picked], f"benchmarks/items/{path.name} (every {step}th of {len(rows)})"


@torch.inference_mode()
def naive(engine: Engine, bound, prompts) -> list[list[float]]:
    """One item at a time; the full LM head over the whole vocabulary at every position."""
    out = []
    for prompt in prompts:
        ids = torch.tensor([engine.encode(prompt, bound.tail)], device=engine.device)  # [1, T]
        logits = engine.model(input_ids=ids, logits_to_keep=0).logits  # [1, T, V]
        out.append(torch.softmax(logits[0, -1, bound.token_ids].float(), -1).tolist())  # [L]
    return out


@torch.inference_mode()
def naive_generate(engine: Engine, bound, prompts) -> list[str | None]:
    """``generate`` one token greedily and parse a level out of it (None if it is none)."""
    out = []
    for prompt in prompts:
        ids = torch.tensor([engine.encode(prompt, bound.tail)], device=engine.device)  # [1, T]
        new = engine.model.generate(ids, attention_mask=torch.ones_like(ids), max_new_tokens=1, do_sample=False,
                                    pad_token_id=engine.tokenizer.pad_token_id)[0, ids.shape[1]:]
        text = engine.tokenizer.decode(new).strip()
        out.append(text if text in bound.rubric.tokens else None)
    return out


def ours(engine: Engine, items: list[dict], settings: Settings) -> list[list[float]]:
    """The engine's scoring path from request fields (computed checks included), prefix
    cache cold at the start so that its one-off cost is counted."""
    engine.clear_caches()
    results = engine.read([engine.prepare(EVALUATOR, it, settings) for it in items])
    return [list(r.probabilities.values()) for r in results]


def ours_prompts(engine: Engine, bound, prompts, settings: Settings) -> list[list[float]]:
    """The scoring path on prompts already rendered (the same prompts every peer reads)."""
    engine.clear_caches()
    return [list(r.probabilities.values()) for r in engine.read([ReadRequest(bound.rubric, p, settings) for p in prompts])]


def tokens_per_evaluator(engine: Engine, evaluators=EVALUATORS) -> dict:
    """Tokens the backbone reads per item on each evaluator's benchmark test items: the
    cached prefix (once per run), the suffix per item, and of it the computed-checks line."""
    out = {}
    for name in evaluators:
        path = ITEMS_DIR / f"{name}.jsonl"
        if not path.exists():
            continue
        items = read_items(path)
        bound = engine.bind(name)
        on, off = engine.settings.replace(checks=True), engine.settings.replace(checks=False)
        with_checks = [engine.encode_parts(engine.prepare(name, it, on).prompt, bound.tail) for it in items]
        without = [engine.encode_parts(engine.prepare(name, it, off).prompt, bound.tail) for it in items]
        suffix = [len(s) for _, s in with_checks]
        bare = [len(s) for _, s in without]
        out[name] = {"items": len(items), "prefix": len(with_checks[0][0]),
                     "suffix_mean": statistics.mean(suffix), "suffix_without_checks_mean": statistics.mean(bare),
                     "checks_mean": statistics.mean(a - b for a, b in zip(suffix, bare)),
                     "prompt_mean": len(with_checks[0][0]) + statistics.mean(suffix)}
    return out
