"""Models built from mixins, as awslabs.dynamodb-mcp-server writes them: several bases, shared
bases (a diamond), a field redefined lower down. Pydantic orders the fields by the method
resolution order, the farthest base first."""

from typing import Literal

from fastmcp import FastMCP
from pydantic import BaseModel, Field


class Common(BaseModel):
    pattern: str = Field(min_length=1)
    table: str


class Consistent(BaseModel):
    strongly_consistent: bool = False


class Counted(BaseModel):
    item_count: int = Field(gt=0)


class Read(Common, Consistent):
    kind: Literal["read"] = "read"


class Write(Common):
    gsi: list[str] = []


class BatchGet(Read, Counted):
    operation: Literal["batch_get"] = "batch_get"


class Both(Read, Write):
    table: str = "main"  # redefined: keeps its place, takes the new default


mcp = FastMCP("mixins")


@mcp.tool()
def plan(batch: BatchGet, both: Both) -> str:
    """Plan it."""
    return ""


if __name__ == "__main__":
    mcp.run()
