"""An `McpServer` whose tools/list handler the module replaces on the low-level server beneath it
(@perplexity-ai/mcp-server 1.2.1 rewrites every listed `$schema` through the SDK's
`_requestHandlers`): the tools registered on that server are not what clients are listed, so
each is said to be not derived, where it is registered, naming the handler's line, and not
linted as registered; what the handler returns as a literal is derived as a low-level server's."""

from __future__ import annotations

import json
from pathlib import Path

from tests.typescript.test_typescript_files import project

from portlint.linter import lint_text
from portlint.settings import Settings
from portlint.typescript.reader import analyze

SERVER = """import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

const server = new McpServer({ name: "x", version: "1" });
server.registerTool("ask", { description: "Ask.", inputSchema: { q: z.string() },
  outputSchema: { a: z.string() } }, async () => ({ content: [] }));
server.registerTool("search", { description: "Search.", inputSchema: { q: z.string() },
  outputSchema: { hits: z.array(z.string()) } }, async () => ({ content: [] }));
"""

# perplexity's shape: a function given `server.server` wraps the SDK's handler in place
SHIM = """advertise(server.server);

function advertise(low: any) {
  const handlers = low._requestHandlers;
  const listTools = handlers.get("tools/list");
  handlers.set("tools/list", async (request: any, extra: any) => {
    const result = await listTools(request, extra);
    for (const tool of result.tools) tool.outputSchema.$schema = "https://json-schema.org/draft/2020-12/schema";
    return result;
  });
}
"""

THROWS = ("(set before the server's first tool is registered, it makes the SDK throw)")


def _findings(path: Path, text: str) -> list[tuple[str, str, str, str]]:
    path.write_text(text, encoding="utf-8")
    return [(f.rule, f.severity.value, text[f.span[0]:f.span[1]], f.message)
            for f in lint_text(text, str(path), Settings()).findings]


def test_a_wrapped_listing_is_said_once_where_it_is_set_and_nothing_else_is_claimed(
        tmp_path: Path) -> None:
    path = project(tmp_path) / "server.ts"
    # as registered, SDK 1.32.2 with Zod 3 stamps draft-07 on each outputSchema: reported
    assert [(rule, where) for rule, _, where, _ in _findings(path, SERVER)] == [
        ("declared-dialect", "{ a: z.string() }"),
        ("declared-dialect", "{ hits: z.array(z.string()) }")]
    text = SERVER + SHIM
    line = text[:text.index('handlers.set("tools/list"')].count("\n") + 1
    assert line == 14

    def said(tool: str) -> str:
        return (f"The schema of tool `{tool}` cannot be derived statically: the tools/list of "
                "the server is answered by `async (request: any, extra: any) => { const result "
                "= awai...`, set on its low-level server on line 14: clients are listed what "
                f"that handler returns, which portlint does not run {THROWS}.")

    assert _findings(path, text) == [
        ("unknown-schema", "information", '"ask"', said("ask")),
        ("unknown-schema", "information", '"search"', said("search")),
        # what the handler itself lists is not read either, said where it returns it
        ("unknown-schema", "information", "result", "The schemas of the tools this handler "
         "lists cannot be derived statically: `result` is assigned or changed after its "
         "declaration.")]
    tools = analyze(text, path).tools
    assert [(t.name, t.entry, t.listing_replaced is not None) for t in tools] == [
        ("ask", None, True), ("search", None, True), ("?", None, False)]


def test_a_handler_set_on_one_server_leaves_the_other_servers_tools_derived(
        tmp_path: Path) -> None:
    path = project(tmp_path) / "server.ts"
    text = """import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";

const main = new McpServer({ name: "main", version: "1" });
const side = new McpServer({ name: "side", version: "1" });
main.registerTool("hidden", { outputSchema: { a: z.string() } }, async () => ({ content: [] }));
side.registerTool("kept", { outputSchema: { a: z.string() } }, async () => ({ content: [] }));
main.server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{ name: "listed", inputSchema: { type: "object" } }],
}));
const cache = new Map();
cache.set("tools/list", () => 1);
(side.server as any)._requestHandlers.set("tools/call", () => 1);
"""
    found = _findings(path, text)
    assert [(rule, severity, where) for rule, severity, where, _ in found] == [
        ("unknown-schema", "information", '"hidden"'),
        ("declared-dialect", "warning", "{ a: z.string() }"),
        ("object-missing-properties", "warning", '"object"'),  # the handler's own
    ]
    # the dialect finding is side's tool's, still linted: main's is not
    assert [f.tool for f in lint_text(text, str(path), Settings()).findings] == [
        None, "kept", "listed"]
    assert found[0][3] == (
        "The schema of tool `hidden` cannot be derived statically: the tools/list of `main` is "
        "answered by `async () => ({ tools: [{ name: \"listed\", inputSchema: { t...`, set on "
        "its low-level server on line 9: clients are listed what that handler returns, which "
        f"portlint does not run {THROWS}.")
    tools = {t.name: t for t in analyze(text, path).tools}
    assert tools["hidden"].entry is None
    assert tools["listed"].entry == {"name": "listed", "inputSchema": {"type": "object"}}
    assert tools["kept"].entry is not None and tools["kept"].listing_replaced is None


