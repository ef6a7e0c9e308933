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
from portlint.fixes.render import Renderer, TextStyle, Unplaceable
from portlint.gcpause import without_gc
from portlint.model import FINDING_ORDER, Applicability, Finding, Fix, Severity
from portlint.paths import display_path, json_pointer
from portlint.readers import format_for, read_source, reader_for
from portlint.rules import SCHEMA_RULES, document_too_large, internal_error
from portlint.rules.base import FACTS, Report, RootContext, Rule, Target
from portlint.settings import Settings
from portlint.shapes import SchemaRoot, Shape, ToolRef, recognise
from portlint.source.document import Format, ParsedDocument, ParsedSource
from portlint.source.located import Path, Span
from portlint.source.problems import SourceProblem
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
    budget = ReportBudget(len(source.text))
    style = TextStyle(source.text)  # read once for every document of a YAML stream
    for document in source.documents:
        shape = recognise(document.value, assume_schema)
        shapes_by_doc[document.index] = shape
        result.shapes.append(shape)
        result.tools.extend(shape.tools)
        check = RootChecker(active, settings, document, Renderer(source, document, style),
                            result, budget=budget).check

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
                if budget.exhausted:
                    raw.extend(found)  # cut short: not worth remembering
                    continue
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
    tools_by_doc: dict[int, dict[Path, ToolRef]] = {}
    for problem in source.problems:
        if settings.enabled(problem.rule):
            problem_shape = shapes_by_doc.get(problem.document)
            if problem_shape is not None and problem.document not in tools_by_doc:
                tools_by_doc[problem.document] = {t.path: t for t in problem_shape.tools}
            raw.append(_problem_finding(problem, source, problem_shape,
                                        tools_by_doc.get(problem.document)))
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


class ReportBudget:
    """How much path a document's deep findings may name in all.

    Placing and printing a finding costs the length of its path (and of its fixes' paths). A
    document's findings normally name a few steps each; a schema nested 100,000 levels deep
    with something to say at every level would name 10^10 — output quadratic in the input. So
    every step of a path beyond the first :data:`FREE_STEPS` is counted, and past the budget
    (proportional to the document) reporting stops, with one ``document-too-large`` finding
    saying where and why: any document costs time linear in its size, and nothing is dropped
    silently. A document of any width whose findings are less deep never spends anything."""

    FREE_STEPS = 64

    __slots__ = ("limit", "spent", "stopped_at")

    def __init__(self, text_length: int) -> None:
        self.limit = 1_000_000 + text_length
        self.spent = 0
        self.stopped_at: Report | None = None  # the first report not placed

    @property
    def exhausted(self) -> bool:
        return self.stopped_at is not None

    def take(self, report: Report) -> bool:
        """Charge a report; False (and reporting stops) when it does not fit any more."""
        free = self.FREE_STEPS
        cost = len(report.path) - free
        if cost <= 0 and not report.fixes:
            return True  # the common case: a shallow finding
        cost = max(cost, 0) + sum(max(len(op.path) - free, 0)
                                  for plan in report.fixes for op in plan.ops)
        if self.spent + cost > self.limit:
            self.stopped_at = report
            return False
        self.spent += cost
        return True


class RootChecker:
    """Checks the schema roots of one document: each root is walked, given the rules chosen
    for it, and their reports are placed in the text. (One object per document, so checking a
    root is a call with the root alone — there are hundreds in a large tool list.)

    A rule's reports are taken one at a time, each placed before the next is asked for, so a
    rule stops working as soon as the document's :class:`ReportBudget` is spent."""

    __slots__ = ("active", "budget", "document", "renderer", "result", "settings")

    def __init__(self, active: ActiveRules, settings: Settings, document: ParsedDocument,
                 renderer: Renderer, result: LintResult, *, budget: ReportBudget | None = None
                 ) -> None:
        self.active = active
        self.settings = settings
        self.document = document
        self.renderer = renderer
        self.result = result
        self.budget = budget if budget is not None else ReportBudget(len(renderer.text))

    def check(self, root: SchemaRoot, first_of_tool: bool = True) -> list[Finding]:
        settings, document, renderer, budget = (self.settings, self.document, self.renderer,
                                                self.budget)
        if budget.exhausted:
            return []
        positions, keywords, booleans = walk_indexed(root.value, root.path)
        ctx = RootContext(root, positions, keywords, settings, booleans)
        found: list[Finding] = []
        for rule in self.active.for_root(ctx, first_of_tool):
            assert rule.check is not None
            try:
                reports = iter(rule.check(ctx))
            except Exception as error:  # a rule's bug must not hide the others' findings
                found.append(self._failed(rule, root, error))
                continue
            while True:
                try:  # a generator runs here, one report at a time, inside the try
                    report = next(reports)
                except StopIteration:
                    break
                except Exception as error:
                    found.append(self._failed(rule, root, error))
                    break
                if not budget.take(report):
                    close = getattr(reports, "close", None)
                    if close is not None:
                        close()
                    found.append(_budget_finding(budget, report, root, document))
                    return found
                placed = _place(rule, report, root, document, renderer, settings=settings)
                if placed is not None:
                    found.append(placed)
        return found

    def _failed(self, rule: Rule, root: SchemaRoot, error: Exception) -> Finding:
        if isinstance(error, RecursionError):
            # not a bug of the rule's logic: the schema's values nest deeper than the rule can
            # follow (Python's recursion limit); said as a limit, not as a crash
            return _too_deep_finding(rule, root, self.document)
        import traceback

        self.result.crashes.append(RuleCrash(
            rule.id, root.tool.name if root.tool else None, traceback.format_exc()))
        return _crash_finding(rule, root, self.document)


