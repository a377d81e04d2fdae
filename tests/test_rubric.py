import pytest

from jev_model.errors import JevError
from jev_model.rubric import catalogue_names, check_tokens, load_catalogue, load_rubric, parse_rubric

BASE = {"name": "t", "version": 1, "kind": "graded", "question": "Is `output` right?", "fields": ["output"],
        "levels": [{"token": "0", "text": "no"}, {"token": "1", "text": "yes"}]}


def test_catalogue_loads_every_evaluator_of_the_spec():
    cat = load_catalogue()
    assert {"answer_correctness", "factuality", "closed_qa", "correctness", "correctness_reference",
            "llm_judge"} <= set(cat)
    ac = cat["answer_correctness"]
    assert ac.question == ("Rate how factually correct `output` is compared with the reference "
                           "`expected` answer to `input`.")
    assert [lv.token for lv in ac.levels] == ["0", "1", "2", "3", "4"]
    assert ac.levels[4].text == "The output is fully correct and equivalent to the expected answer"
    fact = cat["factuality"]
    assert [lv.value for lv in fact.levels] == [0.4, 0.6, 1.0, 0.0, 1.0]


def test_valid_table_parses():
    r = parse_rubric(dict(BASE), "t")
    assert r.top == 1 and r.tokens == ["0", "1"]


@pytest.mark.parametrize("change, message", [
    ({"colour": "red"}, "unknown keys ['colour']"),
    ({"question": "Is `answer` right?"}, "field `answer`, which is not declared"),
    ({"kind": "ranked"}, "kind 'ranked'"),
    ({"levels": [{"token": "0", "text": "a"}, {"token": "0", "text": "b"}]}, "distinct"),
    ({"levels": [{"token": "0", "text": "a"}]}, "at least two levels"),
    ({"levels": [{"token": "0", "text": "a", "value": 1}, {"token": "1", "text": "b", "value": 0}]}, "0, 1, ..., n-1"),
    ({"levels": [{"token": "0", "text": "a", "weight": 2}, {"token": "1", "text": "b"}]}, "unknown keys ['weight']"),
    ({"pass_rule": "majority"}, "pass_rule"),
    ({"pass_threshold": 1.5}, "within 0..1"),
    ({"fields": []}, "non-empty"),
])
def test_loader_rejects(change, message):
    with pytest.raises(JevError, match=message.replace("[", r"\[").replace("(", r"\(").replace(".", r"\.")):
        parse_rubric({**BASE, **change}, "t")


def test_missing_required_key_is_named():
    data = dict(BASE)
    del data["question"]
    with pytest.raises(JevError, match="missing required key 'question'"):
        parse_rubric(data, "t")


def test_options_values_in_range():
    data = {**BASE, "kind": "options", "levels": [{"token": "A", "text": "a", "value": 2}, {"token": "B", "text": "b", "value": 0}]}
    with pytest.raises(JevError, match="option values"):
        parse_rubric(data, "t")


def test_unknown_evaluator_lists_the_catalogue():
    with pytest.raises(JevError, match="unknown evaluator 'nope'.*answer_correctness"):
        load_rubric("nope")


def test_invalid_toml_file_is_named(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("name = \n")
    with pytest.raises(JevError, match="invalid TOML"):
        load_rubric(bad)


def test_check_tokens_rejects_multi_token_levels(tiny_model_dir):
    from transformers import AutoTokenizer

    tok = AutoTokenizer.from_pretrained(tiny_model_dir)
    r = parse_rubric({**BASE, "levels": [{"token": "0", "text": "a"}, {"token": "10", "text": "b"}]}, "t")
    with pytest.raises(JevError, match="level token '10' is 2 tokens"):
        check_tokens(r, tok)
    assert len(check_tokens(load_rubric("answer_correctness"), tok)) == 5


def test_catalogue_names_sorted():
    assert catalogue_names() == sorted(catalogue_names())
