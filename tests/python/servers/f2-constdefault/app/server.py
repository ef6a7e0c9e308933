"""Tools whose defaults and Field options name constants: this module's, and those imported
from the project's own modules (relative, absolute, aliased, through a re-export, as a module
attribute)."""

from typing import Annotated, Optional

from pydantic import Field

from fastmcp import FastMCP
import app.limits
import app.limits as lim
from app import PAGE_SIZE as ROOT_PAGE_SIZE
from app import limits
from app.limits import MAX_PAGE as CEILING

from . import text
from .limits import LIST_TOOL, NOTE, NOTHING, PAGE_SIZE, RATIO, STRICT, Mode
from .text import UNIT

LOCAL_DEFAULT = 3
LABEL = "Rows to skip"

mcp = FastMCP("constdefault")


@mcp.tool()
def local_default(repo: str, context_lines: int = LOCAL_DEFAULT, label: str = LABEL) -> str:
    """A constant of this module as a default."""
    return repo


@mcp.tool()
def imported_default(page_size: int = PAGE_SIZE, ratio: float = RATIO, strict: bool = STRICT,
                     ceiling: int = CEILING, root: int = ROOT_PAGE_SIZE,
                     nothing: Optional[str] = NOTHING, mode: str = Mode.FULL.value) -> str:
    """Constants imported from the project's modules as defaults."""
    return ""


@mcp.tool()
def module_attribute(limit: int = lim.MAX_PAGE, size: int = limits.PAGE_SIZE,
                     unit: str = text.UNIT, floor: int = app.limits.FLOOR) -> str:
    """Constants read as attributes of an imported module."""
    return ""


@mcp.tool(name=LIST_TOOL, description=f"List {UNIT}, {PAGE_SIZE}{text.SUFFIX}.")
def field_options(
    start: Annotated[Optional[str], Field(description=f"Start timestamp. {NOTE}")] = None,
    limit: int = Field(default=PAGE_SIZE, le=CEILING, ge=lim.FLOOR, description="At most " + UNIT),
    offset: Annotated[int, Field(ge=0, le=lim.MAX_PAGE, title=LABEL)] = 0,
    mode: str = Field(Mode.FAST.value, description=f"{lim.HEADER} mode"),
) -> str:
    """Constants inside Field(...): default, bounds, title and description."""
    return ""
