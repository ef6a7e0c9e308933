"""Reading a live server for a CLI command: its tool list as the snapshot document, or one clear
message on stderr."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple, TextIO

from portlint.live.client import Listing, LiveError, fetch_listing
from portlint.live.snapshot import render_snapshot
from portlint.live.target import Bounds, ServerTarget, TargetError, parse_target
from portlint.source.document import ParsedSource

DAMAGE_SHOWN = 10  # entries of a damaged list said one by one; the rest are counted


class Fetched(NamedTuple):
    target: ServerTarget
    listing: Listing
    text: str  # the snapshot document

    @property
    def name(self) -> str:
        """How reports name the server's tool list."""
        return live_name(self.target)


def live_name(target: ServerTarget) -> str:
    return target.url if target.url is not None else f"server:{target.label}"


def target_or_complain(command: str | None, url: str | None, err: TextIO) -> ServerTarget | None:
    try:
        return parse_target(command, url)
    except TargetError as error:
        print(f"portlint: {error}", file=err)
        return None


def fetch(target: ServerTarget, bounds: Bounds, err: TextIO) -> Fetched | None:
    def warn(text: str) -> None:  # what the session skipped (a line that is not JSON-RPC)
        print(f"portlint: warning: {text}", file=err, flush=True)

    try:
        listing = fetch_listing(target, bounds, warn)
    except LiveError as error:
        print(f"portlint: {error.report()}", file=err)
        return None
    try:
        text = render_snapshot(listing.tools)
    except (RecursionError, ValueError) as error:
        print(f"portlint: {live_name(target)}: the tool list cannot be written as JSON "
              f"({type(error).__name__}: {error})", file=err)
        return None
    if listing.sdk_refusal:
        first = listing.sdk_refusal.strip().splitlines()
        print(f"portlint: note: the MCP Python SDK client refuses this tool list as a whole "
              f"({' / '.join(line.strip() for line in first[:3])}); portlint lints what the "
              "server sent.", file=err)
    return Fetched(target, listing, text)


def say_damage(name: str, source: ParsedSource, say: Callable[[str, str], None]) -> None:
    """Say (``say(name, reason)``) each entry of a listed tool list, read as ``source``, that
    is no tool."""
    from portlint.cli.sides import tool_list_problems

    problems = tool_list_problems(source)
    for problem in problems[:DAMAGE_SHOWN]:
        say(name, f"the tool list cannot be linted in full: {problem}")
    if len(problems) > DAMAGE_SHOWN:
        say(name, f"and {len(problems) - DAMAGE_SHOWN} more entries that are no tools")
