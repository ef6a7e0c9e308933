"""A module's own `zodToJsonSchema(schema, options)` calls (the `zod-to-json-schema` package a
low-level server converts its Zod 3 schemas with): the value each call makes, and what the
module reads of it.

The call is held as a marker object until a tool list needs its JSON, so the schema's findings
stay placed at its Zod expressions. Options read: none, or a ``name`` (a string, or an object
of only ``name``), which puts the schema under ``definitions`` and refers to it; any other
option is not read (the result is unknown). Reading a part of the result (`.properties`,
`.definitions[name]`, as @winor30/mcp-server-datadog 1.8.0's `pickRootObjectProperty` does)
converts it there and then; those parts are placed where the module reads them."""

from __future__ import annotations

from typing import Any

from portlint.python.spans import SpanTable
from portlint.source.located import Span
from portlint.typescript.values import Arr, Entry, Lit, Obj, Undefined, Unknown, Value
from portlint.typescript.zod import Unsupported, Z
from portlint.typescript.zod3_schema import to_json_schema

MARK = "~zodToJsonSchema"
NAME = "~name"


def conversion(schema: Z, span: Span, module: str, name: str | None = None) -> Obj:
    """What ``zodToJsonSchema(schema)`` (or with ``name``) makes, as a marker."""
    made = Obj(span, module, literal=False)
    made.set(Entry(MARK, span, schema))
    if name is not None:
        made.set(Entry(NAME, span, Lit(name, span, module)))
    return made


def is_conversion(value: Value) -> bool:
    return isinstance(value, Obj) and value.get(MARK) is not None


def options_name(options: Value) -> str | Unknown | None:
    """The ``name`` the options give (None: no name), or why they are not read."""
    if isinstance(options, Undefined):
        return None
    if isinstance(options, Lit) and isinstance(options.value, str):
        return options.value
    if isinstance(options, Obj) and options.literal:
        given = [e for e in options.entries() if not isinstance(e.value, Undefined)]
        if not given:
            return None
        if len(given) == 1 and given[0].key == "name" and isinstance(
                given[0].value, Lit) and isinstance(given[0].value.value, str):
            return given[0].value.value
        other = next(e for e in given if e.key != "name" or not isinstance(e.value, Lit))
        return Unknown(f"`zodToJsonSchema`'s option `{other.key}` as written here",
                       other.value.span, options.module)
    return Unknown("the options of `zodToJsonSchema` are not an object literal", options.span,
                   options.module)


def converted(marker: Obj, spans: SpanTable, foreign: dict[int, Span]) -> dict[str, Any]:
    """The JSON Schema the call returns (Unsupported: what it cannot be derived for)."""
    schema = marker.get(MARK)
    name = marker.get(NAME)
    assert isinstance(schema, Z)
    if schema.flavor.major >= 4:
        raise Unsupported("zod-to-json-schema does not read Zod 4 schemas", marker.span)
    return to_json_schema(schema, "all", spans, foreign, strict_unions=False,
                          name=str(name.value) if isinstance(name, Lit) else None)


def part(marker: Obj, key: str, foreign: dict[int, Span], span: Span, module: str) -> Value:
    """``zodToJsonSchema(...)[key]``: that part of the result, converted here (not of a literal
    the result is spread into beside other keys)."""
    if any(e.key not in (MARK, NAME) for e in marker.entries()):
        return Unknown(f"`.{key}` of an object a `zodToJsonSchema` result is spread into", span,
                       module)
    try:
        whole = converted(marker, SpanTable(), foreign)
    except Unsupported as error:
        return Unknown(error.reason, span, module)
    return json_value(whole[key], span, module) if key in whole else Undefined(span, module)


def json_value(data: Any, span: Span, module: str) -> Value:
    """JSON as the values the reader holds, each placed at ``span``."""
    if isinstance(data, dict):
        made = Obj(span, module, literal=False)
        for key, item in data.items():
            made.set(Entry(key, span, json_value(item, span, module)))
        return made
    if isinstance(data, list):
        return Arr([json_value(item, span, module) for item in data], span, module)
    return Lit(data, span, module)
