"""jev report (and the summary jev score prints) against hand-computed values."""

import json

import pytest

from jev_model import cli
from jev_model.datasets.metrics import Aggregate

AC = ["0", "1", "2", "3", "4"]
FACT = ["subset", "superset", "same", "disagreement", "differ_not_factual"]


def rec(evaluator, names, probs, line, **kw):
    return {"line": line, "evaluator": evaluator, "probabilities": dict(zip(names, probs)), **kw}


RECORDS = [
    # answer_correctness: level = sum i p_i, score = level / 4, passed at 0.75
    rec("answer_correctness", AC, [0, 0, 0, 0.25, 0.75], 1, level=3.75, score=0.9375, passed=True, gold=4, gold_passed=True),
    rec("answer_correctness", AC, [0.5, 0.5, 0, 0, 0], 2, level=0.5, score=0.125, passed=False, gold=1, gold_passed=False),
    rec("answer_correctness", AC, [0, 0, 1, 0, 0], 3, level=2.0, score=0.5, passed=False, gold=3, gold_passed=True),
    {"line": 4, "evaluator": "answer_correctness", "unscored": "prompt is 40000 tokens", "gold": 0},
    rec("answer_correctness", AC, [0, 0, 0, 0, 1], 5, level=4.0, score=1.0, passed=True),  # no gold
    # factuality: score = sum p x (0.4, 0.6, 1, 0, 1); passed when the top option has value 1
    rec("factuality", FACT, [0.08, 0.1, 0.62, 0.1, 0.1], 1, score=0.812, passed=True, gold=2, gold_passed=True),
    rec("factuality", FACT, [0.7, 0.1, 0.1, 0.05, 0.05], 2, score=0.49, passed=False, gold=3, gold_passed=False),
]

# answer_correctness, by hand:
#   mean score (.9375 + .125 + .5 + 1) / 4 = .640625; pass rate 2/4
#   gold items 1-3: argmax 4, 0 (first of a tie), 2 vs gold 4, 1, 3 -> exact 1/3
#   MAE (|3.75-4| + |.5-1| + |2-3|) / 3 = 1.75/3; pass agreement (T=T, F=F, F!=T) 2/3
#   Brier (.25^2+.25^2, .5^2+.5^2, 1+1) = (.125 + .5 + 2) / 3 = .875
#   ECE: confidences .75 (right), .5 (wrong), 1.0 (wrong), each alone in its bin of 15:
#        (.25 + .5 + 1) / 3 = 1.75/3
# factuality: mean (.812 + .49)/2 = .651; pass .5; exact 1/2; pass agreement 1;
#   Brier ((.08^2+.1^2+.38^2+.1^2+.1^2) + (.7^2+.1^2+.1^2+.95^2+.05^2)) / 2 = (.1808 + 1.415) / 2
#   ECE (|1-.62| + |0-.7|) / 2 = .54
WANT = {
    "answer_correctness": {"items": 5, "scored": 4, "unscored": 1, "mean_score": 0.640625, "pass_rate": 0.5,
                           "gold_items": 3, "exact_accuracy": 1 / 3, "mae": 1.75 / 3, "pass_agreement": 2 / 3,
                           "ece": 1.75 / 3, "brier": 0.875},
    "factuality": {"items": 2, "scored": 2, "unscored": 0, "mean_score": 0.651, "pass_rate": 0.5, "gold_items": 2,
                   "exact_accuracy": 0.5, "pass_agreement": 1.0, "ece": 0.54, "brier": (0.1808 + 1.415) / 2},
}


def test_aggregate_hand_computed():
    for name, want in WANT.items():
        agg = Aggregate()
        for r in RECORDS:
            if r["evaluator"] == name:
                agg.add(r)
        got = agg.result()
        assert got.keys() == want.keys()
        for key, value in want.items():
            assert got[key] == pytest.approx(value), (name, key)


def test_aggregate_rejects_gold_outside_the_levels():
    with pytest.raises(ValueError, match="gold 5 is not a level index of 5 levels"):
        Aggregate().add(rec("answer_correctness", AC, [0, 0, 0, 0, 1], 1, level=4.0, score=1.0, passed=True, gold=5))


def test_report_command_json_table_and_plots(tmp_path, capsys):
    path = tmp_path / "results.jsonl"
    lines = [json.dumps(r) for r in RECORDS]
    lines.insert(2, "not json")
    lines.append(json.dumps(rec("factuality", FACT, [0, 0, 1, 0, 0], 9, score=1.0, passed=True, gold=7)))
    path.write_text("\n".join(lines) + "\n")
    assert cli.main(["report", str(path), "--json", "--plot", str(tmp_path / "rel.png")]) == 0
    out, err = capsys.readouterr()
    report = json.loads(out)
    for name, want in WANT.items():
        for key, value in want.items():
            assert report["evaluators"][name][key] == pytest.approx(value), (name, key)
    assert report["skipped_lines"][0].startswith("line 3: not JSON")
    assert report["skipped_lines"][1].startswith("line 9: not a result record") and "gold 7" in report["skipped_lines"][1]
    for name in WANT:
        png = tmp_path / f"rel-{name}.png"
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and str(png) in err

    assert cli.main(["report", str(path)]) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[0].split() == ["evaluator", "items", "scored", "unscored", "mean", "score", "pass", "rate", "gold",
                                "MAE", "exact", "pass", "agr.", "ECE", "Brier"]
    assert table[1].split() == ["answer_correctness", "5", "4", "1", "0.641", "0.500", "3", "0.583", "0.333",
                                "0.667", "0.583", "0.875"]
    assert table[2].split()[:7] == ["factuality", "2", "2", "0", "0.651", "0.500", "2"] and table[2].split()[7] == "-"


def test_report_missing_file_is_one_line(tmp_path, capsys):
    assert cli.main(["report", str(tmp_path / "nope.jsonl")]) == 2
    assert "cannot read" in capsys.readouterr().err
