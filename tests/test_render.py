import pytest

from jev_model.errors import JevError
from jev_model.core.render import render, render_free_state
from jev_model.core.rubric import load_rubric

SEED = {"input": "A key was created on 2026-09-22 with a 90-day expiry. When does it expire?",
        "output": "November 21, 2026.", "expected": "2026-12-21"}


def test_prefix_is_the_rubric_alone_and_suffix_the_state():
    r = load_rubric("answer_correctness")
    p = render(r, SEED)
    assert p.prefix.startswith(r.question)
    assert "0: The output contradicts the expected answer or is entirely wrong" in p.prefix
    assert SEED["output"] not in p.prefix  # the prefix is shared by every item
    assert p.suffix == ("input: " + SEED["input"] + "\noutput: November 21, 2026.\nexpected: 2026-12-21\n\nAnswer:")
    assert render(r, {**SEED, "output": "x"}).prefix == p.prefix


def test_checks_line_goes_into_the_state():
    p = render(load_rubric("answer_correctness"), SEED, checks="dates differ by 30 days")
    assert "\nchecks: dates differ by 30 days\n" in p.suffix


@pytest.mark.parametrize("field, value, word", [("expected", None, "missing"), ("output", "  ", "empty")])
def test_missing_or_empty_field_is_named(field, value, word):
    fields = dict(SEED)
    if value is None:
        del fields[field]
    else:
        fields[field] = value
    with pytest.raises(JevError, match=f"required field '{field}' is {word}"):
        render(load_rubric("answer_correctness"), fields)


def test_missing_expected_suggests_reference_free_evaluators():
    with pytest.raises(JevError, match="closed_qa"):
        render(load_rubric("answer_correctness"), {"input": "q", "output": "a"})


def test_non_string_values_render_as_json():
    p = render(load_rubric("answer_correctness"), {**SEED, "output": {"date": "2026-12-21"}})
    assert 'output: {"date": "2026-12-21"}' in p.suffix


def test_free_state_forms():
    assert render_free_state("plain") == "plain"
    assert '"a": 1' in render_free_state({"a": 1})
    assert render_free_state(["ü"]).count("ü") == 1
