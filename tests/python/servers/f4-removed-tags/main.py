"""fastmcp 2.x code that filters its tools by tag where the server is made, pinned to a range
that lets fastmcp 3.x and 4.x in: their `FastMCP()` no longer accepts the filters."""

from fastmcp import FastMCP

mcp = FastMCP("removed-tags", exclude_tags={"admin"})


@mcp.tool(tags={"public"})
def search(query: str) -> list[str]:
    """Search the catalogue."""
    return [query]


if __name__ == "__main__":
    mcp.run()
