"""A default given inside `Annotated` — `Field(None, ...)`, `Field(default=1)` — is the
parameter's default when none is assigned; an assigned default wins over it (Pydantic 2.11 and
2.14, the SDK and fastmcp alike: the `*-annotated-default` oracle projects). fastmcp refuses a
function whose parameter without a default follows such a parameter, and the server fails at
start-up (the `*-annotated-order` projects) — as it refuses a required `= Field(...)` after a
parameter with a default; the SDK lists both."""

from __future__ import annotations

from portlint.linter import lint_text
from portlint.python.analysis import analyze
from portlint.python.environment import parse_override
from portlint.settings import Settings

_SERVER = '''from typing import Annotated, Optional

from {module} import FastMCP
from pydantic import Field

mcp = FastMCP("x")


@mcp.tool()
def search(query: Annotated[str, Field("all", min_length=1)],
           limit: Annotated[int, Field(10)] = 5,
           region: Annotated[Optional[str], Field(None, description="Region.")] = None) -> str:
    return query
'''


def _properties(text: str, framework: str) -> dict[str, object]:
    tool, = analyze(text, None, parse_override(framework)).tools
    assert tool.input_schema is not None, tool.unknown
    properties = tool.input_schema["properties"]
    assert isinstance(properties, dict)
    return {name: (schema.get("default", "<none>"), name in tool.input_schema.get(
        "required", [])) for name, schema in properties.items()}


def test_the_default_inside_annotated_and_the_one_assigned() -> None:
    for module, framework in (("mcp.server.fastmcp", "mcp==1.30.0"), ("fastmcp", "fastmcp==4.2.3"),
                              ("fastmcp", "fastmcp==2.10.6")):
        assert _properties(_SERVER.format(module=module), framework) == {
            "query": ("all", False), "limit": (5, False), "region": (None, False)}


def test_the_sdk_lists_a_parameter_without_a_default_after_one() -> None:
    text = _SERVER.format(module="mcp.server.fastmcp").replace(
        "limit: Annotated[int, Field(10)] = 5", "limit: int").replace(
        'region: Annotated[Optional[str], Field(None, description="Region.")] = None',
        "region: Optional[str] = None")
    assert _properties(text, "mcp==1.30.0") == {
        "query": ("all", False), "limit": ("<none>", True), "region": (None, False)}


def test_fastmcp_refuses_a_parameter_without_a_default_after_one() -> None:
    text = _SERVER.format(module="fastmcp").replace(
        "           limit: Annotated[int, Field(10)] = 5,\n", "           limit: int,\n").replace(
        "           region: Annotated[Optional[str], Field(None, description=\"Region.\")] = None",
        "           region: Optional[str] = None")
    result = lint_text(text, "server.py", Settings())
    assert [(f.rule, f.severity.value, text[f.span[0]:f.span[1]], f.message)
            for f in result.findings] == [
        ("server-start-fails", "error", "limit: int",
         "Tool `search`: fastmcp refuses the function: `limit` is required and follows `query`, "
         "which has a default (\"Non-default argument 'limit' follows default argument\"), so "
         "the server fails at start-up. The process exits before it answers anything: every "
         "client gets no tools.")]


def test_fastmcp_refuses_a_required_field_after_a_default() -> None:
    text = _SERVER.format(module="fastmcp").replace(
        'query: Annotated[str, Field("all", min_length=1)]', "query: str = 'all'").replace(
        "limit: Annotated[int, Field(10)] = 5", "limit: int = Field(..., ge=1)")
    tool, = analyze(text, None, parse_override("fastmcp==2.14.7")).tools
    assert [u.reason for u in tool.unknown] == [
        "fastmcp refuses the function: `limit` is required and follows `query`, which has a "
        "default (\"Non-default argument 'limit' follows default argument\"), so the server "
        "fails at start-up"]


def test_the_refusal_is_said_even_where_a_type_is_not_derived() -> None:
    # found by the signature fuzzer under fastmcp 2.14.7: the refusal does not depend on the
    # types, and a constraint portlint cannot place (`ge` on a class) must not hide it
    text = ('from fastmcp import FastMCP\nfrom pydantic import BaseModel, Field\n\n'
            'mcp = FastMCP("m")\n\n\nclass Point(BaseModel):\n    x: int\n\n\n'
            '@mcp.tool()\ndef move(speed: int = 1, to: Point = Field(ge=1)) -> str:\n'
            '    return ""\n')
    tool, = analyze(text, None, parse_override("fastmcp==2.14.7")).tools
    assert [u.reason for u in tool.unknown] == [
        "fastmcp refuses the function: `to` is required and follows `speed`, which has a "
        "default (\"Non-default argument 'to' follows default argument\"), so the server fails "
        "at start-up"]
