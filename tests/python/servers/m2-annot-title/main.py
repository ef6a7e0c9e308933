from mcp import types
from mcp.types import ToolAnnotations as Hints

from mcp.server.mcpserver import MCPServer

mcp = MCPServer("annot")


@mcp.tool(annotations=Hints(title="Create Word Document"))
def create_document(filename: str) -> str:
    """Create a document."""
    return filename


@mcp.tool(annotations={"title": "Copy It", "readOnlyHint": True})
def copy_document(filename: str) -> str:
    """Copy a document."""
    return filename


@mcp.tool(title="Explicit Title", annotations=Hints(title="Annotation Title"))
def both_titles(filename: str) -> str:
    """Both."""
    return filename


@mcp.tool(title=None, annotations=types.ToolAnnotations(title="Through Types"))
def none_title(filename: str) -> str:
    """Title None, annotations titled."""
    return filename


@mcp.tool(annotations=Hints(readOnlyHint=True))
def untitled_hints(filename: str) -> str:
    """Annotations without a title."""
    return filename


if __name__ == "__main__":
    mcp.run()
