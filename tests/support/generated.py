"""Tool-schema documents the project generates itself, for the default suite's own-data versions
of what the shared layer checks on third-party data (the corpus snapshot, CLI/server parity,
safe-fix equivalence, the incremental re-lint of a big tool list).

One grammar, two sources of choices: ``random.Random`` with a fixed seed (a reproducible corpus
and big document) or Hypothesis' ``draw`` (shrinkable examples), through ``Chooser``. The grammar
covers what the rules look at: boolean subschemas, type arrays, combinators at the root and
inside, local ``$ref`` with ``$defs``, ``$schema``, ``const``, non-string enums, open maps,
arrays without items, objects without properties, undeclared required names, odd tool names.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import yaml

T = TypeVar("T")

WORDS = ("city", "query", "limit", "path", "mode", "tags", "payload", "unit", "id", "when")
SCALARS = ("string", "integer", "number", "boolean", "null")
FORMATS = ("date-time", "uri", "email", "uuid")


class Chooser:
    """Choices from a seeded ``random.Random`` or from Hypothesis' ``draw``."""

    def __init__(self, rng: random.Random | None = None,
                 draw: Callable[[Any], Any] | None = None) -> None:
        self.rng = rng
        self.draw = draw

    def integer(self, low: int, high: int) -> int:
        if self.draw is not None:
            from hypothesis import strategies as st

            return int(self.draw(st.integers(low, high)))
        assert self.rng is not None
        return self.rng.randint(low, high)

    def pick(self, options: Sequence[T]) -> T:
        return options[self.integer(0, len(options) - 1)]

    def chance(self, percent: int) -> bool:
        return self.integer(0, 99) < percent

    def subset(self, options: Sequence[T], most: int) -> list[T]:
        return [o for o in options if self.chance(50)][:most]


def scalar_schema(c: Chooser) -> dict[str, Any]:
    kind = c.pick(SCALARS[:4])
    schema: dict[str, Any] = {"type": kind}
    if c.chance(40):
        schema["description"] = f"the {c.pick(WORDS)}"
    if kind == "string":
        if c.chance(25):
            schema["enum"] = c.subset(["a", "b", "c", "d"], 3) or ["a"]
        elif c.chance(20):
            schema["format"] = c.pick(FORMATS)
        elif c.chance(20):
            schema["minLength"] = c.integer(0, 3)
            schema["maxLength"] = c.integer(3, 8)
        elif c.chance(15):
            schema["pattern"] = c.pick(["^[a-z]+$", "^\\d{4}$", "x"])
        elif c.chance(3):
            schema["minLength"] = "3"  # invalid-schema
    elif kind in ("integer", "number"):
        if c.chance(40):
            schema["minimum"] = c.integer(-2, 1)
        if c.chance(30):
            schema["maximum"] = c.integer(2, 5)
        if c.chance(15):
            schema["exclusiveMinimum"] = c.integer(-3, 0)
        if c.chance(10):
            schema["enum"] = [1, 2, 3]  # enum-non-string
    return schema


def schema(c: Chooser, depth: int, defs: list[str]) -> Any:
    """A subschema; ``defs`` names the ``$defs`` entries a local ``$ref`` may point at."""
    roll = c.integer(0, 99)
    if depth <= 0 or roll < 35:
        return scalar_schema(c)
    if roll < 40:
        return c.pick([True, False, True])  # boolean-schema
    if roll < 47:
        kinds = c.subset(list(SCALARS), 3) or ["string"]
        out: dict[str, Any] = {"type": kinds if len(kinds) > 1 or c.chance(50) else kinds[0]}
        if c.chance(30) and "string" in kinds:
            out["minLength"] = 1
        return out  # type-union, list-as-text
    if roll < 62:
        return object_schema(c, depth - 1, defs)
    if roll < 72:
        out = {"type": "array"}
        if c.chance(75):
            out["items"] = schema(c, depth - 1, defs)  # else array-missing-items
        if c.chance(25):
            out["minItems"] = c.integer(0, 2)
        if c.chance(15):
            out["uniqueItems"] = True
        return out
    if roll < 82:
        keyword = c.pick(["anyOf", "oneOf", "allOf"])
        branches = [schema(c, depth - 1, defs) for _ in range(c.integer(1, 3))]
        out = {keyword: branches}
        if c.chance(20):
            out["type"] = c.pick(["object", "string"])  # type-with-anyof
        return out
    if roll < 87 and defs:
        return {"$ref": f"#/$defs/{c.pick(defs)}"}  # local-ref
    if roll < 90:
        return {"const": c.pick(["fixed", 3, None])}  # const-keyword
    if roll < 94:
        return {"type": "object", "additionalProperties": c.pick([True, scalar_schema(c)])}
    if roll < 97:
        return {"description": "anything"}  # untyped-schema
    return {"not": scalar_schema(c)}


def object_schema(c: Chooser, depth: int, defs: list[str], *, least: int = 0) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "object"}
    names = [w for w in WORDS if c.chance(30)][:5]
    while len(names) < least:
        names.append(WORDS[len(names)])
    if names or c.chance(70):
        out["properties"] = {n: schema(c, depth, defs) for n in names}  # else
        # object-missing-properties
    if names and c.chance(60):
        out["required"] = c.subset(names, 3)
        if c.chance(10):
            out["required"].append("undeclared")  # required-undeclared
    if c.chance(25):
        out["additionalProperties"] = c.pick([False, True])
    return out


