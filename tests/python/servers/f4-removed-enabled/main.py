"""fastmcp 2.x code that disables a tool with `enabled=False`, pinned to a range that lets
fastmcp 3.x and 4.x in: their `tool()` takes no such keyword."""

from fastmcp import FastMCP

mcp = FastMCP("removed-enabled")


@mcp.tool
def search(query: str) -> list[str]:
    """Search the catalogue."""
    return [query]


@mcp.tool(enabled=False)
def retired(query: str) -> str:
    """Not offered any more."""
    return query


if __name__ == "__main__":
    mcp.run()