def _suppress(source: ParsedSource, findings: list[Finding], settings: Settings
              ) -> list[Finding]:
    """Apply ``# portlint: ignore[...]`` comments (formats with comments only)."""
    reader = reader_for(source.format)
    if not reader.has_comments or "portlint:" not in source.text:
        return findings
    if any(f.rule == "parse-error" for f in findings):
        return findings  # the comments of a broken document cannot be told from its text
    from portlint import suppressions
    from portlint.rules import RULES_BY_ID
    from portlint.source.text import LineIndex

    index = LineIndex(source.text)
    found = suppressions.parse(source.text, reader.comments(source), index)

    def enabled(rule_id: str) -> bool:
        rule = RULES_BY_ID.get(rule_id)
        return rule is not None and rule.active(settings)

    kept = suppressions.apply(findings, found, index, enabled, source.text)
    if not settings.enabled("unused-suppression"):
        kept = [f for f in kept if f.rule != "unused-suppression"]
    return kept


def _describe(path: Path, shape: Shape | None,
              tools: dict[Path, ToolRef] | None = None) -> tuple[ToolRef | None, str]:
    """The tool a path belongs to, and the path relative to it in display notation
    (``tools``: the shape's tools by path, when the caller has it; a tool's path is a few
    steps long, so its prefixes are looked up rather than every tool compared)."""
    if shape is not None:
        if tools is None:
            tools = {tool.path: tool for tool in shape.tools}
        longest = max((len(p) for p in tools), default=-1)
        best: ToolRef | None = None
        for length in range(min(longest, len(path)), -1, -1):
            best = tools.get(path[:length])
            if best is not None:
                break
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
        message=internal_error.message(rule.id), suggestion=internal_error.suggestion(rule.id),
        span=span, path=display_path(root.path[root.relative_start:]),
        pointer=json_pointer(root.path), tool=tool.name if tool else None,
        tool_label=tool.label if tool else None, document=document.index)


def _budget_finding(budget: ReportBudget, report: Report, root: SchemaRoot,
                    document: ParsedDocument) -> Finding:
    located = document.locate(report.path)
    span = (located.key_span or located.span) if located is not None else (0, 0)
    tool = root.tool
    return Finding(
        rule="document-too-large", severity=Severity.ERROR,
        message=document_too_large.budget_spent(budget.spent, budget.FREE_STEPS),
        suggestion=document_too_large.FLATTEN,
        span=span, path=display_path(report.path[root.relative_start:]),
        pointer=json_pointer(report.path), tool=tool.name if tool else None,
        tool_label=tool.label if tool else None, document=document.index)


def _too_deep_finding(rule: Rule, root: SchemaRoot, document: ParsedDocument) -> Finding:
    located = document.locate(root.path)
    span = (located.key_span or located.span) if located is not None else (0, 0)
    tool = root.tool
    return Finding(
        rule="document-too-large", severity=Severity.ERROR,
        message=document_too_large.rule_too_deep(rule.id),
        suggestion=document_too_large.FLATTEN,
        span=span, path=display_path(root.path[root.relative_start:]),
        pointer=json_pointer(root.path), tool=tool.name if tool else None,
        tool_label=tool.label if tool else None, document=document.index)


def _problem_finding(problem: SourceProblem, source: ParsedSource, shape: Shape | None,
                     tools: dict[Path, ToolRef] | None = None) -> Finding:
    from portlint.rules import RULES_BY_ID

    tool, path = _describe(problem.path, shape, tools) if problem.path else (None, "")
    rule = RULES_BY_ID[problem.rule]
    assert rule.describe is not None, f"{rule.id} is not a rule readers report"
    message, suggestion = rule.describe(problem)
    return Finding(
        rule=problem.rule, severity=rule.severity, message=message,
        suggestion=suggestion, span=problem.span, path=path,
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
