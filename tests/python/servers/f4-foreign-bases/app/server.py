"""Models deriving from models of the project's other modules, one and two modules away."""

from pydantic import Field

from fastmcp import FastMCP

from app import schemas
from app.middle import CountedResponse
from app.schemas import Paged, Stamped, ToolResponse

mcp = FastMCP("foreign-bases")


class QualityReport(ToolResponse):
    """A table's quality report."""

    score: float = Field(description="The score")
    level: str = "unrated"


class Search(CountedResponse, Stamped):
    """What a search found."""

    hits: list[str] = []


class PageRequest(schemas.Paged, total=False):
    cursor: str


@mcp.tool()
def report(table: str) -> QualityReport:
    """Report on a table's quality."""
    return QualityReport(score=1.0)


@mcp.tool()
def search(query: str, page: PageRequest) -> Search:
    """Search."""
    return Search(hits=[query])


@mcp.tool()
def review(report: QualityReport, paged: Paged) -> str:
    """Review a report."""
    return report.level
