"""A file named on the command line in which portlint finds no tool and no schema: it says so,
naming the file, lists it under ``unreadable`` and exits 2 — never "All checks passed". An empty
tool list, a named schema file and files found by walking a directory stay as they were."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.hostile_fs import ERROR_TOOL, TOOL, json_report, run_check

_NOTHING = ("no tool and no schema found in it (a tool list, a tool, a JSON-RPC tools/list "
            "result or a JSON Schema); nothing was checked")
_CODE = "no tool found in it: portlint recognises no MCP tool definition in this {} file; " \
        "nothing was checked"

NOT_TOOL_FILES = {
    "hello.json": ('{"hello": 1}\n', _NOTHING),
    "empty.json": ("[]\n", _NOTHING),
    "config.yaml": ("greeting: hello\ncount: 2\n", _NOTHING),
    "weird.json": ('{"tools": [1, {"foo": 2}]}\n',
                   "no tool found: it has a `tools` list, but none of its 2 entries is a tool "
                   "object (with a `name` and an `inputSchema`); nothing was checked"),
    "one.json": ('{"functionDeclarations": [null]}\n',
                 "no tool found: it has a `functionDeclarations` list, but its one entry is not "
                 "a tool object (with a `name` and an `inputSchema`); nothing was checked"),
    "server.py": ("import os\n\n\ndef main() -> None:\n    print(os.getcwd())\n",
                  _CODE.format("Python")),
    "server.ts": ("export const answer = 42;\n", _CODE.format("TypeScript")),
    "server.mts": ("export const answer = 42;\n", _CODE.format("TypeScript")),
    "server.js": ("export const answer = 42;\n", _CODE.format("JavaScript")),
    "server.CJS": ("module.exports = 42;\n", _CODE.format("JavaScript")),
    "view.jsx": ("export const View = () => <p>hi</p>;\n", _CODE.format("JavaScript")),
}


@pytest.mark.parametrize("name", sorted(NOT_TOOL_FILES))
def test_a_named_file_without_tools_is_said_and_not_a_pass(tmp_path: Path, name: str) -> None:
    text, reason = NOT_TOOL_FILES[name]
    (tmp_path / name).write_text(text)
    proc = run_check(name, cwd=tmp_path)
    assert proc.returncode == 2
    assert proc.stdout.splitlines() == [
        "No findings in the 0 tools of the 0 files checked.",
        f"1 path could not be checked ({name}): see the messages above."]
    assert proc.stderr.splitlines() == [f"portlint: {name}: {reason}"]


def test_the_json_summary_lists_it_as_not_checked(tmp_path: Path) -> None:
    (tmp_path / "hello.json").write_text('{"hello": 1}\n')
    (tmp_path / "tools.json").write_text(TOOL)
    proc = run_check("--format", "json", "hello.json", "tools.json", cwd=tmp_path)
    report = json_report(proc)
    assert proc.returncode == 2
    assert report["findings"] == []
    summary = report["summary"]
    assert summary["unreadable"] == [{"file": "hello.json", "reason": _NOTHING}]
    assert summary["skipped"] == []
    assert (summary["files_checked"], summary["tools_checked"]) == (1, 1)  # tools.json only


def test_stdin_without_tools_is_said_too(tmp_path: Path) -> None:
    (tmp_path / "in.json").write_text('{"hello": 1}\n')
    with (tmp_path / "in.json").open() as stdin:
        proc = run_check("-", cwd=tmp_path, stdin=stdin)
    assert proc.returncode == 2
    assert proc.stderr.splitlines() == [f"portlint: -: {_NOTHING}"]
    assert proc.stdout.splitlines()[-1] == "1 path could not be checked (-): see the messages above."


@pytest.mark.parametrize(("text", "tools"), [
    ('{"tools": []}\n', 0),  # a server with no tools: well formed, a pass
    ('{"jsonrpc": "2.0", "id": 1, "result": {"tools": []}}\n', 0),
    ('{"type": "object", "properties": {"a": {"type": "string"}}}\n', 0),  # a schema named
    ('{"$schema": "https://json-schema.org/draft/2020-12/schema"}\n', 0),
    (TOOL, 1),
])
def test_an_empty_tool_list_or_a_schema_is_still_a_pass(tmp_path: Path, text: str,
                                                         tools: int) -> None:
    (tmp_path / "file.json").write_text(text)
    proc = run_check("file.json", cwd=tmp_path)
    assert proc.returncode == 0
    tools_said = "1 tool" if tools == 1 else "0 tools"
    assert proc.stdout.splitlines() == [f"All checks passed: {tools_said} in 1 file."]
    assert proc.stderr == ""


def test_a_broken_named_file_keeps_its_parse_error(tmp_path: Path) -> None:
    (tmp_path / "hello.json").write_text('{"hello": \n')
    proc = run_check("--format", "json", "hello.json", cwd=tmp_path)
    report = json_report(proc)
    assert proc.returncode == 1
    assert [f["rule"] for f in report["findings"]] == ["parse-error"]
    assert report["summary"]["unreadable"] == []


def test_files_found_in_a_directory_without_tools_stay_quiet(tmp_path: Path) -> None:
    folder = tmp_path / "project"
    folder.mkdir()
    for name, (text, _reason) in NOT_TOOL_FILES.items():
        (folder / name).write_text(text)
    (folder / "tools.json").write_text(TOOL)
    proc = run_check("project", cwd=tmp_path)
    assert proc.returncode == 0
    assert proc.stdout.splitlines() == ["All checks passed: 1 tool in 1 file."]
    assert proc.stderr == ""
    report = json_report(run_check("--format", "json", "project", cwd=tmp_path))
    assert report["summary"]["unreadable"] == []
    skipped = {note["file"]: note["reason"] for note in report["summary"]["skipped"]}
    assert set(skipped) == {f"project/{name}" for name in NOT_TOOL_FILES}
    assert json.dumps(skipped).count("not a tool-schema document") == len(NOT_TOOL_FILES)


def test_skip_unrelated_judges_named_files_as_the_search_does(tmp_path: Path) -> None:
    """What the pre-commit hook runs: every JSON, YAML, Python and TypeScript file is named;
    those that are no tool document are skipped (said with --verbose), `exclude` applies, and
    a tool file among them is checked as always."""
    for name, (text, _reason) in NOT_TOOL_FILES.items():
        if name not in ("weird.json", "one.json"):  # tool lists without a tool: see below
            (tmp_path / name).write_text(text)
    (tmp_path / "package.json").write_text(
        '{"name": "x", "type": "module", "dependencies": {"zod": "3.25.76"}}\n')
    (tmp_path / "tools.json").write_text(ERROR_TOOL)
    (tmp_path / "vendor").mkdir()
    (tmp_path / "vendor" / "tools.json").write_text(ERROR_TOOL)
    (tmp_path / "portlint.toml").write_text('exclude = ["vendor/**"]\n')
    named = sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*.*")
                   if p.name != "portlint.toml")
    proc = run_check("--skip-unrelated", "--verbose", "--format", "json", *named, cwd=tmp_path)
    report = json_report(proc)
    assert proc.returncode == 1  # the tool file's error; nothing else counts
    assert [(f["file"], f["rule"], f["path"]) for f in report["findings"]] == [
        ("tools.json", "boolean-schema", "inputSchema.properties.a")]
    summary = report["summary"]
    assert summary["unreadable"] == []
    assert (summary["files_checked"], summary["tools_checked"]) == (1, 1)
    skipped = {s["file"]: s["reason"] for s in summary["skipped"]}
    assert skipped["package.json"] == "not a tool-schema document"
    assert skipped["vendor/tools.json"] == "excluded by the configuration (`exclude`)"
    assert set(skipped) == set(named) - {"tools.json"}
    # without the flag, a named file is always read: package.json as the schema it looks like
    plain = run_check("--format", "json", "package.json", cwd=tmp_path)
    assert plain.returncode == 1


def test_skip_unrelated_still_reports_a_tool_list_without_tools(tmp_path: Path) -> None:
    text, reason = NOT_TOOL_FILES["weird.json"]
    (tmp_path / "tools.json").write_text(text)  # a tool document by its name: never a pass
    proc = run_check("--skip-unrelated", "tools.json", cwd=tmp_path)
    assert proc.returncode == 2
    assert proc.stderr.splitlines() == [f"portlint: tools.json: {reason}"]


def test_schema_that_finds_no_tool_says_what_it_read_and_fails(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from portlint.cli.main import main

    # an entry module that only imports the module registering the tools
    (tmp_path / "index.js").write_text('import { start } from "./tools.js";\nstart();\n')
    assert main(["schema", str(tmp_path / "index.js")]) == 2
    captured = capsys.readouterr()
    assert json.loads(captured.out) == {"tools": [], "models": {}}
    assert captured.err.splitlines() == [
        f"portlint: {tmp_path / 'index.js'}: no tool found in it: portlint recognises no MCP "
        "tool registration in this file (a module that only imports the one registering them "
        "lists none itself: name that one)"]
    # a published package: its code is compiled output, which a search passes over
    package = tmp_path / "package"
    (package / "dist").mkdir(parents=True)
    (package / "dist" / "index.js").write_text(
        'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n'
        'const server = new McpServer({ name: "t", version: "1" });\n'
        'server.registerTool("ping", { description: "Ping." }, async () => ({ content: [] }));\n')
    assert main(["schema", str(package)]) == 2
    assert capsys.readouterr().err.splitlines() == [
        f"portlint: {package}: no tool found in the 0 Python and TypeScript files searched; 1 "
        "under `dist` was not searched (compiled output: name the folder or a file in it to "
        "read it)"]
    assert main(["schema", str(package / "dist")]) == 0
    assert [t["name"] for t in json.loads(capsys.readouterr().out)["tools"]] == ["ping"]


def test_a_search_that_finds_nothing_does_not_say_all_checks_passed(tmp_path: Path) -> None:
    (tmp_path / "package.json").write_text('{"name": "x", "type": "module"}\n')
    (tmp_path / "dist").mkdir()
    (tmp_path / "dist" / "tools.json").write_text(TOOL)  # compiled output: not searched
    proc = run_check(".", cwd=tmp_path)
    assert proc.returncode == 0  # nothing went wrong, and nothing was checked: said so
    assert proc.stdout.splitlines() == [
        "Nothing checked: no tool-schema document or server module was found.",
        "2 paths skipped: `--verbose` lists them and why."]
    github = run_check("--format", "github", ".", cwd=tmp_path)
    assert github.stdout.splitlines() == proc.stdout.splitlines()


_BROKEN = '{"tools": [{"name": "t", "inputSchema": {"type": "object"\n'
_UNREAD = ("it could not be read (Unexpected end of text: expected `,` or `}` to close the object "
           "opened on line 1); `parse-error` is switched off, so it is not reported, and nothing "
           "in it was checked")


@pytest.mark.parametrize("where", ["named", "found", "configured"])
def test_a_file_that_cannot_be_read_is_never_a_pass_with_its_finding_switched_off(
        tmp_path: Path, where: str) -> None:
    (tmp_path / "tools.json").write_text(_BROKEN)
    (tmp_path / "ok.json").write_text(TOOL)
    if where == "configured":
        (tmp_path / "portlint.toml").write_text('ignore = ["parse-error"]\n')
        args = ["."]
    else:
        args = ["--ignore", "parse-error", "tools.json" if where == "named" else "."]
    proc = run_check(*args, cwd=tmp_path)
    assert proc.returncode == 2
    assert proc.stderr.splitlines() == [f"portlint: tools.json: {_UNREAD}"]
    assert proc.stdout.splitlines()[-1] == (
        "1 path could not be checked (tools.json): see the messages above.")


def test_a_server_file_the_reader_fails_on_is_reported_in_a_directory_search(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from portlint.cli.main import main
    from portlint.readers import reader_for

    (tmp_path / "server.py").write_text('from fastmcp import FastMCP\nmcp = FastMCP("x")\n')
    (tmp_path / "tools.json").write_text(TOOL)
    reader = reader_for("python")

    def failing(*args: object) -> None:
        raise KeyError("a reader's bug")

    monkeypatch.setitem(reader._loaded, reader.read_at, failing)
    assert main(["check", "--format", "json", "--jobs", "1", str(tmp_path)]) == 2
    report = json.loads(capsys.readouterr().out)
    assert [(f["rule"], Path(f["file"]).name) for f in report["findings"]] == [
        ("internal-error", "server.py")]


@pytest.mark.parametrize("name", ["tools.json", "tools.yaml"])
def test_schema_of_a_document_says_it_is_no_code(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str) -> None:
    # `{"tools": []}` is also a valid Python expression: it is never read as a module
    from portlint.cli.main import main

    (tmp_path / name).write_text('{"tools": []}\n')
    assert main(["schema", str(tmp_path / name)]) == 2
    captured = capsys.readouterr()
    assert json.loads(captured.out) == {"tools": [], "models": {}}
    kind = "JSON" if name.endswith("json") else "YAML"
    assert captured.err == (
        f"portlint: {tmp_path / name}: a {kind} document, not code: `portlint schema` derives "
        "what Python and TypeScript servers list; `portlint check` reads this file\n")


@pytest.mark.parametrize(("manifest", "text", "said"), [
    ("package.json", '{"name": "srv", "dependencies": {"@mongodb-js/mcp-core": "1.0.0"}}',
     "`@mongodb-js/mcp-core` (in package.json)"),
    ("package.json", '{"name": "srv", "dependencies": {"@modelcontextprotocol/sdk": "1.32.2"}}',
     "`@modelcontextprotocol/sdk` (in package.json)"),
    ("pyproject.toml", '[project]\nname = "srv"\ndependencies = ["fastmcp>=2.10"]\n',
     "`fastmcp` (in pyproject.toml)"),
    # pubmed-mcp-server, pdf-reader-mcp: a framework of a third party, named as one
    ("package.json", '{"name": "srv", "dependencies": {"lodash": "4", '
                     '"@cyanheads/mcp-ts-core": "0.1.0"}}',
     "`@cyanheads/mcp-ts-core` (in package.json)"),
    ("package.json", '{"name": "srv", "dependencies": {"@sylphx/mcp-server-sdk": "1.0.0"}}',
     "`@sylphx/mcp-server-sdk` (in package.json)"),
])
def test_a_server_package_with_no_tool_found_is_not_a_pass(tmp_path: Path, manifest: str,
                                                            text: str, said: str) -> None:
    # mongodb-mcp-server 3.0.4: its 27 tools are registered in `@mongodb-js/mcp-core`
    (tmp_path / manifest).write_text(text)
    (tmp_path / "index.js").write_text("export const start = () => 42;\n")
    proc = run_check(".", cwd=tmp_path)
    assert proc.returncode == 2
    installed = "site-packages" if manifest == "pyproject.toml" else "node_modules"
    assert proc.stderr.splitlines() == [
        f"portlint: .: its package depends on {said}, yet no tool registration was found in its "
        "files: it may register its tools inside a dependency (name that package's folder under "
        f"{installed}), or in a form portlint does not read; nothing was checked"]


def test_a_package_named_as_a_server_with_a_command_is_one(tmp_path: Path) -> None:
    # @playwright/mcp 0.0.86: its SDK a devDependency, its server inside `playwright-core`
    (tmp_path / "package.json").write_text(
        '{"name": "@acme/mcp", "bin": {"acme-mcp": "cli.js"}, '
        '"dependencies": {"x-core": "1.0.0"}, '
        '"devDependencies": {"@modelcontextprotocol/sdk": "1.32.2"}}')
    (tmp_path / "cli.js").write_text("const { start } = require('x-core/lib/core');\nstart();\n")
    proc = run_check(".", cwd=tmp_path)
    assert proc.returncode == 2
    assert proc.stderr.splitlines() == [
        "portlint: .: its package is `@acme/mcp`, a command named as an MCP server (in "
        "package.json), yet no tool registration was found in its files: it may register its "
        "tools inside a dependency (name that package's folder under node_modules), or in a "
        "form portlint does not read; nothing was checked"]


@pytest.mark.parametrize("manifest", [
    '{"name": "x", "devDependencies": {"@modelcontextprotocol/sdk": "1.32.2"}}',
    # named so, but no command: a library (`@acme/mcp-utils`) is no server
    '{"name": "@acme/mcp-utils", "dependencies": {"lodash": "4"}}',
    # a command, but not named as an MCP server
    '{"name": "smcp-cli", "bin": "cli.js"}',
    # "mcp" inside a word is no MCP library
    '{"name": "x", "dependencies": {"xmcpx": "1", "smcp-tools": "1", "lodash": "4"}}',
])
def test_a_package_depending_on_the_sdk_for_its_tests_only_is_no_server(
        tmp_path: Path, manifest: str) -> None:
    (tmp_path / "package.json").write_text(manifest)
    proc = run_check(".", cwd=tmp_path)
    assert proc.returncode == 0
    assert proc.stdout.splitlines()[0] == (
        "Nothing checked: no tool-schema document or server module was found.")


def test_a_server_package_whose_code_is_in_dist_names_the_folder(tmp_path: Path) -> None:
    # @line/line-bot-mcp-server, n8n-mcp, @shopify/dev-mcp: the package root named, its code
    # under `dist`, which a search passes over as compiled output
    (tmp_path / "package.json").write_text(
        '{"name": "srv", "dependencies": {"@modelcontextprotocol/sdk": "1.32.2"}}')
    (tmp_path / "dist").mkdir()
    (tmp_path / "dist" / "index.js").write_text("export const start = () => 42;\n")
    proc = run_check(".", cwd=tmp_path)
    assert proc.returncode == 2
    assert proc.stderr.splitlines() == [
        "portlint: .: its package depends on `@modelcontextprotocol/sdk` (in package.json), yet "
        "no tool registration was found in the files searched; `dist` (compiled output) was not "
        "searched: name it to read the code there; nothing was checked"]


def test_a_configuration_schema_beside_a_server_package_is_not_its_check(tmp_path: Path) -> None:
    # @mizchi/lsmcp: `lsmcp.schema.json` at the root, its server under `dist`
    (tmp_path / "package.json").write_text(
        '{"name": "srv", "dependencies": {"@modelcontextprotocol/sdk": "1.32.2"}}')
    (tmp_path / "lsmcp.schema.json").write_text(
        '{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", '
        '"properties": {"root": {"type": "string"}}}')
    (tmp_path / "dist").mkdir()
    (tmp_path / "dist" / "index.js").write_text("export const start = () => 42;\n")
    proc = run_check(".", cwd=tmp_path)
    assert proc.returncode == 2
    assert proc.stderr.splitlines() == [
        "portlint: .: its package depends on `@modelcontextprotocol/sdk` (in package.json), yet "
        "no tool registration was found in the files searched; `dist` (compiled output) was not "
        "searched: name it to read the code there; no tool was checked"]


@pytest.mark.parametrize(("name", "text", "made"), [
    # ha-mcp 3.5.1: the server handed on as `self.mcp` to modules importing no framework
    ("server.py", 'from fastmcp import FastMCP\nfrom app.tools import register_tools\n\n\n'
                  'class Server:\n    def __init__(self) -> None:\n'
                  '        self.mcp = FastMCP("repro")\n        register_tools(self.mcp)\n',
     "`FastMCP(...)` on line 7"),
    ("server.mjs", 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n'
                   'import { addAll } from "./registry.mjs";\n'
                   'const server = new McpServer({ name: "x", version: "1" });\n'
                   'addAll(server);\n',
     "`new McpServer(...)` on line 3"),
])
def test_a_search_finding_no_tool_beside_a_server_made_is_not_a_pass(
        tmp_path: Path, name: str, text: str, made: str) -> None:
    (tmp_path / name).write_text(text)
    (tmp_path / "notes.py").write_text("FastMCP = None  # a module naming no framework\n")
    proc = run_check(".", cwd=tmp_path)
    assert proc.returncode == 2
    assert proc.stderr.splitlines() == [
        f"portlint: {name}: it makes an MCP server ({made}), yet no tool registration was found "
        "in it, nor in the other files searched: it may get its tools in a form portlint does "
        "not follow (a server handed on as `self.mcp`, or registered inside a dependency); no "
        "tool was checked"]
    # with a tool found elsewhere in the search, the module is only passed over
    (tmp_path / "tools.json").write_text(TOOL)
    found = run_check(".", cwd=tmp_path)
    assert found.returncode == 0 and found.stderr == ""


def test_a_directory_named_like_a_document_with_nothing_checked_is_not_a_pass(
        tmp_path: Path) -> None:
    (tmp_path / "tools.json").mkdir()
    (tmp_path / "src").mkdir()
    proc = run_check("tools.json", cwd=tmp_path)
    assert proc.returncode == 2
    assert proc.stderr.splitlines() == [
        "portlint: tools.json: a directory, though its name says a document: nothing in it was "
        "checked"]
    assert run_check("src", cwd=tmp_path).returncode == 0  # a folder of nothing: said, passed
    # one that holds a tool document is searched as any directory
    (tmp_path / "tools.json" / "list.json").write_text(TOOL)
    assert run_check("tools.json", cwd=tmp_path).returncode == 0


@pytest.mark.parametrize("text", [
    # shown in a docstring, a comment, a string: no server is made
    'from fastmcp import FastMCP\n\n"""Make one with `mcp = FastMCP("x")` and register."""\n',
    'import mcp\n# server = FastMCP("x")\n',
    'from mcp import types\nEXAMPLE = "app = MCPServer(name)"\n',
    # made, in a module importing no framework
    'server = FastMCP("x")\n',
])
def test_a_module_only_showing_a_server_is_not_said_to_make_one(
        tmp_path: Path, text: str) -> None:
    (tmp_path / "server.py").write_text(text)
    proc = run_check(".", cwd=tmp_path)
    assert proc.returncode == 0
    assert "makes an MCP server" not in proc.stderr


SERVED = ('import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n'
          'const server = new McpServer({ name: "t", version: "1" });\n'
          'server.registerTool("ping", { description: "Ping." }, async () => ({ content: [] }));\n')


@pytest.mark.parametrize("entry", ['"bin": {"srv": "dist/index.js"}', '"main": "./dist/index.js"',
                                   '"exports": {".": {"import": "./dist/index.js"}}'])
def test_a_package_as_published_is_read_in_its_dist(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], entry: str) -> None:
    # 23 of 51 published npm servers ship their code under `dist` alone, and start from there
    from portlint.cli.main import main

    (tmp_path / "package.json").write_text('{"name": "srv", ' + entry + '}')
    (tmp_path / "dist").mkdir()
    (tmp_path / "dist" / "index.js").write_text(SERVED)
    assert main(["schema", str(tmp_path)]) == 0
    assert [t["name"] for t in json.loads(capsys.readouterr().out)["tools"]] == ["ping"]
    proc = run_check(".", cwd=tmp_path)
    assert proc.stdout.splitlines()[-1] == "All checks passed: 1 tool in 1 file."


def test_a_checkout_s_dist_beside_its_sources_is_not_searched(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from portlint.cli.main import main

    (tmp_path / "package.json").write_text('{"name": "srv", "bin": {"srv": "dist/index.js"}}')
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "index.ts").write_text(SERVED)
    (tmp_path / "dist").mkdir()
    (tmp_path / "dist" / "index.js").write_text(SERVED)
    assert main(["schema", str(tmp_path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [t["name"] for t in out["tools"]] == ["ping"]  # once: from the source


def test_a_src_of_generated_files_beside_dist_does_not_stop_it_being_read(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """@softeria/ms-365-mcp-server 0.155.0 ships `src/generated/*.ts` and `src/endpoints.json`,
    and its bundler's `tsup.config.ts`, beside the `dist` its 188 tools are in: no module at the
    top of `src`, so not the sources `dist` is compiled from."""
    from portlint.cli.main import main

    (tmp_path / "package.json").write_text('{"name": "srv", "bin": {"srv": "dist/index.js"}}')
    (tmp_path / "src" / "generated").mkdir(parents=True)
    (tmp_path / "src" / "generated" / "endpoint-types.ts").write_text("export type X = 1;\n")
    (tmp_path / "src" / "endpoints.json").write_text("[]\n")
    (tmp_path / "tsup.config.ts").write_text("export default {};\n")  # a bundler's, no source
    (tmp_path / "dist").mkdir()
    (tmp_path / "dist" / "index.js").write_text(SERVED)
    assert main(["schema", str(tmp_path)]) == 0
    assert [t["name"] for t in json.loads(capsys.readouterr().out)["tools"]] == ["ping"]


@pytest.mark.parametrize("source", ["mcp-server.ts", "server.mts"])
def test_a_package_shipping_its_typescript_beside_dist_is_read_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], source: str) -> None:
    """@agentdeskai/browser-tools-mcp 1.2.1 ships `mcp-server.ts` in its own folder beside
    `dist/mcp-server.js`, compiled from it: its 14 tools were listed twice."""
    from portlint.cli.main import main

    (tmp_path / "package.json").write_text('{"name": "srv", "bin": {"srv": "dist/index.js"}}')
    (tmp_path / source).write_text(SERVED)
    (tmp_path / "types.d.ts").write_text("export {};\n")
    (tmp_path / "dist").mkdir()
    (tmp_path / "dist" / "index.js").write_text(SERVED)
    assert main(["schema", str(tmp_path)]) == 0
    assert [t["name"] for t in json.loads(capsys.readouterr().out)["tools"]] == ["ping"]


def test_declarations_beside_dist_do_not_stop_it_being_read(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from portlint.cli.main import main

    (tmp_path / "package.json").write_text('{"name": "srv", "bin": {"srv": "dist/index.js"}}')
    (tmp_path / "index.d.ts").write_text("export {};\n")
    (tmp_path / "dist").mkdir()
    (tmp_path / "dist" / "index.js").write_text(SERVED)
    assert main(["schema", str(tmp_path)]) == 0
    assert [t["name"] for t in json.loads(capsys.readouterr().out)["tools"]] == ["ping"]
