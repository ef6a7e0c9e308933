from mcp.server.fastmcp import FastMCP, Context
def upper(text: str) -> str:
    return text.upper()


def lower(text: str) -> str:
    return text.lower()


TOOLS = [upper, lower]
mcp = FastMCP("loop")
for tool in TOOLS:
    mcp.add_tool(tool)


if __name__ == "__main__":
    mcp.run()
