"""The answer_correctness benchmark: its items, its harness, its systems (offline and fast;
the default-model smoke run is marked ``model``)."""

from __future__ import annotations

import json
import re
import threading
from collections import Counter
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest
from dateutil import parser as dateparser

from tools.datagen.test_items import OUT, dumps, generate
from benchmarks.accuracy.run import load_items, main, read_records, run_system, select
from benchmarks.accuracy.systems import RUBRIC, Config, parse_engine_opts, parse_level
from jev_model.errors import JevError

ITEMS = load_items(OUT)


# -- the items --------------------------------------------------------------------------------
def test_committed_items_are_the_generators_output():
    assert OUT.read_text(encoding="utf-8") == dumps(generate())


def test_items_are_many_and_balanced_enough():
    assert len(ITEMS) >= 300
    golds = Counter(it["gold"] for it in ITEMS)
    assert set(golds) == {0, 1, 2, 3, 4}
    assert max(golds.values()) / len(ITEMS) < 0.5  # always answering 0 or 4 scores under 50%
    cats = Counter(it["category"] for it in ITEMS)
    assert cats["date"] >= 100 and cats["arithmetic"] >= 100 and cats["control"] >= 20


SINGLE_DATE = {"add_days", "sub_days", "expiry"}


@pytest.mark.parametrize("it", [it for it in ITEMS if it["subcategory"] in SINGLE_DATE], ids=lambda it: it["id"])
def test_single_date_golds_agree_with_a_date_parser(it):
    """An independent check of the labels: gold 4 or 3 iff the output names the expected date."""
    text = it["output"].split(", which")[0].rstrip(".").removeprefix("It is ").removeprefix("That is ")
    said = dateparser.parse(text, dayfirst="/" in text).date()  # dd/mm/yyyy; ISO stays ISO
    assert (said.isoformat() == it["expected"]) == (it["gold"] >= 3), (it["output"], it["expected"])


@pytest.mark.parametrize("it", [it for it in ITEMS if it["subcategory"] in ("product", "sum") and it["gold"] in (0, 4)],
                         ids=lambda it: it["id"])
def test_integer_golds_agree_with_the_numbers(it):
    numbers = [float(n.replace(",", "")) for n in re.findall(r"\d[\d,]*(?:\.\d+)?", it["output"])]
    assert (numbers == [float(it["expected"])]) == (it["gold"] == 4), (it["output"], it["expected"])


def test_smoke_selection_covers_each_category_with_several_golds():
    smoke = select(ITEMS, None, smoke=True, limit=None)
    assert len(smoke) <= 12
    for cat in ("date", "arithmetic", "control"):
        assert len({it["gold"] for it in smoke if it["category"] == cat}) >= 3
    assert select(ITEMS, ["control"], False, 5) == select(ITEMS, ["control"], False, None)[:5]


def test_bad_items_file_names_the_line(tmp_path):
    path = tmp_path / "items.jsonl"
    path.write_text(json.dumps({**ITEMS[0], "gold": 7}) + "\n")
    with pytest.raises(JevError, match=r"items.jsonl:1: gold 7"):
        load_items(path)


# -- parsing and options -------------------------------------------------------------------------
@pytest.mark.parametrize("text, level", [
    ("12 × 11 = 132, same as expected. Final level: 4", 4),
    ("The date is off by a day.\nFinal Level = 0", 0),
    ("Close but wrong.\n**Final level:** 1", 1),
    ("It matches.\n3", 3),
    ("The output says 1776 and the expected is 1766.", None),
    ("", None),
])
def test_parse_level_or_unscored(text, level):
    got, why = parse_level(text)
    assert got == level
    assert (why is None) == (level is not None)


def test_engine_opts_pass_through_and_unknown_ones_fail():
    assert parse_engine_opts(["min_level_mass=0", "checks=false"]) == {"min_level_mass": 0, "checks": False}
    with pytest.raises(JevError, match="'warp' is not an Engine option"):
        parse_engine_opts(["warp=9"])
    with pytest.raises(JevError, match="KEY=VALUE"):
        parse_engine_opts(["checks"])


