"""``--format matrix``: which tool works with which client.

One table per file: a row per tool, a column per selected client profile. A cell is ``✓`` when
no finding is an error for that client, and otherwise lists the rules that are (the ones to fix
for that client). Warnings do not block a cell; the text format lists them.
"""

from __future__ import annotations

from collections.abc import Sequence

from portlint.report.escape import visible
from portlint.report.summary import FileResult

PASS = "✓"
FAIL = "✗"
_NO_TOOL = "(schema)"


def _profile(label: str) -> str:
    return label.partition("@")[0]


def _table(rows: list[list[str]]) -> list[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return ["  " + "  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip()
            for row in rows]


def render_matrix(results: Sequence[FileResult]) -> str:
    columns: list[str] = []
    for result in results:
        for target in result.targets:
            if target not in columns:
                columns.append(target)
    lines: list[str] = []
    tools_total = tools_passing = 0
    for result in results:
        unchecked = [f for f in result.findings if f.rule in ("parse-error", "document-too-large",
                                                              "internal-error")]
        blocked: dict[str, dict[str, list[str]]] = {}
        order = list(result.tools)
        for finding in result.findings:
            row = finding.tool_label or _NO_TOOL
            if row not in order:
                order.append(row)
            for profile in finding.blocking:
                rules = blocked.setdefault(row, {}).setdefault(profile, [])
                if finding.rule not in rules:
                    rules.append(finding.rule)
        if not order and not unchecked:
            continue
        lines.append(visible(result.path))
        for finding in unchecked:
            line, column = result.position(finding.span[0])
            lines.append(f"  not fully checked: {finding.rule} at {line}:{column}")
        if order:
            rows = [["tool", *columns]]
            for tool in order:
                cells: list[str] = []
                for target in columns:
                    if target not in result.targets:
                        cells.append("-")
                        continue
                    rules = blocked.get(tool, {}).get(_profile(target), [])
                    cells.append(f"{FAIL} {', '.join(rules)}" if rules else PASS)
                tools_total += 1
                tools_passing += not any(c.startswith(FAIL) for c in cells)
                rows.append([visible(tool), *cells])
            lines.extend(_table(rows))
        lines.append("")
    if not lines:
        return "No tools found.\n"
    lines.append(f"{tools_passing} of {tools_total} tools have no error for any of: "
                 f"{', '.join(columns)}. {PASS}: no error for that client (warnings may remain); "
                 f"{FAIL}: the rules that are errors for it.")
    return "\n".join(lines) + "\n"
