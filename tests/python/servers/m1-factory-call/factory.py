"""A factory of the project: the server it returns is bound once, here."""

from mcp.server.fastmcp import FastMCP


def make_server(name: str):  # noqa: ANN201
    server = FastMCP(name)

    @server.tool()
    def version() -> str:
        """The server's version."""
        return "1"

    return server
