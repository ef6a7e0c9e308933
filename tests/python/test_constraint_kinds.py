"""Where Pydantic writes a field's constraint depends on the kind of type it constrains, and on
whether an earlier constraint needed a validator of its own (portlint.python.constraints;
recorded with Pydantic 2.11.10 to 2.14.4 and held by the `*-constraint-kinds` oracle
projects). A tool parameter given another key by `Field(alias=...)` is listed under it (the
`*-parameter-alias` projects)."""

from __future__ import annotations

from typing import Any

import pytest

from portlint.linter import lint_text
from portlint.python.analysis import analyze
from portlint.python.constraints import NotDerived, constrain
from portlint.python.environment import parse_override
from portlint.settings import Settings


@pytest.mark.parametrize(("base", "constraints", "written"), [
    # a number: its JSON Schema keywords; a length is `minLength`; a pattern is dropped
    ({"type": "integer"}, {"ge": 1, "le": 10, "min_length": 1},
     {"type": "integer", "minimum": 1, "maximum": 10, "minLength": 1}),
    ({"type": "number"}, {"gt": 0, "multiple_of": 0.5, "pattern": "^1"},
     {"type": "number", "exclusiveMinimum": 0, "multipleOf": 0.5}),
    # a string: a bound under its Python name; a pattern kept only with no bound before it
    ({"type": "string"}, {"min_length": 2, "pattern": "^a"},
     {"type": "string", "minLength": 2, "pattern": "^a"}),
    ({"type": "string"}, {"ge": 1, "min_length": 2, "pattern": "^a"},
     {"type": "string", "ge": 1, "minLength": 2}),
    ({"type": "boolean"}, {"le": 5, "max_length": 3}, {"type": "boolean", "le": 5, "maxLength": 3}),
    ({"enum": ["x", "y"], "type": "string"}, {"gt": 0, "min_length": 1, "pattern": "x"},
     {"enum": ["x", "y"], "type": "string", "gt": 0, "minLength": 1}),
    ({}, {"multiple_of": 3, "min_length": 1}, {"multiple_of": 3, "minLength": 1}),
    # arrays and dicts: their own lengths, unless a bound was checked by a validator first
    ({"items": {"type": "integer"}, "type": "array"}, {"min_length": 1, "max_length": 3},
     {"items": {"type": "integer"}, "type": "array", "minItems": 1, "maxItems": 3}),
    ({"items": {"type": "string"}, "type": "array", "uniqueItems": True},
     {"lt": 9, "max_length": 4},
     {"items": {"type": "string"}, "type": "array", "uniqueItems": True, "lt": 9,
      "maxLength": 4}),
    ({"additionalProperties": {"type": "integer"}, "type": "object"}, {"min_length": 1},
     {"additionalProperties": {"type": "integer"}, "type": "object", "minProperties": 1}),
    ({"additionalProperties": {"type": "integer"}, "type": "object"},
     {"min_length": 1, "max_length": 8, "ge": 0},
     {"additionalProperties": {"type": "integer"}, "type": "object", "ge": 0, "minLength": 1,
      "maxLength": 8}),
    # string formats: bytes, UUIDs and paths keep a bound by name, date-times drop it
    ({"format": "uuid", "type": "string"}, {"ge": 1, "max_length": 36, "pattern": "^0"},
     {"format": "uuid", "type": "string", "ge": 1, "maxLength": 36}),
    ({"format": "date-time", "type": "string"}, {"ge": 1, "max_length": 30},
     {"format": "date-time", "type": "string", "maxLength": 30}),
    ({"format": "duration", "type": "string"}, {"le": 5, "multiple_of": 2},
     {"format": "duration", "type": "string"}),
])
def test_each_constraint_is_written_where_pydantic_writes_it(
        base: dict[str, Any], constraints: dict[str, Any], written: dict[str, Any]) -> None:
    schema = dict(base)
    constrain(schema, constraints)
    assert schema == written


@pytest.mark.parametrize(("base", "constraints", "reason"), [
    ({"format": "date", "type": "string"}, {"ge": 1},
     "Pydantic refuses `ge` with a number on a date when it builds the arguments "
     "(`SchemaError`): the server fails at start-up"),
    ({"format": "time", "type": "string"}, {"lt": 5, "max_length": 8},
     "`lt` on a time beside another constraint is not derived"),
    ({"format": "date-time", "type": "string"}, {"multiple_of": 2},
     "`multiple_of` on a date-time is written by Pydantic 2.14 only and dropped by earlier "
     "releases: not derived"),
    ({"format": "email", "type": "string"}, {"pattern": "@x$"},
     "`pattern` on a string of format `email` is not derived"),
    ({"items": {"type": "integer"}, "type": "array"}, {"le": 5, "min_length": 1},
     "`min_length` beside a bound checked by a validator: whether it is `minItems` (a list) or "
     "`minLength` (a tuple) is not derived"),
    ({"$ref": "#/$defs/Color"}, {"ge": 1},
     "`ge` on a reference or a union is not derived statically"),
])
def test_what_differs_between_releases_is_not_derived(
        base: dict[str, Any], constraints: dict[str, Any], reason: str) -> None:
    with pytest.raises(NotDerived) as raised:
        constrain(dict(base), constraints)
    assert str(raised.value) == reason


_DATED = '''import datetime

from mcp.server.fastmcp import FastMCP
from pydantic import Field

mcp = FastMCP("x")


@mcp.tool()
def since(day: datetime.date = Field(ge=1)) -> str:
    return ""
'''


