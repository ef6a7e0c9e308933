"""A server whose helper module imports `fastmcp.tools.tool` before anything is registered."""
from fastmcp import FastMCP

from helpers import described

mcp = FastMCP("gone-module")


@mcp.tool()
def echo(text: str) -> str:
    """Says the text back."""
    return text


@mcp.tool()
def count(items: list[str], limit: int = 10) -> int:
    """Counts the items, up to a limit."""
    return min(len(items), limit)


if __name__ == "__main__":
    assert described
    mcp.run()
