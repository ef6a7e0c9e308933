"""Which Zod and SDK a file of a monorepo gets: resolved from the file's directory upward, over the
lockfile at the workspace root, as Node resolves over what that lockfile installs.

The three workspaces under ``workspaces/`` are real: two members, ``packages/a`` pinning zod
3.22.4 and ``packages/b`` asking for ``^4.1.0``; their lockfiles were written by the package
managers themselves (``npm install --package-lock-only`` with npm 11, ``pnpm install
--lockfile-only`` with pnpm 9.15.0, ``yarn install`` with yarn 1.22.22). npm hoists 3.22.4 to
the root's ``node_modules`` and nests 4.6.7 under ``packages/b``; pnpm keys each member by its
importer; yarn by the range each member declares."""

from __future__ import annotations

import json
import shutil
import textwrap
from pathlib import Path

import pytest

from portlint.linter import lint_text
from portlint.settings import Settings
from portlint.typescript.project import Installed, Project, project_for
from portlint.typescript.reader import analyze

WORKSPACES = Path(__file__).resolve().parent / "workspaces"
SERVER = """import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
const server = new McpServer({ name: "member", version: "1" });
server.tool("find", { q: z.union([z.string(), z.array(z.string())]), n: z.number().int() },
  async () => ({ content: [] }));
"""


def workspace(kind: str, tmp_path: Path) -> Path:
    root = tmp_path / kind
    shutil.copytree(WORKSPACES / kind, root)
    return root


@pytest.mark.parametrize("kind", ["npm", "pnpm", "yarn"])
def test_each_member_gets_the_zod_its_own_manifest_locked(kind: str, tmp_path: Path) -> None:
    root = workspace(kind, tmp_path)
    (root / "packages" / "a" / "src").mkdir()
    a = root / "packages" / "a" / "src" / "server.ts"
    b = root / "packages" / "b" / "server.ts"
    for path in (a, b):
        path.write_text(SERVER)
    assert project_for(a).installed["zod"] == Installed("3.22.4", "lockfile")
    assert project_for(b).installed["zod"] == Installed("4.6.7", "lockfile")
    # the root declares no SDK and nothing installs one: the newest 1.x is modelled
    assert "@modelcontextprotocol/sdk" not in project_for(b).installed


@pytest.mark.parametrize("kind", ["npm", "pnpm", "yarn"])
def test_a_member_file_is_derived_with_its_zod_and_linted_in_place(kind: str,
                                                                  tmp_path: Path) -> None:
    root = workspace(kind, tmp_path)
    a = root / "packages" / "a" / "server.ts"
    b = root / "packages" / "b" / "server.ts"
    a.write_text(SERVER)
    b.write_text(SERVER)
    [zod3] = analyze(SERVER, a).tools
    [zod4] = analyze(SERVER, b).tools
    assert zod3.entry is not None and zod4.entry is not None
    # zod-to-json-schema (Zod 3) writes an integer without bounds; Zod 4 bounds it to the safe
    # integers and keeps no `additionalProperties` on a draft-07 input
    assert zod3.entry["inputSchema"]["properties"]["n"] == {"type": "integer"}
    assert zod3.entry["inputSchema"]["additionalProperties"] is False
    assert zod4.entry["inputSchema"]["properties"]["n"] == {
        "type": "integer", "minimum": -9007199254740991, "maximum": 9007199254740991}
    assert "additionalProperties" not in zod4.entry["inputSchema"]
    result = lint_text(SERVER, str(b), Settings())
    found = [(f.rule, f.severity.value, SERVER[f.span[0]:f.span[1]]) for f in result.findings]
    assert ("list-as-text", "warning", "z.union([z.string(), z.array(z.string())])") in found


def test_nested_node_modules_are_found_from_the_file_upward(tmp_path: Path) -> None:
    (tmp_path / "package.json").write_text(json.dumps({"workspaces": ["packages/*"]}))
    for where, version in ((tmp_path, "3.25.76"), (tmp_path / "packages" / "b", "4.6.7")):
        installed = where / "node_modules" / "zod"
        installed.mkdir(parents=True)
        (installed / "package.json").write_text(json.dumps({"name": "zod", "version": version}))
    (tmp_path / "packages" / "a").mkdir(parents=True)
    assert Project(tmp_path / "packages" / "a").installed["zod"] == ("3.25.76", "node_modules")
    assert Project(tmp_path / "packages" / "b").installed["zod"] == ("4.6.7", "node_modules")


