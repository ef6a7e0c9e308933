"""`Field(...)` objects bound to module constants and given as parameters' defaults or as
`Annotated` metadata (awslabs' aws-pricing-mcp-server): read as the call written in place, with
the constants of the module writing it; what is said about their arguments is said where the
parameter names the constant. The oracle projects `*-field-constants` check the derived schemas
against the real frameworks."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from portlint.cli.main import main
from tests.python.project_files import write_project

_FIELDS = '''from pydantic import Field

from app.consts import MAX

LIMIT_FIELD = Field(MAX, description=f"At most {MAX}", ge=1, le=MAX)
CODE_FIELD = Field(..., description="A code",
                   json_schema_extra={"type": ["string", "null"]})
NAME_FIELD = Field(description="A name", min_length=1)
'''
_SERVER = '''from typing import Annotated

from fastmcp import FastMCP
from pydantic import Field

from app import fields
from app.fields import LIMIT_FIELD

PAGE = Field(1, description="The page", ge=1)
mcp = FastMCP("x")


@mcp.tool()
def search(code: str = fields.CODE_FIELD, limit: int = LIMIT_FIELD, page: int = PAGE) -> str:
    """Search."""
    return ""
'''


def _project(tmp_path: Path, server: str = _SERVER, fields: str = _FIELDS) -> Path:
    return write_project(tmp_path, {
        "requirements.txt": "fastmcp==4.2.3\n", "app/__init__.py": "",
        "app/consts.py": "MAX = 50\n", "app/fields.py": fields, "app/server.py": server})


def _schema(root: Path, capsys: pytest.CaptureFixture[str]) -> list[dict[str, Any]]:
    assert main(["schema", str(root / "app" / "server.py")]) == 0
    tools: list[dict[str, Any]] = json.loads(capsys.readouterr().out)["tools"]
    return tools


def test_field_constants_read_like_the_calls_written_in_place(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    [tool] = _schema(_project(tmp_path), capsys)
    assert tool["inputSchema"] == {
        "additionalProperties": False, "type": "object", "required": ["code"],
        "properties": {
            "limit": {"default": 50, "description": "At most 50", "maximum": 50, "minimum": 1,
                      "type": "integer"},
            "page": {"default": 1, "description": "The page", "minimum": 1, "type": "integer"},
            "code": {"description": "A code", "type": ["string", "null"]}}}


def test_a_finding_in_an_imported_field_is_placed_where_the_parameter_names_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _project(tmp_path)
    assert main(["check", "--format", "json", "--exit-zero", str(root / "app")]) == 0
    findings = json.loads(capsys.readouterr().out)["findings"]
    text = (root / "app" / "server.py").read_text(encoding="utf-8")
    start = text.index("fields.CODE_FIELD")
    line = text[:start].count("\n") + 1
    column = start - text.rfind("\n", 0, start)
    assert [(f["rule"], f["severity"], Path(f["file"]).name, f["location"], f["end_location"])
            for f in findings] == [
        ("type-union", "warning", "server.py", {"line": line, "column": column},
         {"line": line, "column": column + len("fields.CODE_FIELD")})]


def test_a_field_in_annotated_metadata_is_read(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    server = _SERVER.replace("page: int = PAGE", "page: Annotated[str, fields.NAME_FIELD] = 'a'")
    [tool] = _schema(_project(tmp_path, server), capsys)
    assert tool["inputSchema"]["properties"]["page"] == {
        "default": "a", "description": "A name", "minLength": 1, "type": "string"}
    # a field's own default inside `Annotated` gives way to the default assigned (Pydantic 2.11
    # and 2.14: the `*-annotated-default` oracle projects)
    server = _SERVER.replace("limit: int = LIMIT_FIELD", "limit: Annotated[int, LIMIT_FIELD] = 3")
    [tool] = _schema(_project(tmp_path, server), capsys)
    assert tool["inputSchema"]["properties"]["limit"] == {
        "default": 3, "description": "At most 50", "maximum": 50, "minimum": 1,
        "type": "integer"}


@pytest.mark.parametrize(("fields", "server"), [
    # bound twice: which call a parameter gets depends on when the tool is made
    (_FIELDS + "LIMIT_FIELD = Field(5)\n", _SERVER),
    # an argument computed at run time where the field is written
    (_FIELDS.replace("from app.consts import MAX", "import os\n\nMAX = int(os.environ['M'])"),
     _SERVER),
    # the using module assigns the constant it reads through the module
    (_FIELDS, _SERVER.replace('mcp = FastMCP("x")',
                              'fields.CODE_FIELD = Field(None)\nmcp = FastMCP("x")')),
    # not pydantic's `Field`
    (_FIELDS.replace("from pydantic import Field", "from dataclasses import field as Field"),
     _SERVER),
])
def test_a_field_constant_that_cannot_be_read_leaves_the_schema_unknown(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], fields: str, server: str) -> None:
    [tool] = _schema(_project(tmp_path, server, fields), capsys)
    assert tool["unknown"] == "a default value computed at run time"
    assert "inputSchema" not in tool
