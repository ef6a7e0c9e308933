"""Keywords the installed framework refuses where a server is made or a tool registered
(fastmcp 3.x and 4.x dropped 2.x's `tool(enabled=...)` and the server's `include_tags` and
`exclude_tags`): the server stops there with the release's own TypeError, and portlint says
so instead of "All checks passed". The table is read off the releases
(server/portlint/python/framework_keywords.py); the live layer records it again. The oracle
projects `f4-removed-enabled` and `f4-removed-tags` hold the servers' real failures."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portlint.linter import lint_text
from portlint.python.refused_keywords import refused
from portlint.settings import Settings
from tests.python import record_framework_keywords

SERVER = '''from fastmcp import FastMCP

mcp = FastMCP("x"{server_keywords})


@mcp.tool({tool_keywords})
def find(query: str) -> str:
    return query
'''


def _findings(root: Path, pin: str, **keywords: str) -> list[tuple[str, str, str]]:
    (root / "pyproject.toml").write_text(
        f'[project]\nname = "x"\nversion = "0"\ndependencies = ["{pin}"]\n', encoding="utf-8")
    text = SERVER.format(server_keywords=keywords.get("server", ""),
                         tool_keywords=keywords.get("tool", ""))
    path = root / "server.py"
    path.write_text(text, encoding="utf-8")
    return [(f.rule, text[f.span[0]:f.span[1]], f.message)
            for f in lint_text(text, str(path), Settings()).findings]


@pytest.mark.parametrize("pin", ["fastmcp==3.4.11", "fastmcp==4.1.0", "fastmcp>=2.10"])
def test_enabled_on_fastmcp_3_or_4_stops_the_server_at_the_keyword(
        tmp_path: Path, pin: str) -> None:
    release = {"fastmcp==3.4.11": "3.4.11", "fastmcp==4.1.0": "4.1.0"}.get(pin, "4.2.3")
    assert _findings(tmp_path, pin, tool="enabled=False") == [(
        "server-start-fails", "enabled=False",
        f"Tool `find`: fastmcp {release}'s `tool()` takes no `enabled` keyword: the server "
        "fails at start-up (TypeError: FastMCP.tool() got an unexpected keyword argument "
        "'enabled'). The process exits before it answers anything: every client gets no "
        "tools.")]


def test_tag_filters_on_fastmcp_3_stop_the_server_where_it_is_made(tmp_path: Path) -> None:
    assert _findings(tmp_path, "fastmcp==3.0.0", server=', include_tags={"public"}') == [(
        "server-start-fails", 'include_tags={"public"}',
        "This server cannot start on fastmcp 3.0.0: `FastMCP()` takes no `include_tags` "
        "keyword (TypeError: FastMCP() no longer accepts `include_tags`. Use "
        "`server.enable(tags=..., only=True)` after creating the server.). The process exits "
        "here, before it answers anything: every client gets no tools.")]


@pytest.mark.parametrize(("pin", "keywords"), [
    ("fastmcp==2.14.7", {"tool": "enabled=True", "server": ', exclude_tags={"admin"}'}),
    ("fastmcp==3.4.11", {"tool": 'tags={"public"}, timeout=5.0'}),
    ("fastmcp==3.4.11", {"tool": "**options"}),  # what it holds is not known
    ("fastmcp==3.4.11", {"server": ", **settings"}),
])
def test_keywords_the_release_takes_are_not_said(
        tmp_path: Path, pin: str, keywords: dict[str, str]) -> None:
    said = _findings(tmp_path, pin, **keywords)
    assert [rule for rule, _, _ in said if rule == "server-start-fails"] == []


def test_between_recorded_releases_only_what_both_refuse_is_claimed() -> None:
    # `meta` came in 2.11: 2.10.6 refuses it, 2.14.7 takes it; 2.12.5 is not judged
    assert refused("fastmcp", "2.10.6", "tool", "meta") is not None
    assert refused("fastmcp", "2.14.7", "tool", "meta") is None
    assert refused("fastmcp", "2.12.5", "tool", "meta") is None
    # `enabled` is refused by every recorded 3.x and 4.x: by those between them and after
    assert refused("fastmcp", "3.2.4", "tool", "enabled") == (
        "TypeError: FastMCP.tool() got an unexpected keyword argument 'enabled'")
    assert refused("fastmcp", "9.0.0", "tool", "enabled") is None  # no release of that line
    assert refused("fastmcp", "4.9.9", "tool", "enabled") is not None  # newer than recorded
    # older than the oldest recorded of its line: not judged
    assert refused("mcp", "1.2.0", "tool", "title") is None
    # a keyword no release names is refused as the release refuses one
    assert refused("fastmcp", "4.2.3", "tool", "descripton") == (
        "TypeError: FastMCP.tool() got an unexpected keyword argument 'descripton'")


def test_the_recorded_table_is_committed_whole() -> None:
    """Offline: every recorded release is in the table, with its three calls."""
    from portlint.python.framework_keywords import REFUSED

    assert {(p, r) for p, releases in REFUSED.items() for r in releases} == {
        (p, r) for p, r, _, _ in record_framework_keywords.RELEASES}
    assert all(set(calls) == {"server", "tool", "add_tool"}
               for calls in REFUSED["mcp"].values())
    # fastmcp's composition: `import_server` is gone from 4.x
    assert {release: set(calls) - {"server", "tool", "add_tool"}
            for release, calls in REFUSED["fastmcp"].items()} == {
        "2.10.6": {"mount", "import_server"}, "2.14.7": {"mount", "import_server"},
        "3.0.0": {"mount", "import_server"}, "3.4.11": {"mount", "import_server"},
        "4.0.0": {"mount"}, "4.2.3": {"mount"}}
    assert json.dumps(REFUSED)  # plain data


@pytest.mark.live_oracle
def test_the_table_is_what_the_releases_refuse() -> None:
    assert record_framework_keywords.TARGET.read_text(encoding="utf-8") == \
        record_framework_keywords.recorded(), (
            "the releases differ from the committed table: run "
            "`python -m tests.python.record_framework_keywords` and review the difference")


def test_a_server_class_of_another_package_is_not_judged_by_the_installed_ones_table(
        tmp_path: Path) -> None:
    """The SDK's own `FastMCP` beside fastmcp's, in a fastmcp 3.4.11 project: fastmcp's table
    does not speak for the SDK's class (whose `port` fastmcp 3 refuses)."""
    assert refused("fastmcp", "3.4.11", "server", "port") is not None
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "x"\nversion = "0"\ndependencies = ["fastmcp==3.4.11"]\n')
    text = ('from fastmcp import FastMCP\nfrom mcp.server.fastmcp import FastMCP as SdkServer\n\n'
            'mcp = FastMCP("x")\nother = SdkServer("y", port=8000)\n\n\n'
            '@mcp.tool\ndef find(query: str) -> str:\n    return query\n')
    path = tmp_path / "server.py"
    path.write_text(text)
    assert [f.rule for f in lint_text(text, str(path), Settings()).findings
            if f.rule == "server-start-fails"] == []
