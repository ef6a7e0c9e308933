"""Tools registered on a server the module imports (as zotero-mcp's tool modules do)."""

from app.server import mcp


@mcp.tool()
def search(query: str, page: int = 1) -> dict[str, int]:
    """Search the library."""
    return {}


@mcp.tool(title="Recent")
def recent(count: int = 5) -> list[str]:
    """Recent items."""
    return []


@mcp.tool
def ping() -> str:
    """Ping."""
    return "pong"


if __name__ == "__main__":
    mcp.run()
