"""A TypedDict's key with a default is not required, even when it is `Required` (Pydantic 2.10.6
to 2.14.4 alike). The MCP SDK 1.x and 2.0 rebuild a TypedDict a tool returns from its type
hints without their `Annotated` metadata — its constraints, descriptions and defaults are not
in the output schema (recorded with mcp 1.12.4, 1.30.0 and 2.0.0 in m1/m2-typeddict-metadata):
that output schema is reported, not derived from the metadata it loses."""

from __future__ import annotations

from portlint.linter import lint_text
from portlint.python.analysis import analyze
from portlint.python.environment import parse_override
from portlint.settings import Settings

_SERVER = '''from typing import Annotated, Optional

from mcp.server.fastmcp import FastMCP
from pydantic import Field
from typing_extensions import Required, TypedDict

mcp = FastMCP("x")


class Query(TypedDict):
    term: str
    limit: Annotated[Optional[int], Field(None)]
    page: Required[Annotated[int, Field(1)]]


class Report(TypedDict):
    count: Annotated[int, Field(ge=1)]


@mcp.tool()
def search(query: Query) -> Report:
    raise NotImplementedError
'''



def _written_for_2(code: str) -> str:
    """The server as the SDK 2.x has it (2.x has no `mcp.server.fastmcp`: code importing it
    does not start there)."""
    return code.replace("from mcp.server.fastmcp import FastMCP",
                        "from mcp.server.mcpserver import MCPServer as FastMCP")

def test_a_key_with_a_default_is_not_required() -> None:
    tool, = analyze(_written_for_2(_SERVER), None, parse_override("mcp==2.3.0")).tools
    assert tool.input_schema is not None, tool.unknown
    query = tool.input_schema["$defs"]["Query"]
    assert query["required"] == ["term"]
    assert (query["properties"]["limit"]["default"], query["properties"]["page"]["default"]) == (
        None, 1)


def test_mcp_2_3_keeps_the_metadata_of_a_returned_typeddict() -> None:
    tool, = analyze(_written_for_2(_SERVER), None, parse_override("mcp==2.3.0")).tools
    assert tool.output_schema is not None, tool.unknown
    assert tool.output_schema["properties"]["count"] == {
        "minimum": 1, "title": "Count", "type": "integer"}


def test_the_sdk_that_drops_it_is_reported_at_the_field() -> None:
    result = lint_text(_SERVER, "server.py", Settings())
    assert [(f.rule, f.severity.value, _SERVER[f.span[0]:f.span[1]], f.message)
            for f in result.findings] == [
        ("unknown-schema", "information", "Annotated[int, Field(ge=1)]",
         "The output schema of tool `search` cannot be derived without running code: mcp "
         "1.30.0 rebuilds the returned TypedDict `Report` from its type hints without their "
         "`Annotated` metadata (constraints, descriptions, defaults).")]
