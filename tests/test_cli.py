"""The jev command: results as JSON, and bad input as one clear line with exit 2."""

import json
import subprocess
import sys

import pytest

SEED = {"evaluators": ["answer_correctness"],
        "input": "A key was created on 2026-09-22 with a 90-day expiry. When does it expire?",
        "output": "November 21, 2026.", "expected": "2026-12-21"}


def jev(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "jev_model", *args], input=stdin,
                          capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("stdin, args, message", [
    ("{not json", ["-"], "malformed JSON at line 1"),
    ("[1, 2]", ["-"], "must be a JSON object"),
    (json.dumps({**SEED, "evaluators": ["nope"]}), ["-"], "unknown evaluator 'nope'"),
    (json.dumps({k: v for k, v in SEED.items() if k != "expected"}), ["-"], "required field 'expected' is missing"),
    (json.dumps({**SEED, "output": ""}), ["-"], "required field 'output' is empty"),
    (json.dumps({k: v for k, v in SEED.items() if k != "evaluators"}), ["-"], "no evaluator given"),
    (None, ["/nonexistent.json"], "cannot read /nonexistent.json"),
    (json.dumps(SEED), ["-", "--model", "/nonexistent-model"], "neither a directory nor an embedded model"),
])
def test_bad_input_is_one_clear_line(stdin, args, message):
    proc = jev("evaluate", *args, stdin=stdin)
    assert proc.returncode == 2
    assert message in proc.stderr
    assert "Traceback" not in proc.stderr


def test_a_request_file_that_is_not_utf8_is_one_line(tmp_path):
    bad = tmp_path / "r.json"
    bad.write_bytes(b'{"input": "\xff"}')
    proc = jev("evaluate", str(bad))
    assert proc.returncode == 2
    assert proc.stderr.strip() == f"error: {bad}: not UTF-8 text (byte 11)"


def test_evaluate_from_stdin_and_flags(tiny_model_dir):
    tiny = ["--model", str(tiny_model_dir), "--min-level-mass", "0"]
    proc = jev("evaluate", "-", *tiny, stdin=json.dumps(SEED))
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["dtype"] == "float32" and "JEV_DTYPE_PROBE=off" in out["dtype_choice"]  # auto, probing off in tests
    (res,) = out["results"]
    assert res["evaluator"] == "answer_correctness" and set(res["probabilities"]) == {"0", "1", "2", "3", "4"}
    assert res["checks"].startswith("dates: output 2026-11-21, expected 2026-12-21, not equal, 30 days apart")
    proc = jev("evaluate", "-", *tiny, "--no-checks", stdin=json.dumps(SEED))
    assert proc.returncode == 0, proc.stderr
    assert "checks" not in json.loads(proc.stdout)["results"][0]
    proc = jev("evaluate", *tiny, "--evaluator", "closed_qa", "--input", "q",
               "--output", "a", "--criteria", "is short")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["results"][0]["label"] in ("yes", "no")


def test_state_over_context_exits_nonzero(tiny_model_dir):
    proc = jev("evaluate", "-", "--model", str(tiny_model_dir), stdin=json.dumps({**SEED, "output": "x " * 3000}))
    assert proc.returncode == 3
    assert "over the model's context" in proc.stderr and "Traceback" not in proc.stderr


def test_evaluators_lists_catalogue():
    proc = jev("evaluators")
    assert proc.returncode == 0
    assert "answer_correctness\n  fields: input, output, expected" in proc.stdout


def test_evaluate_reads_piped_stdin_without_a_dash(tiny_model_dir):
    proc = jev("evaluate", "--model", str(tiny_model_dir), "--min-level-mass", "0", stdin=json.dumps(SEED))
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["results"][0]["evaluator"] == "answer_correctness"
    empty = jev("evaluate", stdin="")
    assert empty.returncode == 2 and "standard input is empty" in empty.stderr


def test_version_and_python_m():
    from jev_model import __version__

    proc = jev("--version")
    assert proc.returncode == 0 and proc.stdout.strip() == f"jev-model {__version__}"


def _model_dir(tmp_path, config: dict, files: dict) -> str:
    d = tmp_path / "model"
    d.mkdir()
    (d / "config.json").write_text(json.dumps(config))
    for name, data in files.items():
        (d / name).write_bytes(data)
    return str(d)


