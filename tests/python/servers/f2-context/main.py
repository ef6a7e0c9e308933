from fastmcp import FastMCP, Context
mcp = FastMCP("ctx")


@mcp.tool()
async def progress(steps: int, ctx: Context) -> str:
    """Report progress."""
    return "done"


@mcp.tool()
async def log_it(message: str, ctx: Context, level: str = "info") -> None:
    return None


if __name__ == "__main__":
    mcp.run()
