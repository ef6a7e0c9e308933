from fastmcp import FastMCP, Context
from typing import Literal


mcp = FastMCP("called")


def shoe(size: int, system: Literal["uk", "eu"] = "uk") -> int:
    return size


def hat(size: float) -> float:
    return size


mcp.tool(name="shoe_size")(shoe)
mcp.tool()(hat)


if __name__ == "__main__":
    mcp.run()
