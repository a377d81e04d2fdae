"""FLOPs an answer needs, and the machine's dense matmul limit in each numeric path."""

from __future__ import annotations

import time

import torch

from jev_model.core import precision


def model_shape(model) -> dict:
    """What the FLOP count needs from a causal LM: non-embedding parameters (the LM head
    apart), width, vocabulary, heads, attention kinds and the sliding window."""
    cfg = model.config
    embed = model.get_input_embeddings().weight
    head = model.get_output_embeddings().weight
    weights = [m.weight() for m in model.modules() if hasattr(m, "weight") and callable(m.weight)]  # int8 linears
    non_embedding = sum(p.numel() for p in model.parameters() if p is not embed and p is not head)
    non_embedding += sum(w.numel() for w in weights)
    types = getattr(cfg, "layer_types", None) or ["full_attention"] * cfg.num_hidden_layers
    head_dim = getattr(cfg, "head_dim", None) or cfg.hidden_size // cfg.num_attention_heads
    return {"non_embedding_params": non_embedding, "d": cfg.hidden_size, "vocab": embed.shape[0],
            "heads": cfg.num_attention_heads, "head_dim": head_dim, "layer_types": types,
            "window": getattr(cfg, "sliding_window", None), "intermediate": cfg.intermediate_size}


def token_flops(shape: dict, position: int, depth: int | None = None) -> float:
    """FLOPs one token needs at a 0-based ``position`` through the first ``depth`` decoder
    layers (None: all): their weights (the layers' share of the non-embedding parameters),
    and attention (QK and AV) over the keys it can see."""
    types = shape["layer_types"][:depth]
    attn = 0
    for kind in types:
        seen = position + 1
        if kind == "sliding_attention" and shape["window"]:
            seen = min(seen, shape["window"])
        attn += 4 * shape["heads"] * shape["head_dim"] * seen
    return 2 * shape["non_embedding_params"] * len(types) / len(shape["layer_types"]) + attn


def needed_flops(shape: dict, parts: list[tuple[list[int], list[int]]], level_mass: bool = False,
                 depth: int | None = None) -> float:
    """What ours must compute for these items: the prefix once (all layers: its cache is
    shared by every depth), each suffix through the ``depth`` layers its readout reads, and
    (raw readout) the level mass's logsumexp over the vocabulary."""
    prefixes = {tuple(p) for p, _ in parts}
    total = sum(token_flops(shape, t) for p in prefixes for t in range(len(p)))
    for p, s in parts:
        total += sum(token_flops(shape, t, depth) for t in range(len(p), len(p) + len(s)))
        total += 2 * shape["d"] * shape["vocab"] * level_mass
    return total


def naive_flops(shape: dict, parts) -> float:
    """What the naive pass computes: every token of every prompt, the LM head at every position."""
    return sum(token_flops(shape, t) + 2 * shape["d"] * shape["vocab"]
               for p, s in parts for t in range(len(p) + len(s)))


def matmul_gflops(m: int, k: int, n: int, path: str, device: torch.device, seconds: float = 0.5) -> float:
    """Dense ``[m, k] x [k, n]`` throughput in G(FL)OP/s over about ``seconds``, in a numeric
    path: float32/bfloat16/float16 matmul, or int8 a dynamically quantised linear layer
    (activation quantisation included, as the model pays it)."""
    a = torch.randn(m, k, device=device)
    if path == "int8":
        layer = precision.quantize_int8(torch.nn.Sequential(torch.nn.Linear(k, n, bias=False)))
        fn = lambda: layer(a)  # noqa: E731
    else:
        a = a.to(precision.torch_dtype(path))
        b = torch.randn(k, n, device=device).to(precision.torch_dtype(path))
        fn = lambda: a @ b  # noqa: E731
    with torch.inference_mode():
        fn()
        runs, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            fn()
            runs += 1
            if device.type == "cuda":
                torch.cuda.synchronize()
    return 2 * m * k * n * runs / (time.perf_counter() - start) / 1e9
