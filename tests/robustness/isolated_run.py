"""Runs portlint on a folder under an audit hook that refuses any network access, any process
start and any file opened outside the allowed places; prints the violations (none expected).

Usage: isolated_run.py WORKSPACE — lints every file there (in process, then the CLI with --fix).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

workspace = Path(sys.argv[1]).resolve()
allowed = [str(workspace), sys.prefix, sys.base_prefix, sys.exec_prefix, tempfile.gettempdir(),
           str(Path(__file__).resolve().parents[2] / "server"), "/dev/null", "/proc/self",
           "/usr/lib", "/usr/share/zoneinfo", "/etc/localtime"]
violations: list[str] = []
FORBIDDEN = ("socket.connect", "socket.getaddrinfo", "socket.bind", "subprocess.Popen",
             "os.system", "os.exec", "os.posix_spawn", "os.fork", "urllib.Request", "ctypes.dlopen")


def hook(event: str, args: tuple[object, ...]) -> None:
    if event.startswith(FORBIDDEN):
        violations.append(f"{event} {args!r}")
        raise PermissionError(f"portlint must not {event}")
    if event == "open" and args and isinstance(args[0], (str, bytes, os.PathLike)):
        path = os.path.abspath(os.fsdecode(args[0]))
        if not any(path == a or path.startswith(a.rstrip("/") + "/") for a in allowed):
            violations.append(f"open {path}")


sys.addaudithook(hook)

from portlint.cli.main import main  # noqa: E402
from portlint.linter import lint_text  # noqa: E402

for file in sorted(workspace.iterdir()):
    if file.suffix in (".json", ".yaml", ".py"):
        lint_text(file.read_text(encoding="utf-8"), file.name)
code = main(["check", "--fix", "--unsafe-fixes", "--exit-zero", str(workspace)])
print("\n".join(violations) if violations else "CLEAN")
sys.exit(code)
