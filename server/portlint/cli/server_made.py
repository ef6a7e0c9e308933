"""Whether a file passed over in a search makes an MCP server: `FastMCP(...)`, `MCPServer(...)`
in a Python module importing fastmcp or the MCP SDK; `new McpServer(...)`, `new FastMCP(...)` in
a TypeScript or JavaScript one importing either.

A search that checks no tool at all, though a file in it makes a server, did not read how that
server gets its tools: ha-mcp 3.5.1 hands its `self.mcp` to functions in modules that import no
framework, and the search said "Nothing checked" (exit 0) for its 28 tools. Such a file is said
as an input not checked (exit 2), naming the server it makes. Only the text is looked at, and
only when the search found nothing else: this is the last word of a search, not a reader."""

from __future__ import annotations

import re
from pathlib import Path

from portlint.script_suffixes import SOURCE_SUFFIXES

_PYTHON_SERVER = re.compile(r"^[^#\n]*?\b(FastMCP|MCPServer)\s*\(", re.MULTILINE)
_PYTHON_FRAMEWORK = re.compile(r"^\s*(?:from|import)\s+(?:fastmcp|mcp)\b", re.MULTILINE)
_SCRIPT_SERVER = re.compile(r"\bnew\s+(McpServer|FastMCP)\s*\(")
_SCRIPT_FRAMEWORK = re.compile(r"""["'](?:@modelcontextprotocol/[^"']+|fastmcp)["']""")
_PREFIX = "it makes an MCP server ("


def server_made(path: Path, text: str) -> str | None:
    """``\\`FastMCP(...)\\` on line 5``: the server a module makes, or None."""
    if path.suffix == ".py":
        server, framework = _PYTHON_SERVER, _PYTHON_FRAMEWORK
    elif path.suffix in SOURCE_SUFFIXES:
        server, framework = _SCRIPT_SERVER, _SCRIPT_FRAMEWORK
    else:
        return None
    found = server.search(text)
    if found is None or framework.search(text) is None:
        return None
    line = text.count("\n", 0, found.start(1)) + 1
    made = ("new " if server is _SCRIPT_SERVER else "") + found.group(1)
    return f"`{made}(...)` on line {line}"


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
