"""Paths into documents, written the ways people and clients write them.

Three notations name the same place:

* the **display path** in the MCP Inspector's notation, relative to a tool (or to the document):
  ``outputSchema.properties.data``, ``properties["a.b"]``, ``properties["0"]``, ``anyOf[1]``;
* the **JSON pointer** (RFC 6901) from the document root: ``/tools/7/outputSchema/properties/data``;
* the **array form** clients print in validation errors: ``["tools",7,"outputSchema",...]``.

:func:`parse_any_path` reads all three (and the dot notation with a leading ``tools[7]``), so an
author can paste whatever their client printed.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache

from portlint.source.located import Path

_IDENTIFIER = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*\Z")


@lru_cache(maxsize=4096)  # the same keywords and property names recur in every path
def display_segment(segment: str | int, first: bool) -> str:
    if isinstance(segment, int):
        return f"[{segment}]"
    if _IDENTIFIER.match(segment):
        return segment if first else f".{segment}"
    return f"[{json.dumps(segment, ensure_ascii=False)}]"


def display_path(path: Path) -> str:
    """``("properties", "a.b", "anyOf", 1)`` → ``properties["a.b"].anyOf[1]``."""
    if not path:
        return ""
    return display_segment(path[0], True) + "".join(
        [display_segment(seg, False) for seg in path[1:]])


@lru_cache(maxsize=4096)
def _pointer_segment(segment: str | int) -> str:
    if isinstance(segment, int):
        return f"/{segment}"
    return "/" + segment.replace("~", "~0").replace("/", "~1")


def json_pointer(path: Path) -> str:
    """RFC 6901 pointer of ``path``; the document root is ``""``."""
    return "".join([_pointer_segment(seg) for seg in path])


@lru_cache(maxsize=1)  # compiled when a path is first read (the CLI's lint never reads one)
def _dot_token() -> re.Pattern[str]:
    return re.compile(
        r"""\s*(?:
            \[\s*(?P<index>-?\d+)\s*\]
          | \[\s*(?P<quoted>"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\s*\]
          | \.?(?P<name>[^.\[\]\s"']+)
        )""",
        re.VERBOSE,
    )


class PathSyntaxError(ValueError):
    pass


def parse_any_path(text: str) -> Path:
    """Read a path in array form, JSON-pointer form or dot notation."""
    text = text.strip()
    if not text:
        return ()
    if text.startswith("["):
        try:
            value = json.loads(text)
        except ValueError:
            value = None
        if isinstance(value, list) and all(
                isinstance(v, (str, int)) and not isinstance(v, bool) for v in value):
            return tuple(value)
    if text.startswith(("/", "#/")) or text == "#":
        body = text[1:] if text.startswith("#") else text
        if body == "":
            return ()
        parts = body[1:].split("/")
        out: list[str | int] = []
        for raw in parts:
            part = raw.replace("~1", "/").replace("~0", "~")
            out.append(int(part) if part.isdigit() else part)
        return tuple(out)
    return _parse_dotted(text)


def _parse_dotted(text: str) -> Path:
    out: list[str | int] = []
    pos = 0
    while pos < len(text):
        match = _dot_token().match(text, pos)
        if match is None or match.end() == pos:
            raise PathSyntaxError(f"cannot read the path at {text[pos:]!r}")
        if match.group("index") is not None:
            out.append(int(match.group("index")))
        elif match.group("quoted") is not None:
            quoted = match.group("quoted")
            if quoted.startswith("'"):
                quoted = '"' + quoted[1:-1].replace('"', '\\"') + '"'
            out.append(json.loads(quoted))
        else:
            out.append(match.group("name"))
        pos = match.end()
    return tuple(out)


class PathPattern:
    """An ``allow-untyped`` entry: a path exactly as findings print it — the display path
    (``inputSchema.properties["a.b"]``, brackets and quotes being part of the text), that path
    after ``tool:``, or a JSON pointer (``/tools/0/inputSchema/properties/a.b``) — in which
    ``*`` stands for any run of characters and nothing else is special. Matched by finding its
    pieces in order (no backtracking: linear in the path for any pattern)."""

    __slots__ = ("exact", "pieces", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self.pieces = text.split("*")
        self.exact = len(self.pieces) == 1

    def matches(self, path: str) -> bool:
        pieces = self.pieces
        if self.exact:
            return path == self.text
        first, last = pieces[0], pieces[-1]
        if len(path) < len(first) + len(last) or not path.startswith(first) or (
                not path.endswith(last)):
            return False
        position = len(first)
        stop = len(path) - len(last)
        for piece in pieces[1:-1]:
            found = path.find(piece, position, stop)
            if found < 0:
                return False
            position = found + len(piece)
        return True


@lru_cache(maxsize=1024)
def path_pattern(text: str) -> PathPattern:
    return PathPattern(text)
