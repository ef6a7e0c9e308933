"""Where the real editors are, and whether a missing one fails the run or skips.

The editors are a test layer (``tests/support/layers.py``): `.ci/run` names ``editors`` in
``PORTLINT_REQUIRE`` after installing them, so there a missing editor is a failure; on a machine
without them the editor tests are skipped, saying why."""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

from tests.support import layers

REPO = Path(__file__).resolve().parents[2]


def missing(what: str) -> None:
    layers.unavailable("editors", f"editors layer: {what} is not installed "
                                  "(editors/install-test-editors.sh installs it)")


def venv_bin() -> Path:
    return Path(sys.executable).parent


def nvim_binaries() -> dict[str, Path]:
    """The Neovim binaries available, by minor version ("0.11", "0.7")."""
    found: dict[str, Path] = {}
    for candidate in (venv_bin() / "nvim", shutil.which("nvim")):
        if candidate is None or not Path(candidate).exists():
            continue
        import subprocess

        version = subprocess.run([str(candidate), "--version"], capture_output=True, text=True,
                                 timeout=30).stdout
        match = re.search(r"NVIM v(\d+\.\d+)", version)
        if match and match.group(1) not in found:
            found[match.group(1)] = Path(candidate)
    return found


def readme_block(marker: str) -> str:
    """The fenced block after ``<!-- marker -->`` in the README."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    after = text.split(f"<!-- {marker} -->", 1)[1]
    match = re.search(r"```[a-z]*\n(.*?)```", after, re.DOTALL)
    assert match, marker
    return match.group(1)
