import mcp.types as types
from mcp.server import Server, ServerRequestContext
from mcp.server.stdio import stdio_server

import handlers

HANDLERS = [handlers.ListFiles(), handlers.ReadFile(), handlers.DeleteFile(), handlers.Status(),
            handlers.Generic("ping")]


async def list_tools(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None
                     ) -> types.ListToolsResult:
    return types.ListToolsResult(tools=[h.describe() for h in HANDLERS])


server = Server("handlers", on_list_tools=list_tools)


async def main() -> None:
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


if __name__ == "__main__":
    import asyncio

    asyncio.run(main())
