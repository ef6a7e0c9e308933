from mcp.server.mcpserver import MCPServer as FastMCP, Context
from typing import Annotated
from pydantic import Field

mcp = FastMCP("order")


@mcp.tool()
def search(query: Annotated[str, Field("all", description="What to find.")], limit: int,
           *, page: Annotated[int, Field(default=1)], strict: bool) -> str:
    """A parameter without a default after one whose default is given inside `Annotated`."""
    return query


@mcp.tool()
def ping(host: str) -> str:
    return host


if __name__ == "__main__":
    mcp.run()