@pytest.mark.parametrize("config, files, message", [
    ({"model_type": "llama"}, {"model.safetensors": b"not safetensors", "pytorch_model.bin": b"pickle"},
     "cannot load the model"),
    ({"model_type": "llama", "auto_map": {"AutoModelForCausalLM": "evil.Model"}}, {"model.safetensors": b"x"},
     "needs remote code"),
    ({"model_type": "no-such-architecture"}, {"model.safetensors": b"x"}, "cannot be read as a Hugging Face config"),
    ({"model_type": "llama"}, {"pytorch_model.bin": b"pickle"}, "no .safetensors weights"),
])
def test_bad_model_directories_are_one_line_exit_2(tmp_path, config, files, message):
    proc = jev("evaluate", "-", "--model", _model_dir(tmp_path, config, files), stdin=json.dumps(SEED))
    assert proc.returncode == 2, proc.stderr
    assert message in proc.stderr and "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr


def test_directories_where_files_belong_are_named(tmp_path):
    proc = jev("evaluate", str(tmp_path))
    assert proc.returncode == 2 and "it is a directory" in proc.stderr
    proc = jev("score", str(tmp_path), "--evaluator", "answer_correctness", "--out", str(tmp_path / "r.jsonl"))
    assert proc.returncode == 2 and "it is a directory" in proc.stderr
    proc = jev("report", str(tmp_path))
    assert proc.returncode == 2 and "it is a directory" in proc.stderr


def test_report_on_a_file_with_no_results_fails(tmp_path):
    other = tmp_path / "other.jsonl"
    other.write_text("".join(json.dumps({"n": i}) + "\n" for i in range(60)))
    proc = jev("report", str(other))
    assert proc.returncode == 2 and "holds no results" in proc.stderr and "(and 59 more)" in proc.stderr
    assert proc.stderr.count("\n") == 1
    (tmp_path / "empty.jsonl").write_text("")
    assert jev("report", str(tmp_path / "empty.jsonl")).returncode == 2


