"""What a server writes where only JSON-RPC messages belong: a banner printed to stdout before the
server speaks, a stray ``console.log`` between two replies.

The MCP clients people use do not end the session for such a line: the TypeScript SDK's client
(Claude Code, Gemini CLI, VS Code) hands the parse error to ``onerror`` and reads on, the Python
SDK's stdio client puts the exception into the session's stream and reads on. portlint does the
same — so it lints the tool list those clients see — and says what it skipped:

* each distinct line once, as it arrives (a server that prints the same progress line before
  every reply is one warning, not one per reply), for the first ``SHOWN`` distinct lines (two
  lines are the same when they are shown the same: a long line is compared by its shown start
  and its length);
* when more lines came than were shown (repeats, or distinct lines past ``SHOWN``), one closing
  count after the session;
* a session that fails all the same (a server that writes nothing but such lines runs into the
  start-up timeout, or exits) names the first of them in its error, the text the server wrote.

A line is shown as the server wrote it, made safe for a terminal and shortened when long; a line
that is JSON but not a JSON-RPC message is shown as that JSON, written again (the SDK keeps the
parsed value, not the text).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

SHOWN = 10  # distinct lines warned about one by one; the rest are counted
LONGEST = 200  # characters of a line shown; a longer one is cut, its length said
KEPT = 160  # characters kept of a line that is cut


class StrayLines:
    """The lines a session skipped, the warnings about them, and how a failure names them."""

    def __init__(self, name: str, warn: Callable[[str], None], *, http: bool = False) -> None:
        self.name = name  # "the server `CMD`"
        self.warn = warn
        # where the line came from, and what a server must do instead
        self.where = "its event stream" if http else "its stdout"
        self.advice = ("an MCP server must send only JSON-RPC messages there" if http else
                       "a stdio MCP server must write only protocol messages there (logs go to "
                       "stderr)")
        self.total = 0
        self.shown: list[str] = []  # the distinct lines warned about, as shown

    def add(self, error: Exception) -> None:
        """One item the transport could not read as a JSON-RPC message."""
        shown = offending_text(error)
        self.total += 1
        if shown in self.shown or len(self.shown) >= SHOWN:
            return
        self.shown.append(shown)
        self.warn(f"{self.name} wrote a line to {self.where} that is not a JSON-RPC message; "
                  f"skipped, as MCP clients skip it: {shown}")

    @property
    def first(self) -> str | None:
        return self.shown[0] if self.shown else None

    def closing(self) -> str | None:
        """The count, after a session that listed its tools, when not every line was shown."""
        if self.total <= len(self.shown):
            return None
        return (f"{self.name} wrote {self.total} lines to {self.where} that are not JSON-RPC "
                f"messages ({_distinct(len(self.shown))} shown above); all were skipped — "
                f"{self.advice}")

    def suffix(self) -> str:
        """What a failure message adds, naming what the server wrote ('' when it wrote none)."""
        first = self.first
        if first is None:
            return ""
        count = ("1 line" if self.total == 1 else
                 f"the first of {self.total} such lines")
        return (f"; it wrote what is not a JSON-RPC message to {self.where}: {first} ({count}) "
                f"— {self.advice}")


def _distinct(n: int) -> str:
    return "the 1 distinct line" if n == 1 else f"the first {n} distinct ones"


def offending_text(error: Exception) -> str:
    """The line behind a transport's parse error, as it is to be shown."""
    from pydantic import ValidationError

    if isinstance(error, ValidationError):
        whole = _whole_input(error)
        if whole is not None:
            return show(whole)
        issue = error.errors(include_url=False)[0] if error.error_count() else None
        if issue is not None:  # JSON, but only a part of it is known: say which and why
            where = ".".join(str(part) for part in issue["loc"][1:]) or "the message"
            return show(f"(a JSON value whose `{where}` is refused: {issue['msg']})",
                        literal=True)
    text = str(error).strip().split("\n")[0] or type(error).__name__
    return show(f"({type(error).__name__}: {text})", literal=True)


_MISSING = object()


def _whole_input(error: Any) -> str | None:
    """The whole line, or the whole JSON value it held (written again), from a pydantic error of
    ``validate_json``: an invalid-JSON error carries the text; an error at the top of one union
    member (a wrong type, a missing member) carries the value."""
    value: Any = _MISSING
    for issue in error.errors(include_url=False):
        if issue["type"] == "json_invalid":
            raw = issue.get("input")
            return raw if isinstance(raw, str) else None
        depth = len(issue["loc"])  # the union member's tag comes first
        if depth <= 1 or (depth == 2 and issue["type"] == "missing"):
            value = issue.get("input", _MISSING)
            break
    if value is _MISSING:
        return None
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        return None


def show(text: str, *, literal: bool = False) -> str:
    """A line as a warning shows it: one terminal-safe line, cut when long, in backticks (a
    description of what could not be shown is given as is)."""
    from portlint.report.escape import visible

    if literal:
        return visible(text if len(text) <= LONGEST else text[:KEPT] + "...")
    text = text.removesuffix("\r")
    if not text.strip():
        return "(an empty line)" if not text else f"(a line of {len(text)} blank characters)"
    if len(text) > LONGEST:
        return f"`{visible(text[:KEPT])}`... ({len(text)} characters)"
    return f"`{visible(text)}`"
