"""Whether a file passed over in a search makes an MCP server: `FastMCP(...)`, `MCPServer(...)`
in a Python module importing fastmcp or the MCP SDK; `new McpServer(...)`, `new FastMCP(...)` in
a TypeScript or JavaScript one importing either.

A search that checks no tool at all, though a file in it makes a server, did not read how that
server gets its tools: ha-mcp 3.5.1 hands its `self.mcp` to functions in modules that import no
framework, and the search said "Nothing checked" (exit 0) for its 28 tools (before the Python
reader said such a server untraced). Such a file is said
as an input not checked (exit 2), naming the server it makes. Only the text is looked at (a
Python module's syntax tree, so a docstring showing a server makes none), and only when the
search found nothing else: this is the last word of a search, not a reader."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from portlint.script_suffixes import SOURCE_SUFFIXES

_SERVER_CLASSES = ("FastMCP", "MCPServer")
_PYTHON_SERVER = re.compile(r"\b(?:FastMCP|MCPServer)\s*\(")
_PYTHON_FRAMEWORK = re.compile(r"^\s*(?:from|import)\s+(?:fastmcp|mcp)\b", re.MULTILINE)
_SCRIPT_SERVER = re.compile(r"\bnew\s+(McpServer|FastMCP)\s*\(")
_SCRIPT_FRAMEWORK = re.compile(r"""["'](?:@modelcontextprotocol/[^"']+|fastmcp)["']""")
_PREFIX = "it makes an MCP server ("


def server_made(path: Path, text: str) -> str | None:
    """``\\`FastMCP(...)\\` on line 5``: the server a module makes, or None."""
    if path.suffix == ".py":
        return _python_server(text)
    if path.suffix not in SOURCE_SUFFIXES:
        return None
    found = _SCRIPT_SERVER.search(text)
    if found is None or _SCRIPT_FRAMEWORK.search(text) is None:
        return None
    line = text.count("\n", 0, found.start(1)) + 1
    return f"`new {found.group(1)}(...)` on line {line}"


def _python_server(text: str) -> str | None:
    """The first call of `FastMCP`/`MCPServer` in a module importing fastmcp or the SDK, read
    from its syntax tree (a docstring or a comment showing one is not one). A module that does
    not parse is not looked at here: its reader says so."""
    if _PYTHON_SERVER.search(text) is None or _PYTHON_FRAMEWORK.search(text) is None:
        return None  # the common case, without parsing
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    imported = False
    made: list[tuple[int, int, str]] = []  # (line, column, name) of each call of the class
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported = imported or any(_framework(a.name) for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            imported = imported or (node.level == 0 and _framework(node.module or ""))
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else (
                func.attr if isinstance(func, ast.Attribute) else None)
            if name in _SERVER_CLASSES:
                made.append((func.end_lineno or node.lineno, func.end_col_offset or 0, name))
    if not imported or not made:
        return None
    line, _, name = min(made)
    return f"`{name}(...)` on line {line}"


def _framework(module: str) -> bool:
    return module.split(".", maxsplit=1)[0] in ("fastmcp", "mcp")


def skip_reason(made: str) -> str:
    """Why the file is passed over, while other files of the search may hold its tools."""
    return f"{_PREFIX}{made}), yet no tool registration was found in it"


def is_skip_reason(reason: str) -> bool:
    return reason.startswith(_PREFIX)


def not_checked(reason: str) -> str:
    """Why the file is an input not checked, when the search checked no tool at all."""
    return (f"{reason}, nor in the other files searched: it may get its tools in a form "
            "portlint does not follow (a server handed on as `self.mcp`, or registered inside "
            "a dependency); no tool was checked")
