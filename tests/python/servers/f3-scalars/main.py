from fastmcp import FastMCP, Context
from typing import Optional, Literal

mcp = FastMCP("calc")


@mcp.tool()
def add(a: int, b: int = 2) -> int:
    """Add two numbers.

    Args:
        a: The first addend.
        b: The second addend.
    """
    return a + b


@mcp.tool()
def scale(value: float, factor: Optional[float] = None, mode: Literal["up", "down"] = "up") -> float:
    """Scale a value."""
    return value


@mcp.tool()
async def greet(name: str, excited: bool = False) -> str:
    return name


if __name__ == "__main__":
    mcp.run()
