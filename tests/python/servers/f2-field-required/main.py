from fastmcp import FastMCP, Context
from pydantic import Field

mcp = FastMCP("notes")


@mcp.tool()
def write_note(title: str = Field(description="The note's title"),
               body: str = Field(description="The text"),
               pinned: bool = Field(default=False, description="Keep on top")) -> str:
    """Write a note."""
    return title


if __name__ == "__main__":
    mcp.run()
