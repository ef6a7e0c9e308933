"""A union's member that is nothing but an `anyOf` (a `Decimal`) is flattened into the union, and
a member with more to it — the words `Annotated[..., Field(description=...)]` gives it — is kept
whole, as Pydantic 2.10.6 to 2.14.4 write them (the `*-nested-unions` oracle projects)."""

from __future__ import annotations

from portlint.python.analysis import analyze
from portlint.python.environment import parse_override
from portlint.python.pydantic_schema import flattened_anyof

_SERVER = '''import decimal
from typing import Annotated, Optional, Union

from mcp.server.fastmcp import FastMCP
from pydantic import Field

mcp = FastMCP("x")


@mcp.tool()
def quote(total: Optional[decimal.Decimal] = None,
          either: Union[int, decimal.Decimal, None] = None,
          code: Optional[Annotated[Union[int, str], Field(description="A code.")]] = None) -> str:
    return ""
'''
_NUMBER, _STRING, _NULL = {"type": "number"}, {"type": "string"}, {"type": "null"}


def test_a_member_that_is_only_a_union_is_flattened() -> None:
    assert flattened_anyof([{"anyOf": [_NUMBER, _STRING]}, _NULL]) == {
        "anyOf": [_NUMBER, _STRING, _NULL]}
    assert flattened_anyof([{"anyOf": [_NUMBER, _STRING], "description": "d"}, _NULL]) == {
        "anyOf": [{"anyOf": [_NUMBER, _STRING], "description": "d"}, _NULL]}
    assert flattened_anyof([_STRING, {"anyOf": [_NUMBER, _STRING]}]) == {
        "anyOf": [_STRING, _NUMBER]}
    assert flattened_anyof([]) is None


def test_the_parameters_are_listed_as_pydantic_writes_them() -> None:
    tool, = analyze(_SERVER, None, parse_override("mcp==1.30.0")).tools
    assert tool.input_schema is not None, tool.unknown
    properties = tool.input_schema["properties"]
    assert properties["total"]["anyOf"] == [_NUMBER, _STRING, _NULL]
    assert properties["either"]["anyOf"] == [{"type": "integer"}, _NUMBER, _STRING, _NULL]
    assert properties["code"]["anyOf"] == [
        {"anyOf": [{"type": "integer"}, _STRING], "description": "A code."}, _NULL]
