"""jev score: reading rows, bad rows with line numbers, gold, mapping, and resume after a kill."""

import json
import os
import subprocess
import sys
import time

import pytest

from helpers import count_lines, items, results, run, write_jsonl
from jev_model.errors import JevError
from jev_model.core.rubric import load_rubric
from jev_model.datasets.score import Plan, Row, check_io, gold_index, jobs_for, read_rows


pytestmark = pytest.mark.usefixtures("one_thread")


# -- reading rows -------------------------------------------------------------------------------
def test_jsonl_rows_and_bad_rows_with_line_numbers(tmp_path):
    path = tmp_path / "d.jsonl"
    path.write_bytes(b'{"a": 1}\n\n{not json\n[1, 2]\n{"b": "\xff"}\n{"c": 3}\n')
    rows = list(read_rows(path, "jsonl"))
    assert [(r.line, r.data) for r in rows if r.data] == [(1, {"a": 1}), (6, {"c": 3})]
    bad = {r.line: r.error for r in rows if r.error}
    assert set(bad) == {3, 4, 5}  # the blank line 2 is no row at all
    assert "malformed JSON" in bad[3] and "JSON object, got an array" in bad[4] and "UTF-8" in bad[5]


def test_csv_rows_and_bad_rows_with_line_numbers(tmp_path):
    path = tmp_path / "d.csv"
    path.write_text('input,output\nq1,a1\n"q2\nstill q2",a2\nq3\n\nq4,"a4"x\nq5,a5\n"q6,unclosed\n',
                    encoding="utf-8")
    rows = list(read_rows(path, "csv"))
    assert [(r.line, r.data) for r in rows if r.data] == [
        (2, {"input": "q1", "output": "a1"}), (3, {"input": "q2\nstill q2", "output": "a2"}),
        (8, {"input": "q5", "output": "a5"})]
    bad = {r.line: r.error for r in rows if r.error}
    assert set(bad) == {5, 7, 9}
    assert "1 columns where the header has 2" in bad[5] and "bad CSV row" in bad[7] and "bad CSV row" in bad[9]
    (tmp_path / "h.csv").write_text("input,input\nq,a\n")
    with pytest.raises(JevError, match="line 1: the header must hold distinct"):
        list(read_rows(tmp_path / "h.csv", "csv"))


def test_check_io_refuses_unusable_paths_before_any_work(tmp_path):
    data = write_jsonl(tmp_path / "d.jsonl", [{"a": 1}])
    assert check_io(data, tmp_path / "r.jsonl") == "jsonl" and check_io(data, tmp_path / "r", "csv") == "csv"
    assert check_io("s3://bucket/d.parquet", tmp_path / "r.jsonl") == "parquet"  # a URI: Ray reads it
    for bad_data, out, message in [(tmp_path, tmp_path / "r.jsonl", "it is a directory"),
                                   (tmp_path / "nope.jsonl", tmp_path / "r.jsonl", "no such file"),
                                   (data, data, "--out must not be the data file"),
                                   (data, tmp_path / "no" / "r.jsonl", "the directory .* does not exist")]:
        with pytest.raises(JevError, match=message):
            check_io(bad_data, out)


# -- from rows to jobs ----------------------------------------------------------------------------
def test_gold_index_accepts_index_token_name_and_text():
    ac, fact = load_rubric("answer_correctness"), load_rubric("factuality")
    assert gold_index(ac, 3) == 3 and gold_index(ac, "3") == 3 and gold_index(ac, 3.0) == 3
    assert gold_index(fact, "C") == 2 and gold_index(fact, "disagreement") == 3 and gold_index(fact, 4) == 4
    assert gold_index(load_rubric("correctness_reference"), "correct") == 1
    for bad in (5, "F", True, "-1", [1]):
        with pytest.raises(JevError, match="is not a level of"):
            gold_index(fact if bad == "F" else ac, bad)


