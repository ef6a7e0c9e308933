"""A small Python project written for a test: its files and the pins the analysis reads."""

from __future__ import annotations

from pathlib import Path


def write_project(root: Path, files: dict[str, str], pins: str = "mcp==1.30.0\n") -> Path:
    """``files`` (relative path → text) written under ``root``, with ``pins`` as its
    requirements.txt; returns ``root``."""
    (root / "requirements.txt").write_text(pins, encoding="utf-8")
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root
