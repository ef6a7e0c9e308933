"""Running `portlint check` as a process against hostile file systems: with a memory cap and a
hang guard, and — where the test is about permissions — bound by file modes even when the tests
run as root.

A root process reads any file whatever its mode through two capabilities, CAP_DAC_OVERRIDE and
CAP_DAC_READ_SEARCH. An unprivileged run is a root process started without them (dropped from
its bounding set before the interpreter starts, so neither it nor anything it starts can regain
them): it is then bound by the owner bits of the files root owns — a file or folder of mode 0
refuses it — while it still starts and imports from an interpreter under /root (mode 700, owned
by root). Being a fresh process, it depends on nothing an earlier test happened to import."""

from __future__ import annotations

import ctypes
import ctypes.util
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

MEMORY_CAP = 512 * 1024 * 1024
REPO = Path(__file__).resolve().parents[2]
PR_CAPBSET_DROP = 24  # <linux/prctl.h>
FILE_MODE_BYPASSES = (1, 2)  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH (<linux/capability.h>)


def _cap() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def _libc() -> Any:
    return ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _cap_and_bind_by_modes(libc: Any) -> Any:
    """For the forked child before it starts the interpreter: the memory cap, and no capability
    that ignores file modes. A failure raises, so the run fails instead of reading as root."""
    def prepare() -> None:
        _cap()
        for capability in FILE_MODE_BYPASSES:
            if libc.prctl(PR_CAPBSET_DROP, capability, 0, 0, 0) != 0:
                raise OSError(ctypes.get_errno(), "cannot drop a file-mode capability")
    return prepare


def run_check(*args: str, cwd: Path, unprivileged: bool = False, stdin: Any = None,
              timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``portlint check ARGS`` in ``cwd``: never a traceback, never a MemoryError.
    ``unprivileged``: as a process whom file modes bind (see the module's docstring)."""
    env = dict(os.environ, PYTHONPATH=str(REPO / "server"), PYTHONDONTWRITEBYTECODE="1")
    prepare = _cap_and_bind_by_modes(_libc()) if unprivileged and os.geteuid() == 0 else _cap
    proc = subprocess.run([sys.executable, "-m", "portlint", "check", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=timeout, stdin=stdin,
                          preexec_fn=prepare)
    assert "Traceback" not in proc.stderr and "MemoryError" not in proc.stderr, proc.stderr
    return proc


def json_report(proc: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    report: dict[str, Any] = json.loads(proc.stdout)
    return report


@contextmanager
def shared_folder() -> Iterator[Path]:
    """A temporary folder whose hostile modes are undone before it is removed (a test run by an
    ordinary user could not remove a folder of mode 0 it left behind)."""
    folder = Path(tempfile.mkdtemp(prefix="portlint-fs-"))
    folder.chmod(0o755)
    try:
        yield folder
    finally:
        for path in [folder, *folder.rglob("*")]:
            if path.is_dir() and not path.is_symlink():
                path.chmod(0o755)
        shutil.rmtree(folder, ignore_errors=True)


TOOL = '{"name": "t", "inputSchema": {"type": "object", "properties": {"a": {"type": "string"}}}}\n'
BROKEN_TOOL = '{"name": "t", "inputSchema": {"type": "object",}}\n'
ERROR_TOOL = '{"name": "t", "inputSchema": {"type": "object", "properties": {"a": true}}}\n'
