"""A module or name a fastmcp release does not have, imported where the server starts: the
server exits at that import (portlint/python/fastmcp_imports.py, from the table recorded off the
releases, portlint/python/fastmcp_gone.py). The oracle projects `f3-gone-module` (fails on 4.2.3,
starts on 3.4.11 and 3.0.0) and `f2-gone-name` (fails on 2.14.7, starts on 2.10.6) hold the
claims to the releases themselves; the live layer records the table again."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portlint.cli.main import main
from tests.python import record_fastmcp_names

SERVER = '''from fastmcp import FastMCP
{imports}
mcp = FastMCP("x")


@mcp.tool()
def add(a: int, b: int) -> int:
    """Adds."""
    return a + b
'''

SUGGESTION = ("The server must start before any client can list a tool: write what the framework "
              "accepts, or pin the releases the message names beside it.")


def _findings(tmp_path: Path, imports: str, pin: str, capsys: pytest.CaptureFixture[str],
              extra: dict[str, str] | None = None) -> list[dict[str, object]]:
    (tmp_path / "requirements.txt").write_text(pin + "\n", encoding="utf-8")
    (tmp_path / "server.py").write_text(SERVER.format(imports=imports), encoding="utf-8")
    for name, text in (extra or {}).items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    main(["check", "--format", "json", str(tmp_path / "server.py")])
    found: list[dict[str, object]] = json.loads(capsys.readouterr().out)["findings"]
    return [f for f in found if f["rule"] == "server-start-fails"]


def _said(finding: dict[str, object]) -> tuple[object, ...]:
    start = finding["location"]
    end = finding["end_location"]
    return (finding["rule"], finding["severity"], start["line"], start["column"],  # type: ignore[index]
            end["line"], end["column"], finding["message"], finding["suggestion"])  # type: ignore[index]


def test_a_module_the_release_lacks_stops_the_server_at_its_import(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    [finding] = _findings(tmp_path, "from fastmcp.tools.tool import Tool\n", "fastmcp>=2.10",
                          capsys)
    assert _said(finding) == (
        "server-start-fails", "error", 2, 1, 2, 36,
        "This server cannot start on fastmcp 4.2.3 (the newest release allowed by "
        "`fastmcp>=2.10` in requirements.txt): it has no `fastmcp.tools.tool`, which the code "
        "imports (ModuleNotFoundError: No module named 'fastmcp.tools.tool'): pin `fastmcp<4`. "
        "The process exits at this import, before it answers anything: every client gets no "
        "tools.", SUGGESTION)


def test_a_release_answering_the_module_without_its_file_is_not_judged(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # fastmcp 3.4.11 has no `tools/tool.py` and imports `fastmcp.tools.tool` all the same
    assert _findings(tmp_path, "from fastmcp.tools.tool import Tool\n", "fastmcp>=3,<4",
                     capsys) == []


def test_python_names_the_package_above_that_is_missing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    [finding] = _findings(tmp_path, "import fastmcp.server.openapi.routing as routing\n",
                          "fastmcp==4.2.3", capsys)
    assert "it has no `fastmcp.server.openapi`, which the code imports (ModuleNotFoundError: " \
           "No module named 'fastmcp.server.openapi'): pin `fastmcp<4`." in str(
               finding["message"])


def test_a_submodule_imported_by_name_is_a_name_the_package_lacks(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    [finding] = _findings(tmp_path, "from fastmcp.server import openapi\n", "fastmcp==4.2.3",
                          capsys)
    assert "it has no `openapi` in `fastmcp.server`, which the code imports (ImportError: " \
           "cannot import name 'openapi' from 'fastmcp.server'): pin `fastmcp<4`." in str(
               finding["message"])


def test_code_written_for_a_newer_release_stops_on_an_older_one_the_pins_hold(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    [finding] = _findings(tmp_path, "from fastmcp.exceptions import InsufficientScopeError\n",
                          "fastmcp==3.4.11", capsys)
    assert str(finding["message"]).startswith(
        "This server cannot start on fastmcp 3.4.11 (pinned `fastmcp==3.4.11` in "
        "requirements.txt): it has no `InsufficientScopeError` in `fastmcp.exceptions`, which "
        "the code imports (ImportError: cannot import name 'InsufficientScopeError' from "
        "'fastmcp.exceptions'): pin `fastmcp>=4`.")


def test_no_pin_is_offered_when_no_line_s_newest_release_has_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # `BearerAuthProvider` left `fastmcp.server.auth` during 2.x: 2.14.7, 3.x and 4.x lack it
    [finding] = _findings(tmp_path, "from fastmcp.server.auth import BearerAuthProvider\n",
                          "fastmcp>=2.10", capsys)
    assert "(ImportError: cannot import name 'BearerAuthProvider' from " \
           "'fastmcp.server.auth'). The process exits" in str(finding["message"])


def test_a_release_between_recorded_ones_lacks_what_both_lack(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    [finding] = _findings(tmp_path, "from fastmcp.tools.tool import Tool\n", "fastmcp==4.1.0",
                          capsys)
    assert "cannot start on fastmcp 4.1.0" in str(finding["message"])


@pytest.mark.parametrize("imports", [
    "try:\n    from fastmcp.tools.tool import Tool\nexcept ImportError:\n    Tool = None\n",
    "\n\ndef later():\n    from fastmcp.tools.tool import Tool\n    return Tool\n",
    "if False:\n    from fastmcp.tools.tool import Tool\n",
    "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from fastmcp.tools.tool import Tool\n",
])
def test_an_import_that_may_not_run_is_not_judged(
        imports: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _findings(tmp_path, imports, "fastmcp==4.2.3", capsys) == []


def test_a_project_module_imported_at_the_top_stops_the_server_there(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    helper = '"""Helpers."""\nimport os\nfrom fastmcp.server.proxy import FastMCPProxy\n'
    [finding] = _findings(tmp_path, "import helpers\n", "fastmcp>=3", capsys,
                          {"helpers.py": helper})
    assert _said(finding)[2:6] == (2, 1, 2, 15)
    assert "it has no `fastmcp.server.proxy`, which `helpers.py` (its line 3, run by this " \
           "import) imports (ModuleNotFoundError: No module named 'fastmcp.server.proxy'): " \
           "pin `fastmcp<4`." in str(finding["message"])


def test_an_entry_point_that_registers_nothing_itself_is_judged_too(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "requirements.txt").write_text("fastmcp>=2.10\n", encoding="utf-8")
    (tmp_path / "tools.py").write_text(
        "def register(mcp):\n    @mcp.tool()\n    def add(a: int) -> int:\n        return a\n",
        encoding="utf-8")
    entry = tmp_path / "main.py"
    entry.write_text("from fastmcp import FastMCP\nfrom fastmcp.server.openapi import "
                     "FastMCPOpenAPI\n\nimport tools\n\nmcp = FastMCP('x')\n"
                     "tools.register(mcp)\n", encoding="utf-8")
    main(["check", "--format", "json", str(entry)])
    found = json.loads(capsys.readouterr().out)["findings"]
    assert [(f["rule"], f["location"]["line"]) for f in found] == [
        ("server-start-fails", 2)]


@pytest.mark.live_oracle
def test_the_table_is_what_the_installed_releases_hold() -> None:
    recorded = record_fastmcp_names.recorded()
    assert record_fastmcp_names.TARGET.read_text(encoding="utf-8") == recorded, (
        "the fastmcp releases differ from the committed table: run "
        "`python -m tests.python.record_fastmcp_names` and review the difference")
