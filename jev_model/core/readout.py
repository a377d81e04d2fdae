"""Readouts: the linear map from the last hidden state to the level tokens' logits.

* raw     - the LM head's own rows for the level tokens (what the backbone says);
* trained - rows fitted on labelled data by ``jev train`` (jev_model/fitting/train.py),
            stored as a small safetensors file with a JSON manifest; loaded automatically
            for the backbone and evaluator they were trained for.  A trained readout may
            also read the computed checks' findings as numbers (``jev_model.checks.
            FEATURE_NAMES``) beside the hidden state: logits = W_h h + W_f f + b, still one
            forward pass and a linear map.

Where readouts and calibrations are found, first match wins (``readout_dirs``):

1. ``<model dir>/readouts/`` - a model directory may carry its own;
2. ``$JEV_HOME/readouts/<backbone>/`` - where ``jev train`` and ``jev calibrate`` write;
3. ``jev_model/readouts/<backbone>/`` - the ones shipped inside the package (package data).

The final level logits are ``softcap(rows . h + W_f . f + bias) / (temperature * calibration)``
(``Readout.level_logits``): a trained readout's own temperature (fitted by ``jev train``)
and a calibration temperature (``jev calibrate``, for either kind) both divide the logits
after the model's softcap.

Example:
    >>> import torch
    >>> r = Readout.raw(torch.eye(4), [1, 3])
    >>> r.level_logits(torch.tensor([[0.0, 2.0, 0.0, 5.0]]), cap=None).tolist()
    [[2.0, 5.0]]
"""

from __future__ import annotations

import json
import math
import warnings
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

import torch

from jev_model.core import weights
from jev_model.errors import JevError


class CalibrationMismatch(UserWarning):
    """A stored calibration was fitted for another backbone, rubric version or readout: not applied."""


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
    warning: str | None = None  # why a catalogue evaluator is read raw (no trained readout fits)
    feature_weight: torch.Tensor | None = None  # [L, F] over the check features (FEATURE_NAMES), if it reads them
    depth: int | None = None  # the decoder layers it reads the hidden state after (None: all; the forward stops there)
    feature_index: tuple[int, ...] | None = None  # the FEATURE_NAMES columns it reads, where not all (fitted before some)

    @property
    def reads_meaning(self) -> bool:
        """Whether it reads the evidence of meaning (a sentence encoder's features)."""
        from jev_model.checks import FEATURE_NAMES

        if self.feature_weight is None:
            return False
        if self.manifest.get("features"):  # the names it was fitted on (a RAG readout's are the grounding ones)
            return "has_meaning" in self.manifest["features"]
        names = FEATURE_NAMES if self.feature_index is None else [FEATURE_NAMES[i] for i in self.feature_index]
        return "has_meaning" in names

    @classmethod
    def raw(cls, head: torch.Tensor, token_ids: list[int]) -> "Readout":
        # only the level tokens' rows of the LM head, never the whole vocabulary
        return cls(weight=head[token_ids], name="raw")  # [L, d]

    def __call__(self, h: torch.Tensor, features: torch.Tensor | None = None) -> torch.Tensor:
        """The readout's rows (and bias) over ``h [B, d]``, plus its feature weights over the
        check features ``[B, F]`` where it reads them: ``[B, L]``, before softcap and
        temperatures.  Missing features (checks off) read as all zeros: no evidence."""
        weight = self.weight.to(h.device)  # a trained readout is loaded on the CPU
        logits = h.to(weight.dtype) @ weight.T  # [B, d] x [d, L] -> [B, L]
        if self.feature_weight is not None:
            fw = self.feature_weight.to(logits.device, logits.dtype)  # [L, F]
            if features is None:
                features = torch.zeros(h.shape[0], fw.shape[1])
            elif self.feature_index is not None and features.shape[1] != fw.shape[1]:
                features = features[:, list(self.feature_index)]  # the columns it was fitted on
            logits = logits + features.to(logits.device, logits.dtype) @ fw.T  # [B, F] x [F, L] -> [B, L]
        if self.bias is not None:
            logits = logits + self.bias.to(logits.device, logits.dtype)
        return logits.float()

    def level_logits(self, h: torch.Tensor, cap: float | None, features: torch.Tensor | None = None) -> torch.Tensor:
        """The final level logits ``[B, L]`` the engine softmaxes: the readout, the model's
        logit softcap, then its own and the calibration temperature.  The one place a readout
        is applied (the engine, training and the benchmarks all call it)."""
        return softcap(cap, self(h, features)) / (self.temperature * self.calibration)


