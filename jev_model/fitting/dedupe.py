"""Keeping training data apart from the benchmark's test items (``jev train``).

The benchmark's TEST items live in ``benchmarks/items/`` with their own generator; the
training generators (``tools/datagen/``) use other question templates, answer phrasings,
formats and facts, and ``dedupe`` drops anything that matches a test item after
normalisation.  Training refuses to run when the test items cannot be found, unless it
is told not to deduplicate (``jev train --no-dedupe``).
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

from jev_model.datasets.jsonl import read_objects

# the benchmark's held-out TEST items, in a checkout (an installed package has no benchmarks/)
TEST_ITEMS_DIR = Path(__file__).resolve().parents[2] / "benchmarks" / "items"
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


def benchmark_test_items(evaluator: str, directory: Path | None = None) -> list[dict]:
    """The benchmark's test items for an evaluator; JevError when there are none to find."""
    from jev_model.errors import JevError

    path = Path(directory if directory is not None else TEST_ITEMS_DIR) / f"{evaluator}.jsonl"
    if not path.exists():
        raise JevError(f"no benchmark test items to keep out of training: {path} does not exist. Pass "
                       "--test-items DIR (a folder with <evaluator>.jsonl), or --no-dedupe to train without "
                       "that check")
    return load_jsonl(path)


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
