"""Recursive and registered Zod 4 schemas: Zod moves a schema that reaches itself (through
``z.lazy`` or a getter of its own shape) or one registered with an ``id`` into ``definitions``
and refers to it with ``$ref``. The derivations themselves are held to real Zod by the oracle
(``zod4-definitions``, ``v2-definitions``, ``fastmcp-definitions``, ``lazy-schemas``,
``object-getters``) and the differential test; here: what portlint cannot know says so at the
expression, never a wrong schema; a list Zod refuses is ``server-list-fails``; findings inside
a definition are placed at the source that makes them."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.support.typescript_project import findings, server_file

from portlint.typescript.reader import analyze

HEADER = """import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
const server = new McpServer({ name: "t", version: "1" });
"""
NOT_DERIVED = ("a schema named in a getter of its own shape or in its `z.lazy` function (a "
               "recursive schema) is not derived")


def registered(declarations: str, field: str) -> str:
    return (HEADER + declarations + "\n"
            + f'server.registerTool("t", {{ inputSchema: {{ f: {field} }} }}, '
            "async () => ({ content: [] }));\n")


def derived(tmp_path: Path, text: str, zod: str = "4.6.7") -> object:
    path = server_file(tmp_path, zod)
    path.write_text(text)
    [tool] = analyze(text, path).tools
    assert tool.unknown == []
    assert tool.entry is not None
    return tool.entry["inputSchema"]


def test_a_getter_naming_its_own_object_is_a_definition(tmp_path: Path) -> None:
    text = registered("const Node = z.object({ name: z.string(), "
                      "get children() { return z.array(Node).optional(); } });", "Node")
    node = {"type": "object", "properties": {
        "name": {"type": "string"},
        "children": {"type": "array", "items": {"$ref": "#/definitions/__schema0"}}},
        "required": ["name"]}
    assert derived(tmp_path, text) == {
        "$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
        "properties": {"f": {"$ref": "#/definitions/__schema0"}}, "required": ["f"],
        "definitions": {"__schema0": node}}


def test_a_lazy_schema_with_metadata_names_the_declared_schema(tmp_path: Path) -> None:
    # the function runs after `Tree` holds the schema `.meta()` made: the definition is that
    # one, under its id; the optional field refers to it through `allOf` (draft-07 puts no
    # other keyword beside `$ref`)
    text = registered("const Tree: z.ZodType<any> = z.lazy(() => z.object({ kids: "
                      "z.array(Tree) })).meta({ id: \"Tree\" });", "Tree.optional()")
    assert derived(tmp_path, text) == {
        "$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
        "properties": {"f": {"allOf": [{"$ref": "#/definitions/Tree"}]}},
        "definitions": {"Tree": {"type": "object", "properties": {
            "kids": {"type": "array", "items": {"$ref": "#/definitions/Tree"}}},
            "required": ["kids"]}}}


@pytest.mark.parametrize(("declarations", "field", "at", "why"), [
    ("const Picky = z.object({ a: z.string(), get b() { return Picky.pick({ a: true }); } });",
     "Picky", "Picky.pick({ a: true })", "it calls `.pick()` on it before it has a value"),
    ("const Keyed = z.object({ get r() { return z.record(Keyed, z.string()); } });", "Keyed",
     "Keyed", "it gives it to `z.record()`, which reads it before it has a value"),
    ("const D = z.object({ t: z.literal(\"a\"), get d() { return "
     "z.discriminatedUnion(\"t\", [D]); } });", "D", "D",
     "it gives it to `z.discriminatedUnion()`, which reads it before it has a value"),
    ("const Holder = { s: z.object({ get x() { return Holder.s; } }) };", "Holder.s",
     "Holder.s", "it reads `.s` of it before it has a value"),
])
def test_a_recursive_schema_read_before_it_has_a_value_is_not_derived(
        tmp_path: Path, declarations: str, field: str, at: str, why: str) -> None:
    text = registered(declarations, field)
    found = findings(server_file(tmp_path), text)
    assert found == [("unknown-schema", "information", at,
                      f"The schema of tool `t` cannot be derived statically: {NOT_DERIVED}: "
                      f"{why}.")]


def test_zod3_recursion_through_a_getter_is_not_derived(tmp_path: Path) -> None:
    # Zod 3's methods read a shape when they are called: what a getter of a shape written
    # before its object has a value gives is not modelled
    text = registered("const Node = z.object({ get kids() { return z.array(Node); } });",
                      "Node")
    found = findings(server_file(tmp_path, zod="3.25.76"), text)
    assert found == [("unknown-schema", "information", "Node",
                      f"The schema of tool `t` cannot be derived statically: {NOT_DERIVED} "
                      "under Zod 3.")]


def test_two_schemas_registered_with_one_id_fail_the_whole_list(tmp_path: Path) -> None:
    text = registered('const A = z.object({ a: z.string() }).meta({ id: "Place" });\n'
                      'const B = z.object({ b: z.number() }).meta({ id: "Place" });',
                      "z.object({ a: A, b: B })")
    found = findings(server_file(tmp_path), text)
    [(rule, severity, at, message)] = found
    assert (rule, severity, at) == ("server-list-fails", "error",
                                    'z.object({ b: z.number() }).meta({ id: "Place" })')
    assert 'Duplicate schema id "Place" detected during JSON Schema conversion' in message


def test_a_finding_in_a_definition_is_placed_at_its_source(tmp_path: Path) -> None:
    text = registered("const Node = z.object({\n  value: z.union([z.string(), z.number()]),\n"
                      "  get children() { return z.array(Node); },\n});", "Node")
    [(rule, severity, at, message)] = findings(server_file(tmp_path), text)
    assert (rule, severity, at) == ("type-union", "warning", "z.union([z.string(), z.number()])")
    assert message.startswith('`type` is an array (["string", "number"]).')


@pytest.mark.parametrize("zod", ["3.25.76", "4.6.7"])
@pytest.mark.parametrize("lazies", [
    "const C: any = z.lazy(() => C);",
    "const A: any = z.lazy(() => B);\nconst C: any = z.lazy(() => A);\nconst B: any = "
    "z.lazy(() => C);",
])
def test_a_lazy_that_returns_only_itself_is_said_and_the_file_read(
        tmp_path: Path, zod: str, lazies: str) -> None:
    # it recursed until Python's limit: the file was said to nest too deep, every tool lost
    path = server_file(tmp_path, zod)
    text = (HEADER + lazies + "\n"
            'server.tool("loop", { c: C }, async () => ({ content: [] }));\n'
            'server.tool("plain", { q: z.string() }, async () => ({ content: [] }));\n')
    path.write_text(text)
    loop, plain = analyze(text, path).tools
    assert [reason for reason, _ in loop.unknown] == [
        "`z.lazy` whose function returns only lazy schemas of itself: it describes no value"]
    assert plain.unknown == [] and plain.entry is not None
    assert plain.entry["inputSchema"]["properties"] == {"q": {"type": "string"}}
