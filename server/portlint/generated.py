"""Writing a file portlint generates (a snapshot, a baseline) whole or not at all."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def write_atomically(path: Path, data: bytes) -> None:
    """Write a file portlint generates so that a crash leaves either the old text or the new,
    never half of each: a temporary file beside it, synced, renamed over it. (Not for the
    user's own files: a rename replaces a link and a hard link's inode — see
    :func:`write_fixes`.)"""
    fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".portlint",
                                     dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        with contextlib.suppress(OSError):
            os.chmod(temporary, path.stat().st_mode & 0o7777)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
