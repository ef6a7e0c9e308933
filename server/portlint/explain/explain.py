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
from typing import Any, NamedTuple

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
    missing: str | None = None  # the key the client found missing (placed at its parent)


class _In(NamedTuple):
    """One tool being searched: its source, document, own findings, and the error."""

    source: Source
    document: Any
    tool: Tool
    own: list[Finding]
    error: ClientError


class Explanation(NamedTuple):
    error: ClientError
    places: tuple[Place, ...]
    note: str  # what could not be placed, or how the index counts


# a quoted value finds its construct by itself; these locators only where it is the one there
_BY_VALUE = frozenset({"ref", "pattern", "type", "keyword-types", "ref-not-pointer"})
_ROLE_KEY = {"input": "inputSchema", "output": "outputSchema"}


def explain(text: str, sources: Sequence[Source] = ()) -> list[Explanation]:
    """Every recognised error of ``text``, placed in ``sources``; empty when none is
    recognised."""
    linted = [(s, tools_of(s.source), _lint(s)) for s in sources]
    return [_explain(error, linted) for error in parse_errors(text)]


def _lint(source: Source) -> list[Finding]:
    settings = Settings(targets=("all",))
    return list(lint_source(source.source, settings, assume_schema=True).findings)


def _named(error: ClientError) -> bool:
    """The text names its tool (by name, or by its index in the server's own list)."""
    return error.tool is not None or (error.format.root == "list"
                                      and error.tool_index is not None)


def _explain(error: ClientError, linted: list[tuple[Source, list[Tool], list[Finding]]]
             ) -> Explanation:
    places: list[Place] = []
    notes: list[str] = []
    for source, tools, findings in linted:
        chosen, how, note = _tools_for(error, tools, source)
        if note:
            notes.append(f"{source.name}: {note}")
        for tool in chosen:
            found = _places(error, source, tool, findings, how)
            places.extend(found)
            if not found and _named(error) and (error.has_path or error.path):
                notes.append(f"{source.name}: tool {tool.label} has no `{_shown(error)}`")
    if not _named(error):
        places, note = _precise(error, places)
        if note:
            notes.append(note)
    if error.format.root == "request" and error.tool_index is not None:
        notes.insert(0, f"The index {error.tool_index} counts the tools of the request the client "
                        "sent to the API (the client's own tools and every server's), not a "
                        "server's list; the places below are the tools where this path exists"
                        + (f" and `{error.rules[0]}` applies." if error.rules else "."))
    if error.format.root == "list" and error.tool_index is not None:
        notes.insert(0, f"The index {error.tool_index} counts the tools of the server's tools/list "
                        "page, in the server's order.")
    for place in places:
        if place.missing is not None:
            notes.append(f"The client found no `{place.missing}` where it looked: the place "
                         f"shown is the object that lacks it (tool {place.tool.label}).")
    return Explanation(error, tuple(places), " ".join(dict.fromkeys(notes)))


def _precise(error: ClientError, places: list[Place]) -> tuple[list[Place], str]:
    """An error that names no tool keeps only the places that are surely its own: where the
    value it quotes is, where the lint finds the rule it names, or the one tool where its
    path exists; never every tool."""
    if (error.format.locate in _BY_VALUE and error.quoted is not None) or (
            error.format.locate == "ref-not-pointer"):
        return places, ""
    if error.rules:
        kept = [p for p in places if any(f.rule in error.rules for f in p.findings)]
        if places and not kept:
            return [], ("The text names no tool, and the lint finds "
                        + " or ".join(f"`{r}`" for r in error.rules)
                        + " at none of the places where its path exists.")
        return kept, ""
    if not (error.has_path or error.path):
        return [], ""
    tools = {(p.source.name, p.tool.label) for p in places}
    if len(tools) > 1:
        return [], (f"The text names no tool, and `{_shown(error)}` exists in {len(tools)} "
                    "tools; name the tool's file alone to place it.")
    return places, ""


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


