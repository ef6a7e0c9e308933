"""Tools removed by `remove_tool` after they are registered."""
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("remove-tool")


@mcp.tool()
def keep(x: int) -> int:
    """Listed."""
    return x


@mcp.tool()
def drop(x: int) -> int:
    """Removed by its name."""
    return x


@mcp.tool(name="listed_name")
def renamed(x: int) -> int:
    """Removed by the name it is listed under."""
    return x


@mcp.tool()
def again(x: int) -> int:
    """Removed, then registered again with another function."""
    return x


mcp.remove_tool("drop")
mcp.remove_tool("listed_name")
mcp.remove_tool("again")


@mcp.tool(name="again")
def again_second(text: str) -> str:
    """Registered after the removal: listed."""
    return text


if __name__ == "__main__":
    mcp.run()
