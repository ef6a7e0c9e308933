from fastmcp import FastMCP, Context
from pydantic import create_model

Options = create_model("Options", verbose=(bool, False), depth=(int, 1))

mcp = FastMCP("dynamic")


@mcp.tool()
def analyse(path: str, options: Options) -> str:
    return path


@mcp.tool()
def plain(path: str) -> str:
    return path


if __name__ == "__main__":
    mcp.run()