def test_jobs_for_maps_columns_sets_constants_and_names_problems():
    plan = Plan([load_rubric("closed_qa"), load_rubric("answer_correctness")], mapping={"output": "answer"},
                constants={"criteria": "Is it short?"}, gold={"answer_correctness": "gold"})
    jobs, problems = jobs_for(Row(4, {"id": "x", "input": "q", "answer": "a", "expected": "e", "gold": "4"}), plan)
    assert [j.rubric.name for j in jobs] == ["closed_qa", "answer_correctness"] and problems == []
    qa, ac = jobs
    assert qa.fields["output"] == "a" and qa.fields["criteria"] == "Is it short?" and qa.gold is None
    assert ac.gold == 4 and ac.gold_passed is True and ac.item_id == "x"
    jobs2, _ = jobs_for(Row(4, {"id": "x", "input": "q", "answer": "a", "expected": "e", "gold": "1"}), plan)
    assert jobs2[1].gold_passed is False and jobs2[1].key_hash != ac.key_hash  # the gold is part of the hash
    jobs, problems = jobs_for(Row(5, {"input": "q", "answer": "a", "gold": "9"}), plan)
    assert [j.rubric.name for j in jobs] == ["closed_qa"]
    assert problems == ["evaluator 'answer_correctness': required field 'expected' is missing "
                        "(without a reference, use closed_qa with criteria or llm_judge)"]
    jobs, problems = jobs_for(Row(6, {"input": "q"}), plan)
    assert jobs == [] and problems == ["column 'answer' (mapped to field 'output') is missing"]


# -- the command, end to end on the tiny model ------------------------------------------------------
ITEMS = items(60)


@pytest.fixture()
def tiny(tiny_model_dir):
    return ["--model", tiny_model_dir, "--min-level-mass", "0"]


def test_bad_rows_are_skipped_and_listed(tmp_path, tiny, capsys):
    data = write_jsonl(tmp_path / "d.jsonl", [ITEMS[0], "{broken", {**ITEMS[1], "output": ""}, ITEMS[2],
                                              {**ITEMS[3], "gold": "seven"}])
    out = tmp_path / "r.jsonl"
    assert run("score", data, "--evaluator", "answer_correctness", "--gold-column", "gold", "--out", out, *tiny) == 0
    captured = capsys.readouterr()
    assert "line 2: malformed JSON" in captured.err
    assert "line 3: evaluator 'answer_correctness': required field 'output' is empty" in captured.err
    assert "line 5: gold 'seven' is not a level of answer_correctness" in captured.err
    assert "3 bad row(s) skipped" in captured.out and "answer_correctness" in captured.out
    recs = results(out)
    assert sorted(recs) == [(1, "answer_correctness"), (4, "answer_correctness")]
    rec = recs[(1, "answer_correctness")]
    assert rec["id"] == "q0" and rec["gold"] == 0 and rec["gold_passed"] is False and len(rec["hash"]) == 16
    assert set(rec["probabilities"]) == {"0", "1", "2", "3", "4"} and rec["model"] == os.path.basename(tiny[1])

    # a re-run scores nothing again; a changed row is refused before any model work
    assert run("score", data, "--evaluator", "answer_correctness", "--gold-column", "gold", "--out", out, *tiny) == 0
    assert "scored 0 new result(s); 2 were already" in capsys.readouterr().out
    assert run("score", data, "--evaluator", "answer_correctness", "--gold-column", "gold", "--out", out,
               "--no-checks", *tiny) == 2  # another way of reading is not mixed into the same file
    assert "2 item(s) changed since they were scored" in capsys.readouterr().err
    before = out.read_bytes()
    write_jsonl(data, [ITEMS[0], "{broken", {**ITEMS[1], "output": ""}, {**ITEMS[2], "output": "changed"}])
    assert run("score", data, "--evaluator", "answer_correctness", "--gold-column", "gold", "--out", out, *tiny) == 2
    err = capsys.readouterr().err
    assert "1 item(s) changed since they were scored" in err and "line 4 (answer_correctness)" in err
    assert out.read_bytes() == before


def test_out_from_another_model_or_tool_is_refused(tmp_path, tiny, capsys):
    data = write_jsonl(tmp_path / "d.jsonl", ITEMS[:2])
    out = tmp_path / "r.jsonl"
    out.write_text(json.dumps({"line": 1, "evaluator": "answer_correctness", "hash": "0" * 16, "model": "other"}) + "\n")
    assert run("score", data, "--evaluator", "answer_correctness", "--out", out, *tiny) == 2
    assert "holds results from model 'other'" in capsys.readouterr().err
    out.write_text('{"something": "else"}\n')
    assert run("score", data, "--evaluator", "answer_correctness", "--out", out, *tiny) == 2
    assert "line 1 is not a `jev score` result" in capsys.readouterr().err
    for args, message in [(["--evaluator", "nope"], "unknown evaluator 'nope'"),
                          (["--evaluator", "closed_qa", "--map", "output"], "--map 'output': expected NAME=VALUE"),
                          (["--evaluator", "closed_qa", "--batch-size", "0"], "--batch-size 0"),
                          (["--evaluator", "closed_qa", "--gold-column", "factuality=g"], "not one of the --evaluator")]:
        assert run("score", data, *args, "--out", tmp_path / "new.jsonl", *tiny) == 2
        assert message in capsys.readouterr().err


