"""A class-based server whose constructor makes the server on `self` (mcp-server-rabbitmq
2.2.0): methods register on `self.mcp` when they run — called by the constructor, or on the
instance the module makes; one is never called, and its tool is not listed."""

from fastmcp import FastMCP


class QueueServer:
    def __init__(self) -> None:
        self.mcp = FastMCP("constructor-server")
        self._register_tools()

    def _register_tools(self) -> None:
        @self.mcp.tool()
        def enqueue(queue: str, message: str, priority: int = 0) -> str:
            """Enqueue a message."""
            return queue + message * priority

    def register_admin(self) -> None:
        @self.mcp.tool(name="purge")
        def purge_queue(queue: str) -> int:
            """Purge a queue."""
            return len(queue)

    def register_never(self) -> None:
        @self.mcp.tool()
        def never_listed(x: int) -> int:
            """Never registered."""
            return x


def main() -> None:
    server = QueueServer()
    server.register_admin()
    server.mcp.run()
