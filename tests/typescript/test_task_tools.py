"""``server.experimental.tasks.registerToolTask(...)``: a tool the SDK runs as a task is listed
like any other (the oracle's `task-tool` case holds it to what SDK 1.32 lists), its findings sit
at its Zod expressions, and what the SDK would refuse, or a release without the method, is said
instead of guessed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.typescript.test_typescript_files import project

from portlint.cli.main import main
from portlint.linter import lint_text
from portlint.settings import Settings

SERVER = """import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
const server = new McpServer({ name: "t", version: "1" });
const handler = { createTask: async () => ({}), getTask: async () => ({}),
  getTaskResult: async () => ({}) };
server.experimental.tasks.registerToolTask("find", {
  inputSchema: { q: z.union([z.string(), z.array(z.string())]) },EXECUTION
}, handler);
"""


def _schema(tmp_path: Path, text: str, sdk: str, capsys: pytest.CaptureFixture[str]
            ) -> list[dict[str, object]]:
    server = project(tmp_path, sdk=sdk) / "server.ts"
    server.write_text(text)
    assert main(["schema", str(server)]) == 0
    tools: list[dict[str, object]] = json.loads(capsys.readouterr().out)["tools"]
    return tools


def test_a_task_tool_is_listed_and_its_findings_sit_at_the_zod_expression(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = SERVER.replace("EXECUTION", ' execution: { taskSupport: "optional" },')
    [tool] = _schema(tmp_path, text, "1.32.2", capsys)
    assert list(tool) == ["name", "inputSchema", "execution"]
    assert tool["execution"] == {"taskSupport": "optional"}
    result = lint_text(text, str(tmp_path / "server.ts"), Settings())
    [finding] = result.findings
    assert (finding.rule, finding.severity.value) == ("list-as-text", "warning")
    assert text[finding.span[0]:finding.span[1]] == "z.union([z.string(), z.array(z.string())])"


def test_forbidden_task_support_is_what_the_sdk_refuses(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = SERVER.replace("EXECUTION", ' execution: { taskSupport: "forbidden" },')
    assert _schema(tmp_path, text, "1.32.2", capsys) == [{
        "name": "find", "unknown": 'a task tool with `taskSupport: "forbidden"`: the SDK throws '
                                   "when the server starts"}]


def test_a_release_without_tasks_has_no_task_tools(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = SERVER.replace("EXECUTION", "")
    assert _schema(tmp_path, text, "1.17.5", capsys) == [{
        "name": "find",
        "unknown": "@modelcontextprotocol/sdk 1.17.5 has no `experimental.tasks.registerToolTask`"}]
