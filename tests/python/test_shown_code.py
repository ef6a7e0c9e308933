"""Code quoted in a finding is short and on one line: a description written as a page-long
f-string (elevenlabs-mcp's tools) made each `unknown-schema` message a page long."""

from __future__ import annotations

from pathlib import Path

from portlint.linter import lint_text
from portlint.settings import Settings

WORDS = "\n".join(f"    line {i} of the description, {{os.getenv('MODE')}}" for i in range(60))
SERVER = f'''import os

from mcp.server.fastmcp import FastMCP

mcp = FastMCP("x")


@mcp.tool(description=f"""Speak.
{WORDS}
""")
def speak(text: str) -> str:
    return text
'''


def test_a_long_computed_description_is_quoted_in_sixty_characters(tmp_path: Path) -> None:
    (tmp_path / "requirements.txt").write_text("mcp==1.30.0\n", encoding="utf-8")
    path = tmp_path / "server.py"
    path.write_text(SERVER, encoding="utf-8")
    found = lint_text(SERVER, str(path), Settings()).findings
    assert [(f.rule, f.message) for f in found] == [(
        "unknown-schema",
        "The description of tool `speak` cannot be read without running code: the tool's "
        "description is computed at run time (`f\"Speak.\\n line 0 of the description, "
        "{os.getenv('MODE')}...`). Its schemas are derived and linted.")]
