"""The paraphrase data (#22): deterministic and committed up to date, levels of the rubric, and a
held-out file that holds out what it says: whole topics, and whole phrasing families."""

from __future__ import annotations

import json

from tools.datagen import paraphrase as pa
from tools.datagen.common import TEST_ITEMS_DIR

FIELDS = {"id", "category", "kind", "side", "family", "split", "topic", "input", "output", "expected", "gold",
          "why"}


def read(path):
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_generation_is_deterministic_and_the_committed_files_are_up_to_date():
    assert pa.items() == pa.items()
    assert pa.outputs() == pa.outputs()
    assert pa.main(["--check"]) == 0
    assert read(pa.TRAIN_OUT) + read(pa.TEST_OUT) == pa.items()


def test_items_are_well_formed_with_levels_of_the_rubric():
    items = pa.items()
    assert len(items) >= 700
    assert len({it["id"] for it in items}) == len(items)
    for it in items:
        assert set(it) == FIELDS
        assert it["gold"] in range(5)
        assert it["category"] == f"{it['kind']}:{it['side']}"
        assert it["input"].strip() and it["output"].strip() and it["expected"].strip() and it["why"].strip()
        assert it["output"] != it["expected"]
        if it["side"] == "right":
            assert it["kind"] == "paraphrase" and it["gold"] >= 3 and it["family"] in pa.RIGHT_FAMILIES
            assert it["gold"] == pa.RIGHT_FAMILIES[it["family"]][0]
        else:
            assert it["side"] == "wrong" and it["gold"] <= 2 and it["family"] == it["kind"] in pa.WRONG_KINDS
            if it["kind"] in ("reversed", "swapped_entity", "negated", "wrong_paraphrase"):
                assert it["gold"] == 0
            if it["kind"] == "partial":
                assert it["gold"] in (1, 2)


def test_splits_are_disjoint_by_topic_and_the_files_hold_one_split_each():
    items = pa.items()
    train = [it for it in items if it["split"] == "train"]
    held = [it for it in items if it["split"] == "held_out"]
    assert len(train) + len(held) == len(items)
    assert {it["topic"] for it in train} == set(pa.TRAIN_TOPICS)
    assert {it["topic"] for it in held} == set(pa.HELD_OUT_TOPICS)
    assert not set(pa.TRAIN_TOPICS) & set(pa.HELD_OUT_TOPICS)
    assert not {it["input"] for it in train} & {it["input"] for it in held}
    assert not {it["expected"] for it in train} & {it["expected"] for it in held}
    assert 0.3 <= len(pa.HELD_OUT_TOPICS) / (len(pa.TRAIN_TOPICS) + len(pa.HELD_OUT_TOPICS)) <= 0.5
    assert {it["split"] for it in read(pa.TRAIN_OUT)} == {"train"}
    assert {it["split"] for it in read(pa.TEST_OUT)} == {"held_out"}


def test_held_out_families_never_occur_in_train_and_do_occur_held_out():
    items = pa.items()
    train_families = {it["family"] for it in items if it["split"] == "train"}
    held_families = {it["family"] for it in items if it["split"] == "held_out"}
    assert len(pa.HELD_OUT_FAMILIES) >= 2
    for family in pa.HELD_OUT_FAMILIES:
        assert family not in train_families and family in held_families
    sides = {it["side"] for it in items if it["family"] in pa.HELD_OUT_FAMILIES}
    assert sides == {"right", "wrong"}  # one held-out style of right answers, one of wrong answers
    for topic in pa.HELD_OUT_TOPICS:
        assert topic in pa.__doc__
    assert all(f'"{family}"' in pa.__doc__ for family in pa.HELD_OUT_FAMILIES)


def test_no_held_out_pair_is_trained_on():
    items = pa.items()
    train_pairs = {(it["input"], it["output"]) for it in items if it["split"] == "train"}
    assert not train_pairs & {(it["input"], it["output"]) for it in items if it["split"] == "held_out"}
    bench = set()
    for path in TEST_ITEMS_DIR.glob("*.jsonl"):
        bench |= {(it.get("input"), it.get("output")) for it in read(path)}
    assert not train_pairs & bench  # nor any other benchmark's test item


def test_every_fact_has_right_and_wrong_answers_and_right_ones_repeat_fewer_reference_words():
    items = pa.items()
    facts = {}
    for it in items:
        facts.setdefault(it["input"], set()).add(it["side"])
    assert len(facts) >= 120 and all(sides == {"right", "wrong"} for sides in facts.values())

    def mean_overlap(kinds):
        shares = [pa.overlap(it["output"], it["expected"]) for it in items if it["kind"] in kinds]
        return sum(shares) / len(shares)

    assert mean_overlap({"paraphrase"}) < mean_overlap({"reversed", "swapped_entity", "negated"}) - 0.2
