"""Servers of tools with random signatures, generated from a seed, for the differential test
against the real frameworks (tests/python/test_generated_servers.py): parameters of scalar,
container, `Literal`, enum, date, model, TypedDict and dataclass types, made optional, given
defaults, `Field(...)` defaults with constraints, aliases and words, `Annotated` constraints;
models and TypedDicts of such fields; returns of each kind; docstrings with and without
argument sections; the registration options each framework takes. Each program prints its
tools/list as JSON when run (the same printing as :mod:`tests.python.generated_servers`)."""

from __future__ import annotations

import random

from tests.python.generated_servers import PRINT

HEADS = {
    "mcp": "from mcp.server.fastmcp import FastMCP",
    "mcp2": "from mcp.server.mcpserver import MCPServer as FastMCP",
    "fastmcp": "from fastmcp import FastMCP",
}
PRELUDE = '''
import datetime, decimal, enum, pathlib, uuid
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal, Optional, Union
from typing_extensions import TypedDict
from pydantic import BaseModel, Field


class Color(str, enum.Enum):
    RED = "red"
    BLUE = "blue"


class Level(enum.IntEnum):
    LOW = 1
    HIGH = 2


class Inner(BaseModel):
    """An inner model."""
    x: int
    y: str | None = None


class Outer(BaseModel):
    inner: Inner
    tags: list[str] = Field(default_factory=list, description="Tags.")
    color: Color = Color.RED


class Movie(TypedDict):
    title: str
    year: int


@dataclass
class Point:
    x: float
    y: float = 0.0
    label: str = field(default="p")


mcp = FastMCP("generated")
'''
# an annotation, and defaults it may be given
TYPES: tuple[tuple[str | None, tuple[str, ...]], ...] = (
    ("int", ("0", "5")), ("str", ("'a'", "''")), ("float", ("1.5", "2")), ("bool", ("True",)),
    ("bytes", ()), ("Any", ("None", "1")), (None, ("1", "'z'", "None")),
    ("list[int]", ("[]", "[1, 2]")), ("list[str]", ()), ("dict[str, int]", ("{}",)),
    ("dict", ()), ("tuple[int, str]", ()), ("tuple[int, ...]", ()), ("set[str]", ()),
    ("Literal['a', 'b']", ("'a'",)), ("Literal[1, 2, 3]", ("2",)), ("Color", ("Color.RED",)),
    ("Level", ("Level.LOW",)), ("datetime.date", ()), ("datetime.datetime", ()),
    ("datetime.time", ()), ("datetime.timedelta", ()), ("uuid.UUID", ()),
    ("decimal.Decimal", ()), ("pathlib.Path", ()), ("Inner", ()), ("Outer", ()),
    ("Movie", ()), ("Point", ()), ("list[Inner]", ()), ("dict[str, Inner]", ()),
    ("Union[int, str]", ("1",)), ("int | str | None", ("None",)), ("Optional[int]", ("None",)),
    ("Optional[decimal.Decimal]", ("None",)), ("Optional[Inner]", ("None",)),
    ("list[int] | None", ("None",)), ("Annotated[int, Field(ge=0, le=10)]", ("3",)),
    ("Annotated[str, Field(min_length=1, max_length=5, description='S.')]", ()),
    ("Annotated[float, Field(gt=0.5, multiple_of=0.5)]", ()),
    ("Annotated[list[str], Field(min_length=1)]", ()),
    ("Annotated[str, Field(pattern='^a+$')]", ()), ("Annotated[str, 'meta']", ("'m'",)),
    ("Annotated[Optional[str], Field(None, description='d')]", ()),
    ("Optional[Annotated[Union[int, str], Field(description='u')]]", ("None",)),
    ("dict[str, Any]", ("{}",)), ("list[list[int]]", ()),
)
FIELD_DEFAULTS = (
    "Field(description='fd')", "Field(3, description='three')", "Field(default=None)",
    "Field(default_factory=list)", "Field(..., description='req')", "Field(title='T')",
    "Field(default='v', examples=['v', 'w'])", "Field(ge=1)", "Field(default=2, le=5)",
    "Field(alias='al')", "Field(min_length=1, max_length=4)", "Field(pattern='^x', ge=0)",
)
RETURNS = ("int", "str", "dict", "list[int]", "Inner", "Outer", "None", None, "dict[str, int]",
           "Movie", "Point", "bool", "Color", "list[Inner]", "Optional[int]", "Any",
           "decimal.Decimal", "Optional[decimal.Decimal]", "str | None")
