"""A value changed in place after its declaration is not the value the server lists: a tool read
from it is unknown-schema with the reason, at the declaration, never derived as declared — for
every way JavaScript changes a value, directly or through another name that refers into it
(cases taken from published servers: @notionhq/notion-mcp-server fills its list with `push`
inside `forEach`). A value that is only read keeps being derived exactly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.typescript.test_typescript_files import project

from portlint.cli.main import main
from portlint.linter import lint_text
from portlint.settings import Settings

LOW_LEVEL = """import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
const server = new Server({ name: "t", version: "1" }, { capabilities: { tools: {} } });
const schema = { type: "object", properties: { q: { type: "string" } }, required: [] };
const tools = [{ name: "find", description: "Find.", inputSchema: schema }];
CHANGE
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
"""

# what changes the value, and the binding it changes (the list: no tool of it is known; the
# schema: the tool is, its schema not)
CHANGES = {
    # (not right after the declaration: something else runs first; a push right after it is
    # read: test_items_pushed_right_after_the_declaration_are_the_lists)
    "push onto the list": ('log(tools); tools.push({ name: "more", inputSchema: {} });', "tools"),
    "push onto the list in a block": ('if (extra) { tools.push({ name: "more" }); }', "tools"),
    "push onto a member": ('schema.required.push("q");', "schema"),
    "sort the list": ("tools.sort((a, b) => a.name.localeCompare(b.name));", "tools"),
    "splice the list": ("tools.splice(0, 1);", "tools"),
    "write a member": ('schema.properties.limit = { type: ["integer", "null"] };', "schema"),
    "write an item's member": ('tools[0].description = "Find more.";', "tools"),
    "augment a member": ('tools[0].description += " (v2)";', "tools"),
    "update a member": ("schema.properties.q.maxLength++;", "schema"),
    "delete a member": ("delete tools[0].inputSchema;", "tools"),
    "assign into a member": ("Object.assign(schema.properties, { n: {} });", "schema"),
    "define a member": ("Object.defineProperty(tools[0], 'title', { value: 'Find' });", "tools"),
    "through an alias": ("const alias = schema; alias.required.push('q');", "schema"),
    "through a destructured alias": ("const { properties: p } = schema; p.q.maxLength = 5;",
                                     "schema"),
    "through a loop variable": ('for (const tool of tools) tool.description = "x";', "tools"),
    "through a forEach callback": ("tools.forEach((tool) => { delete tool.title; });", "tools"),
    "through a function callback": ("tools.forEach(function (t) { t.title = 'T'; });", "tools"),
    "through a chain of aliases": ("const a = tools; const b = a[0]; b.name = 'renamed';", "tools"),
}


@pytest.mark.parametrize(("change", "changed"), list(CHANGES.values()), ids=list(CHANGES))
def test_a_value_changed_after_its_declaration_is_not_derived_as_declared(
        tmp_path: Path, change: str, changed: str, capsys: pytest.CaptureFixture[str]) -> None:
    text = LOW_LEVEL.replace("CHANGE", change)
    server = project(tmp_path) / "server.js"
    server.write_text(text)
    assert main(["schema", str(server)]) == 0
    [tool] = json.loads(capsys.readouterr().out)["tools"]
    assert tool == {"name": "?" if changed == "tools" else "find",
                    "unknown": f"`{changed}` is assigned or changed after its declaration"}
    result = lint_text(text, str(server), Settings())
    [finding] = result.findings
    assert (finding.rule, finding.severity.value) == ("unknown-schema", "information")
    # at the declaration of the changed binding
    assert text[finding.span[0]:finding.span[1]] == changed
    assert text.index(f"const {changed} =") + len("const ") == finding.span[0]


READS = {
    "nothing": "",
    "read a member": "const n = tools.length; console.log(schema.properties.q.type, n);",
    "map to names": "const names = tools.map((tool) => tool.name);",
    "a loop that only reads": "for (const tool of tools) console.log(tool.name);",
    "a copy that is changed": "const copy = [...tools]; copy.push({ name: 'x' });",
    "an unrelated list changed": "const other = []; other.push(1); other.sort();",
}


@pytest.mark.parametrize("read", list(READS.values()), ids=list(READS))
def test_a_value_only_read_is_derived_exactly(tmp_path: Path, read: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    server = project(tmp_path) / "server.js"
    server.write_text(LOW_LEVEL.replace("CHANGE", read))
    assert main(["schema", str(server)]) == 0
    assert json.loads(capsys.readouterr().out)["tools"] == [
        {"name": "find", "description": "Find.", "inputSchema": {
            "type": "object", "properties": {"q": {"type": "string"}}, "required": []}}]


def test_a_list_filled_by_push_inside_the_handler_is_unknown_not_empty(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = """import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
const defs = { search: { description: "Search pages" } };
const server = new Server({ name: "t", version: "1" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => {
  const tools = [];
  Object.entries(defs).forEach(([name, def]) => {
    tools.push({ name, description: def.description, inputSchema: { type: "object" } });
  });
  return { tools };
});
"""
    server = project(tmp_path) / "server.js"
    server.write_text(text)
    assert main(["schema", str(server)]) == 0
    assert json.loads(capsys.readouterr().out)["tools"] == [
        {"name": "?", "unknown": "`tools` is assigned or changed after its declaration"}]
    assert main(["check", str(server), "--format", "concise"]) == 0
    out = capsys.readouterr().out
    assert "server.js:6:9: information [unknown-schema]" in out
    assert "1 tool list found but not derived (unknown-schema)" in out


_MORE = '{ name: "more", inputSchema: { type: "object" } }'


@pytest.mark.parametrize(("change", "names"), [
    (f"tools.push({_MORE});", ["find", "more"]),
    (f"// a comment between\ntools.push({_MORE});\ntools.push(...[{_MORE}], {_MORE});",
     ["find", "more", "more", "more"]),
    # the list read while it is being pushed onto: that item's name is not known
    ('tools.push({ name: `tool${tools.length}`, inputSchema: {} });', ["find", None]),
])
def test_items_pushed_right_after_the_declaration_are_the_lists(
        tmp_path: Path, change: str, names: list[str],
        capsys: pytest.CaptureFixture[str]) -> None:
    """@drawio/mcp 1.6.1: `const tools = [...]; tools.push({...});` — nothing runs between the
    declaration and the pushes, so every other read sees the items pushed (oracle case
    `lowlevel-pushed-tools`)."""
    server = project(tmp_path) / "server.js"
    server.write_text(LOW_LEVEL.replace("CHANGE", change))
    assert main(["schema", str(server)]) == 0
    assert [t["name"] for t in json.loads(capsys.readouterr().out)["tools"]] == names


@pytest.mark.parametrize(("change", "said"), [
    # pushed again later, in a function
    (f"tools.push({_MORE});\nfunction more() {{ tools.push({_MORE}); }}",
     "`tools` is assigned or changed after its declaration"),
])
def test_a_push_right_after_the_declaration_is_not_read_when_more_happens(
        tmp_path: Path, change: str, said: str, capsys: pytest.CaptureFixture[str]) -> None:
    server = project(tmp_path) / "server.js"
    server.write_text(LOW_LEVEL.replace("CHANGE", change))
    assert main(["schema", str(server)]) == 0
    assert json.loads(capsys.readouterr().out)["tools"] == [{"name": "?", "unknown": said}]


def test_a_push_onto_a_let_list_is_a_change(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    server = project(tmp_path) / "server.js"
    server.write_text(LOW_LEVEL.replace("const tools", "let tools").replace(
        "CHANGE", f"tools.push({_MORE});"))
    assert main(["schema", str(server)]) == 0
    assert json.loads(capsys.readouterr().out)["tools"] == [
        {"name": "?", "unknown": "`tools` is assigned or changed after its declaration"}]

