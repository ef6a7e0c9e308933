"""Hypothesis strategies for tool-schema documents, legal and not, and mutations of real text."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import strategies as st

KEYWORDS = [
    "type", "properties", "required", "items", "prefixItems", "additionalProperties",
    "patternProperties", "propertyNames", "enum", "const", "anyOf", "oneOf", "allOf", "not", "if",
    "then", "else", "$ref", "$defs", "definitions", "$schema", "$id", "description", "title",
    "default", "examples", "minLength", "maxItems", "minimum", "format", "pattern",
    "dependencies", "dependentSchemas", "dependentRequired", "unevaluatedProperties",
    "additionalItems", "contains", "uniqueItems", "nullable", "x-vendor",
]
TYPE_NAMES = ["object", "array", "string", "number", "integer", "boolean", "null", "dict", ""]
REFS = ["#", "#/$defs/A", "#/definitions/B", "#/properties/a", "https://example.com/s.json",
        "other.json#/x", "#/$defs/missing", ""]

scalars = (st.none() | st.booleans() | st.integers(-3, 3) | st.floats(-2, 2, allow_nan=False)
           | st.sampled_from(["", "a", "string", "object", "[\"a.png\"]", "é", "😀"]))
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(st.sampled_from(["a", "b", "type"]), inner,
                                             max_size=3), max_leaves=6)


def _schema_value(schemas: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.one_of(
        st.sampled_from(TYPE_NAMES),
        st.lists(st.sampled_from(TYPE_NAMES), max_size=3),
        st.dictionaries(st.sampled_from(["a", "b", "c", "$x"]), schemas, max_size=3),
        st.lists(schemas, max_size=3),
        st.lists(st.sampled_from(["a", "b", "c", 1]), max_size=3),
        st.sampled_from(REFS),
        schemas,
        json_values,
    )


schemas: st.SearchStrategy[Any] = st.deferred(lambda: st.one_of(
    st.booleans(),
    st.dictionaries(st.sampled_from(KEYWORDS), _schema_value(schemas), max_size=5),
))


@st.composite
def tool_documents(draw: st.DrawFn) -> Any:
    tools = []
    for i in range(draw(st.integers(1, 3))):
        tool: dict[str, Any] = {"name": draw(st.sampled_from([f"t{i}", "a.b c", ""])),
                                "inputSchema": draw(schemas)}
        if draw(st.booleans()):
            tool["outputSchema"] = draw(schemas)
        tools.append(tool)
    return draw(st.sampled_from([{"tools": tools}, tools[0], {"result": {"tools": tools}},
                                 [{"type": "function", "function": {
                                     "name": "f", "parameters": tools[0]["inputSchema"]}}]]))


def to_text(document: Any, fmt: str, indent: bool) -> str:
    if fmt == "json":
        return json.dumps(document, indent=2 if indent else None, ensure_ascii=False)
    import yaml

    return str(yaml.safe_dump(document, allow_unicode=True, default_flow_style=not indent,
                              sort_keys=False))


STRUCTURAL = set("{}[],:\"'\n-")


def mutations(text: str, rng: random.Random, count: int) -> list[str]:
    """Broken variants of ``text``: truncated at structural characters, a byte flipped, a quote
    or bracket deleted, a key duplicated."""
    out: list[str] = []
    boundaries = [i for i, c in enumerate(text) if c in STRUCTURAL]
    for _ in range(count):
        kind = rng.randrange(4)
        if kind == 0 and boundaries:
            out.append(text[:rng.choice(boundaries) + rng.randrange(2)])
        elif kind == 1 and text:
            i = rng.randrange(len(text))
            out.append(text[:i] + chr((ord(text[i]) ^ (1 << rng.randrange(7))) or 32) + text[i + 1:])
        elif kind == 2:
            marks = [i for i, c in enumerate(text) if c in "\"{}[]'"]
            if marks:
                i = rng.choice(marks)
                out.append(text[:i] + text[i + 1:])
        else:
            keys = [i for i in range(len(text)) if text.startswith('"type"', i)]
            if keys:
                i = rng.choice(keys)
                end = text.find(",", i)
                if end != -1:
                    out.append(text[:end + 1] + text[i:end + 1] + text[end + 1:])
    return out
