"""benchmarks.open_questions.compare on tiny fake results: no model, no BIG-bench."""

import json

from benchmarks.open_questions import compare
from benchmarks.open_questions.run import task_figures


def noul_rec(n, right, seconds=0.5):
    p = 0.8 if right else 0.2
    return {"key": f"winowhy:{n}", "task": "winowhy", "p_yes": p, "probs": [p, 1 - p], "gold": 0, "right": right,
            "mass": 0.1, "seconds": seconds}


def choice_rec(n, right, flipped, seconds=1.0):
    return {"key": f"snarks:{n}", "task": "snarks", "choice": "(a)" if right else "(b)", "probs": [0.6, 0.4],
            "gold": 0 if right else 1, "right": right, "mass": 0.2, "seconds": seconds, "flipped": flipped}


def write_records(root, model, system, task, recs):
    path = root / "records" / model / system / f"{task}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r) + "\n" for r in recs))
    return recs


def test_compare_puts_a_finished_and_a_partial_backbone_side_by_side_and_matches_items(tmp_path):
    small = {"winowhy": write_records(tmp_path, "small", "raw", "winowhy", [noul_rec(n, n % 2 == 0) for n in range(4)]),
             "snarks": write_records(tmp_path, "small", "raw", "snarks",
                                     [choice_rec(n, n < 3, n == 0) for n in range(4)])}
    (tmp_path / "open_questions.json").write_text(json.dumps({
        "model": "small", "dtype": "bfloat16", "machine": {"cpu": "X", "cpu_flags": ["avx2"], "cores": 2},
        "held_out_tasks": ["winowhy", "snarks"], "figures": {"raw": {t: task_figures(t, r) for t, r in small.items()}}}))
    write_records(tmp_path, "big", "raw", "winowhy", [noul_rec(n, True, seconds=2.0) for n in range(2)])  # partial

    out = compare.compare(["small", "big"], ["raw"], tmp_path)

    small_row, big_row = out["as_run"]
    assert (small_row["model"], small_row["items_per_task"], small_row["tasks"]) == ("small", 4, 2)
    assert small_row["choice_flip"] == 0.25 and small_row["s_per_q"] == 0.75
    assert (big_row["model"], big_row["items_per_task"], big_row["tasks"], big_row["s_per_q"]) == ("big", 2, 1, 2.0)
    assert [b["partial"] for b in out["backbones"]] == [False, True]
    assert out["matched_items"] == {"raw": {"winowhy": 2}}  # only what both have, cut to the shorter run
    assert [(r["model"], r["items_per_task"], r["tasks"]) for r in out["matched"]] == [("small", 2, 1), ("big", 2, 1)]
    md = compare.markdown(out)
    assert "Item counts differ" in md and "Partial" in md and "['avx2']" in md

    assert compare.main(["--models", "small,big", "--systems", "raw", "--results", str(tmp_path)]) == 0
    assert json.loads((tmp_path / "backbones.json").read_text())["models"] == ["small", "big"]
    assert (tmp_path / "backbones.md").read_text().startswith("# Open questions: backbones side by side")


def test_a_retimed_run_gives_the_latency_row_only(tmp_path):
    write_records(tmp_path, "small", "raw", "winowhy", [noul_rec(n, True, seconds=3.0) for n in range(4)])
    write_records(tmp_path, "small-again", "raw", "winowhy", [noul_rec(n, False, seconds=0.25) for n in range(2)])
    write_records(tmp_path, "big", "raw", "winowhy", [noul_rec(n, True, seconds=1.0) for n in range(4)])

    out = compare.compare(["small", "big"], ["raw"], tmp_path, retimed={"small": "small-again"})

    assert [(r["model"], r["run"], r["s_per_q"], r["items_per_task"]) for r in out["latency"]] == [
        ("small", "small-again", 0.25, 2), ("big", "big", 1.0, 4)]
    assert out["as_run"][0]["s_per_q"] == 3.0 and out["as_run"][0]["items_per_task"] == 4  # its own run
    assert "## Latency per question at batch 1" in compare.markdown(out)
