"""A client's error → the tool, the place in the source, and the rule that explains it.

Each parsed error (:mod:`portlint.explain.parse`) is looked for in the documents given — any
format a reader exists for (JSON, YAML, Python server modules; a live server as its snapshot):
by the tool's index when the index counts the server's own list, by the tool's name when the text
names it (clients prefix names, as ``mcp__server__tool``), and otherwise among every tool where
the path exists. The documents are linted with every client profile, and the finding at that
place is the explanation; without documents, the rule the error format names is explained from
its documentation. Nothing is guessed: what cannot be placed is said to be so.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from portlint.contract.tools_diff import Tool, tools_of
from portlint.explain.parse import ClientError, Ordinal, Step, parse_errors
from portlint.linter import lint_source
from portlint.model import Finding
from portlint.paths import display_path, json_pointer
from portlint.settings import Settings
from portlint.source.document import ParsedSource
from portlint.source.located import Path, Span


class Source(NamedTuple):
    name: str
    text: str
    source: ParsedSource


class Place(NamedTuple):
    source: Source
    tool: Tool
    path: Path  # in the document
    span: Span
    findings: tuple[Finding, ...]  # the lint's findings at that place (best first)
    how: str  # how the tool was found


class Explanation(NamedTuple):
    error: ClientError
    places: tuple[Place, ...]
    note: str  # what could not be placed, or how the index counts


def explain(text: str, sources: Sequence[Source] = ()) -> list[Explanation]:
    """Every recognised error of ``text``, placed in ``sources``; empty when none is
    recognised."""
    linted = [(s, tools_of(s.source), _lint(s)) for s in sources]
    return [_explain(error, linted) for error in parse_errors(text)]


def _lint(source: Source) -> list[Finding]:
    settings = Settings(targets=("all",))
    return list(lint_source(source.source, settings, assume_schema=True).findings)


def _explain(error: ClientError, linted: list[tuple[Source, list[Tool], list[Finding]]]
             ) -> Explanation:
    places: list[Place] = []
    notes: list[str] = []
    for source, tools, findings in linted:
        chosen, how, note = _tools_for(error, tools)
        if note:
            notes.append(f"{source.name}: {note}")
        for tool in chosen:
            place = _place(error, source, tool, findings, how)
            if place is not None:
                places.append(place)
            elif how != "by path":
                notes.append(f"{source.name}: tool {tool.label} has no "
                              f"`{_shown(error)}`")
    if error.format.root == "request" and error.tool_index is not None:
        notes.insert(0, f"The index {error.tool_index} counts the tools of the request the client "
                        "sent to the API (the client's own tools and every server's), not a "
                        "server's list; the places below are the tools where this path exists"
                        + (f" and `{error.rules[0]}` applies." if error.rules else "."))
    if error.format.root == "list" and error.tool_index is not None:
        notes.insert(0, f"The index {error.tool_index} counts the tools of the server's tools/list "
                        "page, in the server's order.")
    if error.format.root in ("request", "none") and error.rules:
        places = [p for p in places if any(f.rule in error.rules for f in p.findings)] or places
    return Explanation(error, tuple(places), " ".join(notes))


def _shown(error: ClientError) -> str:
    """The path as the error names it; a counted map entry shows as ``[#2]`` (the second)."""
    role = {"input": "inputSchema", "output": "outputSchema"}.get(error.role or "", "")
    text = role
    for step in error.path:
        if isinstance(step, Ordinal):
            text += f"[#{step.position + 1}]"
        else:
            shown = display_path((step,))
            text += shown if shown.startswith("[") or not text else "." + shown
    return text


def _normal(name: str) -> str:
    return re.sub(r"[^a-z0-9_-]", "_", name.lower())


def _tools_for(error: ClientError, tools: list[Tool]) -> tuple[list[Tool], str, str]:
    if error.tool is not None:
        exact = [t for t in tools if t.name == error.tool]
        if exact:
            return exact, "by name", ""
        wanted = _normal(error.tool)
        suffixed = [t for t in tools if t.name and (
            wanted == _normal(t.name) or wanted.endswith(("__" + _normal(t.name),
                                                          "_" + _normal(t.name))))]
        if suffixed:
            longest = max(len(t.name or "") for t in suffixed)
            best = [t for t in suffixed if len(t.name or "") == longest]
            return best, "by name (the client prefixed it)", ""
        return [], "", f"no tool is named `{error.tool}` (nor ends with it)"
    if error.format.root == "list" and error.tool_index is not None:
        if error.tool_index < len(tools):
            return [tools[error.tool_index]], f"as tool {error.tool_index} of the list", ""
        return [], "", (f"it has {len(tools)} tools, so no tool {error.tool_index}; give the "
                        "server's whole tool list (portlint snapshot) or the file that "
                        "declares it")
    return tools, "by path", ""


def _place(error: ClientError, source: Source, tool: Tool, findings: list[Finding],
           how: str) -> Place | None:
    role = error.role or "input"
    root = tool.roots.get(role)
    if root is None:
        return None
    document = next((d for d in source.source.documents if d.index == tool.document), None)
    if document is None:
        return None
    path = _resolve(root.value, error.path)
    if path is None:
        return None
    where = (*root.path, *path)
    located = document.locate(where)
    if located is None:
        return None
    span = located.key_span or located.span
    return Place(source, tool, where, span, _findings_at(where, tool, findings, error), how)


def _resolve(schema: object, path: tuple[Step, ...]) -> Path | None:
    """The path with ordinals replaced by the property names they count, if it exists."""
    node = schema
    out: list[str | int] = []
    for step in path:
        if isinstance(step, Ordinal):
            if not isinstance(node, dict) or step.position >= len(node):
                return None
            name = list(node)[step.position]
            out.append(name)
            node = node[name]
            continue
        key: str | int = step
        if isinstance(node, dict) and isinstance(step, int) and step not in node:
            key = str(step)  # a property named with digits, written as an index
        found = isinstance(node, dict) and key in node
        if not found and isinstance(node, list) and isinstance(key, int):
            found = 0 <= key < len(node)
        if not found:
            return None
        node = node[key]  # type: ignore[index]
        out.append(key)
    return tuple(out)


def _findings_at(where: Path, tool: Tool, findings: list[Finding], error: ClientError
                 ) -> tuple[Finding, ...]:
    pointer = json_pointer(where)
    own = [f for f in findings if f.tool_label == tool.label or f.tool == tool.name]

    def rank(f: Finding) -> tuple[int, int, int]:
        expected = 0 if f.rule in error.rules else 1
        if f.pointer == pointer:
            distance = 0
        elif f.pointer.startswith(pointer + "/"):
            distance = 1 + f.pointer[len(pointer):].count("/")
        elif pointer.startswith(f.pointer + "/") or not f.pointer:
            distance = 1 + pointer[len(f.pointer):].count("/")
        else:
            distance = 1000
        return (expected, distance, 0)

    near = [f for f in own if rank(f)[1] < 1000 and (
        f.pointer == pointer or f.pointer.startswith(pointer + "/")
        or (pointer.startswith(f.pointer + "/") and f.rule in error.rules))]
    return tuple(sorted(near, key=rank))
