"""Whether a module the parser refuses is written for a newer Python than portlint runs on.

portlint parses with the `ast` of its own interpreter (Python 3.11 or later). A project that
requires a newer Python may use its grammar — PEP 701's f-strings (`f"{x.replace('\\n', ' ')}"`,
3.12), PEP 695's `type Alias = ...` and `def f[T]()` (3.12) — and such a file is no syntax error
where it runs (basic-memory 0.24.1, mcp-gsuite 0.4.1). The refusal is said as what it is: this
interpreter cannot read it, and which Python the project asks for (`requires-python` of the
project's `pyproject.toml`), so the user runs portlint on that Python instead of hunting a syntax
error that is not there. Only the file is read."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from portlint.python.pins import required_python

_MINIMUM = re.compile(r"(?:>=|~=|==|>)\s*3\.(\d{1,9})(?!\d)")


def parse_refusal(message: str, path: Path | None) -> str:
    """What to say of a module the parser refuses with ``message``."""
    running = f"{sys.version_info.major}.{sys.version_info.minor}"
    asked = required_python(path) if path is not None else None
    if asked is not None and _minimum_minor(asked[0]) > sys.version_info.minor:
        return (f"Python {running}, which portlint runs on, cannot parse this file ({message}); "
                f"the project requires Python {asked[0]} ({asked[1]}), whose grammar is "
                "newer: run portlint on that Python to read it")
    if message.startswith("f-string") and sys.version_info < (3, 12):
        return (f"Python syntax error for Python {running}, which portlint runs on: {message} "
                "(f-strings are freer from Python 3.12 on: if the project runs on a newer "
                "Python, run portlint on it)")
    return f"Python syntax error: {message}"


def _minimum_minor(spec: str) -> int:
    minors = [int(m) for m in _MINIMUM.findall(spec)]
    return min(minors) if minors else 0
