"""A tool taking `*args`: fastmcp refuses the function when it registers it, and the server
does not start."""

from fastmcp import FastMCP

mcp = FastMCP("variadic")


@mcp.tool()
def total(first: int, *rest: int) -> int:
    """Add numbers."""
    return first + sum(rest)


if __name__ == "__main__":
    mcp.run()
