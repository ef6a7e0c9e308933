"""A low-level server on mcp 2.x listing a tool whose input schema has no root `type`."""

import mcp.types as types
from mcp.server import Server, ServerRequestContext
from mcp.server.stdio import stdio_server

TOOLS = [
    types.Tool(name="fine", input_schema={"type": "object", "properties": {}}),
    types.Tool(name="untyped", input_schema={"properties": {"a": {"type": "string"}}}),
]


async def list_tools(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None
                     ) -> types.ListToolsResult:
    return types.ListToolsResult(tools=TOOLS)


server = Server("lowlevel", on_list_tools=list_tools)


async def main() -> None:
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


if __name__ == "__main__":
    import asyncio

    asyncio.run(main())
