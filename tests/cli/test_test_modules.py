"""Test modules found in a directory are passed over, said why: the tools they register are a
test's (on a stub or a server made for the test), not what a server lists (@heroku/mcp-server
1.2.8 ships `*.spec.js` files registering `test_tool` five times on a sinon stub). Named on the
command line, such a file is checked. Data files are never taken for tests."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portlint.cli.main import main
from tests.cli.hostile_fs import ERROR_TOOL, json_report, run_check

SERVER = """from mcp.server.fastmcp import FastMCP

mcp = FastMCP("t")


@mcp.tool()
def find(query: str | list[str]) -> str:
    return str(query)
"""
SCRIPT = """import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
const server = new McpServer({ name: "t", version: "1" });
server.tool("test_tool", "Test description", { q: z.union([z.string(), z.array(z.string())]) },
  async () => ({ content: [] }));
"""
TEST_MODULES = ("tools.spec.js", "tools.test.ts", "tools.spec.mjs", "Tools.Test.TSX",
                "__tests__/tools.js", "__tests__/deep/tools.ts", "test_server.py",
                "server_test.py", "conftest.py")
NOT_TESTS = ("test_tools.json", "tools.test.yaml", "spec.ts", "testing.py", "contest.py",
             "latest.js")
SKIPPED = "a test module: the tools it registers are a test's, not what a server lists"


def _write(root: Path, name: str) -> None:
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    text = SERVER if name.endswith(".py") else ERROR_TOOL if name.endswith(
        (".json", ".yaml")) else SCRIPT
    path.write_text(text, encoding="utf-8")


def test_a_directory_search_passes_test_modules_over_and_says_why(tmp_path: Path) -> None:
    for name in (*TEST_MODULES, *NOT_TESTS):
        _write(tmp_path, name)
    report = json_report(run_check("--format", "json", ".", cwd=tmp_path))
    skipped = {entry["file"]: entry["reason"] for entry in report["summary"]["skipped"]}
    assert {name: skipped.get(name) for name in TEST_MODULES} == dict.fromkeys(TEST_MODULES, SKIPPED)
    assert not set(NOT_TESTS) & set(skipped)
    assert sorted({f["file"] for f in report["findings"]}) == sorted(NOT_TESTS)


@pytest.mark.parametrize("name", ["tools.spec.js", "test_server.py"])
def test_a_test_module_named_is_checked(tmp_path: Path, name: str) -> None:
    _write(tmp_path, name)
    report = json_report(run_check("--format", "json", name, cwd=tmp_path))
    assert [f["file"] for f in report["findings"]] == [name]
    assert report["summary"]["skipped"] == []


def test_the_schema_command_leaves_test_modules_out(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _write(tmp_path, "server.py")
    _write(tmp_path, "test_server.py")
    _write(tmp_path, "__tests__/tools.ts")
    assert main(["schema", str(tmp_path)]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert [tool["name"] for tool in printed["tools"]] == ["find"]


def test_a_module_named_like_a_test_that_its_package_imports_is_the_servers(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # awslabs.elasticache-mcp-server 0.2.1: `tools/rg/test_migration.py` registers its
    # `test-migration` tool, imported by `tools/rg/__init__.py`
    package = tmp_path / "app"
    package.mkdir()
    (package / "__init__.py").write_text("from app import test_migration  # registers\n")
    (package / "test_migration.py").write_text(SERVER.replace("def find", "def migrate"))
    # a real test beside it, imported by nothing but itself, is still a test
    (package / "test_server.py").write_text(SERVER)
    report = json_report(run_check("--format", "json", ".", cwd=tmp_path))
    skipped = {entry["file"]: entry["reason"] for entry in report["summary"]["skipped"]}
    assert skipped["app/test_server.py"] == SKIPPED and "app/test_migration.py" not in skipped
    assert [(f["file"], f["rule"]) for f in report["findings"]] == [
        ("app/test_migration.py", "list-as-text")]
    assert main(["schema", str(tmp_path)]) == 0
    assert [t["name"] for t in json.loads(capsys.readouterr().out)["tools"]] == ["migrate"]

