"""A trained readout for typed yes/no questions (`jev train --evaluator noul`): items planned
as the server plans them, whole families held out for validation, and a question read by the
trained readout is read once, as sent."""

from __future__ import annotations

import json

from jev_model.core.engine import Engine
from jev_model.core.questions import question_rubric
from tools.datagen.decisions import FAMILIES, generate


def test_the_generator_balances_each_family_and_its_template_is_the_family():
    items = generate(per_family=20, seed=3)
    for family in FAMILIES:
        mine = [it for it in items if it["family"] == family]
        assert mine and {it["template"] for it in mine} == {family}
        yes = sum(it["gold"] == "yes" for it in mine)
        assert abs(2 * yes - len(mine)) <= 1
        assert all(it["question"]["type"] == "noul" and it["state"] for it in mine)
    assert len({(it["state"], it["question"]["instructions"]) for it in items}) == len(items)


def test_only_noul_has_a_question_rubric():
    assert question_rubric("noul").tokens == ["yes", "no"]
    assert question_rubric("choice") is None and question_rubric("answer_correctness") is None


def test_jev_train_fits_a_noul_readout_the_engine_then_reads_questions_with(tiny_model_dir, tmp_path, capsys,
                                                                          monkeypatch):
    from jev_model.cli import main

    monkeypatch.setenv("JEV_HOME", str(tmp_path / "home"))  # the readout lands where every engine looks
    data = tmp_path / "decisions.jsonl"
    data.write_text("".join(json.dumps(it) + "\n" for it in generate(per_family=6, seed=1)))
    rc = main(["train", str(data), "--evaluator", "noul", "--model", str(tiny_model_dir), "--dtype", "float32",
               "--no-dedupe", "--l2", "1", "--max-steps", "40", "--val-fraction", "0.3"])
    assert rc == 0, capsys.readouterr().err
    shown = json.loads(capsys.readouterr().out)
    from pathlib import Path

    manifest = json.loads(Path(shown["readout"]).with_suffix(".json").read_text())
    assert manifest["evaluator"] == "noul" and manifest["tokens"] == ["yes", "no"]
    assert 0 < manifest["training_data"]["validation_items"] < manifest["training_data"]["items"]

    engine = Engine.load(str(tiny_model_dir), dtype="float32", min_level_mass=0.0)
    question = {"u": {"type": "noul", "instructions": "Is the total above $50?"}}
    _, plan = engine.plan_ask("The total is $73.", question)
    assert len(plan.requests) == 1 and plan.requests[0].readout.name == f"trained:{manifest['id']}"
    answers, _ = engine.ask("The total is $73.", question)
    assert 0.0 <= answers["u"]["noul"] <= 1.0 and "x_corrections" not in answers["u"]
    raw = engine.ask("The total is $73.", question, engine.settings.replace(readout="raw"))[0]["u"]
    assert raw["x_corrections"] == "option order averaged over 2 orders"


def test_a_noul_item_without_a_state_is_named(tiny_model_dir, tmp_path, capsys):
    from jev_model.cli import main

    data = tmp_path / "bad.jsonl"
    data.write_text(json.dumps({"question": {"type": "noul", "instructions": "x"}, "gold": "yes"}) + "\n")
    assert main(["train", str(data), "--evaluator", "noul", "--model", str(tiny_model_dir), "--no-dedupe"]) == 2
    assert "needs 'state' and 'question'" in capsys.readouterr().err
