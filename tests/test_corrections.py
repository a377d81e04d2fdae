"""Typed questions' training-free corrections (core/corrections.py, planned in core/system_one.py):
option orders averaged, the order options are sent in cannot change an answer, contextual
calibration equals its definition, priors are kept outside the model and reused."""

import pytest

from jev_model.core.corrections import (CONTENT_FREE, PriorCache, average_orders, divide_prior, option_orders,
                                        reordered)
from jev_model.core.questions import LABEL_CANDIDATES, parse_question
from jev_model.core.request import Settings
from jev_model.errors import JevError

CHOICE = {"type": "choice", "instructions": "Which team?",
          "criteria": {"billing": "Payments", "sales": None, "ops": "Servers", "legal": None}}
NOUL = {"type": "noul", "instructions": "Is this urgent?"}
SCORE = {"type": "score", "instructions": "How angry?", "criteria": ["Calm", "Frustrated", "Very angry"]}
STATE = "Customer: I was charged twice and want my money back today."


def test_choice_orders_are_the_sorted_options_and_their_cyclic_shifts():
    q = parse_question("t", CHOICE)
    orders = option_orders(q, 8)
    shown = [tuple(q.names[i] for i in o) for o in orders]
    assert shown[0] == ("billing", "legal", "ops", "sales")
    assert len(orders) == 4 and len(set(orders)) == 4
    for j in range(4):  # every option at every position once
        assert {o[j] for o in orders} == {0, 1, 2, 3}
    assert option_orders(q, 1) == [(0, 1, 2, 3)]  # as sent


def test_many_options_are_read_in_at_most_max_orders_evenly_spaced_shifts():
    q = parse_question("t", {"type": "choice", "criteria": {f"o{i:02d}": None for i in range(20)}})
    orders = option_orders(q, 4)
    assert len(orders) == 4 and [o[0] for o in orders] == [0, 5, 10, 15]


def test_noul_and_score_are_read_both_ways():
    assert option_orders(parse_question("t", NOUL), 8) == [(0, 1), (1, 0)]
    assert option_orders(parse_question("t", SCORE), 8) == [(0, 1, 2), (2, 1, 0)]


def test_reordered_choice_relabels_by_position_and_score_keeps_numbers():
    q = parse_question("t", CHOICE)
    r = reordered(q, (3, 0, 1, 2), LABEL_CANDIDATES)
    assert [lv.token for lv in r.rubric.levels] == ["A", "B", "C", "D"]
    assert r.names == ("legal", "billing", "sales", "ops")
    s = reordered(parse_question("t", SCORE), (2, 1, 0), LABEL_CANDIDATES)
    assert [lv.token for lv in s.rubric.levels] == ["2", "1", "0"]
    assert [lv.text for lv in s.rubric.levels] == ["Very angry", "Frustrated", "Calm"]


def test_divide_prior_and_average_orders():
    assert divide_prior([0.8, 0.2], [0.8, 0.2]) == pytest.approx([0.5, 0.5])
    assert divide_prior([0.5, 0.5], [0.9, 0.1]) == pytest.approx([0.1, 0.9])
    assert divide_prior([0.3, 0.7], None) == [0.3, 0.7]
    assert divide_prior([0.5, 0.5], [0.0, 1.0]) == pytest.approx([1e6 / (1e6 + 1), 1 / (1e6 + 1)])  # floored
    # order (1, 0) shows option 1 first: its first probability belongs to option 1
    assert average_orders([[0.6, 0.4], [0.2, 0.8]], [(0, 1), (1, 0)]) == pytest.approx([0.7, 0.3])


def test_prior_cache_is_bounded():
    cache = PriorCache(max_entries=2)
    for k in range(3):
        cache.put((k,), [0.5, 0.5])
    assert len(cache) == 2 and cache.get((0,)) is None and cache.get((2,)) == (0.5, 0.5)


