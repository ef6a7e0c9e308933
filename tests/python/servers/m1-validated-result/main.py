"""A tool that builds its own `CallToolResult` and names the shape of its structured content:
`-> Annotated[CallToolResult, Model]` (the SDK from 1.22.0; mcp-server-odoo 0.9.0) advertises
`Model` as the output schema, as if the function returned it."""

from typing import Annotated

from mcp.server.fastmcp import FastMCP
from mcp.types import CallToolResult, TextContent
from pydantic import BaseModel, Field

mcp = FastMCP("validated-result")


class ReadResult(BaseModel):
    uri: str = Field(description="URI of the file")
    size: int


@mcp.tool()
def read_attachment(attachment_id: int) -> Annotated[CallToolResult, ReadResult]:
    """Read one attachment."""
    return CallToolResult(content=[TextContent(type="text", text="x")],
                          structuredContent={"uri": "a", "size": attachment_id})


@mcp.tool()
def list_names(prefix: str) -> Annotated[CallToolResult, list[str]]:
    """List names."""
    return CallToolResult(content=[], structuredContent={"result": [prefix]})


@mcp.tool()
def plain(text: str) -> CallToolResult:
    """No schema: the function builds its result."""
    return CallToolResult(content=[TextContent(type="text", text=text)])


if __name__ == "__main__":
    mcp.run()
