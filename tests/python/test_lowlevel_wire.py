"""Low-level servers (`mcp.server.Server` listing `Tool(...)` literals) as the SDK line they are
written for sends them: `mcp` 2.x rewrites each schema root through its wire model — or refuses
it, and then the whole tools/list fails (`server-list-fails`). Held to the SDK itself:
`wire-refusals.json` records its serialisation of each case under 2.0.0-2.3.0 (re-probed live),
and the oracle projects m1/m2-lowlevel and m2-lowlevel-wire record real servers."""

from __future__ import annotations

import ast
import copy
import json
from pathlib import Path
from typing import Any

import pytest

from portlint.cli.main import main
from portlint.python import wire_model
from portlint.python.lowlevel_release import lowlevel_kind
from portlint.python.names import Names
from tests.python import record_wire_refusals

RECORDED = json.loads(record_wire_refusals.RECORDING.read_text(encoding="utf-8"))


def _verdicts() -> list[tuple[str, int]]:
    return [(release, i) for release in RECORDED["releases"]
            for i in range(len(RECORDED["cases"]))]


@pytest.mark.parametrize(("release", "index"), _verdicts(),
                         ids=[f"{r}-{i}" for r, i in _verdicts()])
def test_the_wire_model_refuses_and_rewrites_as_the_sdk_does(release: str, index: int) -> None:
    case = RECORDED["cases"][index]
    by_version = RECORDED["releases"][release][index]
    assert len({json.dumps(v) for v in by_version.values()}) == 1  # every handshake alike
    sent = next(iter(by_version.values()))
    booleans = tuple(int(p) for p in release.split(".")) >= (2, 1)
    refused = [wire_model.refusal(case[field], booleans)
               for field in ("inputSchema", "outputSchema") if field in case]
    if sent == "refused":
        assert any(r is not None for r in refused), case
        return
    assert refused == [None] * len(refused), case
    for field in ("inputSchema", "outputSchema"):
        if field in case:
            rewritten = wire_model.sent_form(copy.deepcopy(case[field]))
            assert json.dumps(rewritten) == json.dumps(sent[field])  # values and key order


@pytest.mark.live_oracle
def test_the_newest_sdk_still_refuses_and_rewrites_what_was_recorded() -> None:
    newest = record_wire_refusals.RELEASES[-1]
    assert record_wire_refusals.probe(newest) == RECORDED["releases"][newest], (
        "Re-record: .venv/bin/python -m tests.python.record_wire_refusals")


def _kind(text: str) -> str:
    tree = ast.parse(text)
    return lowlevel_kind(tree, Names(tree))


@pytest.mark.parametrize(("text", "kind"), [
    ("import mcp.types as types\nT = types.Tool(name='a', input_schema={})\n", "mcp2"),
    ("from mcp.server import Server\ns = Server('x', on_list_tools=f)\n", "mcp2"),
    ("from mcp.server.lowlevel import Server\ns = Server('x')\n"
     "@s.list_tools()\nasync def f(): ...\n", "mcp1"),
    ("import mcp.types as types\nT = types.Tool(name='a', inputSchema={})\n", "mcp"),
    # both: the pins decide
    ("from mcp.server import Server\nimport mcp.types as t\ns = Server('x', on_list_tools=f)\n"
     "@s.list_tools()\nasync def f(): ...\n", "mcp"),
    # a keyword of another call is no evidence
    ("def f(input_schema): ...\nf(input_schema={})\n", "mcp"),
])
def test_the_sdk_line_comes_from_what_only_it_has(text: str, kind: str) -> None:
    assert _kind(text) == kind


LOWLEVEL_2 = '''import mcp.types as types
from mcp.server import Server

TOOLS = [
    types.Tool(name="fine", input_schema={"type": "object", "properties": {}}),
    types.Tool(name="untyped", input_schema={"properties": {"q": {"type": "string"}}}),
    types.Tool(name="listed", input_schema={"type": "object", "required": "q"}),
]
'''


def _check(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str,
           pins: str | None) -> tuple[int, list[dict[str, Any]]]:
    path = tmp_path / "server.py"
    path.write_text(text, encoding="utf-8")
    if pins is not None:
        (tmp_path / "requirements.txt").write_text(pins, encoding="utf-8")
    status = main(["check", "--format", "json", str(path)])
    return status, json.loads(capsys.readouterr().out)["findings"]


def test_a_root_the_sdk_refuses_fails_the_whole_list_where_it_is_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, findings = _check(tmp_path, capsys, LOWLEVEL_2, "mcp==2.3.0\n")
    assert status == 1
    assert [(f["rule"], f["severity"], (f["location"]["line"], f["location"]["column"]),
             (f["end_location"]["line"], f["end_location"]["column"]))
            for f in findings] == [
        # no `type`: at the schema argument's name
        ("server-list-fails", "error", (6, 32), (6, 44)),
        # `required` written as a string: at its value
        ("server-list-fails", "error", (7, 75), (7, 78)),
    ]
    assert findings[0]["message"] == (
        "mcp 2.3.0 (pinned `mcp==2.3.0` in requirements.txt) cannot send this server's "
        "tools/list: the `inputSchema` of tool `untyped` is refused by the SDK's wire model "
        "(the root has no `type`, and the wire model requires `\"type\": \"object\"`), so the "
        "server answers every client's tools/list with the error \"Handler returned an "
        "invalid result\" and no tool at all.")
    assert "(`required` is not an array of strings)" in findings[1]["message"]


def test_the_sdk_1_sends_the_same_roots_and_the_client_rules_speak(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = LOWLEVEL_2.replace("input_schema=", "inputSchema=")
    _, findings = _check(tmp_path, capsys, text, "mcp>=1.20,<2\n")
    assert "server-list-fails" not in {f["rule"] for f in findings}
    assert ("input-root-not-object", "untyped") in {(f["rule"], f["tool"]) for f in findings}


def test_the_schema_command_says_which_tool_cannot_be_sent(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "server.py").write_text(LOWLEVEL_2, encoding="utf-8")
    (tmp_path / "requirements.txt").write_text("mcp==2.3.0\n", encoding="utf-8")
    main(["schema", str(tmp_path / "server.py")])
    tools = json.loads(capsys.readouterr().out)["tools"]
    assert [(t["name"], "inputSchema" in t, "unknown" in t) for t in tools] == [
        ("fine", True, False), ("untyped", False, True), ("listed", False, True)]
    assert tools[0]["inputSchema"] == {"properties": {}, "type": "object"}  # the wire's order
