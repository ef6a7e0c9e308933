"""The pre-commit hook: its fields, and a real `pre-commit try-repo` run."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parents[2]


def test_hook_file_fields() -> None:
    hooks = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text())
    [hook] = hooks
    assert hook["id"] == "portlint"
    assert hook["entry"] == "portlint check --skip-unrelated"
    assert hook["language"] == "python"
    assert set(hook["types_or"]) == {"json", "yaml", "python", "ts", "tsx", "javascript", "jsx"}
    assert set(hook) <= {"id", "name", "description", "entry", "language", "types_or",
                         "require_serial", "args", "files", "exclude"}


@pytest.mark.skipif(importlib.util.find_spec("pre_commit") is None or shutil.which("git") is None,
                    reason="pre-commit is not installed")
def test_try_repo_fails_on_errors_and_passes_when_clean(tmp_path: Path) -> None:
    work = tmp_path / "work"
    work.mkdir()
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "cache"), "GIT_AUTHOR_NAME": "t",
           "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@example.com"}
    subprocess.run(["git", "init", "-q"], cwd=work, check=True, env=env)
    shutil.copy(REPO / "examples" / "weather-server.tools.json", work / "tools.json")
    (work / "clean.json").write_text('{"name": "t", "inputSchema": {"type": "object", "properties": {}}}\n')
    # what every repository has besides tools: pre-commit names these too
    (work / "package.json").write_text('{"name": "x", "type": "module", "dependencies": '
                                       '{"@modelcontextprotocol/sdk": "1.32.2"}}\n')
    (work / "ci.yaml").write_text("on: push\njobs: {}\n")
    (work / "util.py").write_text("def add(a, b):\n    return a + b\n")
    (work / "index.ts").write_text("export const x = 1;\n")
    subprocess.run(["git", "add", "-A"], cwd=work, check=True, env=env)

    def try_repo(*files: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "pre_commit", "try-repo", str(REPO),
                               "portlint", "--files", *files], cwd=work, env=env,
                              capture_output=True, text=True, timeout=600)

    others = ("package.json", "ci.yaml", "util.py", "index.ts")
    failing = try_repo("tools.json", *others)
    assert failing.returncode == 1, failing.stdout + failing.stderr
    assert 'Error: tool "get_temp" [boolean-schema]' in failing.stdout
    assert "package.json" not in failing.stdout and "ci.yaml" not in failing.stdout
    passing = try_repo("clean.json", *others)
    assert passing.returncode == 0, passing.stdout + passing.stderr
    assert try_repo(*others).returncode == 0
