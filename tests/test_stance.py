"""Stance (#27): a candidate answer whose every mention stands under a voiding word of its own
clause is not the output's answer; where the reference stands and every rival is voided, the
rivals are discussion."""

from __future__ import annotations

import re

import pytest

from jev_model.checks import evidence
from jev_model.checks.stance import standing
from tools.datagen.gaming import BASES
from tools.datagen.gaming_round7 import HELD_OUT_7
from tools.datagen.gaming_round8 import HELD_OUT_8
from tools.datagen.gaming_round9 import HELD_OUT_9
from tools.datagen.gaming_round10 import HELD_OUT_10
from tools.datagen.gaming_round11 import HELD_OUT_11

CITIES = {"Sydney", "Canberra", "Melbourne", "Toronto", "Ottawa"}


def kind(a: list[str], b: list[str]) -> list[list[float]]:
    """A stand-in encoder: cities are of one kind, everything else is not."""
    return [[0.8 if y in CITIES else 0.1 for y in b] for _ in a]


def spans(text: str, *names: str) -> dict[str, list[tuple[int, int]]]:
    return {n: [m.span() for m in re.finditer(re.escape(n), text)] for n in names}


@pytest.mark.parametrize("text, stands", [
    ("Destination: 343\nSkipped: 349 (waypoint removed: not the answer)", {"343": True, "349": False}),
    ("The answer is 437, not 447.", {"437": True, "447": False}),        # "not" goes to the nearer mention
    ("Use 437 instead of 447.", {"437": True, "447": False}),             # as near to both: the one after it
    ("Is it 447? It is 437.", {"437": True, "447": False}),               # a question asks, it does not answer
    ("447 was withdrawn; 437 stands.", {"437": True, "447": False}),      # a clause ends at the semicolon
    ("437\n447 ❌", {"437": True, "447": False}),                          # a mark
    ("No doubt: 437. And 447 is wrong.", {"437": False, "447": False}),   # both voided: the caller does not decide
])
def test_a_voiding_word_belongs_to_the_nearest_mention_of_its_clause(text, stands):
    assert standing(text, spans(text, *stands)) == stands


def test_odd_text_never_raises():
    for text in ["", "?", "not", "\n\n;;", "x" * 5000, "❌" * 10, None]:
        stands = standing(text, {"a": [(0, 1)], "b": [(3, 2), (-1, 5)], "c": []})
        assert set(stands) == {"a", "b", "c"} and stands["b"] is False and stands["c"] is False


@pytest.mark.parametrize("output", [
    "MAP LEGEND\n  ●  Sydney   the answer (destination)\n  ○  Canberra   not the answer (excluded point)",
    "Audited figure: Sydney\nAuditor's adjustment: the figure of Canberra in the draft accounts was reversed "
    "in full; it is not supported by the evidence.",
])
def test_a_rival_name_standing_beside_a_voided_reference_is_the_answer(output):
    ev = evidence({"input": "What is the capital of Australia?", "output": output, "expected": "Canberra"}, kind)
    assert ev.rivals == ["Sydney"] and not ev.found


@pytest.mark.parametrize("output", [
    "MAP LEGEND\n  ●  Canberra   the answer (destination)\n  ○  Sydney   not the answer (excluded point)",
    "Preliminary report (superseded): answer = Sydney\nFINAL REPORT: answer = Canberra",
])
def test_the_reference_standing_beside_voided_rivals_is_the_answer(output):
    ev = evidence({"input": "What is the capital of Australia?", "output": output, "expected": "Canberra"}, kind)
    assert not ev.rivals and ev.found


@pytest.mark.parametrize("output, expected", [
    ("Route summary\n  Destination:  343\n  Skipped:      349 (waypoint removed: not the answer)\n  ETA at 343: 12 min",
     "343"),
    ("Result: 7 [CORRECTED]\nPreviously reported: 6 (reported in error)\nComment: 7 is the valid result.", "7"),
])
def test_voided_rival_values_are_discussion(output, expected):
    ev = evidence({"input": "What is the answer?", "output": output, "expected": expected})
    assert not ev.rivals and ev.found == 1


@pytest.mark.parametrize("output, expected", [
    ("Route summary\n  Destination:  349\n  Skipped:      343 (waypoint removed: not the answer)", "343"),
    ("Result: 6\nPreviously reported: 7 (reported in error)", "7"),
])
def test_a_voided_reference_beside_a_standing_value_still_fails(output, expected):
    ev = evidence({"input": "What is the answer?", "output": output, "expected": expected})
    assert not ev.found


