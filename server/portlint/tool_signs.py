"""Whether a file looks like a tool document by its name or its start, without reading it as one.

The signs, deliberately broad, decide what is done with a file whose shape cannot be known — it
does not parse, is too large to read, is not text: a directory search reports it when it looks
like a tool document (``cli/relevance.py``), and the editor keeps showing its problems while it
is typed (``lsp/linting.py``). A false alarm is a broken file reported; a miss is a file that
could not be read and says nothing.

* a name: ``tool``, ``schema`` or ``function`` in the file's name (``tools.json``,
  ``weather.schema.yaml``, ``functions.json``);
* a start (the first 64 KiB): a key a tool document has — ``inputSchema``, ``outputSchema``,
  ``input_schema``, ``parametersJsonSchema``, ``functionDeclarations``, ``"tools": [`` — a
  json-schema.org URI, or an OpenAI ``"type": "function"`` with ``parameters``; for Python, an
  MCP server (``FastMCP``, ``from mcp``/``import mcp``, ``@….tool``); for TypeScript and
  JavaScript, one too (an import of ``@modelcontextprotocol/…`` or ``fastmcp``, ``McpServer``,
  ``new FastMCP``, ``registerTool(``): a server module that does not parse is reported, never
  passed over.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from portlint.script_suffixes import SOURCE_SUFFIXES

HEAD_CHARS = 64 * 1024
"""How much of a file's start is looked at."""

_NAME = re.compile(r"tool|schema|function", re.IGNORECASE)


@lru_cache(maxsize=1)  # compiled when a file's start is first looked at
def _starts() -> tuple[re.Pattern[str], ...]:
    return (
        re.compile(r"""(?:["']?(?:inputSchema|outputSchema|input_schema|parametersJsonSchema
                                 |functionDeclarations)["']?\s*:)
                        | (?:["']?tools["']?\s*:\s*(?:\[|$|\n|-))
                        | json-schema\.org""", re.VERBOSE | re.MULTILINE),
        re.compile(r"""["']?type["']?\s*:\s*["']?function\b"""),
        re.compile(r"""["']?parameters["']?\s*:"""),
        re.compile(r"\bFastMCP\b|^\s*(?:from|import)\s+mcp\b|@\w+(?:\.\w+)*\.tool\b", re.MULTILINE),
        re.compile(r"""["']@modelcontextprotocol/|["']fastmcp["']|\bMcpServer\b
                       |\bnew\s+FastMCP\b|\.registerTool\s*\(""", re.VERBOSE),
    )


def named_like_tool_document(path: Path) -> bool:
    return _NAME.search(path.name) is not None


def starts_like_tool_document(head: str, python: bool = False, script: bool = False) -> bool:
    head = head[:HEAD_CHARS]
    data, function_type, parameters, python_start, script_start = _starts()
    if python:
        return python_start.search(head) is not None
    if script and script_start.search(head) is not None:
        return True
    return data.search(head) is not None or (
        function_type.search(head) is not None and parameters.search(head) is not None)


def looks_like_tool_document(path: Path, head: str | None) -> bool:
    """By its name, or (when it could be read) by its start."""
    suffix = path.suffix.lower()
    return named_like_tool_document(path) or (head is not None and starts_like_tool_document(
        head, suffix == ".py", suffix in SOURCE_SUFFIXES))
