from fastmcp import FastMCP, Context
from typing import Dict, List, Optional

mcp = FastMCP("returns")


@mcp.tool()
def stats() -> dict[str, int]:
    return {}


@mcp.tool()
def stats_typing() -> Dict[str, int]:
    return {}


@mcp.tool()
def bare() -> dict:
    return {}


@mcp.tool()
def names() -> List[str]:
    return []


@mcp.tool()
def pair() -> tuple[int, str]:
    return (1, "a")


@mcp.tool()
def maybe() -> Optional[str]:
    return None


if __name__ == "__main__":
    mcp.run()
