"""portlint never starts a process: ``portlint serve`` through a whole session and ``portlint
check`` (with --fix and every report format) run with an audit hook that refuses and records any
process start (``tests/lsp/audit/sitecustomize.py``), and — where strace is installed — under
strace, counting every execve. Both run from a repository whose ``PATH`` has relative entries
holding a hostile ``ldconfig``, ``gcc``, ``cc``, ``ld``, ``objdump`` and ``uname``: what
``ctypes.util.find_library`` used to run (``portlint serve`` called it on every start)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.lsp.raw import REPOSITORY, RawServer

AUDIT = Path(__file__).with_name("audit")
HOSTILE = ("ldconfig", "gcc", "cc", "ld", "objdump", "uname", "sh", "git", "python3", "node")
TOOLS = ('{"tools": [{"name": "t", "inputSchema": {"type": "object", "properties": '
         '{"a": true, "b": {"type": ["string", "null"]}}}}]}\n')
YAML = "name: y\ninputSchema:\n  type: object\n  properties:\n    a: true\n"
PYTHON = ("from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP('x')\n\n\n@mcp.tool()\n"
          "def add(a: int, b: int) -> int:\n    return a + b\n")


def _repository(tmp_path: Path) -> tuple[Path, Path, dict[str, str]]:
    """A checkout with hostile programs on relative PATH entries; the marker they would
    create; the environment to run in."""
    workspace = tmp_path / "repo"
    marker = tmp_path / "a hostile program ran"
    for folder in (workspace / "node_modules" / ".bin", workspace / "bin", workspace):
        folder.mkdir(parents=True, exist_ok=True)
        for name in HOSTILE:
            program = folder / name
            program.write_text(f"#!/bin/sh\necho {name} >> '{marker}'\n")
            program.chmod(0o755)
    (workspace / "tools.json").write_text(TOOLS)
    (workspace / "tool.yaml").write_text(YAML)
    (workspace / "server.py").write_text(PYTHON)
    log = tmp_path / "audit.log"
    env = {"PYTHONPATH": os.pathsep.join((str(AUDIT), str(REPOSITORY / "server"))),
           "PATH": os.pathsep.join(("node_modules/.bin", "bin", "", ".", os.environ["PATH"])),
           "PORTLINT_AUDIT_LOG": str(log)}
    return workspace, marker, env


def _session(server: RawServer, workspace: Path) -> None:
    """open, edit, pull, code action, hover, symbols, commands, close — every document kind."""
    server.handlers["workspace/applyEdit"] = lambda params: {"applied": True}
    server.initialize(workspace)
    for name, language, text in (("tools.json", "json", TOOLS), ("tool.yaml", "yaml", YAML),
                                 ("server.py", "python", PYTHON)):
        uri = (workspace / name).as_uri()
        server.open(uri, text, language=language)
        diagnostics = server.published(uri, 1)["diagnostics"]
        server.change(uri, 2, text + "\n")
        diagnostics = server.published(uri, 2)["diagnostics"] or diagnostics
        document = {"textDocument": {"uri": uri}}
        for method, params in (
                ("textDocument/hover", {**document, "position": {"line": 0, "character": 20}}),
                ("textDocument/documentSymbol", document),
                ("textDocument/diagnostic", document),
                ("textDocument/codeAction", {**document, "range": {
                    "start": {"line": 0, "character": 0}, "end": {"line": 9, "character": 0}},
                    "context": {"diagnostics": diagnostics}}),
                ("workspace/executeCommand", {"command": "portlint.applyFixAll",
                                              "arguments": [uri]}),
                ("workspace/executeCommand", {"command": "portlint.locatePath",
                                              "arguments": [uri, "inputSchema"]})):
            answer = server.call(method, params, timeout=60)
            assert "error" not in answer, (method, answer)
        server.close(uri)
    assert server.shutdown_and_exit(timeout=60) == 0


def _check_commands(workspace: Path) -> list[list[str]]:
    check = [sys.executable, "-m", "portlint", "check"]
    return [[*check, "."], [*check, "--format", "sarif", "--exit-zero", "."],
            [*check, "--format", "json", "--exit-zero", "--target", "all", "."],
            [*check, "--format", "github", "--exit-zero", "."],
            [*check, "--fix", "--unsafe-fixes", "--exit-zero", "."],
            [*check, "--exit-zero", "-"]]


def _assert_nothing_ran(marker: Path, log: Path, stderr: bytes = b"") -> None:
    assert not marker.exists(), marker.read_text()
    assert not log.exists(), log.read_text()
    assert b"refused by the no-process audit" not in stderr


def test_serve_starts_no_process(tmp_path: Path) -> None:
    workspace, marker, env = _repository(tmp_path)
    with RawServer(env=env, cwd=workspace) as server:
        _session(server, workspace)
        assert not server.garbage
        stderr = bytes(server.stderr)
    _assert_nothing_ran(marker, Path(env["PORTLINT_AUDIT_LOG"]), stderr)


def test_check_starts_no_process(tmp_path: Path) -> None:
    workspace, marker, env = _repository(tmp_path)
    for command in _check_commands(workspace):
        proc = subprocess.run(command, cwd=workspace, env={**os.environ, **env}, input=TOOLS,
                              capture_output=True, text=True, timeout=120)
        assert proc.returncode in (0, 1), (command, proc.stderr)
        _assert_nothing_ran(marker, Path(env["PORTLINT_AUDIT_LOG"]), proc.stderr.encode())


def test_the_audit_refuses_what_find_library_does(tmp_path: Path) -> None:
    """The hook is live: the lookup the server used to make is refused and recorded."""
    workspace, marker, env = _repository(tmp_path)
    proc = subprocess.run([sys.executable, "-c",
                           "import ctypes.util; ctypes.util.find_library('c')"],
                          cwd=workspace, env={**os.environ, **env}, capture_output=True,
                          text=True, timeout=60)
    log = Path(env["PORTLINT_AUDIT_LOG"])
    assert log.exists() and log.read_text().startswith("subprocess.Popen"), proc.stderr
    assert not marker.exists()


STRACE = shutil.which("strace")


def _strace_ok() -> bool:
    if STRACE is None:
        return False
    probe = subprocess.run([STRACE, "-f", "-qq", "-e", "trace=execve", "-o", os.devnull,
                            "true"], capture_output=True, timeout=30)
    return probe.returncode == 0


@pytest.mark.skipif(not _strace_ok(), reason="strace is not installed or not permitted here")
def test_under_strace_only_python_itself_is_executed(tmp_path: Path) -> None:
    workspace, marker, env = _repository(tmp_path)
    trace = tmp_path / "trace"
    strace = [str(STRACE), "-f", "-qq", "-e", "trace=execve,execveat,fork,vfork", "-o",
              str(trace)]
    with RawServer(command=[*strace, sys.executable, "-m", "portlint", "serve"], env=env,
                   cwd=workspace) as server:
        _session(server, workspace)
    calls = [line for line in trace.read_text().splitlines() if re.search(r"\bexec|fork", line)]
    assert len(calls) == 1 and "execve(" in calls[0], calls  # starting python, nothing more
    for command in _check_commands(workspace)[:2]:
        subprocess.run([*strace, *command], cwd=workspace, env={**os.environ, **env},
                       input=TOOLS, capture_output=True, text=True, timeout=120)
        calls = [line for line in trace.read_text().splitlines()
                 if re.search(r"\bexec|fork", line)]
        assert len(calls) == 1 and "execve(" in calls[0], calls
    _assert_nothing_ran(marker, Path(env["PORTLINT_AUDIT_LOG"]))
