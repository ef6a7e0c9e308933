"""Path globs as configuration writes them: ``*`` within a segment, ``**`` across segments."""

from __future__ import annotations

import re
from functools import lru_cache


@lru_cache(maxsize=512)
def _compile(pattern: str) -> re.Pattern[str]:
    pattern = pattern.replace("\\", "/")
    anchored = "/" in pattern.rstrip("/")
    if pattern.startswith("/"):
        pattern = pattern[1:]
    out: list[str] = []
    i = 0
    while i < len(pattern):
        c = pattern[i]
        if pattern.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
        elif pattern.startswith("**", i):
            out.append(".*")
            i += 2
        elif c == "*":
            out.append("[^/]*")
            i += 1
        elif c == "?":
            out.append("[^/]")
            i += 1
        elif c == "[":
            end = pattern.find("]", i + 1)
            if end == -1:
                out.append(re.escape(c))
                i += 1
            else:
                body = pattern[i + 1:end].replace("\\", "\\\\")
                if body.startswith("!"):
                    body = "^" + body[1:]
                out.append(f"[{body}]")
                i = end + 1
        else:
            out.append(re.escape(c))
            i += 1
    body = "".join(out)
    if pattern.endswith("/"):
        body += ".*"
    prefix = "" if anchored else "(?:.*/)?"
    return re.compile(f"{prefix}{body}(?:/.*)?\\Z" if not pattern.endswith("/") else
                      f"{prefix}{body}\\Z")


def glob_match(pattern: str, relative_path: str) -> bool:
    """Whether a ``/``-separated path relative to the project root matches ``pattern``.

    A pattern without ``/`` matches a file or folder name at any depth (``*.tools.json``,
    ``fixtures``); a pattern with ``/`` is anchored at the project root (``schemas/**/*.json``).
    """
    return _compile(pattern).match(relative_path.replace("\\", "/")) is not None