def _entry_at(index: int, tools: list[Tool], source: Source) -> Tool | None:
    """The entry at ``index`` of the server's list, counted as the client counts it: every
    entry, the ones that are no tool too (a stray entry stands as a tool without a name or
    schemas). None when the tools are not the entries of one list."""
    containers = {t.path[:-1] for t in tools if t.path and isinstance(t.path[-1], int)}
    if len(containers) != 1 or len({t.document for t in tools}) != 1:
        return None
    container, document_index = containers.pop(), tools[0].document
    by_index = {t.path[-1]: t for t in tools if t.path[:-1] == container}
    if index in by_index:
        return by_index[index]
    document = next((d for d in source.source.documents if d.index == document_index), None)
    entries: Any = document.value if document is not None else None
    for step in container:
        if isinstance(entries, dict) and isinstance(step, str):
            entries = entries.get(step)
        elif isinstance(entries, list) and isinstance(step, int) and step < len(entries):
            entries = entries[step]
        else:
            return None
    if not isinstance(entries, list) or index >= len(entries):
        return None
    path = (*container, index)
    return Tool(None, display_path(path), document_index, path, entries[index], {})


def _tools_for(error: ClientError, tools: list[Tool], source: Source
               ) -> tuple[list[Tool], str, str]:
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
        entry = _entry_at(error.tool_index, tools, source)
        if entry is not None:
            return [entry], f"as entry {error.tool_index} of the list", ""
        if error.tool_index < len(tools):
            return [tools[error.tool_index]], f"as tool {error.tool_index} of the list", ""
        return [], "", (f"it has {len(tools)} tools, so no tool {error.tool_index}; give the "
                        "server's whole tool list (portlint snapshot) or the file that "
                        "declares it")
    return tools, "by path", ""


def _places(error: ClientError, source: Source, tool: Tool, findings: list[Finding],
            how: str) -> list[Place]:
    document = next((d for d in source.source.documents if d.index == tool.document), None)
    if document is None:
        return []
    own = [f for f in findings if f.document == tool.document and (
        f.tool_label == tool.label or f.tool == tool.name)]
    at = _In(source, document, tool, own, error)
    if not tool.roots and not isinstance(tool.value, dict):
        # an entry of the list that is no tool object: whatever the client says of it, the
        # entry itself is the place (where tool-list-entry reports it)
        return [_place(at, tool.path, f"{how}, an entry that is not a tool object")]
    if error.format.locate is not None:
        return [_place(at, where, f"{how}, at the `{where[-1]}` the text quotes")
                for where in _located(error, tool)]
    if error.has_path or error.path:
        return [p for p in [_at_path(at, how)] if p]
    roles = (error.role,) if error.role in ("input", "output") else ("input", "output")
    if error.rules:
        wanted = [f for f in own if f.rule in error.rules and any(
            r in tool.roots and _below(f.pointer, json_pointer(tool.roots[r].path))
            for r in roles)]
        wheres = dict.fromkeys(w for w in (_pointer_path(document.value, f.pointer)
                                           for f in wanted) if w is not None)
        if wheres:
            return [_place(at, where, f"{how}, where the lint finds `{_rule_at(where, wanted)}`")
                    for where in wheres]
    if not _named(error):
        return []
    root = tool.roots.get(error.role or "")
    where = root.path if root is not None else tool.path
    return [_place(at, where, how, coarse=True)]


def _place(at: _In, where: Path, how: str, missing: str | None = None, *,
           coarse: bool = False) -> Place:
    """A place; at a ``coarse`` one (the text named the tool, not the place, or a key that is
    not there) only the findings of the rules the error names count."""
    located = at.document.locate(where)
    span = (located.key_span or located.span) if located is not None else (0, 0)
    findings = _findings_at(where, at.own, at.error)
    if coarse or missing is not None:
        findings = tuple(f for f in findings if f.rule in at.error.rules)
    return Place(at.source, at.tool, where, span, findings, how, missing)


def _rule_at(where: Path, findings: list[Finding]) -> str:
    pointer = json_pointer(where)
    return next((f.rule for f in findings if f.pointer == pointer), findings[0].rule)


def _below(pointer: str, root: str) -> bool:
    return pointer == root or pointer.startswith(root + "/")


def _pointer_path(value: object, pointer: str) -> Path | None:
    """The document path a finding's JSON pointer names (digits index lists only)."""
    if not pointer:
        return ()
    out: list[str | int] = []
    node = value
    for raw in pointer[1:].split("/"):
        part = raw.replace("~1", "/").replace("~0", "~")
        if isinstance(node, list):
            if not part.isdigit() or int(part) >= len(node):
                return None
            out.append(int(part))
            node = node[int(part)]
        elif isinstance(node, dict) and part in node:
            out.append(part)
            node = node[part]
        else:
            return None
    return tuple(out)


