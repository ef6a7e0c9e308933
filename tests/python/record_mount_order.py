"""Records what each release of fastmcp does with a mount given the prefix first —
`main.mount("jira", sub)`, the order before fastmcp 2.9, which later 2.x releases still
swapped — from the releases themselves: each, in its cached venv, mounts a server that way at
its module's top level and lists the tools through an in-memory client. Writes
``server/portlint/python/fastmcp_mount_order.py`` (committed; the live layer records it again
and fails on any difference)::

    .venv/bin/python -m tests.python.record_mount_order
"""

from __future__ import annotations

import sys
from pathlib import Path

from tests.python.record_framework_keywords import run_probe

# the releases of the keyword recording, and the last release taking the old order and the
# first refusing it (2.14.0 lets the SDK 2.x in, which it does not run: pinned below it)
RELEASES = (
    ("fastmcp", "2.10.6", "2.11.7", "1.12.4"),
    ("fastmcp", "2.13.3", None, None),
    ("fastmcp", "2.14.0", None, "1.30.0"),
    ("fastmcp", "2.14.7", None, None),
    ("fastmcp", "3.0.0", None, None),
    ("fastmcp", "3.4.11", None, None),
    ("fastmcp", "4.0.0", None, None),
    ("fastmcp", "4.2.3", None, None),
)
TARGET = (Path(__file__).resolve().parents[2] / "server" / "portlint" / "python" /
          "fastmcp_mount_order.py")

_PROBE = r'''
import asyncio, contextlib, io, json, sys, warnings
warnings.simplefilter("ignore")
from fastmcp import Client, FastMCP

sub = FastMCP("sub")


@sub.tool
def ping(host: str) -> str:
    return host


def outcome():
    main = FastMCP("main")
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(
                io.StringIO()):
            main.mount("jira", sub)

            async def listed():
                async with Client(main) as client:
                    return [tool.name for tool in await client.list_tools()]

            names = asyncio.run(listed())
    except BaseException as error:
        # the in-memory client wraps what the server raises starting; a process over stdio
        # dies with the server's own exception
        while isinstance(error, RuntimeError) and str(error).startswith(
                "Client failed to connect") and (error.__cause__ or error.__context__):
            error = error.__cause__ or error.__context__
        return f"{type(error).__name__}: {error}"
    return None if names == ["jira_ping"] else f"lists {names}"


json.dump(outcome(), sys.stdout)
'''


def recorded() -> str:
    """The text of ``fastmcp_mount_order.py`` as the releases installed now make it."""
    lines = [
        '"""What each recorded release of fastmcp does with a mount given the prefix first',
        '(`main.mount("jira", sub)`): None when it lists the tools under the prefix',
        "(`jira_ping`), else what the server raises before it answers anything. Written by",
        'tests/python/record_mount_order.py from the releases installed (do not edit)."""',
        "", "PREFIX_FIRST: dict[str, str | None] = {",
    ]
    for release in RELEASES:
        outcome = run_probe(release, _PROBE, None)
        lines.append(f"    {release[1]!r}: {outcome!r},")
    lines.append("}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    TARGET.write_text(recorded(), encoding="utf-8")
    print(f"wrote {TARGET}", file=sys.stderr)
