"""Tools registered on an instance of a subclass of a subclass of the server class."""

import os

from .secured import SecuredServer


class PlainServer(SecuredServer):
    """Keeps settings of its own besides the server's (awslabs s3-tables' form): its constructor
    passes every argument on, then sets attributes only."""

    def __init__(self, *args, **kwargs):
        """Passes everything on."""
        super().__init__(*args, **kwargs)
        self.allow_write: bool = False
        if os.name == "nt":
            self.log_dir = "C:/logs"
        else:
            self.log_dir = "/var/log"


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
