"""What a returned model's output schema holds when its JSON form differs from its input form:
a `Decimal`, a field excluded from the output, a serialization alias, a computed field."""

import decimal
from typing import Optional

from pydantic import BaseModel, Field, computed_field

from fastmcp import FastMCP

mcp = FastMCP("modes")


class Invoice(BaseModel):
    total: decimal.Decimal
    tax: Optional[decimal.Decimal] = None
    secret: str = Field("x", exclude=True)
    due_date: str = Field(serialization_alias="dueDate")
    number: int = Field(alias="invoiceNumber")


class Line(BaseModel):
    price: decimal.Decimal
    quantity: int = 1

    @computed_field
    @property
    def amount(self) -> decimal.Decimal:
        return self.price * self.quantity


@mcp.tool()
def invoice(number: int) -> Invoice:
    """An invoice."""
    raise NotImplementedError


@mcp.tool()
def price(item: str) -> decimal.Decimal:
    """A price."""
    raise NotImplementedError


@mcp.tool()
def line(item: str) -> Line:
    """A line."""
    raise NotImplementedError


if __name__ == "__main__":
    mcp.run()
