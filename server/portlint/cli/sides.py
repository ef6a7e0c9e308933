"""The two sides a contract command reads: a file (any format portlint reads), or a live server's
tool list as its snapshot document.

A side is a tool list, or it is refused with a message (exit 2) — never read as fewer tools than
it holds: a document that is no tool list (``null``, a string, ``[]``, ``[1, 2]``), a ``tools``
member that is not an array, or an entry of it that is not a tool object would otherwise compare
as "no tools" or "fewer tools", a diff that passes or a snapshot check that blames the server.
A server with no tools is written ``{"tools": []}``, and is read as such. A server module
(Python, TypeScript) with a tool whose schema cannot be derived is refused too: that tool would
be missing from its side, and compare as removed or added. So is a list that names two tools
alike: clients differ on which of them they call, and only one could be compared.
"""

from __future__ import annotations

import os
from typing import Any, NamedTuple

from portlint.paths import display_path
from portlint.readers import format_for, read_source
from portlint.rules.helpers import json_kind
from portlint.shapes import CONTAINER_KEYS, is_plain_tool, recognise
from portlint.source.document import ParsedSource
from portlint.source.text import UnreadableFile, read_text_file


class SideError(Exception):
    pass


class Side(NamedTuple):
    name: str  # as reports show it
    text: str
    source: ParsedSource
    live: bool = False  # a server's list as it answered: no file holds the text


def read_file_side(path: str, *, compare: bool = True) -> Side:
    """The file as a side; ``compare=False`` (explain) keeps a module whose tools are not all
    derived — the caller says which ones (:func:`underived`)."""
    try:
        text = read_text_file(path)
    except UnreadableFile as unreadable:
        raise SideError(f"{path}: {unreadable.message}") from None
    source = read_source(text, format_for(path, text), filename=path)
    # a document of a stream that did not parse, or was too large or deep to read, is missing
    problems = [p for p in source.problems if p.rule in ("parse-error", "document-too-large")]
    if problems or not source.documents:
        why = problems[0].message if problems else "it holds no tools portlint can read"
        raise SideError(f"{path}: cannot compare: {why}")
    damage = tool_list_problem(source)
    if damage is not None:
        raise SideError(f"{path}: cannot compare: {damage}")
    duplicated = duplicate_tool(source) if compare else None
    if duplicated is not None:
        raise SideError(f"{path}: cannot compare: {duplicated}")
    missing = underived(source)
    if missing and compare:  # such a tool is not in the list read: it compares as removed or added
        more = f" (and {len(missing) - 1} more)" if len(missing) > 1 else ""
        raise SideError(f"{path}: cannot compare: {missing[0].rstrip('.')}{more}")
    return Side(_display(path), text, source)


def underived(source: ParsedSource) -> list[str]:
    """Why each tool of a server module whose schema cannot be derived is missing from it."""
    return [p.message for p in source.problems if p.rule == "unknown-schema"]


def read_server_side(label: str, text: str, source: ParsedSource | None = None) -> Side:
    """The live list as a side (``source``: its text read already); the same refusals as a
    file (the server sent it)."""
    source = source if source is not None else read_source(text, "json")
    damage = tool_list_problem(source) or duplicate_tool(source)
    if damage is not None:
        raise SideError(f"{label}: cannot compare: {damage}")
    return Side(label, text, source, live=True)


def duplicate_tool(source: ParsedSource) -> str | None:
    """Why a tool list cannot be compared when it names two tools alike (the first such name),
    or None."""
    from portlint.contract.tools_diff import duplicate_names, tools_of

    several = len(source.documents) > 1
    for name, tools in duplicate_names(tools_of(source)).items():
        places = [(f"document {t.document + 1}: " if several else "")
                  + f"`{display_path(t.path)}`" for t in tools]
        times = "twice" if len(tools) == 2 else f"{len(tools)} times"
        return (f"the tool `{name}` is listed {times} ({', '.join(places)}): clients differ on "
                "which one they call, so there is no one contract of it to compare; keep one")
    return None


def tool_list_problem(source: ParsedSource) -> str | None:
    """Why a read source is not a tool list to compare (the first reason), or None when it is
    one."""
    return next(iter(tool_list_problems(source)), None)


def tool_list_problems(source: ParsedSource) -> list[str]:
    """Every reason a read source is not (wholly) a tool list: each document that is none, each
    entry of a tools array that is no tool."""
    several = len(source.documents) > 1
    out: list[str] = []
    for document in source.documents:
        where = f"document {document.index + 1}: " if several else ""
        out.extend(where + problem for problem in _document_problems(document.value))
    return out


def _document_problems(value: Any) -> list[str]:
    if isinstance(value, dict):
        result = value.get("result")
        if isinstance(result, dict) and "tools" in result:
            container: tuple[str, ...] = ("result", "tools")
            items = result["tools"]
        else:
            key = next((k for k in CONTAINER_KEYS if k in value), None)
            if key is None:
                return []  # a tool, or one schema (compared as an unnamed tool)
            container, items = (key,), value[key]
        shown = display_path(container)
        if not isinstance(items, list):
            return [f"`{shown}` is {_kind(items)}, not an array of tools"]
        return [f"`{shown}[{i}]` is {_kind(item)}, not a tool (an object with a `name` or a "
                "schema)" for i, item in enumerate(items) if not _is_entry(item)]
    if isinstance(value, list):
        if not value:
            return ['an empty array is no tool list; a server without tools is written '
                    '{"tools": []}']
        if not recognise(value).tools:
            return [f"the array holds no tool (its first entry is {_kind(value[0])})"]
        return [f"entry [{i}] is {_kind(item)}, not a tool" for i, item in enumerate(value)
                if not _is_entry(item)]
    if isinstance(value, bool):
        return []  # a boolean schema, compared as an unnamed tool's
    return [f"the document is {_kind(value)}, not a tool list"]


def _is_entry(item: Any) -> bool:
    """A tool, or a nested declarations list (Gemini's ``functionDeclarations``)."""
    return is_plain_tool(item) or (isinstance(item, dict)
                                   and isinstance(item.get("functionDeclarations"), list))


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"the boolean {'true' if value else 'false'}"
    return json_kind(value)


def _display(path: str) -> str:
    try:
        relative = os.path.relpath(path)
    except ValueError:
        return path
    return relative if not relative.startswith("..") else path
