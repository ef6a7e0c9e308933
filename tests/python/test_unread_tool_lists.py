"""A low-level tools/list handler whose tools portlint cannot derive (made at run time, or in
another module: analytics-mcp 0.8.0 converts Google ADK tools) is said by `portlint schema` as
`portlint check` says it: listed in `not_derived` with where and why, and on stderr — never "no
tool found", never a success."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portlint.cli.main import main

SERVER = '''from mcp import types
from mcp.server.lowlevel import Server

from catalog import TOOLS


async def list_tools(ctx, params) -> types.ListToolsResult:
    return types.ListToolsResult(tools=TOOLS)


server = Server(name="demo", on_list_tools=list_tools)
'''

REASON = ("The tools this tools/list handler lists cannot be derived without running code: no "
          "`Tool(...)` written in this file is what it returns (the list is made at run time, "
          "or in another module).")


def test_schema_lists_the_handler_it_cannot_derive(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "requirements.txt").write_text("mcp==2.3.0\n", encoding="utf-8")
    (tmp_path / "catalog.py").write_text("TOOLS = []\n", encoding="utf-8")
    (tmp_path / "server.py").write_text(SERVER, encoding="utf-8")
    assert main(["schema", str(tmp_path)]) == 2
    out, err = capsys.readouterr()
    document = json.loads(out)
    assert document["tools"] == []
    assert document["not_derived"] == [
        {"file": str(tmp_path / "server.py"), "line": 11, "reason": REASON}]
    assert err == f"portlint: {tmp_path / 'server.py'}:11: {REASON}\n"
    assert main(["check", "--format", "json", str(tmp_path)]) == 0
    found = json.loads(capsys.readouterr().out)["findings"]
    assert [(f["rule"], f["location"]["line"], f["message"]) for f in found] == [
        ("unknown-schema", 11, REASON)]
