"""The server's memory: glibc's allocator tuned so that typing in a large document does not
fault in fresh pages on every keystroke, and free memory handed back once editing pauses and
after documents close.

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
    """Serve document-sized blocks (each version's text, its slices, the diagnostics' JSON) from
    the heap, where the next keystroke's blocks of the same sizes reuse them. Served from mmap,
    every such block is fresh pages: a 1 MB document holding one character outside the BMP is
    4 MB of text, faulted in a page at a time for each slice and each new version — most of
    the cost of applying an edit. The heap is not trimmed as each block is freed either (the
    next version would grow it again at once): :func:`trim` returns free pages once editing
    pauses, :func:`release` after documents close."""
    libc = _libc()
    mallopt = getattr(libc, "mallopt", None)
    if mallopt is not None:
        mallopt(_M_MMAP_THRESHOLD, _LARGEST_HEAP_BLOCK)  # setting them stops glibc moving them
        mallopt(_M_TRIM_THRESHOLD, _NO_AUTOMATIC_TRIM)


def trim() -> None:
    """Return the heap's free pages to the system (glibc's ``malloc_trim``)."""
    libc = _libc()
    malloc_trim = getattr(libc, "malloc_trim", None)
    if malloc_trim is not None:
        malloc_trim(0)


def release() -> None:
    """Collect what closed documents left in cycles, then return free heap pages."""
    gc.collect()
    trim()
