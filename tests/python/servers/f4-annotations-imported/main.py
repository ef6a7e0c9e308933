"""Tools whose annotations are constants of another module: fastmcp sends `annotations.title`
as the tool's title when it has one, else the title it makes of the name."""
import common
from common import READ_ONLY_PLAIN, TITLED
from fastmcp import FastMCP

mcp = FastMCP("annotations-imported")


def list_things() -> str:
    """List things."""
    return "x"


def get_thing() -> str:
    """Get a thing."""
    return "x"


def titled_thing() -> str:
    """A titled thing."""
    return "x"


mcp.tool(list_things, annotations=common.READ_ONLY)
mcp.tool(get_thing, annotations=READ_ONLY_PLAIN)
mcp.tool(titled_thing, annotations=TITLED)

if __name__ == "__main__":
    mcp.run()
