"""Decorators that mark a tool for the project's own use (an attribute of its own, read back by
its own code) and hand the function back: the framework lists the function as written
(mcp-server-datahub 0.8.0's read-only mark)."""

from fastmcp import FastMCP

mcp = FastMCP("marking")


def read_only(fn):
    """Mark a tool read-only."""
    fn._read_only_hint = True
    return fn


def audited(fn):
    setattr(fn, "audit_level", 2)
    return fn


@read_only
def search(query: str, limit: int = 10) -> list[str]:
    """Search the catalogue."""
    return [query] * limit


@mcp.tool
@audited
def delete(key: str) -> str:
    """Delete an entry."""
    return key


mcp.tool(name="search", annotations={"readOnlyHint": getattr(search, "_read_only_hint", False)})(
    search)


if __name__ == "__main__":
    mcp.run()
