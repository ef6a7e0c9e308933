"""The derived schemas equal what Pydantic 2.14.4 and the four frameworks really generate
(dict equality), for every declaration of the catalog and every measured tool; what cannot be
derived is reported as unknown, never guessed."""

from __future__ import annotations

import ast
from typing import Any

import pytest

from portlint.python.analysis import analyze
from portlint.python.environment import parse_override
from portlint.python.model_index import ModuleIndex
from portlint.python.names import Names
from portlint.python.positions import SourcePositions
from portlint.python.pydantic_schema import Generator, Unknown
from portlint.python.spans import SpanTable
from tests.python.oracle import CATALOG, PREAMBLE, TOOLS, tool_module

pytestmark = pytest.mark.shared_data  # the catalogs are measured data outside the repository

# Declarations portlint does not derive; each is reported as unknown (with its reason).
NOT_DERIVED = {
    "callable": "a callable has no JSON Schema",  # Pydantic itself refuses it
    "withjsonschema-bool": "`WithJsonSchema` with a value that is not a dict literal",
    "generic-model": "the generic model",
    "json-schema-extra-callable": "a `json_schema_extra` that is not a dict literal",
}


def _derive(record: dict[str, Any]) -> tuple[Any, Generator]:
    code = PREAMBLE + "\n" + record["python"]
    tree = ast.parse(code)
    names = Names(tree)
    index = ModuleIndex(tree, names)
    generator = Generator(index, names, SourcePositions(code), SpanTable())
    target = record["target"]
    if target in index.classes:
        return generator.model_schema(index.classes[target]), generator
    return generator.type_adapter_schema(index.aliases[target]), generator


@pytest.mark.parametrize("record", CATALOG, ids=[r["id"] for r in CATALOG])
def test_catalog_declaration(record: dict[str, Any]) -> None:
    if record["id"] in NOT_DERIVED:
        with pytest.raises(Unknown) as unknown:
            _derive(record)
        assert NOT_DERIVED[record["id"]] in unknown.value.reason
        return
    derived, generator = _derive(record)
    assert derived == record["schema"]
    hidden = "hidden-constraint" in record["rules"]
    assert bool(generator.hidden) == hidden, [h.what for h in generator.hidden]


CASES = [(framework, name) for framework, data in TOOLS["frameworks"].items()
         for name in data["tools"]]


@pytest.mark.parametrize(("framework", "name"), CASES, ids=[f"{f}-{n}" for f, n in CASES])
def test_framework_tool(framework: str, name: str) -> None:
    want = TOOLS["frameworks"][framework]["tools"][name]
    analysis = analyze(tool_module(framework), framework=parse_override(framework))
    tool = next(t for t in analysis.tools if t.name == name)
    if "error" in want:  # the framework refuses the tool: reported, not guessed
        assert tool.input_schema is None
        assert "fails to register" in tool.unknown[0].reason
        return
    assert not tool.unknown
    assert tool.input_schema == want["inputSchema"]
    assert tool.output_schema == want.get("outputSchema")
    assert tool.description == want.get("description")
