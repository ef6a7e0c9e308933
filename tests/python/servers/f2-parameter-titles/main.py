"""Parameter titles and descriptions, and the result wrapper, across fastmcp and Pydantic
releases: until fastmcp 2.12.3 parameters are titled — from the key they are listed under under
Pydantic 2.11 (a `Field(title=...)` gives way, an alias is titled), as Pydantic titles fields from
2.12 on — and 2.12.4 on prunes titles; `Annotated[str, "text"]` is the description from fastmcp
2.11.0; a model parameter is a `$ref` into `$defs` until 2.14.5 and inlined from 2.14.6; the result
wrapper carries its docstring as description under Pydantic 2.13 and later only."""

from typing import Annotated

from fastmcp import FastMCP
from pydantic import BaseModel, Field

mcp = FastMCP("titles")


class Place(BaseModel):
    """Where."""

    city: str
    zip_code: str | None = None


@mcp.tool()
def search(query: str = Field(title="Search Text", description="What to find."),
           page: Annotated[int, Field(alias="pageNumber", ge=1)] = 1,
           size: Annotated[int, Field(alias="pageSize", title="Page size")] = 20,
           mode: Annotated[str, "How to match."] = "exact",
           near: Place | None = None) -> str:
    """Search."""
    return query


@mcp.tool()
def locate(place: Place, note: Annotated[str, "A note."]) -> dict[str, str]:
    """Locate."""
    return {}


if __name__ == "__main__":
    mcp.run()
