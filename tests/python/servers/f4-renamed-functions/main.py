"""A function given another `__name__` before it is registered without `name=`: the framework
lists the tool under the name the function holds then (workspace-mcp's comment tools, one
factory making them for each app). portlint says the name unknown and derives the schemas."""

from fastmcp import FastMCP

mcp = FastMCP("renamed")


def make_comment_tools(app: str) -> None:
    def list_comments(file_id: str) -> str:
        """List the comments of a file."""
        return file_id

    list_comments.__name__ = f"list_{app}_comments"
    mcp.tool(list_comments)


make_comment_tools("document")


def ping(count: int = 1) -> str:
    """Answer."""
    return "pong" * count


setattr(ping, "__name__", "pong")
mcp.tool(ping)


@mcp.tool
def kept(text: str) -> str:
    """Keep its own name."""
    return text


if __name__ == "__main__":
    mcp.run()
