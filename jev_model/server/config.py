"""The server's configuration: the one home of its limits and defaults.

``jev serve``'s flags, ``create_app`` and the batcher all read them from here (standard
library only, so ``jev --help`` works without the server extra).

Example:
    >>> ServerConfig(deadline=30.0).max_queue
    64
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from jev_model.errors import JevError

CONTRACT_TOKENS = 65536  # the wire contract's limit a request: the state once plus every question
DEFAULT_DEADLINE = 7.0  # seconds: under the official SDK's 10 s timeout, with room for the estimate's error and HTTP
DEFAULT_CHUNK_TOKENS = 256  # tokens one worker step reads at most (one prompt may be longer: it is not split)
BODY_TIMEOUT = 20.0  # seconds to receive a whole body; a stalled upload gets 408 and is closed
MAX_BODY_BYTES = 8 << 20  # compressed or not; a larger body gets 413
DEFAULT_CACHE_MB = 512.0  # the per-state caches (prefix KV and token ids together)


@dataclass(frozen=True)
class ServerConfig:
    """Limits and defaults of one server.  Invalid values raise JevError naming the flag."""

    api_key: str | None = None  # require Authorization: Bearer KEY; None: no key needed
    max_batch: int = 8  # most prompts gathered from waiting requests into one engine read
    max_queue: int = 64  # most requests admitted and unanswered; past that, 429
    max_promised: int = 1024  # most 429s that book a slot in the line (a burst of 256 clients: each one)
    planners: int = 1  # requests planned (rendered, tokenized) at once: more would compete with the worker
    deadline: float = DEFAULT_DEADLINE  # seconds a request may wait and run (x-jev-timeout overrides)
    chunk_tokens: int = DEFAULT_CHUNK_TOKENS  # tokens the worker reads in one step
    body_timeout: float = BODY_TIMEOUT  # seconds to receive a request body
    max_body_bytes: int = MAX_BODY_BYTES
    max_request_tokens: int = CONTRACT_TOKENS  # a larger request gets 413
    cache_mb: float = DEFAULT_CACHE_MB  # bound on the engine's per-state caches (applied when it loads)

    def __post_init__(self):
        for name in ("max_batch", "max_queue", "max_promised", "planners", "chunk_tokens", "max_body_bytes",
                     "max_request_tokens"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise JevError(f"--{name.replace('_', '-')} must be a whole number of at least 1, not {value!r}")
        for name in ("deadline", "body_timeout", "cache_mb"):
            value = getattr(self, name)
            if not isinstance(value, (int, float)) or not value > 0:
                raise JevError(f"--{name.replace('_', '-')} must be positive, not {value!r}")

    @property
    def cache_bytes(self) -> int:
        return int(self.cache_mb * (1 << 20))

    def replace(self, **changes) -> "ServerConfig":
        return dataclasses.replace(self, **changes)
