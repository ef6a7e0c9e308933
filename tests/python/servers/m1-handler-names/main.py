from mcp.server import Server
from mcp.server.stdio import stdio_server
from mcp.types import Tool

import handlers

HANDLERS = [handlers.ListFiles(), handlers.ReadFile(), handlers.DeleteFile(), handlers.Status(),
            handlers.Generic("ping")]
server = Server("handlers")


@server.list_tools()
async def list_tools() -> list[Tool]:
    return [h.describe() for h in HANDLERS]


async def main() -> None:
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


if __name__ == "__main__":
    import asyncio

    asyncio.run(main())
