"""A parameter typed with an `Annotated[..., Field(description=...)]` alias, beside a docstring
`Args:` entry: the alias's description is the field's, as if written in place."""
from typing import Annotated

from fastmcp import FastMCP
from pydantic import Field

from params import LocationId, PageSize

LocalId = Annotated[str, Field(description="8-digit store id (local alias).")]

mcp = FastMCP("field-aliases")


@mcp.tool
def imported_alias(location_id: LocationId, size: PageSize = 10) -> str:
    """Get a store.

    Args:
        location_id: The identifier from the docstring.
        size: How many from the docstring.
    """
    return location_id


@mcp.tool
def local_alias(location_id: LocalId) -> str:
    """Get a store.

    Args:
        location_id: The identifier from the docstring.
    """
    return location_id


@mcp.tool
def inline(location_id: Annotated[str, Field(description="Inline Field description.")]) -> str:
    """Get a store.

    Args:
        location_id: The identifier from the docstring.
    """
    return location_id


if __name__ == "__main__":
    mcp.run()
