"""The summary counts what portlint could not derive as the notes say it: a tool whose schemas
are not derived counts as one, a list of tools (a low-level handler's, a bundle's) as one tool
list, and a tool whose schemas are derived though a word of it is not (its name, a description
computed at run time) not at all — mcp-neo4j-memory 0.4.5's nine tools, derived equal to what
it lists but for their prefixed names, were "9 tools found but not derived"."""

from __future__ import annotations

from pathlib import Path

from tests.cli.hostile_fs import json_report, run_check
from tests.typescript.test_bundled_sdk import BUNDLE
from tests.typescript.test_typescript_files import project

PYTHON = """import os

from mcp.server.fastmcp import FastMCP
from somewhere_else import Payload

mcp = FastMCP("t")
PREFIX = os.environ.get("PREFIX", "")


@mcp.tool(name=PREFIX + "find")
def find(query: str) -> str:
    return query


@mcp.tool(description=f"Counts in {os.getcwd()}")
def count(items: list[str]) -> int:
    return len(items)


@mcp.tool()
def send(payload: Payload) -> str:
    return "sent"
"""

HANDLER = """import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const server = new Server({ name: "t", version: "1" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: makeTools() }));
"""


def test_tools_not_derived_tool_lists_and_tools_derived_in_part(tmp_path: Path) -> None:
    root = project(tmp_path)
    (root / "server.py").write_text(PYTHON, encoding="utf-8")
    (root / "handler.ts").write_text(HANDLER, encoding="utf-8")
    (root / "build").mkdir()
    (root / "build" / "main.js").write_text(BUNDLE, encoding="utf-8")
    proc = run_check("--format", "json", ".", cwd=root)
    report = json_report(proc)
    notes = sorted((f["file"], f["location"]["line"]) for f in report["findings"]
                   if f["rule"] == "unknown-schema")
    assert notes == [("build/main.js", 10), ("handler.ts", 5), ("server.py", 10),
                     ("server.py", 15), ("server.py", 21)]
    summary = report["summary"]
    assert (summary["tools_not_derived"], summary["tool_lists_not_derived"]) == (1, 2)
    text = run_check(".", cwd=root).stdout.splitlines()[-1]
    assert text.endswith(" 1 tool and 2 tool lists found but not derived (unknown-schema).")
