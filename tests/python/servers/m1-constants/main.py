"""A low-level server whose tools are spelled with module constants, as arxiv-mcp-server and
mcp-server-fetch write them: names, descriptions and schema values by name, f-strings whose
placeholders are constants."""

from enum import Enum

import mcp.types as types
from mcp.server import Server
from mcp.server.stdio import stdio_server

MAX_RESULTS = 200
DEFAULT_RESULTS = 50
MIN_SCORE = -1.5
STRICT = False
UNIT = "papers"
ITEM = "paper"
SEARCH_DESCRIPTION = """Search the index.

Results are bounded."""


class Tools(str, Enum):
    SEARCH = "search"
    CITE = "cite"


server = Server("constants")

SEARCH = types.Tool(
    name=Tools.SEARCH.value,
    description=SEARCH_DESCRIPTION,
    inputSchema={
        "type": "object",
        "properties": {
            "query": {"type": "string", "description": f"What to look for ({UNIT})."},
            "limit": {
                "type": "integer",
                "minimum": 1,
                "maximum": MAX_RESULTS,
                "default": DEFAULT_RESULTS,
                "description": "At most " f"{MAX_RESULTS} {UNIT} (default {DEFAULT_RESULTS}).",
            },
            "score": {"type": "number", "minimum": MIN_SCORE},
        },
        "required": ["query"],
        "additionalProperties": STRICT,
    },
)

CITE = types.Tool(
    name=Tools.CITE.value,
    description="Cite a " + ITEM + ".",
    inputSchema={"type": "object", "properties": {"id": {"type": "string"}}},
)


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [SEARCH, CITE]


async def main() -> None:
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


if __name__ == "__main__":
    import asyncio

    asyncio.run(main())
