"""The pipeline every face of portlint runs: text in, placed findings with fixes out.

``text → reader → shapes → walk → rules → findings``. Nothing below this module knows about the
CLI or the language server; both call :func:`lint_text` (or :func:`lint_source`) and present the
result, which is how the editor and CI stay identical.

Each document's schema roots are grouped by tool and each tool is checked by one call of a
:data:`CheckTool` — :func:`check_tool` unless the caller wraps it (the editor's per-tool cache,
:mod:`portlint.incremental`, answers unchanged tools from memory that way). Where findings go
in the text is :mod:`portlint.placement`'s business; which rules run,
:mod:`portlint.rules.selection`'s; what the targets say about a case,
:mod:`portlint.profiles.verdict`'s.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence

from portlint.fixes.guards import guarded
from portlint.fixes.render import Renderer, TextStyle
from portlint.gcpause import without_gc
from portlint.model import FINDING_ORDER, Finding, Severity
from portlint.placement import (
    budget_finding,
    crash_finding,
    merge_aliased,
    place,
    problem_finding,
    too_deep_finding,
)
from portlint.profiles.verdict import Verdict, profile_verdict
from portlint.readers import format_for, read_source, reader_for
from portlint.records import NamedTuple
from portlint.rules.base import Report, RootContext, Rule
from portlint.rules.selection import ActiveRules, active_rules
from portlint.settings import Settings
from portlint.shapes import SchemaRoot, Shape, ToolRef, recognise
from portlint.source.document import Format, ParsedDocument, ParsedSource
from portlint.source.located import Path
from portlint.walk import walk_indexed


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

    @property
    def is_tool_document(self) -> bool:
        return any(shape.is_tool_document for shape in self.shapes)


class ToolRoots(NamedTuple):
    """The schema roots of one tool, in document order (``path`` None: one schema outside any
    tool, checked on its own)."""

    path: Path | None
    roots: list[SchemaRoot]


CheckTool = Callable[[ToolRoots, "RootChecker"], list[Finding]]
_DONE: Report = Report((), "", "")  # what a rule's exhausted reports give (compared by identity)


def check_tool(tool: ToolRoots, checker: RootChecker) -> list[Finding]:
    """The findings of one tool's roots (the tool's own rules on its first root only)."""
    found: list[Finding] = []
    for i, root in enumerate(tool.roots):
        found.extend(checker.check(root, i == 0))
    if tool.path is not None:
        checker.document.forget_scans_under(tool.path)  # its findings are placed
    return found


def tools_of(shape: Shape) -> Iterator[ToolRoots]:
    """The shape's roots, grouped by tool: the roots of one tool are consecutive."""
    current: ToolRoots | None = None
    for root in shape.roots:
        path = root.tool.path if root.tool is not None else None
        if current is None or path is None or path != current.path:
            if current is not None:
                yield current
            current = ToolRoots(path, [root])
        else:
            current.roots.append(root)
    if current is not None:
        yield current


@without_gc
def lint_text(text: str, filename: str | None = None, settings: Settings | None = None, *,
              fmt: Format | None = None, assume_schema: bool = False,
              rules: Sequence[Rule] | None = None, check: CheckTool = check_tool) -> LintResult:
    settings = settings or Settings()
    source = read_source(text, fmt or format_for(filename, text), settings.limits, filename)
    return lint_source(source, settings, assume_schema=assume_schema, rules=rules, check=check)


@without_gc
def lint_source(source: ParsedSource, settings: Settings | None = None, *,
                assume_schema: bool = False, rules: Sequence[Rule] | None = None,
                check: CheckTool = check_tool) -> LintResult:
    """Lint a parsed source: each document's tools checked by ``check``, then the readers'
    problems placed, suppressions applied, severities overridden, all in document order."""
    settings = settings or Settings()
    active = active_rules(settings, rules)
    result = LintResult(source)
    raw: list[Finding] = []
    shapes_by_doc: dict[int, Shape] = {}
    budget = ReportBudget(len(source.text))
    style = TextStyle(source.text)  # read once for every document of a YAML stream
    for document in source.documents:
        shape = recognise(document.value, assume_schema)
        shapes_by_doc[document.index] = shape
        result.shapes.append(shape)
        result.tools.extend(shape.tools)
        checker = RootChecker(active, settings, document, Renderer(source, document, style),
                              result, budget=budget)
        for tool in tools_of(shape):
            raw.extend(check(tool, checker))
        raw.extend(_schemaless_tools(checker, shape))
        raw.extend(_stray_entries(checker, shape))
    tools_by_doc: dict[int, dict[Path, ToolRef]] = {}
    for problem in source.problems:
        if settings.enabled(problem.rule):
            problem_shape = shapes_by_doc.get(problem.document)
            if problem_shape is not None and problem.document not in tools_by_doc:
                tools_by_doc[problem.document] = {t.path: t for t in problem_shape.tools}
            raw.append(problem_finding(problem, problem_shape,
                                       tools_by_doc.get(problem.document)))
    findings = guarded(merge_aliased(raw), source)
    findings = _suppress(source, findings, settings)
    result.findings = finalize(findings, settings)
    return result