def softcap(cap: float | None, logits: torch.Tensor) -> torch.Tensor:
    """Gemma's final-logit softcapping, ``cap * tanh(logits / cap)``; identity without a cap."""
    return torch.tanh(logits / cap) * cap if cap else logits


def shipped_dir() -> Path:
    """The readouts shipped inside the package (package data, found through importlib.resources)."""
    return Path(str(resources.files("jev_model") / "readouts"))


def user_dir() -> Path:
    """Where ``jev train`` and ``jev calibrate`` write by default: ``$JEV_HOME/readouts``."""
    return weights.home() / "readouts"


def readout_dirs(model_dir: Path | None, backbone: str) -> list[Path]:
    """The directories searched for a backbone's readouts and calibrations, first match wins."""
    dirs = [Path(model_dir) / "readouts"] if model_dir is not None else []
    return dirs + [user_dir() / backbone, shipped_dir() / backbone]


def readout_path(backbone: str, evaluator: str, root: Path | None = None) -> Path:
    """Where a trained readout is written: ``<root or $JEV_HOME/readouts>/<backbone>/<evaluator>.safetensors``."""
    return (Path(root) if root is not None else user_dir()) / backbone / f"{evaluator}.safetensors"


class ReadoutMismatch(UserWarning):
    """A trained readout for this backbone was trained with other tokenizer files: not applied."""


def find_readout(model_dir: Path | None, backbone: str, rubric, checks: bool | None = None,
                 variant: str = "") -> Readout | None:
    """The trained readout for this backbone and evaluator, if one was shipped or trained;
    with ``variant``, the one fitted for a kind of item (``<evaluator>.<variant>.safetensors``:
    "explanations", read where ``Settings.explanations`` sends those items to this backbone).

    The backbone id pins the weights; a readout is also passed over, with a warning, where the
    tokenizer files it was trained with differ from the model directory's
    (``weights.differing_files``: the rule ``jev doctor`` shows)."""
    for d in readout_dirs(model_dir, backbone):
        path = d / (f"{rubric.name}.{variant}.safetensors" if variant else f"{rubric.name}.safetensors")
        if not path.exists():
            continue
        readout = load_readout(path, backbone, rubric, checks)
        read, _ = (weights.differing_files(readout.manifest.get("backbone_files_sha256") or {}, model_dir)
                   if model_dir is not None else ([], []))
        if not read:
            return readout
        warnings.warn(f"readout {path} was trained with other {', '.join(read)} than {model_dir} has; not applied "
                      "(`jev doctor` shows the differences)", ReadoutMismatch, stacklevel=2)
    return None


def calibration_path(backbone: str, evaluator: str, root: Path | None = None) -> Path:
    """Where a calibration is written (beside the readouts, ``<evaluator>.calibration.json``)."""
    return (Path(root) if root is not None else user_dir()) / backbone / f"{evaluator}.calibration.json"


def find_calibration(model_dir: Path | None, backbone: str, rubric, readout_name: str) -> tuple[dict, Path] | None:
    """The stored calibration for this backbone, evaluator and readout, or None.

    One fitted for another readout (raw vs trained) or rubric version is not applied, with a
    warning: its temperature would be wrong for these logits."""
    for d in readout_dirs(model_dir, backbone):
        path = d / f"{rubric.name}.calibration.json"
        if path.exists():
            break
    else:
        return None
    try:
        cal = json.loads(path.read_text())
        temperature = float(cal["temperature"])
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise JevError(f"{path}: unreadable calibration ({exc})") from None
    if not (math.isfinite(temperature) and temperature > 0):
        raise JevError(f"{path}: temperature must be a positive number, not {cal['temperature']!r}")
    why = None
    if cal.get("backbone") not in (None, backbone):
        why = f"backbone {cal.get('backbone')}"
    elif cal.get("rubric_version") not in (None, rubric.version):
        why = f"{rubric.name} v{cal.get('rubric_version')}"
    elif cal.get("readout") not in (None, readout_name):
        why = f"readout {cal.get('readout')}"
    if why:
        warnings.warn(f"{path} was fitted for {why}, not this one; not applied", CalibrationMismatch, stacklevel=2)
        return None
    return cal, path


