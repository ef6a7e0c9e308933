import typing
from typing import Optional, Union

from fastmcp import Context, FastMCP
from fastmcp.server.context import Context as Ctx

mcp = FastMCP("optctx")


@mcp.tool()
async def optional_ctx(query: str, ctx: Optional[Context] = None) -> str:
    """Context as Optional[Context]."""
    return query


@mcp.tool()
async def pipe_ctx(ctx: Context | None = None, limit: int = 3) -> str:
    """Context as Context | None, first."""
    return ""


@mcp.tool()
async def union_ctx(query: str, ctx: Union[None, Context] = None) -> str:
    """Context as Union[None, Context]."""
    return query


@mcp.tool()
async def aliased_ctx(query: str, ctx: typing.Optional[Ctx] = None) -> str:
    """Context imported under another name, through typing."""
    return query


@mcp.tool()
async def quoted_ctx(query: str, ctx: "Context | None" = None) -> str:
    """Context as a string annotation."""
    return query


@mcp.tool()
async def required_optional_ctx(query: str, ctx: Optional[Context]) -> str:
    """Optional[Context] without a default."""
    return query


if __name__ == "__main__":
    mcp.run()
