"""A small Python project written for a test: its files and the pins the analysis reads."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from portlint.cli.main import main
from portlint.python.analysis import analyze


def write_project(root: Path, files: dict[str, str], pins: str = "mcp==1.30.0\n") -> Path:
    """``files`` (relative path → text) written under ``root``, with ``pins`` as its
    requirements.txt; returns ``root``."""
    (root / "requirements.txt").write_text(pins, encoding="utf-8")
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


def registered(path: Path) -> list[tuple[str | None, list[str] | str]]:
    """(name, its input properties, or why it is not derived) of each tool the module at
    ``path`` registers (the name None when portlint did not read it)."""
    tools = analyze(path.read_text(encoding="utf-8"), path).tools
    return [(t.name if t.resolved_name else None,
             list(t.input_schema["properties"]) if t.input_schema is not None
             else t.unknown[0].reason) for t in tools]


def unknown_findings(root: Path, capsys: pytest.CaptureFixture[str]) -> list[dict[str, Any]]:
    """The unknown-schema findings of `portlint check --format json ROOT`."""
    assert main(["check", "--format", "json", str(root)]) == 0
    report = json.loads(capsys.readouterr().out)
    return [f for f in report["findings"] if f["rule"] == "unknown-schema"]
