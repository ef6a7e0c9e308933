from mcp.server.fastmcp import FastMCP, Context
mcp = FastMCP("plain")


@mcp.tool(structured_output=False)
def echo(text: str) -> str:
    return text


@mcp.tool(structured_output=True)
def count(text: str) -> int:
    return len(text)


if __name__ == "__main__":
    mcp.run()
