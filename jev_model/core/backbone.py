"""The torch layer: token ids (and a prefix's keys/values) in, last-position hidden states out.

It never sees a request, a rubric or a file path (gpt-fast's ``forward(idx, input_pos)``).
Given the suffix ids of a batch and, optionally, the KV cache of the prefix they share, it
runs the decoder once, to the deepest layer asked for, and returns the hidden state at each
sequence's last real token after each depth asked, through the decoder's final norm.  The
LM head never runs over the vocabulary: a raw readout takes the level tokens' rows, and the
level mass reads the full vocabulary one block at a time at the last position only.

Example:
    >>> bb = Backbone(model, pad_id=0)                                  # doctest: +SKIP
    >>> bb.hidden_layers([[5, 6, 7]], depths=(None,))[None].shape       # doctest: +SKIP
    torch.Size([1, 640])
"""

from __future__ import annotations

import copy
import inspect

import torch

from jev_model.core.readout import softcap
from jev_model.errors import JevError

VOCAB_CHUNK = 32768  # rows of the LM head per step of the level-mass logsumexp


class Backbone:
    """A causal LM's decoder and LM head, read at the last position."""

    def __init__(self, model, pad_id: int | None = None, device: str | torch.device = "cpu"):
        self.model = model.eval().requires_grad_(False)
        self.device = torch.device(device)
        self.pad_id = 0 if pad_id is None else pad_id
        self.decoder = model.base_model  # the transformer without its LM head
        self.head = model.get_output_embeddings().weight  # [V, d]
        self.softcap = getattr(model.config, "final_logit_softcapping", None)
        self.context = getattr(model.config, "max_position_embeddings", None) or 2048
        self.layer_count = layer_count(model)  # decoder layers: a readout's depth is 1..layer_count
        self._views: dict[int, torch.nn.Module] = {}  # depth -> the decoder stopped there
        layers = getattr(self.decoder, "layers", None)  # compute per token ~ the decoder layers' weights
        self.decoder_weights = sum(p.numel() for p in (layers or self.decoder).parameters())
        # transformers renamed the KV cache's argument and output field (past_key_values -> cache, 5.2x);
        # both are read, so an older transformers that another library pins still works
        params = inspect.signature(self.decoder.forward).parameters
        self._cache_arg = "cache" if "cache" in params else "past_key_values"

    # -- keys and values of a prefix ------------------------------------------------------------
    @torch.inference_mode()
    def prefill(self, ids: list[int], cache=None, start: int = 0):
        """Run ``ids`` (batch 1) at positions ``start..`` over ``cache`` (the keys/values of
        the ``start`` tokens before them, or None) and return the grown KV cache."""
        x = torch.tensor([ids], device=self.device)  # [1, C]
        if cache is None:
            return _kv(self.decoder(input_ids=x, use_cache=True))
        positions = torch.arange(start, start + len(ids), device=self.device)[None]  # [1, C]
        mask = torch.ones((1, start + len(ids)), dtype=torch.long, device=self.device)  # [1, P+C]
        return _kv(self.decoder(input_ids=x, attention_mask=mask, position_ids=positions, use_cache=True,
                                **{self._cache_arg: cache}))

    # -- the forward pass -----------------------------------------------------------------------
    @torch.inference_mode()
    def hidden_layers(self, batch: list[list[int]], prefix_kv=None, prefix_len: int = 0,
                      depths: tuple[int | None, ...] = (None,)) -> dict[int | None, torch.Tensor]:
        """The hidden state at each sequence's last real token after each of ``depths``
        decoder layers (None: all), from ONE pass run to the deepest: ``{depth: [B, d]}``.

        Without ``prefix_kv``, ``batch`` holds whole sequences (the reference path).  With it,
        ``batch`` holds the suffixes after a shared prefix of ``prefix_len`` tokens whose
        keys and values ``prefix_kv`` holds; only the suffix tokens run (exact also past a
        sliding window: the cache layers report their offsets to the mask).  Right padding
        keeps positions exact, and causal attention means the pads never touch a sequence.
        A shallower depth's state is that layer's output through the same final norm a pass
        stopped there applies (equal to a pass of that depth: tests/test_depth.py)."""
        layers = self.layer_count
        for depth in depths:
            if depth is not None and not (isinstance(depth, int) and 1 <= depth <= layers):
                raise JevError(f"depth {depth!r}: this backbone has decoder layers 1..{layers}")
        want = [layers if d is None else d for d in depths]
        deepest = max(want)
        if min(want) < layers and not (isinstance(getattr(self.decoder, "layers", None), torch.nn.ModuleList)
                                       and hasattr(self.decoder, "norm")):
            raise JevError(f"reading after fewer than all {layers} layers needs a decoder with .layers and .norm, "
                           f"as Hugging Face's Llama, Gemma, Qwen and Mistral have; {type(self.decoder).__name__} "
                           "has not (read it at full depth)")
        decoder = self.view_at(deepest)
        input_ids, attention, lengths = self._right_pad(batch)  # [B, S], [B, S], [B]
        if prefix_kv is not None:
            cache = _expand(prefix_kv, len(batch))  # the prefix's K/V viewed for each row
            positions = torch.arange(prefix_len, prefix_len + input_ids.shape[1], device=self.device)
            seen = torch.ones((len(batch), prefix_len), dtype=attention.dtype, device=self.device)  # [B, P]
            call = dict(input_ids=input_ids, attention_mask=torch.cat([seen, attention], 1),  # mask [B, P+S]
                        position_ids=positions.expand_as(input_ids), use_cache=True, **{self._cache_arg: cache})
        else:
            call = dict(input_ids=input_ids, attention_mask=attention, use_cache=False)
        rows = torch.arange(len(batch), device=self.device)
        taken: dict[int, torch.Tensor] = {}
        hooks = [decoder.layers[k - 1].register_forward_hook(
                     lambda _m, _a, out, k=k: taken.__setitem__(k, (out[0] if isinstance(out, tuple) else out)[rows, lengths - 1]))
                 for k in set(want) if k < deepest]
        try:
            out = decoder(**call)
        finally:
            for hook in hooks:
                hook.remove()
        last = out.last_hidden_state[rows, lengths - 1]  # [B, d]: only the last position goes on
        return {d: last if k == deepest else decoder.norm(taken[k]) for d, k in zip(depths, want)}

    def view_at(self, depth: int):
        """The decoder stopped after ``depth`` layers: a shallow view sharing every weight (and
        the prefix caches, whose deeper layers it never reads).  The full decoder at full depth."""
        if depth == self.layer_count:
            return self.decoder
        view = self._views.get(depth)
        if view is None:
            view = copy.copy(self.decoder)
            view._modules = dict(self.decoder._modules)  # nn.Module keeps its children there
            view._modules["layers"] = torch.nn.ModuleList(list(self.decoder.layers)[:depth])
            config = copy.copy(self.decoder.config)
            config.num_hidden_layers = depth
            if getattr(config, "layer_types", None):
                config.layer_types = list(config.layer_types)[:depth]
            view.config = config
            self._views[depth] = view
        return view

    def _right_pad(self, batch: list[list[int]]) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        lengths = torch.tensor([len(ids) for ids in batch])  # [B]
        width = int(lengths.max())
        input_ids = torch.full((len(batch), width), self.pad_id, dtype=torch.long)  # [B, T]
        attention = torch.zeros((len(batch), width), dtype=torch.long)  # [B, T]
        for row, ids in enumerate(batch):
            input_ids[row, : len(ids)] = torch.tensor(ids)
            attention[row, : len(ids)] = 1
        return input_ids.to(self.device), attention.to(self.device), lengths.to(self.device)

    # -- the next-token distribution at the last position ------------------------------------------
    def vocab_logsumexp(self, h: torch.Tensor) -> torch.Tensor:
        """log sum exp of the next-token logits over the whole vocabulary: ``[B]``, a block of
        the LM head at a time, so ``[B, V]`` never exists."""
        h = h.to(self.head.dtype)  # stored hidden states may come back as float32
        parts = [torch.logsumexp(softcap(self.softcap, (h @ rows.T).float()), -1)  # [B, chunk] -> [B]
                 for rows in self.head.split(VOCAB_CHUNK)]
        return torch.logsumexp(torch.stack(parts, -1), -1)  # [B]

    def level_mass(self, h: torch.Tensor, token_ids: list[int], lse: torch.Tensor | None = None) -> torch.Tensor:
        """Share of the full next-token distribution that falls on the level tokens: ``[B]``."""
        h = h.to(self.head.dtype)
        lse = self.vocab_logsumexp(h) if lse is None else lse  # [B]
        levels = softcap(self.softcap, (h @ self.head[token_ids].T).float())  # [B, L]
        return torch.exp(torch.logsumexp(levels, -1) - lse)  # [B]


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


def layer_count(model) -> int:
    """How many decoder layers a causal LM has: its decoder's ``layers``, else its config's count."""
    layers = getattr(model.base_model, "layers", None)
    if isinstance(layers, torch.nn.ModuleList):
        return len(layers)
    text = getattr(model.config, "text_config", None) or model.config
    return int(getattr(text, "num_hidden_layers", 0) or getattr(text, "n_layer", 0) or 1)


def _kv(output):
    """The KV cache a decoder's output carries, under either name (see ``Backbone.__init__``)."""
    cache = getattr(output, "cache", None)
    return cache if cache is not None else output.past_key_values