# -- the harness -----------------------------------------------------------------------------------
def test_oracle_scores_everything_and_a_rerun_resumes(tmp_path):
    assert main(["--system", "oracle", "--out", str(tmp_path)]) == 0
    records = read_records(tmp_path / "oracle.jsonl")
    assert len(records) == len(ITEMS)
    summary = json.loads((tmp_path / "summary.json").read_text())["oracle"]
    assert summary["all"]["exact_accuracy"] == 1.0 and summary["all"]["mae"] == 0.0
    assert summary["all"]["pass_agreement"] == 1.0 and summary["all"]["brier"] == 0.0
    assert main(["--system", "oracle", "--out", str(tmp_path)]) == 0  # nothing redone, nothing lost
    assert len(read_records(tmp_path / "oracle.jsonl")) == len(ITEMS)
    report = (tmp_path / "report.md").read_text()
    assert "| oracle | 406 |" in report.replace(str(len(ITEMS)), "406") and '"cpu"' in report
    assert (tmp_path / "accuracy_latency.png").stat().st_size > 1000


def test_a_torn_last_line_is_dropped_and_redone(tmp_path):
    main(["--system", "oracle", "--limit", "5", "--out", str(tmp_path)])
    path = tmp_path / "oracle.jsonl"
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:3]) + "\n" + lines[3][:20])  # killed mid-write
    main(["--system", "oracle", "--limit", "5", "--out", str(tmp_path)])
    assert sorted(r["id"] for r in read_records(path)) == sorted(json.loads(x)["id"] for x in lines)


def test_decision_on_a_tiny_model(tiny_model_dir, tmp_path):
    assert main(["--system", "decision", "--system", "decision-batch1", "--smoke", "--model", str(tiny_model_dir),
                 "--engine-opt", "min_level_mass=0", "--engine-opt", "checks=false",  # a checks line
                 # can push an item past the tiny model's 512-token context
                 "--batch-size", "4", "--batch1-items", "2",
                 "--out", str(tmp_path)]) == 0
    records = read_records(tmp_path / "decision.jsonl")
    assert len(records) == len(select(ITEMS, None, True, None))
    for r in records:
        assert sum(r["probabilities"].values()) == pytest.approx(1.0, abs=1e-4)
        assert r["latency_s"] > 0 and r["tokens_in"] > 10 and r["batch"] <= 4
    assert [r["batch"] for r in read_records(tmp_path / "decision-batch1.jsonl")] == [1, 1]
    # a different model into the same run directory is refused, not mixed in
    assert main(["--system", "decision", "--smoke", "--model", "elsewhere", "--out", str(tmp_path)]) == 2


def test_reasoning_local_on_a_tiny_model_records_text_or_unscored(tiny_model_dir, tmp_path):
    from jev_model.core.engine import Engine

    engine = Engine.load(str(tiny_model_dir), dtype="float32")
    cfg = Config(model=str(tiny_model_dir), max_new_tokens=6, reasoning_batch_size=3)
    items = select(ITEMS, ["control"], False, 4)
    run_system("reasoning-local", cfg, items, tmp_path, {(str(tiny_model_dir), True): engine})
    records = read_records(tmp_path / "reasoning-local.jsonl")
    assert [r["id"] for r in records] == [it["id"] for it in items]
    for r in records:  # random weights: whatever it wrote, it is a level or unscored with a reason
        assert 1 <= r["tokens_out"] <= 6 and "reasoning" in r
        assert (r.get("unscored") is None) == (r.get("level") is not None)


# -- reasoning-endpoint against a stand-in server on loopback ---------------------------------------
class StandIn(BaseHTTPRequestHandler):
    """Answers chat completions: a reasoning model that says 4 when the output repeats the
    expected answer verbatim, 0 otherwise, and once writes no level at all."""

    seen: list = []

    def do_POST(self):  # noqa: N802
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        StandIn.seen.append((self.path, self.headers.get("Authorization"), body))
        prompt = body["messages"][-1]["content"]
        item = dict(re.findall(r"^(output|expected): (.*)$", prompt.split("Reasoning:")[-2], re.M))
        if len(StandIn.seen) == 2:
            content = "I am not sure."
        else:
            content = f"Final level: {4 if item['output'] == item['expected'] else 0}"
        answer = {"choices": [{"message": {"role": "assistant", "content": content,
                                           "reasoning_content": "Let me compare them."}}],
                  "usage": {"prompt_tokens": 300, "completion_tokens": 12}}
        data = json.dumps(answer).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


