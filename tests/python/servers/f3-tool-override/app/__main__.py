"""Tools registered every way a decorator registers them, on a server the module imports."""

from app.server import errors


@errors.tool(name="find_issue", description="Find an issue.")
async def find(key: str, fields: list[str] | None = None) -> str:
    """Not this docstring."""
    return key


@errors.tool("named_issue")
async def named(key: str) -> str:
    """Named by the positional string."""
    return key


@errors.tool
async def bare(limit: int = 10) -> list[str]:
    """Registered bare."""
    return []


if __name__ == "__main__":
    errors.run()
