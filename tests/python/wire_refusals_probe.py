"""Runs inside an `mcp` 2.x venv (never portlint's interpreter): hands each case of a tools/list
result to the SDK's own serialisation — `mcp_types.methods.serialize_server_result`, the call
the server's runner makes before it answers — under every protocol version negotiated with a
handshake, and prints whether it was sent (with what the client then receives) or refused.

    python wire_refusals_probe.py < cases.json > verdicts.json
"""

from __future__ import annotations

import json
import sys
from typing import Any

from mcp_types import methods
from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS
from pydantic import ValidationError


def verdict(tool: dict[str, Any]) -> dict[str, Any]:
    by_version: dict[str, Any] = {}
    for version in HANDSHAKE_PROTOCOL_VERSIONS:
        try:
            sent = methods.serialize_server_result("tools/list", version, {"tools": [tool]})
        except ValidationError:
            by_version[version] = "refused"
        else:
            by_version[version] = sent["tools"][0]
    return by_version


def main() -> int:
    cases = json.load(sys.stdin)
    json.dump([verdict(tool) for tool in cases], sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
