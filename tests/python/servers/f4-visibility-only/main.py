"""An allowlist: `enable(..., only=True)` hides every tool it does not match."""
from fastmcp import FastMCP

mcp = FastMCP("visibility-only")


@mcp.tool(tags={"public"})
def search(query: str) -> str:
    """Listed: its tag is enabled."""
    return query


@mcp.tool(tags={"internal"})
def reindex() -> str:
    """Not listed: the allowlist does not match it."""
    return ""


@mcp.tool()
def status() -> str:
    """Not listed: no tag."""
    return "ok"


@mcp.tool(tags={"public", "slow"})
def export(fmt: str = "csv") -> str:
    """Listed by its tag, then hidden by a later transform."""
    return fmt


mcp.enable(tags={"public"}, only=True)
mcp.disable(tags={"slow"})


if __name__ == "__main__":
    mcp.run()
