"""Tools registered through decorator factories: one at the module's top level, used as
`@tool(...)` and as `tool(...)(fn)`, and one defined inside the function that makes the
server, registering each function twice (as wikipedia-mcp's `register_tool` does), with
annotations kept in a constant of the module."""

from typing import Any, Callable, Optional

from fastmcp import FastMCP
from mcp.types import ToolAnnotations

_READ_ONLY = ToolAnnotations(readOnlyHint=True, title="Read only")


def create_server() -> FastMCP:
    server = FastMCP("factories")

    def register_tool(name: str) -> Callable[[Callable[..., Any]], Any]:
        def decorator(func: Callable[..., Any]) -> Callable[..., Any]:
            server.tool(func, name=name, annotations=_READ_ONLY)
            server.tool(func, name=f"local_{name}", annotations=_READ_ONLY)
            return func

        return decorator

    @register_tool("get_page")
    def get_page(title: str, lang: str = "en") -> str:
        """Get a page by its title."""
        return title

    @register_tool("count_pages")
    def count_pages() -> int:
        """Count the pages."""
        return 0

    return server


mcp = create_server()


def tool(name: str, description: Optional[str] = None) -> Callable[[Callable[..., Any]], Any]:
    """A decorator factory registering the function under `name`."""

    def decorator(fn: Callable[..., Any]) -> Callable[..., Any]:
        mcp.tool(name=name, description=description)(fn)
        return fn

    return decorator


@tool("search_items", description="Search the items.")
def search(query: str, limit: int = 10) -> list[str]:
    """Search."""
    return [query] * limit


@tool(name="fetch_item")
async def fetch(item_id: int, verbose: bool = False) -> str:
    """Fetch one item by its id."""
    return str(item_id)


def remove(item_id: int) -> bool:
    """Remove one item."""
    return True


tool("remove_item")(remove)


if __name__ == "__main__":
    mcp.run()
