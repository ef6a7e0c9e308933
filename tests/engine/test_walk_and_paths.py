"""The walk's positions and the three path notations."""

from __future__ import annotations

import pytest

from portlint.linter import lint_text
from portlint.paths import display_path, json_pointer, parse_any_path
from portlint.walk import walk


def test_walk_order_keywords_and_skips() -> None:
    schema = {
        "type": "object",
        "properties": {"a": {"type": "string"}, "b": True},
        "dependencies": {"a": ["b"], "b": {"required": ["a"]}},
        "items": [{"type": "string"}, 3],
        "examples": [{"type": ["bad"]}],
        "x-vendor": {"properties": {"hidden": True}},
        "not": {},
    }
    got = [(p.path, p.keyword) for p in walk(schema)]
    assert got == [
        ((), None),
        (("properties", "a"), "properties"),
        (("properties", "b"), "properties"),
        (("dependencies", "b"), "dependencies"),
        (("items", 0), "items"),
        (("not",), "not"),
    ]


def test_walk_has_no_recursion_limit() -> None:
    depth = 20_000
    schema: dict[str, object] = {"type": "string"}
    for _ in range(depth):
        schema = {"type": "object", "properties": {"n": schema}}
    positions = walk(schema)
    assert len(positions) == depth + 1
    assert len(positions[-1].path) == 2 * depth


def test_deep_findings_are_not_dropped() -> None:
    depth = 10_000
    text = '{"$schema": "https://json-schema.org/draft/2020-12/schema", ' + (
        '"properties": {"n": {' * depth) + '"properties": {"x": true}' + "}}" * depth + "}"
    result = lint_text(text, "deep.json")
    assert [f.rule for f in result.findings] == ["boolean-schema"]
    assert result.findings[0].path.endswith(".properties.n.properties.x")
    assert text[result.findings[0].span[0]:result.findings[0].span[1]] == "true"


@pytest.mark.parametrize(("path", "shown"), [
    (("outputSchema", "properties", "data"), "outputSchema.properties.data"),
    (("properties", "a.b"), 'properties["a.b"]'),
    (("properties", "0"), 'properties["0"]'),
    (("anyOf", 1), "anyOf[1]"),
    (("$defs", "X"), "$defs.X"),
    (("properties", "with space", "items"), 'properties["with space"].items'),
    ((), ""),
])
def test_display_path(path: tuple[str | int, ...], shown: str) -> None:
    assert display_path(path) == shown


def test_pointer_escapes() -> None:
    assert json_pointer(("tools", 7, "a/b", "m~n")) == "/tools/7/a~1b/m~0n"
    assert json_pointer(()) == ""


@pytest.mark.parametrize("written", [
    '["tools",7,"outputSchema","properties","data"]',
    "/tools/7/outputSchema/properties/data",
    "#/tools/7/outputSchema/properties/data",
    "tools[7].outputSchema.properties.data",
    'tools[7]["outputSchema"].properties.data',
])
def test_parse_any_path(written: str) -> None:
    assert parse_any_path(written) == ("tools", 7, "outputSchema", "properties", "data")


def test_parse_quoted_segments() -> None:
    assert parse_any_path('properties["a.b"].anyOf[1]') == ("properties", "a.b", "anyOf", 1)
    assert parse_any_path("/a~1b/m~0n") == ("a/b", "m~n")
