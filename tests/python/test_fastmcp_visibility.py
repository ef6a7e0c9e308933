"""Tools fastmcp 2.x registers but leaves out of tools/list — `enabled=False`, a tag of the
server's `exclude_tags`, none of its `include_tags` — are not linted and not printed: no client
sees them (oracle projects `f2-visibility`, `f2-visibility-include`, under 2.10.6 and 2.14.7).
What is computed at run time leaves the tool listed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portlint.cli.main import main

HEAD = 'from fastmcp import FastMCP\n\nTAGS = compute()\n'
TOOL = '''

@{server}.tool({keywords})
def {name}(query: str | list[str]) -> str:
    return str(query)
'''


def _listed(root: Path, servers: str, tools: list[tuple[str, str, str]],
            capsys: pytest.CaptureFixture[str]) -> list[str]:
    (root / "pyproject.toml").write_text(
        '[project]\nname = "x"\nversion = "0"\ndependencies = ["fastmcp==2.14.7"]\n')
    text = HEAD + servers + "".join(TOOL.format(server=s, keywords=k, name=n)
                                    for s, k, n in tools)
    (root / "server.py").write_text(text)
    main(["schema", str(root / "server.py")])
    return [t["name"] for t in json.loads(capsys.readouterr().out)["tools"]]


@pytest.mark.parametrize(("servers", "tools", "listed"), [
    # the module's only server: its filters apply whatever the tool is registered on
    ('mcp = FastMCP("x", exclude_tags={"admin"})\n',
     [("mcp", "enabled=False", "off"), ("mcp", 'tags={"admin"}', "admin"),
      ("mcp", 'tags=["admin", "ops"]', "both"), ("mcp", 'tags={"ops"}', "ops"),
      ("mcp", "", "plain"), ("mcp", "enabled=True", "on")],
     ["ops", "plain", "on"]),
    ('mcp = FastMCP("x", include_tags=("public",), exclude_tags={"beta"})\n',
     [("mcp", 'tags={"public"}', "public"), ("mcp", 'tags={"public", "beta"}', "beta"),
      ("mcp", "", "plain"), ("mcp", 'tags={"internal"}', "internal")],
     ["public"]),
    # what is computed at run time is not judged
    ('mcp = FastMCP("x", exclude_tags=TAGS)\n',
     [("mcp", 'tags={"admin"}', "admin")], ["admin"]),
    ('mcp = FastMCP("x", exclude_tags={"admin"})\n',
     [("mcp", "tags=TAGS", "computed"), ("mcp", "enabled=flag()", "flagged")],
     ["computed", "flagged"]),
    ('mcp = FastMCP("x", include_tags=None)\n', [("mcp", "", "plain")], ["plain"]),
    # two servers: each tool is judged by the filters of the one it is registered on
    ('public = FastMCP("p", include_tags={"public"})\nadmin = FastMCP("a")\n',
     [("public", "", "hidden"), ("admin", "", "shown"), ("public", 'tags={"public"}', "open")],
     ["shown", "open"]),
])
def test_what_fastmcp_2_lists(tmp_path: Path, capsys: pytest.CaptureFixture[str], servers: str,
                              tools: list[tuple[str, str, str]], listed: list[str]) -> None:
    assert _listed(tmp_path, servers, tools, capsys) == listed


def test_a_hidden_tool_is_named_not_listed_and_not_linted(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _listed(tmp_path, 'mcp = FastMCP("x", exclude_tags={"beta"})\n',
                   [("mcp", "enabled=False", "off"), ("mcp", 'tags={"beta"}', "beta")],
                   capsys) == []
    assert main(["schema", str(tmp_path / "server.py")]) == 0
    assert json.loads(capsys.readouterr().out)["not_listed"] == [
        {"file": str(tmp_path / "server.py"), "tool": "off",
         "reason": "it is registered with `enabled=False`"},
        {"file": str(tmp_path / "server.py"), "tool": "beta",
         "reason": "its tag `beta` is in the server's `exclude_tags`"}]
    # its `str | list[str]` would be list-as-text if it were listed
    assert main(["check", "--format", "json", str(tmp_path / "server.py")]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["findings"] == []
    assert report["summary"]["tools_checked"] == 0
    assert report["summary"]["unreadable"] == []
