"""`portlint explain`, one class of client error at a time, in a tool list of two tools where
the second could be mistaken for the first: the place (file, tool, line, column), the rule, and
what a text that names no tool may and may not be placed at."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portlint.cli.main import main

TOOLS = """{
  "tools": [
    {
      "name": "fetch",
      "inputSchema": {
        "properties": {"url": {"type": "string"}}
      },
      "outputSchema": {
        "type": "object",
        "properties": {
          "page": {"$ref": "#/$defs/Page"},
          "when": {"type": "string", "pattern": "[0-9"}
        }
      }
    },
    {
      "name": "store",
      "inputSchema": {
        "type": "object",
        "properties": {"items": {"type": "array", "items": true}}
      },
      "outputSchema": {
        "type": "object",
        "properties": {"id": {"$ref": "#/$defs/Id"}},
        "$defs": {"Id": {"type": "string"}}
      }
    }
  ]
}
"""


def _explain(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str
             ) -> tuple[int, dict]:  # type: ignore[type-arg]
    (tmp_path / "tools.json").write_text(TOOLS, encoding="utf-8")
    code = main(["explain", text, str(tmp_path / "tools.json"), "--format", "json"])
    return code, json.loads(capsys.readouterr().out)


def _places(report: dict) -> list[tuple[str, int, int, str | None]]:  # type: ignore[type-arg]
    return [(p["tool"], p["location"]["line"], p["location"]["column"], p["rule"])
            for e in report["errors"] for p in e["places"]]


def test_a_missing_key_is_placed_at_the_object_that_lacks_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = ('error: MCP server "docs" Failed to fetch tools: Invalid result for tools/list: '
            'tools.0.inputSchema.type: Invalid input: expected "object"')
    code, report = _explain(tmp_path, capsys, text)
    (error,) = report["errors"]
    assert (error["format"], error["rules"][0]) == ("claude-code-tools-list-line",
                                                    "input-root-not-object")
    assert _places(report) == [("fetch", 5, 7, "input-root-not-object")]
    assert "found no `type`" in error["note"]
    assert code == 0


def test_zod_issues_are_read_whatever_the_order_of_their_keys(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = ('$ZodError: [\n  {\n    "expected": "object",\n    "code": "invalid_type",\n'
            '    "path": ["tools", 1, "inputSchema", "properties", "items", "items"],\n'
            '    "message": "Invalid input: expected object, received boolean"\n  }\n]')
    code, report = _explain(tmp_path, capsys, text)
    assert [e["format"] for e in report["errors"]] == ["ts-sdk-zod"]
    assert _places(report) == [("store", 20, 51, "boolean-schema")]
    assert code == 0


def test_an_unresolved_ref_is_placed_where_the_ref_has_the_quoted_value_only(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the 1.x client names no tool: only the `$ref` with this very value is the place
    code, report = _explain(tmp_path, capsys,
                            "MissingRefError: can't resolve reference #/$defs/Page from id #")
    (error,) = report["errors"]
    assert (error["format"], error["rules"]) == ("sdk-v1-output-schema-ref", ["local-ref"])
    assert "whole" not in error["meaning"] and "none of the server's tools" in error["meaning"]
    assert _places(report) == [("fetch", 11, 20, "local-ref")]
    assert code == 0


def test_the_2x_client_names_the_tool_and_fails_every_call(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = ("ProtocolError [code -32602]: Tool 'fetch' has an invalid outputSchema: Invalid "
            "regular expression: /[0-9/u: Unterminated character class")
    code, report = _explain(tmp_path, capsys, text)
    (error,) = report["errors"]
    assert error["format"] == "sdk-v2-output-schema-regex"
    assert "every call of it fails" in error["meaning"]
    assert [(t, line, col) for t, line, col, _ in _places(report)] == [("fetch", 12, 38)]
    assert code == 0


def test_a_crash_is_placed_only_where_the_lint_finds_its_rule(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, report = _explain(tmp_path, capsys,
                            "AttributeError: 'bool' object has no attribute 'items'")
    assert _places(report) == [("store", 20, 51, "boolean-schema")]
    assert code == 0


def test_a_path_less_error_whose_rule_the_lint_does_not_find_is_not_placed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # no tool named, and no `type` written as a list in either tool: no place, not every tool
    code, report = _explain(tmp_path, capsys, "TypeError: fieldValue.toUpperCase is not a "
                                              "function")
    (error,) = report["errors"]
    assert (error["format"], error["places"]) == ("google-genai-js-type-list", [])
    assert code == 1


def test_a_path_that_exists_in_several_unnamed_tools_is_not_placed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the OpenAI API's index counts the request, and the error names no rule
    text = "400 regex lookaround is not supported. Found at $.properties"
    code, report = _explain(tmp_path, capsys, text)
    (error,) = report["errors"]
    assert error["places"] == []
    assert "exists in 2 tools" in error["note"]
    assert code == 1


def test_vscode_lists_each_problem_with_its_pointer(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = ("Tool `store` has invalid JSON parameters:\n\t- Incorrect type. Expected \"object\". "
            "(at /properties/items/items)\n\t- Incorrect type. Expected \"array\". (at /required)")
    code, report = _explain(tmp_path, capsys, text)
    assert [e["format"] for e in report["errors"]] == ["vscode-invalid-parameters"] * 2
    # the second names a key the document lacks: not what VS Code saw, so not placed
    assert _places(report) == [("store", 20, 51, "boolean-schema")]
    assert "has no `inputSchema.required`" in report["errors"][1]["note"]
    assert code == 1


def test_claude_code_skipping_a_tool_is_placed_in_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = ('error: MCP server "s" Skipping tool "store": its input schema would be rejected by '
            'the Anthropic API (schema/properties/items/items must be object). Other tools '
            'from this server remain available.')
    code, report = _explain(tmp_path, capsys, text)
    (error,) = report["errors"]
    assert "other tools stay available" in error["meaning"].replace("server's other tools",
                                                                   "other tools")
    assert _places(report) == [("store", 20, 51, "boolean-schema")]
    assert code == 0


def test_codex_says_too_little_to_place(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    text = ("warn: codex_mcp: MCP server startup failed server_name=\"s\" error=Unexpected "
            "response type")
    code, report = _explain(tmp_path, capsys, text)
    (error,) = report["errors"]
    assert (error["format"], error["places"]) == ("codex-unexpected-response", [])
    assert "names no tool" in error["meaning"]
    assert code == 1
