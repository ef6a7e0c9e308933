"""The pipeline every face of portlint runs: text in, placed findings with fixes out.

``text → reader → shapes → walk → rules → findings``. Nothing below this module knows about the
CLI or the language server; both call :func:`lint_text` (or :func:`lint_source`) and present the
result, which is how the editor and CI stay identical.
"""

from __future__ import annotations

import traceback
from collections.abc import Sequence
from dataclasses import dataclass, field

from portlint.fixes.render import Renderer, Unplaceable
from portlint.model import Applicability, Finding, Fix, Severity
from portlint.paths import display_path, json_pointer
from portlint.rules import SCHEMA_RULES
from portlint.rules.base import Report, RootContext, Rule, Target
from portlint.settings import Settings
from portlint.shapes import SchemaRoot, Shape, ToolRef, recognise
from portlint.source.document import Format, ParsedDocument, ParsedSource
from portlint.source.located import Path, Span
from portlint.source.problems import SourceProblem
from portlint.source.reader import format_for, read_source
from portlint.walk import walk


@dataclass(frozen=True, slots=True)
class RuleCrash:
    rule: str
    tool: str | None
    traceback: str


@dataclass(eq=False)
class LintResult:
    source: ParsedSource
    findings: list[Finding] = field(default_factory=list)
    tools: list[ToolRef] = field(default_factory=list)
    shapes: list[Shape] = field(default_factory=list)
    crashes: list[RuleCrash] = field(default_factory=list)

    @property
    def is_tool_document(self) -> bool:
        return any(shape.is_tool_document for shape in self.shapes)


def lint_text(text: str, filename: str | None = None, settings: Settings | None = None, *,
              fmt: Format | None = None, assume_schema: bool = False,
              rules: Sequence[Rule] | None = None) -> LintResult:
    settings = settings or Settings()
    source = read_source(text, fmt or format_for(filename, text), settings.limits)
    return lint_source(source, settings, assume_schema=assume_schema, rules=rules)


def lint_source(source: ParsedSource, settings: Settings | None = None, *,
                assume_schema: bool = False, rules: Sequence[Rule] | None = None) -> LintResult:
    settings = settings or Settings()
    active = [r for r in (SCHEMA_RULES if rules is None else rules) if r.active(settings)]
    result = LintResult(source)
    raw: list[Finding] = []
    shapes_by_doc: dict[int, Shape] = {}
    for document in source.documents:
        shape = recognise(document.value, assume_schema)
        shapes_by_doc[document.index] = shape
        result.shapes.append(shape)
        result.tools.extend(shape.tools)
        renderer = Renderer(source, document)
        for root in shape.roots:
            ctx = RootContext(root, walk(root.value, root.path), settings)
            for rule in active:
                assert rule.check is not None
                try:
                    reports = list(rule.check(ctx))
                except Exception:  # a rule's bug must not hide the others' findings
                    result.crashes.append(RuleCrash(rule.id, root.tool.name if root.tool else None,
                                                    traceback.format_exc()))
                    raw.append(_crash_finding(rule, root, document))
                    continue
                for report in reports:
                    raw.append(_place(rule, report, root, document, renderer))
    for problem in source.problems:
        if settings.enabled(problem.rule):
            raw.append(_problem_finding(problem, source, shapes_by_doc.get(problem.document)))
    findings = _merge_aliased(raw)
    findings = _suppress(source, findings, settings)
    result.findings = sorted((settings.apply_severity(f) for f in findings
                              if settings.severity_of(f.rule, f.severity) is not None),
                             key=lambda f: f.sort_key)
    return result


def _suppress(source: ParsedSource, findings: list[Finding], settings: Settings
              ) -> list[Finding]:
    """Apply ``# portlint: ignore[...]`` comments (formats with comments only)."""
    if source.format != "yaml" or "portlint:" not in source.text:
        return findings
    if any(f.rule == "parse-error" for f in findings):
        return findings  # the comments of a broken document cannot be told from its text
    from portlint import suppressions
    from portlint.rules import RULES_BY_ID
    from portlint.source.text import LineIndex

    index = LineIndex(source.text)
    found = suppressions.parse(source.text, suppressions.yaml_comments(source), index)

    def enabled(rule_id: str) -> bool:
        rule = RULES_BY_ID.get(rule_id)
        return rule is not None and rule.active(settings)

    kept = suppressions.apply(findings, found, index, enabled, source.text)
    if not settings.enabled("unused-suppression"):
        kept = [f for f in kept if f.rule != "unused-suppression"]
    return kept


