from fastmcp import FastMCP, Context
mcp = FastMCP("plain")


@mcp.tool(output_schema=None)
def echo(text: str) -> str:
    return text


@mcp.tool()
def count(text: str) -> int:
    return len(text)


if __name__ == "__main__":
    mcp.run()
