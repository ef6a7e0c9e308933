"""A decorator without `functools.wraps`: the framework is handed its wrapper, so every tool it
decorates is listed under the wrapper's name, with the wrapper's parameters."""

from mcp.server.mcpserver import MCPServer as FastMCP

mcp = FastMCP("bare-wrapper")


def logged(func):
    async def wrapper(*args, **kwargs):
        print("calling", func.__name__)
        return await func(*args, **kwargs)

    return wrapper


@mcp.tool()
@logged
async def search(query: str, limit: int = 10) -> str:
    """Search."""
    return query


@mcp.tool()
@logged
async def fetch(url: str) -> str:
    """Fetch."""
    return url


if __name__ == "__main__":
    mcp.run()
