"""Tool parameters given another key by `Field(alias=...)`: listed under it."""

from fastmcp import FastMCP
from typing import Annotated

from pydantic import BaseModel, Field

mcp = FastMCP("aliases")


@mcp.tool()
def lookup(query: str = Field(alias="q", description="What to find."),
           page: Annotated[int, Field(alias="pageNumber", ge=1)] = 1,
           size: Annotated[int, Field(alias="pageSize", title="Page size")] = 20) -> str:
    """Parameters listed under their aliases."""
    return query


@mcp.tool()
def other_keys(first: int = Field(validation_alias="from"),
               last: int = Field(serialization_alias="to"),
               both: int = Field(0, alias="a", validation_alias="v")) -> str:
    """`validation_alias` is the key listed, over `alias`; `serialization_alias` is not."""
    return ""


class Note(BaseModel):
    """A note whose keys have underscores at their edges."""

    text: str
    meta: dict[str, str] | None = Field(default=None, alias="_meta")
    kind_: str = "plain"
    level__: int = Field(default=0, alias="__level__")


@mcp.tool()
def edged(type_: str, from_: int = 0, tag: str = Field("", alias="_tag"),
          note: Note | None = None) -> Note:
    """Names and aliases with underscores at their edges: their titles lose the spaces."""
    return Note(text=type_)


if __name__ == "__main__":
    mcp.run()
