from fastmcp import FastMCP, Context
from typing import Annotated, Optional
from pydantic import Field

mcp = FastMCP("fetch")


@mcp.tool()
def fetch(url: str, timeout: Annotated[int, Field(default=5000, description="ms")],
          retries: Annotated[Optional[int], Field(default=None, ge=0)]) -> str:
    return url


if __name__ == "__main__":
    mcp.run()
