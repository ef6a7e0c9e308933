"""Tools returning MCP content blocks, bare and inside a list, a union or an optional: the
framework sends them as content, and lists no output schema for them (or one, where it does)."""

from fastmcp import FastMCP
from mcp.types import AudioContent, EmbeddedResource, ImageContent, ResourceLink, TextContent
from fastmcp.utilities.types import Image

mcp = FastMCP("content")


@mcp.tool()
def text() -> TextContent:
    """One text block."""
    return TextContent(type="text", text="a")


@mcp.tool()
def maybe_text() -> TextContent | None:
    """A text block, or nothing."""
    return None


@mcp.tool()
def texts() -> list[TextContent]:
    """Text blocks."""
    return []


@mcp.tool()
def mixed() -> list[TextContent | ImageContent]:
    """Text and image blocks."""
    return []


@mcp.tool()
def picture() -> Image:
    """An image."""
    return Image(data=b"", format="png")


@mcp.tool()
def pictures() -> list[Image]:
    """Images."""
    return []


@mcp.tool()
def sound() -> AudioContent:
    """An audio block."""
    return AudioContent(type="audio", data="", mimeType="audio/wav")


@mcp.tool()
def links() -> list[ResourceLink | EmbeddedResource]:
    """Links and embedded resources."""
    return []


@mcp.tool()
def text_or_words() -> TextContent | str:
    """A text block, or words."""
    return "a"


if __name__ == "__main__":
    mcp.run()
