from mcp.server.mcpserver import MCPServer as FastMCP, Context
from typing import Annotated
from pydantic import Field

mcp = FastMCP("search")


@mcp.tool()
def search(
    query: Annotated[str, Field(description="Search text", min_length=1)],
    limit: Annotated[int, Field(ge=1, le=100)] = 10,
    timeout_ms: Annotated[int, Field(default=5000, description="Time limit")] = 5000,
) -> list[str]:
    """Search the catalogue."""
    return []


@mcp.tool()
def tag(label: str = Field(description="The label"), weight: float = Field(0.5, le=1.0)) -> str:
    return label


if __name__ == "__main__":
    mcp.run()
