"""Tools hidden and shown again by the server's visibility transforms, applied in order."""
from fastmcp import FastMCP

mcp = FastMCP("visibility-transforms")


@mcp.tool(tags={"admin"})
def drop_table(name: str) -> str:
    """Hidden by its tag."""
    return name


@mcp.tool(tags={"public", "admin"})
def read_row(key: str) -> str:
    """Hidden: one of its tags is disabled."""
    return key


@mcp.tool()
def debug_dump() -> str:
    """Hidden by its name."""
    return ""


@mcp.tool(tags={"beta"})
def beta_feature(flag: bool) -> bool:
    """Hidden by its tag, then shown again by its name: the later transform wins."""
    return flag


@mcp.tool(tags={"beta"})
def beta_other(flag: bool) -> bool:
    """Hidden by its tag only."""
    return flag


@mcp.tool()
def ping() -> str:
    """Named by a transform for prompts only: still listed."""
    return "pong"


@mcp.tool(name="renamed")
def listed_under_another_name(x: int) -> int:
    """Disabled under the name the server lists."""
    return x


@mcp.tool(tags={"admin"})
def kept_admin(x: int) -> int:
    """Both criteria must match: a name and a tag it does not have."""
    return x


mcp.disable(tags={"admin"})
mcp.disable(names={"debug_dump", "renamed"})
mcp.disable(tags={"beta"})
mcp.enable(names={"beta_feature"})
mcp.disable(names={"ping"}, components={"prompt"})
mcp.enable(names={"kept_admin"}, tags={"admin"})
mcp.disable(names={"kept_admin"}, tags={"other"})


if __name__ == "__main__":
    mcp.run()
