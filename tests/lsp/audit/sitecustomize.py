"""Loaded by every Python started with this folder on PYTHONPATH (the no-process tests put it
there): refuses, and records in $PORTLINT_AUDIT_LOG, any attempt to start a process."""

from __future__ import annotations

import os
import sys

_LOG = os.environ.get("PORTLINT_AUDIT_LOG")
_REFUSED = ("subprocess.Popen", "os.system", "os.exec", "os.spawn", "os.posix_spawn",
            "os.fork", "os.forkpty", "pty.spawn", "os.startfile")


def _hook(event: str, args: tuple[object, ...]) -> None:
    if not event.startswith(_REFUSED):
        return
    if _LOG:
        with open(_LOG, "a", encoding="utf-8") as log:
            log.write(f"{event} {args!r}\n")
    raise PermissionError(f"refused by the no-process audit: {event}")


if _LOG:
    sys.addaudithook(_hook)
