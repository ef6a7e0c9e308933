"""`structured_output=True` on a tool whose return the SDK cannot describe: the SDK refuses it
when it is registered (`InvalidSignature`), and the server fails at start-up."""

from typing import Any

from mcp.server.mcpserver import MCPServer as FastMCP

mcp = FastMCP("refused")


@mcp.tool()
def fine(a: int) -> int:
    """Listed, were the server to start."""
    return a


@mcp.tool(structured_output=True)
def anything(a: int) -> Any:
    """Any value."""
    return a


if __name__ == "__main__":
    mcp.run()
