"""Computed checks: the values and text answers in an answer, normalised and compared, and
the computation the question states, computed.

A small decision model judges "November 21, 2026" against "2026-12-21", or "Madrid"
against "Paris", by intuition; it cannot count days or spell.  Before the forward pass,
``checks_for`` reads the request fields, finds

* dates      (ISO, numeric with / . -, month names; parsed and validated by python-dateutil)
* times      (14:30, 2:30 pm, 9 am) and weekdays
* quantities (numbers in digits or words, money with a currency, percentages, measurements
              with a unit, converted to a base unit where that is a fixed factor; equal within
              the precision they are written with where a unit was converted or a side is
              written as rounded: "about 42.2 km" is "26.2 miles")
* text answers, where the reference holds no such values (names, places, phrases, yes/no,
              lists, a sentence or two), compared after normalising
* an output that gives no answer ("I don't know", "none of these", a refusal, nothing)

in ``output`` and ``expected`` (or ``expected_assertion``), compares them, and where
``input`` states a computation plainly (an arithmetic expression, "P% of N", a date plus
or minus a duration, the days between two dates) computes it with a safe evaluator
(``safe_eval``: ast-based, whitelisted operators, bounded sizes; never ``eval``).

The result is one short neutral line that the engine adds to the state as ``checks:``;
``None`` when there is nothing to say.  It never raises on odd text.  ``check_features``
gives the same findings as numbers (``FEATURE_NAMES``), for a readout that takes them as
explicit inputs.

One module per kind of evidence, each read on its own:

    lexer.py         reading text: the token list every recogniser walks; number words
    dates.py         dates, times, weekdays
    quantities.py    numbers, money, percentages, units
    values.py        every value in one text
    arithmetic.py    written-out arithmetic, read and computed (safe_eval)
    computations.py  what the input states, computed, matched against each side
    normalise.py     a text answer without wrappers, hedges, case, accents, punctuation
    aliases.py       other names of one thing: countries, currencies (pycountry), elements (periodictable)
    text.py          text answers compared: exact, contained, SQuAD F1, spelling, initials, aliases,
                     yes/no said any way, lists in any order
    assertion.py     what the output asserts, told from what it quotes, rejects or says to the grader
    structure.py     document structure that sets text aside (quoted messages, diffs, earlier versions)
    rivals.py        another value of the expected one's kind beside it
    declared.py      the answer the output declares ("the answer is Y", a ticked box)
    names.py         another name of the reference's kind (the tables or a sentence encoder tell the kind)
    stance.py        which candidate each mention's words void, where the reference and a rival both stand
    meaning.py       the answer against the reference by meaning (a sentence encoder, claims)
    line.py          the findings gathered (``evidence``) and written as one line with its tally
    features.py      the findings as a fixed-order feature vector

Example:
    >>> checks_for({"input": "A key was created on 2026-09-22 with a 90-day expiry. When does it expire?",
    ...             "output": "November 21, 2026.", "expected": "2026-12-21"})
    'dates: output 2026-11-21, expected 2026-12-21, not equal, 30 days apart; input computes 2026-09-22 + 90 days = 2026-12-21 (matches expected, not output); in all: none of 1 expected found, plus 1 other'
    >>> checks_for({"input": "What is the capital of France?", "output": "Madrid", "expected": "Paris"})
    'answer: not equal'
"""

from __future__ import annotations

from .arithmetic import safe_eval
from .features import FEATURE_NAMES, check_features, feature_vector, features_of
from .line import LINE_VERSION, Evidence, evidence
from .values import Found, find

__all__ = ["FEATURE_NAMES", "LINE_VERSION", "Evidence", "Found", "check_features", "checks_for", "evidence", "feature_vector",
           "features_of", "find", "safe_eval"]


def checks_for(fields: dict) -> str | None:
    """The computed-checks line for a request's fields, or None when nothing was found.

    Reads ``output`` against ``expected`` (or ``expected_assertion``), and ``input`` for a
    stated computation."""
    ev = evidence(fields)
    return None if ev is None else ev.line()
