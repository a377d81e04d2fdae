"""Parts an output's *structure* marks as not its answer, before its clauses are read.

Outputs are often documents, not sentences: a reply that quotes the message it corrects, a
diff, numbered revisions, a table or a JSON object with a rejected column or field, odds over
several candidates.  Their structure says which value is the answer, whichever words sit
around it; so these conventions are read here, as a reader of such documents would, for any
value (assertion.py then reads the clauses that remain):

* a quoted message: lines starting with ``>``, an "On ... wrote:" line, everything after
  "-----Original Message-----" or "Forwarded message" (where the reply says something itself);
* a diff: where lines start with ``+`` and ``-``, the removed ``-`` lines;
* revisions: of "v1: ..", "v2 (final): ..", "draft 2: ..", all but the final (or latest) one;
  the lines of an "Edit history:" / "Changelog:" section after the answer;
* a correction: "changed from X to Y", "corrected from X to Y" (X); "in favour of X over Y"
  (Y, and odds such as "9 to 1" before it);
* a field or column whose name rejects its value ("rejected", "incorrect", "discarded",
  "previous", "runner-up", "alternatives considered": ``REJECTED_KEY``);
* odds over candidates ("X with 90%, Y with 10%", "P(Y) = 0.15"): the less likely
  candidates, and the likeliest one's odds.

HTML tables are rewritten as markdown tables first, so their header names their cells as the
markdown ones do (``html_tables``).  Never raises on odd text.

    >>> by_structure("> The answer is 825.\\n\\nSorry, my mistake. The answer is 815.")
    ('\\nSorry, my mistake. The answer is 815.', ['> The answer is 825.'])
    >>> by_structure("v1: 447\\nv2 (final): 437")[0]
    'v2 (final): 437'
    >>> by_structure("rejected: Ottawa\\naccepted: Toronto")
    ('accepted: Toronto', ['rejected: Ottawa'])
"""

from __future__ import annotations

import re

# a name that rejects what it names: a JSON key, a table's column, a "name: value" line's name
REJECTED_KEY = re.compile(
    r"(?:^|[\s_-])(?:rejected|discarded|dismissed|eliminated|excluded|disqualified|incorrect|wrong|false|invalid|"
    r"debunked|old|previous|prior|original|outdated|superseded|deprecated|obsolete|runner[\s_-]?up|"
    r"alternatives?|other[\s_-]candidates?|not[\s_-]the[\s_-]answer|crossed[\s_-]out|struck)"
    r"(?:[\s_-]+(?:answers?|values?|candidates?|results?|options?|choices?|guess(?:es)?|versions?|considered))*$",
    re.I)
_KEY_LINE = re.compile(r"^\W{0,3}(?P<key>[A-Za-z][\w '-]{0,40}?)\s*[:=]\s*(?P<value>\S.*)$")
_QUOTE = re.compile(r"^[ \t]*>(?!\s*\[!)")  # "> quoted"; not a markdown admonition ("> [!NOTE]")
_WROTE = re.compile(r"^[ \t]*On\b[^\n]{0,80}\bwrote:[ \t]*$", re.I | re.M)
_FORWARDED = re.compile(r"^[ \t]*-{2,}\s*(?:Original Message|Forwarded message)\s*-{2,}", re.I | re.M)
_VERSION = re.compile(r"^\W{0,3}(?:v|ver\.?|version|rev\.?|revision|draft|attempt|try|iteration)\s*#?(\d+)\b"
                      r"(?P<tail>[^:=\n]{0,30})[:=]", re.I)
_FINAL = re.compile(r"\b(?:final|current|latest|accepted)\b", re.I)
_HISTORY = re.compile(r"^\W{0,3}(?:edit|revision|version|change|answer)\s*(?:history|log)\s*:?\s*$|^\W{0,3}changelog\s*:?\s*$",
                      re.I)
_FROM_TO = re.compile(r"\b(?P<verb>corrected|changed|updated|revised|amended|fixed|edited|switched|moved)\s+from\s+"
                      r"(?P<old>[^\n;]{1,60}?)\s+(?=to\s)", re.I)
_RATIO = re.compile(r"\b\d+(?:\.\d+)?\s*(?:to|:)\s*\d+(?:\.\d+)?\s+(?=(?:in\s+favou?r\s+of|against|on)\b)", re.I)
_FAVOUR = re.compile(r"\bin\s+favou?r\s+of\s+[^\n;,]{1,60}?\s+(?P<old>over\s+[^\n;,.]{1,60})", re.I)
_PROB = r"(?P<p>\d{1,3}(?:\.\d+)?\s?%|0?\.\d+|1\.0)"
_ODDS_WORD = re.compile(r"\b(?:probability|probable|chance|likel(?:y|ihood)|confidence|odds|P\()", re.I)
_ODDS = [
    re.compile(rf"\bP\(\s*(?P<c>[^()\n]{{1,60}}?)\s*\)\s*(?:≈|=|~|:|is)\s*{_PROB}", re.I),
    re.compile(rf"(?P<c>[^\s,;:()]+(?:[ \t][^\s,;:()]+){{0,3}})\s+(?:with|at)\s+(?:a\s+)?{_PROB}"
               rf"(?:\s+(?:probability|chance|confidence|likelihood))?(?![\w%]|\.\d)", re.I),
]
_HTML_ROW = re.compile(r"<\s*tr[^>]*>(.*?)<\s*/\s*tr\s*>", re.I | re.S)
_HTML_CELL = re.compile(r"<\s*t[hd][^>]*>(.*?)<\s*/\s*t[hd]\s*>", re.I | re.S)
_HTML_TABLE = re.compile(r"<\s*table[^>]*>(.*?)<\s*/\s*table\s*>", re.I | re.S)


