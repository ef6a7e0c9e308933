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

``--fix`` compares the bytes read with the file's just before it writes (``atomic.py``).

(Plain classes, not named tuples: this module is loaded on every ``portlint check``, and a named
tuple costs a code generation at import.)
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

HEAD_BYTES = 64 * 1024
"""How much of a file too large to read is read, to see what it is."""

_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a named pipe (FIFO)"),
          (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISSOCK, "a socket"))


class Contents:
    """The bytes of a regular file within the limit."""

    __slots__ = ("data",)

    def __init__(self, data: bytes) -> None:
        self.data = data


class TooLarge:
    """A regular file over the limit: not read, but for its first :data:`HEAD_BYTES`."""

    __slots__ = ("head", "size")

    def __init__(self, size: int, head: bytes) -> None:
        self.size = size
        self.head = head


class Refused:
    """Why a path cannot be read. ``special``: it is not a regular file (a pipe, a device)."""

    __slots__ = ("reason", "special")

    def __init__(self, reason: str, special: bool = False) -> None:
        self.reason = reason
        self.special = special


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
    return Contents(data)


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
