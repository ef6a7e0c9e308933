from fastmcp import FastMCP, Context
from dataclasses import dataclass
from typing_extensions import NotRequired, TypedDict

mcp = FastMCP("geo")


class Pet(TypedDict):
    """A pet."""
    name: str
    age: NotRequired[int]


@dataclass
class Point:
    """A point on the map."""
    x: float
    y: float = 0.0


@mcp.tool()
def adopt(pet: Pet) -> Pet:
    return pet


@mcp.tool()
def where(p: Point) -> Point:
    return p


if __name__ == "__main__":
    mcp.run()
