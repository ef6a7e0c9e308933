"""Tools registered on a server made by calling a factory (`mcp = create_server()`), which
returns what another factory, imported, returns."""

from factory import make_server


def create_server():  # noqa: ANN201
    return make_server("factory-call")


mcp = create_server()


@mcp.tool()
def ping(host: str, count: int = 3) -> str:
    """Ping a host."""
    return host


def lookup(key: str) -> dict[str, int]:
    """Look a key up."""
    return {}


mcp.tool(name="lookup_key")(lookup)


if __name__ == "__main__":
    mcp.run()
