"""Inline suppressions: ``# portlint: ignore[rule, ...]`` and ``# portlint: ignore-file[rule]``.

Where the format has comments (YAML and Python), a comment

* at the end of a line suppresses those rules' findings on that line;
* alone on a line suppresses them on the next line;
* ``ignore-file[...]`` anywhere suppresses them in the whole file.

A finding is "on a line" when its range starts or ends there, or when the key that names it is
there (so ``type:  # portlint: ignore[type-union]`` covers a block list under ``type``). Comments
are found outside every scalar's text, so a ``#`` inside a string never counts. JSON has no
comments: use ``per-file-ignores`` in the configuration.

A suppression that suppresses nothing is itself reported as ``unused-suppression`` — with a safe
fix removing it — unless its rule is switched off (then it could not have fired).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from portlint.model import Applicability, Finding, Fix, Severity, TextEdit
from portlint.source.located import Span
from portlint.source.text import LineIndex

_DIRECTIVE = re.compile(r"portlint:\s*(ignore-file|ignore)\[([^\]\n]*)\]")
_RULE_TOKEN = re.compile(r"[^\s,]+")


class Suppression:
    def __init__(self, kind: str, rules: list[tuple[str, Span]], comment: Span, *, line: int,
                 target_line: int, standalone: bool) -> None:
        self.kind = kind  # "ignore" | "ignore-file"
        self.rules = rules  # each rule id with its place in the comment
        self.comment = comment  # from ``#`` to the end of the comment
        self.line = line  # the comment's line
        self.target_line = target_line  # the line it covers (ignore)
        self.standalone = standalone
        self.used: set[str] = set()


def parse(text: str, comments: Iterable[tuple[int, int]], index: LineIndex) -> list[Suppression]:
    out: list[Suppression] = []
    for start, end in comments:
        match = _DIRECTIVE.search(text, start, end)
        if match is None:
            continue
        body_start = match.start(2)
        rules = [(m.group(), (body_start + m.start(), body_start + m.end()))
                 for m in _RULE_TOKEN.finditer(match.group(2))]
        line, _ = index.position(start)
        standalone = text[index.line_start(line):start].strip() == ""
        out.append(Suppression(match.group(1), rules, (start, end), line=line,
                               target_line=line + 1 if standalone else line,
                               standalone=standalone))
    return out


def _lines_of(finding: Finding, index: LineIndex) -> set[int]:
    lines = {index.position(finding.span[0])[0], index.position(finding.span[1])[0]}
    if finding.key_offset is not None:
        lines.add(index.position(finding.key_offset)[0])
    return lines


def apply(findings: list[Finding], suppressions: list[Suppression], index: LineIndex,
          rule_enabled: Callable[[str], bool], text: str) -> list[Finding]:
    """The findings left after suppression, plus one ``unused-suppression`` per unused id."""
    from portlint.rules import RULES_BY_ID

    if not suppressions:
        return findings
    # suppressions by what they name — a line comment by (line, rule), a file comment by rule
    # — so each finding looks up its own instead of reading every comment of the file
    by_line: dict[tuple[int, str], list[Suppression]] = {}
    by_file: dict[str, list[Suppression]] = {}
    for suppression in suppressions:
        for rule, _ in suppression.rules:
            if suppression.kind == "ignore":
                by_line.setdefault((suppression.target_line, rule), []).append(suppression)
            else:
                by_file.setdefault(rule, []).append(suppression)
    kept: list[Finding] = []
    for finding in findings:
        rule = finding.rule
        matching = list(by_file.get(rule, ()))
        if by_line:
            for line in _lines_of(finding, index):
                matching.extend(by_line.get((line, rule), ()))
        for suppression in matching:
            suppression.used.add(rule)
        if not matching:
            kept.append(finding)
    for suppression in suppressions:
        unused = [(rule, span) for rule, span in suppression.rules
                  if rule not in suppression.used and (rule not in RULES_BY_ID
                                                       or rule_enabled(rule))]
        for rule, span in unused:
            kept.append(_unused_finding(suppression, rule, span, unused_count=len(unused),
                                        text=text, index=index))
    return kept


def _unused_finding(suppression: Suppression, rule: str, span: Span, *, unused_count: int,
                    text: str, index: LineIndex) -> Finding:
    from portlint.rules import RULES_BY_ID

    if rule not in RULES_BY_ID:
        message = f"`{rule}` is not a portlint rule, so this suppression does nothing."
    elif suppression.kind == "ignore-file":
        message = f"This file-wide suppression of `{rule}` suppresses nothing: the file has no " \
                  f"`{rule}` finding."
    else:
        message = (f"This suppression of `{rule}` suppresses nothing: there is no `{rule}` "
                   f"finding on line {suppression.target_line + 1}.")
    if unused_count == len(suppression.rules):
        edit = _remove_comment(suppression, text, index)
        title = "Remove the unused suppression comment (no finding changes)"
    else:
        edit = _remove_rule(span, text)
        title = f"Remove `{rule}` from the suppression (no finding changes)"
    return Finding(rule="unused-suppression", severity=Severity.WARNING, message=message,
                   suggestion="Remove it, so the comment does not hide a future finding.",
                   span=span, fixes=(Fix(title, Applicability.SAFE, (edit,)),))


def _remove_rule(span: Span, text: str) -> TextEdit:
    start, end = span
    after = end
    while after < len(text) and text[after] in " \t":
        after += 1
    if after < len(text) and text[after] == ",":
        after += 1
        while after < len(text) and text[after] in " \t":
            after += 1
        return TextEdit(start, after, "")
    before = start
    while before > 0 and text[before - 1] in " \t":
        before -= 1
    if before > 0 and text[before - 1] == ",":
        return TextEdit(before - 1, end, "")
    return TextEdit(start, end, "")


def _remove_comment(suppression: Suppression, text: str, index: LineIndex) -> TextEdit:
    start, end = suppression.comment
    if suppression.standalone:
        line_start = index.line_start(suppression.line)
        line_end = index.line_end(suppression.line)
        stop = line_end
        if text.startswith("\r\n", stop):
            stop += 2
        elif stop < len(text):
            stop += 1
        return TextEdit(line_start, stop, "")
    while start > 0 and text[start - 1] in " \t":
        start -= 1
    return TextEdit(start, end, "")
