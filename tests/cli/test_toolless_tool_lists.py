"""A file found by walking a directory whose tool list holds no tool at all
(``{"tools": [1, {"foo": 2}]}``) is reported as a file portlint could not check — exit 2, under
``unreadable``, the message a named file gets — when something besides the list says it is a
tool document: a JSON-RPC ``tools/list`` result, a name like a tool document's, or an entry that
is a tool half written. Another program's ``{"tools": [...]}`` stays skipped, with the reason."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.hostile_fs import TOOL, json_report, run_check


def _unchecked(key: str, count: int) -> str:
    entries = "its one entry is not" if count == 1 else f"none of its {count} entries is"
    return (f"no tool found: it has a `{key}` list, but {entries} a tool object (with a `name` "
            "and an `inputSchema`); nothing was checked")


REPORTED = {
    # by its name
    "tools.json": ('{"tools": [1, {"foo": 2}]}\n', _unchecked("tools", 2)),
    "search.schema.yaml": ("functions:\n  - 3\n", _unchecked("functions", 1)),
    # a JSON-RPC tools/list result is MCP's whatever the file's name
    "response.json": ('{"jsonrpc": "2.0", "id": 1, "result": {"tools": [null]}}\n',
                      _unchecked("result.tools", 1)),
    # an MCP tool half written: a description, no name, no schema
    "server-config.json": ('{"tools": [{"description": "Searches the web"}]}\n',
                           _unchecked("tools", 1)),
}
SKIPPED = {
    # another program's list of tool names, whatever the file is called
    "settings.json": '{"tools": ["eslint", "prettier"]}\n',
    "tools.json": '{"tools": ["eslint", "prettier"]}\n',
    "weird.json": '{"tools": [1, {"foo": 2}]}\n',
    # built-in tools of a function-calling request, and an empty list
    "openai-tools.json": '{"tools": [{"type": "web_search"}]}\n',
    "empty-tools.json": '{"tools": []}\n',
}
_NAMES_REASON = ("not a tool-schema document: its tool list holds names only (strings), not "
                 "tool objects")
_SKIP_REASON = ("not a tool-schema document: its tool list holds no tool, and neither its name "
                "nor its entries say it is meant as one")


@pytest.mark.parametrize("name", sorted(REPORTED))
def test_a_toolless_tool_list_that_says_it_is_one_is_not_a_pass(tmp_path: Path,
                                                                name: str) -> None:
    folder = tmp_path / "repo"
    folder.mkdir()
    text, reason = REPORTED[name]
    (folder / name).write_text(text)
    (folder / "good-tools.json").write_text(TOOL)
    proc = run_check("repo", cwd=tmp_path)
    assert proc.returncode == 2
    assert proc.stderr.splitlines() == [f"portlint: repo/{name}: {reason}"]
    report = json_report(run_check("--format", "json", "repo", cwd=tmp_path))
    summary = report["summary"]
    assert summary["unreadable"] == [{"file": f"repo/{name}", "reason": reason}]
    assert (summary["files_checked"], summary["tools_checked"]) == (1, 1)
    # named, the file says the same
    named = run_check(f"repo/{name}", cwd=tmp_path)
    assert named.returncode == 2
    assert named.stderr.splitlines() == [f"portlint: repo/{name}: {reason}"]


def test_other_tool_lists_stay_skipped_with_the_reason(tmp_path: Path) -> None:
    folder = tmp_path / "repo"
    folder.mkdir()
    for name, text in SKIPPED.items():
        (folder / name).write_text(text)
    (folder / "good-tools.json").write_text(TOOL)
    proc = run_check("repo", cwd=tmp_path)
    assert proc.returncode == 0
    assert proc.stdout.splitlines() == ["All checks passed: 1 tool in 1 file."]
    report = json_report(run_check("--format", "json", "repo", cwd=tmp_path))
    assert report["summary"]["unreadable"] == []
    skipped = {note["file"]: note["reason"] for note in report["summary"]["skipped"]}
    assert skipped == {
        "repo/settings.json": _NAMES_REASON, "repo/tools.json": _NAMES_REASON,
        "repo/weird.json": _SKIP_REASON,
        "repo/openai-tools.json": "not a tool-schema document: its tool list holds built-in "
                                  "tools only (`type`), nothing portlint checks",
        "repo/empty-tools.json": "not a tool-schema document: its tool list is empty"}
