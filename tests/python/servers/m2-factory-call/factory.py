"""A factory of the project: the server it returns is bound once, here."""

from mcp.server.mcpserver import MCPServer


def make_server(name: str):  # noqa: ANN201
    server = MCPServer(name)

    @server.tool()
    def version() -> str:
        """The server's version."""
        return "1"

    return server
