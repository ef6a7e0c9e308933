"""A FastMCP server whose tools/list handler is replaced on the low-level server beneath it
(blender-mcp's shape): clients are listed what the new handler returns, here the registered
tools but one."""

from mcp.server.fastmcp import FastMCP

mcp = FastMCP("replaced-listing")


@mcp.tool()
def shown(text: str) -> str:
    """Listed."""
    return text


@mcp.tool()
def hidden(count: int) -> int:
    """Left out of the listing."""
    return count


async def visible():
    return [tool for tool in await mcp.list_tools() if tool.name != "hidden"]


mcp._mcp_server.list_tools()(visible)


if __name__ == "__main__":
    mcp.run()
