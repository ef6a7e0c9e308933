"""Unions whose members are unions themselves: a member that is nothing but an `anyOf` (a
`Decimal`) is flattened into the union; one with more to it (a description) is kept whole."""

import decimal
from typing import Annotated, Optional, Union

from pydantic import BaseModel, Field

from fastmcp import FastMCP

mcp = FastMCP("unions")


class Price(BaseModel):
    amount: Optional[decimal.Decimal] = None
    either: Union[int, decimal.Decimal, None] = None


@mcp.tool()
def quote(price: Price, total: Optional[decimal.Decimal] = None,
          code: Optional[Annotated[Union[int, str], Field(description="A code.")]] = None,
          ) -> str:
    """A quote."""
    return ""


if __name__ == "__main__":
    mcp.run()
