"""Placing findings in the text: a rule's report, a reader's problem, a rule's failure — each
becomes a :class:`~portlint.model.Finding` at its range, naming its tool and its path.

Rules speak in paths (as Spectral's do); this module maps a path to the range of its value or
key, renders the report's fix plans into edits in the document's own format, and says which
tool a path belongs to and how the path reads relative to it — for the findings here and for
the editor's hovers and outline alike.
"""

from __future__ import annotations

from portlint.fixes.render import Renderer, Unplaceable
from portlint.model import Applicability, Finding, Fix
from portlint.paths import display_path, json_pointer
from portlint.profiles.verdict import Verdict
from portlint.rules import RULES_BY_ID, document_too_large, internal_error
from portlint.rules.base import RangeOn, Report, Rule
from portlint.shapes import SchemaRoot, Shape, ToolRef
from portlint.source.document import ParsedDocument
from portlint.source.located import Path, Span
from portlint.source.problems import SourceProblem

_APPLICABILITY_ORDER = {Applicability.SAFE: 0, Applicability.UNSAFE: 1,
                        Applicability.DISPLAY_ONLY: 2}


def owning_tool(shape: Shape, path: Path, tools: dict[Path, ToolRef] | None = None
                ) -> ToolRef | None:
    """The tool whose object holds ``path`` (the innermost, for nested declarations).
    ``tools``: the shape's tools by path, when the caller has it (a tool's path is a few steps
    long, so its prefixes are looked up rather than every tool compared)."""
    if tools is None:
        tools = {tool.path: tool for tool in shape.tools}
    longest = max((len(p) for p in tools), default=-1)
    for length in range(min(longest, len(path)), -1, -1):
        found = tools.get(path[:length])
        if found is not None:
            return found
    return None


def owning_root(shape: Shape, path: Path) -> SchemaRoot | None:
    """The innermost schema root holding ``path``."""
    best: SchemaRoot | None = None
    for root in shape.roots:
        if path[:len(root.path)] == root.path and (best is None or len(root.path) > len(best.path)):
            best = root
    return best


def relative_path(path: Path, shape: Shape | None,
                  tools: dict[Path, ToolRef] | None = None) -> tuple[ToolRef | None, str]:
    """The tool a path belongs to, and the path relative to it in display notation."""
    if shape is not None:
        tool = owning_tool(shape, path, tools)
        if tool is not None:
            return tool, display_path(path[len(tool.path):])
        for root in shape.roots:
            if root.tool is None and path[:len(root.path)] == root.path:
                return None, display_path(path[len(root.path):])
    return None, display_path(path)


def place(rule: Rule, report: Report, root: SchemaRoot, document: ParsedDocument,
          renderer: Renderer, *, verdict: Verdict) -> Finding:
    """A rule's report as a finding: at the range of its path's value (or key), with its fix
    plans rendered — safe ones first — and the targets' verdict applied."""
    range_path = report.range_path if report.range_path is not None else report.path
    located = document.locate(range_path) or document.locate(report.path)
    if located is None:  # cannot happen for a path the walk produced; keep the finding anyway
        located = document.locate(root.path)
    span: Span = (0, 0)
    key_offset: int | None = None
    if located is not None:
        span = located.key_span if (report.range_on is RangeOn.KEY and located.key_span) else (
            located.span)
        key_offset = located.key_span[0] if located.key_span else None
    fixes: list[Fix] = []
    for plan in report.fixes:
        try:
            fixes.append(renderer.render(plan))
        except Unplaceable:
            continue
    if len(fixes) > 1:
        fixes.sort(key=lambda f: _APPLICABILITY_ORDER[f.applicability])
    tool = root.tool
    severity, clause, blocking = verdict
    return Finding(
        rule=rule.id, severity=severity,
        message=f"{report.message} {clause}" if clause else report.message,
        suggestion=report.suggestion, span=span,
        path=display_path(report.path[root.relative_start:]), pointer=json_pointer(report.path),
        tool=tool.name if tool else None, tool_label=tool.label if tool else None,
        fixes=tuple(fixes), document=document.index, key_offset=key_offset, blocking=blocking)


