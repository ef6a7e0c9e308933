"""A TypeScript or JavaScript module that names an MCP server (an import of
`@modelcontextprotocol/...` or `fastmcp`, `McpServer`, `new FastMCP`, `registerTool(`) and
cannot be read is reported in a directory search, as a Python server module is: it was passed
over as no tool document, and the search said "Nothing checked" with exit 0."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.hostile_fs import json_report, run_check


@pytest.mark.parametrize("text", [
    # an unterminated string, a NUL: a server module that cannot be read
    'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nconst s = "open;\n',
    'import { FastMCP } from "fastmcp";\nconst server = new FastMCP({ name: "x" });\n\x00\n',
])
def test_a_server_script_that_cannot_be_read_is_not_passed_over(
        tmp_path: Path, text: str) -> None:
    (tmp_path / "server.ts").write_text(text)
    report = json_report(run_check("--format", "json", ".", cwd=tmp_path))
    assert [(f["file"], f["rule"]) for f in report["findings"]] == [("server.ts", "parse-error")]
    # a script that names no MCP server and does not parse is no tool document
    (tmp_path / "server.ts").write_text('const s = "open;\n')
    report = json_report(run_check("--format", "json", ".", cwd=tmp_path))
    assert report["findings"] == []
