"""Tool parameters given another key by `Field(alias=...)`: listed under it."""

from mcp.server.mcpserver import MCPServer as FastMCP
from typing import Annotated

from pydantic import Field

mcp = FastMCP("aliases")


@mcp.tool()
def lookup(query: str = Field(alias="q", description="What to find."),
           page: Annotated[int, Field(alias="pageNumber", ge=1)] = 1,
           size: Annotated[int, Field(alias="pageSize", title="Page size")] = 20) -> str:
    """Parameters listed under their aliases."""
    return query


@mcp.tool()
def other_keys(first: int = Field(validation_alias="from"),
               last: int = Field(serialization_alias="to"),
               both: int = Field(0, alias="a", validation_alias="v")) -> str:
    """`validation_alias` is the key listed, over `alias`; `serialization_alias` is not."""
    return ""


if __name__ == "__main__":
    mcp.run()