def _at_path(at: _In, how: str) -> Place | None:
    """The place the path names; a missing last key is placed at the object that lacks it."""
    error, tool = at.error, at.tool
    role = error.role or "input"
    if role == "tool":
        base, value = tool.path, tool.value
    else:
        root = tool.roots.get(role)
        if root is None:
            key = _ROLE_KEY[role]
            if (not error.path and error.may_be_absent and isinstance(tool.value, dict)
                    and key not in tool.value):
                return _place(at, tool.path, how, key)
            return None
        base, value = root.path, root.value
    resolved = _resolve(value, error.path)
    if resolved is not None:
        return _place(at, (*base, *resolved), how)
    if not error.may_be_absent:
        return None
    *parent, last = error.path or (None,)
    above = _resolve(value, tuple(parent))
    if above is None or not isinstance(last, str):
        return None
    node: Any = value
    for step in above:
        node = node[step]
    if not isinstance(node, dict) or last in node:
        return None
    return _place(at, (*base, *above), how, last)


def _located(error: ClientError, tool: Tool) -> list[Path]:
    """Where in the tool's schemas the construct the text quotes is: the keyword's path."""
    roles = (error.role,) if error.role in ("input", "output") else ("input", "output")
    out: list[Path] = []
    for role in roles:
        root = tool.roots.get(role)
        if root is not None:
            out.extend((*root.path, *path) for path in _matches(error, root.value, ()))
    if error.format.locate in ("pattern-any", "required-any") and len(out) != 1:
        return []
    return out


def _matches(error: ClientError, node: object, path: Path) -> list[Path]:
    out: list[Path] = []
    if isinstance(node, dict):
        if _is_it(error, node):
            keyword = _KEYWORD[error.format.locate or ""]
            if keyword == "":
                keyword = str(error.quoted[0]) if isinstance(error.quoted, tuple) else ""
            out.append((*path, keyword))
        for key, child in node.items():
            if key in ("enum", "const", "examples", "default"):
                continue
            out.extend(_matches(error, child, (*path, key)))
    elif isinstance(node, list):
        for index, child in enumerate(node):
            out.extend(_matches(error, child, (*path, index)))
    return out


_KEYWORD = {"ref": "$ref", "ref-not-pointer": "$ref", "pattern": "pattern",
            "pattern-any": "pattern", "type": "type", "required-any": "required",
            "keyword-types": ""}
_JSON_TYPES: dict[str, tuple[type, ...]] = {
    "number": (int, float), "integer": (int,), "string": (str,), "boolean": (bool,),
    "object": (dict,), "array": (list,), "null": (type(None),)}


def _is_it(error: ClientError, node: dict[str, Any]) -> bool:
    kind = error.format.locate
    wanted = error.quoted
    if kind == "ref":
        return node.get("$ref") == wanted
    if kind == "ref-not-pointer":
        ref = node.get("$ref")
        return isinstance(ref, str) and not (ref == "#" or ref.startswith("#/"))
    if kind == "pattern":
        return isinstance(wanted, str) and node.get("pattern") == wanted
    if kind == "type":
        return "type" in node and node["type"] == wanted
    if kind in ("pattern-any", "required-any"):
        return _KEYWORD[kind] in node
    if kind == "keyword-types" and isinstance(wanted, tuple):
        keyword, types = wanted
        if keyword not in node:
            return False
        value = node[keyword]
        allowed = [t for name in types for t in _JSON_TYPES.get(name, ())]
        if isinstance(value, bool):
            return bool not in allowed
        return not isinstance(value, tuple(allowed))
    return False


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


def _findings_at(where: Path, own: list[Finding], error: ClientError
                 ) -> tuple[Finding, ...]:
    """The findings at the place itself, and those above or below it of a rule the error
    names (best first): not every finding of the tool."""
    pointer = json_pointer(where)

    def rank(f: Finding) -> tuple[int, int]:
        expected = 0 if f.rule in error.rules else 1
        if f.pointer == pointer:
            return (expected, 0)
        return (expected, 1 + abs(f.pointer.count("/") - pointer.count("/")))

    near = [f for f in own if f.pointer == pointer or (f.rule in error.rules and (
        f.pointer.startswith(pointer + "/") or pointer.startswith(f.pointer + "/")
        or not f.pointer))]
    return tuple(sorted(near, key=rank))