def input_schema(c: Chooser, depth: int = 3) -> Any:
    defs = [f"D{i}" for i in range(c.integer(0, 2))] if c.chance(20) else []
    roll = c.integer(0, 99)
    if roll < 75:
        root: Any = object_schema(c, depth, defs, least=1 if c.chance(80) else 0)
    elif roll < 82:
        root = {c.pick(["anyOf", "oneOf", "allOf"]): [object_schema(c, depth - 1, defs)
                                                      for _ in range(c.integer(1, 2))]}
    elif roll < 88:
        root = {"type": ["object", "null"], "properties": {"q": scalar_schema(c)}}
    elif roll < 93:
        root = {"properties": {"q": scalar_schema(c)}}  # no type at the root
    else:
        root = schema(c, depth, defs)
    if isinstance(root, dict) and defs:
        root["$defs"] = {d: scalar_schema(c) if c.chance(70) else object_schema(c, 1, [])
                         for d in defs}
    if isinstance(root, dict) and c.chance(8):
        root = {"$schema": c.pick(["https://json-schema.org/draft/2020-12/schema",
                                   "http://json-schema.org/draft-07/schema#"]), **root}
    return root


def tool(c: Chooser, index: int, *, plain_root: bool = False) -> dict[str, Any]:
    name = c.pick([f"get_{WORDS[index % len(WORDS)]}_{index}", f"tool{index}", f"ns.tool {index}"]
                  if c.chance(10) else [f"tool_{index}"])
    out: dict[str, Any] = {"name": name, "description": f"Tool number {index}."}
    out["inputSchema"] = object_schema(c, 3, [], least=1) if plain_root else input_schema(c)
    if c.chance(35):
        out["outputSchema"] = input_schema(c, 2) if c.chance(85) else schema(c, 2, [])
    return out


SHAPES = ("tools/list", "one tool", "json-rpc", "tool array", "openai", "anthropic", "gemini")


def document(c: Chooser, tools: int | None = None) -> Any:
    items = [tool(c, i) for i in range(tools if tools is not None else c.integer(1, 4))]
    shape = c.pick(SHAPES)
    if shape == "tools/list":
        return {"tools": items}
    if shape == "one tool":
        return items[0]
    if shape == "json-rpc":
        return {"jsonrpc": "2.0", "id": 1, "result": {"tools": items}}
    if shape == "tool array":
        return items
    if shape == "openai":
        return [{"type": "function", "function": {"name": t["name"], "description": t[
            "description"], "parameters": t["inputSchema"]}} for t in items]
    if shape == "anthropic":
        return [{"name": t["name"], "description": t["description"],
                 "input_schema": t["inputSchema"]} for t in items]
    return {"functionDeclarations": [{"name": t["name"], "parameters": t["inputSchema"]}
                                     for t in items]}


def render(value: Any, fmt: str, style: int = 0) -> str:
    """JSON (indented, or on one line) or YAML (block style, flow style, or — style 2 — both:
    block collections whose innermost ones are flow, as PyYAML writes by default)."""
    if fmt == "json":
        return json.dumps(value, indent=2 if style == 0 else None, ensure_ascii=False) + "\n"
    return str(yaml.safe_dump(value, sort_keys=False, allow_unicode=True,
                              default_flow_style=None if style == 2 else style != 0, width=100))


def damage(c: Chooser, text: str, fmt: str) -> str:
    """What hand-edited files hold: a repeated key, a YAML tag, a trailing comma."""
    roll = c.integer(0, 2)
    if roll == 0 and fmt == "json" and '"type": "' in text:
        at = text.index('"type": "')
        return text[:at] + '"type": "string", ' + text[at:]  # duplicate-key
    if roll == 1 and fmt == "yaml":
        return text.replace("description: ", "description: !Sub ", 1)  # yaml-tag
    if fmt == "json":
        return text.replace("}", "},", 1) if text.count("}") > 1 else text  # parse-error
    return text + "bad: [unclosed\n"  # parse-error


def corpus(seed: int = 20, count: int = 90) -> dict[str, str]:
    """A reproducible corpus: file name -> text, JSON and YAML in both layouts, a few damaged."""
    rng = random.Random(seed)
    out: dict[str, str] = {}
    for i in range(count):
        c = Chooser(rng)
        fmt = c.pick(["json", "json", "yaml"])
        suffix = ".json" if fmt == "json" else c.pick([".yaml", ".yml"])
        text = render(document(c), fmt, c.integer(0, 3) // 3)
        out[f"doc{i:03}{suffix}"] = damage(c, text, fmt) if c.chance(8) else text
    return out


def large_tool_list(count: int = 640, seed: int = 7) -> str:
    """One big ``tools/list`` result, indented JSON (the shape of a real server's list): every
    input root an object with properties, so edits can be made at a known place."""
    c = Chooser(random.Random(seed))
    return render({"tools": [tool(c, i, plain_root=True) for i in range(count)]}, "json")