def html_tables(text: str) -> str:
    """Each HTML table as a markdown one (header row, separator, rows)."""
    def markdown(match: re.Match) -> str:
        rows = [[re.sub(r"<[^>]*>", "", c).strip() for c in _HTML_CELL.findall(r)] for r in _HTML_ROW.findall(match.group(1))]
        rows = [r for r in rows if r]
        if len(rows) < 2:
            return match.group(0)
        lines = ["| " + " | ".join(rows[0]) + " |", "|" + "---|" * len(rows[0])]
        return "\n" + "\n".join(lines + ["| " + " | ".join(r) + " |" for r in rows[1:]]) + "\n"
    return _HTML_TABLE.sub(markdown, text)


def by_structure(text: str) -> tuple[str, list[str]]:
    """``text`` without the parts its structure marks as not the answer, and those parts."""
    aside: list[str] = []
    for step in (_mail, _diff, _versions, _history, _rejected_keys, _corrections, _odds):
        text, out = step(text)
        aside += [a.strip() for a in out if a.strip()]
    return text, aside


def _has_own(lines: list[str]) -> bool:
    return any(re.search(r"\w", line) for line in lines)


def _mail(text: str) -> tuple[str, list[str]]:
    """A reply: the quoted message goes, where the reply says something of its own."""
    aside = []
    cut = _FORWARDED.search(text)
    if cut and re.search(r"\w", text[:cut.start()]):
        aside.append(text[cut.start():])
        text = text[:cut.start()]
    lines = text.split("\n")
    quoted = [i for i, line in enumerate(lines) if _QUOTE.match(line) or _WROTE.match(line)]
    if quoted and _has_own([line for i, line in enumerate(lines) if i not in quoted]):
        aside += [lines[i] for i in quoted]
        text = "\n".join(line for i, line in enumerate(lines) if i not in quoted)
    return text, aside


def _diff(text: str) -> tuple[str, list[str]]:
    """A diff's removed lines go and its added lines lose their ``+``."""
    lines = text.split("\n")
    added = [i for i, line in enumerate(lines) if re.match(r"^\+(?!\+)\s?\S", line)]
    removed = [i for i, line in enumerate(lines) if re.match(r"^-(?!-)\s?\S", line)]
    if not added or not removed:
        return text, []
    out = [re.sub(r"^\+\s?", "", line) if i in added else line for i, line in enumerate(lines) if i not in removed]
    return "\n".join(out), [lines[i] for i in removed]


def _versions(text: str) -> tuple[str, list[str]]:
    """Of several numbered versions, the final one (or the latest) stays."""
    lines = text.split("\n")
    versions = [(i, int(m.group(1)), bool(_FINAL.search(m.group("tail")))) for i, line in enumerate(lines)
                if (m := _VERSION.match(line))]
    if len(versions) < 2:
        return text, []
    final = [i for i, _, marked in versions if marked]
    keep = final[-1] if final else max(versions, key=lambda v: (v[1], v[0]))[0]
    drop = {i for i, _, _ in versions if i != keep}
    return "\n".join(line for i, line in enumerate(lines) if i not in drop), [lines[i] for i in sorted(drop)]


def _history(text: str) -> tuple[str, list[str]]:
    """An "Edit history:" section after the answer: the history, not the answer."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if _HISTORY.match(line) and _has_own(lines[:i]):
            end = next((j for j in range(i + 1, len(lines)) if not lines[j].strip()), len(lines))
            return "\n".join(lines[:i] + lines[end:]), lines[i:end]
    return text, []


def _rejected_keys(text: str) -> tuple[str, list[str]]:
    """``name: value`` lines (a table's cells read so) whose name rejects the value."""
    lines, aside, out = text.split("\n"), [], []
    for line in lines:
        m = _KEY_LINE.match(line)
        if m and REJECTED_KEY.search(m.group("key").strip()):
            aside.append(line)
        else:
            out.append(line)
    if not aside or not _has_own(out):
        return text, []
    return "\n".join(out), aside


def _corrections(text: str) -> tuple[str, list[str]]:
    """"changed from X to Y": X goes; "in favour of Y over X": "over X" goes."""
    aside = [f"from {m.group('old')}" for m in _FROM_TO.finditer(text)]
    text = _FROM_TO.sub(lambda m: f"{m.group('verb')} ", text)
    aside += [m.group(0) for m in _RATIO.finditer(text)]  # "9 to 1 in favour of": odds, not an answer
    text = _RATIO.sub("", text)
    aside += [m.group("old") for m in _FAVOUR.finditer(text)]
    text = _FAVOUR.sub(lambda m: m.group(0)[:m.start("old") - m.start()], text)
    return text, aside


def _odds(text: str) -> tuple[str, list[str]]:
    """Candidates given with probabilities: all but the likeliest go."""
    found = []
    if not _ODDS_WORD.search(text):  # "the loan at 5%, the other at 7%": rates, not odds
        return text, []
    for pattern in _ODDS:
        for m in pattern.finditer(text):
            p = m.group("p").replace(" ", "")
            value = float(p[:-1]) / 100 if p.endswith("%") else float(p)
            if 0 <= value <= 1 and not any(s < m.end() and m.start() < e for s, e, _, _ in found):
                found.append((m.start(), m.end(), m.group("c"), value))
    if len(found) < 2 or len({v for _, _, _, v in found}) < 2:
        return text, []
    best = max(v for _, _, _, v in found)
    aside = []
    for s, e, c, v in sorted(found, reverse=True):  # the likeliest keeps its name, not its odds
        aside.append(text[s:e])
        text = text[:s] + (c if v == best else "") + text[e:]
    return text, aside[::-1]
