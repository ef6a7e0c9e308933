class Writes:
    def __init__(self, prefix: str):
        self.prefix = prefix

    def register(self, mcp):
        mcp.tool(name="write_file")(self.write_file)

    def write_file(self, path: str, text: str, append: bool = False) -> int:
        """Write a file."""
        return len(text)
