"""A server listing only the tools that carry one of its `include_tags`."""

from fastmcp import FastMCP

mcp = FastMCP("visibility-include", include_tags=["public"])


@mcp.tool(tags={"public"})
def search(query: str) -> list[str]:
    """Search the catalogue."""
    return [query]


@mcp.tool(tags={"internal"})
def reindex(full: bool | str) -> str:
    """Rebuild the index."""
    return str(full)


@mcp.tool
def untagged(value: int) -> int:
    """No tags at all."""
    return value


if __name__ == "__main__":
    mcp.run()
