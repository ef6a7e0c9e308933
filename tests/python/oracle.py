"""The measured facts the Python analysis is held to: Pydantic 2.14.4's schemas for the 105
catalog declarations, and four frameworks' wire schemas for 15 tool functions
(`../shared/python/`, produced by the real libraries)."""

from __future__ import annotations

import json
from typing import Any

from tests.support.corpus import SHARED, available

# third-party measurements (the shared_data layer): empty where the data is absent
PYTHON = SHARED / "python"
NOTES = (SHARED / "PYTHON-DECLARATIONS.md").read_text(encoding="utf-8") if available() else ""
PREAMBLE = NOTES.split("Every `python` snippet runs after this shared preamble", 1)[1].split(
    "```python\n", 1)[1].split("```", 1)[0] if available() else ""
CATALOG: list[dict[str, Any]] = json.loads(
    (PYTHON / "pydantic_catalog.json").read_text(encoding="utf-8")) if available() else []
TOOLS: dict[str, Any] = json.loads((PYTHON / "mcp_tool_schemas.json").read_text(
    encoding="utf-8")) if available() else {"frameworks": {}}
FRAMEWORK_IMPORTS = {
    "fastmcp2": "from fastmcp import FastMCP, Context",
    "fastmcp4": "from fastmcp import FastMCP, Context",
    "mcp1": "from mcp.server.fastmcp import FastMCP, Context",
    "mcp2": "from mcp.server.mcpserver import MCPServer as FastMCP, Context",
}


def tool_module(framework: str) -> str:
    """The measured tool functions, each decorated with `@mcp.tool()` for ``framework``."""
    source = str(TOOLS["tools_source"]).replace(
        "from ctxshim import Context", FRAMEWORK_IMPORTS[framework] + '\nmcp = FastMCP("probe")')
    for name in TOOLS["frameworks"][framework]["tools"]:
        source = source.replace(f"\ndef {name}(", f"\n@mcp.tool()\ndef {name}(")
        source = source.replace(f"\nasync def {name}(", f"\n@mcp.tool()\nasync def {name}(")
    return source
