"""A server trying the SDK 2.x's server class and falling back to 1.x's where it is missing:
it starts on either line, and lists what the line installed makes of its tools."""
try:  # the SDK 2.x
    from mcp.server.mcpserver import MCPServer

    mcp = MCPServer("import-fallback", title="Import fallback", version="0.1.0")
except ImportError:  # the SDK 1.x
    from mcp.server.fastmcp import FastMCP

    mcp = FastMCP("import-fallback")


@mcp.tool()
def add(a: int, b: int = 1) -> int:
    """Adds two numbers."""
    return a + b


@mcp.tool(title="Greeting")
def greet(name: str, excited: bool = False) -> str:
    """Greets someone."""
    return f"hello {name}" + ("!" if excited else "")


if __name__ == "__main__":
    mcp.run()
