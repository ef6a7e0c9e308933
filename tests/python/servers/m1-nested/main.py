from mcp.server.fastmcp import FastMCP, Context
from typing import Literal, Optional
from pydantic import BaseModel, Field


class Address(BaseModel):
    street: str
    city: str
    country: Literal["FR", "DE", "US"] = "FR"


class Person(BaseModel):
    """Somebody."""
    name: str
    address: Address
    previous: list[Address] = Field(default_factory=list)
    manager: Optional["Person"] = None


mcp = FastMCP("people")


@mcp.tool()
def register(person: Person) -> Person:
    return person


@mcp.tool()
def move(name: str, to: Address) -> Address:
    return to


if __name__ == "__main__":
    mcp.run()
