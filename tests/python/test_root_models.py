"""Root models (`class Tags(RootModel): root: list[str]`, `RootModel[...]`, inherited): derived as
Pydantic writes them (the oracle projects `*-root-models` hold the schemas to fastmcp 4.2.3 and
the SDK), and what the SDK does with one returned — it advertises the model's schema as the
output root: an array root the clients refuse under mcp 1.x, and under mcp 2.x a root its own
wire model refuses, so the whole tools/list fails."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portlint.cli.main import main
from tests.python.project_files import write_project

_SOURCE = '''from pydantic import RootModel
{server_import}


class Tags(RootModel):
    root: list[str]


mcp = {server}("x")


@mcp.tool()
def tag(tags: Tags) -> Tags:
    """Tag."""
    return tags
'''


def _check(root: Path, capsys: pytest.CaptureFixture[str]) -> list[tuple[str, str, int, int]]:
    assert main(["check", "--format", "json", str(root)]) == 1
    report = json.loads(capsys.readouterr().out)
    return [(f["rule"], f["severity"], f["location"]["line"], f["location"]["column"])
            for f in report["findings"]]


def test_a_root_model_returned_fails_the_list_under_mcp_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # checked as a folder too: a module whose every tool its SDK cannot list is reported
    root = write_project(tmp_path, {"server.py": _SOURCE.format(
        server_import="from mcp.server.mcpserver import MCPServer", server="MCPServer")},
        "mcp==2.3.0\n")
    assert _check(root, capsys) == [("server-list-fails", "error", 13, 24)]  # at `-> Tags`
    assert main(["check", "--format", "json", str(root / "server.py")]) == 1
    [finding] = json.loads(capsys.readouterr().out)["findings"]
    assert finding["message"].startswith(
        "mcp 2.3.0 (pinned `mcp==2.3.0` in requirements.txt) cannot send this server's "
        "tools/list: the `outputSchema` of tool `tag` is refused by the SDK's wire model (the "
        "root's `type` is not `\"object\"`")


def test_a_root_model_returned_is_an_array_output_root_under_mcp_1(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = write_project(tmp_path, {"server.py": _SOURCE.format(
        server_import="from mcp.server.fastmcp import FastMCP", server="FastMCP")},
        "mcp==1.30.0\n")
    assert _check(root, capsys) == [("output-root-not-object", "error", 5, 1)]


def test_schema_lists_a_bare_root_model(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    # biomcp's `class EntityList(RootModel): root: list[Entity]` made `portlint schema` stop
    # with a traceback (StopIteration) on the whole project
    root = write_project(tmp_path, {"server.py": _SOURCE.format(
        server_import="from mcp.server.fastmcp import FastMCP", server="FastMCP")})
    assert main(["schema", str(root)]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["models"]["Tags"] == {"items": {"type": "string"}, "title": "Tags",
                                          "type": "array"}


@pytest.mark.parametrize(("name", "module"), [
    ("server.py", "portlint.cli.schema.analyze"),
    ("server.ts", "portlint.typescript.schema_command.analyze"),
])
def test_a_failure_of_the_analysis_is_said_on_the_file_not_a_traceback(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        name: str, module: str) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise StopIteration

    monkeypatch.setattr(module, broken)
    (tmp_path / name).write_text("x = 1\n", encoding="utf-8")
    assert main(["schema", str(tmp_path / name)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"portlint: {tmp_path / name}: portlint's ")
    assert "failed on this file (StopIteration: ); its tools are not listed" in err
    assert "Traceback" not in err


def test_a_root_model_whose_root_is_a_model_is_its_reference(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the MCP SDK's own `class TokenSuccessResponse(RootModel[OAuthToken])` stopped the reader
    # (KeyError) on every file defining one; Pydantic writes it as a `$ref` to the model
    root = write_project(tmp_path, {"server.py": '''from pydantic import BaseModel, RootModel
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("x")


class Token(BaseModel):
    value: str


class Success(RootModel[Token]):
    root: Token
'''}, "mcp==1.30.0\n")
    assert main(["schema", str(root / "server.py")]) == 0
    token = {"properties": {"value": {"title": "Value", "type": "string"}},
             "required": ["value"], "title": "Token", "type": "object"}
    assert json.loads(capsys.readouterr().out)["models"]["Success"] == {
        "$defs": {"Token": token}, "$ref": "#/$defs/Token", "title": "Success"}
