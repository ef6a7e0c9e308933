"""Running `portlint check` as a process against hostile file systems: with a memory cap and a
hang guard, and — where the test is about permissions — as an unprivileged user (a root process
reads any file whatever its mode, so a test running as root drops to ``nobody``)."""

from __future__ import annotations

import json
import os
import pwd
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


def _cap() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def run_check(*args: str, cwd: Path, unprivileged: bool = False, stdin: Any = None,
              timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``portlint check ARGS`` in ``cwd``: never a traceback, never a MemoryError.
    ``unprivileged``: as a user whom file modes bind (see :func:`_as_nobody`)."""
    if unprivileged and os.geteuid() == 0:
        return _as_nobody(list(args), cwd)
    env = dict(os.environ, PYTHONPATH=str(REPO / "server"), PYTHONDONTWRITEBYTECODE="1")
    proc = subprocess.run([sys.executable, "-m", "portlint", "check", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=timeout, stdin=stdin,
                          preexec_fn=_cap)
    assert "Traceback" not in proc.stderr and "MemoryError" not in proc.stderr, proc.stderr
    return proc


def _as_nobody(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """The check run by a forked copy of this process that has become ``nobody``: root reads
    any file, and ``nobody`` may not start this interpreter (it lives under /root), so the
    fork runs the check in-process, with everything it loads loaded beforehand."""
    from portlint.cli.main import main

    with tempfile.TemporaryDirectory() as warm:  # load every module a check can need
        Path(warm, "tools.json").write_text(BROKEN_TOOL)
        Path(warm, "ok.json").write_text(ERROR_TOOL)
        for extra in ([], ["--format", "json"], ["--format", "sarif"], ["--fix"]):
            with open(os.devnull, "w") as sink:
                saved = sys.stdout, sys.stderr
                sys.stdout = sys.stderr = sink
                try:
                    main(["check", *extra, warm, "/dev/null", str(Path(warm, "missing"))])
                finally:
                    sys.stdout, sys.stderr = saved
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        code = 70
        try:
            import io

            nobody = pwd.getpwnam("nobody")
            os.setgroups([])
            os.setgid(nobody.pw_gid)
            os.setuid(nobody.pw_uid)
            os.chdir(cwd)
            out, err = io.StringIO(), io.StringIO()
            sys.stdout, sys.stderr = out, err
            code = main(["check", *args])
            payload = json.dumps([code, out.getvalue(), err.getvalue()]).encode()
            with os.fdopen(write_end, "wb") as pipe:
                pipe.write(payload)
        finally:
            os._exit(0 if code != 70 else 70)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as pipe:
        payload = pipe.read()
    os.waitpid(pid, 0)
    code, out, err = json.loads(payload)
    assert "Traceback" not in err, err
    return subprocess.CompletedProcess(["portlint", "check", *args], code, out, err)


def json_report(proc: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    report: dict[str, Any] = json.loads(proc.stdout)
    return report


@contextmanager
def shared_folder() -> Iterator[Path]:
    """A temporary folder an unprivileged user can enter (pytest's own are owner-only)."""
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
