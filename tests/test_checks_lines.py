"""tools/checks_lines.py: the dump of checks lines that a rule change is compared against."""

import json

from tools.checks_lines import compare, lines, main


def _items(tmp_path, rows):
    path = tmp_path / "items.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_lines_reads_each_item_and_compare_names_what_changed(tmp_path):
    path = _items(tmp_path, [
        {"id": "a", "input": "What is 23 x 19?", "output": "437", "expected": "437", "gold": 4},
        {"id": "b", "input": "What is 23 x 19?", "output": "447", "expected": "437", "gold": 0},
        {"id": "c", "input": "Capital of France?", "output": "", "expected": "Paris", "gold": 0},
    ])
    dump = lines([path])
    assert len(dump) == 3 and all(k.endswith((":a", ":b", ":c")) for k in dump)
    assert dump[next(k for k in dump if k.endswith(":a"))]["line"] != dump[next(k for k in dump if k.endswith(":b"))]["line"]
    assert compare(dump, dump) == []
    changed = dict(dump)
    key = next(k for k in dump if k.endswith(":b"))
    changed[key] = {"gold": 0, "line": "something else"}
    out = compare(dump, changed)
    assert len(out) == 1 and key in out[0] and "something else" in out[0]


def test_main_writes_and_compares(tmp_path, capsys):
    path = _items(tmp_path, [{"id": "a", "output": "1912", "expected": "1912", "gold": 4}])
    first, second = tmp_path / "first.jsonl", tmp_path / "second.jsonl"
    assert main([str(path), "--out", str(first)]) == 0
    assert main([str(path), "--out", str(second), "--compare", str(first)]) == 0
    assert "0 of 1 lines changed" in capsys.readouterr().out
