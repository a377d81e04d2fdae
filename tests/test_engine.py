"""The scoring path on tiny random-weight models (Llama and Gemma 3 architectures)."""

import pytest
import torch

from jev_model.core.catalogue import rubric_for
from jev_model.errors import JevError
from jev_model.core.rubric import load_rubric

ITEMS = [
    {"input": "When does it expire?", "output": "November 21, 2026.", "expected": "2026-12-21"},
    {"input": "Capital of France?", "output": "Paris", "expected": "Paris is the capital of France."},
    {"input": "2+2?", "output": "4", "expected": "four, which is the answer to the sum of two and two"},
]


def reference_probs(engine, rubric, fields):
    """The naive computation: full logits over the whole vocabulary at every position."""
    bound = engine.bind(rubric)
    request = engine.prepare(rubric, fields)  # the computed checks are part of the state
    ids = engine.encode(request.prompt, bound.tail)
    with torch.no_grad():
        logits = engine.model(input_ids=torch.tensor([ids])).logits[0, -1]  # [V]
    return torch.softmax(logits[bound.token_ids].double(), -1), torch.softmax(logits.double(), -1)[bound.token_ids].sum()


@pytest.mark.parametrize("name", ["answer_correctness", "factuality", "closed_qa", "correctness"])
def test_readout_equals_full_logits_reference(tiny_engine, name):
    rubric = load_rubric(name)
    fields = {**ITEMS[0], "criteria": "Gives the date.", "expected_assertion": "2026-12-21"}
    result = tiny_engine.evaluate(rubric, **fields)
    ref, mass = reference_probs(tiny_engine, rubric, fields)
    got = torch.tensor(list(result.probabilities.values()), dtype=torch.float64)
    assert torch.allclose(got, ref, atol=1e-5), (got, ref)
    assert result.level_mass == pytest.approx(float(mass), abs=1e-5)
    assert sum(result.probabilities.values()) == pytest.approx(1.0, abs=1e-6)


def test_batched_equals_one_at_a_time(tiny_engine):
    batched = tiny_engine.evaluate_many("answer_correctness", ITEMS, tiny_engine.settings.replace(batch_size=3))
    single = [tiny_engine.evaluate("answer_correctness", **it) for it in ITEMS]
    for b, s in zip(batched, single):
        for k in s.probabilities:
            assert b.probabilities[k] == pytest.approx(s.probabilities[k], abs=1e-5)


def test_level_tokens_are_checked_at_bind(tiny_engine):
    bad = rubric_for("llm_judge", {"output": "x", "criteria": "c", "levels": ["a", "b"]})
    object.__setattr__(bad, "levels", (bad.levels[0], bad.levels[1].__class__("10", "10", "b", 1.0)))
    with pytest.raises(JevError, match="is 2 tokens"):
        tiny_engine.bind(bad)


def test_prompt_over_context_is_unscored(tiny_engine):
    long = {**ITEMS[0], "output": "word " * 2000}
    result = tiny_engine.evaluate("answer_correctness", **long)
    assert result.unscored and "over the model's context of 512" in result.unscored
    assert result.score is None and result.probabilities is None


def test_low_level_mass_is_unscored(tiny_engine):
    strict = tiny_engine.settings.replace(min_level_mass=0.999)
    r = tiny_engine.evaluate("answer_correctness", strict, **ITEMS[0])
    assert r.unscored and "fell on the level tokens" in r.unscored and r.level_mass < 0.999
    assert tiny_engine.settings.min_level_mass == 0.0  # settings travel with the call; the engine is unchanged


def test_settings_are_per_request_and_frozen(tiny_engine):
    from dataclasses import FrozenInstanceError

    from jev_model.core.engine import Settings

    strict, lax = Settings(min_level_mass=0.999), Settings(min_level_mass=0.0)
    both = tiny_engine.read([tiny_engine.prepare("answer_correctness", ITEMS[0], strict),
                             tiny_engine.prepare("answer_correctness", ITEMS[0], lax)])
    assert both[0].unscored and not both[1].unscored  # one batch, each request read with its own settings
    with pytest.raises(FrozenInstanceError):
        strict.min_level_mass = 0.5
    for bad in ({"readout": "best"}, {"min_level_mass": 2}, {"batch_size": 0}):
        with pytest.raises(JevError):
            Settings(**bad)
    with pytest.raises(TypeError, match="ReadRequest"):
        tiny_engine.read([("answer_correctness", ITEMS[0])])


def test_ask_and_the_server_formatter_agree(tiny_engine):
    """Engine.ask and the server's wire answer are one formatter over the same reading."""
    from jev_model.server.wire import wire_answer

    questions = {"urgent": {"type": "noul", "instructions": "Is it urgent?"},
                 "mood": {"type": "score", "instructions": "How angry?", "criteria": ["calm", "angry"]}}
    answers, _ = tiny_engine.ask("Refund now!", questions)
    parsed, planned = tiny_engine.plan_ask("Refund now!", questions)
    results = planned.readings(tiny_engine.read(planned.requests))
    wire = {qid: wire_answer(q, questions[qid], r) for (qid, q), r in zip(parsed.items(), results)}
    assert wire == answers
    assert all(r.settings.min_level_mass == 0.0 for r in planned.requests)  # wire answers are always given


