"""A JavaScript bundle carrying its own copy of the MCP TypeScript SDK's server
(@notionhq/notion-mcp-server 2.5.2's minified `bin/cli.mjs`, obsidian-mcp 1.0.6's esbuild
`build/main.js`): its tools are registered on classes the file defines itself, which portlint
cannot take for the SDK's. It is said once, at the copy's check for the tools capability, for
every tool the bundle's server lists — never passed over as a file without tools. A bundle of
the SDK's client alone, and the SDK's own files, are not such a bundle. The fixtures are
written here in the shape bundlers give; the live layer holds the published server."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.cli.hostile_fs import run_check

from portlint.linter import lint_text
from portlint.settings import Settings
from portlint.typescript.reader import analyze

# esbuild's shape: modules concatenated, each after a comment naming its path
BUNDLE = """#!/usr/bin/env node
var __defProp = Object.defineProperty;

// node_modules/@modelcontextprotocol/sdk/dist/esm/server/index.js
var Server = class extends Protocol {
  assertRequestHandlerCapability(method) {
    switch (method) {
      case "tools/call":
      case "tools/list":
        if (!this._capabilities.tools) {
          throw new Error(`Server does not support tools (required for ${method})`);
        }
        break;
    }
  }
};

// src/server.ts
var server = new McpServer({ name: "notes", version: "1.0.6" });
server.tool("read-note", { path: z.string() }, async ({ path }) => ({ content: [] }));
"""

# a minifier's shape: one line, names shortened, the property and the message kept
MINIFIED = ('var Qe=class extends Ve{assertRequestHandlerCapability(e){switch(e){case"tools/call":'
            'case"tools/list":if(!this._capabilities.tools)throw new Error(`Server does not '
            'support tools (required for ${e})`);break}}};var s=new Ye({name:"n",version:"1"});'
            's.tool("search",{q:b.string()},async()=>({content:[]}));\n')

# the SDK's client says the same about the server's capabilities: a client is no server
CLIENT_ONLY = """var Client = class extends Protocol {
  assertCapabilityForMethod(method) {
    switch (method) {
      case "tools/list":
        if (!this._serverCapabilities?.tools) {
          throw new Error(`Server does not support tools (required for ${method})`);
        }
    }
  }
};
"""

SAID = ("The schemas of the tools this bundle's server lists cannot be derived statically: this "
        "file is a bundle with its own copy of the MCP TypeScript SDK's server built in (here, "
        "the copy's check for the tools capability), and portlint knows the SDK only where a "
        "module imports it.")
SUGGESTED = ("Lint the sources the bundle is built from, where the SDK is imported, or the "
             "running server: `portlint check --server 'node <this file>'`.")


def _findings(path: Path, text: str) -> list[tuple[str, str, tuple[int, int], str, str, str]]:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return [(f.rule, f.severity.value, _line_column(text, f.span[0]),
             text[f.span[0]:f.span[1]], f.message, f.suggestion)
            for f in lint_text(text, str(path), Settings()).findings]


def _line_column(text: str, offset: int) -> tuple[int, int]:
    """1-based, as the CLI says it."""
    line_start = text.rfind("\n", 0, offset) + 1
    return text.count("\n", 0, offset) + 1, offset - line_start + 1


@pytest.mark.parametrize(("text", "where"), [(BUNDLE, (10, 14)), (MINIFIED, (1, 107))],
                         ids=["esbuild", "minified"])
def test_a_bundle_of_the_sdks_server_is_said_once_for_all_its_tools(
        tmp_path: Path, text: str, where: tuple[int, int]) -> None:
    path = tmp_path / "build" / "main.js"
    assert _findings(path, text) == [
        ("unknown-schema", "information", where, "this._capabilities.tools", SAID, SUGGESTED)]
    tools = analyze(text, path).tools
    assert [(t.name, t.entry, t.whole_list, t.bundled) for t in tools] == [
        ("?", None, True, True)]


def test_a_bundle_of_the_sdks_client_alone_is_no_server(tmp_path: Path) -> None:
    assert _findings(tmp_path / "client.js", CLIENT_ONLY) == []
    assert analyze(CLIENT_ONLY, tmp_path / "client.js").tools == []


def test_the_sdks_own_server_module_is_not_a_bundle_of_it(tmp_path: Path) -> None:
    path = (tmp_path / "node_modules" / "@modelcontextprotocol" / "sdk" / "dist" / "esm" /
            "server" / "index.js")
    server_class = BUNDLE[:BUNDLE.index("// src/server.ts")]
    assert _findings(path, server_class) == []


def test_a_directory_search_reports_the_bundle_instead_of_passing_it_over(
        tmp_path: Path) -> None:
    (tmp_path / "build").mkdir()
    (tmp_path / "build" / "main.js").write_text(BUNDLE, encoding="utf-8")
    (tmp_path / "build" / "client.js").write_text(CLIENT_ONLY, encoding="utf-8")
    proc = run_check("--format", "concise", ".", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == [
        f"build/main.js:10:14: information [unknown-schema]: {SAID}",
        "0 errors, 0 warnings, 1 info in 1 of 1 file. 1 tool list found but not derived "
        "(unknown-schema)."]
