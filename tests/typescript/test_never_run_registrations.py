"""Registrations the server a package starts never makes (portlint.typescript.unreached):
`portlint schema` names their tools under ``not_listed`` — a module no entry point imports, a
top-level adder function nothing reached calls or hands on — and lists them whenever anything
could reach them unseen. Held to a published server in the live layer: @browserstack/mcp-server
1.4.2 (tests/typescript/published/servers.json) lists 46 tools, and its code registers 52."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path
from typing import Any

from portlint.cli.schema import schema_document

SDK = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n'


def adder(name: str, export: str = "export default function") -> str:
    """A module whose function registers the tool ``name`` on the server it is given."""
    return (f'{export} add_{name}(server) {{\n'
            f'  server.registerTool("{name}", {{ description: "{name}" }}, async () => '
            '({ content: [] }));\n}\n')


def package(root: Path, files: dict[str, str], manifest: dict[str, Any] | None = None) -> Path:
    """A package at ``root``: its manifest (the fields of ``manifest`` over a server's with
    `bin` `dist/index.js`; a field given None is left out), lockfile and ``files``."""
    spec: dict[str, Any] = {
        "name": "srv", "version": "1.0.0", "type": "module", "bin": {"srv": "dist/index.js"},
        "dependencies": {"@modelcontextprotocol/sdk": "1.32.2"}, **(manifest or {})}
    (root / "package.json").write_text(json.dumps(
        {k: v for k, v in spec.items() if v is not None}))
    (root / "package-lock.json").write_text(json.dumps({"packages": {
        "node_modules/@modelcontextprotocol/sdk": {"version": "1.32.2"}}}))
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


def schema(root: Path, under: str = ".") -> tuple[list[str], list[tuple[str, str, str]]]:
    """The tools `portlint schema root/under` lists, and those it names as not listed (file
    relative to ``root``, tool, reason)."""
    document, ok = schema_document([root / under], err=io.StringIO())
    assert ok
    return ([t["name"] for t in document["tools"]],
            [(Path(n["file"]).relative_to(root).as_posix(), n["tool"], n["reason"])
             for n in document.get("not_listed", [])])


SERVER = SDK + ('import add_a from "./tools/a.js";\n'
                'const server = new McpServer({ name: "s", version: "1" });\n'
                'add_a(server);\n')


def test_a_module_no_entry_point_imports_is_not_listed(tmp_path: Path) -> None:
    root = package(tmp_path, {"dist/index.js": 'import "./server.js";\n',
                              "dist/server.js": SERVER,
                              "dist/tools/a.js": adder("a"), "dist/tools/b.js": adder("b")})
    assert schema(root) == (["a"], [(
        "dist/tools/b.js", "b", "no module the package's entry points (`dist/index.js`) "
        "import, directly or through others, is this file: the server it starts never runs "
        "it")])


def test_an_entry_point_without_a_suffix_is_a_script(tmp_path: Path) -> None:
    root = package(tmp_path, {"bin/srv": '#!/usr/bin/env node\nimport "../dist/server.js";\n',
                              "dist/server.js": SERVER,
                              "dist/tools/a.js": adder("a"), "dist/tools/b.js": adder("b")},
                   {"bin": {"srv": "bin/srv"}})
    assert [(f, t) for f, t, _ in schema(root, "dist")[1]] == [("dist/tools/b.js", "b")]
    assert schema(root, "dist")[0] == ["a"]


def test_a_folder_s_module_format_manifest_is_not_the_package(tmp_path: Path) -> None:
    """tshy writes `{"type": "module"}` into `dist/esm/package.json` (@mapbox/mcp-server
    0.14.0, whose `optimization_v2_tool` module nothing imports): the package is the folder
    whose manifest names it; entries are said once however written, and type declarations are
    none."""
    root = package(tmp_path, {"dist/esm/package.json": '{"type": "module"}',
                              "dist/esm/index.js": SERVER, "dist/esm/tools/a.js": adder("a"),
                  "dist/esm/tools/b.js": adder("b")},
                   {"bin": "dist/esm/index.js", "module": "./dist/esm/index.js",
                    "types": "./dist/esm/index.d.ts",
                    "exports": {".": {"types": "./dist/esm/index.d.ts",
                                      "default": "./dist/esm/index.js"}}})
    assert schema(root) == (["a"], [(
        "dist/esm/tools/b.js", "b", "no module the package's entry points (`dist/esm/index.js`) "
        "import, directly or through others, is this file: the server it starts never runs "
        "it")])


def test_an_adder_only_re_exported_is_not_listed(tmp_path: Path) -> None:
    root = package(tmp_path, {
        "dist/index.js": 'import "./server.js";\n'
                         'export { default as addB } from "./tools/b.js";\n',
        "dist/server.js": SERVER, "dist/tools/a.js": adder("a"), "dist/tools/b.js": adder("b")})
    assert schema(root) == (["a"], [(
        "dist/tools/b.js", "b", "`add_b` registers this tool, and nothing the package's entry "
        "points (`dist/index.js`) run calls it or hands it on: the server it starts never "
        "makes the tool")])


def test_a_script_running_a_file_through_another_program_keeps_its_adders(
        tmp_path: Path) -> None:
    """A runner may call what the file it is given exports (`fastmcp dev dist/server.js`): no
    function is judged then; Node and TypeScript runners run a file's top level only."""
    files = {"dist/index.js": 'import "./server.js";\n'
                              'export { default as addB } from "./tools/b.js";\n',
             "dist/server.js": SERVER, "dist/tools/a.js": adder("a"), "dist/tools/b.js": adder("b")}
    for script, said in (("fastmcp dev dist/index.js", []), ("NODE_ENV=x npx tsx dist/index.js",
                                                            ["b"]),
                         ("tsc && node --enable-source-maps dist/index.js", ["b"])):
        root = tmp_path / str(len(said)) / script.split()[0].replace("=", "")
        root.mkdir(parents=True)
        package(root, files, {"scripts": {"start": script}})
        assert [t for _, t, _ in schema(root)[1]] == said, script


