"""The README is the manual and docs/ holds the rest: their relative links resolve, the
README stays short, and it keeps the test command CI runs (.ci/run calls it).

When files move (results, training data), this test names every link left pointing at the
old place, file and line.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]
MAX_README_LINES = 450
TEST_COMMAND = ".venv/bin/python -m pytest"

# [text](target) or [text](target "title"); the text may hold `code` but no brackets
LINK = re.compile(r"\[[^\[\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
EXTERNAL = ("http://", "https://", "mailto:", "#")
FENCE = re.compile(r"^\s*(```|~~~)")


def without_code(text: str) -> str:
    """Text with its inline code spans blanked (newlines kept, so line numbers hold), except a
    link's text such as [`path`](path).  A code span may run over lines, not paragraphs."""
    out = []
    for para in re.split(r"(\n[ \t]*\n)", text):
        parts = para.split("`")
        for i in range(1, len(parts) - 1, 2):  # odd parts are inside backticks
            if not (parts[i - 1].endswith("[") and parts[i + 1].startswith("]")):
                parts[i] = "\n" * parts[i].count("\n")
        out.append("`".join(parts))
    return "".join(out)


def relative_links(page: Path) -> list[tuple[int, str]]:
    """(line number, target) of every relative markdown link outside code."""
    lines, fenced = [], False
    for line in page.read_text(encoding="utf-8").splitlines():
        if FENCE.match(line):
            fenced = not fenced
            lines.append("")
        else:
            lines.append("" if fenced else line)
    found = []
    for n, line in enumerate(without_code("\n".join(lines)).split("\n"), 1):
        for target in LINK.findall(line):
            if not target.startswith(EXTERNAL):
                found.append((n, target))
    return found


def test_docs_folder_exists():
    assert (ROOT / "docs").is_dir() and len(PAGES) > 1, "docs/*.md pages are missing"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_links_resolve(page):
    broken = []
    for n, target in relative_links(page):
        path = target.split("#", 1)[0].split("?", 1)[0]
        if path and not (page.parent / path).exists():
            broken.append(f"{page.relative_to(ROOT)}:{n}: {target}")
    assert not broken, "links to files or folders that do not exist:\n" + "\n".join(broken)


def test_links_are_found():
    """The link pattern sees the README's links (so the test above is not vacuous)."""
    targets = [t for _, t in relative_links(README)]
    assert any(t.startswith("docs/") for t in targets)
    assert any(t.startswith("benchmarks/results/") for t in targets)


def test_readme_is_short():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= MAX_README_LINES, (
        f"README.md is {len(lines)} lines, over {MAX_README_LINES}: move logs and design notes to docs/")


def test_readme_keeps_the_test_command():
    lines = [line.strip() for line in README.read_text(encoding="utf-8").splitlines()]
    assert TEST_COMMAND in lines, f"README.md must keep the line {TEST_COMMAND!r} (.ci/run runs it)"
