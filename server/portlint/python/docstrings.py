"""A tool function's docstring as fastmcp 3.x and 4.x read it (with griffe): the summary — the
text before the first structured section — and each `Args:` entry's description, its
continuation lines joined with newlines. Google style, the one MCP servers use; a docstring with
no structured section is all summary."""

from __future__ import annotations

import inspect
import re

_SECTIONS = re.compile(
    r"^(Args|Arguments|Parameters|Params|Keyword Args|Keyword Arguments|Other Parameters|"
    r"Returns|Return|Yields|Yield|Raises|Raise|Exceptions|Warns|Warnings|Examples|Example|"
    r"Notes|Note|Attributes|References|Todo|See Also|Receives|Functions|Methods|Classes|"
    r"Modules)\s*:\s*$")
_PARAMETERS = ("Args", "Arguments", "Parameters", "Params", "Keyword Args", "Keyword Arguments",
               "Other Parameters")
_ENTRY = re.compile(r"^(\*{0,2}\w+)\s*(?:\([^)]*\))?\s*:\s?(.*)$")


def parse_docstring(raw: str) -> tuple[str, dict[str, str]]:
    """(summary, {parameter: description}) of a docstring as written in the source."""
    lines = inspect.cleandoc(raw).splitlines()
    first_section = next((i for i, line in enumerate(lines) if _SECTIONS.match(line)), None)
    if first_section is None:
        return "\n".join(lines).strip(), {}
    summary = "\n".join(lines[:first_section]).strip()
    parameters: dict[str, str] = {}
    index = first_section
    while index < len(lines):
        header = _SECTIONS.match(lines[index])
        index += 1
        body: list[str] = []
        while index < len(lines) and not _SECTIONS.match(lines[index]):
            body.append(lines[index])
            index += 1
        if header is not None and header.group(1) in _PARAMETERS:
            parameters.update(_entries(body))
    return summary, parameters


def _entries(body: list[str]) -> dict[str, str]:
    indented = [line for line in body if line.strip()]
    if not indented:
        return {}
    base = min(len(line) - len(line.lstrip()) for line in indented)
    entries: dict[str, list[str]] = {}
    current: str | None = None
    for line in body:
        if not line.strip():
            if current is not None:
                entries[current].append("")
            continue
        indent = len(line) - len(line.lstrip())
        match = _ENTRY.match(line.strip()) if indent == base else None
        if match is not None:
            current = match.group(1).lstrip("*")
            entries[current] = [match.group(2).strip()]
        elif current is not None:
            entries[current].append(line.strip())
    return {name: "\n".join(text).strip() for name, text in entries.items()}