def test_an_adder_called_under_any_name_or_handed_on_is_listed(tmp_path: Path) -> None:
    calls = {
        "an alias of the default": 'import addIt from "./tools/b.js";\naddIt(server);\n',
        "a renamed import": 'import { add_b as go } from "./tools/b.js";\ngo(server);\n',
        "a list of adders": 'import add_b from "./tools/b.js";\n'
                            '[add_a, add_b].forEach((f) => f(server));\n',
        "a namespace": 'import * as tools from "./tools/b.js";\ntools.add_b(server);\n',
        "a re-export used": 'import { addB } from "./more.js";\naddB(server);\n',
        "a dynamic import": 'const m = await import("./tools/b.js");\nm.add_b(server);\n',
        "a dynamic import's default": 'const m = await import("./tools/b.js");\n'
                                      'm.default(server);\n',
        "a namespace's default": 'import * as tools from "./tools/b.js";\n'
                                 'tools.default(server);\n',
        "a namespace re-export": 'import { all } from "./most.js";\nall.default(server);\n',
    }
    for what, call in calls.items():
        root = tmp_path / what.replace(" ", "-").replace("'", "")
        root.mkdir()
        export = "export function" if what in ("a renamed import", "a namespace",
                                               "a dynamic import") else "export default function"
        package(root, {"dist/index.js": SERVER + call,
                       "dist/more.js": 'export { default as addB } from "./tools/b.js";\n',
                       "dist/most.js": 'export * as all from "./tools/b.js";\n',
                       "dist/tools/a.js": adder("a"), "dist/tools/b.js": adder("b", export)})
        assert schema(root) == (["a", "b"], []), what


def test_an_adder_called_in_its_own_module_is_listed(tmp_path: Path) -> None:
    root = package(tmp_path, {
        "dist/index.js": SERVER,
        "dist/tools/a.js": adder("a", "function") + adder("c", "export default function")
        .replace("{\n", "{\n  add_a(server);\n", 1)})
    assert schema(root) == (["a", "c"], [])
    # nothing calls `add_c`; `add_a` is called by it, and taken for called (what calls a
    # function is not followed further)
    (root / "dist/index.js").write_text(SDK + 'import "./tools/a.js";\n')
    assert [(f, t) for f, t, _ in schema(root)[1]] == [("dist/tools/a.js", "c")]


