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


def test_evaluate_from_stdin_and_flags(tiny_model_dir):
    tiny = ["--model", str(tiny_model_dir), "--min-level-mass", "0"]
    proc = jev("evaluate", "-", *tiny, stdin=json.dumps(SEED))
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    (res,) = out["results"]
    assert res["evaluator"] == "answer_correctness" and set(res["probabilities"]) == {"0", "1", "2", "3", "4"}
    assert res["checks"].startswith("dates in output: 2026-11-21; in expected: 2026-12-21; not equal, 30 days apart")
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
