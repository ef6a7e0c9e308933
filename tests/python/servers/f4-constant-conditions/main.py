"""Registrations under conditions the module's constants decide: a branch a constant surely
keeps from running registers nothing, and the server lists no tool for it."""

from fastmcp import FastMCP

from settings import DEBUG

ENABLE_WRITES = False
READ_ONLY = True
MODE = "prod"

mcp = FastMCP("conditions")


@mcp.tool
def read_item(key: str) -> str:
    """Read an item."""
    return key


def delete_item(key: str) -> str:
    """Delete an item."""
    return key


if ENABLE_WRITES:
    @mcp.tool
    def write_item(key: str, value: str) -> str:
        """Write an item."""
        return key + value
else:
    @mcp.tool
    def writes_disabled() -> str:
        """Say that writes are off."""
        return "off"

if not READ_ONLY:
    mcp.add_tool(delete_item)

if MODE == "dev" or DEBUG:
    @mcp.tool
    def reset_store() -> str:
        """Empty the store (development only)."""
        return "reset"
elif MODE == "prod" and not DEBUG:
    @mcp.tool
    def store_status() -> str:
        """The store's state."""
        return "ok"


def count_items(prefix: str = "") -> int:
    """Count the items."""
    return len(prefix)


def register_more() -> None:
    if ENABLE_WRITES:
        mcp.tool(name="bulk_write")(delete_item)
    mcp.tool(name="count_items")(count_items)


register_more()


if __name__ == "__main__":
    mcp.run()
