"""A parameter whose type is a model with a docstring, described in the function's docstring:
from fastmcp 3.2.4 the docstring's words describe the parameter, over the model's own."""

from typing import Annotated, Optional

from fastmcp import FastMCP
from pydantic import BaseModel, Field

mcp = FastMCP("docs")


class Place(BaseModel):
    """A place on the map."""

    lat: float
    lon: float


@mcp.tool()
def route(start: Place, end: Optional[Place] = None,
          via: Annotated[Place, Field(description="Its own words win.")] = None) -> str:
    """Plan a route.

    Args:
        start: Where the route starts.
        end: Where it ends.
        via: A stop on the way.
    """
    return ""


if __name__ == "__main__":
    mcp.run()
