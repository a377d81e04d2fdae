"""Training data for trained readouts (``jev train``): seeded generators we can publish.

The benchmark's TEST items live in ``benchmarks/items/`` with their own generator; the
generators here use other question templates, answer phrasings, formats and facts, and
``dedupe`` drops anything that matches a test item after normalisation.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

from ..jsonl import read_objects

REPO_ROOT = Path(__file__).resolve().parents[2]
TEST_ITEMS_DIR = REPO_ROOT / "benchmarks" / "items"  # the benchmark's held-out TEST items
_WORD = re.compile(r"[^\W_]+")
NEAR_JACCARD = 0.9  # word-set overlap of input+output+expected at or above which items are near-duplicates


def normalise(text) -> str:
    """Lower case, accents and punctuation dropped, whitespace collapsed.

    >>> normalise("  It's  Brasília! ")
    'it s brasilia'
    """
    text = unicodedata.normalize("NFKD", str(text)).encode("ascii", "ignore").decode()
    return " ".join(_WORD.findall(text.lower()))


def _words(item: dict, fields) -> frozenset:
    return frozenset(w for f in fields for w in normalise(item.get(f, "")).split())


def load_jsonl(path: Path) -> list[dict]:
    """Items from a JSONL file; a bad line is an error naming the file and line."""
    return [item for _, item in read_objects(path)]


def benchmark_test_items(evaluator: str, directory: Path = TEST_ITEMS_DIR) -> list[dict]:
    """The benchmark's test items for an evaluator ([] when the benchmark has none)."""
    path = Path(directory) / f"{evaluator}.jsonl"
    return load_jsonl(path) if path.exists() else []


def dedupe(items: list[dict], tests: list[dict], fields=("input", "output", "expected")) -> tuple[list[dict], list[dict]]:
    """Split ``items`` into (kept, dropped): dropped are those that match a test item after
    ``normalise`` - the same input, the same (input, output, expected), or a word-set
    overlap of input+output+expected of at least NEAR_JACCARD."""
    test_inputs = {normalise(t.get(fields[0], "")) for t in tests}
    test_triples = {tuple(normalise(t.get(f, "")) for f in fields) for t in tests}
    test_words = [_words(t, fields) for t in tests]
    kept, dropped = [], []
    for it in items:
        words = _words(it, fields)
        near = normalise(it.get(fields[0], "")) in test_inputs \
            or tuple(normalise(it.get(f, "")) for f in fields) in test_triples \
            or any(len(words & tw) >= NEAR_JACCARD * len(words | tw) for tw in test_words if words and tw)
        (dropped if near else kept).append(it)
    return kept, dropped
