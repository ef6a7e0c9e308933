"""Enum members as Python's Enum makes them (awslabs' postgres-mcp-server writes
`APG = ('APG',)` in a `str, Enum`): a mixin's constructor applied to the value (a tuple is its
arguments), aliases (a value repeated), and no mixin (a tuple stays the value). Which titles
fastmcp's compression keeps: an enum of mixed values (no `type`), untyped parameters with and
without a default."""

from enum import Enum, IntEnum, StrEnum
from typing import Annotated, Any

from pydantic import BaseModel, Field

from fastmcp import FastMCP


class Engine(str, Enum):
    """Which engine."""

    APG = ('APG',)
    RPG = 'RPG'


class Level(IntEnum):
    LOW = (1,)
    HIGH = 3
    TOP = 3  # an alias of HIGH


class Shade(Enum):
    DARK = ("d", 1)
    LIGHT = "l"
    PALE = "l"  # an alias of LIGHT


class Code(str, Enum):
    ONE = 1
    TWO = "2"


class Mode(StrEnum):
    FAST = ("fast",)
    SLOW = "slow"


class Choice(BaseModel):
    engine: Engine = Engine.APG
    level: Level = Level.LOW


mcp = FastMCP("enum-values")


@mcp.tool()
def pick(engine: Engine, extra: Annotated[Any, Field(description="Anything")],
         level: Level = Level.TOP, shade: Shade = Shade.PALE,
         code: Code = Code.ONE, mode: Mode = Mode.FAST,
         note: Annotated[Any, Field(description="A note")] = None) -> str:
    """Pick."""
    return engine.value


@mcp.tool()
def choose(choice: Choice) -> Choice:
    """Choose."""
    return choice


if __name__ == "__main__":
    mcp.run()
