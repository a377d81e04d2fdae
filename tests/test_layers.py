"""How the layers behave, not what they compute: a request is tokenized once from planning to
the forward pass, and the library never prints (only ``jev_model.cli`` does)."""

from __future__ import annotations

import contextlib
import io

import pytest

from conftest import QUESTIONS, TICKET, post

ITEMS = [
    {"input": "What is 17 x 23?", "output": "391", "expected": "391"},
    {"input": "Capital of France?", "output": "Lyon", "expected": "Paris"},
    {"input": "When does a 90-day key made on 2026-09-22 expire?", "output": "November 21, 2026.", "expected": "2026-12-21"},
]


class CountingTokenizer:
    """Wraps a tokenizer and counts every encode of a text containing ``marker``."""

    def __init__(self, tokenizer, marker: str):
        self._tok, self.marker, self.calls = tokenizer, marker, []

    def encode(self, text, *args, **kwargs):
        if self.marker in text:
            self.calls.append(text)
        return self._tok.encode(text, *args, **kwargs)

    def __call__(self, text, *args, **kwargs):
        if isinstance(text, str) and self.marker in text:
            self.calls.append(text)
        return self._tok(text, *args, **kwargs)

    def __getattr__(self, name):
        return getattr(self._tok, name)


def test_a_wire_request_is_tokenized_once_from_planning_to_the_answer(serve_engine):
    """Through the server: validation, planning, the cost estimate, usage and the forward pass
    see the state's text tokenized once and each question's prompt once."""
    pytest.importorskip("fastapi")
    from conftest import Served
    from jev_model.server.app import create_app

    marker, state_marker = "zebra-7431", "okapi-5520"
    questions = {"u": {**QUESTIONS["urgent"], "instructions": f"Is this urgent? {marker}"},
                 "t": QUESTIONS["team"], "a": QUESTIONS["anger"]}
    kept = serve_engine.settings  # each question read once, as sent (option orders tokenize it once per order)
    serve_engine.settings = kept.replace(option_orders=1, context_prior="off")
    server = Served(create_app(serve_engine, deadline=60))
    try:
        assert post(server, {"state": TICKET, "questions": questions}).status_code == 200  # rubrics bound
        counting = CountingTokenizer(serve_engine.tokenizer, marker)
        in_state = CountingTokenizer(counting, state_marker)
        serve_engine.prompter.tokenizer = in_state
        try:
            reply = post(server, {"state": f"{TICKET} {state_marker}", "questions": questions})
        finally:
            serve_engine.prompter.tokenizer = counting._tok
        assert reply.status_code == 200, reply.text
        assert set(reply.json()["answers"]) == {"u", "t", "a"}
        assert len(counting.calls) == 1, counting.calls  # the question's prompt: validation, usage, cost, read
        assert len(in_state.calls) == 1, in_state.calls  # the state, the prefix all three questions share
    finally:
        server.close()
        serve_engine.settings = kept


def test_an_evaluator_request_is_tokenized_once(tiny_engine):
    marker = "walrus-2291"
    counting = CountingTokenizer(tiny_engine.tokenizer, marker)
    tiny_engine.prompter.tokenizer = counting
    try:
        fields = {**ITEMS[0], "output": f"{ITEMS[0]['output']} {marker}"}
        request = tiny_engine.prepare("answer_correctness", fields)
        from jev_model.server.costs import read_cost

        read_cost(tiny_engine, [request])
        tiny_engine.read([request])
    finally:
        tiny_engine.prompter.tokenizer = counting._tok
    assert len(counting.calls) == 1, counting.calls  # the suffix (the item's fields), tokenized in prepare


def test_the_library_does_not_print(tiny_engine, tmp_path):
    """Loading, evaluating, asking and reading write nothing to stdout or stderr: the library
    logs and warns, and only the command line prints."""
    import warnings

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        tiny_engine.evaluate("answer_correctness", **ITEMS[0])
        tiny_engine.evaluate_many("answer_correctness", ITEMS[:3], batch_size=2)
        tiny_engine.ask(TICKET, {"u": QUESTIONS["urgent"]})
        tiny_engine.describe()
        tiny_engine.cache_info()
        from jev_model.core.catalogue import list_catalogue

        list_catalogue(["answer_correctness"])
    assert out.getvalue() == "" and err.getvalue() == ""