def test_a_bound_on_a_time_fails_the_start_under_pydantic_2_11() -> None:
    # Pydantic 2.11.10 raises SchemaError ("'int' object cannot be converted to 'PyTime'") when
    # it builds the arguments; 2.12.5, 2.13.5 and 2.14.4 leave the bound out of the schema
    schema = {"format": "time", "type": "string"}
    with pytest.raises(NotDerived) as raised:
        constrain(schema, {"le": 5}, (2, 11, 10))
    assert raised.value.fails_start
    assert str(raised.value) == (
        "Pydantic 2.11 refuses `le` with a number on a time when it builds the arguments "
        "(`SchemaError`: 'int' object cannot be converted to 'PyTime'): the server fails at "
        "start-up")
    # 2.12.5, 2.13.5, 2.14.4: not written, and checked as a time of day (`le=5`: 00:00:05)
    for release in ((2, 12, 5), (2, 14, 4)):
        assert constrain(schema, {"le": 5, "gt": 1}, release) == [
            ("gt", "`gt=1` on a time is checked as a time of day, the number read as seconds "
                   "after midnight, and is not in the schema"),
            ("le", "`le=5` on a time is checked as a time of day, the number read as seconds "
                   "after midnight, and is not in the schema")]
        assert schema == {"format": "time", "type": "string"}


def test_an_infinite_bound_is_left_out_of_a_float_and_refused_on_an_int() -> None:
    # `ge=-1e400, le=1e400` on a float: Pydantic 2.11.7 and 2.14.4 write `{"type": "number"}`,
    # and the SDK 1.30.0, 2.3.0 and fastmcp 4.2.3 list the parameter so; on an int, Pydantic
    # raises SchemaError ("'ge' must be coercible to an integer") when it builds the model,
    # and an infinite `multiple_of` on anything ("must be a finite number greater than 0")
    schema = {"type": "number"}
    assert constrain(schema, {"ge": float("-inf"), "le": float("inf")}) == []
    assert schema == {"type": "number"}
    for kind, name in (("integer", "ge"), ("number", "multiple_of")):
        with pytest.raises(NotDerived) as raised:
            constrain({"type": kind}, {name: float("inf")})
        assert raised.value.fails_start
    with pytest.raises(NotDerived) as raised:
        constrain({"type": "number"}, {"gt": float("nan")})
    assert not raised.value.fails_start


def test_a_bound_on_a_time_is_a_hidden_constraint_where_the_tool_is() -> None:
    text = ('import datetime\n\nfrom mcp.server.fastmcp import FastMCP\nfrom pydantic import '
            'Field\n\nmcp = FastMCP("x")\n\n\n@mcp.tool()\ndef at(t: datetime.time = '
            'Field(le=5)) -> str:\n    return ""\n')
    result = lint_text(text, "server.py", Settings())
    assert [(f.rule, f.severity.value, text[f.span[0]:f.span[1]], f.message)
            for f in result.findings] == [
        ("hidden-constraint", "information", "5",
         "The server accepts or does what the schema does not show: `le=5` on a time is "
         "checked as a time of day, the number read as seconds after midnight, and is not in "
         "the schema.")]
    [tool] = analyze(text, None, parse_override("mcp==1.30.0")).tools
    assert tool.input_schema is not None
    assert tool.input_schema["properties"]["t"] == {"format": "time", "title": "T",
                                                    "type": "string"}


def test_a_bound_pydantic_refuses_is_said_at_the_constraint() -> None:
    result = lint_text(_DATED, "server.py", Settings())
    assert [(f.rule, f.severity.value, _DATED[f.span[0]:f.span[1]], f.message)
            for f in result.findings] == [
        ("server-start-fails", "error", "1",
         "Tool `since`: Pydantic refuses `ge` with a number on a date when it builds the "
         "arguments (`SchemaError`): the server fails at start-up. The process exits before it "
         "answers anything: every client gets no tools.")]


_ALIASED = '''from typing import Annotated

from {module} import FastMCP
from pydantic import Field

mcp = FastMCP("x")


@mcp.tool()
def lookup(query: str = Field(alias="q"),
           page: Annotated[int, Field(alias="pageNumber", title="Page")] = 1,
           both: int = Field(0, alias="a", validation_alias="v"),
           shown: int = Field(0, serialization_alias="s")) -> str:
    return query
'''


@pytest.mark.parametrize(("module", "framework"), [
    ("mcp.server.fastmcp", "mcp==1.30.0"), ("fastmcp", "fastmcp==4.2.3")])
def test_a_parameter_is_listed_under_its_alias(module: str, framework: str) -> None:
    tool, = analyze(_ALIASED.format(module=module), None, parse_override(framework)).tools
    assert tool.input_schema is not None, tool.unknown
    assert list(tool.input_schema["properties"]) == ["q", "pageNumber", "v", "shown"]
    assert tool.input_schema["required"] == ["q"]
    assert tool.input_schema["properties"]["pageNumber"].get("title") == "Page"


def test_two_parameters_listed_under_one_key_are_not_derived() -> None:
    text = _ALIASED.format(module="fastmcp").replace('alias="q"', 'alias="shown"')
    tool, = analyze(text, None, parse_override("fastmcp==4.2.3")).tools
    assert tool.input_schema is None
    assert [u.reason for u in tool.unknown] == [
        "the parameter `shown` is listed as `shown`, as another one is: which of them the "
        "framework lists is not derived"]
