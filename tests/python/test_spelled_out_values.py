"""A tool's name, title and description written as a module's constant are read
(`description=FETCH_TOOL_DESCRIPTION`, `name=Tools.GET_TIME.value`, as mcp-server-fetch and
mcp-server-time write them); a value computed at run time — a constant rebound somewhere — is
unknown-schema with the reason, never a default the server would not send (the docstring, no
description at all), and never a crash. A field's words computed at run time (an f-string with a
placeholder in a `Field(description=...)`, as mcp-server-time writes its time zones) do not
change what the schema accepts: they are left out and said, and the rest of the schema is
derived and linted."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portlint.cli.main import main
from portlint.linter import lint_text
from portlint.readers import reader_for
from portlint.settings import Settings

HEAD = '''from enum import Enum
from typing import Annotated

from mcp.server.fastmcp import FastMCP
from pydantic import Field

mcp = FastMCP("x")
DESCRIPTION = """Fetches a URL.

Reads only."""
SUFFIX = " (v2)"


class Tools(str, Enum):
    GET_TIME = "get_time"
'''


def _schema(tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]
            ) -> list[dict[str, object]]:
    path = tmp_path / "server.py"
    path.write_text(text)
    assert main(["schema", str(path), "--framework", "mcp==1.26.0,pydantic==2.12.5"]) == 0
    tools: list[dict[str, object]] = json.loads(capsys.readouterr().out)["tools"]
    return tools


def test_constants_of_the_module_are_read(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    text = HEAD + '''

@mcp.tool(name=Tools.GET_TIME.value, description=DESCRIPTION + SUFFIX, title=f"Time")
def get_time(zone: str) -> str:
    """Not the description."""
    return zone
'''
    [tool] = _schema(tmp_path, text, capsys)
    assert (tool["name"], tool["title"], tool["description"]) == (
        "get_time", "Time", "Fetches a URL.\n\nReads only. (v2)")
    assert "unknown" not in tool


@pytest.mark.parametrize(("option", "shown"), [
    ("description=DESCRIPTION.upper()", "the tool's description is computed at run time "
                                        "(`DESCRIPTION.upper()`)"),
    ("description=REBOUND", "the tool's description is computed at run time (`REBOUND`)"),
    ("title=make_title()", "the tool's title is computed at run time (`make_title()`)"),
])
def test_a_value_computed_at_run_time_is_unknown_not_a_default(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], option: str, shown: str) -> None:
    text = HEAD + f'''
REBOUND = "first"
REBOUND = "second"


@mcp.tool({option})
def get_time(zone: str) -> str:
    """Not the description."""
    return zone
'''
    [tool] = _schema(tmp_path, text, capsys)
    assert tool["unknown"] == shown
    if option.startswith("description"):  # never the docstring in its place
        assert "description" not in tool


def test_a_field_description_made_at_run_time_is_left_out_and_the_schema_linted(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = HEAD + '''

def create(local_tz: str) -> None:
    @mcp.tool()
    def get_time(zone: Annotated[str, Field(description=f"Use {local_tz} for local")]) -> str:
        """Time."""
        return zone
'''
    [tool] = _schema(tmp_path, text, capsys)
    assert tool["unknown"] == ("a field's `description` is not read (`f'Use {local_tz} for "
                               "local'` is computed at run time): left out")
    assert tool["inputSchema"]["properties"] == {"zone": {"title": "Zone", "type": "string"}}
    result = lint_text(text, str(tmp_path / "server.py"), Settings())
    [finding] = result.findings
    assert (finding.rule, finding.severity.value) == ("unknown-schema", "information")
    assert text[finding.span[0]:finding.span[1]] == 'f"Use {local_tz} for local"'
    assert finding.message.startswith("A field's `description` cannot be read statically")


def test_a_reader_that_fails_is_an_internal_error_on_the_file(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(text: str, request: object) -> None:
        raise KeyError("boom")

    reader = reader_for("python")
    monkeypatch.setitem(reader._loaded, reader.read_at, fail)
    text = "from mcp.server.fastmcp import FastMCP\n"
    result = lint_text(text, "server.py", Settings())
    [finding] = result.findings
    assert (finding.rule, finding.severity.value, finding.span) == ("internal-error", "error",
                                                                    (0, 1))
    assert finding.message.startswith(
        "portlint's python reader failed on this file (KeyError: 'boom'), so nothing in this "
        "file was checked.")


def test_a_schema_value_written_as_a_constant_is_read_and_never_edited(tmp_path: Path) -> None:
    text = '''from mcp.types import Tool

ANY_VALUE = True
LIMIT = 10

TOOL = Tool(name="t", inputSchema={"type": "object", "properties": {
    "data": ANY_VALUE, "more": True, "n": {"type": "integer", "maximum": LIMIT}}})
'''
    result = lint_text(text, str(tmp_path / "server.py"), Settings())
    found = {text[f.span[0]:f.span[1]]: f for f in result.findings if f.rule == "boolean-schema"}
    assert sorted(found) == ["ANY_VALUE", "True"]
    # the literal `True` is rewritten; the name is not (its text is not the value)
    safe = found["True"].fixes[0]
    assert safe.applicability.value == "safe"
    assert [(text[e.start:e.end], e.content) for e in safe.edits] == [("True", "{}")]
    assert [(f.applicability.value, f.edits) for f in found["ANY_VALUE"].fixes] == [
        ("display-only", ()), ("display-only", ())]
