"""A low-level `Tool(...)` whose name or fields portlint cannot read — `Tool(name=self.name)`,
`Tool(**fields)` (as mcp-yahoo-finance writes them) — is an unknown-schema finding
with the reason at its place, the same in `portlint schema` and `portlint check`; never an entry
without a name and without a reason."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portlint.cli.main import main
from portlint.linter import lint_text
from portlint.settings import Settings

SERVER = '''from mcp.server import Server
from mcp.types import Tool

server = Server("x")
FIELDS = {"name": "splat", "inputSchema": {"type": "object"}}


class Handler:
    def __init__(self, name: str) -> None:
        self.name = name

    def tool(self) -> Tool:
        return Tool(name=self.name, description="Reads.", inputSchema={"type": "object"})


def listed() -> list[Tool]:
    return [Tool(**FIELDS)]
'''


def test_schema_lists_each_with_its_reason(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "server.py").write_text(SERVER)
    main(["schema", str(tmp_path / "server.py"), "--framework", "mcp==1.30.0"])
    tools = json.loads(capsys.readouterr().out)["tools"]
    assert [(t["name"], t["unknown"]) for t in tools] == [
        (None, "the tool's name, `self.name`, is set to `name`, which each construction of "
               "`Handler` passes"),
        (None, "the tool's fields come from `**FIELDS`, computed at run time")]


def test_check_reports_them_where_they_are_written() -> None:
    result = lint_text(SERVER, "server.py", Settings())
    assert [(f.rule, f.severity.value, SERVER[f.span[0]:f.span[1]], f.message)
            for f in result.findings] == [
        ("unknown-schema", "information", "self.name",
         "The name of a tool is not read: the tool's name, `self.name`, is set to `name`, which "
         "each construction of `Handler` passes. Its schemas are derived and linted; the "
         "tool-name rules are not applied to it."),
        # what is readable of it is still linted
        ("object-missing-properties", "warning", '"object"',
         "This object schema has no `properties`. OpenAI function calling (documented) refuses "
         "every request that carries this tool. [docs/clients.md#object-missing-properties-root]"),
        ("unknown-schema", "information", "FIELDS",
         "The schema of a tool cannot be read: the tool's fields come from `**FIELDS`, "
         "computed at run time.")]
