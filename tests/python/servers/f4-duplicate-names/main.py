"""Two tools registered under one name: which one the server lists, and where."""

from fastmcp import FastMCP

mcp = FastMCP("duplicate-names")


@mcp.tool(name="find")
def find_text(text: str) -> str:
    """Find by text."""
    return text


@mcp.tool()
def count(items: list[str]) -> int:
    """Count items."""
    return len(items)


@mcp.tool(name="find")
def find_number(number: int, exact: bool = True) -> str:
    """Find by number."""
    return str(number)


if __name__ == "__main__":
    mcp.run()
