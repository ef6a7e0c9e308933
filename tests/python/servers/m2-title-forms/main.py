"""Tool titles read from `annotations`, in every spelling, beside an explicit `title=`."""
import mcp.types as wire
from mcp.server.mcpserver import MCPServer as FastMCP
from mcp.types import ToolAnnotations
from mcp.types import ToolAnnotations as Hints

SHEET_TITLE = "Sheet From Constant"

mcp = FastMCP("title-forms")


@mcp.tool(annotations=ToolAnnotations(title="Create Word Document"))
def create_document(filename: str) -> str:
    """Create a document."""
    return filename


@mcp.tool(annotations={"title": "Copy It", "readOnlyHint": True})
def copy_document(filename: str) -> str:
    """Copy a document."""
    return filename


@mcp.tool(title="Explicit Title", annotations=ToolAnnotations(title="Annotation Title"))
def both_titles(filename: str) -> str:
    """Both."""
    return filename


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True))
def hints_only(filename: str) -> str:
    """Annotations without a title."""
    return filename


@mcp.tool(title="", annotations={"title": "Empty Title Loses"})
def empty_title(filename: str) -> str:
    """An empty title= beside an annotation title."""
    return filename


@mcp.tool(annotations=dict(title="Dict Call", destructiveHint=False))
def dict_call(filename: str) -> str:
    """Annotations as dict(...)."""
    return filename


@mcp.tool(annotations=Hints(title=SHEET_TITLE))
def aliased_constant(filename: str) -> str:
    """An aliased class and a constant title."""
    return filename


@mcp.tool(annotations=wire.ToolAnnotations(title="Module Attribute", idempotentHint=True))
def module_attribute(filename: str) -> str:
    """The class through its module."""
    return filename


@mcp.tool(annotations=ToolAnnotations(title=None, openWorldHint=False))
def none_title(filename: str) -> str:
    """A title of None in the annotations."""
    return filename


@mcp.tool(annotations={"title": ""})
def empty_annotation_title(filename: str) -> str:
    """An empty annotation title."""
    return filename


def add_later(filename: str) -> str:
    """Registered by a call."""
    return filename


mcp.add_tool(add_later, annotations=ToolAnnotations(title="Added By Call"))


if __name__ == "__main__":
    mcp.run()
