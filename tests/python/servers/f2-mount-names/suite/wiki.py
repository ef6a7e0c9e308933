"""Mounted with new names for some tools, and mounted twice."""

from fastmcp import FastMCP
from pydantic import BaseModel

wiki = FastMCP("wiki")


class Page(BaseModel):
    title: str
    body: str = ""


@wiki.tool
def search(text: str) -> list[str]:
    """Search pages."""
    return [text]


@wiki.tool
def add_comment(page: int, body: str) -> str:
    """Comment on a page."""
    return body * page


@wiki.tool
def recent(limit: int = 5, space: str | None = None) -> list[str]:
    """The pages changed last."""
    return [space or ""] * limit


@wiki.tool
def create(page: Page, parent: Page | None = None) -> str:
    """Create a page."""
    return page.title
