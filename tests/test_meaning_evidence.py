"""Evidence of meaning (#22): claims, reversals, the sentence encoder's similarity in the checks
line and as readout features; a paraphrase the word checks call unequal can pass."""

from __future__ import annotations

import pytest
import torch

from jev_model.checks import FEATURE_NAMES, evidence
from jev_model.checks.features import BASE_FEATURES, features_of
from jev_model.checks.meaning import claims, compare_meaning, reversal


def jaccard(a: list[str], b: list[str]) -> list[list[float]]:
    """A stand-in encoder: word overlap as the cosine (deterministic, no model)."""
    def ws(t):
        return {w.strip(".,;").lower() for w in t.split()}
    return [[len(ws(x) & ws(y)) / max(1, len(ws(x) | ws(y))) for y in b] for x in a]


def test_claims_are_sentences_and_clauses():
    assert claims("Light travels far faster than sound, so the flash reaches us first. Thunder comes later; "
                  "it is slow.") == ["Light travels far faster than sound", "the flash reaches us first",
                                     "Thunder comes later", "it is slow"]
    assert claims("") == [] and claims("...") == []


@pytest.mark.parametrize("output, expected, found", [
    ("Sound travels faster than light.", "Light travels faster than sound.", "light / sound swapped around faster"),
    ("Light is slower than sound.", "Light is faster than sound.", "slower for faster"),
    ("Ice floats because it is more dense than water.", "Ice is less dense than liquid water, so it floats.",
     "more for less"),
    ("The valve opens when pressure rises.", "The valve closes when pressure rises.", "opens for closes"),
])
def test_a_relation_turned_round_is_found(output, expected, found):
    assert reversal(output, expected) == found


@pytest.mark.parametrize("output, expected", [
    ("Sound is much slower than light, so we see the flash first.", "Because light moves much faster than sound."),
    ("Light travels far faster than sound, so the flash reaches us first.", "Because light moves much faster than sound."),
    ("Ice floats because it is less dense than water.", "Ice is less dense than liquid water, so it floats."),
    ("Paris", "Paris"),
])
def test_the_same_relation_in_other_words_is_not_reversed(output, expected):
    assert reversal(output, expected) is None


@pytest.mark.parametrize("output", ["", "   ", "\x00\x01", "é" * 5000, "than than than", "more than", "1e309 > 2",
                                    "{\"a\": [1, 2]}", "faster than" * 500])
def test_odd_text_never_raises(output):
    reversal(output, "Light is faster than sound.")
    compare_meaning(output, "Light is faster than sound.", jaccard)
    features_of(evidence({"input": "Why?", "output": output, "expected": "Because light moves faster."}, jaccard))


def test_an_encoder_that_fails_costs_the_evidence_not_the_reading():
    def broken(a, b):
        raise RuntimeError("boom")
    assert compare_meaning("Light is fast.", "Light is quick.", broken) is None
    ev = evidence({"input": "Why?", "output": "Light is fast.", "expected": "Light is quick."}, broken)
    assert ev is not None and ev.meaning is None and "meaning" not in (ev.line() or "")


def test_claim_recall_and_precision_count_both_ways():
    m = compare_meaning("Water boils at sea level. Salt raises the point.", "Water boils at sea level.", jaccard)
    assert m.expected_claims == 1 and m.covered == 1  # the reference's one claim is covered
    assert m.output_claims == 2 and m.supported == 1  # one of the output's two claims is supported
    assert m.recall == pytest.approx(1.0) and 0 < m.precision < 1


def test_the_line_speaks_of_meaning_for_long_answers_only():
    long = evidence({"input": "Why do we see lightning first?", "output": "Light is much quicker than sound.",
                     "expected": "Because light moves much faster than sound."}, jaccard)
    assert "meaning: " in long.line() and "expected claim" in long.line()
    short = evidence({"input": "Capital of France?", "output": "Lyon", "expected": "Paris"}, jaccard)
    assert "meaning" not in short.line()
    f = features_of(short)
    assert f["has_meaning"] == 1.0 and f["meaning_long"] == 0.0 and f["meaning_long_similarity"] == 0.0
    reversed_ = evidence({"input": "Why?", "output": "Because sound moves much faster than light.",
                          "expected": "Because light moves much faster than sound."}, jaccard)
    assert "meaning: reversed (light / sound swapped around faster)" in reversed_.line()
    assert features_of(reversed_)["meaning_reversed"] == 1.0 and features_of(reversed_)["meaning_close"] == 0.0


def test_without_an_encoder_nothing_changes():
    fields = {"input": "Why?", "output": "Light is much quicker than sound.", "expected": "Light moves faster."}
    ev = evidence(fields)
    assert ev.meaning is None and "meaning" not in (ev.line() or "")
    assert all(features_of(ev)[n] == 0.0 for n in FEATURE_NAMES if n not in BASE_FEATURES)


def test_what_the_output_only_mentions_is_not_compared_by_meaning():
    ev = evidence({"input": "Why?", "output": "The expected answer is that light moves faster than sound, "
                                              "but really sound is faster.",
                   "expected": "Light moves faster than sound."}, jaccard)
    assert ev.claims.changed and ev.meaning is not None
    # the asserted part ("but really sound is faster") is compared, not the quoted reference
    whole = compare_meaning("The expected answer is that light moves faster than sound, but really sound is faster.",
                            "Light moves faster than sound.", jaccard)
    assert ev.meaning.covered == 0 and ev.meaning.similarity < whole.similarity