def describe_calibration(cal: dict, path_name: str) -> str:
    """What a result shows about the calibration it used."""
    return f"T={cal['temperature']:.3f} ({path_name}, fitted on {cal.get('split', {}).get('fit_items', '?')} items)"


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
    if getattr(rubric, "grounding", ()):  # the RAG evaluators read other evidence: checks/grounding.py
        return _grounding_readout(path, manifest, checks)
    if checks is not None and "checks" in manifest and bool(manifest["checks"]) != bool(checks):
        warnings.warn(f"readout {path} was trained with computed checks {'on' if manifest['checks'] else 'off'}, "
                      f"but this engine renders {rubric.name} with them {'on' if checks else 'off'}; its measured "
                      "accuracy does not apply", stacklevel=2)
    names = tuple(manifest.get("features") or ())
    if checks and manifest.get("checks"):
        from jev_model.checks import LINE_VERSION

        # a readout that does not read the meaning features is given the line without its meaning part: version 2's
        line = LINE_VERSION if "has_meaning" in names else 2
        if manifest.get("checks_line", 1) != line:  # written before the field: version 1
            warnings.warn(f"readout {path} was trained on version {manifest.get('checks_line', 1)} of the computed "
                          f"checks line, this engine writes version {line}; its measured accuracy does not "
                          "apply (retrain it: jev train)", stacklevel=2)
    tensors = load_file(str(path))
    index = None
    if "feature_weight" in tensors:
        from jev_model.checks import FEATURE_NAMES

        unknown = [n for n in names if n not in FEATURE_NAMES]
        if unknown or len(names) != tensors["feature_weight"].shape[1]:
            raise JevError(f"readout {path} reads the check features {list(names)}, but these computed checks give "
                           f"{list(FEATURE_NAMES)} ({', '.join(unknown) or 'a count that differs'}); retrain it (jev train)")
        index = None if names == FEATURE_NAMES else tuple(FEATURE_NAMES.index(n) for n in names)
    temperature = float(manifest.get("temperature", 1.0))  # calibration is applied apart (engine.bind)
    return Readout(weight=tensors["weight"].float(), bias=tensors.get("bias"), temperature=temperature,
                   name=f"trained:{manifest.get('id', path.stem)}", is_raw=False, manifest=manifest,
                   feature_weight=tensors.get("feature_weight"), depth=manifest.get("depth"), feature_index=index)


def available(model_dir: Path | None, backbone: str) -> dict[str, dict]:
    """Which evaluators have a trained readout and a calibration for this backbone, and where
    (the file that ``find_readout`` / ``find_calibration`` would use)."""
    found: dict[str, dict] = {}
    for d in readout_dirs(model_dir, backbone):
        if not d.is_dir():
            continue
        for path in sorted(d.glob("*.safetensors")):
            found.setdefault(path.stem, {}).setdefault("readout", path)
        for path in sorted(d.glob("*.calibration.json")):
            found.setdefault(path.name[: -len(".calibration.json")], {}).setdefault("calibration", path)
    return found


def shipped_backbones() -> list[str]:
    """Backbone ids that have readouts shipped inside the package."""
    root = shipped_dir()
    return sorted(d.name for d in root.iterdir() if d.is_dir() and any(d.glob("*.safetensors"))) if root.is_dir() else []


def _grounding_readout(path: Path, manifest: dict, checks: bool | None) -> Readout:
    """``load_readout``'s end for a RAG rubric: its checks line and features are the grounding
    evidence's (``GROUNDING_LINE``, ``GROUNDING_FEATURES``), refused or warned about the same way."""
    from safetensors.torch import load_file

    from jev_model.checks.grounding import GROUNDING_FEATURES, GROUNDING_LINE

    if checks is not None and bool(manifest.get("checks")) != bool(checks):
        warnings.warn(f"readout {path} was trained with computed checks {'on' if manifest.get('checks') else 'off'}, "
                      f"but they are {'on' if checks else 'off'} here; its measured accuracy does not apply",
                      stacklevel=3)
    elif checks and manifest.get("checks_line") != GROUNDING_LINE:
        warnings.warn(f"readout {path} was trained on version {manifest.get('checks_line')} of the grounding line, "
                      f"this engine writes version {GROUNDING_LINE}; retrain it (jev train)", stacklevel=3)
    tensors = load_file(str(path))
    if "feature_weight" in tensors and tuple(manifest.get("features") or ()) != GROUNDING_FEATURES:
        raise JevError(f"readout {path} reads the features {manifest.get('features')}, but the grounding checks give "
                       f"{list(GROUNDING_FEATURES)}; retrain it (jev train)")
    return Readout(weight=tensors["weight"].float(), bias=tensors.get("bias"),
                   temperature=float(manifest.get("temperature", 1.0)), name=f"trained:{manifest.get('id', path.stem)}",
                   is_raw=False, manifest=manifest, feature_weight=tensors.get("feature_weight"),
                   depth=manifest.get("depth"))
