"""Fields of models with several bases come in the order Pydantic collects them: the method
resolution order reversed (held to the frameworks by the oracle projects f4/m1-mixins); a class
whose bases Python cannot order is never derived."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portlint.cli.main import main

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
