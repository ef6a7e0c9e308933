"""Python MCP servers end to end: findings at the exact source ranges (non-ASCII text included),
suppression comments, what stays silent, broken buffers, `portlint schema`, and that analysing
a hostile module runs none of it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from portlint.cli.main import main

SERVER = Path(__file__).with_name("meteo_server.py.txt").read_text(encoding="utf-8")
# the defaults with Codex 0.111.0, which guesses a type for an untyped value: `Any` is the
# probe these tests read positions with
TARGETS = "mcp,claude,vscode,openai,codex@0.111.0"


def _findings(tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str],
              name: str = "server.py") -> list[tuple[str, str, str | None, str, tuple[int, int],
                                                     tuple[int, int]]]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    main(["check", "--format", "json", "--exit-zero", "--target", TARGETS, str(path)])
    report = json.loads(capsys.readouterr().out)
    return [(f["rule"], f["severity"], f["tool"], f["path"],
             (f["location"]["line"], f["location"]["column"]),
             (f["end_location"]["line"], f["end_location"]["column"]))
            for f in report["findings"]]


def test_findings_sit_at_the_annotations(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert _findings(tmp_path, SERVER, capsys) == [
        # AfterValidator(str.strip): the schema says nothing of the stripping
        ("hidden-constraint", "information", None, "", (12, 25), (12, 50)),
        # `str | list[str]` inside the Ville model, reached through the tool's $defs
        ("list-as-text", "warning", "prévision", "inputSchema.$defs.Ville.properties.codes",
         (13, 12), (13, 27)),
        # VS Code rewrites the `é` of the tool name
        ("tool-name", "information", "prévision", "name", (17, 5), (17, 14)),
        # `Any`, the annotation of `détails` (not the whole parameter)
        ("untyped-schema", "warning", "prévision", 'inputSchema.properties["détails"]',
         (17, 38), (17, 41)),
        # Coordinates comes from a package portlint does not read: said, not guessed
        ("unknown-schema", "information", None, "", (23, 17), (23, 28)),
        # `libre(x: Any)` is silenced by its `# portlint: ignore[untyped-schema]` comment
    ]


def test_a_module_without_an_mcp_framework_stays_silent(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = ("from typing import Any\nfrom pydantic import BaseModel\n\n"
            "class Row(BaseModel):\n    data: Any\n    tags: str | list[str]\n")
    assert _findings(tmp_path, text, capsys) == []


def test_a_broken_buffer_reports_the_syntax_error(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    broken = SERVER.replace("def libre(x: Any) -> str:", "def libre(x: Any -> str:")
    [finding] = _findings(tmp_path, broken, capsys)
    assert finding[0] == "parse-error" and finding[4][0] == 28


def test_schema_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "server.py"
    path.write_text(SERVER, encoding="utf-8")
    assert main(["schema", str(path), "--tool", "prévision"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["framework"] == "mcp1"
    [tool] = document["tools"]
    assert tool["inputSchema"]["title"] == "prévisionArguments"
    assert tool["inputSchema"]["required"] == ["ville", "détails"]
    assert tool["outputSchema"] == {"additionalProperties": {"type": "number"},
                                    "title": "prévisionDictOutput", "type": "object"}
    assert main(["schema", str(path)]) == 0
    everything = json.loads(capsys.readouterr().out)
    assert everything["models"]["Ville"]["properties"]["codes"] == {
        "anyOf": [{"type": "string"}, {"items": {"type": "string"}, "type": "array"}],
        "title": "Codes"}
    assert [t["name"] for t in everything["tools"]] == ["prévision", "position", "libre"]
    assert "vendor.geo" in everything["tools"][1]["unknown"]


HOSTILE = '''import os, socket, subprocess
from fastmcp import FastMCP
open({marker!r}, "w").write("ran")
socket.create_connection(("example.com", 80))
subprocess.run(["touch", {marker!r}])
mcp = FastMCP("x")

@mcp.tool()
def greet(name: str) -> str:
    return "hi " + name
'''


def test_analysing_a_hostile_module_runs_none_of_it(tmp_path: Path) -> None:
    workspace = tmp_path / "ws"
    workspace.mkdir()
    marker = tmp_path / "ran"
    (workspace / "server.py").write_text(HOSTILE.format(marker=str(marker)), encoding="utf-8")
    isolated = Path(__file__).parents[1] / "robustness" / "isolated_run.py"
    proc = subprocess.run([sys.executable, str(isolated), str(workspace)], capture_output=True,
                          text=True, timeout=120)
    assert proc.stdout.strip().splitlines()[-1] == "CLEAN", proc.stdout + proc.stderr
    assert not marker.exists()


@pytest.mark.parametrize(("pin", "framework"), [("fastmcp>=4.2,<5", "fastmcp4"),
                                                ("fastmcp==2.14.7", "fastmcp2"),
                                                ("fastmcp~=3.4", "fastmcp3"),
                                                (None, "fastmcp4")])
def test_the_fastmcp_generation_comes_from_the_project_pin(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], pin: str | None,
        framework: str) -> None:
    (tmp_path / ".git").mkdir()
    if pin is not None:
        (tmp_path / "pyproject.toml").write_text(
            f'[project]\nname = "s"\ndependencies = ["{pin}"]\n')
    path = tmp_path / "server.py"
    path.write_text('from fastmcp import FastMCP\nmcp = FastMCP("x")\n\n@mcp.tool\n'
                    'def ping(n: int) -> int:\n    return n\n')
    assert main(["schema", str(path)]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["framework"] == framework
    closed = document["tools"][0]["inputSchema"].get("additionalProperties")
    assert closed is (None if framework == "fastmcp2" else False)


LITERALS = '''from typing import Optional
from pydantic import BaseModel, Field
from fastmcp import FastMCP

mcp = FastMCP("x")


class Options(BaseModel):
    mode: Optional[str] = Field(None, json_schema_extra={"type": ["string", "null"]})


@mcp.tool
def run(options: Options) -> str:
    return ""
'''


def test_schema_literals_are_linted_where_they_are_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lowlevel = Path(__file__).with_name("lowlevel_server.py.txt").read_text(encoding="utf-8")
    assert _findings(tmp_path, lowlevel, capsys) == [
        ("boolean-schema", "error", "fetch", "inputSchema.properties.raw", (12, 62), (12, 66)),
        ("type-union", "warning", "fetch", "inputSchema.properties.mode", (13, 45), (13, 63)),
    ]
    # a hand-written `type` array in json_schema_extra sits beside Pydantic's anyOf
    assert _findings(tmp_path, LITERALS, capsys, "models.py") == [
        ("type-union", "warning", "run", "inputSchema.properties.options.properties.mode",
         (9, 66), (9, 84)),
    ]


def test_models_from_other_workspace_files(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "srv"\n')
    package = tmp_path / "srv"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "models.py").write_text(
        "from typing import Any\nfrom pydantic import BaseModel, field_validator\n\n"
        "class Item(BaseModel):\n    name: str\n    meta: Any\n\n"
        '    @field_validator("name")\n    @classmethod\n    def clean(cls, v):\n'
        "        return v.strip()\n")
    server = ('from fastmcp import FastMCP\nfrom .models import Item\nfrom srv.models import '
              'Item as Same\nfrom elsewhere import Thing\n\nmcp = FastMCP("x")\n\n'
              "@mcp.tool\ndef add(item: Item, same: Same) -> str:\n    return ''\n\n"
              "@mcp.tool\ndef other(thing: Thing) -> str:\n    return ''\n")
    found = _findings(package, server, capsys)
    assert found == [
        # the other file's validator, shown where this file uses the model
        ("hidden-constraint", "information", None, "", (9, 15), (9, 19)),
        ("untyped-schema", "warning", "add", "inputSchema.properties.item.properties.meta",
         (9, 15), (9, 19)),
        ("untyped-schema", "warning", "add", "inputSchema.properties.same.properties.meta",
         (9, 27), (9, 31)),
        # a package outside the project is not read: said, not guessed
        ("unknown-schema", "information", None, "", (13, 18), (13, 23)),
    ]


def test_fixes_on_schema_literals_are_written_as_python(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lowlevel = Path(__file__).with_name("lowlevel_server.py.txt").read_text(encoding="utf-8")
    path = tmp_path / "server.py"
    path.write_text(lowlevel, encoding="utf-8")
    main(["check", "--fix", "--exit-zero", "--target", TARGETS, str(path)])
    capsys.readouterr()
    assert path.read_text(encoding="utf-8") == lowlevel.replace(
        '"raw": True', '"raw": {}').replace(
        '"mode": {"type": ["string", "null"]}',
        '"mode": {"anyOf": [{"type": "string"}, {"type": "null"}]}')
    # an annotation is the author's to change: its fixes stay advice
    annotated = tmp_path / "annotated.py"
    annotated.write_text(SERVER, encoding="utf-8")
    main(["check", "--fix", "--exit-zero", "--target", TARGETS, str(annotated)])
    capsys.readouterr()
    assert annotated.read_text(encoding="utf-8") == SERVER


@pytest.mark.parametrize(("literal", "fixed"), [
    # a member added to the literal the Tool(...) call holds: the call itself is not edited
    ('{"type": "object"}', '{"properties": {}, "type": "object"}'),
    ('{\n    "allOf": [{"type": "object", "properties": {"q": {"type": "string"}}}],\n}',
     '{\n    "type": "object",\n    "properties": {"q": {"type": "string"}},\n}'),
])
def test_a_literal_held_by_a_call_gets_members_added_and_removed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], literal: str, fixed: str) -> None:
    source = f'from mcp.types import Tool\n\nTOOLS = [Tool(name="find", inputSchema={literal})]\n'
    path = tmp_path / "server.py"
    path.write_text(source, encoding="utf-8")
    # the SDK 1.x sends the root as written (2.x refuses one without a `type`: server-list-fails)
    (tmp_path / "requirements.txt").write_text("mcp>=1.20,<2\n", encoding="utf-8")
    assert main(["check", "--fix", str(path)]) == 0
    assert "Fixed " in capsys.readouterr().out
    assert path.read_text(encoding="utf-8") == source.replace(literal, fixed)


def test_models_in_a_server_module_are_linted_even_before_a_tool_uses_them(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = Path(__file__).with_name("standalone_model.py.txt").read_text(encoding="utf-8")
    assert _findings(tmp_path, text, capsys) == [
        ("untyped-schema", "warning", "f", "inputSchema.properties.u.properties.n",
         (11, 5), (11, 6)),
        ("untyped-schema", "warning", None, "properties.body", (8, 5), (8, 9)),  # Draft
    ]


def test_what_a_model_no_tool_uses_hides_is_not_said(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    # cli-mcp-server's `SecurityConfig`: a settings dataclass with `set[str]` fields, beside
    # the tools; none of it reaches a client. The same field in a tool's model is said.
    text = ('from dataclasses import dataclass\n\nfrom mcp.server.fastmcp import FastMCP\n\n\n'
            '@dataclass\nclass Settings:\n    allowed: set[str]\n\n\nmcp = FastMCP("x")\n\n\n'
            '@mcp.tool()\ndef echo(text: str) -> str:\n    """Echo."""\n    return text\n')
    assert _findings(tmp_path, text, capsys) == []
    used = text.replace("def echo(text: str)", "def echo(text: str, settings: Settings)")
    assert [f[0] for f in _findings(tmp_path, used, capsys)] == ["hidden-constraint"]


_HANDLED = ("from mcp import types\nfrom mcp.server.lowlevel import Server\n"
            "from google.adk.tools.mcp_tool.conversion_utils import adk_to_mcp_tool_type\n\n"
            "TOOLS = [adk_to_mcp_tool_type(ping)]\n")


@pytest.mark.parametrize(("tail", "handler"), [
    # the SDK 2.x: the handler given to the constructor (analytics-mcp 0.8.0)
    ("\n\nasync def list_tools(ctx=None, params=None):\n"
     "    return types.ListToolsResult(tools=TOOLS)\n\n\n"
     'server = Server("x", on_list_tools=list_tools)\n', ((12, 36), (12, 46))),
    # the SDK 1.x: its decorator
    ('server = Server("x")\n\n\n@server.list_tools()\nasync def list_tools():\n'
     "    return TOOLS\n", ((9, 2), (9, 21))),
])
def test_a_handler_listing_tools_made_at_run_time_is_said(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], tail: str,
        handler: tuple[tuple[int, int], tuple[int, int]]) -> None:
    # no `Tool(...)` in the file: "no tool found" was said of a server's own module
    assert _findings(tmp_path, _HANDLED + tail, capsys) == [
        ("unknown-schema", "information", None, "", *handler)]
