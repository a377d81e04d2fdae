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
Toronto"); a mention in a question ("$12?") is asked, not given, unless the output said it before
("It's 14. ... So 14?" asks it back).  A voiding word with a subject of its own between it and the
mention before it ("the answer 447 - original decision struck out") is not said of that mention.

A candidate *stands* when its last mention has no voiding word: what an output voids after
saying it ("proposed: 6 ... retracted: 6", "answer = 349 / reverse 349") is void.  The caller
decides only where the stances differ: the reference voided while a rival stands (the rival is
the answer), or the reference standing while a rival is voided (that rival is discussion; a
value rival is dropped on its own, a name rival only with every other).  Where both stand or both are voided, the position rules decide as before.

Some words void what follows them rather than what is nearest (``VOIDING_AFTER``: "not", "in
place of", "the earlier caption X", "easy to confuse with X"); a substitution voids its old
text ("s/437/447/"), a change its old value ("changed 437 to 447"), and a condition its tested
value ("... if answer == 437"); a correction's result ("Corrected to 447") voids the candidates
named before it; a candidate said to come first ("initially", "first written as") is void
where another stands; and a candidate said to hold before ("was", "had", "as found", "v1") is
void where another is said to hold now ("now reads Sydney; before calibration it had drifted
to Canberra"), never by its tense alone.  Never raises on odd text.  The words and marks it reads
(in some forty languages) are listed in cues.py.

    >>> text = "Destination: 343\\nSkipped: 349 (waypoint removed: not the answer)"
    >>> standing(text, {"343": [(13, 16)], "349": [(26, 29)]})
    {'343': True, '349': False}
"""

from __future__ import annotations

import bisect
import re

from .cues import (BEFORE, FIRST, FOREIGN_MARKS, FOREIGN_VOIDING, LABEL_VOIDED, NOT_A_LABEL, NOW, VOIDING,
                   VOIDING_AFTER, VOIDING_BEFORE, unhedged)

MAX_CHARS = 4000

# a change said of what came before by a pronoun after "but": "had 825, but the jury amended it",
# "wrote Zurich, but the specialist corrected it", "fitted 825; the contractor has since put it right"
_BUT_FIXED = re.compile(r",?\s+but\s+[^.;\n]{0,80}?\b(?:correct|amend|fix|updat|chang|revis|overturn|revers|replac|overw?rit)"
                        r"\w*\s+(?:it|them|that|this)\b"
                        # Tajik, Kurmanji, Occitan, West Frisian, Tok Pisin, the pronoun before the verb or none
                        # ("аммо корманд онро ... ислоҳ кард", "lê kanalê ew rast kir", "mas ... o a corregit",
                        # "mar de sjuery hat ... it ferbettere", "tasol em i stretim pinis"), and Burmese ("... သော်လည်း ... ပြင်ဆင်")
                        r"|,?\s+(?:аммо|lê|mas|mar|tasol|met|ichaqa|ләкин|ae|nanging)\s+[^.;\n]{0,80}?(?:ислоҳ\s+кард|\brast\s+kir"
                        r"|\bcorregit|\bferbettere|\bstretim|\breizhet|\ballicharqan|төзәт|faʻasaʻo|leresaken|dibenerake)|သော်လည်း[^။;\n]{0,80}?ပြင်ဆင်"
                        # a correction or a recount that followed it ("still shows 14, but the trustees have posted a
                        # correction", "ran 14 for an hour before an editor swapped in a correction line")
                        r"|,?\s+(?:but|before)\s+[^.;\n]{0,80}?\b(?:correction|recount(?:ed)?|re-?measured|re-?weighed)\b", re.I)
# a voiding word that is the object of "in place of" ("Y inserted in place of words omitted")
_IN_PLACE_OF = re.compile(r"\b(?:in\s+place\s+of|instead\s+of)\s+(?:\w+\s+){0,2}$", re.I)
# "replaces", "supersedes": reach their object across the clause ("replaces the one sent a moment ago, X")
_REPLACES = re.compile(r"replac(?:es|ing)|supersed(?:es|ing)", re.I)
# "changed by", "corrected by": by whom it changed where no candidate follows ("Y (changed by deed poll)")
_AGENT = re.compile(r"(?:corrected|changed|revised|updated|amended)\s+by", re.I)
# a clause whose subject points back ("That was a slip", "This is wrong", "those labels have been
# overwritten"): its voiding word speaks of the clause before it, not of what follows it
_ANAPHORIC = re.compile(r"\W*(?:that|this|those|these)(?:\s+\w+)?(?:'s|\s+(?:is|was|are|were|(?:has|have|had)\s+been))"
                        r"(?:\s+\w+){0,2}?\s+", re.I)
# a voiding field's value that unsets it: "yanked: False", "rejected = no"
_UNSET = re.compile(r"[ \t]*[:=][ \t]*(?:false|no|none|null|0)\b", re.I)
# the same with a negated modal as the verb: "That can't be right", "This isn't it"
_ANAPHORIC_NEGATED = re.compile(r"\W*(?:that|this)\s+", re.I)
_NEGATED_MODAL = re.compile(r"can'?t|cannot|couldn'?t|isn'?t|wasn'?t", re.I)
# the same with "it" ("The minority fork said 6; it was abandoned"), where no candidate follows the cue closely
_IT = re.compile(r"\W*it(?:'s|\s+(?:is|was|has\s+been|had\s+been))(?:\s+\w+){0,2}?\s+", re.I)
# the same in other languages, before a foreign voiding word ("To błąd druku", "Das war falsch")
_ANAPHORIC_FOREIGN = re.compile(r"\W*(?:to|das|dies|dat|dit|det|c'est|cela|ce|eso|esto|questo|quello|isso|isto|это)"
                                r"(?:\s+(?:ist|war|est|était|es|era|fue|è|é|foi|is|was|är|var|jest|był[oa]?|un|une|ein|eine"
                                r"|een|ett|en|um|uma|uno|una))*\s+", re.I)
_FOREIGN_CUE = re.compile(rf"(?:{FOREIGN_VOIDING}|{FOREIGN_MARKS})", re.I)
# a time, not a verdict: "# after the rollback", "since the cancellation"
_TIME_BEFORE_CUE = re.compile(r"\b(?:after|since|following|until|before|post)\s+(?:the\s+|a\s+|an\s+|this\s+|that\s+|its\s+)?$",
                              re.I)
# a chat's correction of the message before it: "me: the answer's 437" / "me: *447"
_STARRED = re.compile(r"(?:^|(?<=\n))[ \t]*(?:[^\n:*]{1,24}:[ \t]*)?\*(?=[^\s*])")
# a counterfactual: "Had the canary passed, the answer would now be Y", "If it had ..., it would ..."
_COUNTERFACTUAL = re.compile(r"(?:^|(?<=[.!?]\s)|(?<=\n))(?:had\s+[^,.\n]{1,60}?|if\s+[^,.\n]{0,60}?\bhad\b[^,.\n]{0,60}?),"
                             r"[^.\n]*?\bwould\b[^.\n]*", re.I)
# a voiding verb whose object is a pronoun ("removed it", "overrode them"): it speaks of the clause before
_PRONOUN = re.compile(r"\s+(?:(?:do|use|make|keep|honou?r|ship|supply|deliver|get)\s+)?(?:it|them)\b(?!\s+(?:is|was|are|were)\b)",
                      re.I)  # "couldn't do it" too
# a voiding word said of the mention before it: "X has been abandoned", "X got demoted", "X was then withdrawn"
_PASSIVE = re.compile(r"[\s)\]\"'’”]*(?:(?:has|have|had)\s+(?:now\s+)?been|was|were|is|are|got|gets|being)"
                      r"(?:\s+(?:now|then|since|also|officially|later|just|quietly))?\s+", re.I)
# "X has been moved", "X was renamed": X is what was changed, wherever the change went (not "moved to Y")
_MOVED = re.compile(r"[\s)\]\"'’”]*(?:(?:has|have|had)\s+been|was|were|got)\s+(?:moved|changed|replaced|relocated|renamed|reassigned"
                    r"|retracted|relabell?ed|reclassified)\b(?!\s+(?:to|into|as|from)\b)", re.I)
# a second predicate joined on ("cancelled the estimated bill and rebilled you on 45"): a voiding
# verb before it has its own object, and does not reach across it
_COORDINATED = re.compile(r"\b(?:and|but|then)\s+(?:(?:have|has|had|also|then|i'?ve|we'?ve)\s+)?\w{3,}ed\b"
                          r"|,\s+(?:and|but|so|while)\s+(?!not\b|never\b)", re.I)  # or a new clause after a comma
# a subject of its own between a mention and the voiding word after it, one said to come earlier:
# "the answer 447 - original decision struck out", "Y, the previous ruling having been withdrawn"
_EARLIER_SUBJECT = re.compile(r"[ \t]*(?:[-–—,;(]|\s-)[ \t]*(?:the\s+|its\s+|their\s+|this\s+|that\s+|his\s+|her\s+)?"
                              r"(?:original|previous|old|earlier|former|prior|initial|first|provisional|on-field)"
                              r"(?:\s+[\w'’-]+){1,2}?\s+(?:(?:was|were|is|are|has\s+been|had\s+been|having\s+been|now|then)\s+)?",
                              re.I)
_FEW_WORDS = re.compile(r"\W*(?:\w+\W+){0,5}?", re.S)
# where a clause ends: a line, a sentence (not a decimal point), a semicolon
# (an ellipsis goes on), and a declaration after a colon or a comma ("it has been replaced: the answer is 349")
_BOUNDARY = re.compile(r"\n+|(?<=[!?])\s+|(?<=[^.]\.)\s+|\s*;\s*|\s+(?-i:STOP)\b\s*|(?<=[。！？။])|\s*•{2,}\s*"  # a ticker's "•••" too
                       r"|,\s+(?=(?:and|but|so)\s+(?-i:I|[Ww]e|[Yy]ou|[Hh]e|[Ss]he|[Tt]hey)\s+(?!(?:was|were|is|are)\b|\w+n[’']t\b))"
                       r"|(?:\s*[:,\u2013\u2014]|\s+-)\s+(?=(?:and\s+|so\s+|thus\s+)?(?:the\s+)?(?:correct\s+|right\s+|true\s+|final\s+)?"
                       r"answer\s+(?:is|was)\b)", re.I)


_STRUCK = re.compile(r"<(del|s|strike)\b[^>]*>.*?</\1\s*>", re.I | re.S)
# a substitution's old text: "s/437/447/", ":%s/8/6/g" (sed, vim, perl)
# a substitution's old text: sed's "s/X/Y/", an erratum's "for X read Y"
_SUBSTITUTED = re.compile(r"(?<![\w/])s/([^/\n]+)/[^/\n]*/[gimx]*(?=['\"\s]|$)"
                          r"|\bfor\s+([\"'‘“]?[^\n\"'‘“”’,;]{1,60}?[\"'’”]?),?\s+read\b", re.I)
# a change's old value: "changed Abuja to Lagos", "corrected 45 to 54", "amend the date 2025-04-10 to ..."
# the verbs of a change, as stems: one list for the change's old value here, the correction's
# result here and the result that fills the answer's slot (names.py)
CHANGE_VERBS = r"chang|correct|amend|revis|alter|updat|switch|edit|fix|restor|revert|rework|adjust|reset"
_CHANGED = re.compile(rf"\b(?:{CHANGE_VERBS})(?:e|es|ed|ing|s)?\s+(?:from\s+)?", re.I)  # "changes from X to Y" too
_CHANGED_TO = re.compile(r"[\"'’”`]?\s*(?:to|into)\b|\s*(?:→|->|=>)", re.I)
# a correction's result: "Corrected to Lagos", "restored to 54", "Should read: the answer is 8"; what
# other candidates were named before it is what it corrected
# (a past form: "a pending change to Y" is a change proposed, not made)
_RESULT = re.compile(rf"\b(?:(?:(?:{CHANGE_VERBS})ed|rework|reset)\s+(?:back\s+)?(?:to|into)"
                     r"|should\s+read|now\s+reads?"
                     # not "Figure announced and later corrected: X" (X is what was corrected)
                     r"|(?<!later\s)(?<!and\s)(?<!since\s)(?<!then\s)(?<!subsequently\s)correct(?:s|ed|ion)"
                     r"(?=\s*:|\s+(?-i:STOP)\b)"
                     # a column or a label that holds the corrected value in other languages ("Оңдолгон: Y", "Rættað: Y")
                     r"|(?:оңдолгон|rættað|korrigeret|korrigert|korrigiert|corrig[ée]e?|corregid[oa]|corrett[oa]|corrigid[oa]"
                     r"|gecorrigeerd|rättad|poprawion[aey]|исправлен[оа]?|виправлен[оа]?|ислоҳшуда|corregit|rastkirî|allichasqa|төзәтелгән|ua\s+faʻasaʻo|sawisé\s+dibenerake)(?=\s*:))\b\s*:?(?:\s+(?-i:STOP)\b)?", re.I)
# a value tested in a condition, not set: `replace answer = "447" if answer == "437"`,
# `df.loc[df["answer"] == "14", "answer"] = "12"`, `UPDATE t SET answer = 12 WHERE answer = 14`
_CONDITION = re.compile(r"(?:\bif\b|\belif\b|\bwhen\b|\[)[^\n]*?==\s*[\"']?$|\bwhere\b[^\n]*?(?<![=!<>])=\s*[\"']?$", re.I)
_COMMENTED = re.compile(r"^[ \t]*(?:#|//|;|--)[ \t]*[\w.\[\]\"']+[ \t]*[:=][^\n]*", re.M)
# a list's item: one of its own, no verdict on another
_ITEM = re.compile(r"[ \t]*(?:[-*•+·]\s|\d{1,2}[.)]\s|\\item\b)")


# an assignment in code or a config file: the last one to a name holds ('answer = "437"' then 'answer = "447"')
_ASSIGNED = re.compile(r"^[ \t]*(?:(?:let|var|const|export|set|local|declare)[ \t]+)?(?:mut[ \t]+)?([A-Za-z_][\w.]*)"
                       r"[ \t]*(?::[ \t]*\w+[ \t]*)?(?<![=!<>])=(?!=)[^\n]*", re.M)


def _rebound(text: str) -> list[re.Match]:
    """The assignments of ``text`` that a later one to the same name overrides."""
    seen: dict[str, re.Match] = {}
    out = []
    for m in _ASSIGNED.finditer(text):
        if m.group(1) in seen:
            out.append(seen[m.group(1)])
        seen[m.group(1)] = m
    return out


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
    text = unhedged(text[:MAX_CHARS] if isinstance(text, str) else "")  # "if I'm not mistaken": no verdict
    text = text.replace("_", " ")  # a key's words are words ("rejected_claim", "is_superseded"); places kept
    bounds = _clause_ends(text)
    starts = [0] + bounds

    def end_of(k: int) -> int:  # where clause k ends (its boundary included)
        return bounds[k] if k < len(bounds) else len(text)

    mentions = sorted((a, b, name) for name, spans in groups.items() for a, b in spans if 0 <= a < b <= len(text))
    clause = {m: _clause_of(bounds, m[0]) for m in mentions}
    # a question asks about what it names
    asked = {m for m in mentions if text[starts[clause[m]]:end_of(clause[m])].rstrip().endswith("?")}
    voided = set(asked)
    # struck-out markup (<del>Fe</del>) and a commented-out assignment ("#answer = P") set nothing
    for held in (*_STRUCK.finditer(text), *_COMMENTED.finditer(text), *_rebound(text)):
        voided.update(m for m in mentions if held.start() <= m[0] < held.end())
    for sub in _SUBSTITUTED.finditer(text):  # what a substitution replaces
        old = 1 if sub.group(1) is not None else 2
        voided.update(m for m in mentions if sub.start(old) <= m[0] < sub.end(old))
    for m in mentions:
        line = text[text.rfind("\n", 0, m[0]) + 1:m[0]]
        if _CONDITION.search(line):  # tested in a condition ("if answer == 437"): not set
            voided.add(m)

    def just_after(cue: re.Match):
        """The first mention after ``cue`` in its clause, if five words at most away."""
        k = _clause_of(bounds, cue.start())
        after = [m for m in mentions if clause[m] == k and m[0] >= cue.end()]
        return after[0] if after and _FEW_WORDS.fullmatch(text, cue.end(), after[0][0]) else None

    for cue in _CHANGED.finditer(text):  # "changed X to Y": X is the old value
        old = just_after(cue)
        if old and _CHANGED_TO.match(text, old[1]):
            voided.add(old)
    for cue in _RESULT.finditer(text):  # "Corrected to Y": the others named before it are what it corrected
        after = [m for m in mentions if m[0] >= cue.end() and "\n" not in text[cue.end():m[0]]]
        if after and _FEW_WORDS.fullmatch(text, cue.end(), after[0][0]):
            voided.update(m for m in mentions if m[1] <= cue.start() and m[2] != after[0][2])
    used = list(VOIDING_BEFORE.finditer(text))  # cues that have found their mention
    for cue in used:
        if _AGENT.fullmatch(cue.group()) and not just_after(cue):
            continue  # "Answer: $15 (changed by deed poll)", "Sydney - valid, amended by the Lupon": by whom, not to what
        k = _clause_of(bounds, cue.start())
        before = [m for m in mentions if clause[m] == k and m[1] <= cue.start()]
        if before:
            voided.add(before[-1])
    for cue in VOIDING_AFTER.finditer(text):
        target = just_after(cue)
        if not target and _REPLACES.fullmatch(cue.group()):  # "replaces the one sent a moment ago, Ankara"
            k = _clause_of(bounds, cue.start())
            target = next((m for m in mentions if clause[m] == k and m[0] >= cue.end()), None)
        if target:
            voided.add(target)
            used.append(cue)
    unset: list[tuple[int, int]] = []  # voiding fields set false, their "False" with them
    for cue in VOIDING.finditer(text):
        if any(c.start() <= cue.start() < c.end() for c in used) or any(a <= cue.start() < b for a, b in unset):
            continue
        field = _UNSET.match(text, cue.end())
        if field:  # a voiding field set false ("yanked: False", "rejected: no"): neither it nor its "False" voids
            unset.append((cue.start(), field.end()))
            continue
        if _TIME_BEFORE_CUE.search(text[max(0, cue.start() - 24):cue.start()]):
            continue  # "after the rollback": a time
        if _IN_PLACE_OF.search(text[max(0, cue.start() - 40):cue.start()]):
            continue  # "inserted in place of words omitted": what was replaced, said of no candidate
        if cue.group().lower().endswith("from"):  # "changed from X": X close after it, no label between
            old = just_after(cue)
            if not old or re.search(r"\w\W*[:,]", text[cue.end():old[0]]):
                continue  # "corrected from the division lists: Y": where the change came from, not what it changed
        k = _clause_of(bounds, cue.start())
        if k and (_ANAPHORIC.fullmatch(text, starts[k], cue.start())  # "That was a slip": the clause before
                  or (_ANAPHORIC_NEGATED.fullmatch(text, starts[k], cue.start()) and _NEGATED_MODAL.fullmatch(cue.group()))
                  or _same_subject(text, starts[k - 1], starts[k], cue.start())  # "The tea towels say Au. The tea towels are wrong."
                  or (_ANAPHORIC_FOREIGN.fullmatch(text, starts[k], cue.start()) and _FOREIGN_CUE.fullmatch(cue.group()))
                  or (_IT.fullmatch(text, starts[k], cue.start())  # no candidate a few words after it ("it is wrong: 6")
                      and not any(clause[m] == k and m[0] < cue.end() + 24 for m in mentions))
                  or (_opening_participle(text, starts[k], cue)  # "proposed Ankara; downgraded after repeats"
                      and not any(clause[m] == k for m in mentions))):
            prior = [m for m in mentions if clause[m] == k - 1]
            if prior:
                voided.add(prior[-1])
                continue
        if re.match(r"crossed\s+(?:it|them)\b", cue.group(), re.I):  # "first wrote 349, then crossed it out": what it points back to
            back = [m for m in mentions if m[1] <= cue.start() and clause[m] in (k - 1, k)]
            if back:
                voided.add(back[-1])
            continue
        near = _nearest(mentions, clause, k, cue)
        subject = [m for m in mentions if clause[m] == k and m[1] <= cue.start() and _PASSIVE.fullmatch(text, m[1], cue.start())]
        if subject:  # "the answer Thursday has been abandoned and Friday adopted": what it is said of
            near = subject[-1]
        if not near and k and _PRONOUN.match(text, cue.end()):  # "the post-editor overrode it": the clause before
            prior = [m for m in mentions if clause[m] == k - 1]
            if prior:
                voided.add(prior[-1])
                continue
        if near and near[1] <= cue.start() and _EARLIER_SUBJECT.fullmatch(text, near[1], cue.start()):
            continue  # "the answer 447 - original decision struck out": said of the earlier decision, not of 447
        if near and near[0] >= cue.end() and _COORDINATED.search(text, cue.end(), near[0]):
            continue  # "cancelled the estimated bill and rebilled you on 45": its own object, not 45
        if near:
            voided.add(near)
            continue
        # a line of its own: a verdict on the line above, or a heading over the line below
        end = end_of(k)
        line_start = starts[k] == 0 or text[starts[k] - 1] == "\n"
        own_line = line_start and "\n" in text[cue.end():end]
        record = _record(text, starts[k]) if own_line or (line_start and not text[end:].strip()) else None
        held = {m[2] for m in mentions if record and record[0] <= m[0] < record[1]}
        if len(held) == 1:  # a field of a record that names one candidate ("Used for billing: no - superseded")
            voided.update(m for m in mentions if record[0] <= m[0] < record[1])
            continue
        if not own_line:
            continue
        above = [m for m in mentions if m[1] <= starts[k] and text[m[1]:starts[k]].count("\n") == 1]
        after = [m for m in mentions if m[0] >= end and not re.search(r"\n\s*\n", text[cue.end():m[0]])]
        below = re.match(r"[ \t]*(?=\S)", text[end:])  # the next line's indent (a blank line ends the paragraph)
        if after and (below and len(below.group(0)) > _indent(text, starts[k])
                      or text[starts[k]:end].rstrip().endswith(":")):
            voided.add(after[0])  # over lines set in under it ("Won't do" / "   • 349 - rejected"), or introduced by it
        elif (above and _indent(text, starts[k]) <= _indent(text, above[-1][0])
              and not _ITEM.match(text[starts[k]:end])):
            voided.add(above[-1])  # on a line of its own level above it ("Claim: Sydney" / "Rating: FALSE")
        elif (after and len(re.findall(r"\w+", text[starts[k]:end])) > 1 and not _ITEM.match(text[starts[k]:end])
              and not _title_over_fields(text, starts[k], end)
              and not (NOW.search(text, starts[k], end)  # not "(the latest version replaces all earlier ones)"
                       and not re.search(r"\S[ \t]{2,}\S", text[starts[k]:end]))):  # but "Field   Old   New"
            voided.add(after[0])  # a table's heading ("Instead of   Use"), not a list's item
    for star in _STARRED.finditer(text):  # "*447" on its own: the message before it mistyped
        fix = [m for m in mentions if m[0] == star.end() and not text[m[1]:].partition("\n")[0].strip(" \t.!")]
        before = [m for m in mentions if m[1] <= star.start() and m[2] != fix[0][2]] if fix else []
        if before:
            voided.add(before[-1])
    for fix in _BUT_FIXED.finditer(text):  # "The state file had 825, but the apply updated it": 825 was changed
        before = [m for m in mentions if m[1] <= fix.start() and clause[m] == _clause_of(bounds, fix.start())]
        if before:
            voided.add(before[-1])
    for m in mentions:  # "The control printed as Ankara has been moved"
        if _MOVED.match(text, m[1]):
            voided.add(m)
    for cue in LABEL_VOIDED.finditer(text):  # "result posted: X" ... "result annulled": the label's value
        k = _clause_of(bounds, cue.start())
        if cue.group("noun").lower() in NOT_A_LABEL or any(clause[m] == k for m in mentions):
            continue
        label = re.compile(rf"\b{re.escape(cue.group('noun'))}\b[^:\n]{{0,30}}:\s*$", re.I)
        held = [m for m in mentions if m[1] <= cue.start() and label.search(text, text.rfind("\n", 0, m[0]) + 1, m[0])]
        if held:
            voided.add(held[-1])
    for cf in _COUNTERFACTUAL.finditer(text):  # what would have been
        voided.update(m for m in mentions if cf.start() <= m[0] < cf.end())
    # mentions that overlap are one mention ("Chaidh Zurich" and "Zurich"): what voids one voids the other
    voided |= {m for m in mentions if any(v[0] < m[1] and m[0] < v[1] for v in voided)}
    last = {}
    for name, spans in groups.items():
        seen = [(a, b, name) for a, b in sorted(spans) if 0 <= a < b <= len(text)]
        said = [m for m in seen if m not in asked]  # a question after it asks it back ("So the answer 14?"), not voids it
        last[name] = (said or seen)[-1] if seen else None  # where it was said last
    # what held before is void where another candidate is said to hold now
    now = {_nearest_now(text, mentions, clause, _clause_of(bounds, c.start()), c) for c in NOW.finditer(text)}
    before = {_nearest(mentions, clause, _clause_of(bounds, c.start()), c) for c in BEFORE.finditer(text)}
    if any(m in now and m not in before and m not in voided for m in last.values()):
        voided.update(m for m in last.values() if m in before and m not in now)
    first = {_nearest(mentions, clause, _clause_of(bounds, c.start()), c) for c in FIRST.finditer(text)}
    if any(m is not None and m not in first and m not in before and m not in voided for m in last.values()):
        voided.update(m for m in last.values() if m in first and m not in now)
    return {name: m is not None and m not in voided for name, m in last.items()}


_FIELD = re.compile(r"[ \t]*[^\W\d][^:\n]{0,40}:[ \t]*\S[^\n]*")


_SUBJECT = re.compile(r"\W*(?:the|that|this|those|these)\s+((?:[\w'’]+\s+){0,2}?[\w'’]+)"
                      r"\s+(?:is|are|was|were|(?:has|have|had)\s+been)(?:\s+\w+){0,2}?\s+", re.I)


def _same_subject(text: str, before: int, start: int, cue: int) -> bool:
    """Whether the clause from ``start`` says its voiding word (at ``cue``) of a subject the clause
    before it (from ``before``) opened with: "The tea towels say Au. The tea towels are wrong."."""
    m = _SUBJECT.fullmatch(text, start, cue)
    return bool(m) and re.match(rf"\W*the\s+{re.escape(m.group(1))}\s+(?:says?|said|shows?|showed|lists?|listed|gives?|gave"
                                rf"|reads?|states?|stated|claims?|claimed|is|are|was|were|has|have|had)\b",
                                text[before:start], re.I) is not None


def _opening_participle(text: str, start: int, cue: re.Match) -> bool:
    """Whether ``cue`` is a participle that opens the clause from ``start``, after a sentence or a
    semicolon on the same line, and is no label ("Reverted: X")."""
    return (re.fullmatch(r"\W*", text[start:cue.start()]) is not None and cue.group().lower().endswith("ed")
            and not text[:start].rstrip(" \t").endswith("\n") and not text.startswith(":", cue.end()))


def _title_over_fields(text: str, start: int, end: int) -> bool:
    """Whether the line from ``start`` to ``end`` is a short title ("Draft tracker") over a line of
    ``name: value``: it names the document, and says nothing of the field under it."""
    line = text[start:end].strip()
    below = text[end:].partition("\n")[0]
    return len(re.findall(r"\w+", line)) <= 3 and not _FIELD.fullmatch(line) and bool(_FIELD.fullmatch(below))


def _record(text: str, pos: int) -> tuple[int, int] | None:
    """``(start, end)`` of the record that holds the line at ``pos``: a paragraph (blank lines
    around it) of ``name: value`` lines only, as a table's row is read (assertion.as_lines); None
    where the paragraph is anything else."""
    start = text.rfind("\n\n", 0, pos)
    start = 0 if start < 0 else start + 2
    end = text.find("\n\n", pos)
    end = len(text) if end < 0 else end
    lines = [line for line in text[start:end].split("\n") if line.strip()]
    fields = [line for line in lines if _FIELD.fullmatch(line)]
    # a cell under an empty header stands bare ("| pisanan | Friday | klèru |"): a short line of its own
    bare_ok = all(_FIELD.fullmatch(line) or len(line.split()) <= 3 for line in lines)
    return (start, end) if len(lines) > 1 and fields and bare_ok else None


def _clause_ends(text: str) -> list[int]:
    """Where each clause of ``text`` ends (``_BOUNDARY``), except that a declaration after a label
    of a few words is the label's value ("Avoid:  the answer is 12")."""
    ends = []
    for m in _BOUNDARY.finditer(text):
        mark = m.group().strip()[:1]
        label = text[text.rfind("\n", 0, m.start()) + 1:m.start()]
        if not (mark and mark in ":,\u2013\u2014" and len(re.findall(r"\w+", label)) < 4):
            ends.append(m.end())
    return ends


def _nearest_now(text: str, mentions: list, clause: dict, k: int, cue: re.Match):
    """The mention a NOW word speaks of: the one before it where the word ends its part of the
    clause ("Toronto is on my badge now - but it read Ottawa"), else the nearest."""
    if re.match(r"\s*(?:[-–—,;]|but\b)", text[cue.end():]):
        before = [m for m in mentions if clause[m] == k and m[1] <= cue.start()]
        if before:
            return before[-1]
    return _nearest(mentions, clause, k, cue)


def _nearest(mentions: list, clause: dict, k: int, cue: re.Match):
    """The mention of clause ``k`` nearest to ``cue`` (the one after it where two are as near),
    or None."""
    near = [m for m in mentions if clause[m] == k and not (m[0] < cue.end() and cue.start() < m[1])]
    if not near:
        return None

    def gap(m):  # characters between the cue and the mention; the one after it first where equal
        return (cue.start() - m[1], 1) if m[1] <= cue.start() else (m[0] - cue.end(), 0)
    return min(near, key=gap)