def _describe(path: Path, shape: Shape | None) -> tuple[ToolRef | None, str]:
    """The tool a path belongs to, and the path relative to it in display notation."""
    if shape is not None:
        best: ToolRef | None = None
        for tool in shape.tools:
            if path[:len(tool.path)] == tool.path and (best is None
                                                       or len(tool.path) > len(best.path)):
                best = tool
        if best is not None:
            return best, display_path(path[len(best.path):])
        for root in shape.roots:
            if root.tool is None and path[:len(root.path)] == root.path:
                return None, display_path(path[len(root.path):])
    return None, display_path(path)


def _place(rule: Rule, report: Report, root: SchemaRoot, document: ParsedDocument,
           renderer: Renderer) -> Finding:
    target_path = report.range_path if report.range_path is not None else report.path
    located = document.locate(target_path) or document.locate(report.path)
    if located is None:  # cannot happen for a path the walk produced; keep the finding anyway
        located = document.locate(root.path)
    span: Span = (0, 0)
    key_offset: int | None = None
    if located is not None:
        span = located.key_span if (report.target is Target.KEY and located.key_span) else (
            located.span)
        key_offset = located.key_span[0] if located.key_span else None
    fixes: list[Fix] = []
    for plan in report.fixes:
        try:
            fixes.append(renderer.render(plan))
        except Unplaceable:
            continue
    fixes.sort(key=lambda f: _APPLICABILITY_ORDER[f.applicability])
    tool = root.tool
    relative = report.path[root.relative_start:]
    return Finding(
        rule=rule.id, severity=rule.severity, message=report.message,
        suggestion=report.suggestion, span=span, path=display_path(relative),
        pointer=json_pointer(report.path), tool=tool.name if tool else None,
        tool_label=tool.label if tool else None, fixes=tuple(fixes), document=document.index,
        key_offset=key_offset)


_APPLICABILITY_ORDER = {Applicability.SAFE: 0, Applicability.UNSAFE: 1,
                        Applicability.DISPLAY_ONLY: 2}


def _crash_finding(rule: Rule, root: SchemaRoot, document: ParsedDocument) -> Finding:
    located = document.locate(root.path)
    span = (located.key_span or located.span) if located is not None else (0, 0)
    tool = root.tool
    return Finding(
        rule="internal-error", severity=Severity.ERROR,
        message=f"The rule `{rule.id}` failed on this schema, so its findings here are missing. "
                "This is a bug in portlint; the traceback is in the log.",
        suggestion=f"Report it with this schema; `--ignore {rule.id}` silences the rule meanwhile.",
        span=span, path=display_path(root.path[root.relative_start:]),
        pointer=json_pointer(root.path), tool=tool.name if tool else None,
        tool_label=tool.label if tool else None, document=document.index)


def _problem_finding(problem: SourceProblem, source: ParsedSource, shape: Shape | None
                     ) -> Finding:
    from portlint.rules import RULES_BY_ID

    tool, path = _describe(problem.path, shape) if problem.path else (None, "")
    return Finding(
        rule=problem.rule, severity=RULES_BY_ID[problem.rule].severity, message=problem.message,
        suggestion=problem.suggestion, span=problem.span, path=path,
        pointer=json_pointer(problem.path), tool=tool.name if tool else None,
        tool_label=tool.label if tool else None, document=problem.document)


def _merge_aliased(findings: list[Finding]) -> list[Finding]:
    """One finding per (rule, place): a YAML subtree reached through aliases is reported once,
    at its anchor, naming every path that reaches it."""
    merged: dict[tuple[int, str, Span], list[Finding]] = {}
    for finding in findings:
        merged.setdefault((finding.document, finding.rule, finding.span), []).append(finding)
    out: list[Finding] = []
    for group in merged.values():
        first = group[0]
        if len(group) == 1:
            out.append(first)
            continue
        seen: list[str] = []
        for finding in group:
            where = f"{finding.tool_label} › {finding.path}" if finding.tool_label else (
                finding.path or "(root)")
            if where not in seen:
                seen.append(where)
        if len(seen) == 1:
            out.append(first)
            continue
        listing = "; ".join(f"`{w}`" for w in seen)
        out.append(Finding(
            rule=first.rule, severity=first.severity,
            message=f"{first.message} This schema is shared through a YAML alias and is reached "
                    f"as {listing}.",
            suggestion=first.suggestion, span=first.span, path=first.path, pointer=first.pointer,
            tool=first.tool, tool_label=first.tool_label, fixes=first.fixes,
            document=first.document, also_reached_as=tuple(seen[1:]),
            key_offset=first.key_offset))
    return out
