"""On the real default model (prepared by `jev weights prepare`; run in CI)."""

import pytest

pytestmark = pytest.mark.model

SEED = {"input": "A key was created on 2026-09-22 with a 90-day expiry. When does it expire?",
        "output": "November 21, 2026.", "expected": "2026-12-21"}


def test_seed_example_gives_a_valid_reading(default_engine):
    r = default_engine.evaluate("answer_correctness", **SEED)
    assert r.unscored is None
    assert set(r.probabilities) == {"0", "1", "2", "3", "4"}
    assert sum(r.probabilities.values()) == pytest.approx(1.0, abs=1e-5)
    assert r.label.endswith(" / 4") and 0 <= r.score <= 1
    print("seed example:", r.to_dict())


def test_every_catalogue_rubric_binds_on_the_default_tokenizer(default_engine):
    from jev_model.core.rubric import load_catalogue

    for name, rubric in load_catalogue().items():
        if not rubric.caller_levels:
            assert len(default_engine.bind(rubric).token_ids) == len(rubric.levels)


def test_shipped_readout_scores_the_seeds_right_answer_above_its_wrong_one(default_engine):
    """The seed's wrong answer (gold 0) against the same question answered right (gold 4)."""
    readout = default_engine.readout("answer_correctness")
    if readout.is_raw:
        pytest.fail(f"no trained readout shipped for backbone {default_engine.backbone} in jev_model/readouts/")
    right = default_engine.evaluate("answer_correctness", **dict(SEED, output="It expires on December 21, 2026."))
    wrong = default_engine.evaluate("answer_correctness", **SEED)
    assert right.readout == wrong.readout == readout.name
    assert right.score > wrong.score
    assert right.passed and not wrong.passed
    print("right:", right.to_dict(), "\nwrong:", wrong.to_dict())
