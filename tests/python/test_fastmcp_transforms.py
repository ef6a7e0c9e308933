"""Tools fastmcp 3.x and 4.x register but hide with the server's `disable`/`enable` calls are
not linted and not printed: no client sees them (oracle projects `f3-visibility-transforms`,
`f4-visibility-transforms`, `f4-visibility-only`, under 3.0.0 to 4.2.3). A call portlint does
not read — elsewhere than the module's top level, or with a criterion computed at run time or
not read — leaves every tool of that server listed, as does a tool whose tags are computed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portlint.cli.main import main

TOOL = '''

@{server}.tool({keywords})
def {name}(query: str | list[str]) -> str:
    return str(query)
'''


def _schema(root: Path, release: str, servers: str, tools: list[tuple[str, str, str]],
            after: str, capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    (root / "requirements.txt").write_text(f"fastmcp=={release}\n")
    text = ("from fastmcp import FastMCP\n\nTAGS = compute()\n" + servers
            + "".join(TOOL.format(server=s, keywords=k, name=n) for s, k, n in tools)
            + "\n\n" + after)
    (root / "server.py").write_text(text)
    assert main(["schema", str(root / "server.py")]) == 0
    found: dict[str, object] = json.loads(capsys.readouterr().out)
    return found


def _listed(root: Path, servers: str, tools: list[tuple[str, str, str]], after: str,
            capsys: pytest.CaptureFixture[str], release: str = "4.2.3") -> list[str]:
    found = _schema(root, release, servers, tools, after, capsys)
    return [t["name"] for t in found["tools"]]  # type: ignore[attr-defined]


SERVER = 'mcp = FastMCP("x")\n'


@pytest.mark.parametrize(("tools", "after", "listed"), [
    # by tag (any one of the tool's), by name (the name listed), the later call winning
    ([("mcp", 'tags={"admin"}', "admin"), ("mcp", 'tags=["ops", "admin"]', "both"),
      ("mcp", "", "plain"), ("mcp", 'name="listed_as"', "written")],
     'mcp.disable(tags={"admin"})\nmcp.disable(names=["listed_as"])\n', ["plain"]),
    ([("mcp", 'tags={"beta"}', "beta_one"), ("mcp", 'tags={"beta"}', "beta_two")],
     'mcp.disable(tags={"beta"})\nmcp.enable(names={"beta_two"})\n', ["beta_two"]),
    # every criterion named must match; components other than tools match no tool
    ([("mcp", 'tags={"admin"}', "admin"), ("mcp", "", "ping")],
     'mcp.disable(names={"admin"}, tags={"other"})\n'
     'mcp.disable(names={"ping"}, components={"prompt"})\n', ["admin", "ping"]),
    ([("mcp", "", "ping")], 'mcp.disable(names={"ping"}, components=("tool",))\n', []),
    # no criteria, or empty tags: fastmcp matches nothing
    ([("mcp", "", "plain")], 'mcp.disable()\nmcp.disable(tags=set())\n', ["plain"]),
    # an allowlist
    ([("mcp", 'tags={"public"}', "public"), ("mcp", "", "plain")],
     'mcp.enable(tags={"public"}, only=True)\n', ["public"]),
    ([("mcp", 'tags={"public"}', "public"), ("mcp", "", "plain")],
     'mcp.enable(tags={"public"}, only=False)\n', ["public", "plain"]),
])
def test_what_fastmcp_4_lists(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                              tools: list[tuple[str, str, str]], after: str,
                              listed: list[str]) -> None:
    assert _listed(tmp_path, SERVER, tools, after, capsys) == listed


@pytest.mark.parametrize("after", [
    # computed criteria, criteria portlint does not read, a call it does not place in time
    "mcp.disable(tags=TAGS)\n",
    'mcp.disable(keys={"tool:admin@"})\n',
    'mcp.disable(**{"tags": {"admin"}})\n',
    'mcp.disable({"admin"})\n',
    'if compute():\n    mcp.disable(tags={"admin"})\n',
    'def hide():\n    mcp.disable(tags={"admin"})\n',
    # a later call not read may show it again
    'mcp.disable(tags={"admin"})\nmcp.enable(names=TAGS)\n',
])
def test_a_visibility_call_not_read_leaves_the_tools_listed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], after: str) -> None:
    assert _listed(tmp_path, SERVER, [("mcp", 'tags={"admin"}', "admin")], after,
                   capsys) == ["admin"]


def test_tags_or_a_name_not_read_leave_the_tool_listed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tools = [("mcp", "tags=TAGS", "computed"), ("mcp", 'name=compute() + "x"', "named"),
             ("mcp", 'tags={"admin"}', "admin")]
    after = 'mcp.disable(tags={"admin"})\nmcp.disable(names={"nothing"})\n'
    assert _listed(tmp_path, SERVER, tools, after, capsys) == ["computed", None]


def test_each_server_has_its_own_transforms(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    servers = 'public = FastMCP("p")\nadmin = FastMCP("a")\n'
    tools = [("public", "", "open"), ("admin", "", "closed")]
    assert _listed(tmp_path, servers, tools, 'admin.disable(names={"closed", "open"})\n',
                   capsys) == ["open"]


def test_the_same_calls_under_fastmcp_3(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    tools = [("mcp", 'tags={"public"}', "public"), ("mcp", "", "plain")]
    assert _listed(tmp_path, SERVER, tools, 'mcp.enable(tags={"public"}, only=True)\n', capsys,
                   release="3.0.0") == ["public"]


def test_a_hidden_tool_is_named_with_the_call_that_hides_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tools = [("mcp", 'tags={"beta"}', "beta"), ("mcp", "", "plain")]
    after = 'mcp.enable(names=["beta", "plain"], only=True)\nmcp.disable(tags={"beta"})\n'
    found = _schema(tmp_path, "4.2.3", SERVER, tools, after, capsys)
    assert found["not_listed"] == [
        {"file": str(tmp_path / "server.py"), "tool": "beta",
         "reason": "the server's `mcp.disable(tags={'beta'})` (line 18) hides it (the last of "
                   "its visibility calls to match it)"}]
    (tmp_path / "server.py").write_text((tmp_path / "server.py").read_text().replace(
        'mcp.disable(tags={"beta"})\n', ""))
    assert main(["schema", str(tmp_path / "server.py")]) == 0
    assert json.loads(capsys.readouterr().out).get("not_listed") is None
    # its `str | list[str]` would be list-as-text if it were listed; `plain`'s is
    (tmp_path / "server.py").write_text((tmp_path / "server.py").read_text().replace(
        '["beta", "plain"]', '["plain"]'))
    assert main(["check", "--format", "json", str(tmp_path / "server.py")]) == 0  # a warning
    report = json.loads(capsys.readouterr().out)
    assert [(f["rule"], f["tool"]) for f in report["findings"]] == [("list-as-text", "plain")]
    assert report["summary"]["tools_checked"] == 1
