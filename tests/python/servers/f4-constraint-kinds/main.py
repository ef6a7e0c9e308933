"""Where Pydantic writes a constraint, by the kind of type it constrains (portlint.python.constraints)."""

from fastmcp import FastMCP
import datetime
import pathlib
import uuid
from typing import Annotated, Any, Literal, Optional

from pydantic import Field, conlist

mcp = FastMCP("constraints")


@mcp.tool()
def numbers(count: int = Field(ge=1, le=10, min_length=1),
            ratio: Annotated[float, Field(gt=0, multiple_of=0.5, pattern="^1")] = 1.5) -> str:
    """A bound on a number is its keyword; a length is `minLength`; a pattern is dropped."""
    return ""


@mcp.tool()
def texts(name: str = Field(ge=1, min_length=2, pattern="^a"),
          flag: Annotated[bool, Field(le=5, max_length=3, pattern="^t")] = True,
          choice: Literal["x", "y"] = Field("x", gt=0, min_length=1)) -> str:
    """A bound on a string, a boolean or a `Literal` is written under its Python name."""
    return ""


@mcp.tool()
def collections(items: list[int] = Field(le=5, min_length=1, pattern="^x"),
                table: dict[str, int] = Field(min_length=1, max_length=8, ge=0),
                unique: set[str] = Field(max_length=4, lt=9),
                maybe: Optional[list[int]] = Field(None, le=3, max_length=2),
                listed: conlist(int, min_length=1, max_length=3) = [1]) -> str:
    """Lengths of arrays are `minItems`/`maxItems`, of dicts `minProperties`/`maxProperties`."""
    return ""


@mcp.tool()
def formats(key: uuid.UUID = Field(ge=1, max_length=36, pattern="^[0-9a-f]"),
            when: datetime.datetime = Field(ge=1, max_length=30),
            where: pathlib.Path = Field(le=5),
            wait: datetime.timedelta = Field(le=5, multiple_of=2),
            blob: bytes = Field(lt=3, min_length=0),
            anything: Any = Field(None, multiple_of=3, min_length=1)) -> str:
    """A bound on a UUID, a path or bytes is under its Python name; a date-time or duration
    drops it."""
    return ""



@mcp.tool()
def opening(start: datetime.time = Field(ge=3600), end: datetime.time = Field(lt=72000)) -> str:
    """A bound on a time is checked as seconds after midnight and not written (Pydantic 2.12
    on; 2.11 refuses it when it builds the arguments)."""
    return ""


if __name__ == "__main__":
    mcp.run()
