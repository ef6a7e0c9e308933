from mcp.server.fastmcp import FastMCP, Context
from typing import Optional


def create_server() -> FastMCP:
    mcp = FastMCP("factory")

    @mcp.tool()
    def lookup(key: str, default: Optional[str] = None) -> str:
        """Look a key up."""
        return key

    @mcp.tool()
    async def store(key: str, value: str, ttl: int = 60) -> bool:
        return True

    return mcp


if __name__ == "__main__":
    create_server().run()
