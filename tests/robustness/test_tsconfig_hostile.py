"""Hostile project configurations: a ``tsconfig.json`` that is a FIFO, one far larger than any
configuration, an ``extends`` cycle through symbolic links. Each import is still answered —
unknown-schema naming the configuration — without hanging, reading without bound or recursing."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from portlint.linter import lint_text
from portlint.settings import Settings
from portlint.typescript.tsconfig import MAX_CONFIG_BYTES

SERVER = """import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { shape } from "@/schemas/user";
const server = new McpServer({ name: "t", version: "1" });
server.tool("find", shape, async () => ({ content: [] }));
"""


def _unknown(root: Path) -> str:
    (root / "package-lock.json").write_text(json.dumps({"packages": {
        "node_modules/@modelcontextprotocol/sdk": {"version": "1.32.2"},
        "node_modules/zod": {"version": "3.25.76"}}}))
    server = root / "server.ts"
    server.write_text(SERVER)
    result = lint_text(SERVER, str(server), Settings())
    [finding] = result.findings
    assert (finding.rule, finding.severity.value) == ("unknown-schema", "information")
    assert SERVER[finding.span[0]:finding.span[1]] == "shape"
    return finding.message


def test_a_fifo_named_tsconfig_is_not_opened(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "tsconfig.json")
    assert "`tsconfig.json` is not a regular file" in _unknown(tmp_path)


def test_a_huge_tsconfig_is_read_only_to_its_bound(tmp_path: Path) -> None:
    (tmp_path / "tsconfig.json").write_text('{"compilerOptions": {}, "x": "'
                                            + "a" * MAX_CONFIG_BYTES + '"}')
    assert f"`tsconfig.json` is larger than {MAX_CONFIG_BYTES:,} bytes" in _unknown(tmp_path)


@pytest.mark.parametrize("links", [1, 40])
def test_an_extends_cycle_through_links_ends(tmp_path: Path, links: int) -> None:
    (tmp_path / "tsconfig.json").write_text('{"extends": "./a0.json"}')
    for i in range(links):
        (tmp_path / f"a{i}.json").write_text(json.dumps({"extends": f"./a{i + 1}.json"}))
    (tmp_path / f"a{links}.json").symlink_to(tmp_path / "tsconfig.json")
    assert "extends itself in a cycle" in _unknown(tmp_path)
