"""Tools taking `*args` and `**kwargs`: the SDK lists each as a required property of its name and
element type (`*args` can then never be called: tests/python/call-outcomes.json)."""

from mcp.server.mcpserver import MCPServer as FastMCP

mcp = FastMCP("variadic")


@mcp.tool()
def total(first: int, *rest: int) -> int:
    """Add numbers."""
    return first + sum(rest)


@mcp.tool()
def tagged(name: str, *, limit: int = 3, **labels: str) -> str:
    """Labels."""
    return name


@mcp.tool()
def untyped(name: str, *values, **options) -> str:
    """Unannotated."""
    return name


if __name__ == "__main__":
    mcp.run()