def test_doctor_lists_prepared_models_and_their_readouts(tmp_path, tiny_model_dir):
    import os
    import shutil

    home = tmp_path / "home"
    shutil.copytree(tiny_model_dir, home / "models" / "tiny")
    env = {**os.environ, "JEV_HOME": str(home)}
    proc = subprocess.run([sys.executable, "-m", "jev_model", "doctor", "--json"], capture_output=True, text=True,
                          env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    (row,) = report["models"]
    assert row["model"] == "tiny" and row["evaluators"] == {} and row["shipped_readouts_apply"] is None
    assert report["shipped_backbones"]  # the package's own readouts are found through importlib.resources
    proc = subprocess.run([sys.executable, "-m", "jev_model", "doctor"], capture_output=True, text=True, env=env,
                          timeout=120)
    assert "no trained readouts: every evaluator is read raw" in proc.stdout


@pytest.mark.parametrize("changed, applies", [
    (["config.json", "generation_config.json"], True),  # what another transformers version rewrites
    (["tokenizer.json"], False),
])
def test_doctor_and_evaluate_agree_on_whether_a_trained_readout_applies(tmp_path, monkeypatch, capsys,
                                                                       tiny_model_dir, changed, applies):
    """The identity a readout depends on is the weights and the tokenizer: doctor says so, names
    the files that differ, and the engine applies the readout exactly when doctor says it does."""
    import shutil
    import warnings

    import torch
    from safetensors.torch import save_file

    from jev_model.checks import LINE_VERSION
    from jev_model.cli import main
    from jev_model.core import weights
    from jev_model.core.engine import Engine
    from jev_model.core.rubric import load_rubric

    home = tmp_path / "home"
    model_dir = home / "models" / "tiny"
    shutil.copytree(tiny_model_dir, model_dir)
    files = {p.name: weights.sha256_file(p) for p in sorted(model_dir.iterdir())}
    (model_dir / "manifest.json").write_text(json.dumps({"name": "tiny", "files": files}))  # as prepare writes
    trained_on = {**files, **{name: "0" * 64 for name in changed}}  # the conversion the readout was trained on
    shipped = tmp_path / "shipped"
    shipped.mkdir()
    (shipped / "tiny.json").write_text(json.dumps({"name": "tiny", "files": trained_on}))
    monkeypatch.setenv("JEV_HOME", str(home))
    monkeypatch.setattr(weights, "SHIPPED_MANIFESTS", shipped)

    backbone, rubric = weights.backbone_id(model_dir), load_rubric("answer_correctness")
    readouts = home / "readouts" / backbone
    readouts.mkdir(parents=True)
    save_file({"weight": torch.zeros(5, 32)}, str(readouts / "answer_correctness.safetensors"))
    (readouts / "answer_correctness.json").write_text(json.dumps({
        "id": "tiny-test", "backbone": backbone, "backbone_files_sha256": trained_on, "evaluator": rubric.name,
        "rubric_version": rubric.version, "tokens": rubric.tokens, "checks": True, "checks_line": LINE_VERSION}))

    assert main(["doctor"]) == 0
    out = capsys.readouterr().out
    if applies:
        assert "shipped readouts apply: its weights and tokenizer are those they were trained on; " \
               "config.json, generation_config.json differ, which readouts do not read" in out
    else:
        assert "! shipped readouts do not apply: tokenizer.json differ from the conversion they were trained on" in out
    engine = Engine.load(str(model_dir), dtype="float32", min_level_mass=0.0)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = engine.evaluate("answer_correctness", input="q", output="a", expected="a")
    assert result.readout == ("trained:tiny-test" if applies else "raw")
    if not applies:
        assert any("other tokenizer.json than" in str(w.message) for w in caught)


def test_a_missing_trained_readout_is_said_in_every_result(tiny_model_dir):
    proc = jev("evaluate", "-", "--model", str(tiny_model_dir), "--min-level-mass", "0", stdin=json.dumps(SEED))
    res = json.loads(proc.stdout)["results"][0]
    assert res["readout"] == "raw" and "no trained readout for answer_correctness" in res["warning"]
    assert proc.stderr.count("no trained readout") == 1  # warned once
    assert proc.stderr.startswith("warning: no trained readout for answer_correctness")  # one line: no source
    assert ".py:" not in proc.stderr and "warnings.warn" not in proc.stderr, proc.stderr
    raw = jev("evaluate", "-", "--model", str(tiny_model_dir), "--min-level-mass", "0", "--raw-readout",
              stdin=json.dumps(SEED))
    assert "warning" not in json.loads(raw.stdout)["results"][0]  # asked for raw: nothing to warn about


def test_warnings_stay_one_line_even_through_pythons_own_display(capsys):
    import warnings

    from jev_model.cli import show_library_messages

    show_library_messages()
    with warnings.catch_warnings():
        warnings.simplefilter("always")
        warnings.warn("first", UserWarning)
    assert capsys.readouterr().err == "warning: first\n"
    # Python's own display (a library may put it back; logging.captureWarnings uses it) formats
    # with formatwarning: the same one line, not "engine.py:427: NoTrainedReadout: ..." and the code
    assert warnings.formatwarning("second", UserWarning, "/x/engine.py", 427, "warnings.warn(note)") == \
        "warning: second\n"


def test_errors_name_json_kinds_not_python_types(tmp_path):
    """'expected a JSON object, got null', never 'not NoneType'."""
    from jev_model.core.catalogue import plan_request
    from jev_model.errors import JevError

    proc = jev("evaluate", "-", stdin="null")
    assert proc.returncode == 2 and proc.stderr == "error: standard input: the request must be a JSON object, got null\n"
    judge = {"evaluators": ["llm_judge"], "input": "q", "output": "a", "criteria": "c", "levels": ["bad", "good"]}
    for request, message in [
        ({**SEED, "evaluators": None}, '"evaluators" must be a non-empty list of evaluator names; got null'),
        ({**SEED, "evaluators": [5]}, "got an array with a number in it"),
        ({**judge, "criteria": None}, "'criteria' (the question to judge by) must be a non-empty string; got null"),
        ({**judge, "levels": "bad,good"}, "non-empty strings, worst first; got a string"),
        ({**judge, "pass_threshold": "0.5"}, "pass_threshold must be a number within 0..1, got a string"),
    ]:
        with pytest.raises(JevError) as exc:
            plan_request(request)
        assert message in str(exc.value) and "NoneType" not in str(exc.value)


def test_the_command_works_without_the_server_extra(tmp_path):
    """An install without fastapi/uvicorn (no `server` extra): every command but serve works."""
    blocker = tmp_path / "sitecustomize.py"
    blocker.write_text("import sys\nfor name in ('fastapi', 'uvicorn', 'starlette'):\n    sys.modules[name] = None\n")
    import os

    env = {**os.environ, "PYTHONPATH": f"{tmp_path}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    proc = subprocess.run([sys.executable, "-m", "jev_model", "evaluators"], capture_output=True, text=True,
                          env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr
    proc = subprocess.run([sys.executable, "-m", "jev_model", "serve", "--port", "1"], capture_output=True, text=True,
                          env=env, timeout=120)
    assert proc.returncode == 2 and "server extra" in proc.stderr and "Traceback" not in proc.stderr
