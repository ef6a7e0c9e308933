"""A helper importing a module fastmcp 3.x answers (3.4 without a file of that name) and 4.x
does not have."""
from fastmcp.tools.tool import Tool


def described(tool: Tool) -> str:
    return tool.description or tool.name