def test_csv_mapping_and_a_user_rubric_file(tmp_path, tiny, tiny_model_dir, capsys):
    """Adding an evaluator is adding a file: a rubric in --rubrics DIR scores a CSV with mapped columns."""
    rubrics = tmp_path / "rubrics"
    rubrics.mkdir()
    (rubrics / "brevity.toml").write_text('''
name = "brevity"
version = 1
kind = "options"
question = "Is the reply `output` to `input` short?"
fields = ["input", "output"]
pass_rule = "top_option"
[[levels]]
token = "no"
text = "It is long."
value = 0.0
[[levels]]
token = "yes"
text = "It is short."
value = 1.0
''')
    data = tmp_path / "d.csv"
    data.write_text("question,reply,label\nHow are you?,Fine.,yes\nAnd now?,Still fine.,no\n")
    out = tmp_path / "r.jsonl"
    assert run("score", data, "--rubrics", rubrics, "--evaluator", "brevity", "--map", "input=question",
               "--map", "output=reply", "--gold-column", "label", "--out", out, *tiny) == 0
    recs = results(out)
    assert sorted(recs) == [(2, "brevity"), (3, "brevity")] and [recs[k]["gold"] for k in sorted(recs)] == [1, 0]
    from jev_model.core.engine import Engine
    from jev_model.core.rubric import load_rubric as load

    engine = Engine.load(str(tiny_model_dir), dtype="float32", min_level_mass=0.0)
    direct = engine.evaluate(load(rubrics / "brevity.toml"), input="How are you?", output="Fine.")
    assert recs[(2, "brevity")]["probabilities"] == pytest.approx(direct.probabilities, abs=1e-5)


def _start(args, log):
    # output to a file: an unread pipe could fill and stall the run
    return subprocess.Popen([sys.executable, "-m", "jev_model", *map(str, args)], stdout=subprocess.DEVNULL,
                            stderr=open(log, "w"), env={**os.environ, "OMP_NUM_THREADS": "1"})


def _wait_for(proc, path, lines: int, timeout: float = 120.0) -> None:
    deadline = time.monotonic() + timeout
    while count_lines(path) < lines:
        assert proc.poll() is None, f"the run ended (rc {proc.returncode}) before writing {lines} lines"
        assert time.monotonic() < deadline, "no progress"
        time.sleep(0.01)


def test_resume_after_kill_and_ctrl_c_loses_and_repeats_nothing(tmp_path, tiny, capsys, monkeypatch):
    items = ITEMS[:40]
    data = write_jsonl(tmp_path / "d.jsonl", items[:20] + ["{bad"] + items[20:])
    args = ["--evaluator", "answer_correctness", "--evaluator", "factuality",
            "--gold-column", "answer_correctness=gold", *tiny]
    total = 2 * len(items)

    reference = tmp_path / "reference.jsonl"  # an uninterrupted run
    assert run("score", data, *args, "--out", reference, "--batch-size", 8) == 0
    capsys.readouterr()

    # 1. killed half way (SIGKILL: no handler runs), as a separate process
    out = tmp_path / "r.jsonl"
    proc = _start(["score", data, *args, "--out", out, "--batch-size", 1], tmp_path / "killed.log")
    _wait_for(proc, out, 5)
    proc.kill()
    proc.wait()
    assert "Traceback" not in (tmp_path / "killed.log").read_text()
    killed_at = count_lines(out)
    assert 5 <= killed_at < total
    with open(out, "ab") as f:  # a write cut short by the kill
        f.write(b'{"line": 3, "evaluator": "answer_corr')

    # 2. Ctrl-C during the third batch of the re-run: the finished batches stay
    from jev_model.core.engine import Engine

    real_batches, calls = Engine.read_batches, []

    def interrupted_batches(self, requests):
        for batch in real_batches(self, requests):
            calls.append(len(batch))
            if len(calls) == 3:
                raise KeyboardInterrupt
            yield batch

    monkeypatch.setattr(Engine, "read_batches", interrupted_batches)
    assert run("score", data, *args, "--out", out, "--batch-size", 2) == 130
    err = capsys.readouterr().err
    assert "dropped an incomplete last line" in err and "run the same command again to continue" in err
    assert count_lines(out) == killed_at + sum(calls[:2])  # the two batches read before the interrupt
    monkeypatch.setattr(Engine, "read_batches", real_batches)

    # 3. the re-run finishes the rest: nothing lost, nothing twice, the same numbers
    assert run("score", data, *args, "--out", out, "--batch-size", 4) == 0
    kept = killed_at + sum(calls[:2])
    assert f"scored {total - kept} new result(s); {kept} were already" in capsys.readouterr().out
    got, want = results(out), results(reference)
    assert len(want) == total and got.keys() == want.keys()
    assert sum(not rec.get("unscored") for rec in want.values()) >= total * 3 // 4  # mostly real readings
    for key, rec in want.items():
        assert got[key]["hash"] == rec["hash"] and got[key].get("gold") == rec.get("gold")
        if rec.get("unscored"):  # e.g. over the tiny model's 512-token context: unscored the same way
            assert got[key].get("unscored") == rec["unscored"], key
            continue
        assert got[key]["probabilities"] == pytest.approx(rec["probabilities"], abs=1e-5), key
        assert got[key]["score"] == pytest.approx(rec["score"], abs=1e-5)


