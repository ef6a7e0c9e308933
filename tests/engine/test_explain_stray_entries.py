"""`portlint explain` counts a tools/list index as the client does: over every entry of the
list, the ones that are no tool too. An error about an entry that is no tool is placed at that
entry, where tool-list-entry reports it; an error about a later tool is placed in that tool,
not in the one the count would reach if the strays were skipped."""

from __future__ import annotations

import json

from portlint.explain.explain import Source, explain
from portlint.readers import read_source

TOOLS = [{"name": "first", "inputSchema": {"type": "object", "properties": {}}},
         7,
         {"name": "third", "inputSchema": {"type": "object", "properties": {},
                                           "required": "q"}}]


def _zod(index: int, expected: str, received: str, *rest: str) -> str:
    path = json.dumps(["tools", index, *rest])
    return (f'$ZodError: [{{"expected": "{expected}", "code": "invalid_type", "path": {path}, '
            f'"message": "Invalid input: expected {expected}, received {received}"}}]')


def _source() -> Source:
    text = json.dumps({"tools": TOOLS}, indent=2)
    return Source("tools.json", text, read_source(text, "json"))


def test_an_error_about_a_stray_entry_is_placed_at_the_entry() -> None:
    (explanation,) = explain(_zod(1, "object", "number"), [_source()])
    (place,) = explanation.places
    assert place.path == ("tools", 1)
    assert [f.rule for f in place.findings] == ["tool-list-entry"]
    source = _source()
    assert source.text[place.span[0]:place.span[1]] == "7"


def test_an_index_past_a_stray_counts_the_stray() -> None:
    (explanation,) = explain(_zod(2, "array", "string", "inputSchema", "required"),
                             [_source()])
    assert {place.tool.name for place in explanation.places} == {"third"}
    assert all(place.path[:2] == ("tools", 2) for place in explanation.places)
