"""The findings as numbers: a fixed-order feature vector that a trained readout takes as
explicit inputs beside the last hidden state (logits = W_h h + W_f f + b).

Every feature is in [0, 1]; a feature that does not apply is 0 (``has_values``,
``has_text``, ``is_list``, ``is_yes_no`` say which apply).  ``FEATURE_NAMES`` is the order;
changing it changes what a stored readout reads, so a readout records the names it was
fitted with and the engine refuses one whose names differ.

    >>> f = check_features({"input": "Capital of France?", "output": "Madrid", "expected": "Paris"})
    >>> f["has_text"], f["text_exact"], f["tally_none"], f["no_answer"]
    (1.0, 0.0, 1.0, 0.0)
"""

from __future__ import annotations

from .line import Evidence, evidence

FEATURE_NAMES = (
    "any_evidence",          # the line has something to say
    "no_answer",             # the output gives no answer
    # dates, times, weekdays, quantities
    "has_values",            # the reference holds values
    "value_recall",          # share of the reference's values found in the output
    "value_extra",           # values the output adds (0, 1/3, 2/3, 1 for 3 or more)
    "has_computation",       # the input states a computation
    "computation_matches_output",
    "computation_matches_expected",
    "computation_expected_not_output",
    # text answers
    "has_text",
    "text_exact",
    "text_expected_in_output",
    "text_output_in_expected",
    "text_short_form",
    "text_f1",
    "text_similarity",
    "text_spelling_variant",
    "text_initials",
    "text_negated",
    "text_hedged",
    "text_extra_parts",      # parts the output adds (0, 1/3, 2/3, 1)
    "text_long_output",      # output words / 40, at most 1
    "is_list",
    "list_recall",
    "list_precision",
    "is_yes_no",
    "yes_no_equal",
    "yes_no_opposite",
    "yes_no_missing",
    # the closing tally, over every kind
    "tally_recall",
    "tally_all",
    "tally_some",
    "tally_none",
    "tally_extra",
    # meaning (a sentence encoder; all 0 without one): meaning.py
    "has_meaning",           # compared by meaning
    "meaning_similarity",    # cosine of the asserted output and the reference (0 where negative)
    "meaning_recall",        # mean best cosine of the reference's claims (covered by the output)
    "meaning_precision",     # mean best cosine of the output's claims (supported by the reference)
    "meaning_long",          # an answer of a few words or more (the line speaks of its meaning)
    "meaning_long_similarity",  # similarity where long, else 0 (what a linear readout weighs apart)
    "meaning_close",         # long, similarity >= 0.75, nothing reversed
    "meaning_reversed",      # a relation of the reference turned round (an antonym, a comparison's sides)
)
# the names a readout fitted before the meaning features (LINE_VERSION 2) reads
BASE_FEATURES = FEATURE_NAMES[: FEATURE_NAMES.index("has_meaning")]


def _clip3(n: int) -> float:
    return min(n, 3) / 3