DOCS = (None, '"""Plain."""', '"""Summary line.\n\n    More text here.\n    """',
        '"""Does X.\n\n    Args:\n        p0: The first.\n        m: The model.\n    """')


def program(rng: random.Random, framework: str) -> str:
    """One server module for ``framework`` (`mcp` 1.x, `mcp2`, or `fastmcp`)."""
    parts = [HEADS[framework], PRELUDE]
    models = [f"M{i}" for i in range(rng.randint(0, 2))]
    parts += [_model(rng, name) for name in models]
    for t in range(rng.randint(1, 5)):
        params = _parameters(rng, rng.randint(0, 5), fields=True)
        if models and rng.random() < 0.5:
            params.insert(0, f"m: {rng.choice(models)}")
        returned = rng.choice((*RETURNS, *models))
        options = [option for option, chance in (
            (f"name='named_{t}'", 0.2), ("description='From the option.'", 0.2),
            ("title='A Title'", 0.1)) if rng.random() < chance]
        if framework.startswith("mcp") and rng.random() < 0.15:
            options.append(f"structured_output={rng.choice(['True', 'False'])}")
        if framework == "fastmcp" and rng.random() < 0.1:
            options.append("output_schema=None")
        doc = rng.choice(DOCS)
        body = (f"    {doc}\n" if doc else "") + "    raise NotImplementedError\n"
        head = "async def" if rng.random() < 0.3 else "def"
        arrow = f" -> {returned}" if returned is not None else ""
        parts.append(f"@mcp.tool({', '.join(options)})\n{head} tool_{t}({', '.join(params)})"
                     f"{arrow}:\n{body}")
    return "\n".join(parts) + PRINT


def _parameters(rng: random.Random, count: int, *, fields: bool) -> list[str]:
    """``count`` parameters (or fields); after the first one written with a default, each is
    given one, as Python wants."""
    written: list[str] = []
    defaulted = False
    for i in range(count):
        annotation, defaults = rng.choice(TYPES)
        text = f"p{i}" + (f": {annotation}" if annotation is not None else "")
        roll = rng.random()
        if roll < 0.3 and defaults:
            text += f" = {rng.choice(defaults)}"
        elif roll < 0.5 and fields and annotation is not None and not annotation.startswith(
                ("Annotated", "Optional[Annotated")):
            text += f" = {rng.choice(FIELD_DEFAULTS)}"
        elif defaulted:
            text += " = None"
        defaulted = defaulted or " = " in text
        written.append(text)
    return written


def _model(rng: random.Random, name: str) -> str:
    """A model or a TypedDict of random fields (annotated ones: a class body has no others)."""
    typed_dict = rng.random() < 0.3
    lines = [f"class {name}({'TypedDict' if typed_dict else 'BaseModel'}):"]
    if rng.random() < 0.3:
        lines.append(f'    """Model {name}."""')
    for parameter in _parameters(rng, rng.randint(1, 4), fields=not typed_dict):
        declared = parameter.split(" = ")[0]
        if ":" not in declared:
            continue
        lines.append("    " + ("f" + (declared if typed_dict else parameter)[1:]))
    if not any(line.startswith("    f") for line in lines):
        lines.append("    x: int")
    return "\n".join(lines) + "\n"
