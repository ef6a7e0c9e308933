"""The pipeline every face of portlint runs: text in, placed findings with fixes out.

``text → reader → shapes → walk → rules → findings``. Nothing below this module knows about the
CLI or the language server; both call :func:`lint_text` (or :func:`lint_source`) and present the
result, which is how the editor and CI stay identical.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from portlint import profiles
from portlint.fixes.render import Renderer, Unplaceable
from portlint.gcpause import without_gc
from portlint.model import FINDING_ORDER, Applicability, Finding, Fix, Severity
from portlint.paths import display_path, json_pointer
from portlint.rules import SCHEMA_RULES
from portlint.rules.base import FACTS, Report, RootContext, Rule, Target
from portlint.settings import Settings
from portlint.shapes import SchemaRoot, Shape, ToolRef, recognise
from portlint.source.document import Format, ParsedDocument, ParsedSource
from portlint.source.located import Path, Span
from portlint.source.problems import SourceProblem
from portlint.source.reader import format_for, read_source
from portlint.walk import walk_indexed

if TYPE_CHECKING:
    from portlint.incremental import ToolCache


class RuleCrash(NamedTuple):
    rule: str
    tool: str | None
    traceback: str


class LintResult:
    def __init__(self, source: ParsedSource, findings: list[Finding] | None = None,
                 tools: list[ToolRef] | None = None, shapes: list[Shape] | None = None) -> None:
        self.source = source
        self.findings: list[Finding] = findings if findings is not None else []
        self.tools: list[ToolRef] = tools if tools is not None else []
        self.shapes: list[Shape] = shapes if shapes is not None else []
        self.crashes: list[RuleCrash] = []
        # where each tool's text is (JSON documents linted with a cache): the incremental
        # re-lint of the next version starts from it
        self.tool_spans: list[tuple[Path, int, int]] | None = None

    @property
    def is_tool_document(self) -> bool:
        return any(shape.is_tool_document for shape in self.shapes)


@without_gc
def lint_text(text: str, filename: str | None = None, settings: Settings | None = None, *,
              fmt: Format | None = None, assume_schema: bool = False,
              rules: Sequence[Rule] | None = None, cache: ToolCache | None = None) -> LintResult:
    settings = settings or Settings()
    source = read_source(text, fmt or format_for(filename, text), settings.limits, filename)
    return lint_source(source, settings, assume_schema=assume_schema, rules=rules, cache=cache)


@without_gc
def lint_source(source: ParsedSource, settings: Settings | None = None, *,
                assume_schema: bool = False, rules: Sequence[Rule] | None = None,
                cache: ToolCache | None = None) -> LintResult:
    """Lint a parsed source. With a ``cache`` (the editor's), the tools of a JSON document whose
    text did not change since the last call reuse their findings."""
    settings = settings or Settings()
    active = active_rules(settings, rules)
    result = LintResult(source)
    raw: list[Finding] = []
    shapes_by_doc: dict[int, Shape] = {}
    use_cache = cache is not None and source.format == "json"
    if use_cache:
        from portlint.incremental import ToolEntry, tool_digest  # the editor's cache only
    if cache is not None:
        cache.begin(settings)
    if use_cache and len(source.documents) == 1:
        result.tool_spans = []
    for document in source.documents:
        shape = recognise(document.value, assume_schema)
        shapes_by_doc[document.index] = shape
        result.shapes.append(shape)
        result.tools.extend(shape.tools)
        check = RootChecker(active, settings, document, Renderer(source, document),
                            result).check

        by_tool: dict[Path, list[SchemaRoot]] = {}
        previous_tool: Path | None = None
        for root in shape.roots:
            tool_path = root.tool.path if root.tool is not None else None
            if use_cache and tool_path is not None:
                by_tool.setdefault(tool_path, []).append(root)
            else:
                if previous_tool is not None and tool_path != previous_tool:
                    document.forget_scans_under(previous_tool)  # its findings are placed
                raw.extend(check(root, tool_path is None or tool_path != previous_tool))
            previous_tool = tool_path
        for tool_path, roots in by_tool.items():
            assert cache is not None
            located = document.locate(tool_path)
            if located is None:
                for i, root in enumerate(roots):
                    raw.extend(check(root, i == 0))
                continue
            start, end = located.span
            if result.tool_spans is not None:
                result.tool_spans.append((tool_path, start, end))
            key = (tool_path, tool_digest(source.text, start, end))  # the editor's cache only
            entry = cache.get(key)
            if entry is None:
                found: list[Finding] = []
                crashes_before = len(result.crashes)
                for i, root in enumerate(roots):
                    found.extend(check(root, i == 0))
                document.forget_scans_under(tool_path)  # its findings are placed
                entry = ToolEntry(start, tuple(found),
                                  tuple((c.rule, c.tool, c.traceback)
                                        for c in result.crashes[crashes_before:]))
                cache.put(key, entry)
                raw.extend(found)
            else:
                raw.extend(entry.moved_to(start))
                result.crashes.extend(RuleCrash(*c) for c in entry.crashes)
    if cache is not None:
        cache.finish()
    for problem in source.problems:
        if settings.enabled(problem.rule):
            raw.append(_problem_finding(problem, source, shapes_by_doc.get(problem.document)))
    findings = _merge_aliased(raw)
    findings = _suppress(source, findings, settings)
    result.findings = finalize(findings, settings)
    return result


def finalize(findings: Iterable[Finding], settings: Settings) -> list[Finding]:
    """Severity overrides applied, switched-off rules dropped, in document order."""
    if settings.severity:
        findings = [settings.apply_severity(f) for f in findings
                    if settings.severity_of(f.rule, f.severity) is not None]
    return sorted(findings, key=FINDING_ORDER)


def active_rules(settings: Settings, rules: Sequence[Rule] | None = None) -> ActiveRules:
    """The rules to run: switched on, and either relevant to a target, universal, or selected
    by name."""
    relevant = profiles.rules_in(profiles.resolve(settings.targets))
    chosen = settings.select or frozenset()
    return ActiveRules([r for r in (SCHEMA_RULES if rules is None else rules)
                        if r.active(settings)
                        and (r.universal or r.id in relevant or r.id in chosen)])


class ActiveRules:
    """The rules of one run, and which of them a schema root is given: those whose trigger
    keywords it carries, of its role, and the tool's own rules on its first root only. The
    choice depends on few things, so it is made once per combination, not per root and rule."""

    def __init__(self, rules: list[Rule]) -> None:
        self.rules = rules
        triggers = frozenset().union(*(r.triggers for r in rules if r.triggers))
        self._triggers = triggers - FACTS
        self._facts = triggers & FACTS
        self._chosen: dict[tuple[frozenset[str], str, bool], list[Rule]] = {}

    def for_root(self, ctx: RootContext, first_of_tool: bool) -> list[Rule]:
        present = self._triggers.intersection(ctx.keywords)
        if self._facts:
            present |= ctx.facts(self._facts)
        role = ctx.root.role
        key = (present, role, first_of_tool)
        chosen = self._chosen.get(key)
        if chosen is None:
            chosen = [r for r in self.rules
                      if (r.triggers is None or not r.triggers.isdisjoint(present))
                      and (r.roles is None or role in r.roles)
                      and (first_of_tool or not r.once_per_tool)]
            self._chosen[key] = chosen
        return chosen


def _profiled(rule: Rule, report: Report, settings: Settings
              ) -> tuple[Severity, str, tuple[str, ...]] | None:
    """Severity, the sentence naming the clients, and the targets it blocks — or None when no
    selected target cares about this case of the rule."""
    # keyed by the rule's id and the two fields read, not the rule: hashing a whole rule (an
    # enum among its fields) on every finding costs more than the verdict
    return _profile_verdict((rule.id, rule.severity.value, rule.universal), report.variant,
                            settings.targets, settings.select)


@lru_cache(maxsize=1024)
def _profile_verdict(rule_key: tuple[str, str, bool], variant: str | None,
                     names: tuple[str, ...], select: frozenset[str] | None
                     ) -> tuple[Severity, str, tuple[str, ...]] | None:
    rule_id, own_severity, universal = rule_key
    targets = profiles.resolve(names)
    pairs = profiles.matches(targets, rule_id, variant)
    if not pairs:
        # A rule selected by name that no target knows reports every case at its own severity;
        # for a rule the targets know, the cases they leave out stay quiet.
        if universal or (select and rule_id in select
                         and rule_id not in profiles.rules_in(targets)):
            return Severity(own_severity), "", ()
        return None
    severity = profiles.strongest(entry.severity for _, entry in pairs)
    assert severity is not None
    said: list[str] = []
    for _, entry in pairs:
        rows = ", ".join(dict.fromkeys(e.row for e in entry.evidence))
        phrase = f"{entry.clients} {entry.does} ({rows})"
        if phrase not in said:
            said.append(phrase)
    blocking = tuple(t.profile.name for t, e in pairs if e.severity is Severity.ERROR)
    return severity, "For the selected targets: " + "; ".join(said) + ".", blocking


class RootChecker:
    """Checks the schema roots of one document: each root is walked, given the rules chosen
    for it, and their reports are placed in the text. (One object per document, so checking a
    root is a call with the root alone — there are hundreds in a large tool list.)"""

    __slots__ = ("active", "document", "renderer", "result", "settings")

    def __init__(self, active: ActiveRules, settings: Settings, document: ParsedDocument,
                 renderer: Renderer, result: LintResult) -> None:
        self.active = active
        self.settings = settings
        self.document = document
        self.renderer = renderer
        self.result = result

    def check(self, root: SchemaRoot, first_of_tool: bool = True) -> list[Finding]:
        settings, document, renderer = self.settings, self.document, self.renderer
        positions, keywords, booleans = walk_indexed(root.value, root.path)
        ctx = RootContext(root, positions, keywords, settings, booleans)
        found: list[Finding] = []
        for rule in self.active.for_root(ctx, first_of_tool):
            assert rule.check is not None
            try:
                reports = rule.check(ctx)
                if type(reports) is not list:  # a generator: run it through now, in the try
                    reports = list(reports)
            except Exception:  # a rule's bug must not hide the others' findings
                import traceback

                self.result.crashes.append(RuleCrash(
                    rule.id, root.tool.name if root.tool else None, traceback.format_exc()))
                found.append(_crash_finding(rule, root, document))
                continue
            for report in reports:
                placed = _place(rule, report, root, document, renderer, settings=settings)
                if placed is not None:
                    found.append(placed)
        return found


def _suppress(source: ParsedSource, findings: list[Finding], settings: Settings
              ) -> list[Finding]:
    """Apply ``# portlint: ignore[...]`` comments (formats with comments only)."""
    if source.format == "json" or "portlint:" not in source.text:
        return findings
    if any(f.rule == "parse-error" for f in findings):
        return findings  # the comments of a broken document cannot be told from its text
    from portlint import suppressions
    from portlint.rules import RULES_BY_ID
    from portlint.source.text import LineIndex

    index = LineIndex(source.text)
    comments: Iterable[tuple[int, int]]
    if source.format == "typescript":
        from portlint.typescript.comments import typescript_comments

        comments = typescript_comments(source)
    else:
        comments = (suppressions.python_comments(source) if source.format == "python"
                    else suppressions.yaml_comments(source))
    found = suppressions.parse(source.text, comments, index)

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
           renderer: Renderer, *, settings: Settings) -> Finding | None:
    profiled = _profiled(rule, report, settings)
    if profiled is None:
        return None
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
    if len(fixes) > 1:
        fixes.sort(key=lambda f: _APPLICABILITY_ORDER[f.applicability])
    tool = root.tool
    relative = report.path[root.relative_start:]
    severity, clause, blocking = profiled
    message = f"{report.message} {clause}" if clause else report.message
    # positional: the named tuple's keyword path is measurably slower, once per finding
    return Finding(rule.id, severity, message, report.suggestion, span, display_path(relative),
                   json_pointer(report.path), tool.name if tool else None,
                   tool.label if tool else None, tuple(fixes), document.index, (), key_offset,
                   blocking)


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
        out.append(first._replace(
            message=f"{first.message} This schema is shared through a YAML alias and is reached "
                    f"as {listing}.", also_reached_as=tuple(seen[1:])))
    return out
