"""A recursive model imported from another module of the project, as a return and as a
parameter: fastmcp keeps its definitions (it cannot inline them), as it does for one written
in the server's own module; a model that is not recursive is inlined."""

from fastmcp import FastMCP

from app.schemas import Leaf, Node

mcp = FastMCP("recursive-imported")


@mcp.tool()
def tree(name: str) -> Node:
    """A tree."""
    return Node(name=name)


@mcp.tool()
def plant(root: Node, leaf: Leaf) -> str:
    """Plant a tree."""
    return root.name + leaf.label
