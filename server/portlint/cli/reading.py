"""Reading a file to check: regular files only, the size limit applied before reading.

A path can name anything: a named pipe (reading it waits for a writer forever), ``/dev/zero``
or ``/dev/urandom`` (endless), a 1.5 GB file (reading it whole only to refuse it costs 3 GB), a
file the user may not read, a name longer than the file system allows. :func:`read_file` answers
each with a :class:`Refused` saying what it is, and reads only what it may read:

* the path is ``stat``-ed first; anything but a regular file is refused without being opened
  (opening some devices has effects of its own);
* it is opened non-blocking (a pipe put there since the ``stat`` cannot make it wait) and
  ``fstat``-ed again: what is read is the regular file that was checked;
* a file larger than the limit is not read: only its first bytes are, for the caller to tell
  whether it looks like a tool document;
* otherwise at most the limit (plus one byte, to notice a file that grew) is read.

The identity and state of the file as read (:class:`FileState`) go with the bytes, so that
``--fix`` can make sure it writes the same file, unchanged since (``atomic.py``).
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import NamedTuple

HEAD_BYTES = 64 * 1024
"""How much of a file too large to read is read, to see what it is."""

_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a named pipe (FIFO)"),
          (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISSOCK, "a socket"))


class FileState(NamedTuple):
    """Which file was read, and how it was then."""

    device: int
    inode: int
    size: int
    modified_ns: int

    @classmethod
    def of(cls, status: os.stat_result) -> FileState:
        return cls(status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns)


class Contents(NamedTuple):
    data: bytes
    state: FileState


class TooLarge(NamedTuple):
    """A regular file over the limit: not read, but for its first :data:`HEAD_BYTES`."""

    size: int
    head: bytes


class Refused(NamedTuple):
    """Why a path cannot be read. ``special``: it is not a regular file (a pipe, a device)."""

    reason: str
    special: bool = False


def kind_of(mode: int) -> str | None:
    """What a file that is not a regular file is (None for a regular file)."""
    for test, name in _KINDS:
        if test(mode):
            return name
    return None if stat.S_ISREG(mode) else "not a regular file"


def describe_error(error: OSError) -> str:
    """An ``OSError`` as the reason a path cannot be read, in a few plain words."""
    if error.errno in (errno.EACCES, errno.EPERM):
        return "permission denied"
    if error.errno == errno.ENAMETOOLONG:
        return "the file name is too long for the file system"
    if error.errno == errno.ELOOP:
        return "too many levels of symbolic links"
    if error.errno in (errno.ENOENT, errno.ENOTDIR):
        return "no such file or directory"
    return (error.strerror or str(error)).lower()


_OPEN_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
               | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))


def read_file(path: Path, max_bytes: int) -> Contents | TooLarge | Refused:
    """The bytes of the regular file at ``path`` (symbolic links followed), at most
    ``max_bytes`` of them; never blocks, never reads more than ``max_bytes + 1``."""
    try:
        status = os.stat(path)
    except OSError as error:
        return Refused(describe_error(error))
    kind = kind_of(status.st_mode)
    if kind is not None:
        return Refused(f"{kind}, not a regular file: portlint reads regular files only", True)
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except OSError as error:
        return Refused(describe_error(error))
    try:
        status = os.fstat(fd)
        kind = kind_of(status.st_mode)
        if kind is not None:  # replaced since the stat
            return Refused(f"{kind}, not a regular file: portlint reads regular files only", True)
        if status.st_size > max_bytes:
            return TooLarge(status.st_size, read_up_to(fd, HEAD_BYTES))
        data = read_up_to(fd, max_bytes + 1)
    except OSError as error:
        return Refused(describe_error(error))
    finally:
        os.close(fd)
    if len(data) > max_bytes:  # it grew since the fstat
        return TooLarge(len(data), data[:HEAD_BYTES])
    return Contents(data, FileState.of(status))


def read_up_to(fd: int, limit: int) -> bytes:
    chunks: list[bytes] = []
    remaining = limit
    while remaining > 0:
        chunk = os.read(fd, min(remaining, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        remaining -= len(chunk)
    return b"".join(chunks)
