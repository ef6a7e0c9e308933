"""The two sides a contract command reads: a file (any format portlint reads), or a live server's
tool list as its snapshot document."""

from __future__ import annotations

import os
from typing import NamedTuple

from portlint.readers import format_for, read_source
from portlint.source.document import ParsedSource
from portlint.source.text import UnreadableFile, read_text_file


class SideError(Exception):
    pass


class Side(NamedTuple):
    name: str  # as reports show it
    text: str
    source: ParsedSource


def read_file_side(path: str) -> Side:
    try:
        text = read_text_file(path)
    except UnreadableFile as unreadable:
        raise SideError(f"{path}: {unreadable.message}") from None
    source = read_source(text, format_for(path, text), filename=path)
    problems = [p for p in source.problems if p.rule == "parse-error"]
    if problems or not source.documents:
        why = problems[0].message if problems else "it holds no tools portlint can read"
        raise SideError(f"{path}: cannot compare: {why}")
    return Side(_display(path), text, source)


def read_server_side(label: str, text: str) -> Side:
    return Side(label, text, read_source(text, "json"))


def _display(path: str) -> str:
    try:
        relative = os.path.relpath(path)
    except ValueError:
        return path
    return relative if not relative.startswith("..") else path
