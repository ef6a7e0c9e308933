"""Empty, blank and None descriptions, with and without docstrings."""
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("empty-description")


@mcp.tool(description="")
def empty_with_doc(x: int) -> int:
    """Doubles a number.

        Indented detail line.
    """
    return x * 2


@mcp.tool(description="")
def empty_without_doc(x: int) -> int:
    return x


@mcp.tool()
def empty_docstring(x: int) -> int:
    ""
    return x


@mcp.tool(description="   ")
def blank_description(x: int) -> int:
    """A docstring under a blank description."""
    return x


@mcp.tool(description=None)
def none_description(x: int) -> int:
    """Chosen when the description is None.

    Second paragraph.
    """
    return x


def registered_by_call(x: int) -> int:
    """Registered by a call with an empty description."""
    return x


mcp.add_tool(registered_by_call, description="")


if __name__ == "__main__":
    mcp.run()
