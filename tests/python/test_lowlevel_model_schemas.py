"""Low-level tools whose schemas are `Model.model_json_schema()`: the model's schema, as
Pydantic writes it and the SDK sends it (held to mcp 1.30.0 and 2.3.0 by the oracle projects
m1-, m2-lowlevel-models), its problems placed in the model; a call portlint cannot read is
said with the reason."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portlint.cli.main import main
from portlint.linter import lint_text
from portlint.settings import Settings

SERVER = '''import mcp.types as types
from mcp.server import Server
from pydantic import BaseModel, Field

server = Server("x")


class Args(BaseModel):
    query: str = Field(description="What to find.")
    rows: list[int] = Field(default=[], json_schema_extra={"type": "dict"})


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [types.Tool(name="find", inputSchema=Args.model_json_schema()),
            types.Tool(name="bad", inputSchema=Missing.model_json_schema()),
            types.Tool(name="plain", inputSchema=Args.model_json_schema(by_alias=False))]
'''


def test_a_model_s_schema_is_the_tool_s_and_its_problems_sit_in_the_model(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "requirements.txt").write_text("mcp==1.30.0\n", encoding="utf-8")
    path = tmp_path / "server.py"
    path.write_text(SERVER, encoding="utf-8")
    main(["schema", str(path)])
    tools = json.loads(capsys.readouterr().out)["tools"]
    assert tools[0] == {"name": "find", "inputSchema": {
        "properties": {"query": {"description": "What to find.", "title": "Query",
                                 "type": "string"},
                       "rows": {"default": [], "items": {"type": "integer"}, "title": "Rows",
                                "type": "dict"}},
        "required": ["query"], "title": "Args", "type": "object"}}
    found = [(f.rule, f.severity.value, SERVER[f.span[0]:f.span[1]], f.message)
             for f in lint_text(SERVER, str(path), Settings()).findings]
    assert found == [
        ("invalid-schema", "error", '"dict"',
         "Not valid JSON Schema (2020-12 or draft-07): \"dict\" is not a JSON Schema type (the "
         "types are array, boolean, integer, null, number, object and string). Claude Code "
         "2.1.332–2.1.337 and VS Code's JSON validator (vscode-json-languageservice) "
         "5.6.0–5.7.2 drop this tool. The Anthropic API (documented) and VS Code Copilot Chat (documented) "
         "refuse every request that carries this tool. Codex CLI 0.171.0 (0.111.0 drops this "
         "tool) strips the unknown `type` (widens the contract). "
         "[docs/clients.md#invalid-schema-type-name]"),
        ("unknown-schema", "information", "Missing.model_json_schema()",
         "The schema of tool `bad` cannot be read: `Missing` is not a Pydantic model portlint "
         "can read."),
        ("unknown-schema", "information", "Args.model_json_schema(by_alias=False)",
         "The schema of tool `plain` cannot be read: `Args.model_json_schema(by_alias=False)` "
         "is given arguments portlint does not read."),
    ]
