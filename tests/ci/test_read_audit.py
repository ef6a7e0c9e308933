"""The read audit (tests/support/readaudit.py) fails a default-suite test that reads outside the
repository and the temporary directory, and leaves alone the layers' tests and what is allowed.

Run in a separate pytest whose repository is a folder of its own and whose temporary directory
is another, so that a third folder is "outside" for it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.support.readaudit import ReadAudit

REPO = Path(__file__).resolve().parents[2]
CONFTEST = """
import importlib.util, sys
spec = importlib.util.spec_from_file_location("readaudit", {module!r})
readaudit = importlib.util.module_from_spec(spec)
sys.modules["readaudit"] = readaudit
spec.loader.exec_module(readaudit)

def pytest_configure(config):
    config.addinivalue_line("markers", "shared_data: a layer")
    readaudit.install(config)
    config.pluginmanager.register(readaudit, "readaudit")
"""
TESTS = """
import os, subprocess, sys
from pathlib import Path
import pytest

OUTSIDE = Path({outside!r})

def test_reads_outside():
    OUTSIDE.joinpath("data.json").read_text()

def test_lists_outside():
    os.listdir(OUTSIDE)

def test_names_outside_to_a_process():
    subprocess.run([sys.executable, "-c", "pass", str(OUTSIDE / "data.json")], check=True)

@pytest.mark.shared_data
def test_a_layer_may():
    OUTSIDE.joinpath("data.json").read_text()

def test_inside_and_temp_and_packages(tmp_path):
    Path(__file__).read_text()
    (tmp_path / "x").write_text("x")
    import json, email.mime.text  # the standard library, imported now
    assert json and email
"""


def test_outside_reads_fail_and_the_rest_passes(tmp_path: Path) -> None:
    project, temp, outside = tmp_path / "project", tmp_path / "temp", tmp_path / "outside"
    for folder in (project, temp, outside):
        folder.mkdir()
    (outside / "data.json").write_text("{}")
    (project / "pyproject.toml").write_text("[tool.pytest.ini_options]\n")
    (project / "conftest.py").write_text(CONFTEST.format(
        module=str(REPO / "tests" / "support" / "readaudit.py")))
    (project / "test_reads.py").write_text(TESTS.format(outside=str(outside)))
    env = {**os.environ, "TMPDIR": str(temp), "PYTHONDONTWRITEBYTECODE": "1"}
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "-rA", "test_reads.py"], cwd=project, env=env, capture_output=True,
                          text=True, timeout=300)
    out = proc.stdout
    assert "3 failed, 2 passed" in out, out
    for name, what in (("test_reads_outside", "open"), ("test_lists_outside", "os.listdir"),
                       ("test_names_outside_to_a_process", "subprocess.Popen")):
        assert f"FAILED test_reads.py::{name}" in out, out
        assert f"{what} {outside}" in out, out
    assert "PASSED test_reads.py::test_a_layer_may" in out


def test_allowed_is_by_folder_not_by_prefix(tmp_path: Path) -> None:
    audit = ReadAudit([str(tmp_path / "repo")])
    assert audit.allowed(str(tmp_path / "repo" / "a" / "b.json"))
    assert audit.allowed(str(tmp_path / "repo"))
    assert not audit.allowed(str(tmp_path / "repo-sibling" / "b.json"))
    assert not audit.allowed(str(tmp_path / "repo" / ".." / "shared" / "corpus"))
    assert audit.lists_an_ancestor("/") and audit.lists_an_ancestor(str(tmp_path))
    assert not audit.lists_an_ancestor(str(tmp_path / "repo-sibling"))
