"""Parameters and model fields typed with `Annotated[..., Field(...)]` aliases, of this module
and of another: Pydantic applies the alias's `Field` as if written in place."""
from typing import Annotated

from mcp.server.fastmcp import FastMCP
from pydantic import BaseModel, Field

from params import LocationId, PageSize

StoreId = Annotated[str, Field(pattern=r"^[0-9]{8}$", description="8-digit store id.")]
Limit = Annotated[int, Field(ge=1, title="Page size", examples=[10])]
Mode = Annotated[str, Field(default="fast", description="How to search.")]
Chain = Mode


class Query(BaseModel):
    store_id: StoreId
    location: LocationId
    size: PageSize = 20


mcp = FastMCP("field-aliases")


@mcp.tool()
def get_store(store_id: StoreId, limit: Limit = 10) -> str:
    """Get a store."""
    return store_id


@mcp.tool()
def search(mode: Mode, again: Chain, size: PageSize) -> str:
    """Search."""
    return mode + again + str(size)


@mcp.tool()
def locate(location: LocationId, query: Query) -> str:
    """Locate."""
    return location + query.store_id


if __name__ == "__main__":
    mcp.run()
