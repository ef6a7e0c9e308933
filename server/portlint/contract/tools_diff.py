"""Two tool lists compared: tools removed, renamed or added, and every change of their schemas.

A tool is matched by name. A tool that is gone while a new one has exactly its contract (the same
input and output meaning) was renamed — still breaking, since clients call it by name, but said
as one change. Each schema is compared by meaning (:mod:`portlint.contract.schema_diff`), in the
direction its role gives: what a server accepts (``inputSchema``) breaks clients when it narrows,
what it returns (``outputSchema``) when it widens.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from portlint.contract.schema_diff import Change, Direction, compare, is_breaking
from portlint.meaning import Meaning, Reader, canonical
from portlint.paths import display_path
from portlint.shapes import SchemaRoot, ToolRef, recognise
from portlint.source.document import ParsedSource
from portlint.source.located import Path

Side = Literal["old", "new"]


@dataclass(frozen=True)
class Tool:
    """One tool of a list: where it is, and its schemas by role."""

    name: str | None
    label: str
    document: int
    path: Path  # the tool's place in its document
    value: Any
    roots: dict[str, SchemaRoot]  # "input" / "output" → the first schema of that role

    def meaning(self, role: str) -> Meaning | None:
        root = self.roots.get(role)
        if root is None:
            return None
        return Reader(root.value).read(root.value, ())


@dataclass(frozen=True)
class ToolChange:
    tool: str | None
    tool_label: str
    kind: str
    message: str
    breaking: bool
    side: Side  # the document it is placed in
    document: int
    where: Path  # the place in that document
    path: str  # display path from the tool, as the Inspector writes it
    keyword: str | None = None  # the keyword at ``where`` the change is about, when written


def tools_of(source: ParsedSource) -> list[Tool]:
    tools: list[Tool] = []
    for document in source.documents:
        if _empty_list(document.value):
            continue  # ``{"tools": []}``: a server without tools, not a schema
        shape = recognise(document.value, assume_schema=True)
        by_tool: dict[Path, dict[str, SchemaRoot]] = {}
        for root in shape.roots:
            key = root.tool.path if root.tool is not None else ()
            by_tool.setdefault(key, {}).setdefault(root.role, root)
        refs: list[ToolRef] = shape.tools or ([ToolRef(None, ())] if shape.roots else [])
        for ref in refs:
            roots = by_tool.get(ref.path, {})
            if "bare" in roots:
                roots = {"input": roots["bare"]}
            value: Any = document.value
            for step in ref.path:
                value = value[step]
            tools.append(Tool(ref.name, ref.label, document.index, ref.path, value, roots))
    return tools


def _empty_list(value: Any) -> bool:
    if not isinstance(value, dict):
        return False
    result = value.get("result")
    if isinstance(result, dict) and result.get("tools") == []:
        return True
    return value.get("tools") == [] and set(value) <= {"tools", "nextCursor", "_meta"}


def _key(tool: Tool, position: int) -> str:
    return tool.name if tool.name is not None else f"(unnamed tool {position})"


def duplicate_names(tools: list[Tool]) -> dict[str, list[Tool]]:
    """The names more than one tool of the list has, each with those tools in list order."""
    by_name: dict[str, list[Tool]] = {}
    for tool in tools:
        if tool.name is not None:
            by_name.setdefault(tool.name, []).append(tool)
    return {name: found for name, found in by_name.items() if len(found) > 1}


def diff_tools(old: list[Tool], new: list[Tool]) -> list[ToolChange]:
    """The changes from ``old`` to ``new``; each list's names must be unique (of tools named
    twice, only the last would be compared: the sides refuse such a list,
    :func:`duplicate_names`)."""
    old_by = {_key(t, i): t for i, t in enumerate(old)}
    new_by = {_key(t, i): t for i, t in enumerate(new)}
    out: list[ToolChange] = []
    gone = [k for k in old_by if k not in new_by]
    came = [k for k in new_by if k not in old_by]
    renamed: dict[str, str] = {}
    for old_key in gone:
        matches = [k for k in came if _same_contract(old_by[old_key], new_by[k])]
        # a rename only when it is the one reading: one candidate, wanted by no other tool
        if len(matches) == 1 and sum(
                _same_contract(old_by[other], new_by[matches[0]]) for other in gone) == 1:
            renamed[old_key] = matches[0]
    for old_key in gone:
        tool = old_by[old_key]
        if old_key in renamed:
            target = new_by[renamed[old_key]]
            out.append(ToolChange(target.name, target.label, "tool-renamed",
                                  f"Tool `{old_key}` was renamed `{renamed[old_key]}` (same "
                                  "contract): clients that call it by its old name fail.",
                                  True, "new", target.document, (*target.path, "name")
                                  if isinstance(target.value, dict) and "name" in target.value
                                  else target.path, ""))
        else:
            out.append(ToolChange(tool.name, tool.label, "tool-removed",
                                  f"Tool `{old_key}` was removed: clients that call it fail.",
                                  True, "old", tool.document, tool.path, ""))
    for new_key in came:
        if new_key in renamed.values():
            continue
        tool = new_by[new_key]
        out.append(ToolChange(tool.name, tool.label, "tool-added", f"Tool `{new_key}` was "
                              "added.", False, "new", tool.document, tool.path, ""))
    for key, before in old_by.items():
        after = new_by.get(key)
        if after is not None:
            out.extend(_tool(before, after))
    return out


def _same_contract(a: Tool, b: Tool) -> bool:
    """The same meaning in both roles, and something to recognise it by: a tool without
    properties has the contract of every other such tool, and is not taken for a rename."""
    if not (_has_properties(a.roots.get("input")) or _described_alike(a, b)):
        return False
    for role in ("input", "output"):
        left, right = a.meaning(role), b.meaning(role)
        if (left is None) != (right is None):
            return False
        if left is not None and right is not None and any(
                c.kind != "annotation-changed" for c in compare(left, right)):
            return False
    return True


def _has_properties(root: SchemaRoot | None) -> bool:
    return root is not None and isinstance(root.value, dict) and bool(
        root.value.get("properties"))


def _described_alike(a: Tool, b: Tool) -> bool:
    first = a.value.get("description") if isinstance(a.value, dict) else None
    second = b.value.get("description") if isinstance(b.value, dict) else None
    return isinstance(first, str) and bool(first.strip()) and first == second


_TOOL_ANNOTATIONS = ("title", "description", "annotations")


def _tool(old: Tool, new: Tool) -> list[ToolChange]:
    out: list[ToolChange] = []
    for key in _TOOL_ANNOTATIONS:
        before = old.value.get(key) if isinstance(old.value, dict) else None
        after = new.value.get(key) if isinstance(new.value, dict) else None
        if canonical(before) != canonical(after):
            where = (*new.path, key) if after is not None else new.path
            out.append(ToolChange(new.name, new.label, "annotation-changed",
                                  f"The tool's `{key}` changed; it admits no more and no fewer "
                                  "calls (the model reads it).", False, "new", new.document,
                                  where, key))
    for role, direction in (("input", "input"), ("output", "output")):
        out.extend(_role(old, new, role, direction))  # type: ignore[arg-type]
    return out


def _role(old: Tool, new: Tool, role: str, direction: Direction) -> list[ToolChange]:
    before_root, after_root = old.roots.get(role), new.roots.get(role)
    if before_root is None and after_root is None:
        return []
    if after_root is None:
        assert before_root is not None
        relative = before_root.path[len(old.path):]
        return [ToolChange(new.name, new.label, f"{role}-schema-removed",
                           f"The {'output' if role == 'output' else 'input'} schema was "
                           "removed: clients that read the structured result lose it."
                           if role == "output" else "The input schema was removed.",
                           True, "old", old.document, before_root.path,
                           display_path(relative))]
    if before_root is None:
        relative = after_root.path[len(new.path):]
        return [ToolChange(new.name, new.label, f"{role}-schema-added",
                           "An output schema was added: the tool now promises a structured "
                           "result." if role == "output" else "An input schema was added.",
                           role == "input", "new", new.document, after_root.path,
                           display_path(relative))]
    before, after = old.meaning(role), new.meaning(role)
    assert before is not None and after is not None
    relative = after_root.path[len(new.path):]
    out: list[ToolChange] = []
    for change in compare(before, after):
        out.append(_placed(change, direction, old, new, old_root=before_root,
                           new_root=after_root, relative=relative))
    return out


def _as_output(change: Change) -> Change:
    """The words of a property change for what a client receives."""
    name = change.subject
    words = {
        "property-removed": f"Output field `{name}` removed: clients that read it no longer "
                            "get it.",
        "no-longer-required": f"Output field `{name}` is no longer required: clients can no "
                              "longer count on it.",
        "newly-required": f"Output field `{name}` is now always present.",
    }
    message = words.get(change.kind)
    return change if message is None else Change(
        change.kind, change.path, message, change.narrows, change.widens, change.fixed,
        change.old_where, change.new_where, change.subject)


def _placed(change: Change, direction: Direction, old: Tool, new: Tool, *,
            old_root: SchemaRoot, new_root: SchemaRoot, relative: Path) -> ToolChange:
    breaking = is_breaking(change, direction)
    if direction == "output" and change.subject is not None:
        change = _as_output(change)
    removal = change.kind in ("property-removed", "items-unconstrained") and (
        change.old_where is not None)
    if removal or change.new_where is None:
        side: Side = "old"
        tool, root, where = old, old_root, change.old_where or ()
    else:
        side, tool, root, where = "new", new, new_root, change.new_where
    last = change.path[-1] if change.path else None
    keyword = last if isinstance(last, str) and not change.kind.startswith("property-") else None
    return ToolChange(new.name, new.label, change.kind, change.message, breaking, side,
                      tool.document, (*root.path, *where), display_path((*relative,
                                                                         *change.path)),
                      keyword)
