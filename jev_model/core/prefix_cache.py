"""The per-prefix caches, outside the model: token ids of a prompt's prefix text and the
keys/values of those ids, least recently used out, under ONE byte budget and their own locks.

A decision prompt's prefix (the rubric; for wire questions the state) is the same for many
items, so its ids and its KV cache are computed once and reused, like lm-eval's
``CachingLM`` wraps a model rather than living inside it.  The forward pass never sees this
object: the engine looks a prefix up here and hands the backbone the cache it found.

Two locks: ``ids`` lookups never wait on a forward pass (a server tokenizes new requests
while the worker runs), and the KV side is guarded by the engine's forward lock.

Example:
    >>> cache = PrefixCache(1 << 20)
    >>> cache.ids("Rubric text", lambda text: [1, 2, 3])
    [1, 2, 3]
    >>> cache.info()["prefix_ids"]
    1
"""

from __future__ import annotations

import sys
import threading
from collections import OrderedDict
from collections.abc import Callable

PREFIX_CACHE_BYTES = 512 << 20  # per-prefix caches kept (KV and token ids together), least recently used out


class PrefixCache:
    """Prefix text -> token ids, and prefix ids -> a batch-1 KV cache (``[1, kv_heads, P,
    head_dim]`` per layer), bounded together by ``budget`` bytes.  A single KV cache larger
    than the budget is kept alone until the next prefix replaces it."""

    def __init__(self, budget: int = PREFIX_CACHE_BYTES):
        self.budget = budget
        self.lock = threading.RLock()  # guards the KV side; the engine holds it around forward passes
        self._ids_lock = threading.Lock()  # guards only the ids side: tokenizing never waits on a forward
        self._ids: OrderedDict[str, list[int]] = OrderedDict()
        self._kv: OrderedDict[tuple[int, ...], object] = OrderedDict()  # prefix ids -> DynamicCache [1, ..]
        self._ids_bytes = 0
        self._kv_bytes = 0

    # -- token ids ---------------------------------------------------------------------------
    def ids(self, text: str, tokenize: Callable[[str], list[int]]) -> list[int]:
        """The ids of a prefix text, tokenized once (outside the lock: a long state must not
        hold up other threads) and kept within the budget."""
        with self._ids_lock:
            found = self._ids.get(text)
            if found is not None:
                self._ids.move_to_end(text)
                return found
        ids = tokenize(text)
        with self._ids_lock:
            if text not in self._ids:
                self._ids[text] = ids
                self._ids_bytes += ids_size(text, ids)
            self._trim_ids()
        return ids

    # -- keys and values ---------------------------------------------------------------------
    def holds(self, prefix: tuple[int, ...] | list[int]) -> bool:
        """Whether a prefix's keys and values are kept now (a dict lookup: no lock needed)."""
        return tuple(prefix) in self._kv

    def kv(self, prefix: tuple[int, ...] | list[int]):
        """The kept KV cache of a prefix, or None.  Call with ``lock`` held."""
        key = tuple(prefix)
        found = self._kv.get(key)
        if found is not None:
            self._kv.move_to_end(key)
        return found

    def keep(self, prefix: tuple[int, ...] | list[int], cache) -> None:
        """Keep one prefix's KV cache, dropping the least recently used ones (and then token
        ids) until everything fits the budget.  Call with ``lock`` held."""
        key = tuple(prefix)
        if key in self._kv:
            self._kv_bytes -= kv_size(self._kv.pop(key))
        self._kv[key] = cache
        self._kv_bytes += kv_size(cache)
        while len(self._kv) > 1 and self.bytes > self.budget:
            self._kv_bytes -= kv_size(self._kv.popitem(last=False)[1])
        with self._ids_lock:
            self._trim_ids()

    # -- accounting --------------------------------------------------------------------------
    @property
    def bytes(self) -> int:
        """Bytes held now (KV and token ids), read without waiting for a forward pass."""
        return self._kv_bytes + self._ids_bytes

    def info(self) -> dict:
        """``{"prefixes", "kv_bytes", "prefix_ids", "ids_bytes", "bytes", "bound_bytes", "prefix_keys"}``."""
        with self.lock, self._ids_lock:
            return {"prefixes": len(self._kv), "kv_bytes": self._kv_bytes,
                    "prefix_ids": len(self._ids), "ids_bytes": self._ids_bytes,
                    "bytes": self.bytes, "bound_bytes": self.budget, "prefix_keys": [list(k) for k in self._kv]}

    def clear(self) -> None:
        with self.lock, self._ids_lock:
            self._kv.clear()
            self._ids.clear()
            self._kv_bytes = self._ids_bytes = 0

    def _trim_ids(self) -> None:
        """Drop the least recently used ids until the budget holds.  Call with ``_ids_lock`` held."""
        while len(self._ids) > 1 and self.bytes > self.budget:
            old, ids = self._ids.popitem(last=False)
            self._ids_bytes -= ids_size(old, ids)


def ids_size(text: str, ids: list[int]) -> int:
    """Bytes one token-id entry holds: the text key, the list and its int objects."""
    return sys.getsizeof(text) + sys.getsizeof(ids) + sum(map(sys.getsizeof, ids))


def kv_size(cache) -> int:
    """Bytes of a KV cache's key and value tensors, every layer."""
    return sum(t.numel() * t.element_size() for layer in cache.layers
               for t in (getattr(layer, "keys", None), getattr(layer, "values", None)) if t is not None)
