"""Hover text for a TypeScript MCP server: the schemas a registered tool advertises."""

from __future__ import annotations

import json
from pathlib import Path

from portlint.source.document import ReadRequest
from portlint.typescript.reader import analyze


def typescript_preview(text: str, offset: int, request: ReadRequest | None = None
                       ) -> tuple[str, tuple[int, int]] | None:
    """Markdown showing what the registration at ``offset`` advertises (its name argument is
    the place to hover), with the range it covers; None elsewhere. The request's file name
    finds the project, whose lockfile says which SDK and Zod list the tools."""
    filename = request.filename if request is not None else None
    analysis = analyze(text, Path(filename) if filename else None)
    for tool in analysis.tools:
        start, end = tool.name_span
        if not start <= offset < end:
            continue
        sdk = analysis.sdk.describe() if analysis.sdk is not None else "the MCP SDK"
        parts = [f"**Tool `{tool.name}`** as advertised by {sdk}"]
        if tool.unknown:
            parts.append("Not derivable statically: " + "; ".join(r for r, _ in tool.unknown))
        elif tool.entry is not None:
            for label in ("inputSchema", "outputSchema"):
                if label in tool.entry:
                    parts.append(f"`{label}`\n```json\n"
                                 f"{json.dumps(tool.entry[label], indent=2)}\n```")
        return "\n\n".join(parts), (start, end)
    return None
