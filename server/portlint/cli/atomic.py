"""Writing ``--fix``'s text into a file without losing a byte of the user's work. (A file
portlint generates — a snapshot, a baseline — is written whole or not at all by
:func:`portlint.generated.write_atomically`.)

The fixed text is written **into** the file, not into a new file renamed over it: a symbolic link
stays a link and its target gets the fixes, hard links see the new text, and the file keeps its
inode, owner, group, mode, ACLs and extended attributes. What is refused, with the reason:

* a file whose mode forbids writing (``chmod 444``) — even for root, who could write it: a
  read-only file says "do not change me";
* a file that changed since it was read (saved in an editor while portlint worked): its bytes
  are compared with those read, on the opened file itself, just before writing — the edit is
  kept and the fixes are not written.

A crash halfway through the write must not leave half of each text either: the original bytes
are first copied beside the file (``.NAME.XXXX.portlint-backup``, owner-only) and synced, the
new text is written and synced, and the copy removed. If writing fails (a full disk), the
original bytes are put back; only if that fails too is the copy kept, and its name reported.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path

_FLAGS = (os.O_RDWR | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
          | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))


class WriteRefused(Exception):
    """The fixes were not written (the file is as it was), or, with ``backup``, writing failed
    and the original bytes are in that file."""

    def __init__(self, message: str, backup: Path | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.backup = backup


def write_fixes(path: Path, original: bytes, data: bytes) -> None:
    """Replace the contents of the file at ``path`` (a link's target), which must still hold
    exactly ``original``, with ``data``. Raises :class:`WriteRefused` with the reason."""
    from portlint.source.reading import describe_error, read_up_to

    try:
        status = os.stat(path)
    except OSError as error:
        raise WriteRefused(f"cannot write the fixes: {describe_error(error)}") from None
    if not status.st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
        raise WriteRefused("the file is read-only; the fixes were not written (make it writable "
                           "to apply them, or use --diff to see them)")
    try:
        fd = os.open(path, _FLAGS)
    except OSError as error:
        raise WriteRefused(f"cannot write the fixes: {describe_error(error)}") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise WriteRefused("not a regular file any more; the fixes were not written")
        current = read_up_to(fd, len(original) + 1)
        if current != original:
            raise WriteRefused("the file changed while portlint worked (saved elsewhere?); "
                               "the fixes were not written, the new contents are kept — run "
                               "portlint again")
        backup = _backup(path, original)
        try:
            _overwrite(fd, data)
        except OSError as error:
            try:
                _overwrite(fd, original)
            except OSError:
                raise WriteRefused(f"cannot write the fixes: {describe_error(error)}; the "
                                   "original contents are in the backup", backup) from None
            _remove(backup)
            raise WriteRefused(f"cannot write the fixes: {describe_error(error)}; the file is "
                               "unchanged") from None
        _remove(backup)
    finally:
        os.close(fd)


def _overwrite(fd: int, data: bytes) -> None:
    os.lseek(fd, 0, os.SEEK_SET)
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]
    os.ftruncate(fd, len(data))
    os.fsync(fd)


def _backup(path: Path, original: bytes) -> Path | None:
    """A synced copy of the original bytes beside the file (or in the temporary directory when
    its directory is not writable); None when neither can be written."""
    target = Path(os.path.realpath(path))
    for directory in (target.parent, Path(tempfile.gettempdir())):
        try:
            fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".portlint-backup",
                                        dir=directory)
        except OSError:
            continue
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(original)
                handle.flush()
                os.fsync(handle.fileno())
        except OSError:
            _remove(Path(name))
            continue
        return Path(name)
    return None


def _remove(path: Path | None) -> None:
    if path is not None:
        with contextlib.suppress(OSError):
            os.unlink(path)
