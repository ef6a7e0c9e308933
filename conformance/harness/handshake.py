"""Which protocol revision a client really spoke: read from what the fake server received."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def handshake(log_path: str | Path) -> str | None:
    """``initialize <revision asked>`` or ``server/discover``: the client's first request, from
    the fake server's log of received messages (None when nothing arrived)."""
    path = Path(log_path)
    if not path.is_file():
        return None
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            message = json.loads(line)
        except ValueError:
            continue
        if not isinstance(message, dict) or "id" not in message:
            continue
        method = message.get("method")
        if method == "initialize":
            asked = (message.get("params") or {}).get("protocolVersion")
            return f"initialize {asked}"
        if isinstance(method, str):
            return method
    return None


def with_handshake(raw: dict[str, Any]) -> dict[str, Any]:
    log = raw.pop("server_log", None)
    if log is not None:
        raw["handshake"] = handshake(log)
    return raw
