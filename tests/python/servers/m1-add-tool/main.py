from mcp.server.fastmcp import FastMCP, Context
mcp = FastMCP("added")


def ping(host: str, count: int = 3) -> str:
    """Ping a host."""
    return host


def trace(host: str) -> list[str]:
    return []


mcp.add_tool(ping)
mcp.add_tool(trace, name="traceroute", description="Trace the route")


if __name__ == "__main__":
    mcp.run()
