"""Zod 4's ``.check(...)`` (and ``.with(...)``) in a server file: a check object becomes the
keyword its method would write (the oracle's ``zod4-check`` and ``v2-checks`` cases hold the
derivations to real Zod), a function or ``z.refine`` is a hidden constraint at its expression,
and a check portlint does not derive, or one on a schema it was not made for, is unknown-schema
at the check — never a schema without it."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.support.typescript_project import findings, server_file

from portlint.typescript.reader import analyze

HEADER = """import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
const server = new McpServer({ name: "t", version: "1" });
"""


def tool(field: str) -> str:
    return HEADER + f'server.tool("t", {{ f: {field} }}, async () => ({{ content: [] }}));\n'


@pytest.mark.parametrize(("field", "expected"), [
    ("z.string().check(z.minLength(2), z.maxLength(20))",
     {"type": "string", "minLength": 2, "maxLength": 20}),
    ("z.number().with(z.gt(0), z.lte(5, 'too big'))",
     {"type": "number", "exclusiveMinimum": 0, "maximum": 5}),
    ("z.array(z.string()).check(z.length(2))",
     {"type": "array", "items": {"type": "string"}, "minItems": 2, "maxItems": 2}),
    ("z.string().check(z.includes('a', { position: 1, abort: true }))",
     {"type": "string", "format": "includes", "pattern": "^.{1,}a"}),
])
def test_a_check_object_writes_the_keyword_its_method_writes(tmp_path: Path, field: str,
                                                             expected: object) -> None:
    path = server_file(tmp_path)
    text = tool(field)
    path.write_text(text)
    [found] = analyze(text, path).tools
    assert found.unknown == []
    assert found.entry is not None
    assert found.entry["inputSchema"]["properties"]["f"] == expected


def test_a_function_and_a_refine_check_are_hidden_constraints_at_their_expressions(
        tmp_path: Path) -> None:
    path = server_file(tmp_path)
    text = tool("z.string().check(z.minLength(1), (ctx) => {}, z.refine((s) => s !== 'x'))")
    found = findings(path, text)
    hidden = [(r, s, t) for r, s, t, _ in found if r == "hidden-constraint"]
    assert hidden == [
        ("hidden-constraint", "information",
         "z.string().check(z.minLength(1), (ctx) => {}, z.refine((s) => s !== 'x'))"),
        ("hidden-constraint", "information", "z.refine((s) => s !== 'x')"),
    ]
    assert not [f for f in found if f[0] == "unknown-schema"]


def test_a_trim_check_is_a_hidden_constraint_at_the_check(tmp_path: Path) -> None:
    path = server_file(tmp_path)
    text = tool("z.string().check(z.trim())")
    found = findings(path, text)
    assert [(r, s, t) for r, s, t, _ in found] == [
        ("hidden-constraint", "information", "z.trim()")]


@pytest.mark.parametrize(("field", "at", "reason"), [
    # a length check on a number: Zod would write `minimum`; portlint does not guess at it
    ("z.number().check(z.minLength(2))", "z.minLength(2)", "`z.minLength()` checks a Zod number"),
    ("z.string().check(z.maxSize(3))", "z.maxSize(3)", "`z.maxSize()` as a check"),
    ("z.string().check(z.regex(/a/, { pattern: /b/ }))", "{ pattern: /b/ }",
     "the options of `z.regex()`"),
    ("z.string().check(z.string())", "z.string()", "not a Zod check"),
    ("z.string().check(z.minLength(n))", "n", "the argument of `z.minLength()` is not a number"),
])
def test_a_check_portlint_does_not_derive_is_unknown_schema_at_it(
        tmp_path: Path, field: str, at: str, reason: str) -> None:
    path = server_file(tmp_path)
    text = tool(field)
    found = findings(path, text)
    [unknown] = [f for f in found if f[0] == "unknown-schema"]
    assert unknown[1] == "information"
    assert unknown[2] == at
    assert reason in unknown[3]
    [derived] = analyze(text, path).tools
    assert derived.entry is None


def test_zod_3_has_no_check_method(tmp_path: Path) -> None:
    path = server_file(tmp_path, zod="3.25.76")
    text = tool("z.string().check((ctx) => {})")
    found = findings(path, text)
    assert [(r, t) for r, _, t, _ in found] == [
        ("unknown-schema", "z.string().check((ctx) => {})")]
    assert "Zod 4's" in found[0][3]


def test_a_construct_zod_4_cannot_write_fails_the_whole_list_where_it_is_written(
        tmp_path: Path) -> None:
    """Recorded: `zod4-unrepresentable`, `v2-date`, `zod4-literal-undefined` and
    `zod4-output-transform` list no tool at all (the oracle's error recordings)."""
    path = server_file(tmp_path)
    text = HEADER + ('server.tool("fine", { a: z.string() }, async () => ({ content: [] }));\n'
                     'server.tool("since", { when: z.date() }, async () => ({ content: [] }));\n')
    assert findings(path, text) == [(
        "server-list-fails", "error", "z.date()",
        "Tool `since` makes the server's whole tools/list fail: Zod 4 cannot represent "
        "`z.date()` in JSON Schema (it throws \"Date cannot be represented in JSON Schema\"), "
        "so every client gets that error and no tool at all.")]


def test_a_transform_fails_the_list_in_an_output_schema_only(tmp_path: Path) -> None:
    """An input schema is written for what the tool accepts: the transform's input type
    (recorded in `zod4-transform`); an output schema has no type for what it produces."""
    path = server_file(tmp_path)
    field = "z.string().transform((s) => s.length)"
    assert findings(path, tool(field)) == [
        ("hidden-constraint", "information", field, "`.transform()` changes the value after "
         "it is checked; the schema shows only what it accepts.")]
    text = HEADER + ('server.registerTool("n", { inputSchema: { a: z.string() }, '
                     f'outputSchema: {{ n: {field} }} }}, async () => ({{ content: [] }}));\n')
    assert [(rule, severity, where) for rule, severity, where, _ in findings(path, text)] == [
        ("hidden-constraint", "information", field), ("server-list-fails", "error", field)]