def test_no_scorable_row_is_an_error(tmp_path, tiny, capsys):
    data = write_jsonl(tmp_path / "d.jsonl", [{"output": "a"}, {"output": "b"}])
    assert run("score", data, "--evaluator", "llm_judge", "--out", tmp_path / "r.jsonl", *tiny) == 2
    assert "no row of" in capsys.readouterr().err
    assert run("score", data, "--evaluator", "llm_judge", "--set", "criteria=Is it short?",
               "--set", 'levels=["long", "short"]', "--set", "pass_threshold=0.4", "--out", tmp_path / "r.jsonl", *tiny) == 0
    recs = results(tmp_path / "r.jsonl")
    assert sorted(recs) == [(1, "llm_judge"), (2, "llm_judge")]
    assert all(r["passed"] == (r["score"] >= 0.4) and set(r["probabilities"]) == {"0", "1"} for r in recs.values())


def test_an_empty_data_file_is_named_and_leaves_no_out_behind(tmp_path, tiny, capsys):
    (tmp_path / "empty.jsonl").write_text("")
    (tmp_path / "header.csv").write_text("input,output,expected\n")
    for data in (tmp_path / "empty.jsonl", tmp_path / "header.csv"):
        out = tmp_path / "r.jsonl"
        assert run("score", data, "--evaluator", "answer_correctness", "--out", out, *tiny) == 2
        err = capsys.readouterr().err
        assert f"error: {data} holds no rows: nothing to score" in err and "holds no results" not in err
        assert not out.exists()  # not an empty --out that a later run or `jev report` would stumble on
    data = write_jsonl(tmp_path / "d.jsonl", [{"output": "a"}])  # rows, none scorable: no --out either
    assert run("score", data, "--evaluator", "answer_correctness", "--out", tmp_path / "r.jsonl", *tiny) == 2
    assert not (tmp_path / "r.jsonl").exists()
    kept = tmp_path / "kept.jsonl"
    kept.write_text("")  # a file the user made is theirs: never removed
    assert run("score", tmp_path / "empty.jsonl", "--evaluator", "answer_correctness", "--out", kept, *tiny) == 2
    assert kept.exists()


def test_a_cut_line_inside_out_is_refused_with_how_to_repair_it(tmp_path, tiny, capsys):
    data = write_jsonl(tmp_path / "d.jsonl", ITEMS[:3])
    out = tmp_path / "r.jsonl"
    assert run("score", data, "--evaluator", "answer_correctness", "--out", out, *tiny) == 0
    lines = out.read_text().splitlines(keepends=True)
    lines[1] = lines[1][:40] + "\n"  # the middle result cut short (a disk full, an editor)
    out.write_text("".join(lines))
    capsys.readouterr()
    assert run("score", data, "--evaluator", "answer_correctness", "--out", out, *tiny) == 2
    err = capsys.readouterr().err
    assert (f"{out}: line 2, among 2 results, is not a `jev score` result (cut short or edited?); delete it "
            f"(e.g. sed -i '2d' {out}) and run the same command again") in err
    out.write_text(lines[0] + lines[2])  # as the message says
    assert run("score", data, "--evaluator", "answer_correctness", "--out", out, *tiny) == 0
    assert "scored 1 new result(s); 2 were already" in capsys.readouterr().out
    assert sorted(results(out)) == [(n, "answer_correctness") for n in (1, 2, 3)]


