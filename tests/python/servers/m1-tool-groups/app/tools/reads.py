from mcp.server.fastmcp import Context


class Reads:
    def __init__(self, prefix: str):
        self.prefix = prefix

    def register(self, mcp):
        mcp.tool(name="read_file")(self.read_file)
        mcp.tool(name="list_files")(self.list_files)

    async def read_file(self, path: str, ctx: Context, limit: int = 100) -> str:
        """Read a file."""
        return path

    def list_files(self, folder: str = ".") -> list[str]:
        """List the files of a folder."""
        return [folder]
