"""`portlint explain`: client errors — recorded verbatim from the real SDKs (tests/live/data,
`scripts/record_live_oracles.py`) and in the documented formats of the APIs and CLIs — placed in
tool files of every format, with the rule that explains them; unrecognised text gets no guess."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portlint.cli.main import main
from portlint.explain.parse import parse_errors
from portlint.live.snapshot import render_snapshot
from tests.live.servers.misbehaving import bad_tool, tool

DATA = Path(__file__).parent / "data"
BAD_LIST = render_snapshot([tool("fine"), bad_tool()])  # what the misbehaving server lists


def _explain(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str,
             files: dict[str, str]) -> tuple[int, dict]:  # type: ignore[type-arg]
    for name, body in files.items():
        (tmp_path / name).write_text(body, encoding="utf-8")
    code = main(["explain", text, *[str(tmp_path / n) for n in files], "--format", "json"])
    return code, json.loads(capsys.readouterr().out)


def _places(report: dict) -> list[tuple[str, str, int, int, str]]:  # type: ignore[type-arg]
    return [(Path(p["file"]).name, p["tool"], p["location"]["line"], p["location"]["column"],
             p["rule"]) for e in report["errors"] for p in e["places"]]


def test_recorded_ts_sdk_zod_error_is_placed(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    text = (DATA / "ts-sdk-1.30.0-zod-error.txt").read_text(encoding="utf-8")
    code, report = _explain(tmp_path, capsys, text, {"tools.json": BAD_LIST})
    assert code == 0
    assert [e["format"] for e in report["errors"]] == ["ts-sdk-zod", "ts-sdk-zod"]
    assert _places(report) == [("tools.json", "bad", 19, 11, "boolean-schema"),
                               ("tools.json", "bad", 27, 9, "output-root-not-object")]


def test_recorded_python_sdk_pydantic_error_is_placed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = (DATA / "python-sdk-pydantic-error.txt").read_text(encoding="utf-8")
    code, report = _explain(tmp_path, capsys, text, {"tools.json": BAD_LIST})
    assert code == 0
    (error,) = report["errors"]
    assert (error["format"], error["tool"], error["index"], error["role"], error["path"]) == (
        "python-sdk-pydantic", None, 1, "output", ["type"])
    assert _places(report) == [("tools.json", "bad", 27, 9, "output-root-not-object")]


YAML_TOOLS = """tools:
  - name: list_dir
    inputSchema:
      type: object
      properties:
        paths:
          type: array
  - name: create
    inputSchema:
      oneOf:
        - {type: object, properties: {a: {type: string}}}
        - {type: object, properties: {b: {type: string}}}
"""

PYTHON_SERVER = '''from mcp.server.fastmcp import FastMCP

server = FastMCP("demo")


@server.tool()
def pick(options: dict[str, int]) -> str:
    """Pick one."""
    return "ok"
'''


@pytest.mark.parametrize(("text", "file", "expected"), [
    # OpenAI function calling (as Codex shows it); the client prefixed the tool's name
    ("400 Invalid schema for function 'mcp__fs__list_dir': In context=('properties', 'paths'), "
     "array schema missing items.", "tools.yaml",
     [("tools.yaml", "list_dir", 6, 9, "array-missing-items")]),
    # Anthropic: the index counts the request; found by the rule at the root
    ("Error: tools.23.custom.input_schema: input_schema does not support oneOf, allOf, or "
     "anyOf at the top level", "tools.yaml",
     [("tools.yaml", "create", 9, 5, "root-combinator")]),
    # Gemini API: map entries counted, not named; a Python server module
    ("Invalid JSON payload received. Unknown name \"additionalProperties\" at 'tools[0]."
     "function_declarations[3].parameters.properties[0].value': Cannot find field.",
     "server.py", [("server.py", "pick", 7, 19, "open-map")]),
], ids=["openai", "anthropic", "gemini-python"])
def test_api_errors_are_placed(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str,
                               file: str, expected: list[tuple[str, str, int, int, str]]
                               ) -> None:
    body = YAML_TOOLS if file.endswith(".yaml") else PYTHON_SERVER
    code, report = _explain(tmp_path, capsys, text, {file: body})
    assert _places(report)[:1] == expected
    assert code == 0


@pytest.mark.parametrize(("text", "format_id", "rules"), [
    ('Invalid result for tools/list: [ { "code": "invalid_value", "values": [ "object" ], '
     '"path": [ "tools", 0, "inputSchema", "type" ], "message": "Invalid input: expected '
     '\\"object\\"" } ]', "sdk-v2-tools-list", ("input-root-not-object",)),
    ("Skipping tool 'search' from MCP server 'docs' because it has missing types in its "
     "parameter schema.", "gemini-cli-missing-types", ("untyped-schema",)),
    ("Invalid value at 'tools.function_declarations[16].parameters.properties[1].value.any_of[1]"
     ".properties[2].value.enum[0]' (TYPE_STRING), true", "gemini-invalid-value",
     ("enum-non-string",)),
    ("Tool 'fetch' has an invalid outputSchema: JSON Schema declares an unsupported dialect "
     "(\"$schema\": \"http://json-schema.org/draft-07/schema#\").", "sdk-dialect",
     ("declared-dialect",)),
    ("ValidationError: 1 validation error for ListToolsResult tools.291.inputSchema…",
     "python-sdk-pydantic-inline", ()),
    ("Failed to validate tool mcp_fs_list: Error: tool parameters array type must have items. "
     "Please open a Github issue", "copilot-array-items", ("array-missing-items",)),
])
def test_formats_are_recognised(text: str, format_id: str, rules: tuple[str, ...]) -> None:
    (error,) = parse_errors(text)
    assert (error.format.id, error.rules) == (format_id, rules)


def test_unrecognised_text_gets_a_clear_answer_and_no_guess(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "Something went wrong, please try again"]) == 2
    out = capsys.readouterr().out
    assert out.startswith("portlint does not recognise this text")
    assert "Rule:" not in out


def test_an_error_not_found_in_the_files_says_so(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    text = (DATA / "python-sdk-pydantic-error.txt").read_text(encoding="utf-8")
    (tmp_path / "one.json").write_text(render_snapshot([tool("only")]), encoding="utf-8")
    assert main(["explain", text, str(tmp_path / "one.json")]) == 1
    out = capsys.readouterr().out
    assert "it has 1 tools, so no tool 1" in out
    assert "Rule: output-root-not-object" in out
