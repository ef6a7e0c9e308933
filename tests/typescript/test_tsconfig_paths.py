"""Imports through the aliases of a project's ``tsconfig.json`` (``paths``, ``baseUrl``) are
followed like relative ones — through ``extends`` chains, JSON with comments and trailing commas,
``${configDir}`` — and an alias that resolves to no file, or a configuration that cannot be read,
is ``unknown-schema`` saying which import could not be followed, never a silent nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portlint.linter import lint_text
from portlint.settings import Settings
from portlint.typescript.tsconfig import jsonc_to_json

SCHEMA = ('import { z } from "zod";\n'
          'export const shape = { ids: z.union([z.string(), z.array(z.string())]) };\n')
SERVER = """import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { shape } from "SPECIFIER";
const server = new McpServer({ name: "t", version: "1" });
server.tool("find", shape, async () => ({ content: [] }));
"""


def project(root: Path, tsconfig: str, name: str = "tsconfig.json") -> Path:
    """A project at ``root``: its lockfile, the configuration, ``src/schemas/user.ts`` holding a
    list-as-text field, and the server module ``src/server.ts`` (returned)."""
    (root / "src" / "schemas").mkdir(parents=True)
    (root / "package.json").write_text(json.dumps({"dependencies": {
        "@modelcontextprotocol/sdk": "1.32.2", "zod": "3.25.76"}}))
    (root / "package-lock.json").write_text(json.dumps({"packages": {
        "node_modules/@modelcontextprotocol/sdk": {"version": "1.32.2"},
        "node_modules/zod": {"version": "3.25.76"}}}))
    (root / name).write_text(tsconfig)
    (root / "src" / "schemas" / "user.ts").write_text(SCHEMA)
    return root / "src" / "server.ts"


def findings(server: Path, specifier: str) -> list[tuple[str, str, str, str]]:
    text = SERVER.replace("SPECIFIER", specifier)
    server.write_text(text)
    result = lint_text(text, str(server), Settings())
    return [(f.rule, f.severity.value, text[f.span[0]:f.span[1]], f.message)
            for f in result.findings]


DERIVED = [("list-as-text", "warning", "shape")]


@pytest.mark.parametrize(("tsconfig", "specifier"), [
    # baseUrl with paths, comments and trailing commas as tsc accepts them
    ('{\n  // aliases\n  "compilerOptions": {\n    "baseUrl": ".",\n'
     '    "paths": { "@/*": ["./src/*",], }, /* end */\n  },\n}\n', "@/schemas/user"),
    # paths without baseUrl: relative to the configuration
    ('{"compilerOptions": {"paths": {"@/*": ["src/*"]}}}', "@/schemas/user"),
    # an exact pattern, and a `.js` specifier that names the `.ts` source
    ('{"compilerOptions": {"paths": {"#user": ["./src/schemas/user.js"]}}}', "#user"),
    # the longest prefix wins; a substitution that names nothing is passed over for the next
    ('{"compilerOptions": {"paths": {"@/*": ["./nowhere/*"], "@/schemas/*": '
     '["./missing/*", "./src/schemas/*"]}}}', "@/schemas/user"),
    # baseUrl alone makes `schemas/user` a path from it
    ('{"compilerOptions": {"baseUrl": "./src"}}', "schemas/user"),
    # ${configDir}
    ('{"compilerOptions": {"paths": {"~/*": ["${configDir}/src/*"]}}}', "~/schemas/user"),
])
def test_an_alias_is_followed_like_a_relative_import(tmp_path: Path, tsconfig: str,
                                                     specifier: str) -> None:
    server = project(tmp_path, tsconfig)
    assert [f[:3] for f in findings(server, specifier)] == DERIVED


def test_a_jsconfig_serves_when_there_is_no_tsconfig(tmp_path: Path) -> None:
    server = project(tmp_path, '{"compilerOptions": {"paths": {"@/*": ["./src/*"]}}}',
                     name="jsconfig.json")
    assert [f[:3] for f in findings(server, "@/schemas/user")] == DERIVED


def test_an_extends_chain_is_followed_with_each_option_relative_to_its_file(
        tmp_path: Path) -> None:
    server = project(tmp_path, '{"extends": "./config/base", "compilerOptions": {}}')
    (tmp_path / "config").mkdir()
    # paths set in config/base.json: its substitutions are relative to that file's folder
    (tmp_path / "config" / "base.json").write_text(
        '{"extends": ["./strict.json"], "compilerOptions": {"paths": {"@/*": ["../src/*"]}}}')
    (tmp_path / "config" / "strict.json").write_text('{"compilerOptions": {"strict": true}}')
    assert [f[:3] for f in findings(server, "@/schemas/user")] == DERIVED


def test_a_base_configuration_from_a_package_is_followed(tmp_path: Path) -> None:
    server = project(tmp_path, '{"extends": "@acme/tsconfig"}')
    package = tmp_path / "node_modules" / "@acme" / "tsconfig"
    package.mkdir(parents=True)
    (package / "package.json").write_text('{"name": "@acme/tsconfig", "tsconfig": "base.json"}')
    # baseUrl relative to the package's file: two levels up is the project
    (package / "base.json").write_text(
        '{"compilerOptions": {"baseUrl": "../../../src"}}')
    assert [f[:3] for f in findings(server, "schemas/user")] == DERIVED


def test_the_extending_file_replaces_the_base_paths_as_a_whole(tmp_path: Path) -> None:
    server = project(tmp_path, '{"extends": "./base.json", "compilerOptions": '
                               '{"paths": {"#/*": ["./src/*"]}}}')
    (tmp_path / "base.json").write_text('{"compilerOptions": {"paths": {"@/*": ["./src/*"]}}}')
    assert [f[:3] for f in findings(server, "#/schemas/user")] == DERIVED
    [(rule, severity, text, message)] = findings(server, "@/schemas/user")
    assert (rule, severity, text) == ("unknown-schema", "information", "shape")
    assert "`shape` comes from the package `@/schemas/user`" in message


def test_an_alias_that_names_no_file_says_which_import_and_pattern(tmp_path: Path) -> None:
    server = project(tmp_path, '{"compilerOptions": {"paths": {"@/*": ["./lib/*"]}}}')
    [(rule, severity, text, message)] = findings(server, "@/schemas/user")
    assert (rule, severity, text) == ("unknown-schema", "information", "shape")
    assert "`@/schemas/user` matches the `paths` pattern `@/*` of `../tsconfig.json`, but none " \
           "of its substitutions (`./lib/*`) names a file" in message


@pytest.mark.parametrize(("tsconfig", "reason"), [
    ('{"compilerOptions": {"paths": {"@/*": ["./src/*"]}', "is not JSON with comments"),
    ('{"compilerOptions": /* never closed', "a /* comment is not closed"),
    ('{"extends": "./missing.json"}', "`./missing.json`, which `tsconfig.json` extends, is not "
                                      "found"),
    ('{"extends": "./tsconfig.json"}', "extends itself in a cycle"),
    ('[]', "`tsconfig.json` is not an object"),
])
def test_a_configuration_that_cannot_be_read_is_named_in_the_reason(
        tmp_path: Path, tsconfig: str, reason: str) -> None:
    server = project(tmp_path, tsconfig)
    [(rule, severity, text, message)] = findings(server, "@/schemas/user")
    assert (rule, severity, text) == ("unknown-schema", "information", "shape")
    assert reason in message
    assert "whether `@/schemas/user` is one of the project's own import aliases is not known" \
        in message


def test_an_alias_into_node_modules_is_not_read(tmp_path: Path) -> None:
    server = project(tmp_path, '{"compilerOptions": {"paths": {"@/*": ["./node_modules/x/*"]}}}')
    (tmp_path / "node_modules" / "x" / "schemas").mkdir(parents=True)
    (tmp_path / "node_modules" / "x" / "schemas" / "user.ts").write_text(SCHEMA)
    [(rule, severity, text, message)] = findings(server, "@/schemas/user")
    assert (rule, severity, text) == ("unknown-schema", "information", "shape")
    assert "to an installed package in `node_modules`" in message


def test_an_alias_to_a_package_with_another_zod_is_unknown(tmp_path: Path) -> None:
    app = tmp_path / "app"
    server = project(app, '{"compilerOptions": {"paths": {"@shared/*": ["../shared/*"]}}}')
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / "user.ts").write_text(SCHEMA)
    (shared / "package-lock.json").write_text(json.dumps({"packages": {
        "node_modules/zod": {"version": "4.6.7"}}}))
    [(rule, severity, text, message)] = findings(server, "@shared/user")
    assert (rule, severity, text) == ("unknown-schema", "information", "shape")
    assert "the file `@shared/user` installs zod 4.6.7, this file zod 3.25.76" in message


def test_a_star_re_export_through_an_alias_is_followed(tmp_path: Path) -> None:
    server = project(tmp_path, '{"compilerOptions": {"paths": {"@/*": ["./src/*"]}}}')
    (tmp_path / "src" / "index.ts").write_text('export * from "@/schemas/user";\n')
    assert [f[:3] for f in findings(server, "./index")] == DERIVED


def test_a_star_re_export_of_a_package_is_named_when_the_name_is_not_found(
        tmp_path: Path) -> None:
    server = project(tmp_path, "{}")
    (tmp_path / "src" / "index.ts").write_text('export * from "@acme/schemas";\n')
    [(rule, severity, text, message)] = findings(server, "./index")
    assert (rule, severity, text) == ("unknown-schema", "information", "shape")
    assert "`shape` is not exported by `index.ts` itself, and its `export * from " \
           "\"@acme/schemas\"` cannot be followed: `@acme/schemas` comes from the package " \
           "`@acme/schemas`, whose source portlint does not read" in message


@pytest.mark.parametrize(("text", "expected"), [
    ('{"a": "// not a comment", "b": "/* nor this */",}', {"a": "// not a comment",
                                                          "b": "/* nor this */"}),
    ('{"a": [1, 2, ], // c\n "b": "x\\"y,]"}', {"a": [1, 2], "b": 'x"y,]'}),
    ('{"a": 1 /* multi\nline */, "b": 2}', {"a": 1, "b": 2}),
])
def test_json_with_comments_keeps_strings_untouched(text: str, expected: object) -> None:
    assert json.loads(jsonc_to_json(text)) == expected
