"""`...` as a default, however written, is Pydantic's "required" (mfa-servicenow-mcp 1.25.4's
`Field(default=..., description=...)`): in a model's fields, in a dataclass's, and in a tool's
parameters."""

import dataclasses
from typing import Annotated

from mcp.server.mcpserver import MCPServer
from pydantic import BaseModel, Field

mcp = MCPServer("ellipsis-defaults")


class AuditParams(BaseModel):
    developer: str = Field(default=..., description="Developer username")
    team: str = Field(..., description="Team name")
    project: str = ...
    owner: Annotated[str, Field(default=..., description="Owner")]
    limit: int = Field(default=10)


@dataclasses.dataclass
class Window:
    start: str = dataclasses.field(default=...)
    hours: int = 24


@mcp.tool()
def audit(params: AuditParams, window: Window) -> str:
    """Audit a developer's work."""
    return params.developer + window.start


@mcp.tool()
def audit_flat(developer: str = Field(default=..., description="Developer username"),
               days: int = ...,
               team: Annotated[str, Field(default=..., description="Team")] = "core",
               verbose: bool = False) -> str:
    """Audit, with flat parameters."""
    return developer + team + str(days) + str(verbose)


if __name__ == "__main__":
    mcp.run()
