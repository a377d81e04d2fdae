"""The C allocator's part of the server's memory bound (issue #24).

glibc's malloc keeps freed memory in its heap for reuse, and after a large block is freed it
raises its mmap threshold, so later blocks of that size (a long state's keys and values, a
prefill chunk's activations) come from the heap too.  Over 300 distinct ~1,500-token states
with a 512 MB cache the resident set settled 290 MB above the model and the cache (2,121 MB
from 1,292 MB at start), most of it free heap.  ``trim`` (``malloc_trim(0)``) hands the heap's
free pages back after each long prefill: the same run then peaked at 100 MB above the model and
the cache and settled at 10 MB (``benchmarks/results/load/load-memory-512.md``), at 7% of its
throughput (500 s against 466 s for the 300 states, one machine).  Fixing the mmap threshold
instead (``mallopt`` / ``MALLOC_MMAP_THRESHOLD_``) bounded it as well but made every large
block a fresh mapping to fault in: 1.6x slower, so it is not done.

Does nothing where the C library is not glibc (macOS, musl) or the call is missing.

    >>> trim()   # after a prefill                                            # doctest: +SKIP
"""

from __future__ import annotations

import ctypes
import ctypes.util


def _libc():
    try:
        name = ctypes.util.find_library("c")
        libc = ctypes.CDLL(name) if name else None
        return libc if libc is not None and hasattr(libc, "malloc_trim") else None
    except OSError:
        return None


_LIBC = _libc()


def trims() -> bool:
    """Whether ``trim`` returns memory here (glibc only)."""
    return _LIBC is not None


def trim() -> None:
    """Return the heap's free pages to the system (glibc only)."""
    if _LIBC is not None:
        _LIBC.malloc_trim(0)
