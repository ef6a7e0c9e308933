from mcp.server.fastmcp import FastMCP, Context
from enum import Enum
from typing import Optional
from pydantic import BaseModel, Field

mcp = FastMCP("shop")


class Color(str, Enum):
    """Paint colours."""
    RED = "red"
    BLUE = "blue"


class Item(BaseModel):
    """A stock item."""
    name: str = Field(description="What it is called")
    qty: int = Field(1, ge=0)
    color: Optional[Color] = None


@mcp.tool()
def create_item(item: Item, color: Color = Color.RED) -> Item:
    """Create an item."""
    return item


@mcp.tool()
def find(name: str) -> Optional[Item]:
    return None


@mcp.tool()
def list_items(limit: int = 10) -> list[Item]:
    return []


if __name__ == "__main__":
    mcp.run()
