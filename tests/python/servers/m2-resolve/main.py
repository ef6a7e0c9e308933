"""Parameters the SDK 2.x fills itself by running a function (`Annotated[T, Resolve(fn)]`,
awslabs.redshift-mcp-server's write confirmation): left out of the input schema, as a
`Context` is."""

from typing import Annotated

from pydantic import BaseModel, Field

from mcp.server.mcpserver import Context, MCPServer, Resolve

mcp = MCPServer("resolve")


class Confirmation(BaseModel):
    confirmed: bool


async def confirm(ctx: Context) -> Confirmation:
    return Confirmation(confirmed=True)


def region() -> str:
    return "eu"


@mcp.tool()
async def execute(
    ctx: Context,
    confirmation: Annotated[Confirmation, Resolve(confirm)],
    sql: str = Field(description="The statement"),
    home: Annotated[str, Field(description="unused"), Resolve(region)] = "eu",
    limit: int = 10,
) -> str:
    """Execute a statement."""
    return sql


@mcp.tool()
def plain(where: Annotated[str, Resolve(region)]) -> str:
    """Only resolved parameters."""
    return where


if __name__ == "__main__":
    mcp.run()
