"""A server's tools/list, asked by portlint's live client with some environment variables set
for the server (a published server may want a token it never uses to list its tools)."""

from __future__ import annotations

import os
from typing import Any

from portlint.live.client import fetch_listing
from portlint.live.target import Bounds, parse_target

BOUNDS = Bounds(startup_timeout=120, request_timeout=60)  # a real server on a busy machine


def tools_listed(command: str, env: dict[str, str]) -> list[Any]:
    """The tools the server ``command`` lists, started with ``env`` added to this process's
    environment (restored after)."""
    saved = {name: os.environ.get(name) for name in env}
    os.environ.update(env)
    try:
        return fetch_listing(parse_target(command, None), BOUNDS, warn=lambda _line: None).tools
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
