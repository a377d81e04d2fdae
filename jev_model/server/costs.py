"""What the scheduler needs to know about ready requests: their cost in tokens now, and a
long prefix computed in steps it can interleave with other work.

Both read the token ids the requests carry (tokenized once, when planned) and the engine's
prefix cache; neither tokenizes again.  Both count tokens in the loaded model's compute: a
request a second model reads (``Settings.explanations``) counts its tokens times
``weight_ratio``.

Example:
    >>> sum(p + s for p, s in read_cost(engine, requests))       # doctest: +SKIP
    412
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator

from jev_model.core.request import ReadRequest


def read_cost(engine, requests: list[ReadRequest]) -> list[tuple[int, int]]:
    """What reading each request would run now, in tokens through every layer:
    ``[(prefix, suffix)]``, where ``prefix`` counts a prefix whose keys and values are not
    cached yet, once (on the first request that has it) and 0 otherwise, and ``suffix`` its
    tokens times the share of the layers its readout reads (a depth-4 readout of 18 layers:
    4/18, rounded up)."""
    out, seen = [], set()
    for r in requests:
        reader = engine.reader_of(r)
        r = reader.complete(r)
        layers, scale = reader.layer_count, weight_ratio(reader, engine)
        fresh = (r.reader, r.prefix_ids) not in seen and not reader.prefixes.holds(r.prefix_ids)
        seen.add((r.reader, r.prefix_ids))
        out.append((math.ceil(len(r.prefix_ids) * scale) if fresh else 0,
                    math.ceil(len(r.suffix_ids) * scale * (r.depth or layers) / layers)))
    return out


def weight_ratio(reader, engine) -> float:
    """A second model's compute per token in the loaded one's tokens: the ratio of their
    decoder weights (1 for the engine itself).  Qwen2.5-Coder-1.5B over Gemma 3 270M's
    decoder: about 13."""
    if reader is engine:
        return 1.0
    return reader.lm.decoder_weights / max(1, engine.lm.decoder_weights)


def prefill_steps(engine, request: ReadRequest, chunk_tokens: int | Callable[[], int]) -> Iterator[int]:
    """Compute the keys and values of ``request``'s prefix in chunks of at most
    ``chunk_tokens`` tokens (or as many as ``chunk_tokens()`` says before each chunk),
    yielding each chunk's token count (in the loaded model's compute), and keep the cache when done, so a long state can be
    interleaved with other work.  Equal to a prefix computed at once
    (tests/test_server_load.py).  Yields nothing where the prefix is cached already or no
    longer than one chunk."""
    given = chunk_tokens if callable(chunk_tokens) else (lambda: chunk_tokens)
    if given() < 1:
        raise ValueError("chunk_tokens must be at least 1")
    reader = engine.reader_of(request)
    scale = weight_ratio(reader, engine)  # a second model's prefix: its tokens count in the loaded model's compute

    def size() -> int:  # a chunk of the reading model's own tokens
        return max(1, int(given() / scale))

    prefix = list(reader.complete(request).prefix_ids)
    if reader.prefixes.holds(prefix) or len(prefix) <= size():
        return
    cache, start = None, 0
    while start < len(prefix):
        piece = prefix[start: start + size()]
        with reader.lock:
            cache = reader.lm.prefill(piece, cache, start)
        start += len(piece)
        yield math.ceil(len(piece) * scale)
    with reader.lock:
        reader.prefixes.keep(prefix, cache)
