"""``portlint schema server.ts``: what a TypeScript MCP server will list, without running it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, TextIO

from portlint.typescript.reader import analyze


def typescript_schema(path: str, text: str, tool: str | None, out: TextIO, err: TextIO) -> int:
    analysis = analyze(text, Path(path))
    if analysis.syntax_error is not None:
        print(f"portlint: {path}: {analysis.syntax_error[1]}", file=err)
        return 2
    tools: list[dict[str, Any]] = []
    for declared in analysis.tools:
        if tool is not None and declared.name != tool:
            continue
        if declared.unknown:
            tools.append({"name": declared.name,
                          "unknown": "; ".join(r for r, _ in declared.unknown)})
        elif declared.entry is not None:
            tools.append(declared.entry)
    if tool is not None and not tools:
        print(f"portlint: {path}: no tool named {tool!r}", file=err)
        return 2
    document: dict[str, Any] = {"tools": tools}
    if analysis.sdk is not None:
        document["framework"] = analysis.sdk.describe()
    if analysis.project is not None and "zod" in analysis.project.installed:
        found = analysis.project.installed["zod"]
        document["zod"] = f"{found.version} ({found.source})"
    out.write(json.dumps(document, indent=2, ensure_ascii=False) + "\n")
    return 0
