"""What every generator in tools/datagen shares: where the files go (training JSONL in
``data/``, held-out test items in ``benchmarks/items/``), items as JSONL text, and the main
loop that writes the files or, with ``--check``, says which committed file differs from a
fresh run.

    files = {OUT: dumps(generate())}
    return write_or_check(files, args.check)

It also holds ``pick``, the phrasing-variant chooser the gaming families (tools/datagen/gaming.py
and gaming_round6.py) share.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
DATA_DIR = REPO_ROOT / "data"  # training items (jev train reads them)
TEST_ITEMS_DIR = REPO_ROOT / "benchmarks" / "items"  # held-out test items (the benchmarks read them)


def dumps(items: list[dict]) -> str:
    """One JSON object a line, UTF-8 as it is (``ensure_ascii=False``), each line ending in a newline."""
    return "".join(json.dumps(it, ensure_ascii=False) + "\n" for it in items)


def pick(n: int, variants: list[str], **fields: str) -> str:
    """The variant for question ``n`` (``variants[n % len(variants)]``), its placeholders filled
    from ``fields``: ``r``/``w`` (reference, wrong) in held_out_4, ``a``/``o`` (answer, other) from
    held_out_5 on."""
    return variants[n % len(variants)].format(**fields)


def write_or_check(files: dict[Path, str], check: bool, source: str = "the generator's output",
                   summary: Callable[[list[dict]], list[str]] | None = None) -> int:
    """Write each file's text (creating its folder) and say how many items it holds, with the
    lines ``summary(items)`` gives; or, with ``check``, write nothing and return 1 naming the
    files that are missing or differ from ``source`` (0 when all are up to date).

    >>> write_or_check({Path("out.jsonl"): dumps([{"id": 1}])}, check=True)   # doctest: +SKIP
    """
    if check:
        stale = [str(path) for path, text in files.items()
                 if not path.exists() or path.read_text(encoding="utf-8") != text]
        if stale:
            print(f"differ from {source}: " + ", ".join(stale), file=sys.stderr)
            return 1
        print("up to date", file=sys.stderr)
        return 0
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {text.count(chr(10))} items to {path}", file=sys.stderr)
        for line in summary([json.loads(line) for line in text.splitlines()]) if summary else []:
            print(line, file=sys.stderr)
    return 0
