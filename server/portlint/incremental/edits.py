"""Linting an edited version of a JSON document from the previous version's lint.

The editor lints on every keystroke. When the text changed only inside one tool — the common
case: typing in a description, adjusting a property — everything outside that tool is known:
the rest of the text is the same, so the rest of the value and of the findings is the same, only
moved by the length difference. This module:

1. takes the changed region from the caller (the editor applies every edit, so it knows), or
   finds it by comparing the two texts (common prefix and suffix, compared a chunk at a time);
2. checks it lies strictly inside one tool's text of the previous version;
3. re-parses that tool's new text alone, and splices the new tool into the previous value and
   shapes;
4. checks that tool again, and moves every later finding by the length difference.

Whenever one of these steps does not apply — the change crosses a tool boundary, the tool no
longer parses, it gained a duplicate key or stopped being a tool — it returns None and the caller
lints the whole text. The tests compare the result with a full lint, edit after edit.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from typing import Any, NamedTuple

from portlint.fixes.render import Renderer
from portlint.gcpause import without_gc
from portlint.incremental.tool_cache import shift
from portlint.linter import LintResult, RootChecker, finalize
from portlint.model import Finding
from portlint.rules.base import Rule
from portlint.rules.selection import active_rules
from portlint.settings import Settings
from portlint.shapes import SchemaRoot, Shape, is_plain_tool, tool_at, tool_name
from portlint.source.document import ParsedDocument, ParsedSource
from portlint.source.json_lazy import LazyJsonNode
from portlint.source.json_reader import loads_noting_duplicates
from portlint.source.located import Path

_CHUNK = 4096


def changed_region(old: str, new: str) -> tuple[int, int, int] | None:
    """``(start, old_end, new_end)``: the texts agree before ``start`` and from the two ends on;
    None when they are equal."""
    if old == new:
        return None
    limit = min(len(old), len(new))
    start = 0
    while start < limit and old[start:start + _CHUNK] == new[start:start + _CHUNK]:
        start += _CHUNK
    start = min(start, limit)
    while start < limit and old[start] == new[start]:
        start += 1
    tail = 0
    room = limit - start
    while tail < room:
        step = min(_CHUNK, room - tail)
        old_piece = old[len(old) - tail - step:len(old) - tail]
        if old_piece != new[len(new) - tail - step:len(new) - tail]:
            break
        tail += step
    while tail < room and old[len(old) - tail - 1] == new[len(new) - tail - 1]:
        tail += 1
    return start, len(old) - tail, len(new) - tail


def _replace_at(value: Any, path: Path, new: Any) -> Any:
    """A copy of ``value`` with ``new`` at ``path``; only the containers on the way are copied."""
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        copy: Any = dict(value)
    else:
        copy = list(value)
    copy[head] = _replace_at(value[head], rest, new)
    return copy


ToolSpans = list[tuple[Path, int, int]]  # each tool's path and where its text is


class LintedVersion(NamedTuple):
    """One version's lint, and where each tool's text is in it (None: not known — the text
    was not one JSON document linted tool by tool)."""

    result: LintResult
    tool_spans: ToolSpans | None


class EditBase(NamedTuple):
    """What an edit lint needs of the previous version — not its text, not its located nodes,
    so an editor can let the old text go as soon as the document changes."""

    value: Any
    shape: Shape
    findings: list[Finding]
    tool_spans: ToolSpans


def edit_base(version: LintedVersion) -> EditBase | None:
    """The base for linting an edit of ``version``, when it can be one."""
    result, spans = version
    source = result.source
    if (source.format != "json" or spans is None or source.problems
            or len(source.documents) != 1 or len(result.shapes) != 1 or result.crashes):
        return None
    return EditBase(source.documents[0].value, result.shapes[0], result.findings, spans)


def lint_edit_from(previous: LintedVersion, text: str, settings: Settings,
                   rules: Sequence[Rule] | None = None) -> LintedVersion | None:
    """:func:`lint_edit` for a caller holding the previous version and its text."""
    base = edit_base(previous)
    region = changed_region(previous.result.source.text, text)
    if base is None or region is None:
        return None
    return lint_edit(base, text, region, settings, rules)


@without_gc
def lint_edit(base: EditBase, text: str, region: tuple[int, int, int],
              settings: Settings, rules: Sequence[Rule] | None = None) -> LintedVersion | None:
    """The lint of ``text`` derived from the previous version, or None when a full lint is
    needed. ``region`` is ``(start, old_end, new_end)``: the old text's ``[start, old_end)``
    became ``[start, new_end)``."""
    spans = base.tool_spans
    start, old_end, new_end = region
    delta = new_end - old_end
    starts = [s for _, s, _ in spans]
    k = bisect.bisect_right(starts, start - 1) - 1
    if k < 0:
        return None
    tool_path, tool_start, tool_end = spans[k]
    if not (tool_start < start and old_end < tool_end and tool_path):
        return None  # the change touches a tool's brackets or lies between tools
    parsed = loads_noting_duplicates(text[tool_start:tool_end + delta])
    if parsed is None or parsed[1] or not is_plain_tool(parsed[0]):
        return None
    tool_value = parsed[0]

    old_shape = base.shape
    old_tool = next((t for t in old_shape.tools if t.path == tool_path), None)
    if old_tool is None:
        return None
    name = tool_name(tool_value)
    if old_tool.name != name:
        others = {t.name for t in old_shape.tools
                  if t.path != tool_path and t.path[:-1] == tool_path[:-1]}
        if old_tool.name in others or name in others:
            return None  # the rename starts or ends a shared name: other tools' findings change
    new_tool, new_roots = tool_at(tool_value, tool_path, duplicate_of=old_tool.duplicate_of)
    tool_node = LazyJsonNode.at(text, tool_start, tool_end + delta)
    document = ParsedDocument(_replace_at(base.value, tool_path, tool_value),
                              LazyJsonNode.root(text, unique_keys=True), 0,
                              hints={tool_path: tool_node})
    source = ParsedSource(text, "json", [document], [])
    roots = _splice_roots(old_shape.roots, tool_path, new_roots)
    if roots is None:
        return None
    shape = Shape(old_shape.kind,
                  [new_tool if t.path == tool_path else t for t in old_shape.tools], roots,
                  old_shape.strays)

    result = LintResult(source, shapes=[shape], tools=list(shape.tools))
    checker = RootChecker(active_rules(settings, rules), settings, document,
                          Renderer(source, document), result)
    fresh: list[Finding] = []
    for i, root in enumerate(new_roots):
        fresh.extend(checker.check(root, i == 0))
    kept: list[Finding] = []
    for finding in base.findings:
        if finding.span[1] <= tool_start:
            kept.append(finding)
        elif finding.span[0] >= tool_end:
            kept.append(shift(finding, delta))
        elif not (tool_start <= finding.span[0] and finding.span[1] <= tool_end):
            return None  # a finding spanning tools: not this module's case
    result.findings = finalize([*kept, *fresh], settings)
    return LintedVersion(result, [(p, s, e) if i < k else (p, s, e + delta) if i == k
                                  else (p, s + delta, e + delta)
                                  for i, (p, s, e) in enumerate(spans)])


def _splice_roots(roots: list[SchemaRoot], tool_path: Path, new_roots: list[SchemaRoot]
                  ) -> list[SchemaRoot] | None:
    """The roots with the edited tool's replaced in place; None unless the tool has schemas at
    the same members as before. (Which tools have no schema, and whether a list is an MCP tool
    list, decide findings outside the edited tool's roots: the full lint's business.)"""
    old = [(root.path, root.role) for root in roots
           if root.tool is not None and root.tool.path == tool_path]
    if not new_roots or old != [(root.path, root.role) for root in new_roots]:
        return None
    out: list[SchemaRoot] = []
    inserted = False
    for root in roots:
        if root.tool is not None and root.tool.path == tool_path:
            if not inserted:
                out.extend(new_roots)
                inserted = True
            continue
        out.append(root)
    return out

