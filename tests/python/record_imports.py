"""Records whether a server's framework imports when its pins are installed fresh from PyPI: the
oracle of `server-start-fails` (portlint/python/import_failures.py).

    .venv/bin/python -m tests.python.record_imports            # every stack, rewrites the file
    .venv/bin/python -m tests.python.record_imports STACK ...  # some, merged into the file

A stack is what a project pins, as `--framework` spells it (`fastmcp==2.10.6`,
`mcp==1.21.0,pydantic==2.13.5`). Each is installed with pip into a new environment (never a cached
one: what pip brings today is the fact) — only those pins, so pip brings the rest as it would for
a user — and a server is started in it: the framework imported, a server made, one tool
registered and listed. The outcome is `ok` or the first line of the exception; the releases pip
resolved are kept beside it, for the test to hold portlint's assumptions to them."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from tests.python import record_servers

RECORDING = Path(__file__).resolve().parent / "import-outcomes.json"

# the boundaries of each failure import_failures.py names, and a working stack beside each
STACKS = (
    "mcp==1.2.0", "mcp==1.21.0", "mcp==1.21.1", "mcp==1.21.0,pydantic==2.13.5",
    "fastmcp==2.2.7", "fastmcp==2.2.8", "fastmcp==2.3.3", "fastmcp==2.3.4",
    "fastmcp==2.3.4,pydantic==2.11.10", "fastmcp==2.9.2", "fastmcp==2.10.6",
    "fastmcp==2.10.6,mcp==1.12.4,pydantic==2.11.7", "fastmcp==2.11.2", "fastmcp==2.11.3",
    "fastmcp==2.12.5", "fastmcp==2.13.3", "fastmcp==2.14.1", "fastmcp==2.14.2",
    "fastmcp==3.0.0", "mcp==2.3.0",
)
# what the live test re-records in CI (each failure, and a working stack): a fresh install takes
# about a minute
LIVE = ("mcp==1.21.0", "mcp==1.21.1", "fastmcp==2.9.2", "fastmcp==2.14.1", "mcp==2.3.0")

_PROBE = r'''
import asyncio, sys
framework = sys.argv[1]
try:
    if framework == "fastmcp":
        from fastmcp import FastMCP
    else:
        from mcp.server.fastmcp import FastMCP
    server = FastMCP("probe")

    @server.tool()
    def add(a: int, b: int) -> int:
        """Add."""
        return a + b

    listing = getattr(server, "list_tools", None) or server.get_tools  # fastmcp 2.x: get_tools
    tools = asyncio.run(listing())
    names = [getattr(t, "name", t) for t in (tools.values() if isinstance(tools, dict) else tools)]
    print("ok" if names == ["add"] else f"listed {names}")
except BaseException as error:
    lines = str(error).splitlines()
    print(f"{type(error).__name__}: {lines[0] if lines else ''}")
'''


def observe(stack: str) -> dict[str, Any]:
    pins = record_servers.pins_of(stack)
    framework = "fastmcp" if "fastmcp" in pins else "mcp"
    with tempfile.TemporaryDirectory(prefix="portlint-imports-") as folder:
        environment = Path(folder) / "venv"
        record_servers.create_environment(
            environment, [f"{package}=={version}" for package, version in pins.items()])
        return _started(stack, framework, environment)


def _started(stack: str, framework: str, environment: Path) -> dict[str, Any]:
    python = environment / "bin" / "python"
    run = subprocess.run([str(python), "-c", _PROBE, framework], capture_output=True, text=True,
                         timeout=300, cwd=environment)
    lines = run.stdout.strip().splitlines()
    outcome = lines[-1] if lines else f"exit {run.returncode}: {run.stderr.strip()[-300:]}"
    # the module path an ImportError names is the recorder's machine's, not the fact
    outcome = re.sub(r" \(/[^)]*\)$", "", outcome)
    resolved = {package: record_servers.installed(environment, package)
                for package in ("fastmcp", "mcp", "pydantic")}
    return {"stack": stack, "resolved": {k: v for k, v in resolved.items() if v is not None},
            "outcome": outcome}


def recorded() -> dict[str, dict[str, Any]]:
    if not RECORDING.is_file():
        return {}
    return {entry["stack"]: entry for entry in json.loads(RECORDING.read_text())["stacks"]}


def main(argv: list[str] | None = None) -> int:
    wanted = (argv if argv is not None else sys.argv[1:]) or list(STACKS)
    entries = recorded() if argv or sys.argv[1:] else {}
    for stack in wanted:
        entries[stack] = observe(stack)
        print(f"{stack}: {entries[stack]['outcome']} {entries[stack]['resolved']}",
              file=sys.stderr)
    ordered = [entries[s] for s in STACKS if s in entries] + [
        e for s, e in entries.items() if s not in STACKS]
    RECORDING.write_text(json.dumps({"stacks": ordered}, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
