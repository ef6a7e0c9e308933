"""TypeScript servers in the language server, end to end over stdio: a server module gets its
diagnostics at the Zod expression, hover on a tool shows the schema the SDK would advertise, a
half-typed buffer is a parse error (and recovers), and a plain TypeScript file that registers no
tool is published empty."""

from __future__ import annotations

import json
from pathlib import Path

import pytest_lsp
from lsprotocol import types
from tests.lsp.harness import (
    CONFIG,
    RecordingClient,
    change_document,
    open_document,
    rng,
    start,
    wait_published,
)

SERVER = ('import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n'
          'import { z } from "zod";\n'
          'const server = new McpServer({ name: "t", version: "1" });\n'
          "\n"
          'server.tool("find", "Find things.",\n'
          "  { q: z.union([z.string(), z.array(z.string())]), limit: z.number().int() },\n"
          "  async () => ({ content: [] }));\n")

PLAIN = ("export function add(a: number, b: number): number {\n"
         "  return a + b;\n"
         "}\n"
         'const tools = { tool: (name: string) => name };\n'
         'tools.tool("not-a-registration");\n')


@pytest_lsp.fixture(config=CONFIG)
async def client(lsp_client: RecordingClient, tmp_path: Path):  # type: ignore[no-untyped-def]
    manifest = {"dependencies": {"@modelcontextprotocol/sdk": "1.32.2", "zod": "3.25.76"}}
    (tmp_path / "package.json").write_text(json.dumps(manifest))
    (tmp_path / "package-lock.json").write_text(json.dumps({"packages": {
        "node_modules/@modelcontextprotocol/sdk": {"version": "1.32.2"},
        "node_modules/zod": {"version": "3.25.76"}}}))
    await start(lsp_client, "vscode", tmp_path, options={"debounceMs": 0})
    yield
    await lsp_client.shutdown_session()


def _span(diagnostic: types.Diagnostic) -> tuple[int, int, int, int]:
    r = diagnostic.range
    return (r.start.line, r.start.character, r.end.line, r.end.character)


async def test_a_server_module_gets_findings_at_the_zod_expression_and_a_hover(
        client: RecordingClient, tmp_path: Path) -> None:
    path = tmp_path / "server.ts"
    path.write_text(SERVER)
    uri = path.as_uri()
    open_document(client, uri, SERVER, language="typescript")
    published = await wait_published(client, uri, 1)
    found = sorted((d.code, d.severity, _span(d)) for d in published)
    union = (5, 7, 5, 49)  # z.union([z.string(), z.array(z.string())])
    assert SERVER.splitlines()[5][7:49] == "z.union([z.string(), z.array(z.string())])"
    assert found == [("list-as-text", types.DiagnosticSeverity.Warning, union)]

    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        position=types.Position(line=4, character=14)))
    assert hover is not None and isinstance(hover.contents, types.MarkupContent)
    text = hover.contents.value
    assert text.startswith("**Tool `find`** as advertised by @modelcontextprotocol/sdk 1.32.2")
    assert '"anyOf": [' in text and '"type": "integer"' in text
    assert '"$schema": "http://json-schema.org/draft-07/schema#"' in text
    assert hover.range is not None and _span_of(hover.range) == (4, 12, 4, 18)

    # mid-typing: an unclosed call is a parse error at once, and the findings come back
    change_document(client, uri, 2, [(rng(6, 31, 6, 32), "")])
    assert [d.code for d in await wait_published(client, uri, 2)] == ["parse-error"]
    change_document(client, uri, 3, [(rng(6, 31, 6, 31), ")")])
    assert [d.code for d in await wait_published(client, uri, 3)] == ["list-as-text"]


def _span_of(r: types.Range) -> tuple[int, int, int, int]:
    return (r.start.line, r.start.character, r.end.line, r.end.character)


async def test_plain_typescript_that_registers_no_tool_stays_silent(
        client: RecordingClient, tmp_path: Path) -> None:
    path = tmp_path / "math.ts"
    path.write_text(PLAIN)
    uri = path.as_uri()
    open_document(client, uri, PLAIN, language="typescript")
    assert await wait_published(client, uri, 1) == []
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        position=types.Position(line=4, character=2)))
    assert hover is None
