"""A server importing a name fastmcp 2.10 has and 2.14 does not."""
from fastmcp import FastMCP
from fastmcp.server.auth import BearerAuthProvider

mcp = FastMCP("gone-name")


@mcp.tool()
def greet(name: str, times: int = 1) -> str:
    """Greets someone."""
    return " ".join([f"hello {name}"] * times)


def auth(key: str) -> BearerAuthProvider:
    return BearerAuthProvider(public_key=key)


if __name__ == "__main__":
    mcp.run()
