"""The code base stays ruff- and mypy --strict-clean."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def test_ruff() -> None:
    proc = subprocess.run([sys.executable, "-m", "ruff", "check", "--output-format", "concise",
                           "server", "tests", "scripts", "bench"], cwd=REPO, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_mypy_strict() -> None:
    proc = subprocess.run([sys.executable, "-m", "mypy"], cwd=REPO, capture_output=True,
                          text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
