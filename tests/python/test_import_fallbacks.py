"""A `try` that imports one framework's server and falls back to another's where the import
fails starts on either: the server that serves is the first, in the order tried, whose
framework the project installs (portlint/python/import_fallbacks.py), and nothing in
the two parts is said to stop the server (portlint/python/line_mismatch.py `_run`).
core-web-vitals-mcp 0.1.2 (2.x's `MCPServer`, else 1.x's `FastMCP`) was said not to start on
mcp 2.3.0 three times, with the advice to pin `mcp<2`; the oracle project `m2-import-fallback`
(recorded on 2.3.0 and 1.30.0) and the published server hold the derivation to the SDK."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portlint.cli.main import main

SDK_FALLBACK = '''try:
    from mcp.server.mcpserver import MCPServer

    mcp = MCPServer("x", title="X", version="1")
except ImportError:
    from mcp.server.fastmcp import FastMCP

    mcp = FastMCP("x")
'''

FASTMCP_FALLBACK = '''try:
    from fastmcp import FastMCP
except ModuleNotFoundError:
    from mcp.server.fastmcp import FastMCP

mcp = FastMCP("x")
'''

TOOL = '''

@mcp.tool()
def add(a: int, b: int = 1) -> int:
    """Adds."""
    return a + b
'''


def _run(tmp_path: Path, server: str, pin: str, capsys: pytest.CaptureFixture[str],
         command: str) -> dict[str, object]:
    (tmp_path / "requirements.txt").write_text(pin + "\n", encoding="utf-8")
    path = tmp_path / "server.py"
    path.write_text(server + TOOL, encoding="utf-8")
    main([command, "--format", "json", str(path)] if command == "check" else [command, str(path)])
    said: dict[str, object] = json.loads(capsys.readouterr().out)
    return said


@pytest.mark.parametrize(("server", "pin", "assumed"), [
    (SDK_FALLBACK, "mcp==2.3.0", {"mcp": "2.3.0"}),
    (SDK_FALLBACK, "mcp>=1.10,<2", {"mcp": "1.30.0"}),
    (FASTMCP_FALLBACK, "fastmcp==4.2.3", {"fastmcp": "4.2.3"}),
    (FASTMCP_FALLBACK, "mcp==1.30.0", {"mcp": "1.30.0"}),
])
def test_the_part_whose_framework_is_installed_serves_and_nothing_stops(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], server: str, pin: str,
        assumed: dict[str, str]) -> None:
    document = _run(tmp_path, server, pin, capsys, "schema")
    releases = document["assumed"]
    assert isinstance(releases, dict)
    assert {package: releases[package]["version"] for package in assumed} == assumed
    assert "cannot_start" not in document
    assert _run(tmp_path, server, pin, capsys, "check")["findings"] == []


def test_an_import_outside_a_try_still_stops_the_server(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    server = "from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP('x')\n"
    findings = _run(tmp_path, server, "mcp==2.3.0", capsys, "check")["findings"]
    assert isinstance(findings, list)
    assert [(f["rule"], f["location"]["line"]) for f in findings] == [("server-start-fails", 1)]