def test_the_encoder_tells_a_paraphrase_from_an_unrelated_answer(encoder):
    ref = "Because light moves much faster than sound."
    sims = encoder.similarity(["Light travels far faster than sound, so the flash reaches us first.",
                               "Thunder is caused by the expansion of heated air."], [ref])
    assert sims[0][0] > sims[1][0] + 0.2
    assert encoder.encode(["a", "a"]).shape == (2, 384) and len(encoder.cache) >= 1  # cached by text


def test_a_paraphrase_the_checks_call_unequal_can_pass_on_meaning(tiny_model_dir, encoder, tmp_path):
    """A readout fitted with the meaning features passes a paraphrase whose words differ (the
    word checks say 'not equal') and fails an unrelated answer, through the engine."""
    from jev_model.core.engine import Engine
    from jev_model.core.rubric import load_rubric
    from jev_model.fitting.train import TrainConfig, save_readout, train_readout

    facts = [("Why do we see lightning before thunder?", "Because light moves much faster than sound.",
              "Light travels far quicker than sound does, so the flash arrives first.",
              "Thunder is louder at night."),
             ("What is a black hole?", "A region of spacetime whose gravity prevents anything from escaping.",
              "A place where gravity is so strong that nothing can get out.", "A very old and cold star."),
             ("Why is the sky blue?", "Air molecules scatter blue light more than red light.",
              "Blue light gets scattered much more strongly by the air than red light.", "Because the sea is blue."),
             ("Why does ice float?", "Ice is less dense than liquid water.",
              "Frozen water weighs less per volume than liquid water.", "Ice is made of salt."),
             ("What does a vaccine do?", "It trains the immune system to recognise a pathogen.",
              "It teaches the body's defences to spot a germ.", "It cools the blood down."),
             ("Why do leaves look green?", "Chlorophyll reflects green light.",
              "The pigment chlorophyll bounces back the green part of sunlight.", "Leaves are painted by insects.")]
    items = []
    for k, (q, ref, right, wrong) in enumerate(facts * 2):
        items += [{"input": q, "output": right, "expected": ref, "gold": 4, "template": f"t{k}", "category": "right"},
                  {"input": q, "output": wrong, "expected": ref, "gold": 0, "template": f"t{k}", "category": "wrong"}]
    engine = Engine.load(str(tiny_model_dir), dtype="float32", min_level_mass=0.0, readout="raw", meaning="on")
    rubric = load_rubric("answer_correctness")
    cfg = TrainConfig(l2=(0.1,), max_steps=300, patience=100, val_fraction=0.34, dedupe_against_tests=False)
    readout, manifest = train_readout(engine, rubric, items, cfg, data_sha256="x", data_files=["mem"],
                                      cache_dir=tmp_path / "cache")
    assert manifest["features"] == list(FEATURE_NAMES) and readout.reads_meaning
    path = save_readout(tmp_path / "readouts" / engine.backbone / "answer_correctness.safetensors", readout, manifest)
    from jev_model.core.readout import load_readout

    loaded = load_readout(path, engine.backbone, rubric, checks=True)
    fields = {"input": "Why do we see lightning before thunder?", "expected": "Because light moves much faster than sound.",
              "output": "The flash reaches us first since light is far quicker than sound."}
    request = engine.prepare(rubric, fields)
    assert "answer: not equal" in request.checks and "meaning: " in request.checks
    import dataclasses

    right = engine.read([dataclasses.replace(request, readout=loaded, suffix_ids=None, prefix_ids=None)])[0]
    wrong_req = engine.prepare(rubric, dict(fields, output="Thunder is louder at night."))
    wrong = engine.read([dataclasses.replace(wrong_req, readout=loaded, suffix_ids=None, prefix_ids=None)])[0]
    assert right.passed and not wrong.passed
    assert torch.is_tensor(loaded.feature_weight) and loaded.feature_weight.shape[1] == len(FEATURE_NAMES)


@pytest.mark.parametrize("fields, explains_it", [
    ({"input": "Why?", "output": "The flash outruns the noise.", "expected": "Because light moves much faster than sound."}, True),
    ({"input": "When?", "output": "1969", "expected": "Apollo 11 landed on 20 July 1969."}, False),  # a value
    ({"input": "Is it?", "output": "No", "expected": "No, it is not the case at all."}, False),  # yes/no
    ({"input": "Which?", "output": "argon", "expected": "neon and argon"}, False),  # short
    ({"input": "Why?", "output": "", "expected": "Because light moves much faster than sound."}, False),  # no answer
    ({"input": "Why?", "output": "x", "expected": None}, False),
    # the output matches the reference's text: the checks compared it
    ({"input": "Main language of Denmark?", "output": "It's Danish.", "expected": "The main language of Denmark is Danish."}, False),
    ({"input": "Why?", "output": "Light moves much faster than sound, that is all.",
      "expected": "Because light moves much faster than sound."}, False),
    ({"input": "Main language of Denmark?", "output": "It is Swedish.", "expected": "The main language of Denmark is Danish."}, True),
])
def test_a_reference_that_explains_is_told_from_one_the_checks_compare(fields, explains_it):
    from jev_model.checks.features import explains

    assert explains(fields) is explains_it
