"""Re-record the live layer's oracles (one command: ``python scripts/record_live_oracles.py``).

* the MCP TypeScript SDK 1.x client's verbatim error (zod) for a server whose tools it refuses,
  and the TypeScript-SDK test server's tool list, from an npm project cached under
  ``~/.cache/portlint-oracles/live/ts-sdk`` (installed here on first use);
* the MCP Python SDK client's verbatim error (pydantic) for the same server, from the ``mcp``
  installed beside portlint;
* the FastMCP test server's tool list.

Everything lands in ``tests/live/data/``; the default tests compare portlint with these files
offline, the ``live_oracle`` tests re-run the real code and compare it with them.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SERVERS = REPO / "tests" / "live" / "servers"
DATA = REPO / "tests" / "live" / "data"
CACHE = Path(os.environ.get("PORTLINT_ORACLE_CACHE",
                            Path.home() / ".cache" / "portlint-oracles")) / "live" / "ts-sdk"
TS_SDK_VERSION = "1.30.0"  # the last 1.x release with the top-level boolean refusal (S1)
ZOD_VERSION = "3.25.76"


def ts_sdk_project() -> Path:
    """The cached npm project with the pinned SDK and zod (installed when missing)."""
    package = CACHE / "package.json"
    wanted = {"name": "portlint-live-oracle", "private": True, "type": "module",
              "dependencies": {"@modelcontextprotocol/sdk": TS_SDK_VERSION,
                               "zod": ZOD_VERSION}}
    installed = CACHE / "node_modules" / "@modelcontextprotocol" / "sdk" / "package.json"
    current = json.loads(installed.read_text()) if installed.is_file() else {}
    if current.get("version") != TS_SDK_VERSION:
        CACHE.mkdir(parents=True, exist_ok=True)
        package.write_text(json.dumps(wanted, indent=2) + "\n")
        subprocess.run(["npm", "install", "--no-audit", "--no-fund"], cwd=CACHE, check=True,
                       stdout=subprocess.DEVNULL)
    return CACHE


def ts_sdk_error(project: Path) -> str:
    env = {**os.environ, "PORTLINT_TS_SDK": str(project)}
    out = subprocess.run(["node", str(SERVERS / "ts_sdk_list_tools.mjs"), sys.executable,
                          str(SERVERS / "misbehaving.py"), "bad-schemas"], env=env,
                         capture_output=True, text=True, timeout=120, check=True).stdout
    return str(json.loads(out.strip().splitlines()[-1])["error"])


def python_sdk_error() -> str:
    from portlint.live.client import fetch_listing
    from portlint.live.target import parse_target

    listing = fetch_listing(parse_target(
        f"{sys.executable} {SERVERS / 'misbehaving.py'} bad-schemas", None))
    assert listing.sdk_refusal, "the MCP Python SDK accepted the list it used to refuse"
    return listing.sdk_refusal


def snapshot(command: str, env: dict[str, str] | None = None) -> str:
    from portlint.live.client import fetch_listing
    from portlint.live.snapshot import render_snapshot
    from portlint.live.target import parse_target

    saved = dict(os.environ)
    os.environ.update(env or {})
    try:
        return render_snapshot(fetch_listing(parse_target(command, None)).tools)
    finally:
        os.environ.clear()
        os.environ.update(saved)


def python_sdk_version() -> str:
    from importlib.metadata import version

    return version("mcp")


def record(into: Path = DATA) -> dict[str, str]:
    """Every recording, written to ``into``; returns name → text."""
    project = ts_sdk_project()
    recordings = {
        f"ts-sdk-{TS_SDK_VERSION}-zod-error.txt": ts_sdk_error(project) + "\n",
        "python-sdk-pydantic-error.txt": python_sdk_error() + "\n",
        "ts-sdk-server.snapshot.json": snapshot(
            f"node {SERVERS / 'ts_sdk_server.mjs'}", {"PORTLINT_TS_SDK": str(project)}),
        "fastmcp-weather.snapshot.json": snapshot(
            f"{sys.executable} {SERVERS / 'fastmcp_weather.py'}"),
    }
    into.mkdir(parents=True, exist_ok=True)
    for name, text in recordings.items():
        (into / name).write_text(text, encoding="utf-8")
    (into / "versions.json").write_text(json.dumps(
        {"@modelcontextprotocol/sdk": TS_SDK_VERSION, "zod": ZOD_VERSION,
         "mcp": python_sdk_version()}, indent=2) + "\n", encoding="utf-8")
    return recordings


if __name__ == "__main__":
    for name in record():
        print(f"recorded tests/live/data/{name}")
