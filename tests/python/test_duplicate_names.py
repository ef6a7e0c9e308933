"""One name registered twice on one server: the registration the framework lists is the one
portlint derives, and the other is `tool-shadowed` where it is written (held to the frameworks
by the oracle projects f4/m1/m2-duplicate-names). A TypeScript SDK server throws instead:
`server-list-fails` at the second registration."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portlint.cli.main import main
from portlint.linter import lint_text
from portlint.settings import Settings

BODY = '''

@mcp.tool(name="find")
def find_text(text: str) -> str:
    return text


@mcp.tool()
def count(items: list[str]) -> int:
    return len(items)


@mcp.tool(name="find")
def find_number(number: int) -> str:
    return str(number)
'''
SDK = 'from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP("m")\n' + BODY
FASTMCP = 'from fastmcp import FastMCP\n\nmcp = FastMCP("m")\n' + BODY


def _run(tmp_path: Path, text: str, pins: str, capsys: pytest.CaptureFixture[str]
         ) -> tuple[list[tuple[str, list[str]]], list[tuple[str, str, str]]]:
    """The tools `portlint schema` lists, and each finding as (rule, line:text, message)."""
    (tmp_path / "requirements.txt").write_text(pins, encoding="utf-8")
    path = tmp_path / "server.py"
    path.write_text(text, encoding="utf-8")
    main(["schema", str(path)])
    tools = [(t["name"], list(t["inputSchema"]["properties"]))
             for t in json.loads(capsys.readouterr().out)["tools"]]
    found = [(f.rule, f"{text.count(chr(10), 0, f.span[0]) + 1}:{text[f.span[0]:f.span[1]]}",
              f.message) for f in lint_text(text, str(path), Settings()).findings]
    return tools, found


def test_the_sdk_lists_the_first_registration_and_the_later_one_is_shadowed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tools, found = _run(tmp_path, SDK, "mcp==1.30.0\n", capsys)
    assert tools == [("find", ["text"]), ("count", ["items"])]
    assert found == [("tool-shadowed", '16:mcp.tool(name="find")', (
        "The tool `find` registered here is not listed: the MCP SDK keeps the first "
        "registration of that name (line 6) and ignores this one, saying so only in its log."))]


def test_fastmcp_lists_the_later_registration_in_the_first_one_s_place(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tools, found = _run(tmp_path, FASTMCP, "fastmcp==4.2.3\n", capsys)
    assert tools == [("find", ["number"]), ("count", ["items"])]
    assert [(rule, where) for rule, where, _ in found] == [
        ("tool-shadowed", '6:mcp.tool(name="find")')]  # the first one, replaced
    assert found[0][2] == (
        "The tool `find` registered here is not listed: fastmcp replaces it with the later "
        "registration of that name (line 16), listed in its place.")


@pytest.mark.parametrize("text", [
    # two servers, each made in its own function
    'from mcp.server.fastmcp import FastMCP\n\n\ndef a():\n    mcp = FastMCP("a")\n\n'
    '    @mcp.tool(name="find")\n    def f(x: str) -> str:\n        return x\n    return mcp\n\n\n'
    'def b():\n    mcp = FastMCP("b")\n\n    @mcp.tool(name="find")\n    def g(y: str) -> str:\n'
    '        return y\n    return mcp\n',
    # a name computed at run time is never compared
    'from mcp.server.fastmcp import FastMCP\n\nPREFIX = input()\nmcp = FastMCP("m")\n\n\n'
    '@mcp.tool(name=PREFIX + "find")\ndef f(x: str) -> str:\n    return x\n\n\n'
    '@mcp.tool(name=PREFIX + "find")\ndef g(y: str) -> str:\n    return y\n',
])
def test_registrations_that_may_be_of_different_tools_are_not_merged(
        tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]) -> None:
    _, found = _run(tmp_path, text, "mcp==1.30.0\n", capsys)
    assert "tool-shadowed" not in [rule for rule, _, _ in found]


def test_a_typescript_sdk_server_registering_a_name_twice_fails_at_the_second(
        tmp_path: Path) -> None:
    (tmp_path / "package.json").write_text(json.dumps({"dependencies": {
        "@modelcontextprotocol/sdk": "1.32.2", "zod": "3.25.76"}}))
    (tmp_path / "package-lock.json").write_text(json.dumps({"packages": {
        "node_modules/@modelcontextprotocol/sdk": {"version": "1.32.2"},
        "node_modules/zod": {"version": "3.25.76"}}}))
    text = ('import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n'
            'const server = new McpServer({ name: "x", version: "1" });\n'
            'server.registerTool("find", {}, async () => ({ content: [] }));\n'
            'const other = new McpServer({ name: "y", version: "1" });\n'
            'other.registerTool("find", {}, async () => ({ content: [] }));\n'
            'server.tool("find", async () => ({ content: [] }));\n')
    path = tmp_path / "server.ts"
    path.write_text(text)
    found = [(f.rule, text[f.span[0]:f.span[1]], f.message)
             for f in lint_text(text, str(path), Settings()).findings]
    assert found == [("server-list-fails", '"find"', (
        "Tool `find` makes the server's whole tools/list fail: the SDK throws \"Tool find is "
        "already registered\" at this second registration of the name (the first is on line "
        "3), and the server stops before it answers, so every client gets that error and no "
        "tool at all."))]
    assert text.splitlines()[5].startswith("server.tool(")  # `other` is another server


@pytest.mark.parametrize(("pin", "head"), [
    ("fastmcp==3.4.11", "from fastmcp import FastMCP\n\nmcp = FastMCP('x')\n"),
    ("mcp==1.30.0", "from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP('x')\n"),
])
@pytest.mark.parametrize("branches", [
    # mcp-server-datahub 0.8.0: one `search` or the other, by a setting read at run time
    'if os.environ.get("SEMANTIC") == "1":\n    mcp.tool(name="search")(semantic)\n'
    'else:\n    mcp.tool(name="search")(plain)\n',
    'match os.environ.get("MODE"):\n    case "semantic":\n        mcp.tool(name="search")'
    '(semantic)\n    case _:\n        mcp.tool(name="search")(plain)\n',
])
def test_one_name_registered_in_branches_that_exclude_each_other_shadows_nothing(
        tmp_path: Path, pin: str, head: str, branches: str) -> None:
    (tmp_path / "requirements.txt").write_text(pin + "\n")
    text = ("import os\n\n" + head + "\n\ndef plain(query: str) -> str:\n    return query\n\n\n"
            "def semantic(query: str, top_k: int = 5) -> str:\n    return query\n\n\n"
            + branches)
    path = tmp_path / "server.py"
    path.write_text(text)
    assert [f.rule for f in lint_text(text, str(path), Settings()).findings] == []


def test_one_name_registered_in_the_same_branch_twice_still_shadows(tmp_path: Path) -> None:
    (tmp_path / "requirements.txt").write_text("fastmcp==3.4.11\n")
    text = ("import os\n\nfrom fastmcp import FastMCP\n\nmcp = FastMCP('x')\n\n\n"
            "def plain(query: str) -> str:\n    return query\n\n\n"
            'if os.environ.get("X"):\n    mcp.tool(name="search")(plain)\n'
            '    mcp.tool(name="search")(plain)\n')
    path = tmp_path / "server.py"
    path.write_text(text)
    assert [f.rule for f in lint_text(text, str(path), Settings()).findings] == [
        "tool-shadowed"]