def finalize(findings: Iterable[Finding], settings: Settings) -> list[Finding]:
    """Severity overrides applied, switched-off rules dropped, in document order, each said
    once: a helper registering tools twice over (@netlify/mcp's read and write tools) can make
    one finding twice at one place, word for word."""
    if settings.severity:
        findings = [settings.apply_severity(f) for f in findings
                    if settings.severity_of(f.rule, f.severity) is not None]
    ordered = sorted(findings, key=FINDING_ORDER)
    seen: set[tuple[object, ...]] = set()
    said: list[Finding] = []
    for finding in ordered:
        key = (finding.document, finding.span, finding.rule, finding.severity, finding.message,
               finding.path, finding.tool)
        if key not in seen:
            seen.add(key)
            said.append(finding)
    return said


def _profiled(rule: Rule, report: Report, role: str, settings: Settings) -> Verdict | None:
    """What the selected targets say about this case of the rule in a schema of this role
    (None: no selected client is affected — it is not reported)."""
    return profile_verdict((rule.id, rule.severity.value, rule.universal), report.variant,
                           role, settings.targets, settings.select)


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
            try:
                said = rule.check(ctx)  # type: ignore[misc]  # a schema rule has a check
                if not said:
                    # most rules have nothing to say about most roots, and say so with an
                    # empty tuple or list: no iterator to make and ask (a generator is true)
                    continue
                reports = iter(said)
            except Exception as error:  # a rule's bug must not hide the others' findings
                found.append(self._failed(rule, root, error))
                continue
            while True:
                try:  # a generator runs here, one report at a time, inside the try
                    # with a default, a finished generator raises no StopIteration
                    report = next(reports, _DONE)
                except Exception as error:
                    found.append(self._failed(rule, root, error))
                    break
                if report is _DONE:
                    break
                if not budget.take(report):
                    close = getattr(reports, "close", None)
                    if close is not None:
                        close()
                    found.append(budget_finding(budget.spent, budget.FREE_STEPS, report, root,
                                                document))
                    return found
                verdict = _profiled(rule, report, root.role, settings)
                if verdict is not None:
                    found.append(place(rule, report, root, document, renderer,
                                       verdict=verdict))
        return found

    def _failed(self, rule: Rule, root: SchemaRoot, error: Exception) -> Finding:
        if isinstance(error, RecursionError):
            # not a bug of the rule's logic: the schema's values nest deeper than the rule can
            # follow (Python's recursion limit); said as a limit, not as a crash
            return too_deep_finding(rule, root, self.document)
        import traceback

        self.result.crashes.append(RuleCrash(
            rule.id, root.tool.name if root.tool else None, traceback.format_exc()))
        return crash_finding(rule, root, self.document)


def _schemaless_tools(checker: RootChecker, shape: Shape) -> list[Finding]:
    """Tools with no schema at all reach no rule through a schema root; the one rule about
    them is asked here."""
    from portlint.rules import tool_missing_input_schema as missing

    if not shape.tools or missing.RULE not in checker.active.rules:
        return []
    return _document_findings(checker, missing.RULE, (
        (SchemaRoot(tool.path, "input", tool, obj), missing.report_for(tool, obj))
        for tool, obj in missing.schemaless_tools(shape, checker.document.value)))


def _stray_entries(checker: RootChecker, shape: Shape) -> list[Finding]:
    """Entries of a tool list that are no tool reach no rule through a schema root either;
    the rule about them is asked here (its findings belong to no tool)."""
    if not shape.strays:
        return []
    from portlint.rules import tool_list_entry as entries

    if entries.RULE not in checker.active.rules:
        return []
    root = SchemaRoot((), "input", None, checker.document.value)
    found = _document_findings(checker, entries.RULE, (
        (root, report) for report in entries.stray_entries(shape, checker.document.value)))
    for report in entries.function_calling_strays(shape, checker.document.value):
        # a list no observed client reads: the rule's own word, no client's claim
        found.append(place(entries.RULE, report, root, checker.document, checker.renderer,
                           verdict=(Severity.WARNING, "", ())))
    return found


def _document_findings(checker: RootChecker, rule: Rule,
                       reports: Iterable[tuple[SchemaRoot, Report]]) -> list[Finding]:
    """The findings of a rule the linter asks once per document (not per schema root): each
    report weighed by the profiles and placed as a root's would be."""
    found: list[Finding] = []
    for root, report in reports:
        verdict = _profiled(rule, report, root.role, checker.settings)
        if verdict is not None:
            found.append(place(rule, report, root, checker.document, checker.renderer,
                               verdict=verdict))
    return found


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