def test_the_nearest_manifest_that_declares_a_package_gives_its_range(tmp_path: Path) -> None:
    (tmp_path / "package.json").write_text(json.dumps(
        {"workspaces": ["apps/*"], "devDependencies": {"zod": "^3.23.8"}}))
    for member, manifest in (("web", {"name": "web"}),
                             ("mcp", {"name": "mcp", "dependencies": {"zod": "~4.6.0"}})):
        (tmp_path / "apps" / member).mkdir(parents=True)
        (tmp_path / "apps" / member / "package.json").write_text(json.dumps(manifest))
    assert Project(tmp_path / "apps" / "web").installed["zod"] == ("3.999.0", "package.json")
    assert Project(tmp_path / "apps" / "mcp").installed["zod"] == ("4.6.999", "package.json")


def test_the_walk_ends_at_the_nearest_lockfile(tmp_path: Path) -> None:
    outer = {"packages": {"node_modules/zod": {"version": "3.22.4"}}}
    (tmp_path / "package.json").write_text("{}")
    (tmp_path / "package-lock.json").write_text(json.dumps(outer))
    inner = tmp_path / "tools" / "server"
    inner.mkdir(parents=True)
    (inner / "package.json").write_text(json.dumps({"dependencies": {"zod": "^4.6.0"}}))
    (inner / "package-lock.json").write_text(json.dumps({"packages": {}}))
    # its own lockfile installs no zod (stale): its range decides, not the outer project's
    assert Project(inner).installed["zod"] == ("4.999.0", "package.json")


def test_a_workspace_link_in_an_npm_lockfile_is_not_a_version(tmp_path: Path) -> None:
    (tmp_path / "package.json").write_text("{}")
    (tmp_path / "package-lock.json").write_text(json.dumps({"packages": {
        "node_modules/zod": {"resolved": "packages/zod", "link": True},
        "packages/zod": {"version": "9.0.0"}}}))
    assert "zod" not in Project(tmp_path).installed


def test_older_pnpm_lockfiles_and_peer_suffixes(tmp_path: Path) -> None:
    (tmp_path / "package.json").write_text("{}")
    (tmp_path / "pnpm-lock.yaml").write_text(textwrap.dedent("""\
        lockfileVersion: 5.4
        importers:
          packages/server:
            specifiers:
              zod: ^3.22.0
              zod-to-json-schema: ^3.22.0
            dependencies:
              zod: 3.22.4
              zod-to-json-schema: 3.22.5_zod@3.22.4
        """))
    found = Project(tmp_path / "packages" / "server").installed
    assert found["zod"] == ("3.22.4", "lockfile")
    assert found["zod-to-json-schema"] == ("3.22.5", "lockfile")
    assert "zod" not in Project(tmp_path).installed  # the root imports nothing
    (tmp_path / "pnpm-lock.yaml").write_text(textwrap.dedent("""\
        lockfileVersion: '6.0'
        dependencies:
          '@modelcontextprotocol/sdk':
            specifier: ^1.17.0
            version: 1.17.5(zod@3.24.1)
          zod:
            specifier: link:../zod
            version: link:../zod
        """))
    found = Project(tmp_path).installed
    assert found["@modelcontextprotocol/sdk"] == ("1.17.5", "lockfile")
    assert "zod" not in found


def test_a_berry_yarn_lockfile_is_keyed_by_the_declared_range(tmp_path: Path) -> None:
    (tmp_path / "package.json").write_text(json.dumps({"dependencies": {"zod": "^4.1.0"}}))
    (tmp_path / "yarn.lock").write_text(textwrap.dedent("""\
        __metadata:
          version: 8
          cacheKey: 10

        "zod@npm:3.22.4":
          version: 3.22.4
          resolution: "zod@npm:3.22.4"

        "zod@npm:^4.0.0, zod@npm:^4.1.0":
          version: 4.6.7
          resolution: "zod@npm:4.6.7"
        """))
    assert Project(tmp_path).installed["zod"] == ("4.6.7", "lockfile")
    # a range the lockfile does not hold: the lockfile is stale, it decides nothing
    (tmp_path / "package.json").write_text(json.dumps({"dependencies": {"zod": "^3.23.0"}}))
    assert Project(tmp_path).installed["zod"] == ("3.999.0", "package.json")


# -- the workspace's own packages, imported by name ----------------------------------------------

LIST_SCHEMA = ('import { z } from "zod";\n'
               'export const shape = { q: z.union([z.string(), z.array(z.string())]) };\n')
