"""Shared fixtures: a tiny random-weight causal LM and tokenizer built here, offline.

The tokenizer is a byte-level BPE trained in memory on a few sentences; the model is a
2-layer Llama (and a 2-layer Gemma 3, whose architecture the default model shares) with
random weights.  Nothing is downloaded."""

from __future__ import annotations

import os

import pytest

# dtype="auto" never times anything in tests (and never reads this machine's probe cache):
# tests/test_precision.py fakes the probe where it tests the choice.
os.environ["JEV_DTYPE_PROBE"] = "off"

@pytest.fixture(scope="module")
def one_thread():
    """One torch thread for a module's tests (use with `pytestmark = pytest.mark.usefixtures("one_thread")`).
    The tiny model is too small to share out over threads: on a busy shared CPU, two spinning
    threads make each forward pass ~20x slower.  (Speed only; results are the same.)"""
    import torch

    before = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(before)


CORPUS = [
    "Rate how factually correct output is compared with the reference expected answer to input.",
    "Answer with the level number. Answer: 0 1 2 3 4 5 6 7 8 9 yes no",
    "A B C D E F G H I J K L M N O P Q R S T U V W X Y Z",
    "The output contradicts the expected answer or is entirely wrong. The capital of France is Paris.",
    "Question: Is this urgent? Options: Levels: State: checks: criteria: 2026-12-21 November 21, 2026.",
]


def build_tokenizer():
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import PreTrainedTokenizerFast

    tok = Tokenizer(models.BPE(unk_token=None))
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=400, special_tokens=["<pad>", "<bos>", "<eos>"],
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet())
    tok.train_from_iterator(CORPUS * 20, trainer)
    fast = PreTrainedTokenizerFast(tokenizer_object=tok, bos_token="<bos>", eos_token="<eos>", pad_token="<pad>")
    fast.add_tokens(["yes", "no"])
    return fast


def build_model_dir(path, arch: str = "llama", hidden: int = 32, layers: int = 2):
    import torch
    from transformers import Gemma3ForCausalLM, Gemma3TextConfig, LlamaConfig, LlamaForCausalLM

    torch.manual_seed(0)
    tok = build_tokenizer()
    common = dict(vocab_size=len(tok), hidden_size=hidden, intermediate_size=2 * hidden, num_hidden_layers=layers,
                  num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=512,
                  pad_token_id=tok.pad_token_id, bos_token_id=tok.bos_token_id, eos_token_id=tok.eos_token_id)
    if arch == "gemma3":
        config = Gemma3TextConfig(**common, head_dim=8, sliding_window=16,
                                  layer_types=["sliding_attention", "full_attention"] * (layers // 2) + ["sliding_attention"] * (layers % 2))
        model = Gemma3ForCausalLM(config)
    else:
        model = LlamaForCausalLM(LlamaConfig(**common))
    with torch.no_grad():  # larger random weights: distributions far from uniform
        for p in model.parameters():
            p.normal_(0, 0.3)
    model.save_pretrained(path, safe_serialization=True)
    tok.save_pretrained(path)
    return path


@pytest.fixture(scope="session")
def tiny_model_dir(tmp_path_factory):
    return build_model_dir(tmp_path_factory.mktemp("tiny-llama"), "llama")


@pytest.fixture(scope="session", params=["llama", "gemma3"])
def tiny_engine(request, tmp_path_factory):
    from jev_model.core.engine import Engine

    path = build_model_dir(tmp_path_factory.mktemp(f"tiny-{request.param}"), request.param)
    return Engine.load(str(path), dtype="float32", min_level_mass=0.0)


@pytest.fixture(scope="session")
def default_engine():
    """The prepared default model (marked tests only)."""
    from jev_model.core.engine import Engine
    from jev_model.core.weights import DEFAULT_MODEL, models_dir

    if not (models_dir() / DEFAULT_MODEL / "config.json").exists() and not os.environ.get("CI"):
        pytest.skip("default model not prepared: run `jev weights prepare`")
    return Engine.load("default")


@pytest.fixture(scope="session")
def default_raw_engine(default_engine):
    """The default backbone read through the LM head's own rows (no trained readout, no
    calibration): for tests that compare against the full-vocabulary computation."""
    from jev_model.core.engine import Engine

    return Engine(default_engine.model, default_engine.tokenizer, default_engine.model_dir,
                  readout="raw", calibration=False)


# -- the HTTP server: shared by tests/test_server.py and tests/test_server_load.py -----------------
import json  # noqa: E402
import socket  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402

TICKET = "I was charged twice for my March invoice and the refund has not arrived. Fix it today."
QUESTIONS = {
    "urgent": {"type": "noul", "instructions": "Is this urgent?", "criteria": {"true": "needs action today"}},
    "team": {"type": "choice", "instructions": "Which team?",
             "criteria": {"billing": "Payments, refunds", "sales": None, "🙂 기타 ": ["anything", "else"]}},
    "anger": {"type": "score", "instructions": {"scale": "anger"},
              "criteria": ["Calm", "Frustrated", {"label": "Very angry"}]},
}
BASE = {"model": "jev-latest", "state": TICKET, "questions": {"q": QUESTIONS["urgent"]}}


class Served:
    """uvicorn serving ``app`` in a thread on a socket bound here (no port race), with the
    HTTP protocol `jev serve` uses (``http``: a subclass, for a test)."""

    def __init__(self, app, http=None):
        import uvicorn

        from jev_model.server.protocol import H11WithHeaderTimeout

        self.app = app
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}"
        self.server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on", http=http or H11WithHeaderTimeout))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            assert time.monotonic() < deadline, "server did not start"
            time.sleep(0.02)

    def close(self):
        self.server.should_exit = True
        self.thread.join(timeout=30)
        self.sock.close()


def post(server, body, path="/v1/systemone", **kw):
    import httpx

    content = body if isinstance(body, bytes) else json.dumps(body, ensure_ascii=False).encode()
    headers = {"Content-Type": "application/json", **kw.pop("headers", {})}
    return httpx.post(server.url + path, content=content, headers=headers, timeout=60, **kw)


@pytest.fixture(scope="module")
def serve_engine(tmp_path_factory):
    """The tiny llama the server tests serve."""
    from jev_model.core.engine import Engine

    path = build_model_dir(tmp_path_factory.mktemp("tiny-serve"), "llama")
    config = json.loads((path / "config.json").read_text())
    config["max_position_embeddings"] = 2048  # room for the SDK's over-1-KiB (zstd) request
    (path / "config.json").write_text(json.dumps(config))
    return Engine.load(str(path), dtype="float32", min_level_mass=0.0)


@pytest.fixture(scope="module")
def server(serve_engine):
    from jev_model.server.app import create_app

    s = Served(create_app(serve_engine, deadline=60))  # the tiny model is fast; admission has its own tests
    yield s
    s.close()


@pytest.fixture(scope="module")
def encoder():
    """The sentence encoder (all-MiniLM-L6-v2): skipped where it is not prepared, an error in CI."""
    from jev_model.core import encoder as enc

    if not enc.is_prepared():
        if os.environ.get("CI"):
            pytest.fail("the sentence encoder is not prepared in CI: scripts/setup.sh runs jev weights prepare")
        pytest.skip(f"sentence encoder not prepared: run `jev weights prepare {enc.NAME}`")
    return enc.SentenceEncoder.load()