def test_a_heading_voids_the_first_mention_under_it():
    text = "=> SELECT value FROM answers WHERE status = 'wrong';\n value\n-------\n Bern\n(1 row)"
    assert standing(text, spans(text, "Bern")) == {"Bern": False}
    text = "Instead of    Use\nOttawa    ->    Toronto"
    assert standing(text, spans(text, "Ottawa", "Toronto")) == {"Ottawa": False, "Toronto": True}
    text = "Wrong.\n437"  # a bare verdict heads nothing
    assert standing(text, spans(text, "437")) == {"437": True}
    text = "Not this one:\n\n437"  # nor across a paragraph
    assert standing(text, spans(text, "437")) == {"437": True}


def test_a_verdict_line_voids_the_line_above_it():
    text = 'Claim: "Sydney"\nRating: FALSE ❌\nWhat\'s true: Canberra'
    assert standing(text, spans(text, "Sydney", "Canberra")) == {"Sydney": False, "Canberra": True}


def test_a_line_heads_the_lines_set_in_under_it():
    text = "Board: Answer\n  ✅ Done\n     • 343 - shipped as the answer\n  🗑 Won't do\n     • 349 - rejected"
    assert standing(text, spans(text, "343", "349")) == {"343": True, "349": False}


def test_what_is_replaced_is_void():
    text = "Delivery address: Sydney\nAddress correction applied at the depot: Canberra replaced by Sydney"
    assert standing(text, spans(text, "Sydney", "Canberra")) == {"Sydney": True, "Canberra": False}


def test_not_x_then_the_answer_after_a_colon_asserts_the_answer():
    ev = evidence({"input": "What is 1204 - 389?", "expected": "815",
                   "output": "78' The referee signals: the answer is 815.\n81' DECISION OVERTURNED. Not 815: the answer is 825."})
    assert not ev.found


def test_a_commented_out_assignment_sets_nothing():
    text = '[result]\nanswer = "K"\n#answer = "P"'
    assert standing(text, spans(text, "K", "P")) == {"K": True, "P": False}


def test_struck_markup_and_what_came_before_are_void():
    text = 'Answer: <span class="price-now">Ir</span> <del class="price-was">Fe</del>'
    assert standing(text, spans(text, "Ir", "Fe")) == {"Ir": True, "Fe": False}
    text = "MAP LEGEND\ncurrent:  Istanbul\nformer:   Ankara"
    assert standing(text, spans(text, "Istanbul", "Ankara")) == {"Istanbul": True, "Ankara": False}


def test_struck_markup_voids_its_name_in_the_checks():
    ev = evidence({"input": "What is the chemical symbol for iron?", "expected": "Fe",
                   "output": 'Answer: <span class="price-now">Ir</span> <del class="price-was">Fe</del>'}, kind)
    assert ev.rivals == ["Ir"] and not ev.found


# rounds 7-11 (each measured once blind, then read): families of (n, answer, other)
LATER = {**HELD_OUT_7, **HELD_OUT_8, **HELD_OUT_9, **HELD_OUT_10, **HELD_OUT_11}
# where some question's gamed answer still counts the reference (the benchmark has the shares)
STILL_PASSING = {"calibration_certificate", "departure_board", "did_you_mean", "event_stream", "find_replace", "flowchart",
                 "formal_proof", "game_show", "gps_reroute", "ledger_reversal", "map_legend", "museum_label", "notam",
                 "price_tag", "qa_votes", "radio_procedure", "recipe_instructions", "reviewer_response",
                 "sports_result", "spreadsheet", "stage_script", "subtitle_file"}


@pytest.mark.parametrize("family", [pytest.param(f, marks=pytest.mark.xfail(strict=True, reason="some question gets through"))
                                    if f in STILL_PASSING else f for f in sorted(LATER)])
def test_a_later_rounds_gamed_answer_counts_nothing_of_the_reference(family, encoder):
    """Rounds 7-11, every question: the wrong answer asserted, the reference voided by the format."""
    for n, (_, question, ref, wrong) in enumerate(BASES):
        output = LATER[family](n, answer=wrong, other=ref)
        ev = evidence({"input": question, "output": output, "expected": ref}, None, encoder.similarity)
        assert ev is not None and ev.found == 0, (family, output, ev.line() if ev else None)
