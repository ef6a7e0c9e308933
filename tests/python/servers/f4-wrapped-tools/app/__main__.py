"""Tools carrying decorators of the server's own below the registration: the framework lists
what the decorators hand it — the function itself through `functools.wraps`, or another."""

from __future__ import annotations

import functools

from fastmcp import FastMCP
from pydantic import BaseModel

from app import decorators
from app.decorators import (
    either,
    fixed_query,
    guarded,
    handle_errors,
    registered,
    retried,
    retried_twice,
)

mcp = FastMCP("wrapped-tools")


class Note(BaseModel):
    text: str
    pinned: bool = False


def timed(func):
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        return func(*args, **kwargs)

    return wrapper


@mcp.tool()
@handle_errors
async def fetch(url: str, timeout: float = 10.0) -> str:
    """Fetch a page."""
    return url


@mcp.tool(name="fetch_again")
@retried(times=2)
async def refetch(url: str) -> str:
    """Fetch a page, twice if need be."""
    return url


@mcp.tool()
@either
def count(items: list[str]) -> int:
    """Count the items."""
    return len(items)


@mcp.tool()
@registered
@decorators.handle_errors
async def add(a: int, b: int = 2) -> int:
    """Add two numbers."""
    return a + b


@mcp.tool()
@guarded
async def keep(note: Note) -> Note:
    """Keep a note."""
    return note


@mcp.tool()
@fixed_query
async def lookup(q: str, n: int) -> list[str]:
    """Look something up."""
    return [q] * n


@mcp.tool()
@timed
def ping(host: str = "localhost") -> str:
    """Ping a host."""
    return host


@handle_errors
async def total(values: list[float]) -> float:
    """Add the values."""
    return sum(values)


mcp.tool()(total)


@mcp.tool()
@retried_twice(times=3)
async def fetch_thrice(url: str, strict: bool = False) -> str:
    """Fetch a page, three times if need be."""
    return url


if __name__ == "__main__":
    mcp.run()
