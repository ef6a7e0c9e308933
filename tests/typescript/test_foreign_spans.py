"""What cannot be read in a value written in another module is said where this file uses it,
never at the offset the value has in its own module's text: mcp-server-linear 1.6.0's handler
lists `Object.values(toolSchemas)`, whose keys `tool.types.js` computes at run time, and the
note landed on the line and column of `index.js` that offset happened to fall on (its line 34,
inside an unrelated constructor call)."""

from __future__ import annotations

from pathlib import Path

from tests.typescript.test_typescript_files import project

from portlint.linter import lint_text
from portlint.settings import Settings

SCHEMAS = """const prefix = process.env.TOOL_PREFIX;

export const toolSchemas = {
  [`${prefix}_search`]: { name: `${prefix}_search`, inputSchema: { type: "object" } },
};
"""

LOW_LEVEL = """import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { toolSchemas } from "./schemas.js";

const server = new Server({ name: "t", version: "1" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: Object.values(toolSchemas),
}));
"""

DESCRIBED = """export const describe = { search: process.env.SEARCH_HELP };
"""

HIGH_LEVEL = """import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { describe } from "./described.js";

const server = new McpServer({ name: "t", version: "1" });
server.registerTool("search", { description: describe.search, inputSchema: { q: z.string() } },
  async () => ({ content: [] }));
"""


def _said(path: Path, text: str) -> list[tuple[str, str, str]]:
    path.write_text(text, encoding="utf-8")
    return [(f.rule, text[f.span[0]:f.span[1]], f.message)
            for f in lint_text(text, str(path), Settings()).findings]


def test_a_handlers_list_computed_in_another_module_is_said_where_it_is_used(
        tmp_path: Path) -> None:
    root = project(tmp_path)
    (root / "schemas.ts").write_text(SCHEMAS, encoding="utf-8")
    assert _said(root / "index.ts", LOW_LEVEL) == [(
        "unknown-schema", "toolSchemas", "The schemas of the tools this handler "
        "lists cannot be derived statically: an object with a key computed at run time.")]


def test_a_field_read_from_another_module_is_said_where_this_file_reads_it(
        tmp_path: Path) -> None:
    root = project(tmp_path)
    (root / "described.ts").write_text(DESCRIBED, encoding="utf-8")
    found = _said(root / "server.ts", HIGH_LEVEL)
    assert [(rule, where) for rule, where, _ in found] == [("unknown-schema", "describe.search")]


def test_a_zod_enum_of_another_modules_array_is_said_where_it_is_used(tmp_path: Path) -> None:
    """task-master-ai 0.43.1's `I.enum(A)`, `A` an array of a chunk that changes it (or a name
    of the same spelling): the note named "not a literal array" at the offset of the chunk's
    array, in this file's import list; it now gives the reason, at `A`."""
    root = project(tmp_path)
    # (the push after another statement: one right after the declaration is read as the list's)
    (root / "profiles.js").write_text('const j = ["amp", "zed"];\nexport { j as v };\n'
                                      'j.push("roo");\n', encoding="utf-8")
    text = ('import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n'
            'import { z as I } from "zod";\nimport { v as A } from "./profiles.js";\n'
            'const server = new McpServer({ name: "t", version: "1" });\n'
            'server.tool("rules", "Rules.", { profiles: I.array(I.enum(A)) },\n'
            "  async () => ({ content: [] }));\n")
    assert _said(root / "server.js", text) == [(
        "unknown-schema", "A", "The schema of tool `rules` cannot be derived statically: `j` is "
        "assigned or changed after its declaration.")]