def test_data_and_request_files_with_a_byte_order_mark_are_read(tmp_path, tiny, capsys):
    bom = b"\xef\xbb\xbf"
    (tmp_path / "d.jsonl").write_bytes(bom + "".join(json.dumps(i) + "\n" for i in ITEMS[:2]).encode())
    (tmp_path / "d.csv").write_bytes(bom + b"input,output,expected\nq,a,a\n")
    for name, keys in (("d.jsonl", [1, 2]), ("d.csv", [2])):
        out = tmp_path / f"{name}.out.jsonl"
        assert run("score", tmp_path / name, "--evaluator", "answer_correctness", "--out", out, *tiny) == 0
        assert sorted(results(out)) == [(n, "answer_correctness") for n in keys]
    request = tmp_path / "request.json"
    request.write_bytes(bom + json.dumps({"evaluators": ["answer_correctness"], **{k: ITEMS[0][k] for k in
                                         ("input", "output", "expected")}}).encode())
    capsys.readouterr()
    assert run("evaluate", request, *tiny) == 0
    assert json.loads(capsys.readouterr().out)["results"][0]["evaluator"] == "answer_correctness"


def test_one_run_at_a_time_per_out(tmp_path, tiny, capsys):
    fcntl = pytest.importorskip("fcntl")
    data = write_jsonl(tmp_path / "d.jsonl", ITEMS[:2])
    out = tmp_path / "r.jsonl"
    with open(out, "a+b") as held:
        fcntl.flock(held.fileno(), fcntl.LOCK_EX)  # another run is writing it
        assert run("score", data, "--evaluator", "answer_correctness", "--out", out, *tiny) == 2
    assert "is being written by another `jev score`" in capsys.readouterr().err


def test_ray_without_the_extra_is_one_line(tmp_path, tiny, capsys, monkeypatch):
    """Ray is optional: without it, --ray names the extra to install (this test imports no ray)."""
    for name in [m for m in sys.modules if m == "ray" or m.startswith(("ray.", "jev_model.scale"))]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` raises ImportError
    data = write_jsonl(tmp_path / "d.jsonl", ITEMS[:2])
    assert run("score", data, "--evaluator", "answer_correctness", "--out", tmp_path / "r.jsonl", "--ray", *tiny) == 2
    assert capsys.readouterr().err.strip() == "error: --ray needs Ray Data: pip install 'jev-model[ray]'"


def test_parquet_results_journal_finish_and_a_kill_between(tmp_path):
    """--out x.parquet: results go to a journal, the Parquet file is written when done; a kill
    after writing it but before removing the journal repeats nothing; disagreement is refused."""
    pytest.importorskip("pyarrow")
    from jev_model.datasets.results import JOURNAL_SUFFIX, open_results, read_records

    out = tmp_path / "r.parquet"
    rec = {"line": 2, "id": 7, "evaluator": "closed_qa", "score": 0.5, "label": "yes", "confidence": 0.1,
           "probabilities": {"no": 0.5, "yes": 0.5}, "passed": True, "unscored": None, "readout": "raw",
           "hash": "h2", "model": "m"}
    results_file = open_results(out)
    results_file.append([rec])
    results_file.close()  # killed before finishing: only the journal holds the result
    journal = tmp_path / ("r.parquet" + JOURNAL_SUFFIX)
    assert journal.exists() and not out.exists()
    results_file = open_results(out)
    assert results_file.done == {(2, "closed_qa"): "h2"}
    unscored = {"line": 3, "evaluator": "closed_qa", "unscored": "too long", "readout": "raw", "hash": "h3", "model": "m"}
    results_file.append([unscored])
    saved = journal.read_bytes()
    results_file.finish()
    results_file.close()
    assert not journal.exists()
    assert list(read_records(out)) == [{**rec, "id": "7"}, unscored]  # id as text; absent keys stay absent

    journal.write_bytes(saved)  # as if killed after the rename, before the journal was removed
    results_file = open_results(out)
    assert results_file.done == {(2, "closed_qa"): "h2", (3, "closed_qa"): "h3"}
    results_file.finish()
    results_file.close()
    assert len(list(read_records(out))) == 2  # nothing twice
    journal.write_bytes(saved.replace(b'"h3"', b'"hX"'))
    with pytest.raises(JevError, match="disagree on data line 3"):
        open_results(out)
