"""declared-dialect: the keywords whose meaning changed block the safe fix, wherever they sit.

The rule looks the blockers up in the walk's keyword index before visiting any node; these
cases pin each blocker (and its near misses, which must not block) at the root and deep down."""

from __future__ import annotations

import json
from typing import Any

import pytest

from portlint.linter import lint_text
from portlint.model import Applicability, Severity
from portlint.settings import Settings

DRAFT_07 = "http://json-schema.org/draft-07/schema#"


def _lint_output(schema: dict[str, Any]) -> Any:
    document = {"tools": [{"name": "t", "inputSchema": {"type": "object", "properties": {}},
                           "outputSchema": {"$schema": DRAFT_07, **schema}}]}
    text = json.dumps(document)
    findings = [f for f in lint_text(text, "t.json", Settings(select=frozenset(
        {"declared-dialect"}))).findings if f.rule == "declared-dialect"]
    assert len(findings) == 1
    finding = findings[0]
    assert (finding.severity, finding.path) == (Severity.WARNING, "outputSchema")
    start = text.index(json.dumps(DRAFT_07))
    assert finding.span == (start, start + len(json.dumps(DRAFT_07)))
    return finding


def _deep(schema: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "properties": {"a": {"type": "object", "properties": {
        "b": schema}}}}


BLOCKERS = [
    ({"type": "array", "items": [{"type": "string"}]}, "the array form of `items`"),
    ({"type": "array", "additionalItems": False}, "`additionalItems`"),
    ({"type": "object", "dependencies": {"a": ["b"]}}, "`dependencies`"),
    ({"$recursiveRef": "#"}, "`$recursiveRef`"),
    ({"id": "x", "type": "string"}, "`id`"),
    ({"$ref": "#/definitions/x", "description": "d"}, "a `$ref` with sibling keywords"),
    ({"type": "number", "exclusiveMinimum": True, "minimum": 0},
     "a boolean `exclusiveMinimum`"),
    ({"type": "number", "exclusiveMaximum": False, "maximum": 9},
     "a boolean `exclusiveMaximum`"),
]

NOT_BLOCKERS = [
    {"type": "array", "items": {"type": "string"}},
    {"type": "object", "properties": {"r": {"$ref": "#/definitions/x"}}},  # alone in its node
    {"type": "number", "exclusiveMinimum": 0},
    {"type": "string", "description": "id"},
]


@pytest.mark.parametrize(("schema", "named"), BLOCKERS)
@pytest.mark.parametrize("where", ["root", "deep"])
def test_a_blocker_keeps_the_fix_back_and_is_named(schema: dict[str, Any], named: str,
                                                   where: str) -> None:
    finding = _lint_output(schema if where == "root" else _deep(schema))
    assert f"it uses {named}, whose meaning differs" in finding.suggestion
    assert finding.fixes == ()


@pytest.mark.parametrize("schema", NOT_BLOCKERS)
@pytest.mark.parametrize("where", ["root", "deep"])
def test_without_a_blocker_the_declaration_is_removed_safely(schema: dict[str, Any],
                                                             where: str) -> None:
    finding = _lint_output(schema if where == "root" else _deep(schema))
    assert [fix.applicability for fix in finding.fixes] == [Applicability.SAFE]
    assert finding.suggestion.startswith("Remove `$schema`; MCP already reads")


def test_the_first_blocker_in_document_order_is_named() -> None:
    schema = {"type": "object", "properties": {
        "a": {"type": "number", "exclusiveMinimum": True},
        "b": {"type": "array", "items": [{"type": "string"}]}}}
    finding = _lint_output(schema)
    assert "it uses a boolean `exclusiveMinimum`" in finding.suggestion
