"""``portlint`` as a program (``cli.main.run``: the console script and ``python -m portlint``)
prints, and exits with, exactly what :func:`portlint.cli.main.main` returns in process, though it
skips the interpreter's teardown; and it keeps the teardown whenever something needs it.

Asserted by output and status, never by time (times belong in bench/)."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from portlint.cli.main import main

# the program as a user runs it: its output buffered (as when piped), not PYTHONUNBUFFERED
ENV = {name: value for name, value in os.environ.items() if name != "PYTHONUNBUFFERED"}


def tool(index: int) -> dict[str, object]:
    # a type list and a type no JSON Schema knows: a warning and an error on every tool, a report
    # far beyond a pipe's buffer
    return {"name": f"tool_{index}", "description": "A tool.",
            "inputSchema": {"type": "object", "properties": {
                "a": {"type": ["string", "null"]}, "b": {"type": "dict"}}}}


@pytest.fixture
def tools_file(tmp_path: Path) -> Path:
    path = tmp_path / "tools.json"
    path.write_text(json.dumps({"tools": [tool(i) for i in range(400)]}, indent=2) + "\n",
                    encoding="utf-8")
    return path


def in_process(*words: str) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(list(words))
    return status, out.getvalue()


@pytest.mark.parametrize("fmt", ["text", "json", "sarif", "concise"])
def test_the_program_prints_and_exits_as_main_returns(tools_file: Path, fmt: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tools_file.parent)
    status, expected = in_process("check", "--format", fmt, tools_file.name)
    done = subprocess.run([sys.executable, "-m", "portlint", "check", "--format", fmt,
                           tools_file.name], capture_output=True, cwd=tools_file.parent,
                          env=ENV, check=False)
    assert status == 1
    assert len(expected) > 100_000
    assert (done.returncode, done.stdout.decode("utf-8"), done.stderr) == (status, expected, b"")


def test_a_clean_file_exits_0_and_a_usage_error_2(tmp_path: Path) -> None:
    path = tmp_path / "tools.json"
    path.write_text(json.dumps({"tools": [{"name": "t", "inputSchema": {"type": "object", "properties": {}}}]}))
    clean = subprocess.run([sys.executable, "-m", "portlint", "check", str(path)],
                           capture_output=True, text=True, env=ENV, check=False)
    assert (clean.returncode, clean.stdout) == (0, "All checks passed: 1 tool in 1 file.\n")
    usage = subprocess.run([sys.executable, "-m", "portlint", "check", "--select", "nope",
                            str(path)], capture_output=True, text=True, env=ENV, check=False)
    assert usage.returncode == 2
    assert usage.stderr.startswith("portlint: --select: unknown rule nope")


RUN_WITH = """
import sys
{setup}
from portlint.cli.main import run
sys.argv = ["portlint", "check", {path!r}]
run()
"""


@pytest.mark.parametrize("setup, told", [
    ("import atexit\natexit.register(lambda: print('teardown ran', file=sys.stderr))",
     "teardown ran"),
    ("import threading, time\n"
     "def late():\n    time.sleep(0.3)\n    print('thread finished', file=sys.stderr)\n"
     "threading.Thread(target=late).start()", "thread finished"),
])
def test_the_teardown_is_kept_when_something_needs_it(tools_file: Path, setup: str,
                                                      told: str) -> None:
    done = subprocess.run([sys.executable, "-c",
                           RUN_WITH.format(setup=setup, path=str(tools_file))],
                          capture_output=True, text=True, env=ENV, check=False)
    assert done.returncode == 1
    assert done.stderr.strip() == told
    assert done.stdout == in_process("check", str(tools_file))[1]


def test_the_command_starts_with_its_modules_frozen_and_the_collector_running(
        tools_file: Path) -> None:
    code = ("import gc, sys\n"
            "import portlint.cli.main as cli\n"
            "def seen(argv):\n"
            "    print(gc.isenabled(), gc.get_freeze_count() > 10000,\n"
            "          'portlint.cli.check' in sys.modules, file=sys.stderr)\n"
            "    return 0\n"
            "cli.main = seen\n"
            f"sys.argv = ['portlint', 'check', {str(tools_file)!r}]\n"
            "cli.run()\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=ENV, check=False)
    assert (done.returncode, done.stderr) == (0, "True True True\n")
