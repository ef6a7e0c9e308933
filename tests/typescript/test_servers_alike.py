"""A helper given a fresh server by each transport registers the same tools on each: each server
lists them once, and so do `portlint schema` and `check` (@instantdb/mcp 1.0.67 was 21 tools for
the 7 it lists, each linted three times). A helper registering different tools for each caller
keeps them all; a registration made twice on one server is still the SDK's refusal."""

from __future__ import annotations

from pathlib import Path

from tests.typescript.test_typescript_files import project

from portlint.typescript.reader import analyze

HEAD = '''import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

function createServer() {
  return new McpServer({ name: "x", version: "1" });
}
'''

PER_TRANSPORT = HEAD + '''function registerTools(server) {
  server.tool("query", "Run a query", { q: z.string() }, async () => ({ content: [] }));
  server.tool("learn", "Learn", {}, async () => ({ content: [] }));
}
function startHttp() {
  const server = createServer();
  registerTools(server);
  return server;
}
function startStdio() {
  const server = createServer();
  registerTools(server);
  return server;
}
process.argv.includes("--http") ? startHttp() : startStdio();
'''


def _tools(tmp_path: Path, text: str) -> list[tuple[str, bool]]:
    path = project(tmp_path) / "server.js"
    path.write_text(text)
    return [(t.name, t.fails_list) for t in analyze(text, path).tools]


def test_the_same_tools_on_each_transport_s_server_are_listed_once(tmp_path: Path) -> None:
    assert _tools(tmp_path, PER_TRANSPORT) == [("query", False), ("learn", False)]


def test_a_helper_registering_other_tools_for_each_caller_keeps_them_all(
        tmp_path: Path) -> None:
    text = HEAD + '''function register(server, name) {
  server.tool(name, "D.", {}, async () => ({ content: [] }));
}
const one = createServer();
const two = createServer();
register(one, "alpha");
register(two, "beta");
'''
    assert _tools(tmp_path, text) == [("alpha", False), ("beta", False)]


def test_the_same_registration_twice_on_one_server_is_still_refused(tmp_path: Path) -> None:
    text = HEAD + '''function register(server) {
  server.tool("twice", "D.", {}, async () => ({ content: [] }));
}
const only = createServer();
register(only);
register(only);
'''
    assert _tools(tmp_path, text) == [("twice", False), ("twice", True)]
