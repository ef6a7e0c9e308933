"""The VS Code extension's own checks: its TypeScript type-checks, and its unit tests (settings
mapping, interpreter resolution, server options, the bundle and its manifest) pass under
`node --test`, without VS Code."""

from __future__ import annotations

import shutil
import subprocess

from tests.editors.support import REPO, missing

EXTENSION = REPO / "editors" / "vscode"


def _ready() -> None:
    if shutil.which("npm") is None or not (EXTENSION / "node_modules" / "esbuild").exists():
        missing("the extension's npm packages (npm ci in editors/vscode)")


def test_extension_typechecks() -> None:
    _ready()
    proc = subprocess.run(["npm", "run", "--silent", "typecheck"], cwd=EXTENSION,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_extension_unit_tests() -> None:
    _ready()
    proc = subprocess.run(["npm", "test", "--silent"], cwd=EXTENSION, capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "# fail 0" in proc.stdout and "# pass 16" in proc.stdout, proc.stdout
