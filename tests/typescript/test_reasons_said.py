"""What portlint says of a TypeScript value it does not compute is true of that value: a global
of JavaScript (`Array.from(...)`) is not "not declared", and `z.coerce` names what each schema
converts (a number is no example of what `z.coerce.number()` converts)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portlint.linter import lint_text
from portlint.settings import Settings


def _project(tmp_path: Path) -> Path:
    (tmp_path / "package.json").write_text(json.dumps(
        {"dependencies": {"@modelcontextprotocol/sdk": "1.32.2", "zod": "3.25.76"}}))
    (tmp_path / "package-lock.json").write_text(json.dumps({"packages": {
        "node_modules/@modelcontextprotocol/sdk": {"version": "1.32.2"},
        "node_modules/zod": {"version": "3.25.76"}}}))
    return tmp_path


def _findings(path: Path, text: str) -> list[tuple[str, str, str, str]]:
    path.write_text(text)
    return [(f.rule, f.severity.value, text[f.span[0]:f.span[1]], f.message)
            for f in lint_text(text, str(path), Settings()).findings]


@pytest.mark.parametrize("made", ["Array.from([a])", "[...new Set([a])]", "structuredClone([a])"])
def test_a_javascript_global_is_said_to_be_one(tmp_path: Path, made: str) -> None:
    text = ("import { Server } from \"@modelcontextprotocol/sdk/server/index.js\";\n"
            "import { ListToolsRequestSchema } from \"@modelcontextprotocol/sdk/types.js\";\n"
            "const server = new Server({ name: \"x\", version: \"1\" }, "
            "{ capabilities: { tools: {} } });\n"
            "const a = { name: \"a\", inputSchema: { type: \"object\", properties: {} } };\n"
            "const m = { a };\n"
            f"server.setRequestHandler(ListToolsRequestSchema, async () => ({{ tools: {made} }}));\n")
    [(rule, severity, _, message)] = _findings(_project(tmp_path) / "server.js", text)
    assert (rule, severity) == ("unknown-schema", "information")
    assert "is not declared in this file" not in message
    if made.startswith("Array"):
        assert message == (
            "The schemas of the tools this handler lists cannot be derived statically: `Array` "
            "is JavaScript's own: what is made with it is known only at run time.")


@pytest.mark.parametrize(("kind", "converts"), [
    ("number", 'a string such as "42", a boolean, ... becomes a number'),
    ("string", "a number, a boolean, ... becomes its text"),
    ("boolean", 'any value: `0`, `""` and `null` become `false`, the rest `true`'),
])
def test_z_coerce_names_what_it_converts(tmp_path: Path, kind: str, converts: str) -> None:
    text = ("import { McpServer } from \"@modelcontextprotocol/sdk/server/mcp.js\";\n"
            "import { z } from \"zod\";\n"
            "const server = new McpServer({ name: \"x\", version: \"1\" });\n"
            f"server.tool(\"t\", {{ n: z.coerce.{kind}() }}, async () => ({{ content: [] }}));\n")
    found = _findings(_project(tmp_path) / "server.ts", text)
    assert [(r, s, t) for r, s, t, _ in found] == [
        ("hidden-constraint", "information", f"z.coerce.{kind}()")]
    assert f"`z.coerce.{kind}()` converts other values ({converts}) before checking them" in \
        found[0][3]



@pytest.mark.parametrize(("written", "pattern"), [
    ('new RegExp("^[-a-zA-Z0-9_]+$")', "^[-a-zA-Z0-9_]+$"),
    ('new RegExp("^abc$", "i")', "^abc$"),
    # its `source` escapes the slash: not the string as written, not read
    ('new RegExp("a/b")', None),
    ("new RegExp(made())", None),
])
def test_a_regexp_made_of_a_string_is_its_pattern(tmp_path: Path, written: str,
                                                  pattern: str | None) -> None:
    # @makeplane/plane-mcp-server (recorded in the oracle case `regexp-constructed`)
    from portlint.typescript.reader import analyze

    text = ("import { McpServer } from \"@modelcontextprotocol/sdk/server/mcp.js\";\n"
            "import { z } from \"zod\";\n"
            "const server = new McpServer({ name: \"x\", version: \"1\" });\n"
            f"server.tool(\"t\", {{ id: z.string().regex({written}) }}, "
            "async () => ({ content: [] }));\n")
    path = _project(tmp_path) / "server.ts"
    path.write_text(text)
    [tool] = analyze(text, path).tools
    if pattern is None:
        assert tool.entry is None and tool.unknown
    else:
        assert tool.entry is not None
        assert tool.entry["inputSchema"]["properties"]["id"]["pattern"] == pattern


def test_a_property_of_this_set_elsewhere_is_said_so(tmp_path: Path) -> None:
    # @mapbox/mcp-server's `BaseTool`, whose subclasses set `name` and `description`
    text = ("export class BaseTool {\n"
            "  installTo(server) {\n"
            "    return server.registerTool(\"t\", { description: this.description }, "
            "(args) => this.run(args));\n"
            "  }\n"
            "}\n")
    [(rule, _, said, message)] = _findings(_project(tmp_path) / "tool.js", text)
    assert (rule, said) == ("unknown-schema", "this.description")
    assert message == (
        "The schema of tool `t` cannot be derived statically: `this.description` is set on the "
        "object at run time (by a subclass, a caller or a constructor's argument), not in this "
        "class.")


def test_a_method_of_a_list_read_is_said_to_run_at_run_time(tmp_path: Path) -> None:
    # next-devtools-mcp: `tools.map((tool) => ({ name: tool.metadata.name, ... }))` in its
    # tools/list handler; the list itself was read
    text = ("import { Server } from \"@modelcontextprotocol/sdk/server/index.js\";\n"
            "import { ListToolsRequestSchema } from \"@modelcontextprotocol/sdk/types.js\";\n"
            "const server = new Server({ name: \"x\", version: \"1\" }, "
            "{ capabilities: { tools: {} } });\n"
            "const tools = [{ metadata: { name: \"a\" } }];\n"
            "server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: "
            "tools.map((tool) => ({ name: tool.metadata.name, inputSchema: { type: \"object\" } "
            "})) }));\n")
    [(rule, _, _, message)] = _findings(_project(tmp_path) / "server.js", text)
    assert rule == "unknown-schema"
    assert message == (
        "The schemas of the tools this handler lists cannot be derived statically: what "
        "`.map(...)` makes of the list is computed at run time (portlint does not run its "
        "callback).")


@pytest.mark.parametrize(("marker", "said"), [
    ("var ZodFirstPartyTypeKind;\n",
     "`ZodObject` is a class of the copy of Zod bundled into this file, which portlint does not "
     "read: it reads Zod imported from the `zod` package"),
    ("", "`ZodObject` is a class"),  # a class of that name, no copy of Zod around it
])
def test_a_copy_of_zod_bundled_into_the_file_is_said_to_be_one(
        tmp_path: Path, marker: str, said: str) -> None:
    """@agent-infra/mcp-server-filesystem 1.2.29's `dist/index.cjs` carries its own Zod 3
    (rspack) and requires the SDK: its schemas are instances of the file's own classes."""
    text = ('import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n' + marker
            + "class ZodObject { static create(shape) { return new ZodObject(shape); } }\n"
            "const objectType = ZodObject.create;\n"
            "const z = Object.freeze({ object: objectType });\n"
            'const server = new McpServer({ name: "t", version: "1" });\n'
            'server.tool("read", "Read.", z.object({}).shape, async () => ({ content: [] }));\n')
    found = _findings(_project(tmp_path) / "server.js", text)
    assert found == [("unknown-schema", "information", "ZodObject",
                      f"The schema of tool `read` cannot be derived statically: {said}.")]


def test_this_is_said_to_be_the_object_a_method_is_called_on(tmp_path: Path) -> None:
    """@ivotoby/openapi-mcp-server 1.16.1 answers tools/list with `this.getAllTools()`: the
    reason was "a this"."""
    text = ('import { Server } from "@modelcontextprotocol/sdk/server/index.js";\n'
            'import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";\n'
            "class Api {\n  constructor() {\n"
            '    this.server = new Server({ name: "x", version: "1" }, '
            "{ capabilities: { tools: {} } });\n"
            "    this.server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: "
            "this.getAllTools() }));\n  }\n  getAllTools() { return []; }\n}\n"
            "new Api();\n")
    found = _findings(_project(tmp_path) / "server.js", text)
    assert [(rule, written) for rule, _, written, _ in found] == [("unknown-schema", "this")]
    assert "`this`, the object a method is called on, known only when it is called" in (
        found[0][3])
