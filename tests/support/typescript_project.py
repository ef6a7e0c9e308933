"""A TypeScript server file laid out as a project: a manifest and a lockfile naming the SDK and
Zod releases the reader picks its conversion by, and the findings portlint gives it."""

from __future__ import annotations

import json
from pathlib import Path

from portlint.linter import lint_text
from portlint.settings import Settings


def server_file(folder: Path, zod: str = "4.6.7", sdk: str = "1.32.2") -> Path:
    """Where the server module goes, in a project that installs these releases."""
    (folder / "package.json").write_text(json.dumps(
        {"dependencies": {"@modelcontextprotocol/sdk": sdk, "zod": zod}}))
    (folder / "package-lock.json").write_text(json.dumps({"packages": {
        "node_modules/@modelcontextprotocol/sdk": {"version": sdk},
        "node_modules/zod": {"version": zod}}}))
    return folder / "server.ts"


def findings(path: Path, text: str) -> list[tuple[str, str, str, str]]:
    """Each finding as (rule, severity, the text its range covers, message)."""
    path.write_text(text)
    result = lint_text(text, str(path), Settings())
    return [(f.rule, f.severity.value, text[f.span[0]:f.span[1]], f.message)
            for f in result.findings]
