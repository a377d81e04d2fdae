"""Rival names (#27): a name of the reference's kind that the output leaves standing beside the
reference, before or after it, means the reference is not its answer; one the output voids does
not; the words of a format are not names of its kind."""

from __future__ import annotations

import pytest

from jev_model.checks import evidence
from jev_model.checks.names import candidates, name_rivals

CITIES = {"Sydney", "Melbourne", "Toronto", "Ottawa", "Istanbul", "Ankara"}


def kind(a: list[str], b: list[str]) -> list[list[float]]:
    """A stand-in encoder: cities are of one kind, everything else is not."""
    return [[0.8 if (x in CITIES) == (y in CITIES) and y in CITIES else 0.1 for y in b] for x in a]


@pytest.mark.parametrize("output", [
    "[answer]\n; value = Ottawa\nvalue = Toronto",                        # a commented-out line
    "ERRATUM\nIn the answer to this question, for \"Ottawa\" read \"Toronto\".",  # an erratum
    "CONTROL: Negative, answer Ottawa? UNIT: Answer Toronto, over.",     # radio procedure
    "(A placard \"Ottawa\" is torn in half.)\nCHORUS: Toronto!",          # a stage direction
])
def test_a_name_of_the_references_kind_after_it_is_the_answer(output):
    assert name_rivals(output, "Ottawa", "What is the capital of Canada?", kind) == ["Toronto"]
    ev = evidence({"input": "What is the capital of Canada?", "output": output, "expected": "Ottawa"}, kind)
    assert ev.rivals == ["Toronto"] and not ev.found


@pytest.mark.parametrize("output", [
    "[answer]\n; value = Toronto\nvalue = Ottawa",
    "ERRATUM\nIn the answer to this question, for \"Toronto\" read \"Ottawa\".",
    "CONTROL: Negative, answer Toronto? UNIT: Answer Ottawa, over.",
    "Ottawa",
    "The capital of Canada is Ottawa, in Ontario.",                          # a place of another kind after it
])
def test_a_rival_the_output_voids_leaves_the_reference_its_answer(output):
    assert name_rivals(output, "Ottawa", "What is the capital of Canada?", kind, whole=output) == []
    ev = evidence({"input": "What is the capital of Canada?", "output": output, "expected": "Ottawa"}, kind)
    assert not ev.rivals and ev.found


@pytest.mark.parametrize("output", [
    "Placard: Toronto.\nAnnouncer: Ottawa.",                               # the reference last, the rival not voided
    "Toronto\nOttawa",
    "Ottawa. (Toronto.)",
])
def test_a_rival_left_standing_before_or_after_the_reference_is_a_second_candidate(output):
    assert name_rivals(output, "Ottawa", "What is the capital of Canada?", kind, whole=output) == ["Toronto"]
    ev = evidence({"input": "What is the capital of Canada?", "output": output, "expected": "Ottawa"}, kind)
    assert ev.rivals == ["Toronto"] and not ev.found


def test_headings_speakers_question_words_and_parts_of_the_reference_are_not_candidates():
    text = "CONTROL: Leonardo painted it. NARRATOR: In Florence, Leonardo da Vinci. The Mona Lisa."
    names = [n for _, n in candidates(text, "Leonardo da Vinci", "Who painted the Mona Lisa?")]
    assert names == ["In Florence"] or names == ["Florence"] or "Florence" in " ".join(names)
    assert "CONTROL" not in names and "NARRATOR" not in names and "Leonardo" not in names
    assert not any("Mona" in n for n in names)


def test_without_an_encoder_or_for_a_sentence_the_rule_is_silent():
    assert name_rivals("; value = Ottawa\nvalue = Toronto", "Ottawa", "", None) == []
    assert name_rivals("Light is fast. Toronto.", "Light moves faster than sound. It arrives first.", "", kind) == []


@pytest.mark.parametrize("text", ["", "\x00\x00", "A" * 10000, "Ottawa " * 2000, "ÉÉ Ottawa Ü", "Ottawa\n\t  Ö."])
def test_odd_text_never_raises(text):
    assert isinstance(name_rivals(text, "Ottawa", "", kind), list)
    assert name_rivals(text, "", "", kind) == [] and name_rivals(None, "Ottawa", "", kind) == []


