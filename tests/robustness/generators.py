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


# ---- hostile classes (issue 21): what an attacker or a broken environment hands portlint ------

ODD_CHARACTERS = ["\x1b[31m", "\r\n", "\u202e", "\u2028", "\x00", "%", "#", "?", " ", "é",
                  "日本", "😀", "\\", '"', "'", "/", "~", ":"]

# one level of nesting each: (prefix, suffix) around the level below, in JSON
_LEVELS = [
    ('{"anyOf": [', "]}"),
    ('{"type": "object", "properties": {"a": ', "}}"),
    ('{"type": ["object", "null"], "properties": {"a": ', "}}"),
    ('{"items": ', "}"),
    ('{"a": 1, "a": ', "}"),  # a repeated key at every level
    ('{"$ref": "#", "allOf": [', "]}"),
    ('{"oneOf": [{"type": "string"}, ', "]}"),
    ('{"not": ', "}"),
    ('[', "]"),
]


def odd_name(rng: random.Random) -> str:
    letters = [*ODD_CHARACTERS, "a", "b", "_"]
    return "".join(rng.choice(letters) for _ in range(rng.randint(1, 8)))


def deep_document(rng: random.Random, depth: int) -> str:
    """A tool whose input schema nests ``depth`` levels of one or two alternating shapes."""
    shapes = [rng.choice(_LEVELS) for _ in range(rng.randint(1, 2))]
    prefix = "".join(shapes[i % len(shapes)][0] for i in range(depth))
    suffix = "".join(shapes[i % len(shapes)][1] for i in reversed(range(depth)))
    bottom = rng.choice(["true", "false", "{}", '{"type": "string"}', "1", "[]"])
    return ('{"name": "t", "inputSchema": {"type": "object", "properties": {"a": '
            + prefix + bottom + suffix + "}}}")


def long_literal_document(rng: random.Random, fmt: str) -> str:
    """A tool with integer literals longer than int() converts, where rules read numbers."""
    digits = "".join(rng.choice("0123456789") for _ in range(rng.randint(4300, 12000)))
    literal = rng.choice(["", "-"]) + rng.choice("123456789") + digits
    if fmt == "yaml":
        other = rng.choice([literal, "0x" + "f" * rng.randint(3600, 9000), "0o" + "7" * 5000])
        return (f"name: t\ninputSchema:\n  type: object\n  properties:\n    n:\n"
                f"      type: integer\n      maximum: {literal}\n      enum: [{other}, 1]\n"
                f"      const: {literal}\n      minLength: {other}\n      default: {literal}\n")
    return ('{"name": "t", "inputSchema": {"type": "object", "properties": {"n": '
            f'{{"type": "integer", "maximum": {literal}, "enum": [{literal}, 1], '
            f'"const": {literal}, "minLength": {literal}, "multipleOf": {literal}}}}}}}}}')


def odd_names_document(rng: random.Random) -> str:
    """Tools and properties named with control, bidirectional and reserved characters."""
    tools = [{"name": odd_name(rng), "description": odd_name(rng), "inputSchema": {
        "type": "object", "properties": {odd_name(rng): rng.choice([True, {}, {"type": ["a"]}])
                                         for _ in range(3)}}} for _ in range(3)]
    return json.dumps({"tools": tools}, ensure_ascii=rng.random() < 0.5)


def hostile_texts(rng: random.Random, max_depth: int) -> list[tuple[str, str]]:
    """(file name, text) of each hostile class, drawn with ``rng``."""
    fmt = rng.choice(["json", "yaml"])
    return [
        ("deep.json", deep_document(rng, rng.randint(max_depth // 2, max_depth))),
        (f"long.{fmt}", long_literal_document(rng, fmt)),
        ("odd.json", odd_names_document(rng)),
    ]


def hostile_tree(root: Any, rng: random.Random) -> dict[str, str]:
    """Fill folder ``root`` with what a hostile environment holds: named pipes, links to devices,
    to nowhere and to themselves, files and folders nobody may read, odd and over-long names,
    sparse files larger than the limit — among ordinary tool files. Returns what portlint must
    say about each hostile path it is handed ("unreadable" or "skipped"), by relative path."""
    import os
    from pathlib import Path

    root = Path(root)
    expected: dict[str, str] = {}
    good = '{"name": "t", "inputSchema": {"type": "object", "properties": {"a": true}}}'
    for i in range(rng.randint(1, 3)):
        (root / f"ok{i}.json").write_text(good)
    if rng.random() < 0.7:
        os.mkfifo(root / "pipe.tools.json")
        expected["pipe.tools.json"] = "unreadable"
    if rng.random() < 0.7:
        os.mkfifo(root / "pipe.json")
        expected["pipe.json"] = "skipped"
    if rng.random() < 0.7:
        (root / "zero.json").symlink_to("/dev/zero")
        expected["zero.json"] = "skipped"
    if rng.random() < 0.7:
        (root / "self.json").symlink_to("self.json")
        expected["self.json"] = "unreadable"
    if rng.random() < 0.5:
        name = "x" * (255 - len(".tools.json")) + ".tools.json"
        (root / name).write_text('{"tools": [')
    if rng.random() < 0.7:
        odd = odd_name(rng).replace("/", "_").replace("\x00", "_") + ".json"
        (root / odd).write_text(good)
    if rng.random() < 0.5:
        with open(root / "huge.tools.json", "wb") as handle:
            handle.truncate(64 * 1024 * 1024)
    if rng.random() < 0.5:
        locked = root / "locked"
        locked.mkdir()
        (locked / "tools.json").write_text(good)
        locked.chmod(0)
        expected["locked"] = "unreadable"
    if rng.random() < 0.5:
        secret = root / "secret.json"
        secret.write_text(good)
        secret.chmod(0)
        expected["secret.json"] = "unreadable"
    return expected