def _at_root(rule_id: str, message: str, suggestion: str, *, path: Path, root: SchemaRoot,
             document: ParsedDocument) -> Finding:
    """A finding about what could not be checked at ``path`` of ``root`` (at its key, when it
    has one)."""
    located = document.locate(path)
    span = (located.key_span or located.span) if located is not None else (0, 0)
    tool = root.tool
    return Finding(
        rule=rule_id, severity=RULES_BY_ID[rule_id].severity, message=message,
        suggestion=suggestion, span=span, path=display_path(path[root.relative_start:]),
        pointer=json_pointer(path), tool=tool.name if tool else None,
        tool_label=tool.label if tool else None, document=document.index)


def crash_finding(rule: Rule, root: SchemaRoot, document: ParsedDocument) -> Finding:
    """A rule failed on ``root``: its findings there are missing, and this one says so."""
    return _at_root("internal-error", internal_error.message(rule.id),
                    internal_error.suggestion(rule.id), path=root.path, root=root,
                    document=document)


def too_deep_finding(rule: Rule, root: SchemaRoot, document: ParsedDocument) -> Finding:
    """A rule could not follow the nesting of ``root``'s values."""
    return _at_root("document-too-large", document_too_large.rule_too_deep(rule.id),
                    document_too_large.FLATTEN, path=root.path, root=root, document=document)


def budget_finding(spent: int, free_steps: int, report: Report, root: SchemaRoot,
                   document: ParsedDocument) -> Finding:
    """Reporting stopped at ``report``: the document's findings name too long paths."""
    return _at_root("document-too-large", document_too_large.budget_spent(spent, free_steps),
                    document_too_large.FLATTEN, path=report.path, root=root,
                    document=document)


def problem_finding(problem: SourceProblem, shape: Shape | None,
                    tools: dict[Path, ToolRef] | None = None) -> Finding:
    """A reader's problem as a finding, worded by its source rule."""
    tool, path = relative_path(problem.path, shape, tools) if problem.path else (None, "")
    rule = RULES_BY_ID[problem.rule]
    assert rule.describe is not None, f"{rule.id} is not a rule readers report"
    message, suggestion = rule.describe(problem)
    return Finding(
        rule=problem.rule, severity=rule.severity, message=message, suggestion=suggestion,
        span=problem.span, path=path, pointer=json_pointer(problem.path),
        tool=tool.name if tool else None, tool_label=tool.label if tool else None,
        document=problem.document)


def merge_aliased(findings: list[Finding]) -> list[Finding]:
    """One finding per (rule, place, report): a YAML subtree reached through aliases, or a
    schema written once in code and used at several paths (a Zod constant, an imported
    literal), is reported once, at that place, naming every path that reaches it. Several
    reports a rule makes at one place through one path (a tool name both repeated and
    rewritten) all stay: the k-th report through each path is merged with the k-th through the
    others. Reports that say different things (two problems of an imported schema, placed
    where it is used) are never merged."""
    merged: dict[tuple[int, str, Span, str, int], list[Finding]] = {}
    made: dict[tuple[int, str, Span, str, str], int] = {}  # reports so far at a place, per path
    for finding in findings:
        place = (finding.document, finding.rule, finding.span, finding.message)
        nth = made.get((*place, _reached_as(finding)), 0)
        made[(*place, _reached_as(finding))] = nth + 1
        merged.setdefault((*place, nth), []).append(finding)
    out: list[Finding] = []
    for group in merged.values():
        first = group[0]
        if len(group) == 1:
            out.append(first)
            continue
        seen: list[str] = []
        for finding in group:
            where = _reached_as(finding)
            if where not in seen:
                seen.append(where)
        if len(seen) == 1:
            out.append(first)
            continue
        listing = "; ".join(f"`{w}`" for w in seen)
        out.append(first._replace(
            message=f"{first.message} It is written once for several paths, said once here: "
                    f"{listing}.", also_reached_as=tuple(seen[1:])))
    return out


def _reached_as(finding: Finding) -> str:
    return f"{finding.tool_label} › {finding.path}" if finding.tool_label else (
        finding.path or "(root)")
