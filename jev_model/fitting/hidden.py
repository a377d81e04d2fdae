"""The one hidden-state store: last-position hidden states of prepared prompts on disk, keyed
by backbone, numeric path, depth and token ids, so that re-fits, depth sweeps and held-out
measurements cost no forward pass.  ``jev train`` and every benchmark that reads stored states
(readout_eval, depth_sweep, text_eval, checks_calibration_cascade) use it.

    caches = [HiddenCache(hidden_cache_dir(), engine.backbone, engine.precision.path, d) for d in (4, None)]
    at4, full = fill_caches(caches, engine, requests, batch_size=8)     # each [N, d], one pass per missing item
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

import torch

from jev_model.core.engine import prefix_batches
from jev_model.core.weights import home


def hidden_cache_dir() -> Path:
    """Where hidden states are cached: ``$JEV_HOME/cache/hidden``."""
    return home() / "cache" / "hidden"


Parts = tuple[list[int], list[int]]  # (prefix ids, suffix ids) of one prompt


class HiddenCache:
    """Last-position hidden states on disk, keyed by backbone, dtype, depth and token ids."""

    def __init__(self, directory: Path, backbone: str, dtype: str, depth: int | None = None):
        self.depth = depth  # decoder layers the states are read after (None: all)
        self.path = Path(directory) / backbone / (f"{dtype}.safetensors" if depth is None
                                                   else f"{dtype}-depth{depth}.safetensors")
        self.store: dict[str, torch.Tensor] = {}
        if self.path.exists():
            from safetensors.torch import load_file

            self.store = load_file(str(self.path))

    @classmethod
    def for_engine(cls, engine, depth: int | None = None, directory: Path | None = None) -> "HiddenCache":
        """The cache of ``engine``'s backbone and numeric path (int8 keeps float32 embeddings:
        the path, not a parameter's dtype) at ``depth``; ``directory`` defaults to
        ``hidden_cache_dir()``."""
        return cls(directory or hidden_cache_dir(), engine.backbone, engine.precision.path, depth)

    @staticmethod
    def key(ids: list[int]) -> str:
        return hashlib.sha256(",".join(map(str, ids)).encode()).hexdigest()[:32]

    def save(self) -> None:
        from safetensors.torch import save_file

        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        save_file(self.store, str(tmp))
        tmp.replace(self.path)

    def keep(self, prompts: list, states: torch.Tensor) -> None:
        """Store ``states`` ``[N, d]`` computed elsewhere (a benchmark that times its own
        forward pass) under the ids of ``prompts``; ``save`` writes them."""
        for (prefix, suffix), h in zip(parts_of(prompts), states):
            self.store[self.key(prefix + suffix)] = h.float().cpu().clone()

    def get(self, prompts: list) -> torch.Tensor:
        """``[N, d]`` stored states of ``prompts``; KeyError names how many are missing."""
        keys = [self.key(prefix + suffix) for prefix, suffix in parts_of(prompts)]
        missing = sum(k not in self.store for k in keys)
        if missing:
            raise KeyError(f"{missing} of {len(keys)} hidden states are not in {self.path}")
        return torch.stack([self.store[k] for k in keys])

    def hidden(self, engine, parts: list, batch_size: int) -> torch.Tensor:
        """[N, d] float32 hidden states of prompts (``(prefix ids, suffix ids)`` or prepared
        requests); only the ones not cached yet are computed, through the engine's own
        prefix-cached path (the rubric's keys and values computed once, only the items' own
        tokens run)."""
        return fill_caches([self], engine, parts, batch_size)[0]


def parts_of(prompts: list) -> list[Parts]:
    """``(prefix ids, suffix ids)`` of each prompt: given as such, or read from a prepared
    ``ReadRequest`` (which carries its ids: tokenized once, by ``Engine.prepare``)."""
    return [(list(p.prefix_ids), list(p.suffix_ids)) if hasattr(p, "prefix_ids") else (list(p[0]), list(p[1]))
            for p in prompts]


def fill_caches(caches: list[HiddenCache], engine, prompts: list, batch_size: int) -> list[torch.Tensor]:
    """Each cache's ``[N, d]`` states of ``prompts`` (``(prefix ids, suffix ids)`` or prepared
    requests); the items missing from any of them run once, to the deepest of their depths
    (``Engine.hidden_layers``), and every cache is saved every ten batches, so an interrupted
    run resumes from there."""
    from tqdm import tqdm

    parts = parts_of(prompts)
    keys = [HiddenCache.key(prefix + suffix) for prefix, suffix in parts]
    todo = list({k: i for i, k in enumerate(keys) if any(k not in c.store for c in caches)}.values())
    if todo:
        depths = tuple(dict.fromkeys(c.depth for c in caches))
        bar = tqdm(total=len(todo), desc="hidden states", unit="item", file=sys.stderr)
        for n, chunk in enumerate(prefix_batches(todo, parts, batch_size)):
            states = engine.hidden_layers([parts[i][1] for i in chunk], parts[chunk[0]][0], depths)  # {depth: [B, d]}
            for cache in caches:
                for row, i in enumerate(chunk):
                    cache.store[keys[i]] = states[cache.depth][row].float().cpu().clone()
            bar.update(len(chunk))
            if n % 10 == 9:
                for cache in caches:
                    cache.save()
        bar.close()
        for cache in caches:
            cache.save()
    return [torch.stack([c.store[k] for k in keys]) if keys else torch.empty(0) for c in caches]  # each [N, d]
