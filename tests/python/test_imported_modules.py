"""What portlint reads in the project's other modules: type aliases (`Pattern =
Annotated[Union[...], Field(discriminator=...)]`, held to the frameworks by the oracle projects
f4/m1-imported-alias), and what it cannot read there is placed where this file uses it, the other
module's line named — never at an offset of the other file's text in this one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portlint.cli.main import main

MODELS = """\
from typing import Union
from pydantic import BaseModel
from somewhere_else import Thing


class A(BaseModel):
    a: int


class Bad(BaseModel):
    first: str
    x: Thing


Either = Union[A, int]
"""

SERVER = """\
from fastmcp import FastMCP
from app.models import Bad, Either

mcp = FastMCP("x")


@mcp.tool()
def first(p: Either) -> str:
    return ""


@mcp.tool()
def second(p: Bad) -> str:
    return ""
"""


def _project(tmp_path: Path) -> Path:
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "app" / "models.py").write_text(MODELS, encoding="utf-8")
    (tmp_path / "app" / "server.py").write_text(SERVER, encoding="utf-8")
    (tmp_path / "requirements.txt").write_text("fastmcp==4.2.3\n", encoding="utf-8")
    return tmp_path / "app" / "server.py"


def test_an_imported_alias_is_the_type_it_stands_for(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["schema", str(_project(tmp_path)), "--tool", "first"])
    [tool] = json.loads(capsys.readouterr().out)["tools"]
    assert tool["inputSchema"]["properties"]["p"] == {"anyOf": [
        {"properties": {"a": {"type": "integer"}}, "required": ["a"], "type": "object"},
        {"type": "integer"}]}


def test_what_another_module_hides_is_said_where_this_file_uses_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["check", "--format", "json", str(_project(tmp_path))])
    findings = [f for f in json.loads(capsys.readouterr().out)["findings"]
                if f["rule"] == "unknown-schema"]
    assert [(f["tool"], f["location"], f["end_location"]) for f in findings] == [
        (None, {"line": 13, "column": 15}, {"line": 13, "column": 18})]
    assert findings[0]["message"] == (
        "The schema of tool `second` cannot be derived without running code: "
        "`somewhere_else.Thing` comes from `somewhere_else`, whose source portlint does not "
        "read (in models.py, line 12).")


def test_a_builtin_type_not_derived_is_said_to_be_one_and_an_unknown_name_not(
        tmp_path: Path) -> None:
    from portlint.linter import lint_text
    from portlint.settings import Settings

    (tmp_path / "requirements.txt").write_text("mcp==1.30.0\n", encoding="utf-8")
    text = ('from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP("t")\n\n\n'
            '@mcp.tool()\ndef push(value: bytearray) -> str:\n    return ""\n\n\n'
            '@mcp.tool()\ndef pull(value: Missing) -> str:  # noqa: F821\n    return ""\n')
    path = tmp_path / "server.py"
    path.write_text(text, encoding="utf-8")
    assert [(text[f.span[0]:f.span[1]], f.message)
            for f in lint_text(text, str(path), Settings()).findings] == [
        ("bytearray", "The schema of tool `push` cannot be derived without running code: "
                      "`bytearray` is a built-in type whose schema portlint does not derive."),
        ("Missing", "The schema of tool `pull` cannot be derived without running code: "
                    "`Missing` is not defined in this file or a module portlint knows.")]