@pytest.fixture
def stand_in():
    server = HTTPServer(("127.0.0.1", 0), StandIn)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    StandIn.seen = []
    yield f"http://127.0.0.1:{server.server_port}/v1"
    server.shutdown()
    server.server_close()


def test_reasoning_endpoint_against_a_stand_in_server(stand_in, tmp_path, monkeypatch):
    monkeypatch.setenv("BENCH_TEST_KEY", "sekrit")
    assert main(["--system", "reasoning-endpoint", "--base-url", stand_in, "--endpoint-model", "stand-in",
                 "--api-key-env", "BENCH_TEST_KEY", "--limit", "6", "--out", str(tmp_path)]) == 0
    path, auth, body = StandIn.seen[0]
    assert path == "/v1/chat/completions" and auth == "Bearer sekrit" and body["model"] == "stand-in"
    records = read_records(tmp_path / "reasoning-endpoint.jsonl")
    assert len(records) == 6
    assert "no final level" in records[1]["unscored"]  # unscored, not a 0
    for r in records[:1] + records[2:]:
        assert r["level"] in (0.0, 4.0) and r["tokens_out"] == 12 and r["reasoning"].startswith("Let me compare")
    summary = json.loads((tmp_path / "summary.json").read_text())["reasoning-endpoint"]["all"]
    assert summary["unscored"] == 1 and summary["scored"] == 5 and "ece" not in summary


def test_reasoning_endpoint_down_is_one_clear_error(tmp_path):
    assert main(["--system", "reasoning-endpoint", "--base-url", "http://127.0.0.1:9/v1",
                 "--endpoint-model", "x", "--limit", "1", "--out", str(tmp_path)]) == 2


# -- the default model, end to end at smoke size (CI) ------------------------------------------------
@pytest.mark.model
def test_smoke_run_on_the_default_model(default_engine, default_raw_engine, tmp_path):
    from benchmarks.accuracy.report import write_report

    cfg = Config(raw_readout=True, max_new_tokens=32, reasoning_batch_size=16)
    items = select(ITEMS, None, smoke=True, limit=None)
    engines = {("default", False): default_raw_engine, ("default", True): default_engine}  # decision reads raw
    for name in ("decision", "reasoning-local"):
        run_system(name, cfg, items, tmp_path, engines)
    table = write_report(tmp_path)
    print(table)
    decision = read_records(tmp_path / "decision.jsonl")
    reasoning = read_records(tmp_path / "reasoning-local.jsonl")
    assert len(decision) == len(reasoning) == len(items)
    assert all(r.get("unscored") or r["readout"] == "raw" for r in decision)
    assert all(r["tokens_out"] >= 1 and r["reasoning"] is not None for r in reasoning)
    assert "| decision |" in table and "| reasoning-local |" in table


def test_summarize_takes_level_only_records_and_cost():
    from jev_model.datasets.metrics import summarize

    records = [{"score": 1.0, "passed": True, "level": 4.0, "gold": 4, "latency_s": 2.0, "tokens_out": 10},
               {"score": 0.0, "passed": False, "level": 0.0, "gold": 3, "latency_s": 4.0, "tokens_out": 30},
               {"unscored": "no final level", "gold": 0, "latency_s": 9.0, "tokens_out": 96}]
    s = summarize(records, RUBRIC)  # without gold_passed, the gold pass comes from the rubric's own rule
    assert (s["scored"], s["unscored"], s["exact_accuracy"], s["mae"], s["pass_agreement"]) == (2, 1, 0.5, 1.5, 0.5)
    assert "pass_agreement" not in summarize(records)  # and without a rubric it is not guessed
    assert "ece" not in s and "brier" not in s  # no probabilities: not faked
    assert s["median_latency_s"] == 4.0 and s["tokens_out_per_item"] == pytest.approx(136 / 3)
