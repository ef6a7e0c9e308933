"""Fields of models with several bases come in the order Pydantic collects them: the method
resolution order reversed (held to the frameworks by the oracle projects f4/m1-mixins); a class
whose bases Python cannot order is never derived."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portlint.cli.main import main
from tests.python.project_files import write_project

SERVER = """\
from fastmcp import FastMCP
from pydantic import BaseModel


class X(BaseModel):
    x: int


class Y(BaseModel):
    y: int


class XY(X, Y):
    pass


class YX(Y, X):
    pass


class Both(XY, YX):
    pass


mcp = FastMCP("m")


@mcp.tool()
def order(p: XY) -> str:
    return ""


@mcp.tool()
def refused(p: Both) -> str:
    return ""
"""


def test_fields_follow_the_method_resolution_order_and_an_impossible_one_is_unknown(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "requirements.txt").write_text("fastmcp==4.2.3\n", encoding="utf-8")
    path = tmp_path / "server.py"
    path.write_text(SERVER, encoding="utf-8")
    main(["schema", str(path)])
    tools = {t["name"]: t for t in json.loads(capsys.readouterr().out)["tools"]}
    assert list(tools["order"]["inputSchema"]["properties"]["p"]["properties"]) == ["y", "x"]
    assert tools["refused"]["unknown"] == (
        "`Both`'s bases have no consistent method resolution order (Python refuses to create "
        "the class)")


# -- bases in other modules of the project (held to the frameworks by f4/m1/m2-foreign-bases) --

_TOOL = """\
from mcp.server.fastmcp import FastMCP

from {module} import {base}

mcp = FastMCP("m")


class Report({base}):
    score: int = 0


@mcp.tool()
def report(p: Report) -> str:
    return ""
"""


def _derived(root: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    main(["schema", str(root / "server.py")])
    [tool] = json.loads(capsys.readouterr().out)["tools"]
    assert isinstance(tool, dict)
    return tool


def test_a_base_read_where_it_is_defined_gives_its_fields_and_config(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = write_project(tmp_path, {
        "server.py": _TOOL.format(module="schemas", base="Response"),
        "schemas.py": "from pydantic import BaseModel, ConfigDict\nfrom enum import Enum as E\n\n\n"
                      "class Level(E):\n    LOW = 1\n\n\n"
                      "class Response(BaseModel):\n    model_config = ConfigDict(extra='forbid')\n"
                      "    level: Level = Level.LOW\n"})
    definition = _derived(root, capsys)["inputSchema"]["$defs"]["Report"]  # type: ignore[index]
    assert definition == {
        "additionalProperties": False,
        "properties": {"level": {"$ref": "#/$defs/Level", "default": 1},
                       "score": {"default": 0, "title": "Score", "type": "integer"}},
        "title": "Report", "type": "object"}


def test_what_a_base_elsewhere_makes_unknown_is_said_where_this_module_names_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = write_project(tmp_path, {
        "server.py": _TOOL.format(module="schemas", base="Response"),
        "schemas.py": "from pydantic import BaseModel\n\n\nclass Response(BaseModel):\n"
                      "    made: int = len('abc')\n"})
    assert _derived(root, capsys)["unknown"] == (
        "a default value computed at run time (in schemas.py, line 5)")
    main(["check", str(root / "server.py"), "--format", "concise"])
    [line] = [x for x in capsys.readouterr().out.splitlines() if "[unknown-schema]" in x]
    # at `Response` in `class Report(Response)`
    assert line.startswith(f"{root / 'server.py'}:8:14: information [unknown-schema]")


@pytest.mark.parametrize("files", [
    # two modules deriving from each other's classes: the one read second is not a model yet
    {"schemas.py": "from pydantic import BaseModel\nfrom other import Other\n\n\n"
                   "class Response(Other):\n    a: int = 0\n",
     "other.py": "from schemas import Response\n\n\nclass Other(Response):\n    b: int = 0\n"},
    # not a class of the project
    {"schemas.py": "from somewhere import Response\n"},
    {"schemas.py": "Response = dict\n"},
])
def test_a_base_that_is_no_model_of_the_project_stays_unknown(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], files: dict[str, str]) -> None:
    root = write_project(tmp_path, {"server.py": _TOOL.format(module="schemas", base="Response"),
                                    **files})
    assert _derived(root, capsys)["unknown"] == (
        "`Report` is not a model, TypedDict, dataclass or enum")


def test_a_typeddict_s_totality_covers_its_own_fields_only(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = write_project(tmp_path, {
        "server.py": _TOOL.format(module="schemas", base="Paged").replace(
            "class Report(Paged):\n    score: int = 0", "class Report(Paged, total=False):\n"
            "    cursor: str"),
        "schemas.py": "from typing_extensions import TypedDict\n\n\nclass Paged(TypedDict):\n"
                      "    page: int\n"})
    definition = _derived(root, capsys)["inputSchema"]["$defs"]["Report"]  # type: ignore[index]
    assert definition["required"] == ["page"]
    assert list(definition["properties"]) == ["page", "cursor"]


def test_a_chain_of_bases_through_hundreds_of_modules_is_cut_and_said(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # each module's class derives from the previous module's: classifying one reads the next
    # inside it, so the chain is cut (the stack stayed bounded: it was a RecursionError)
    files = {"m0.py": "from pydantic import BaseModel\n\n\nclass C0(BaseModel):\n    x0: int = 0\n"}
    for i in range(1, 400):
        files[f"m{i}.py"] = (f"from m{i - 1} import C{i - 1}\n\n\nclass C{i}(C{i - 1}):\n"
                             f"    x{i}: int = 0\n")
    files["server.py"] = ('from mcp.server.fastmcp import FastMCP\n\nfrom m399 import C399\n\n'
                          'mcp = FastMCP("m")\n\n\n@mcp.tool()\ndef report(p: C399) -> str:\n'
                          '    return ""\n')
    root = write_project(tmp_path, files)
    assert _derived(root, capsys)["unknown"] == (
        "`C399` is not a model, TypedDict, dataclass or enum (in m399.py, line 4)")
