"""Stance: which of an output's candidate answers it lets stand, and which it voids.

Where an output names the reference *and* a rival of its kind (rivals.py for values, names.py
for names), the rules before this one look for the device the output's format uses to say
which one it means (a declaration, an erratum's "for X read Y", a struck line), and a format
they do not know is read by position alone.  Every format, though, says "not this one" in
words or marks next to what it voids: "Skipped: 349 (waypoint removed: not the answer)",
"Au   VOID - specimen mislabelled", "Previously reported: 6 (reported in error)", "○ Canberra
not the answer", "the figure of Canberra ... was reversed in full".  So each mention of a
candidate is read with the words of its own clause: a voiding word (``VOIDING``: a negation,
"wrong", "removed", "withdrawn", "superseded", "in error", a cross) belongs to the mention
nearest to it in its clause (the one after it where two are as near: "not X" is commoner
than "X no"), and a mention in a question ("$12?") is asked, not given.

A candidate *stands* when at least one of its mentions has no voiding word.  The caller
decides only where the stances differ: the reference voided everywhere while a rival stands
(the rival is the answer), or the reference standing while every rival is voided (the rivals
are discussion).  Where both stand or both are voided, the position rules decide as before.
Never raises on odd text.

    >>> text = "Destination: 343\\nSkipped: 349 (waypoint removed: not the answer)"
    >>> standing(text, {"343": [(13, 16)], "349": [(26, 29)]})
    {'343': True, '349': False}
"""

from __future__ import annotations

import bisect
import re

MAX_CHARS = 4000

VOIDING = re.compile(r"""
    \b(?:not|no|never|nope|neither|nor|wrong(?:ly)?|incorrect(?:ly)?|false|untrue|invalid(?:ated)?|void(?:ed)?
       |reject(?:ed|s|ion)?|refused|withdrawn|withdrew|retract(?:ed|ion)?|revers(?:ed|al|ing)|removed|excluded
       |skipped|avoid(?:ed|ing)?|cancel(?:l?ed|lation)?|superseded|obsolete|outdated|deprecated|erroneous(?:ly)?
       |in\s+error|mistake[n]?|misprint(?:ed)?|mislabel(?:l?ed)|struck|crossed\s+out|deleted|discarded|dropped
       |overturned|overruled|instead(?:\s+of)?|rather\s+than|notwithstanding|ignored|typo|previously|formerly|originally
       |won'?t|isn'?t|wasn'?t|aren'?t|weren'?t|doesn'?t|don'?t|didn'?t|cannot|can'?t|disqualified|eliminated
       |denied|debunked|bogus|fails?|failed|conflicts?\s+with|ruled\s+out|knocked\s+out|relegated|stale|expired
       |evict(?:ed|ing)?|erased?|undo(?:ne)?|revert(?:ed)?|rolled\s+back|rollback|revoked|rescinded|annulled|vetoed
       |disallowed|scrapped|abandoned|dismissed|declined|overridden|outvoted|dead\s+end)\b
  | [✘✗❌⊘🗑○☐⛔🚫]
""", re.X | re.I)
# where a clause ends: a line, a sentence (not a decimal point), a semicolon
_BOUNDARY = re.compile(r"\n+|(?<=[.!?])\s+|\s*;\s*")


def _clause_of(bounds: list[int], pos: int) -> int:
    return bisect.bisect_right(bounds, pos)


def standing(text: str, groups: dict[str, list[tuple[int, int]]]) -> dict[str, bool]:
    """For each candidate (its mentions as ``(start, end)`` in ``text``), whether at least one
    mention is left standing: no voiding word of its clause is nearer to another mention, and
    its clause is not a question."""
    text = text[:MAX_CHARS] if isinstance(text, str) else ""
    bounds = [m.end() for m in _BOUNDARY.finditer(text)]
    starts = [0] + bounds
    mentions = [(a, b, name) for name, spans in groups.items() for a, b in spans if 0 <= a < b <= len(text)]
    voided: set[tuple[int, int, str]] = set()
    for a, b, name in mentions:  # a question asks about what it names
        k = _clause_of(bounds, a)
        end = bounds[k] if k < len(bounds) else len(text)
        if text[starts[k]:end].rstrip().endswith("?"):
            voided.add((a, b, name))
    for cue in VOIDING.finditer(text):
        k = _clause_of(bounds, cue.start())
        near = [(a, b, name) for a, b, name in mentions
                if _clause_of(bounds, a) == k and not (a < cue.end() and cue.start() < b)]
        if not near:
            continue
        def gap(m):  # characters between the cue and the mention; the one after it first where equal
            a, b, _ = m
            return (cue.start() - b, 1) if b <= cue.start() else (a - cue.end(), 0)
        voided.add(min(near, key=gap))
    return {name: any((a, b, name) not in voided for a, b in spans if 0 <= a < b <= len(text))
            for name, spans in groups.items()}
