"""Runs inside the oracle's client venv (the MCP Python SDK, never portlint's interpreter): starts
one server over stdio, initializes, pages through tools/list and prints the tools as JSON, each
exactly as the server sent it (key order kept; only the fields the server left out are absent).

    python list_tools_client.py PROJECT_DIR PYTHON ARG...
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from typing import Any

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

TIMEOUT = 200.0


def _wire(tool: Any) -> dict[str, Any]:
    """The tool as it came over the wire: the SDK's model keeps unknown fields as extras and the
    schemas as plain dicts, so dumping by alias and dropping the absent (None) top-level fields
    gives back what the server wrote."""
    dumped: dict[str, Any] = tool.model_dump(by_alias=True, mode="json")
    fields_set = tool.model_fields_set | set(tool.model_extra or {})
    aliases = {name: (field.alias or name) for name, field in type(tool).model_fields.items()}
    sent = {aliases.get(name, name) for name in fields_set}
    return {key: value for key, value in dumped.items() if key in sent}


async def _list(project: str, command: str, arguments: list[str]) -> list[dict[str, Any]]:
    environment = {key: value for key, value in os.environ.items()
                   if key in ("PATH", "HOME", "LANG", "LC_ALL", "TMPDIR")}
    environment.update({"PYTHONPATH": project, "PYTHONDONTWRITEBYTECODE": "1",
                        "FASTMCP_SHOW_CLI_BANNER": "false", "FASTMCP_LOG_LEVEL": "WARNING",
                        "NO_COLOR": "1"})
    parameters = StdioServerParameters(command=command, args=arguments, cwd=project,
                                       env=environment)
    tools: list[dict[str, Any]] = []
    async with stdio_client(parameters, errlog=sys.stderr) as (read, write), \
            ClientSession(read, write) as session:
        await session.initialize()
        cursor: str | None = None
        while True:
            result = await (session.list_tools(cursor=cursor) if cursor is not None
                            else session.list_tools())
            tools.extend(_wire(tool) for tool in result.tools)
            cursor = getattr(result, "nextCursor", None) or getattr(result, "next_cursor", None)
            if not cursor:
                return tools


def main() -> int:
    project, command, *arguments = sys.argv[1:]
    tools = asyncio.run(asyncio.wait_for(_list(project, command, arguments), TIMEOUT))
    json.dump(tools, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
