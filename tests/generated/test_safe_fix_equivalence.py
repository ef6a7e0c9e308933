"""Safe means same contract, on schemas and instances the project generates: the default suite's
counterpart of ``tests/engine/test_fix_equivalence.py`` (the JSON-Schema-Test-Suite).

Hypothesis draws a schema from the grammar of ``tests/support/generated.py`` (boolean
subschemas, type arrays, combinators, ``$ref`` into ``$defs``, ``const``, ``$schema``, arrays
without items, ...), writes it as JSON or YAML, as a bare schema or a tool's input schema, and
applies every safe fix until none is left (none may be left over), under every profile. The
fixed schema must accept exactly the instances the original accepts, among instances drawn to
fit the schema (each branch of a combinator, each declared property, enum members and constants)
and random JSON values.
Only examples where a fix applied count, so the test cannot pass by fixing nothing.
"""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import yaml
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from portlint.fixer import fix_all
from portlint.linter import LintResult, lint_text
from portlint.report.summary import has_safe_fix
from portlint.settings import Settings
from tests.support.generated import Chooser, input_schema, render

ALL = Settings(targets=("all",))
STRINGS = ("", "a", "b", "abc", "1234", "2024-01-01T00:00:00Z", "x@example.com", "fixed")


def instance(c: Chooser, schema: Any, root: Any, depth: int = 4) -> Any:
    """A value meant to meet ``schema`` (often it does, sometimes just not)."""
    if depth <= 0 or schema is True or schema is False or not isinstance(schema, dict) or \
            c.chance(12):
        return c.pick([None, True, 0, 2, -1, 1.5, "a", "", [], {}, ["a"], {"q": "a"}])
    if "$ref" in schema:
        target = schema["$ref"].rsplit("/", 1)[-1]
        return instance(c, root.get("$defs", {}).get(target, {}), root, depth - 1)
    if "const" in schema and c.chance(70):
        return schema["const"]
    if "enum" in schema and c.chance(80):
        return c.pick(schema["enum"])
    for keyword in ("anyOf", "oneOf", "allOf"):
        if schema.get(keyword) and c.chance(85):
            return instance(c, c.pick(schema[keyword]), root, depth - 1)
    kinds = schema.get("type", c.pick(["object", "string", "integer", "array", "null"]))
    kind = c.pick(kinds) if isinstance(kinds, list) and kinds else kinds
    if kind == "object":
        out = {}
        for name, sub in (schema.get("properties") or {}).items():
            if name in schema.get("required", []) or c.chance(60):
                out[name] = instance(c, sub, root, depth - 1)
        if c.chance(15):
            out["extra"] = c.pick(["a", 1, None])
        return out
    if kind == "array":
        return [instance(c, schema.get("items", {}), root, depth - 1)
                for _ in range(c.integer(0, 3))]
    if kind == "string":
        return c.pick(STRINGS)
    if kind in ("integer", "number"):
        return c.pick([-3, -1, 0, 1, 2, 3, 5, 2.5] if kind == "number" else [-3, -1, 0, 1, 2, 5])
    if kind == "boolean":
        return c.pick([True, False])
    return None


def _validator(schema: Any) -> type:
    if isinstance(schema, dict) and "draft-07" in str(schema.get("$schema", "")):
        return jsonschema.Draft7Validator
    return jsonschema.Draft202012Validator


def _verdicts(validator: type, schema: Any, instances: list[Any]) -> list[bool | str]:
    out: list[bool | str] = []
    for value in instances:
        try:
            out.append(validator(schema).is_valid(value))
        except Exception as exc:  # an unresolvable reference, say: must stay the same
            out.append(type(exc).__name__)
    return out


def _source_problems(result: LintResult) -> list[str]:
    return [f"{f.rule} {f.path}" for f in result.findings
            if f.rule in ("duplicate-key", "parse-error")]


def _load(text: str, fmt: str) -> Any:
    return json.loads(text) if fmt == "json" else yaml.safe_load(text)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.filter_too_much,
                                                                  HealthCheck.too_slow])
@given(data=st.data(), fmt=st.sampled_from(["json", "yaml"]), as_tool=st.booleans(),
       style=st.sampled_from([0, 1, 2]))
def test_safe_fixes_keep_the_set_of_valid_instances(data: st.DataObject, fmt: str,
                                                    as_tool: bool, style: int) -> None:
    c = Chooser(draw=data.draw)
    schema = input_schema(c)
    document = {"name": "t", "inputSchema": schema} if as_tool else schema
    text = render(document, fmt, style)
    assume(_load(text, fmt) == document)
    name = f"t.{fmt}"
    outcome = fix_all(text, lambda t: lint_text(t, name, ALL, assume_schema=not as_tool))
    assume(outcome.applied > 0)
    # the text stays well formed: no key written twice by fixes that each add it (a loader
    # keeping the last one would hide that from the verdicts below)
    assert _source_problems(outcome.result) == [], f"{text}\n--- fixed ---\n{outcome.text}"
    # and every fix was applied: none that was offered was dropped (a pass whose text would not
    # parse stops fixing)
    assert [f.rule for f in outcome.result.findings if has_safe_fix(f)] == [], (
        f"{text}\n--- fixed ---\n{outcome.text}")
    fixed_document = _load(outcome.text, fmt)
    fixed = fixed_document["inputSchema"] if as_tool else fixed_document
    instances = [instance(c, schema, schema) for _ in range(12)]
    validator = _validator(schema)
    assert _verdicts(validator, fixed, instances) == _verdicts(validator, schema, instances), (
        f"{text}\n--- fixed ---\n{outcome.text}")
