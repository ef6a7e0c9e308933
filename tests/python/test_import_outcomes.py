"""`server-start-fails`: a server whose pinned framework cannot be imported with the releases a
fresh install brings beside it. Held to tests/python/import-outcomes.json, where each stack was
installed fresh from PyPI and its framework imported (tests/python/record_imports.py): the
releases portlint assumes are the ones pip resolved, and the finding is there exactly when the
import failed, naming the exception it failed with."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from portlint.linter import lint_text
from portlint.model import Severity
from portlint.python.analysis import analyze
from portlint.python.environment import NOT_FOLLOWED, Assumed, Environment, parse_override
from portlint.python.import_failures import import_failure
from portlint.settings import Settings
from tests.python import record_imports, record_servers

RECORDED = json.loads(record_imports.RECORDING.read_text(encoding="utf-8"))["stacks"]
HEADS = {"fastmcp": "from fastmcp import FastMCP\n",
         "mcp": "from mcp.server.fastmcp import FastMCP\n"}
BODY = ('\nmcp = FastMCP("probe")\n\n\n@mcp.tool()\ndef add(a: int, b: int) -> int:\n'
        '    """Add."""\n    return a + b\n')


def _project(tmp_path: Path, stack: str) -> tuple[Path, str]:
    pins = record_servers.pins_of(stack)
    framework = "fastmcp" if "fastmcp" in pins else "mcp"
    (tmp_path / "requirements.txt").write_text(
        "".join(f"{package}=={version}\n" for package, version in pins.items()),
        encoding="utf-8")
    text = HEADS[framework] + BODY
    path = tmp_path / "server.py"
    path.write_text(text, encoding="utf-8")
    return path, text


def _found(text: str, path: Path) -> list[tuple[str, Severity, str, str]]:
    return [(f.rule, f.severity, text[f.span[0]:f.span[1]], f.message)
            for f in lint_text(text, str(path), Settings()).findings]


def test_the_recording_covers_every_failure_and_working_stacks() -> None:
    outcomes = {entry["outcome"].split(":")[0] for entry in RECORDED}
    assert outcomes == {"ok", "ImportError", "TypeError", "ModuleNotFoundError"}
    assert [entry["stack"] for entry in RECORDED] == list(record_imports.STACKS)


@pytest.mark.parametrize("entry", RECORDED, ids=[e["stack"] for e in RECORDED])
def test_portlint_assumes_what_pip_installed_and_fails_where_the_import_failed(
        tmp_path: Path, entry: dict[str, Any]) -> None:
    path, text = _project(tmp_path, entry["stack"])
    resolved = entry["resolved"]
    analysis = analyze(text, path)
    environment = analysis.environment
    assert environment is not None
    # pins that bring the other SDK line than the imports need: pip installs that one (the
    # analysis derives with the newest of the line the code is written for)
    installed = environment.brought or environment.framework
    assert installed.version == resolved[environment.package]
    assert environment.pydantic.version == resolved["pydantic"]
    if environment.package == "fastmcp" and environment.version < (3,):
        assert environment.sdk.version == resolved["mcp"]
    found = [f for f in _found(text, path) if f[0] == "server-start-fails"]
    if entry["outcome"] == "ok":
        assert found == []
        return
    [(_, severity, where, message)] = found
    assert (severity, where) == (Severity.ERROR, HEADS[environment.package].rstrip("\n"))
    raised = entry["outcome"].split(":")[0]
    assert f"raises {raised}" in message or f"({raised}: " in message or (
        f"or {raised}: " in message), message


def test_the_message_names_the_releases_once_and_the_pin_that_mends_it(tmp_path: Path) -> None:
    path, text = _project(tmp_path, "mcp==1.12.4")
    assert _found(text, path) == [(
        "server-start-fails", Severity.ERROR, "from mcp.server.fastmcp import FastMCP",
        "This server cannot start on mcp 1.12.4 (pinned `mcp==1.12.4` in requirements.txt) with "
        "pydantic 2.14.4 (not pinned: the newest release): the SDK imports `eval_type_backport` "
        "from Pydantic's internals, which Pydantic 2.14.0 removed, so importing `mcp.server` "
        "raises ImportError: pin `pydantic<2.14`, or move to mcp 1.21.1 or later. The process "
        "exits at this import, before it answers anything: every client gets no tools.")]


def test_every_failure_of_a_stack_is_said_with_its_own_pin(tmp_path: Path) -> None:
    # fastmcp 2.10.6 alone: a fresh install brings mcp 2.3.0 and pydantic 2.14.4, and pinning
    # `mcp<2` alone would still leave the settings model Pydantic 2.12 refuses
    path, text = _project(tmp_path, "fastmcp==2.10.6")
    [(_, _, _, message)] = _found(text, path)
    assert message == (
        "This server cannot start on fastmcp 2.10.6 (pinned `fastmcp==2.10.6` in "
        "requirements.txt) with pydantic 2.14.4 (not pinned: the newest release): fastmcp 2.x "
        "cannot import the MCP SDK 2.x, and fastmcp 2.10.6 asks for the MCP SDK without an upper "
        "bound (`mcp>=1.10.0`), so a fresh install brings mcp 2.3.0 (ModuleNotFoundError: "
        "`pydantic_settings`, which the SDK 2.x no longer installs, or ImportError: a name "
        "`mcp.types` no longer has, by release): pin `mcp<2`; fastmcp's settings model declares a field that Pydantic "
        "2.12.0 and later refuse, so `import fastmcp` raises TypeError (\"cannot specify both "
        "default and default_factory\"): pin `pydantic<2.12`. The process exits at this import, "
        "before it answers anything: every client gets no tools.")


def test_a_lockfile_with_a_pydantic_that_imports_is_a_working_server(tmp_path: Path) -> None:
    (tmp_path / "uv.lock").write_text(
        'version = 1\n\n[[package]]\nname = "mcp"\nversion = "1.12.4"\n\n[[package]]\n'
        'name = "pydantic"\nversion = "2.11.7"\n', encoding="utf-8")
    text = HEADS["mcp"] + BODY
    path = tmp_path / "server.py"
    path.write_text(text, encoding="utf-8")
    assert [f for f in _found(text, path) if f[0] == "server-start-fails"] == []


def test_the_framework_option_is_the_stack_checked() -> None:
    text = HEADS["mcp"] + BODY
    assert analyze(text, None, parse_override("mcp==1.21.0")).start_fails
    assert not analyze(text, None, parse_override("mcp==1.21.0,pydantic==2.13.5")).start_fails
    assert not analyze(text, None, parse_override("mcp==1.21.1")).start_fails


def test_the_failure_is_said_where_the_framework_is_first_imported() -> None:
    text = ('"""A server."""\nimport os\n\nif os.environ.get("X"):\n    import mcp.server\n'
            + HEADS["mcp"] + BODY)
    [note] = analyze(text, None, parse_override("mcp==1.3.0")).start_fails
    assert text[note.span[0]:note.span[1]] == "import mcp.server"


def test_an_sdk_pin_beside_fastmcp_3_or_later_is_not_what_it_runs_on(tmp_path: Path) -> None:
    # fastmcp 4 does not use the SDK, 3.x needs 1.24 or later: `mcp==1.12.4` there is not the
    # SDK the server imports
    path, text = _project(tmp_path, "fastmcp==4.2.3,mcp==1.12.4")
    assert [f for f in _found(text, path) if f[0] == "server-start-fails"] == []
    fastmcp3 = Assumed("fastmcp", "3.0.0", "pinned")
    pydantic = Assumed("pydantic", "2.14.4", "not pinned")
    assert import_failure(Environment("fastmcp", fastmcp3, pydantic,
                                      Assumed("mcp", "", NOT_FOLLOWED))) is None


def test_a_file_that_is_no_server_says_nothing() -> None:
    assert not analyze("import mcp.types\n\nX = 1\n", None,
                       parse_override("mcp==1.3.0")).start_fails


@pytest.mark.live_oracle
@pytest.mark.parametrize("stack", record_imports.LIVE)
def test_a_fresh_install_today_does_what_was_recorded(stack: str) -> None:
    committed = {entry["stack"]: entry for entry in RECORDED}[stack]
    assert record_imports.observe(stack) == committed, (
        f"{stack} installs or imports differently today: re-record with "
        f"`python -m tests.python.record_imports {stack}` and check import_failures.py")


def test_schema_lists_the_tools_and_says_the_server_cannot_start(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from portlint.cli.main import main

    path, _ = _project(tmp_path, "fastmcp==2.2.7")
    assert main(["schema", str(path)]) == 0
    captured = capsys.readouterr()
    document = json.loads(captured.out)
    assert [tool["name"] for tool in document["tools"]] == ["add"]
    [entry] = document["cannot_start"]
    assert entry["file"] == str(path)
    assert entry["reason"].startswith(
        "This server cannot start on fastmcp 2.2.7 (pinned `fastmcp==2.2.7` in requirements.txt) "
        "with pydantic 2.14.4 (not pinned: the newest release): fastmcp imports "
        "`eval_type_backport`")
    assert captured.err == f"portlint: {path}: {entry['reason']}\n"


def test_a_registration_the_framework_refuses_is_said_where_it_is_written(
        tmp_path: Path) -> None:
    # fastmcp 2.x raises at `add_tool(function)` (recorded in f2-add-fn): known, not unknown
    (tmp_path / "requirements.txt").write_text("fastmcp==2.14.7\n", encoding="utf-8")
    text = ('from fastmcp import FastMCP\n\nmcp = FastMCP("m")\n\n\n'
            'def add(a: int) -> int:\n    return a\n\n\nmcp.add_tool(add)\n')
    path = tmp_path / "server.py"
    path.write_text(text, encoding="utf-8")
    assert _found(text, path) == [(
        "server-start-fails", Severity.ERROR, "add",
        "Tool `add`: fastmcp 2.x's `add_tool` takes a `Tool`, not a function: the server fails "
        "at start-up (AttributeError: 'function' object has no attribute 'key'); write "
        "`add_tool(Tool.from_function(...))`. The process exits before it answers anything: "
        "every client gets no tools.")]


@pytest.mark.parametrize(("requirement", "head", "said"), [
    # written for 1.x, a requirement without an upper bound: a fresh install brings 2.x
    ("mcp>=1.4.1", HEADS["mcp"],
     "mcp 2.3.0 (the newest release allowed by `mcp>=1.4.1` in requirements.txt): it has no "
     "`mcp.server.fastmcp`, which the code imports (ModuleNotFoundError: No module named "
     "'mcp.server.fastmcp'): pin `mcp<2`"),
    # written for 2.x, pinned to 1.x
    ("mcp==1.30.0", "from mcp.server.mcpserver import MCPServer as FastMCP\n",
     "mcp 1.30.0 (pinned `mcp==1.30.0` in requirements.txt): it has no "
     "`mcp.server.mcpserver`, which the code imports (ModuleNotFoundError: No module named "
     "'mcp.server.mcpserver'): pin `mcp>=2`"),
])
def test_pins_that_bring_the_other_sdk_line_stop_the_server(
        tmp_path: Path, requirement: str, head: str, said: str) -> None:
    (tmp_path / "requirements.txt").write_text(requirement + "\n", encoding="utf-8")
    text = head + BODY
    path = tmp_path / "server.py"
    path.write_text(text, encoding="utf-8")
    assert _found(text, path) == [(
        "server-start-fails", Severity.ERROR, head.rstrip("\n"),
        f"This server cannot start on {said}. The process exits at this import, before it "
        "answers anything: every client gets no tools.")]
    analysis = analyze(text, path)
    assert analysis.environment is not None and analysis.tools[0].input_schema is not None
