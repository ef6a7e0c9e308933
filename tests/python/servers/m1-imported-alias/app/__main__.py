from typing import List

from mcp.server.fastmcp import FastMCP
from pydantic import Field

from app.models import AccessPattern, Either, Name, Names

mcp = FastMCP("imported-alias")


@mcp.tool()
def plan(patterns: List[AccessPattern] = Field(description="The access patterns")) -> str:
    """Plan the table."""
    return ""


@mcp.tool()
def pick(choice: Either, label: Name, labels: Names | None = None) -> Name:
    """Pick one."""
    return label


if __name__ == "__main__":
    mcp.run()
