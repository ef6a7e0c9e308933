from fastmcp import FastMCP, Context
from pydantic import BaseModel

mcp = FastMCP("tree")


class Node(BaseModel):
    value: int
    children: list["Node"] = []


@mcp.tool()
def depth(tree: Node) -> int:
    """How deep the tree is."""
    return 0


@mcp.tool()
def grow(value: int) -> Node:
    return Node(value=value)


if __name__ == "__main__":
    mcp.run()
