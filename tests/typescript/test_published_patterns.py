"""Patterns met in published MCP servers (their npm packages' JavaScript, started and asked for
tools/list, compared with what portlint derives from the same files): a tool registered by a
helper whose server parameter has no type, in a package installed beside others that bring the
other SDK line; declaration files beside the code; import types TypeScript accepts and the
TypeScript grammar does not; tool lists a handler filters or chooses at run time; fields made
at run time beside schemas written as literals; an SDK that resolves another copy of Zod than
the server's code. The lists chosen at run time are held to the
real SDK by the oracle case ``lowlevel-filtered-lists``, the fields by
``lowlevel-runtime-fields``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.support.typescript_project import findings, server_file

from portlint.cli.main import main
from portlint.linter import lint_text
from portlint.settings import Settings
from portlint.typescript.reader import analyze

MCP_SERVER = """import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
const server = new McpServer({ name: "t", version: "1" });
"""
LOW_LEVEL = """import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
const server = new Server({ name: "t", version: "1" }, { capabilities: { tools: {} } });
"""


def _package(folder: Path, name: str, dependencies: dict[str, str]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "package.json").write_text(json.dumps(
        {"name": name, "version": "1.0.0", "dependencies": dependencies}))


def test_an_untyped_helper_registers_on_the_sdk_its_package_declares(tmp_path: Path) -> None:
    # node_modules holds both SDK lines (hoisted from other packages); the server's own
    # package declares the 1.x SDK: its helper's `server` is that SDK's McpServer
    modules = tmp_path / "node_modules"
    _package(modules / "@modelcontextprotocol" / "sdk", "@modelcontextprotocol/sdk",
             {})
    (modules / "@modelcontextprotocol" / "sdk" / "package.json").write_text(
        json.dumps({"name": "@modelcontextprotocol/sdk", "version": "1.32.2"}))
    (modules / "@modelcontextprotocol" / "server").mkdir(parents=True)
    (modules / "@modelcontextprotocol" / "server" / "package.json").write_text(
        json.dumps({"name": "@modelcontextprotocol/server", "version": "2.4.0"}))
    (modules / "zod").mkdir()
    (modules / "zod" / "package.json").write_text(json.dumps({"name": "zod",
                                                              "version": "4.6.7"}))
    package = modules / "echo-server"
    _package(package, "echo-server", {"@modelcontextprotocol/sdk": "^1.30.0", "zod": "^4.0.0"})
    tool = package / "dist" / "echo.js"
    tool.parent.mkdir()
    text = ('import { z } from "zod";\n'
            'const config = { description: "Echoes", inputSchema: { text: z.string() } };\n'
            "export const registerEcho = (server) => {\n"
            '  server.registerTool("echo", config, async () => ({ content: [] }));\n};\n')
    tool.write_text(text)
    [found] = analyze(text, tool).tools
    assert found.unknown == []
    assert found.entry == {
        "name": "echo", "description": "Echoes",
        "inputSchema": {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
                        "properties": {"text": {"type": "string"}}, "required": ["text"]},
        "execution": {"taskSupport": "forbidden"}}


def test_a_declaration_file_is_never_read_for_tools(tmp_path: Path) -> None:
    # types only (tsc writes them beside the code); this one is valid TypeScript the grammar
    # refuses, and names the SDK
    server_file(tmp_path)
    declared = tmp_path / "callTool.d.ts"
    declared.write_text("export declare function callTool(name: string): Promise<{\n"
                        '  content: import("@modelcontextprotocol/sdk/types.js")'
                        '.CallToolResult["content"];\n}>;\n')
    assert analyze(declared.read_text(), declared).tools == []
    assert findings(declared, declared.read_text()) == []


def test_import_types_through_a_member_parse(tmp_path: Path) -> None:
    path = server_file(tmp_path)
    text = (MCP_SERVER
            + 'type Content = import("@modelcontextprotocol/sdk/types.js")'
            '.CallToolResult["content"];\n'
            'let names: import("./names").Name[] = [];\n'
            'const shape: import("zod").ZodRawShape = { q: z.string().min(1) };\n'
            'import("./late.js").then((m) => m);\n'
            'server.registerTool("find", { inputSchema: shape }, async () => '
            '({ content: [] as Content }));\n')
    assert findings(path, text) == []
    [found] = analyze(text, path).tools
    assert found.entry is not None
    assert found.entry["inputSchema"]["properties"] == {"q": {"type": "string",
                                                             "minLength": 1}}


def test_every_tool_a_handler_may_list_is_linted(tmp_path: Path) -> None:
    path = server_file(tmp_path)
    text = (LOW_LEVEL
            + 'const reads = [{ name: "get", inputSchema: { type: "object", properties: '
              '{ id: { type: ["string", "null"] } } } }];\n'
            + 'const writes = [{ name: "put", inputSchema: { type: "object", properties: '
              '{ body: { type: ["object", "null"] } } } }];\n'
            + "const all = [...reads, ...writes];\n"
            + "server.setRequestHandler(ListToolsRequestSchema, async () => {\n"
            + '  const base = process.env.RO === "1" ? reads : all;\n'
            + "  return { tools: base.filter((t) => t.name !== process.env.OFF) };\n});\n")
    tools = analyze(text, path).tools
    assert [(t.name, t.unknown) for t in tools] == [("get", []), ("put", [])]
    assert [(rule, at) for rule, _severity, at, _message in findings(path, text)] == [
        ("type-union", '["string", "null"]'), ("type-union", '["object", "null"]')]


def test_alternatives_naming_one_tool_are_one_tool(tmp_path: Path) -> None:
    path = server_file(tmp_path)
    text = (LOW_LEVEL
            + "server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: "
              "process.env.SHORT ? [{ name: \"a\", inputSchema: { type: \"object\" } }] : "
              "[{ name: \"a\", description: \"Long\", inputSchema: { type: \"object\" } }, "
              "{ name: \"b\", inputSchema: { type: \"object\" } }] }));\n")
    assert [t.name for t in analyze(text, path).tools] == ["a", "b"]


def test_some_of_a_list_is_not_a_list_anywhere_else(tmp_path: Path) -> None:
    path = server_file(tmp_path)
    text = (MCP_SERVER
            + 'const kinds = process.env.ALL ? ["a", "b"] : ["a"];\n'
            'server.registerTool("t", { inputSchema: { k: z.enum(kinds), '
            'j: z.enum(["x", "y"].filter((v) => v)) } }, async () => ({ content: [] }));\n')
    [found] = analyze(text, path).tools
    assert found.entry is None
    assert [reason for reason, _span in found.unknown][:1] == [
        "the enum's values are not a literal array"]


def test_a_field_made_at_run_time_is_left_out_and_the_schema_linted(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = server_file(tmp_path)
    text = (LOW_LEVEL
            + "server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [\n"
            + '  { name: "up", description: `Up since ${Date.now()}`, inputSchema: '
              '{ type: "object", properties: { unit: { type: ["string", "null"] } } } },\n'
            + "] }));\n")
    assert [(rule, at) for rule, _severity, at, _message in findings(path, text)] == [
        ("unknown-schema", "`Up since ${Date.now()}`"), ("type-union", '["string", "null"]')]
    assert main(["schema", str(path)]) == 0
    [tool] = json.loads(capsys.readouterr().out)["tools"]
    assert tool == {"name": "up", "unknown": "the tool's `description` is not read (a template "
                    "string with a value known only at run time): left out",
                    "inputSchema": {"type": "object", "properties": {
                        "unit": {"type": ["string", "null"]}}}}


def test_an_sdk_that_resolves_another_zod_copy_is_not_guessed_at(tmp_path: Path) -> None:
    # npm hoisted the SDK 1.x and Zod 3.25 to the top and gave the server package its own
    # Zod 4: the SDK converts with `zod/v4-mini` of its copy, whose registry holds none of the
    # descriptions this file registers (measured with @pinecone-database/mcp 0.3.0 installed
    # beside packages that want Zod 3: its `query` was listed without its description)
    modules = tmp_path / "node_modules"
    for name, version in (("@modelcontextprotocol/sdk", "1.32.2"), ("zod", "3.25.76"),
                          ("docs-server/node_modules/zod", "4.6.7")):
        (modules / name).mkdir(parents=True)
        (modules / name / "package.json").write_text(
            json.dumps({"name": name.split("node_modules/")[-1], "version": version}))
    _package(modules / "docs-server", "docs-server",
             {"@modelcontextprotocol/sdk": "^1.25.3", "zod": "^4.3.6"})
    tool = modules / "docs-server" / "dist" / "search.js"
    tool.parent.mkdir()
    text = (MCP_SERVER
            + 'server.registerTool("search-docs", { inputSchema: { query: '
              'z.string().describe("The text to search for.") } }, async () => '
              "({ content: [] }));\n")
    tool.write_text(text)
    [found] = analyze(text, tool).tools
    assert found.entry is None
    [(reason, _span)] = found.unknown
    assert reason == (
        "the SDK (in node_modules/@modelcontextprotocol/sdk) converts with its own copy of Zod "
        "(3.25.76 in node_modules/zod), not this file's (4.6.7 in node_modules/docs-server/"
        "node_modules/zod): Zod 4 keeps descriptions and metadata in the registry of each "
        "copy, so the SDK's sees none of this file's, and its conversion is its own release's")


def test_a_handler_from_another_module_is_read_there_and_said_here(tmp_path: Path) -> None:
    # the oracle case lowlevel-imported-handler holds the derivation to the real SDK; here:
    # every finding of its imported tools sits where this file names the handler, each
    # problem its own finding
    path = server_file(tmp_path)
    (tmp_path / "tools.ts").write_text(
        "const SEARCH = { name: \"search\", inputSchema: { type: \"object\", properties: "
        "{ page: { type: [\"integer\", \"null\"] } } } };\n"
        "const defs = [SEARCH, { name: \"stats\", inputSchema: { type: \"object\", properties: "
        "{ deep: { type: \"object\", properties: { r: { type: [\"number\", \"null\"] } } } } } }];\n"
        "export async function ListTools() { return { tools: defs }; }\n")
    text = (LOW_LEVEL.replace('import { ListToolsRequestSchema }',
                              'import { ListTools } from "./tools.js";\n'
                              'import { ListToolsRequestSchema }')
            + "server.setRequestHandler(ListToolsRequestSchema, ListTools);\n")
    path.write_text(text)
    found = lint_text(text, str(path), Settings()).findings
    assert [(f.rule, f.severity.value, text[f.span[0]:f.span[1]], f.tool, f.path)
            for f in found] == [
        ("type-union", "warning", "ListTools", "stats", "inputSchema.properties.deep.properties.r"),
        ("type-union", "warning", "ListTools", "search", "inputSchema.properties.page")]
    assert all("written once for several paths" not in f.message for f in found)
