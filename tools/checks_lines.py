"""The checks line of every item in a set of item files, to see what a change to the rules
in ``jev_model/checks/`` changes outside the items it was written for.

Write the lines before a change, then compare after it::

    python -m tools.checks_lines --out /tmp/before.jsonl            # all item files but gaming
    (edit jev_model/checks/...)
    python -m tools.checks_lines --out /tmp/after.jsonl --compare /tmp/before.jsonl

``--encoder`` reads names and meaning with the prepared sentence encoder (as the engine does
for answer_correctness); without it the rules that need it are silent.  The comparison prints
each changed line (file, id, gold, before and after) and the count; the exit status is 0
either way.  Items are read as the engine reads a request's fields: ``input``, ``output``,
``expected`` (and any other field an item carries).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = sorted([*ROOT.glob("data/*.jsonl"), *ROOT.glob("benchmarks/items/*.jsonl")])


def lines(paths: list[Path], similar=None, kind=None) -> dict[str, dict]:
    """``{"file:id": {"gold": .., "line": ..}}`` for every item of ``paths``."""
    from jev_model.checks import evidence

    out = {}
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for n, raw in enumerate(f):
                if not raw.strip():
                    continue
                item = json.loads(raw)
                fields = {k: v for k, v in item.items() if k not in ("id", "gold", "split", "family", "category")}
                ev = evidence(fields, similar, kind)
                key = f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}:{item.get('id', n)}"
                out[key] = {"gold": item.get("gold"), "line": None if ev is None else ev.line()}
    return out


def compare(before: dict[str, dict], after: dict[str, dict]) -> list[str]:
    """What changed between two dumps, one paragraph per item."""
    changed = []
    for key in sorted(set(before) | set(after)):
        a, b = before.get(key, {}).get("line"), after.get(key, {}).get("line")
        if a != b:
            gold = (after.get(key) or before.get(key) or {}).get("gold")
            changed.append(f"{key} (gold {gold})\n  before: {a}\n  after:  {b}")
    return changed


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("files", nargs="*", type=Path, help="item files (default: data/ and benchmarks/items/, not gaming)")
    p.add_argument("--out", type=Path, required=True, help="where to write the lines (JSON lines)")
    p.add_argument("--compare", type=Path, help="an earlier --out to compare with")
    p.add_argument("--encoder", action="store_true", help="read names and meaning with the sentence encoder")
    p.add_argument("--with-gaming", action="store_true", help="include benchmarks/items/gaming.jsonl")
    args = p.parse_args(argv)
    files = args.files or [f for f in DEFAULT if args.with_gaming or f.name != "gaming.jsonl"]
    similar = kind = None
    if args.encoder:
        from jev_model.core.encoder import SentenceEncoder

        enc = SentenceEncoder.load()
        similar = kind = enc.similarity
    dump = lines(files, similar, kind)
    with open(args.out, "w", encoding="utf-8") as f:
        for key, row in dump.items():
            f.write(json.dumps({"key": key, **row}, ensure_ascii=False) + "\n")
    print(f"{len(dump)} lines from {len(files)} files -> {args.out}")
    if args.compare:
        with open(args.compare, encoding="utf-8") as f:
            before = {r["key"]: r for r in map(json.loads, f)}
        changed = compare(before, dump)
        print("\n".join(changed))
        print(f"{len(changed)} of {len(dump)} lines changed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
