"""Records what of the MCP Python SDK 1.x is gone in 2.x, from the SDKs themselves: every
module of mcp 1.30.0 is imported in its own venv and in one holding mcp 2.3.0, and the public
names each holds are compared. Writes ``server/portlint/python/sdk_gone.py`` (committed; the
live layer records it again and fails on any difference)::

    .venv/bin/python -m tests.python.record_sdk_names

The command-line modules (`mcp.cli`, which exits when typer is missing) are not imported."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.python import record_servers

RELEASES = ("1.30.0", "2.3.0")
TARGET = Path(__file__).resolve().parents[2] / "server" / "portlint" / "python" / "sdk_gone.py"

_PROBE = '''
import contextlib, importlib, io, json, pkgutil, sys
import mcp

found = {"mcp": sorted(n for n in dir(mcp) if not n.startswith("_"))}


def walk(package, path):
    for info in pkgutil.iter_modules(path, package + "."):
        name = info.name
        if name.endswith((".cli", "__main__")) or ".cli." in name:
            continue
        try:
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(
                    io.StringIO()):
                module = importlib.import_module(name)
        except BaseException:
            continue
        found[name] = sorted(n for n in dir(module) if not n.startswith("_"))
        if info.ispkg:
            walk(name, module.__path__)


walk("mcp", mcp.__path__)
json.dump(found, sys.stdout)
'''


def modules(release: str) -> dict[str, list[str]]:
    """Every importable module of ``mcp==release`` and the public names it holds."""
    python = record_servers.venv("mcp", release) / "bin" / "python"
    ran = subprocess.run([str(python), "-c", _PROBE], capture_output=True, text=True,
                         check=True, timeout=600)
    found: dict[str, list[str]] = json.loads(ran.stdout)
    return found


def recorded() -> str:
    """The text of ``sdk_gone.py`` as the SDKs installed now make it."""
    old, new = (modules(release) for release in RELEASES)
    gone_modules = sorted(m for m in old if m not in new)
    gone_names = {m: sorted(n for n in set(names) - set(new[m]) if n.isidentifier())
                  for m, names in sorted(old.items()) if m in new}
    lines = [
        f'"""What modules and names of the MCP Python SDK {RELEASES[0]} the SDK {RELEASES[1]} '
        'does not have:',
        "written by tests/python/record_sdk_names.py from the two SDKs installed (do not edit).",
        '"""', "",
        "MODULES_GONE_IN_2 = frozenset((",
        *(f"    {m!r}," for m in gone_modules),
        "))", "",
        "NAMES_GONE_IN_2: dict[str, frozenset[str]] = {",
    ]
    for module, names in gone_names.items():
        if names:
            lines.append(f"    {module!r}: frozenset((")
            lines += [f"        {n!r}," for n in names]
            lines.append("    )),")
    lines.append("}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    TARGET.write_text(recorded(), encoding="utf-8")
    print(f"wrote {TARGET}", file=sys.stderr)
