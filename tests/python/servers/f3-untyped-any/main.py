from fastmcp import FastMCP, Context
from typing import Any

mcp = FastMCP("loose")


@mcp.tool()
def anything(x: Any, y=1) -> Any:
    return x


@mcp.tool()
def bag(items: list, meta: dict) -> dict:
    return meta


@mcp.tool()
def loose(z, w: int = 0) -> str:
    """An unannotated parameter without a default: titled until fastmcp 3.2.3, bare from 3.2.4."""
    return str(z)


if __name__ == "__main__":
    mcp.run()