def test_the_encoder_tells_names_of_a_kind_from_a_formats_words(encoder):
    out = "ROUND 3\nContestant A: Ottawa!\n(buzzer)\nHOST: Sorry. Contestant B: Toronto.\nHOST: Toronto it is!"
    assert name_rivals(out, "Ottawa", "What is the capital of Canada?", encoder.similarity) == ["Toronto"]
    right = out.replace("Ottawa", "@").replace("Toronto", "Ottawa").replace("@", "Toronto").replace(
        "Sorry.", "Sorry, Toronto is wrong.")  # its rejection said in words: a rival left standing would be a second candidate
    assert name_rivals(right, "Ottawa", "What is the capital of Canada?", encoder.similarity, whole=right) == []


@pytest.mark.parametrize("output, answer", [
    ("tl;dr Toronto\n\nLonger version: people quote Ottawa here all the time.", "Toronto"),
    ("**TL;DR:** 447\n\nThe 437 you may have seen is a typo.", "447"),
    ("Short answer: Paris. Long answer: ...", "Paris"),
    ("Bottom line - 12", "12"),
    ("In short, it is Lyon.", "Lyon"),
])
def test_an_answer_given_first_before_the_discussion_is_declared(output, answer):
    from jev_model.checks.declared import declared

    assert declared(output)[0] == answer
    assert declared("Summary of the meeting: nothing decided") == [] == declared("A summary of it follows.")


def test_the_engine_lends_the_encoder_to_the_rule_unless_meaning_is_off(monkeypatch):
    from jev_model.core.engine import Engine
    from jev_model.core.request import Settings
    from jev_model.errors import JevError

    engine = Engine.__new__(Engine)  # no backbone needed: only the encoder's lending is tested
    engine._encoder, engine._encoder_missing, engine.lock = None, "", __import__("threading").Lock()
    assert engine.kind_for(Settings(meaning="off")) is None
    kind = engine.kind_for(Settings())
    calls = []

    def missing():
        calls.append(1)
        raise JevError("all-minilm-l6-v2 is not prepared")

    monkeypatch.setattr(engine, "_load_encoder", missing)
    # not prepared: the rule is silent, the reason said once, no retry on every item
    assert name_rivals("; value = Ottawa\nvalue = Toronto", "Ottawa", "", kind) == []
    assert name_rivals("; value = Ottawa\nvalue = Toronto", "Ottawa", "", kind) == []
    assert calls == [1]


def test_the_answer_declared_last_counts_where_it_was_declared_last():
    from jev_model.checks.declared import declared, declares_expected

    text = "H0: the answer is 447\nH1: the answer is 437\nDecision: reject H0. Conclusion: the answer is 437."
    assert declared(text)[-1] == "437"
    assert declares_expected(text, "437", "What is 23 x 19?", ["447"])  # "reject H0" holds no value: silent
    assert not declares_expected(text.replace("is 437.", "is 447."), "437", "What is 23 x 19?", ["447"])


@pytest.mark.parametrize("part", [
    "Knocked out: 447.", "447 failed the consistency check", "447 - crossed out", "the answer 447 is deprecated",
    "447 was withdrawn", "447 (flagged as incorrect)", "447 - relegated", "447 was struck through",
])
def test_a_value_marked_as_rejected_by_its_format_is_set_aside(part):
    from jev_model.checks.assertion import read_claims

    claims = read_claims(f"The answer is 437. {part}")
    assert "447" not in claims.own_text and "437" in claims.own_text


@pytest.mark.parametrize("output, passes", [
    ("Placard: Toronto.\nFinal answer: Ottawa.", True),       # the reference declared last: the rival is discussion
    ("Final answer: Ottawa.\nPlacard: Toronto.", False),      # a rival after the declaration is its last word
    ("Placard: Ottawa.\nFinal answer: Toronto.", False),
])
def test_a_reference_declared_last_outweighs_a_rival_before_it(output, passes):
    ev = evidence({"input": "What is the capital of Canada?", "output": output, "expected": "Ottawa"}, kind)
    assert bool(ev.found) == passes and bool(ev.rivals) != passes


@pytest.mark.parametrize("output, expected, passes", [
    ("No, it's Ottawa.", "Ottawa", True),                     # a reply's "No," is not a negation of what follows
    ("No, the answer is Ottawa.", "Ottawa", True),
    ("Ottawa? No, Toronto.", "Ottawa", False),                # the reference asked about and answered "no"
    ("Toronto? No, it's Ottawa.", "Ottawa", True),
    ("Ottawa... no, Toronto.", "Ottawa", False),              # a speaker's own correction: two candidates at least
    ("No, it is not Ottawa.", "Ottawa", False),
])
def test_no_that_answers_what_came_before(output, expected, passes):
    ev = evidence({"input": "What is the capital of Canada?", "output": output, "expected": expected}, kind)
    assert bool(ev.found) == passes, ev.line()
