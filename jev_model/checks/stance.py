"""Stance: which of an output's candidate answers it lets stand, and which it voids.

Where an output names the reference *and* a rival of its kind (rivals.py for values, names.py
for names), the rules before this one look for the device the output's format uses to say
which one it means (a declaration, an erratum's "for X read Y", a struck line), and a format
they do not know is read by position alone.  Every format, though, says "not this one" in
words or marks next to what it voids: "Skipped: 349 (waypoint removed: not the answer)",
"Au   VOID - specimen mislabelled", "Previously reported: 6 (reported in error)", "○ Canberra
not the answer", "the figure of Canberra ... was reversed in full".  So each mention of a
candidate is read with the words of its own clause: a voiding word (``VOIDING``: a negation,
"wrong", "removed", "withdrawn", "superseded", "in error", "formerly", "old", a cross) belongs
to the mention nearest to it in its clause (the one after it where two are as near: "not X" is
commoner than "X no"); some words void what stands before them ("Canberra replaced by Sydney",
``VOIDING_BEFORE``); a commented-out assignment ("#answer = P") and struck-out markup
(``<del>``) void what they hold; a line that names none heads the lines set in under it ("Won't
do" over "   • 349 - rejected"), or else is a verdict on the line above it at its own level
unless it is a list's item ("Claim: Sydney" / "Rating: FALSE"), or else a heading of more than
one word over the first mention below it in its paragraph ("Instead of   Use" over "Ottawa ->
Toronto"); a mention in a question ("$12?") is asked, not given.

A candidate *stands* when its last mention has no voiding word: what an output voids after
saying it ("proposed: 6 ... retracted: 6", "answer = 349 / reverse 349") is void.  The caller
decides only where the stances differ: the reference voided while a rival stands (the rival is
the answer), or the reference standing while every rival is voided (the rivals are
discussion).  Where both stand or both are voided, the position rules decide as before.
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
       |disallowed|scrapped|abandoned|dismissed|declined|overridden|outvoted|dead\s+end|gone|errors?|reverse|delete
       |remove|drop|strike|cancel|(?:revised|changed|corrected|amended|updated|moved)\s+from)\b
  | \b(?:old|former(?:ly)?|predecessor|preceded\s+by|earlier|recalled|outgoing|legacy|prior|draft|no\s+longer)\b
  | (?:^|(?<=\n))(?:del|strike)[ \t]*:  # struck-out markup read as a line (assertion.as_lines)
  | [✘✗✖❌⊘🗑○☐⛔🚫]
""", re.X | re.I)
# what voids the mention before it: "Canberra replaced by Sydney", "K superseded by P"
VOIDING_BEFORE = re.compile(r"\b(?:replaced|superseded|succeeded|overridden|overruled|overturned|corrected|changed"
                            r"|revised|updated|amended)\s+(?:by|with|to)\b", re.I)
# where a clause ends: a line, a sentence (not a decimal point), a semicolon
_BOUNDARY = re.compile(r"\n+|(?<=[!?])\s+|(?<=[^.]\.)\s+|\s*;\s*")  # an ellipsis goes on


_STRUCK = re.compile(r"<(del|s|strike)\b[^>]*>.*?</\1\s*>", re.I | re.S)
_COMMENTED = re.compile(r"^[ \t]*(?:#|//|;|--)[ \t]*[\w.\[\]\"']+[ \t]*[:=][^\n]*", re.M)
# a list's item: one of its own, no verdict on another
_ITEM = re.compile(r"[ \t]*(?:[-*•+·]\s|\d{1,2}[.)]\s|\\item\b)")


def _indent(text: str, pos: int) -> int:
    """The indent of the line that holds ``pos``."""
    start = text.rfind("\n", 0, pos) + 1
    return len(text[start:]) - len(text[start:].lstrip(" \t"))


def _clause_of(bounds: list[int], pos: int) -> int:
    return bisect.bisect_right(bounds, pos)


def standing(text: str, groups: dict[str, list[tuple[int, int]]]) -> dict[str, bool]:
    """For each candidate (its mentions as ``(start, end)`` in ``text``), whether its last
    mention is left standing: no voiding word of its clause is nearer to it than to another
    mention, and its clause is not a question."""
    text = text[:MAX_CHARS] if isinstance(text, str) else ""
    bounds = [m.end() for m in _BOUNDARY.finditer(text)]
    starts = [0] + bounds

    def end_of(k: int) -> int:  # where clause k ends (its boundary included)
        return bounds[k] if k < len(bounds) else len(text)

    mentions = sorted((a, b, name) for name, spans in groups.items() for a, b in spans if 0 <= a < b <= len(text))
    clause = {m: _clause_of(bounds, m[0]) for m in mentions}
    # a question asks about what it names
    voided = {m for m in mentions if text[starts[clause[m]]:end_of(clause[m])].rstrip().endswith("?")}
    # struck-out markup (<del>Fe</del>) and a commented-out assignment ("#answer = P") set nothing
    for held in (*_STRUCK.finditer(text), *_COMMENTED.finditer(text)):
        voided.update(m for m in mentions if held.start() <= m[0] < held.end())
    before_cues = list(VOIDING_BEFORE.finditer(text))
    for cue in before_cues:
        k = _clause_of(bounds, cue.start())
        before = [m for m in mentions if clause[m] == k and m[1] <= cue.start()]
        if before:
            voided.add(before[-1])
    for cue in VOIDING.finditer(text):
        if any(c.start() <= cue.start() < c.end() for c in before_cues):
            continue
        k = _clause_of(bounds, cue.start())
        near = [m for m in mentions if clause[m] == k and not (m[0] < cue.end() and cue.start() < m[1])]
        if near:
            def gap(m):  # characters between the cue and the mention; the one after it first where equal
                return (cue.start() - m[1], 1) if m[1] <= cue.start() else (m[0] - cue.end(), 0)
            voided.add(min(near, key=gap))
            continue
        # a line of its own: a verdict on the line above, or a heading over the line below
        end = end_of(k)
        if not ((starts[k] == 0 or text[starts[k] - 1] == "\n") and "\n" in text[cue.end():end]):
            continue
        above = [m for m in mentions if m[1] <= starts[k] and text[m[1]:starts[k]].count("\n") == 1]
        after = [m for m in mentions if m[0] >= end and not re.search(r"\n\s*\n", text[cue.end():m[0]])]
        below = re.match(r"[ \t]*(?=\S)", text[end:])  # the next line's indent (a blank line ends the paragraph)
        if after and below and len(below.group(0)) > _indent(text, starts[k]):
            voided.add(after[0])  # over lines set in under it ("Won't do" / "   • 349 - rejected")
        elif (above and _indent(text, starts[k]) <= _indent(text, above[-1][0])
              and not _ITEM.match(text[starts[k]:end])):
            voided.add(above[-1])  # on a line of its own level above it ("Claim: Sydney" / "Rating: FALSE")
        elif after and len(re.findall(r"\w+", text[starts[k]:end])) > 1:
            voided.add(after[0])  # a table's heading ("Instead of   Use")
    out = {}
    for name, spans in groups.items():
        seen = sorted((a, b) for a, b in spans if 0 <= a < b <= len(text))
        out[name] = bool(seen) and (*seen[-1], name) not in voided  # where it was said last
    return out
