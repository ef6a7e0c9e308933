from fastmcp import FastMCP, Context
mcp = FastMCP("docs")


@mcp.tool()
def convert(amount: float, currency: str = "EUR") -> float:
    """Convert money.

    Uses today's rate.

    Args:
        amount: How much to convert, in the
            source currency.
        currency: The target currency code.

    Returns:
        The converted amount.
    """
    return amount


@mcp.tool(description="Explicit description wins")
def explicit(x: int) -> int:
    """Ignored docstring."""
    return x


if __name__ == "__main__":
    mcp.run()