IMPORTER = """import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { shape } from "@acme/schemas";
const server = new McpServer({ name: "t", version: "1" });
server.tool("find", shape, async () => ({ content: [] }));
"""


def monorepo(tmp_path: Path, exports: object, pnpm: bool = False,
             member_zod: str | None = None) -> Path:
    """A workspace root with its lockfile (zod 3.25.76 hoisted), the server in apps/server and
    the schemas package in packages/schemas, nothing linked into node_modules (not installed)."""
    root = tmp_path / "repo"
    (root / "apps" / "server").mkdir(parents=True)
    (root / "packages" / "schemas" / "src").mkdir(parents=True)
    manifest: dict[str, object] = {"name": "repo", "private": True}
    if pnpm:
        (root / "pnpm-workspace.yaml").write_text('packages:\n  - "apps/*"\n  - "packages/*"\n')
    else:
        manifest["workspaces"] = ["apps/*", "packages/*"]
    (root / "package.json").write_text(json.dumps(manifest))
    packages = {"node_modules/zod": {"version": "3.25.76"}}
    if member_zod:
        packages["packages/schemas/node_modules/zod"] = {"version": member_zod}
    (root / "package-lock.json").write_text(json.dumps({"packages": packages}))
    (root / "apps" / "server" / "package.json").write_text(json.dumps({"name": "server"}))
    (root / "packages" / "schemas" / "package.json").write_text(json.dumps(
        {"name": "@acme/schemas", "exports": exports}))
    (root / "packages" / "schemas" / "src" / "index.ts").write_text(LIST_SCHEMA)
    return root / "apps" / "server" / "server.ts"


def findings(path: Path, text: str) -> list[tuple[str, str, str, str]]:
    path.write_text(text)
    result = lint_text(text, str(path), Settings())
    return [(f.rule, f.severity.value, text[f.span[0]:f.span[1]], f.message)
            for f in result.findings]


@pytest.mark.parametrize("pnpm", [False, True])
@pytest.mark.parametrize("exports", [
    "./src/index.ts",
    {".": {"import": "./src/index.ts"}},
    # build output not built yet: the TypeScript source its `types` names
    {".": {"types": "./src/index.ts", "import": "./dist/index.js"}},
])
def test_a_workspace_package_is_read_from_its_source(tmp_path: Path, exports: object,
                                                     pnpm: bool) -> None:
    server = monorepo(tmp_path, exports, pnpm)
    found = findings(server, IMPORTER)
    assert [(r, s, t) for r, s, t, _ in found] == [("list-as-text", "warning", "shape")]


def test_a_linked_member_is_followed_and_a_published_package_is_not(tmp_path: Path) -> None:
    server = monorepo(tmp_path, "./src/index.ts")
    root = server.parents[2]
    (root / "node_modules" / "@acme").mkdir(parents=True)
    (root / "node_modules" / "@acme" / "schemas").symlink_to(root / "packages" / "schemas")
    found = findings(server, IMPORTER)
    assert [(r, s, t) for r, s, t, _ in found] == [("list-as-text", "warning", "shape")]
    (root / "node_modules" / "@acme" / "schemas").unlink()
    shutil.copytree(root / "packages" / "schemas", root / "node_modules" / "@acme" / "schemas")
    found = findings(server, IMPORTER)
    assert [(r, s, t) for r, s, t, _ in found] == [("unknown-schema", "information", "shape")]
    assert "comes from the package `@acme/schemas`, whose source portlint does not read" in \
        found[0][3]


def test_a_member_with_another_zod_is_unknown_not_derived_with_this_one(tmp_path: Path) -> None:
    server = monorepo(tmp_path, "./src/index.ts", member_zod="4.6.7")
    found = findings(server, IMPORTER)
    assert [(r, s, t) for r, s, t, _ in found] == [("unknown-schema", "information", "shape")]
    assert "the workspace package `@acme/schemas` installs zod 4.6.7, this file zod 3.25.76" \
        in found[0][3]


@pytest.mark.parametrize("exports", [{"./*": "./src/*.ts"}, {".": {"types": "./dist/x.d.ts"}},
                                     {".": {"browser": "./src/index.ts"}}])
def test_exports_it_would_have_to_guess_at_are_unknown(tmp_path: Path, exports: object) -> None:
    server = monorepo(tmp_path, exports)
    found = findings(server, IMPORTER)
    assert [(r, s, t) for r, s, t, _ in found] == [("unknown-schema", "information", "shape")]
