"""A class-based server: its constructor makes the server on `self`, registers tools on it
there, hands it to a module's function, and to a registry that keeps it from the object it is
given (ha-mcp's shape: `self.mcp = server.mcp`, then `register_more_tools(self.mcp)`)."""

from mcp.server.mcpserver import MCPServer

from app.registry import Registry
from app.tools import register_tools


class Server:
    def __init__(self) -> None:
        self.mcp = MCPServer("server-on-self")

        @self.mcp.tool()
        def add(a: int, b: int = 1) -> int:
            """Add two numbers."""
            return a + b

        register_tools(self.mcp)
        self.registry = Registry(self)
        self.registry.register_all()


server = Server()
