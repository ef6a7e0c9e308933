from fastmcp import FastMCP, Context
from typing import Union

mcp = FastMCP("files")


@mcp.tool()
def view_file(path: Union[str, list[str]]) -> str:
    """Show one file or several."""
    return ""


@mcp.tool()
def note(text: str | None = None) -> str:
    return text or ""


if __name__ == "__main__":
    mcp.run()
