"""Tools fastmcp 2.x registers and leaves out of tools/list: one disabled, one whose tag the
server excludes. The others are listed."""

from fastmcp import FastMCP

mcp = FastMCP("visibility", exclude_tags={"admin"})


@mcp.tool(enabled=False)
def retired(query: str | list[str]) -> str:
    """Not offered any more."""
    return str(query)


@mcp.tool(tags={"admin", "ops"})
def purge(everything: bool) -> str:
    """Administrators only."""
    return "purged" if everything else "kept"


@mcp.tool(tags={"public"})
def search(query: str, limit: int = 10) -> list[str]:
    """Search the catalogue."""
    return [query] * limit


@mcp.tool(enabled=True)
def ping() -> str:
    """Answer."""
    return "pong"


if __name__ == "__main__":
    mcp.run()
