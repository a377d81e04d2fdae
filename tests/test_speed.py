"""Prefix KV reuse and batching give the uncached answers; the caches stay bounded."""

import pytest
import torch

from jev_model.core import engine as engine_mod
from jev_model.core.engine import ReadRequest
from jev_model.errors import JevError
from jev_model.core.questions import parse_question, render_question
from jev_model.core.render import Prompt, render
from jev_model.core.rubric import load_rubric

ITEMS = [
    {"input": "When does it expire?", "output": "November 21, 2026.", "expected": "2026-12-21"},
    {"input": "Capital of France?", "output": "Paris", "expected": "Paris is the capital of France."},
    {"input": "2+2?", "output": "4", "expected": "four, which is the answer to the sum of two and two"},
    {"input": "A B C D E F G H I J K L M N O P", "output": "Q R S T U V W X Y Z " * 4, "expected": "Z"},
]
QUESTIONS = {
    "urgent": {"type": "noul", "instructions": "Is this urgent?", "criteria": {"true": "needs action today"}},
    "team": {"type": "choice", "instructions": "Which team?", "criteria": {"billing": "Payments", "sales": None}},
    "anger": {"type": "score", "instructions": "How angry?", "criteria": ["Calm", "Frustrated", "Very angry"]},
}


def uncached_probs(engine, rubric, prompt):
    """The reference: the whole prompt in one pass, full logits at the last position."""
    bound = engine.bind(rubric)
    ids = engine.encode(prompt, bound.tail)
    with torch.no_grad():
        logits = engine.model(input_ids=torch.tensor([ids]), logits_to_keep=1).logits[0, -1].double()  # [V]
    levels = logits[bound.token_ids] / engine.readout(rubric).calibration  # a stored temperature, where one is fitted
    return torch.softmax(levels, -1).tolist(), float(torch.softmax(logits, -1)[bound.token_ids].sum())


def assert_close(result, probs, mass, atol=1e-4):
    got = list(result.probabilities.values())
    assert got == pytest.approx(probs, abs=atol), (got, probs)
    assert result.level_mass == pytest.approx(mass, abs=atol)


@pytest.mark.parametrize("batch_size", [1, 3])
def test_cached_batches_equal_uncached(tiny_engine, batch_size):
    """Rubric prefix from the cache, suffixes of different lengths right-padded together.
    With the tiny tokenizer the rubric alone is longer than tiny Gemma 3's window of 16."""
    rubric = load_rubric("answer_correctness")
    tiny_engine.clear_caches()
    results = tiny_engine.evaluate_many(rubric, ITEMS, batch_size=batch_size)
    assert tiny_engine.cache_info()["prefixes"] == 1  # the rubric's keys and values, computed once
    for item, result in zip(ITEMS, results):
        assert_close(result, *uncached_probs(tiny_engine, rubric, tiny_engine.prepare(rubric, item).prompt))


def test_hidden_states_past_the_sliding_window(tiny_engine):
    """Short prefix, suffixes ending before, across and far past the window (tiny Gemma 3: 16)."""
    enc = lambda t: tiny_engine.tokenizer.encode(t, add_special_tokens=False)  # noqa: E731
    prefix = tiny_engine.tokenizer.encode("Answer with the level")
    suffixes = [enc(" number."), enc(" A B C D E F G H I J K L M N"), enc(" The output contradicts " * 6)]
    assert len(prefix) + len(suffixes[0]) < 16 < len(prefix) + len(suffixes[1])
    reference = torch.stack([tiny_engine.hidden_last([prefix + s])[0] for s in suffixes])  # [3, d]
    for batch in ([suffixes], [[s] for s in suffixes]):
        got = torch.cat([tiny_engine.hidden_last(b, prefix=prefix) for b in batch])  # [3, d]
        assert torch.allclose(got, reference, atol=1e-4), (got - reference).abs().max()


