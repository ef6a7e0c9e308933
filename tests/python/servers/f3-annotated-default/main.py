from fastmcp import FastMCP, Context
from typing import Annotated, Optional
from pydantic import Field

mcp = FastMCP("fetch")


@mcp.tool()
def fetch(url: str, code: Annotated[str, Field(..., min_length=2)],
          timeout: Annotated[int, Field(default=5000, description="ms")],
          retries: Annotated[Optional[int], Field(default=None, ge=0)],
          tier: Annotated[str, Field("basic", description="Given first inside `Annotated`.")],
          region: Annotated[Optional[str], Field(None, description="Region.", min_length=1)] = None,
          zone: Annotated[str, Field("eu", description="The default assigned wins.")] = "us",
          ) -> str:
    return url


if __name__ == "__main__":
    mcp.run()
