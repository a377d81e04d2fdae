"""The gaming history (benchmarks/gaming/history.py): one row per round measured first, read from
the summaries the benchmark wrote."""

from __future__ import annotations

import json

from benchmarks.gaming.history import rounds, table


def _summary(path, by_split, by_reference=()):
    path.mkdir(parents=True)
    (path / "summary.json").write_text(json.dumps({"cpu": "AMD EPYC (avx2)", "by_split": by_split,
                                                   "by_reference": list(by_reference)}))


def test_rounds_read_first_and_current_figures(tmp_path):
    _summary(tmp_path / "answer_correctness-round7-first",
             {"held_out_6": {"passed": 0.5}, "held_out_7": {"passed": 0.25}, "held_out_7_right": {"passed": 0.75}},
             [{"split": "held_out_7", "reference": "value", "passed": 0.0},
              {"split": "held_out_7", "reference": "name", "passed": 0.5}])
    _summary(tmp_path / "answer_correctness-round12-first", {"held_out_12": {"passed": 0.1}, "held_out_12_right": {"passed": 0.6}})
    _summary(tmp_path / "answer_correctness", {"held_out_7": {"passed": 0.0}, "held_out_7_right": {"passed": 0.9}})
    rows = rounds(tmp_path)
    assert [r["round"] for r in rows] == [7, 12]  # by number, not by name
    assert rows[0] == {"round": 7, "cpu": "AMD EPYC", "gamed_first": 0.25, "values_first": 0.0, "names_first": 0.5,
                       "right_first": 0.75, "gamed_now": 0.0, "right_now": 0.9}
    assert rows[1]["gamed_now"] is None  # not in the whole-suite run yet
    text = table(rows)
    assert "| 7 | 0.250 | 0.000 | 0.500 | 0.750 | 0.000 | 0.900 | AMD EPYC |" in text
    assert "| 12 | 0.100 | - | - | 0.600 | - | - | AMD EPYC |" in text