def test_missing_field_is_an_error_naming_item(tiny_engine):
    with pytest.raises(JevError, match="item 1: .*'expected' is missing"):
        tiny_engine.evaluate_many("answer_correctness", [ITEMS[0], {"input": "q", "output": "a"}])


QUESTIONS = {
    "urgent": {"type": "noul", "instructions": "Is this urgent?", "criteria": {"true": "needs action today"}},
    "team": {"type": "choice", "instructions": "Which team?", "criteria": {"billing": "Payments", "sales": None, "🚀 ops": "x"}},
    "anger": {"type": "score", "instructions": "How angry?", "criteria": ["Calm", "Frustrated", "Very angry"]},
}


def test_ask_answers_typed_questions(tiny_engine):
    answers, usage = tiny_engine.ask({"msg": "charged twice"}, QUESTIONS)
    assert 0 <= answers["urgent"]["noul"] <= 1 and "confidence" not in answers["urgent"]
    team = answers["team"]
    assert set(team["probabilities"]) == {"billing", "sales", "🚀 ops"}
    assert team["choice"] == max(team["probabilities"], key=team["probabilities"].get)
    anger = answers["anger"]
    assert anger["score"] == pytest.approx(sum(int(k) * p for k, p in anger["probabilities"].items()))
    assert anger["legend"] == {"0": "Calm", "1": "Frustrated", "2": "Very angry"}
    assert isinstance(usage["input_tokens"], int) and usage["output_tokens"] == 0


def test_question_ids_never_reach_the_model(tiny_engine):
    a, _ = tiny_engine.ask("state", {"x": QUESTIONS["team"]})
    b, _ = tiny_engine.ask("state", {"한국어 🚀 id.-": QUESTIONS["team"]})
    assert a["x"] == b["한국어 🚀 id.-"]


def test_shared_state_is_counted_once_in_usage(tiny_engine):
    _, one = tiny_engine.ask("a long shared state " * 20, {"a": QUESTIONS["urgent"]})
    _, two = tiny_engine.ask("a long shared state " * 20, {"a": QUESTIONS["urgent"], "b": QUESTIONS["urgent"]})
    assert two["input_tokens"] < 2 * one["input_tokens"]


@pytest.mark.parametrize("spec, message", [
    ({"type": "score", "criteria": {"0": "a", "1": "b"}}, "ordered array"),
    ({"type": "score", "criteria": ["a"]}, "2 to 10 levels"),
    ({"type": "choice", "criteria": {"only": None}}, "2 to 255 options"),
    ({"type": "poll"}, "type must be"),
    ({"type": "noul", "criteria": {"maybe": "x"}}, "'true' and/or 'false'"),
])
def test_bad_questions_are_named(tiny_engine, spec, message):
    with pytest.raises(JevError, match=message):
        tiny_engine.ask("s", {"q1": spec})


def test_untrusted_model_dirs_are_refused(tmp_path):
    from jev_model.core.engine import Engine

    (tmp_path / "config.json").write_text("{}")
    (tmp_path / "pytorch_model.bin").write_bytes(b"pickle")
    with pytest.raises(JevError, match="no .safetensors"):
        Engine.load(str(tmp_path))
    with pytest.raises(JevError, match="neither a directory nor an embedded model"):
        Engine.load(str(tmp_path / "nope"))


def test_checks_go_into_the_state_and_the_result_and_can_be_switched_off(tiny_engine):
    item = {**ITEMS[0], "input": "Created 2026-09-22, 90-day expiry."}
    result = tiny_engine.evaluate("answer_correctness", **item)
    assert result.checks.startswith("dates: output 2026-11-21, expected 2026-12-21, not equal, 30 days apart")
    assert "; input computes 2026-09-22 + 90 days = 2026-12-21 (matches expected, not output); in all: none" in result.checks
    request = tiny_engine.prepare(load_rubric("answer_correctness"), ITEMS[0])
    assert f"\nchecks: {request.checks}\n" in request.prompt.suffix
    assert tiny_engine.evaluate("closed_qa", **ITEMS[0], criteria="Gives a date.").checks is None  # not a comparing rubric
    off = tiny_engine.evaluate("answer_correctness", tiny_engine.settings.replace(checks=False), **item)
    assert off.checks is None and "checks" not in off.to_dict()
    assert off.probabilities != result.probabilities


def test_rubrics_sharing_tokens_keep_their_own_rules(tiny_engine):
    """llm_judge rubrics with the same tokens share a bound readout, not their pass threshold."""
    fields = {"output": "x", "criteria": "Good?", "levels": ["bad", "ok", "good"]}
    lax = rubric_for("llm_judge", {**fields, "pass_threshold": 0.0})
    strict = rubric_for("llm_judge", {**fields, "pass_threshold": 1.0})
    a, b = tiny_engine.evaluate(lax, **fields), tiny_engine.evaluate(strict, **fields)
    assert a.probabilities == b.probabilities
    assert a.passed is True and b.passed is False
