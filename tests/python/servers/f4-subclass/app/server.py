"""Tools registered on an instance of a subclass of a subclass of the server class."""

from .secured import SecuredServer


class PlainServer(SecuredServer):
    """Adds nothing."""


mcp = PlainServer("subclass")


@mcp.tool()
def list_databases(prefix: str = "") -> list[str]:
    """List databases."""
    return []


def count_rows(table: str) -> int:
    """Count the rows of a table."""
    return 0


mcp.add_tool(count_rows)


def register(server: SecuredServer) -> None:
    @server.tool(name="ping_server")
    def ping() -> str:
        """Answer pong."""
        return "pong"


register(mcp)
