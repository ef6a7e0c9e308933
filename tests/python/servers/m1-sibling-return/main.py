from mcp.server.fastmcp import FastMCP, Context
from models import Invoice

mcp = FastMCP("billing")


@mcp.tool()
def get_invoice(number: str) -> Invoice:
    """Fetch an invoice."""
    return Invoice(number=number, total=0.0)


@mcp.tool()
def pay(invoice: Invoice) -> bool:
    return True


if __name__ == "__main__":
    mcp.run()
