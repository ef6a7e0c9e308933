from mcp.server.fastmcp import FastMCP, Context
mcp = FastMCP("named")


@mcp.tool("shoe_size_uk")
def shoe(size: int) -> int:
    """UK shoe size."""
    return size


@mcp.tool(name="hat-size")
def hat(size: float) -> float:
    return size


if __name__ == "__main__":
    mcp.run()
