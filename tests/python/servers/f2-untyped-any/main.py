from fastmcp import FastMCP, Context
from typing import Any

mcp = FastMCP("loose")


@mcp.tool()
def anything(x: Any, y=1) -> Any:
    return x


@mcp.tool()
def bag(items: list, meta: dict) -> dict:
    return meta


if __name__ == "__main__":
    mcp.run()
