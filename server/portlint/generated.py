"""Writing a file portlint generates (a snapshot, a baseline) whole or not at all."""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path

_CREATE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0) | getattr(
    os, "O_BINARY", 0)


def write_atomically(path: Path, data: bytes) -> None:
    """Write a file portlint generates so that a crash leaves either the old text or the new,
    never half of each: a temporary file beside it, synced, renamed over it.

    A symbolic link stays a link: its target is written (as ``check --fix`` writes one). The
    file keeps its mode; a new one gets the mode the umask gives (and the directory's default
    ACL), as any program's new file. A rename gives the file a new inode, so a hard link to
    the old one keeps the old text (not for the user's own files: see :func:`write_fixes`)."""
    target = Path(os.path.realpath(path))
    fd, temporary = _create_beside(target)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        with contextlib.suppress(FileNotFoundError):
            os.chmod(temporary, target.stat().st_mode & 0o7777)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _create_beside(target: Path) -> tuple[int, str]:
    """A new, empty file in ``target``'s directory, created with mode 0666 for the umask to
    narrow (``tempfile.mkstemp`` would make it 0600 whatever the umask)."""
    for _ in range(100):
        name = str(target.parent / f".{target.name}.{secrets.token_hex(4)}.portlint")
        try:
            return os.open(name, _CREATE, 0o666), name
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary name beside {target}")
