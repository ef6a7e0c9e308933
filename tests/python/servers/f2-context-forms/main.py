"""Context parameters written as optional, as unions, aliased, quoted, annotated or subclassed:
the framework injects them and leaves them out of the input schema."""
import typing
from typing import Annotated, Optional, Union

import fastmcp
from fastmcp import Context
from fastmcp import Context as Ctx
from fastmcp import FastMCP

mcp = FastMCP("context-forms")


class ToolContext(Context):
    """A project's own context class."""


class NarrowContext(ToolContext):
    """A subclass of a subclass."""


@mcp.tool()
async def optional_ctx(ctx: Optional[Context] = None) -> str:
    """Optional[Context]."""
    return ""


@mcp.tool()
async def pipe_ctx(query: str, ctx: Context | None = None) -> str:
    """Context | None."""
    return query


@mcp.tool()
async def union_ctx(query: str, ctx: Union[Context, None] = None) -> str:
    """Union[Context, None]."""
    return query


@mcp.tool()
async def none_first(query: str, ctx: None | Context = None) -> str:
    """None | Context."""
    return query


@mcp.tool()
async def aliased(query: str, ctx: typing.Optional[Ctx] = None, limit: int = 5) -> str:
    """typing.Optional of an aliased import."""
    return query


@mcp.tool()
async def through_module(query: str, ctx: fastmcp.Context | None = None) -> str:
    """The class through its module."""
    return query


@mcp.tool()
async def quoted_optional(query: str, ctx: "Context | None" = None) -> str:
    """A string annotation."""
    return query


@mcp.tool()
async def quoted_plain(query: str, ctx: "Context") -> str:
    """A string annotation, not optional."""
    return query


@mcp.tool()
async def subclassed(query: str, ctx: ToolContext) -> str:
    """A subclass of Context."""
    return query


@mcp.tool()
async def optional_subclass(query: str, ctx: Optional[NarrowContext] = None) -> str:
    """An optional subclass of a subclass."""
    return query


@mcp.tool()
async def annotated_ctx(query: str, ctx: Annotated[Context, "injected"]) -> str:
    """Annotated[Context, ...]."""
    return query


@mcp.tool()
async def optional_without_default(query: str, ctx: Optional[Context]) -> str:
    """Optional[Context] with no default."""
    return query


if __name__ == "__main__":
    mcp.run()