def features_of(ev: Evidence | None) -> dict[str, float]:
    """The feature vector of gathered findings (all zeros for None)."""
    f = dict.fromkeys(FEATURE_NAMES, 0.0)
    if ev is None:
        return f
    f["any_evidence"] = float(ev.line() is not None)
    f["no_answer"] = float(bool(ev.no_answer))
    if ev.value_total:
        f["has_values"] = 1.0
        f["value_recall"] = 0.0 if ev.no_answer or ev.rivals else ev.value_found / ev.value_total
    f["value_extra"] = _clip3(ev.value_extra)
    if ev.computed:
        f["has_computation"] = 1.0
        f["computation_matches_output"] = float(any(c.in_output for c in ev.computed))
        f["computation_matches_expected"] = float(any(c.in_expected for c in ev.computed))
        f["computation_expected_not_output"] = float(any(c.in_expected and not c.in_output for c in ev.computed))
    t = ev.text
    if t is not None:
        f["has_text"] = 1.0
        f["text_exact"] = float(t.exact)
        f["text_expected_in_output"] = float(t.expected_in_output)
        f["text_output_in_expected"] = float(t.output_in_expected)
        f["text_short_form"] = float(t.short_form)
        f["text_f1"] = t.f1
        f["text_similarity"] = t.similarity
        f["text_spelling_variant"] = float(t.spelling_variant)
        f["text_initials"] = float(t.initials)
        f["text_negated"] = float(t.negated)
        f["text_hedged"] = float(t.hedged)
        f["text_extra_parts"] = _clip3(t.extra_parts)
        f["text_long_output"] = min(len(t.out_words) / 40, 1.0)
        if t.list_items:
            f["is_list"] = 1.0
            f["list_recall"] = t.list_found / t.list_items
            matched_out = t.list_found + len(t.list_extra)
            f["list_precision"] = t.list_found / matched_out if matched_out else 0.0
        if t.exp_polarity:
            f["is_yes_no"] = 1.0
            f["yes_no_equal"] = float(t.out_polarity == t.exp_polarity)
            f["yes_no_opposite"] = float(t.out_polarity is not None and t.out_polarity != t.exp_polarity)
            f["yes_no_missing"] = float(t.out_polarity is None)
    if ev.total:
        recall = ev.found / ev.total
        f["tally_recall"] = recall
        f["tally_all"] = float(recall == 1.0)
        f["tally_none"] = float(recall == 0.0)
        f["tally_some"] = float(0.0 < recall < 1.0)
        f["tally_extra"] = _clip3(ev.extra)
    m = ev.meaning  # None without an answer (evidence() compares by meaning only where there is one)
    if m is not None:
        f["has_meaning"] = 1.0
        f["meaning_similarity"] = m.similarity
        f["meaning_recall"] = m.recall
        f["meaning_precision"] = m.precision
        f["meaning_long"] = float(m.long)
        f["meaning_long_similarity"] = m.similarity if m.long else 0.0
        f["meaning_close"] = float(m.long and m.similarity >= 0.75 and not m.reversed)
        f["meaning_reversed"] = float(bool(m.reversed))
    return f


def check_features(fields: dict, similar=None) -> dict[str, float]:
    """The findings about a request's fields as ``FEATURE_NAMES`` -> value in [0, 1]."""
    return features_of(evidence(fields, similar))


def feature_vector(fields: dict, similar=None) -> list[float]:
    """``check_features`` in ``FEATURE_NAMES`` order."""
    f = check_features(fields, similar)
    return [f[name] for name in FEATURE_NAMES]


EXPLANATION_WORDS = 5  # a reference of at least this many words, holding nothing the checks compare, explains
# findings that the output matches the reference's text (whole, in a part, a part of it, a short form, a spelling,
# initials): there the checks did compare, and the default readout reads them well (the entity sentences of
# benchmarks/items/text_answers.jsonl)
TEXT_MATCHES = ("text_exact", "text_expected_in_output", "text_output_in_expected", "text_short_form",
                "text_spelling_variant", "text_initials", "tally_all")


def explains(fields: dict, features: dict[str, float] | None = None) -> bool:
    """Whether the reference is an explanation the checks cannot compare ("Because light moves
    much faster than sound."): a text of ``EXPLANATION_WORDS`` words or more holding no value,
    yes/no, list or computation, against an output that gives an answer and does not match the
    reference's text (``TEXT_MATCHES``).  Such answers are judged by meaning alone, and the
    backbone must be read deeper for it (``benchmarks/results/readouts/depth_sweep_explanations*.md``);
    ``Settings.explanations`` sends them to a larger one (``core/readers.py``).

        >>> explains({"input": "Why?", "output": "Sound is slow.", "expected": "Because light moves much faster than sound."})
        True
        >>> explains({"input": "When?", "output": "In 1969.", "expected": "Apollo 11 landed on 20 July 1969."})
        False
    """
    expected = fields.get("expected") if isinstance(fields, dict) else None
    if not isinstance(expected, str) or len(expected.split()) < EXPLANATION_WORDS:
        return False
    f = features if features is not None else check_features(fields)
    return not any(f[k] for k in ("has_values", "is_yes_no", "is_list", "has_computation", "no_answer") + TEXT_MATCHES)
