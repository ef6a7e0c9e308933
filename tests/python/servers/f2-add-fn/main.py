from fastmcp import FastMCP

mcp = FastMCP("added")


def ping(host: str, count: int = 3) -> str:
    """Ping a host."""
    return host


mcp.add_tool(ping)


if __name__ == "__main__":
    mcp.run()