def test_sending_options_in_another_order_cannot_change_the_answer(tiny_engine):
    tiny_engine.clear_caches()
    answers = []
    for order in ([0, 1, 2, 3], [3, 1, 0, 2], [2, 3, 1, 0]):
        items = list(CHOICE["criteria"].items())
        question = {**CHOICE, "criteria": dict(items[i] for i in order)}
        answers.append(tiny_engine.ask(STATE, {"t": question})[0]["t"])
    for a in answers[1:]:
        assert a["choice"] == answers[0]["choice"]
        for name, p in answers[0]["probabilities"].items():
            assert a["probabilities"][name] == pytest.approx(p, abs=1e-6)
    assert "4 orders" in answers[0]["x_corrections"] and "contextual calibration" in answers[0]["x_corrections"]


def test_contextual_calibration_is_the_reading_divided_by_the_content_free_mean(tiny_engine):
    raw = Settings(option_orders=1, context_prior="off", min_level_mass=0.0)
    cal = raw.replace(context_prior="on")
    p = tiny_engine.ask(STATE, {"q": NOUL}, raw)[0]["q"]["noul"]
    cf = [tiny_engine.ask(s, {"q": NOUL}, raw)[0]["q"]["noul"] for s in CONTENT_FREE]
    prior = sum(cf) / len(cf)
    expected = (p / prior) / (p / prior + (1 - p) / (1 - prior))
    tiny_engine.clear_caches()
    got = tiny_engine.ask(STATE, {"q": NOUL}, cal)[0]["q"]
    assert got["noul"] == pytest.approx(expected, abs=1e-5)
    assert got["x_corrections"].startswith("contextual calibration")


def test_a_known_prior_is_reused_and_gives_the_same_answer(tiny_engine):
    tiny_engine.clear_caches()
    questions = {"u": NOUL, "t": CHOICE, "a": SCORE}
    first_plan = tiny_engine.plan_ask(STATE, questions)[1]
    first = tiny_engine.ask(STATE, questions)[0]
    second_plan = tiny_engine.plan_ask("Another state entirely.", questions)[1]
    again = tiny_engine.ask(STATE, questions)[0]
    reads = 2 + 4 + 2  # noul and score both ways, the choice in its 4 shifts
    assert len(first_plan.requests) == reads + 4 * len(CONTENT_FREE)  # priors: the choice's (auto)
    assert len(second_plan.requests) == reads  # the priors are known now
    assert again == first


def test_usage_counts_the_state_once_and_each_question_once(tiny_engine):
    plain = Settings(option_orders=1, context_prior="off", min_level_mass=0.0)
    questions = {"u": NOUL, "a": SCORE}
    corrected = tiny_engine.plan_ask(STATE, questions)[1].usage
    as_sent = tiny_engine.plan_ask(STATE, questions, plain)[1].usage
    assert corrected == as_sent


@pytest.mark.parametrize("bad", [0, -1, 1.5, True, "2"])
def test_bad_option_orders_are_refused(bad):
    with pytest.raises(JevError, match="option orders"):
        Settings(option_orders=bad)


@pytest.mark.parametrize("bad", [True, "yes", None])
def test_bad_context_prior_is_refused(bad):
    with pytest.raises(JevError, match="context prior"):
        Settings(context_prior=bad)


def test_by_default_only_a_choice_is_divided_by_its_prior(tiny_engine):
    answers = tiny_engine.ask(STATE, {"u": NOUL, "t": CHOICE, "a": SCORE})[0]
    assert "contextual calibration" in answers["t"]["x_corrections"]
    assert answers["u"]["x_corrections"] == answers["a"]["x_corrections"] == "option order averaged over 2 orders"


def test_a_long_choice_is_read_in_fewer_orders_still_canonical():
    """255 options are read in 2 orders, not 8 (each order repeats every option's text), and
    the order they were sent in still changes nothing."""
    names = [f"option {i:03d}" for i in range(255)]
    q = parse_question("t", {"type": "choice", "criteria": {n: None for n in names}})
    back = parse_question("t", {"type": "choice", "criteria": {n: None for n in reversed(names)}})
    orders = option_orders(q, 8)
    assert len(orders) == 2
    assert [[q.names[i] for i in o] for o in orders] == [[back.names[i] for i in o] for o in option_orders(back, 8)]
