"""fastmcp writes a tool's output schema as the value is sent (Pydantic's serialization mode): a
`Decimal` is a string, a field with `exclude=True` is left out, a `@computed_field` is listed
read-only and required; 2.x and 3.x key the fields by their (serialization) aliases, 4.x by
their names. The MCP SDK writes it as received. Recorded under fastmcp 2.10.6 to 4.2.3 and the
SDK 1.30.0 and 2.3.0 (the `*-output-modes` oracle projects)."""

from __future__ import annotations

from typing import Any

import pytest

from portlint.python.analysis import analyze
from portlint.python.environment import parse_override

_SERVER = '''import decimal

from {module} import FastMCP
from pydantic import BaseModel, Field, computed_field

mcp = FastMCP("x")


class Invoice(BaseModel):
    total: decimal.Decimal
    secret: str = Field("x", exclude=True)
    due_date: str = Field(serialization_alias="dueDate")
    number: int = Field(alias="invoiceNumber")

    @computed_field
    @property
    def doubled(self) -> int:
        return self.number * 2


@mcp.tool()
def invoice(amount: decimal.Decimal) -> Invoice:
    raise NotImplementedError
'''


def _schemas(module: str, framework: str) -> tuple[dict[str, Any], dict[str, Any]]:
    tool, = analyze(_SERVER.format(module=module), None, parse_override(framework)).tools
    assert tool.input_schema is not None and tool.output_schema is not None, tool.unknown
    return tool.input_schema, tool.output_schema


@pytest.mark.parametrize(("framework", "keys"), [
    ("fastmcp==4.2.3", ["total", "due_date", "number", "doubled"]),
    ("fastmcp==3.4.11", ["total", "dueDate", "invoiceNumber", "doubled"]),
])
def test_fastmcp_writes_the_output_as_it_is_sent(framework: str, keys: list[str]) -> None:
    inputs, outputs = _schemas("fastmcp", framework)
    assert list(outputs["properties"]) == keys
    assert outputs["required"] == keys
    assert outputs["properties"]["total"] == {"type": "string"}
    assert outputs["properties"]["doubled"] == {"readOnly": True, "type": "integer"}
    assert inputs["properties"]["amount"] == {"anyOf": [{"type": "number"}, {"type": "string"}]}


def test_the_sdk_writes_it_as_it_is_received() -> None:
    _, outputs = _schemas("mcp.server.fastmcp", "mcp==1.30.0")
    assert list(outputs["properties"]) == ["total", "secret", "due_date", "invoiceNumber"]
    assert outputs["properties"]["total"]["anyOf"] == [{"type": "number"}, {"type": "string"}]


def test_a_serializer_makes_the_output_schema_unknown_to_fastmcp_only() -> None:
    text = _SERVER.format(module="fastmcp").replace(
        "    @computed_field\n", "    @field_serializer(\"total\")\n    def shown(self, v):\n"
        "        return str(v)\n\n    @computed_field\n").replace(
        "computed_field\n\nmcp", "computed_field, field_serializer\n\nmcp")
    tool, = analyze(text, None, parse_override("fastmcp==4.2.3")).tools
    assert tool.output_schema is None
    assert [u.reason for u in tool.unknown] == [
        "a serializer decides what the model sends (`field_serializer('total')`): its output "
        "schema is not derived"]
    sdk, = analyze(text.replace("from fastmcp import", "from mcp.server.fastmcp import"), None,
                   parse_override("mcp==1.30.0")).tools
    assert sdk.output_schema is not None and not sdk.unknown


@pytest.mark.parametrize(("pydantic", "text"), [
    ("2.14.4", {"type": "string"}),
    ("2.12.5", {"pattern": r"^(?!^[-+.]*$)[+-]?0*\d*\.?\d*$", "type": "string"})])
def test_a_decimal_as_received_and_as_sent(pydantic: str, text: dict[str, Any]) -> None:
    inputs, outputs = _schemas("fastmcp", f"fastmcp==4.2.3,pydantic=={pydantic}")
    assert inputs["properties"]["amount"] == {"anyOf": [{"type": "number"}, text]}
    assert outputs["properties"]["total"] == text


def test_constraints_on_a_decimal_are_reported() -> None:
    text = _SERVER.format(module="fastmcp").replace(
        "total: decimal.Decimal", "total: decimal.Decimal = Field(ge=1)")
    tool, = analyze(text, None, parse_override("fastmcp==4.2.3")).tools
    assert tool.output_schema is None
    assert [u.reason for u in tool.unknown] == ["constraints on a `Decimal` are not derived"]
