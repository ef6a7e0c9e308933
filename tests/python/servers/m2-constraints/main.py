from mcp.server.mcpserver import MCPServer as FastMCP, Context
from typing import Annotated
from pydantic import BaseModel, Field, conint, constr


class Query(BaseModel):
    text: constr(min_length=1, max_length=200)
    page: conint(ge=1) = 1
    tags: list[str] = Field(default_factory=list, max_length=5)


mcp = FastMCP("constrained")


@mcp.tool()
def run_query(q: Query, ratio: Annotated[float, Field(gt=0, lt=1)] = 0.5) -> list[str]:
    return []


if __name__ == "__main__":
    mcp.run()
