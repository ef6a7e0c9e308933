from fastmcp import FastMCP, Context
def add(a: int, b: int) -> int:
    """Add."""
    return a + b


def sub(a: int, b: int) -> int:
    """Subtract."""
    return a - b


def neg(a: int) -> int:
    return -a


mcp = FastMCP("loop")
for function in (add, sub, neg):
    mcp.tool()(function)


if __name__ == "__main__":
    mcp.run()
