"""A module the parser of portlint's own Python refuses is said as that when the project asks
for a newer Python (basic-memory 0.24.1's PEP 695 `type` aliases and PEP 701 f-strings were
reported as syntax errors, and their tools lost without a word of why) or the refusal is of an
f-string; any other refusal stays a syntax error."""

from __future__ import annotations

import sys
from pathlib import Path

from portlint.linter import lint_text
from portlint.readers import format_for

FSTRING = "from mcp.server.fastmcp import FastMCP\n\nx = f\"{'a\\nb'.replace('\\n', ' ')}\"\n"
BROKEN = "from mcp.server.fastmcp import FastMCP\n\ndef (:\n"


def _finding(path: Path, text: str) -> tuple[str, str, str]:
    path.write_text(text, encoding="utf-8")
    result = lint_text(text, str(path), fmt=format_for(str(path), text))
    [finding] = result.findings
    return finding.rule, finding.message, finding.suggestion


def test_an_fstring_of_a_newer_python_is_said_so(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\nrequires-python = ">=3.12"\n')
    if sys.version_info >= (3, 12):  # PEP 701: this Python reads it
        (tmp_path / "server.py").write_text(FSTRING, encoding="utf-8")
        assert lint_text(FSTRING, str(tmp_path / "server.py")).findings == []
        return
    assert _finding(tmp_path / "server.py", FSTRING) == (
        "parse-error",
        "Python 3.11, which portlint runs on, cannot parse this file (f-string expression part "
        "cannot include a backslash); the project requires Python >=3.12 (`requires-python`), "
        "whose grammar is newer: run portlint on that Python to read it",
        "Run portlint on the Python the project runs on; nothing in this file is checked until "
        "it parses.")
    # with no pyproject saying, an f-string's refusal still names the interpreter
    (tmp_path / "pyproject.toml").unlink()
    rule, message, _ = _finding(tmp_path / "server.py", FSTRING)
    assert (rule, message) == ("parse-error", (
        "Python syntax error for Python 3.11, which portlint runs on: f-string expression part "
        "cannot include a backslash (f-strings are freer from Python 3.12 on: if the project "
        "runs on a newer Python, run portlint on it)"))


def test_a_syntax_error_of_the_python_it_runs_on_is_one(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\nrequires-python = ">=3.10"\n')
    assert _finding(tmp_path / "server.py", BROKEN) == (
        "parse-error", "Python syntax error: invalid syntax",
        "Fix the syntax; the schemas are checked once the document parses.")


PEP695 = "from mcp.server.fastmcp import FastMCP\n\n\ndef first[T](items: list[T]) -> T:\n" \
         "    return items[0]\n"


def test_an_installed_package_asks_in_its_metadata(tmp_path: Path) -> None:
    # dbt-mcp 2.8.0, pagerduty-mcp 1.1.0: installed for Python 3.12, no pyproject beside them
    packages = tmp_path / "lib" / "python3.12" / "site-packages"
    (packages / "demo_srv").mkdir(parents=True)
    info = packages / "demo_srv-0.1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.4\nName: demo-srv\nVersion: 0.1.0\n"
                                   "Requires-Python: >=3.12\nRequires-Dist: mcp==1.30.0\n\n"
                                   "Requires-Python: >=3.99 (the description, not a header)\n")
    (info / "RECORD").write_text("demo_srv/__init__.py,,\ndemo_srv/server.py,,\n")
    (packages / "demo_srv" / "__init__.py").write_text("")
    if sys.version_info >= (3, 12):
        return
    assert _finding(packages / "demo_srv" / "server.py", PEP695) == (
        "parse-error",
        "Python 3.11, which portlint runs on, cannot parse this file (expected '('); the project "
        "requires Python >=3.12 (`Requires-Python` of demo_srv-0.1.0.dist-info/METADATA), whose "
        "grammar is newer: run portlint on that Python to read it",
        "Run portlint on the Python the project runs on; nothing in this file is checked until "
        "it parses.")
