"""Models the server imports from modules that re-export them (a package's `__init__`,
`from x import *`, an alias, a chain of the two), as installed servers often do."""

from fastmcp import FastMCP

from app.models import Line, Point
from app.shapes import Region

mcp = FastMCP("reexported-models")


@mcp.tool()
def draw(line: Line, at: Point | None = None) -> Line:
    """Draw a line."""
    return line


@mcp.tool()
def fill(region: Region) -> str:
    """Fill a region."""
    return ""


if __name__ == "__main__":
    mcp.run()