def test_questions_over_one_state_encode_it_once(tiny_engine):
    state = {"message": "I was charged twice for my order and nobody answers. " * 3}
    tiny_engine.clear_caches()
    as_sent = tiny_engine.settings.replace(batch_size=2, option_orders=1, context_prior="off")  # no prior states
    answers, _ = tiny_engine.ask(state, QUESTIONS, as_sent)
    assert tiny_engine.cache_info()["prefixes"] == 1
    (prefix,) = tiny_engine.cache_info()["prefix_keys"]
    jobs = [(q.rubric, render_question(state, q)) for q in
            (parse_question(k, v, tiny_engine.label_pool) for k, v in QUESTIONS.items())]
    assert list(prefix) == tiny_engine.encode_parts(jobs[0][1])[0]
    three = tiny_engine.settings.replace(batch_size=3)
    for (rubric, prompt), r in zip(jobs, tiny_engine.read([ReadRequest(r, p, three) for r, p in jobs])):
        assert_close(r, *uncached_probs(tiny_engine, rubric, prompt))
    probs, _ = uncached_probs(tiny_engine, jobs[0][0], jobs[0][1])
    assert answers["urgent"]["noul"] == pytest.approx(probs[0], abs=1e-4)


def test_jobs_with_different_prefixes_share_a_call(tiny_engine):
    rubric = load_rubric("answer_correctness")
    q = parse_question("u", QUESTIONS["urgent"], tiny_engine.label_pool)
    four = tiny_engine.settings.replace(batch_size=4)
    jobs = [ReadRequest(rubric, render(rubric, ITEMS[0]), four), ReadRequest(q.rubric, render_question("state one", q), four),
            ReadRequest(rubric, render(rubric, ITEMS[1]), four), ReadRequest(q.rubric, render_question("state two", q), four)]
    for job, r in zip(jobs, tiny_engine.read(jobs)):
        assert_close(r, *uncached_probs(tiny_engine, job.rubric, job.prompt))


def test_prefix_caches_are_bounded(tiny_engine):
    engine = engine_mod.Engine(tiny_engine.model, tiny_engine.tokenizer, min_level_mass=0.0)
    engine.prefix_kv(engine.encode_parts(Prompt("state 0 " * 10, "x"))[0])
    one = engine.cache_info()["kv_bytes"]
    bounded = engine_mod.Engine(tiny_engine.model, tiny_engine.tokenizer, min_level_mass=0.0, cache_bytes=3 * one)
    for n in range(12):
        bounded.ask(f"state {n} " * 10, {"u": QUESTIONS["urgent"]})
    assert 1 <= bounded.cache_info()["prefixes"] <= 3 and bounded.cache_info()["kv_bytes"] <= 3 * one


def test_batch_size_must_be_positive(tiny_engine):
    with pytest.raises(JevError, match="batch size must be a whole number of at least 1, not 0"):
        engine_mod.Engine(tiny_engine.model, tiny_engine.tokenizer, batch_size=0)
    with pytest.raises(JevError, match="not -2"):
        tiny_engine.evaluate_many("answer_correctness", ITEMS, batch_size=-2)


def test_needed_flops_honour_the_sliding_window():
    from benchmarks.speed import token_flops

    shape = {"non_embedding_params": 1000, "heads": 2, "head_dim": 4, "window": 8,
             "layer_types": ["sliding_attention", "full_attention"]}
    assert token_flops(shape, 0) == 2000 + 2 * (4 * 2 * 4 * 1)
    assert token_flops(shape, 99) == 2000 + 4 * 2 * 4 * (8 + 100)
    assert token_flops(shape, 99, depth=1) == 1000 + 4 * 2 * 4 * 8  # the first layer only: sliding


@pytest.mark.model
def test_default_model_cached_equals_uncached(default_raw_engine):
    engine = default_raw_engine
    rubric = load_rubric("answer_correctness")
    results = engine.evaluate_many(rubric, ITEMS[:2], batch_size=2)
    for item, result in zip(ITEMS, results):
        assert_close(result, *uncached_probs(engine, rubric, engine.prepare(rubric, item).prompt))
