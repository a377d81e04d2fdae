"""Keeping training data apart from held-out test items (``jev train``).

The test items are files the caller names (``jev train --test-items PATH...``; in a checkout
the command line defaults to ``benchmarks/items/<evaluator>.jsonl``, the benchmark's test
items, which have their own generator); the training generators (``tools/datagen/``) use
other question templates, answer phrasings, formats and facts, and ``dedupe`` drops anything
that matches a test item after normalisation.  Training refuses to run without test items
to deduplicate against, unless it is told not to (``jev train --no-dedupe``).
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

from jev_model.datasets.jsonl import read_objects

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


def load_test_items(paths) -> list[dict]:
    """The held-out test items of one or more JSONL files; JevError when none are given or a
    file does not exist.

    Example: ``load_test_items(["benchmarks/items/answer_correctness.jsonl"])``"""
    from jev_model.errors import JevError

    if not paths:
        raise JevError("no benchmark test items to keep out of training were given. Pass --test-items PATH "
                       "(JSONL files, or a folder with <evaluator>.jsonl), or --no-dedupe to train without that check")
    items = []
    for path in map(Path, paths):
        if not path.is_file():
            raise JevError(f"no benchmark test items to keep out of training: {path} does not exist. Pass "
                           "--test-items PATH (JSONL files, or a folder with <evaluator>.jsonl), or --no-dedupe "
                           "to train without that check")
        items += load_jsonl(path)
    return items


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
