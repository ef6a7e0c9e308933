"""The server's memory: glibc's allocator tuned so large blocks go back to the system, except
while a document is being typed in (then they are reused, keystroke after keystroke, rather
than faulted in afresh), and freed memory handed back once editing pauses and after documents
close.

libc is reached as the symbols already loaded into the process (``ctypes.CDLL(None)``), never
with ``ctypes.util.find_library``: that runs ``/sbin/ldconfig -p`` and, where it finds nothing
(musl, NixOS, distroless images), ``gcc``, ``cc``, ``ld`` or ``objdump`` looked up on ``PATH`` —
with a relative ``PATH`` entry such as ``node_modules/.bin``, opening a repository that ships
such a file would run it. Where the symbols are missing (not glibc) nothing is tuned.
"""

from __future__ import annotations

import gc
import sys
from typing import Any

_M_TRIM_THRESHOLD = -1
_M_MMAP_THRESHOLD = -3
_M_ARENA_MAX = -8
_MMAP_WHEN_IDLE = 64 * 1024
_DEFAULT_TRIM = 128 * 1024  # glibc's default
_LARGEST_HEAP_BLOCK = 32 * 1024 * 1024  # the highest mmap threshold glibc accepts (64-bit)
_NO_AUTOMATIC_TRIM = 1 << 30


def _libc() -> Any:
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        return ctypes.CDLL(None)
    except OSError:
        return None


def tune() -> None:
    """Serve large blocks (document texts, their slices) from mmap on glibc, so the memory of
    each replaced version goes back to the system at once instead of staying in the heap —
    opening a document peaks at what it needs, not at what earlier ones left in the heap.

    And one heap for every thread (before the session starts its reader thread): glibc gives a
    second thread a heap of its own, where what the reader allocates decoding a message (a
    document's ``didOpen`` is the largest) stays resident beside the main heap the lint then
    grows, instead of being reused by it — about 0.15 MB more at the peak of opening a 1 MB
    document. The reader spends its time waiting for bytes, so the shared heap's lock is not
    contended."""
    _policy["tuned"] = True
    mallopt = getattr(_libc(), "mallopt", None)
    if mallopt is not None:
        mallopt(_M_ARENA_MAX, 1)
    _set_policy(typing=False)


def typing() -> None:
    """A document is being edited: serve document-sized blocks (each version's text, its
    slices, the diagnostics' JSON) from the heap, where the next keystroke's blocks of the same
    sizes reuse them. Served from mmap, each is fresh pages: a 1 MB document holding one
    character outside the BMP is 4 MB of text, faulted in a page at a time for each slice and
    each new version — most of the cost of applying an edit. While typing goes on the heap is
    not trimmed either (the next version would grow it again at once). Only in a process
    :func:`tune` tuned (the server's, not a program that embeds it)."""
    if _policy["tuned"] and not _policy["typing"]:
        _set_policy(typing=True)


def paused() -> None:
    """Editing paused: large blocks from mmap again, and the heap's free pages returned."""
    if _policy["typing"]:
        _set_policy(typing=False)
    trim()


_policy = {"tuned": False, "typing": False}


def _set_policy(*, typing: bool) -> None:
    _policy["typing"] = typing
    libc = _libc()
    mallopt = getattr(libc, "mallopt", None)
    if mallopt is not None:  # setting them also stops glibc moving them
        mallopt(_M_MMAP_THRESHOLD, _LARGEST_HEAP_BLOCK if typing else _MMAP_WHEN_IDLE)
        mallopt(_M_TRIM_THRESHOLD, _NO_AUTOMATIC_TRIM if typing else _DEFAULT_TRIM)


def trim() -> None:
    """Return the heap's free pages to the system (glibc's ``malloc_trim``)."""
    libc = _libc()
    malloc_trim = getattr(libc, "malloc_trim", None)
    if malloc_trim is not None:
        malloc_trim(0)


def release() -> None:
    """Collect what closed documents left in cycles, then return free heap pages."""
    gc.collect()
    paused()
