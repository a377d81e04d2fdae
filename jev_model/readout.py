"""Readouts: the linear map from the last hidden state to the level tokens' logits.

* raw     - the LM head's own rows for the level tokens (what the backbone says);
* trained - rows fitted on labelled data by ``jev train`` (jev_model/train.py), stored
            as a small safetensors file under ``weights/readouts/`` with a JSON manifest;
            loaded automatically for the backbone and evaluator they were trained for.

A trained readout's own temperature divides its logits; a calibration temperature (from
``jev calibrate``, jev_model/calibrate.py) divides the final logits of either kind, and is
applied by the engine at bind time.

Example:
    >>> import torch
    >>> r = Readout.raw(torch.eye(4), [1, 3])
    >>> r(torch.tensor([[0.0, 2.0, 0.0, 5.0]])).tolist()
    [[2.0, 5.0]]
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import torch

from .errors import JevError
from .weights import WEIGHTS_DIR

READOUT_DIR = WEIGHTS_DIR / "readouts"


@dataclass
class Readout:
    weight: torch.Tensor  # [L, d] rows over the level tokens
    bias: torch.Tensor | None = None  # [L]
    temperature: float = 1.0
    name: str = "raw"
    is_raw: bool = True
    manifest: dict = field(default_factory=dict)
    calibration: float = 1.0  # jev calibrate's temperature, applied after any softcap (engine)
    calibration_note: str | None = None  # what results show: "T=0.812 (file, fitted on N items)"

    @classmethod
    def raw(cls, head: torch.Tensor, token_ids: list[int]) -> "Readout":
        # only the level tokens' rows of the LM head, never the whole vocabulary
        return cls(weight=head[token_ids], name="raw")  # [L, d]

    def __call__(self, h: torch.Tensor) -> torch.Tensor:
        weight = self.weight.to(h.device)  # a trained readout is loaded on the CPU
        logits = h.to(weight.dtype) @ weight.T  # [B, d] x [d, L] -> [B, L]
        if self.bias is not None:
            logits = logits + self.bias.to(logits.device, logits.dtype)
        return logits.float() / self.temperature


def readout_path(backbone: str, evaluator: str) -> Path:
    return READOUT_DIR / backbone / f"{evaluator}.safetensors"


def find_readout(model_dir: Path, backbone: str, rubric, checks: bool | None = None) -> Readout | None:
    """The trained readout for this backbone and evaluator, if one was shipped or trained."""
    path = readout_path(backbone, rubric.name)
    if not path.exists():
        return None
    return load_readout(path, backbone, rubric, checks)


def load_readout(path: Path, backbone: str, rubric, checks: bool | None = None) -> Readout:
    """Load a trained readout, refusing one made for another backbone or rubric version.

    ``checks``: whether the engine adds the computed checks line to this rubric's state; a
    readout fitted on states with (or without) that line is still loaded, with a warning,
    since its measured accuracy was for the other kind of state."""
    from safetensors.torch import load_file

    manifest_path = path.with_suffix(".json")
    if not manifest_path.exists():
        raise JevError(f"{path}: its manifest {manifest_path.name} is missing")
    manifest = json.loads(manifest_path.read_text())
    if manifest.get("backbone") != backbone:
        raise JevError(f"readout {path} was trained for backbone {manifest.get('backbone')!r}, "
                       f"not the loaded {backbone!r}")
    if manifest.get("evaluator") != rubric.name or manifest.get("rubric_version") != rubric.version:
        raise JevError(f"readout {path} is for {manifest.get('evaluator')} v{manifest.get('rubric_version')}, "
                       f"not {rubric.name} v{rubric.version}")
    if manifest.get("tokens") != rubric.tokens:
        raise JevError(f"readout {path} has level tokens {manifest.get('tokens')}, the rubric {rubric.tokens}")
    if checks is not None and "checks" in manifest and bool(manifest["checks"]) != bool(checks):
        import warnings

        warnings.warn(f"readout {path} was trained with computed checks {'on' if manifest['checks'] else 'off'}, "
                      f"but this engine renders {rubric.name} with them {'on' if checks else 'off'}; its measured "
                      "accuracy does not apply", stacklevel=2)
    tensors = load_file(str(path))
    temperature = float(manifest.get("temperature", 1.0))  # calibration is applied apart (engine.bind)
    return Readout(weight=tensors["weight"].float(), bias=tensors.get("bias"), temperature=temperature,
                   name=f"trained:{manifest.get('id', path.stem)}", is_raw=False, manifest=manifest)
