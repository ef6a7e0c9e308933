"""A default or option written as a Python literal that has no JSON value (`...`, bytes, a
complex number, a set) never reaches the schema printed or linted: `...` is Pydantic's
"required" (oracle projects `m2-ellipsis-defaults`, `f4-ellipsis-defaults`), anything else is
said not derivable — `portlint schema` printed a traceback for mfa-servicenow-mcp 1.25.4's
`Field(default=...)`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portlint.cli.main import main
from tests.python.project_files import write_project

_SERVER = '''from typing import Annotated

from mcp.server.mcpserver import MCPServer
from pydantic import BaseModel, Field

mcp = MCPServer("x")


class Params(BaseModel):
    value: {annotation} = {default}


@mcp.tool()
def run(params: Params, flat: {annotation} = {default}) -> str:
    return ""
'''


@pytest.mark.parametrize(("annotation", "default", "required", "unknown"), [
    ("str", "...", True, None),
    ("str", "Field(default=..., description='d')", True, None),
    ("Annotated[str, Field(default=...)]", "'x'", False, None),
    ("bytes", "b'abc'", None, "a default value computed at run time"),
    ("complex", "1j", None, "a default value computed at run time"),
    ("set[int]", "{1, 2}", None, "a default value computed at run time"),
    ("str", "Field(default='x', examples=[...])", None, "is computed at run time"),
])
def test_a_default_without_a_json_value_never_reaches_the_schema(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], annotation: str, default: str,
        required: bool | None, unknown: str | None) -> None:
    write_project(tmp_path, {"server.py": _SERVER.format(annotation=annotation,
                                                         default=default)}, "mcp==2.3.0\n")
    status = main(["schema", str(tmp_path / "server.py")])
    printed = json.loads(capsys.readouterr().out)
    assert status == 0
    [tool] = printed["tools"]
    if unknown is not None:
        assert unknown in tool["unknown"]
        return
    schema = tool["inputSchema"]
    assert ("flat" in schema.get("required", [])) is required
    assert ("value" in schema["$defs"]["Params"].get("required", [])) is required
