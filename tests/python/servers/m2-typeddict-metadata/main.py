"""A TypedDict returned whose fields carry `Annotated` metadata: the MCP SDK 1.x rebuilds it from
its type hints without the metadata; 2.1.1 and later hand Pydantic the TypedDict itself."""

from typing import Annotated, Optional

from pydantic import Field
from typing_extensions import NotRequired, TypedDict

from mcp.server.mcpserver import MCPServer as FastMCP

mcp = FastMCP("typed")


class Inner(TypedDict):
    z: Annotated[int, Field(ge=0, description="Kept: a nested class is handed to Pydantic.")]


class Report(TypedDict):
    count: Annotated[int, Field(ge=1, description="How many.")]
    label: Annotated[str, "text metadata changes nothing"]
    note: NotRequired[Annotated[str, Field(max_length=3)]]
    inner: Inner
    extra: Annotated[Optional[int], Field(None, title="Extra!")]


class Plain(TypedDict):
    name: str
    tag: Annotated[str, "text only"]


@mcp.tool()
def report(limit: int = 3) -> Report:
    """A report."""
    raise NotImplementedError


@mcp.tool()
def plain() -> Plain:
    """Nothing in Annotated but text."""
    raise NotImplementedError


if __name__ == "__main__":
    mcp.run()
