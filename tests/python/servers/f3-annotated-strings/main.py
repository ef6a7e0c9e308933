"""A string in `Annotated` as a parameter's description: fastmcp reads `Annotated[T, "text"]`
alone; beside a `Field(...)` or around another `Annotated` the docstring's words stand
(basic-memory's `search_notes`). The SDK never reads the string."""

from typing import Annotated

from pydantic import Field

from fastmcp import FastMCP

mcp = FastMCP("annotated-strings")


@mcp.tool()
def search(
    query: Annotated[str, "The text to find."],
    note_types: Annotated[list[str] | None, Field(default=None), "Kinds, in Annotated."] = None,
    limit: Annotated[Annotated[int, Field(ge=1)], "How many, in Annotated."] = 10,
    tags: Annotated[list[str], "Tags, in Annotated."] = [],
    plain: str = "",
) -> str:
    """Search notes.

    Args:
        query: The text, in the docstring.
        note_types: Kinds, in the docstring.
        limit: How many, in the docstring.
        tags: Tags, in the docstring.
        plain: Plain, in the docstring.
    """
    return query


if __name__ == "__main__":
    mcp.run()
