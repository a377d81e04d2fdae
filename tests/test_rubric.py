import pytest

from jev_model.errors import JevError
from jev_model.core.rubric import catalogue_names, check_tokens, load_catalogue, load_rubric, parse_rubric

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


# -- user rubric directories: adding an evaluator is adding a file ----------------------------
USER_RUBRIC = '''
name = "{name}"
version = 1
kind = "graded"
question = "Is `output` concise?"
fields = ["output"]
[[levels]]
token = "0"
text = "rambling"
[[levels]]
token = "1"
text = "concise"
'''


@pytest.fixture()
def user_dir(tmp_path, monkeypatch):
    d = tmp_path / "rubrics"
    d.mkdir()
    monkeypatch.setenv("JEV_RUBRICS_PATH", str(d))
    return d


def test_rubrics_path_adds_evaluators(user_dir):
    (user_dir / "concise.toml").write_text(USER_RUBRIC.format(name="concise"))
    assert "concise" in catalogue_names() and "answer_correctness" in catalogue_names()
    r = load_rubric("concise")
    assert r.tokens == ["0", "1"] and set(load_catalogue()) >= {"concise", "factuality"}


@pytest.mark.parametrize("file, text, message", [
    ("answer_correctness.toml", USER_RUBRIC.format(name="answer_correctness"), "'answer_correctness' is defined twice"),
    ("concise.toml", USER_RUBRIC.format(name="brief"), "name 'brief' must match the file name 'concise'"),
    ("concise.toml", USER_RUBRIC.format(name="concise").replace("`output` concise", "`answer` concise"),
     "field `answer`, which is not declared"),
    ("concise.toml", USER_RUBRIC.format(name="concise") + "colour = 1\n", "level 1: unknown keys ['colour']"),
    ("concise.toml", "name = \n", "invalid TOML"),
    ("concise.toml", USER_RUBRIC.format(name="concise").replace('kind = "graded"', 'kind = "graded"\ncolour = 1'),
     "unknown keys ['colour']"),
])
def test_user_rubric_rejections_name_the_file(user_dir, file, text, message):
    (user_dir / file).write_text(text)
    with pytest.raises(JevError) as exc:
        load_catalogue()
    assert message in str(exc.value)
    if "twice" not in message:
        assert str(user_dir / file) in str(exc.value)


def test_rubrics_path_must_be_directories(tmp_path, monkeypatch):
    monkeypatch.setenv("JEV_RUBRICS_PATH", str(tmp_path / "missing"))
    with pytest.raises(JevError, match=r"\$JEV_RUBRICS_PATH: rubric directory '.*missing' does not exist"):
        catalogue_names()


def test_evaluators_command_shows_levels_rules_and_user_files(tmp_path):
    import json
    import os
    import subprocess
    import sys

    def jev(*args, env=None):
        return subprocess.run([sys.executable, "-m", "jev_model", *args], capture_output=True, text=True,
                              timeout=120, env={**os.environ, **(env or {})})

    proc = jev("evaluators")
    assert proc.returncode == 0, proc.stderr
    assert "    4  The output is fully correct and equivalent to the expected answer" in proc.stdout
    assert "passed: score >= 0.75" in proc.stdout
    assert "    C  same                1    The submitted answer contains all the same details" in proc.stdout
    assert "passed: the most probable option has value 1" in proc.stdout
    d = tmp_path / "rubrics"
    d.mkdir()
    (d / "concise.toml").write_text(USER_RUBRIC.format(name="concise"))
    proc = jev("evaluators", "--json", "--rubrics", str(d), "concise", "factuality")
    assert proc.returncode == 0, proc.stderr
    listed = json.loads(proc.stdout)
    assert [e["name"] for e in listed] == ["concise", "factuality"] and listed[0]["file"] == str(d / "concise.toml")
    assert [lv["value"] for lv in listed[1]["levels"]] == [0.4, 0.6, 1.0, 0.0, 1.0]
    (d / "broken.toml").write_text(USER_RUBRIC.format(name="broken").replace('token = "1"', 'token = "0"'))
    proc = jev("evaluators", env={"JEV_RUBRICS_PATH": str(d)})
    assert proc.returncode == 2 and "broken.toml: level tokens must be distinct" in proc.stderr
    assert "Traceback" not in proc.stderr