def test_the_method_string_of_sdk_2_replaces_the_listing_too(tmp_path: Path) -> None:
    (tmp_path / "package.json").write_text(json.dumps({"dependencies": {
        "@modelcontextprotocol/server": "2.4.0", "zod": "4.6.7"}}))
    path = tmp_path / "server.ts"
    text = """import { McpServer } from "@modelcontextprotocol/server";
import * as z from "zod";

const mcp = new McpServer({ name: "x", version: "1" });
mcp.registerTool("ping", { inputSchema: z.object({ n: z.number() }) }, async () => ({ content: [] }));
const previous = (mcp.server as any)._requestHandlers.get("tools/list");
mcp.server.setRequestHandler("tools/list", (request: any, ctx: any) => previous(request, ctx));
"""
    assert _findings(path, text) == [("unknown-schema", "information", '"ping"', (
        "The schema of tool `ping` cannot be derived statically: the tools/list of `mcp` is "
        "answered by `(request: any, ctx: any) => previous(request, ctx)`, set on its low-level "
        f"server on line 7: clients are listed what that handler returns, which portlint does "
        f"not run {THROWS}.")),
        # the handler's own list: what `previous` (the SDK's handler) returns is not read
        ("unknown-schema", "information", "mcp.server",
         "The schemas of the tools this handler lists cannot be derived statically: `.server` "
         "of a value portlint cannot read.")]


def test_a_map_that_is_not_the_sdks_or_another_method_replaces_nothing(tmp_path: Path) -> None:
    path = project(tmp_path) / "server.ts"
    text = SERVER + """const handlers = new Map();
handlers.set("tools/list", () => ({ tools: [] }));
(server.server as any)._requestHandlers.set("tools/call", () => 1);
server.server.setRequestHandler("resources/list", async () => ({ resources: [] }));
function one(low: any) { const table = low._requestHandlers; return table; }
function two() { const table = new Map(); table.set("tools/list", () => 1); }
"""
    assert [(rule, where) for rule, _, where, _ in _findings(path, text)] == [
        ("declared-dialect", "{ a: z.string() }"),
        ("declared-dialect", "{ hits: z.array(z.string()) }")]


def test_the_low_level_server_reached_through_a_const_replaces_the_listing(
        tmp_path: Path) -> None:
    # mcp-searxng 1.16.0: `const server = mcpServer.server`, then its handlers set on it
    path = project(tmp_path) / "server.ts"
    text = """import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";

const mcpServer = new McpServer({ name: "main", version: "1" });
mcpServer.registerTool("hidden", { inputSchema: { a: z.string() } }, async () => ({ content: [] }));
const server = mcpServer.server;
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{ name: "search", inputSchema: { type: "object", properties: { q: { type: "string" } } } }],
}));
"""
    found = _findings(path, text)
    assert [(rule, where) for rule, _severity, where, _ in found] == [
        ("unknown-schema", '"hidden"')]
    assert "the tools/list of `mcpServer` is answered by" in found[0][3]
    tools = {t.name: t for t in analyze(text, path).tools}
    assert tools["hidden"].entry is None
    assert tools["search"].entry == {"name": "search", "inputSchema": {
        "type": "object", "properties": {"q": {"type": "string"}}}}
    # a name bound twice is not followed
    twice = text.replace("const server = mcpServer.server;",
                         "let server = mcpServer.server;\nserver = other;")
    assert "hidden" in {t.name for t in analyze(twice, path).tools if t.entry is not None}
