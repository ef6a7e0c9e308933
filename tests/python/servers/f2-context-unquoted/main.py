"""Context parameters written as optional, as unions, annotated or subclassed, none of them
quoted: which releases inject them (fastmcp 2.10.6 fails at start-up on a quoted one, so the
*-optctx and *-context-forms projects cannot show what it does with these)."""
import typing
from typing import Annotated, Optional, Union

from fastmcp import Context, FastMCP
from fastmcp import Context as Ctx

mcp = FastMCP("context-unquoted")


class ToolContext(Context):
    """A project's own context class."""


@mcp.tool()
async def optional_ctx(query: str, ctx: Optional[Context] = None) -> str:
    """Optional[Context]."""
    return query


@mcp.tool()
async def pipe_first(ctx: Context | None = None, limit: int = 3) -> str:
    """Context | None, first."""
    return ""


@mcp.tool()
async def union_none_first(query: str, ctx: Union[None, Context] = None) -> str:
    """Union[None, Context]."""
    return query


@mcp.tool()
async def aliased(query: str, ctx: typing.Optional[Ctx] = None) -> str:
    """typing.Optional of an aliased import."""
    return query


@mcp.tool()
async def optional_without_default(query: str, ctx: Optional[Context]) -> str:
    """Optional[Context] with no default."""
    return query


@mcp.tool()
async def annotated_ctx(query: str, ctx: Annotated[Context, "injected"]) -> str:
    """Annotated[Context, ...]."""
    return query


@mcp.tool()
async def subclassed(query: str, ctx: ToolContext) -> str:
    """A subclass of Context."""
    return query


@mcp.tool()
async def optional_subclass(query: str, ctx: ToolContext | None = None) -> str:
    """An optional subclass."""
    return query


if __name__ == "__main__":
    mcp.run()
