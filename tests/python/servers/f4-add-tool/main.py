from fastmcp import FastMCP, Context
from fastmcp.tools import Tool

mcp = FastMCP("added")


def ping(host: str, count: int = 3) -> str:
    """Ping a host."""
    return host


def trace(host: str) -> list[str]:
    return []


mcp.add_tool(Tool.from_function(ping))
mcp.add_tool(Tool.from_function(trace, name="traceroute", description="Trace the route"))


if __name__ == "__main__":
    mcp.run()