def test_what_could_reach_a_module_unseen_keeps_its_tools(tmp_path: Path) -> None:
    cases: dict[str, tuple[dict[str, str], dict[str, Any] | None]] = {
        "a computed import": ({"dist/index.js": SERVER + 'for (const f of ["x"]) await '
                               'import(`./tools/${f}.js`);\n'}, None),
        "a require of a variable": ({"dist/index.js": SERVER + 'const p = "./x";\n'
                                     'require(p);\n'}, None),
        "a specifier resolving to nothing": ({"dist/index.js": SERVER + 'import "./gone.js";\n'},
                                             None),
        "the file named in a string": ({"dist/index.js": SERVER + 'import { fork } from '
                                        '"node:child_process";\nfork(new URL("./tools/b.js", '
                                        'import.meta.url));\n'}, None),
        "a package's own imports": ({"dist/index.js": SERVER + 'import "#tools";\n'}, None),
        "an exports pattern": ({"dist/index.js": SERVER}, {"exports": {"./*": "./dist/*.js"}}),
        "no bin": ({"dist/index.js": SERVER}, {"bin": None, "main": "dist/index.js"}),
        "an entry not built": ({"dist/index.js": SERVER}, {"main": "dist/main.js"}),
        "a module that does not parse": ({"dist/index.js": SERVER + 'import "./broken.js";\n',
                                          "dist/broken.js": "const = ;\n"}, None),
    }
    for what, (files, manifest) in cases.items():
        root = tmp_path / what.replace(" ", "-").replace("'", "").replace("'", "")
        root.mkdir()
        package(root, {"dist/tools/a.js": adder("a"), "dist/tools/b.js": adder("b"), **files},
                manifest)
        assert schema(root, "dist/tools") == (["a", "b"], []), what


def test_the_sources_tsc_compiles_are_reached_through_the_projects_layout(
        tmp_path: Path) -> None:
    """A source project before it is built: `bin` names `build/index.js`, which the
    `tsconfig.json` compiles from `src/index.ts`. Without the layout the entry is nowhere on
    disk, and nothing is said."""
    files = {"src/index.ts": SERVER, "src/tools/a.ts": adder("a"),
             "src/tools/b.ts": adder("b")}
    manifest = {"bin": "build/index.js", "scripts": {
        "dev": "tsx watch src/dev.ts", "start": "node build/index.js"}}
    root = tmp_path / "plain"
    root.mkdir()
    package(root, files, manifest)
    assert schema(root) == (["a", "b"], [])
    root = tmp_path / "laid-out"
    root.mkdir()
    package(root, {**files, "tsconfig.json": '{ // tsc reads comments\n "compilerOptions": {'
                   '"outDir": "build", "rootDir": "src"},}\n'}, manifest)
    assert schema(root) == (["a"], [(
        "src/tools/b.ts", "b", "no module the package's entry points (`build/index.js`) "
        "import, directly or through others, is this file: the server it starts never runs "
        "it")])


def test_a_source_file_is_not_judged_by_what_its_compiled_output_reaches(
        tmp_path: Path) -> None:
    """Only the compiled `dist` is reached (no layout says where it comes from): the sources
    beside it are another tree, and nothing is said of them."""
    root = package(tmp_path, {"dist/index.js": SERVER, "dist/tools/a.js": adder("a"),
                              "src/index.ts": SERVER, "src/tools/a.ts": adder("a"),
                              "src/tools/b.ts": adder("b")})
    assert schema(root / "src") == (["a", "b"], [])


def test_hostile_packages_are_judged_or_left_alone_never_crash(tmp_path: Path) -> None:
    """Modules importing each other in a cycle are each read once; an entry that is a folder,
    a FIFO or a file of bytes no grammar reads leaves the tools listed."""
    root = tmp_path / "cycle"
    root.mkdir()
    package(root, {"dist/index.js": SERVER + 'import "./other.js";\n',
                   "dist/other.js": 'import "./index.js";\n', "dist/tools/a.js": adder("a"),
                   "dist/tools/b.js": adder("b")})
    assert [(f, t) for f, t, _ in schema(root, "dist/tools")[1]] == [("dist/tools/b.js", "b")]
    for what in ("folder", "fifo", "bytes"):
        root = tmp_path / what
        root.mkdir()
        package(root, {"dist/tools/a.js": adder("a"), "dist/tools/b.js": adder("b")},
                {"bin": "bin/srv"})
        (root / "bin").mkdir()
        if what == "folder":
            (root / "bin/srv").mkdir()
        elif what == "fifo":
            os.mkfifo(root / "bin/srv")
        else:
            (root / "bin/srv").write_bytes(b"\x00\xff{{{(" * 1000)
        assert schema(root, "dist/tools") == (["a", "b"], []), what
