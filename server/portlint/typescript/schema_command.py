"""``portlint schema server.ts``: what a TypeScript MCP server will list, without running it.

One file's part of the ``schema`` document: its tools as the SDK lists them (a tool portlint
could not derive carries ``unknown`` with the reason instead of schemas), the SDK release the
entries follow, and the SDK and Zod releases assumed with where each was read from. The tools of
a module the server its package starts never runs (:mod:`portlint.typescript.unreached`) are
named under ``not_listed`` instead, with why."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from portlint.source.text import UnreadableFile, read_text_file
from portlint.typescript.reader import analyze
from portlint.typescript.unreached import not_run


@dataclass
class TypeScriptTools:
    tools: list[dict[str, Any]] = field(default_factory=list)
    framework: str | None = None  # e.g. "@modelcontextprotocol/sdk 1.32.2"
    assumed: dict[str, dict[str, str]] = field(default_factory=dict)
    not_listed: list[dict[str, str]] = field(default_factory=list)  # file, tool, reason


def typescript_tools(file: Path, err: TextIO | None = None) -> TypeScriptTools | None:
    """The tools ``file`` registers; None (and a message on ``err``) when it cannot be read."""
    err = err or sys.stderr
    try:
        text = read_text_file(file)
    except UnreadableFile as unreadable:
        print(f"portlint: {file}: {unreadable.message}", file=err)
        return None
    try:
        analysis = analyze(text, file)
    except Exception as error:  # a bug of portlint's: said on this file, never a traceback
        print(f"portlint: {file}: portlint's TypeScript reader failed on this file "
              f"({type(error).__name__}: {str(error)[:120]}); its tools are not listed",
              file=err)
        return None
    if analysis.syntax_error is not None:
        print(f"portlint: {file}: {analysis.syntax_error[1]}", file=err)
        return None
    read = TypeScriptTools()
    never_made = not_run(file, [t.span for t in analysis.tools])
    for declared, why in zip(analysis.tools, never_made, strict=True):
        if why is not None:
            read.not_listed.append({"file": str(file), "tool": declared.name, "reason": why})
            continue
        if declared.unknown:
            read.tools.append({"name": declared.name,
                               "unknown": "; ".join(r for r, _ in declared.unknown)})
        elif declared.entry is not None:
            unread = [f"the tool's name is not read ({declared.name_unread})"] if (
                declared.name_unread) else []
            unread += [f"the tool's `{part}` is not read ({reason}): left out"
                       for part, reason, _span in declared.parts_unread]
            rest = {k: v for k, v in declared.entry.items() if k != "name"}
            read.tools.append({"name": declared.entry.get("name"), "unknown": "; ".join(
                unread), **rest} if unread else declared.entry)
    if analysis.sdk is not None:
        read.framework = analysis.sdk.describe()
    if analysis.project is not None:
        for package, found in analysis.project.installed.items():
            read.assumed[package] = {"version": found.version,
                                     "why": f"read from the project's {found.source}"}
    return read
