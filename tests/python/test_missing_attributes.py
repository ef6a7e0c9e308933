"""An attribute the installed release's server does not have, read where the module is
imported, stops the server there (AttributeError, recorded from the releases by
tests/python/record_framework_attributes.py; the oracle projects `f4-remove-tool` and
`m1-remove-tool` under mcp 1.3.0 fail so). Only reads certain to run on the framework's own
server are judged. A tool removed by `remove_tool` before it could be listed is not listed
(`*-remove-tool` under fastmcp 2.x and 3.x and the SDK 1.30.0 and 2.3.0)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portlint.cli.main import main
from portlint.python.missing_attributes import missing
from tests.python import record_framework_attributes

HEAD = '''from fastmcp import FastMCP

mcp = FastMCP("x")


@mcp.tool()
def ping(x: int) -> int:
    return x

'''


def _start_fails(root: Path, release: str, body: str, capsys: pytest.CaptureFixture[str],
                 head: str = HEAD) -> list[tuple[int, int, int, str]]:
    (root / "requirements.txt").write_text(f"{release}\n")
    (root / "server.py").write_text(head + body)
    main(["check", "--format", "json", str(root / "server.py")])
    report = json.loads(capsys.readouterr().out)
    return [(f["location"]["line"], f["location"]["column"], f["end_location"]["column"],
             f["message"]) for f in report["findings"] if f["rule"] == "server-start-fails"]


def test_a_method_the_release_lacks_stops_the_server_where_it_is_read(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _start_fails(tmp_path, "fastmcp==4.2.3", 'mcp.remove_tool("ping")\n', capsys) == [
        (10, 1, 16, "This server cannot start on fastmcp 4.2.3: its server has no `remove_tool` "
               "(AttributeError: 'FastMCP' object has no attribute 'remove_tool'). The process "
               "exits here, before it answers anything: every client gets no tools.")]
    # fastmcp 3.4.11 has it
    assert _start_fails(tmp_path, "fastmcp==3.4.11", 'mcp.remove_tool("ping")\n', capsys) == []


def test_an_attribute_read_through_is_read(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    # `mcp.settings.port = 8000` reads `mcp.settings`, gone from fastmcp 3.0
    found = _start_fails(tmp_path, "fastmcp==3.0.0", "mcp.settings.port = 8000\n", capsys)
    # said at `mcp.settings`
    assert [(line, column, end) for line, column, end, _ in found] == [(10, 1, 13)]
    assert "no `settings` (AttributeError: 'FastMCP' object has no attribute 'settings')" in (
        found[0][3])
    assert _start_fails(tmp_path, "fastmcp==2.14.7", "mcp.settings.port = 8000\n",
                        capsys) == []


@pytest.mark.parametrize("body", [
    'def later():\n    mcp.remove_tool("ping")\n',  # a function may never run
    'if flag:\n    mcp.remove_tool("ping")\n',
    'try:\n    mcp.remove_tool("ping")\nexcept AttributeError:\n    pass\n',
    'if __name__ == "__main__":\n    mcp.remove_tool("ping")\n',
    'drop = lambda: mcp.remove_tool("ping")\n',
    'calls = (mcp.remove_tool(n) for n in ["ping"])\n',
    # the name bound again, or its attributes set: what it holds is not known
    'mcp = make()\nmcp.remove_tool("ping")\n',
    'mcp.remove_tool = print\nmcp.remove_tool("ping")\n',
    'setattr(mcp, "remove_tool", print)\nmcp.remove_tool("ping")\n',
    'def rebind():\n    global mcp\n    mcp = make()\n\n\nmcp.remove_tool("ping")\n',
    # what every object has, which the recording does not read
    "print(mcp.__class__.__name__, mcp.__dict__)\n",
])
def test_a_read_not_certain_to_run_on_the_server_is_not_judged(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], body: str) -> None:
    assert _start_fails(tmp_path, "fastmcp==4.2.3", body, capsys) == []


def test_a_subclass_is_not_judged(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    head = HEAD.replace('mcp = FastMCP("x")', 'class Mine(FastMCP):\n    def remove_tool(self, n: str) -> None:\n        pass\n\n\nmcp = Mine("x")')
    assert _start_fails(tmp_path, "fastmcp==4.2.3", 'mcp.remove_tool("ping")\n', capsys,
                        head=head) == []


def test_a_release_between_recorded_ones() -> None:
    # 4.0.0 and 4.2.3 both lack it; 3.0.0 and 3.4.11 both have it
    assert missing("fastmcp", "4.1.0", "remove_tool") is not None
    assert missing("fastmcp", "3.2.0", "remove_tool") is None
    # 2.10.6 is the oldest recorded of the 2.x line: an older release is not judged
    assert missing("fastmcp", "2.14.7", "portlint_typo") == (
        "AttributeError: 'FastMCP' object has no attribute 'portlint_typo'")
    assert missing("fastmcp", "2.9.0", "portlint_typo") is None
    assert missing("mcp", "1.20.0", "remove_tool") is None  # 1.30.0 has it
    assert missing("mcp", "1.3.0", "remove_tool") is not None


REMOVED = '''

@mcp.tool(name="listed_as")
def renamed(x: int) -> int:
    return x


def register_later() -> None:
    @mcp.tool()
    def inside(x: int) -> int:
        return x


mcp.remove_tool("ping")
mcp.remove_tool("listed_as")
mcp.remove_tool("inside")
mcp.remove_tool(NAME)


@mcp.tool(name="ping")
def ping_again(text: str) -> str:
    return text
'''


@pytest.mark.parametrize(("release", "head"), [
    ("fastmcp==2.14.7", HEAD), ("fastmcp==3.4.11", HEAD),
    ("mcp==1.30.0", HEAD.replace("from fastmcp import", "from mcp.server.fastmcp import")),
    ("mcp==2.3.0", HEAD.replace("from fastmcp import FastMCP",
                                "from mcp.server.mcpserver import MCPServer as FastMCP")),
])
def test_a_tool_removed_after_it_is_registered_is_not_listed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], release: str, head: str) -> None:
    (tmp_path / "requirements.txt").write_text(f"{release}\n")
    (tmp_path / "server.py").write_text(head + REMOVED)
    assert main(["schema", str(tmp_path / "server.py")]) == 0
    found = json.loads(capsys.readouterr().out)
    # `inside` is registered in a function: not judged, listed
    assert [(t["name"], list(t["inputSchema"]["properties"])) for t in found["tools"]] == [
        ("inside", ["x"]), ("ping", ["text"])]
    assert [(e["tool"], e["reason"]) for e in found["not_listed"]] == [
        ("ping", "the module removes it with `mcp.remove_tool('ping')` (line 23)"),
        ("listed_as", "the module removes it with `mcp.remove_tool('listed_as')` (line 24)")]


def test_the_recorded_table_is_committed_whole() -> None:
    """Offline: every recorded release is in the table."""
    from portlint.python.framework_attributes import ATTRIBUTES, MISSING

    assert {(p, r) for p, releases in MISSING.items() for r in releases} == {
        (p, r) for p, r, _, _ in record_framework_attributes.RELEASES}
    assert all(name in ATTRIBUTES for releases in MISSING.values()
               for attributes in releases.values() for name in attributes)
    assert json.dumps(MISSING)  # plain data


@pytest.mark.live_oracle
def test_the_table_is_what_the_releases_have() -> None:
    assert record_framework_attributes.TARGET.read_text(encoding="utf-8") == \
        record_framework_attributes.recorded(), (
            "the releases differ from the committed table: run "
            "`python -m tests.python.record_framework_attributes` and review the difference")
