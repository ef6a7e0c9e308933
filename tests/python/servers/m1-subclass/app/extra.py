"""A tool registered on the server imported from another module."""

from app.server import mcp


@mcp.tool()
def describe(table: str, verbose: bool = False) -> str:
    """Describe a table."""
    return table
