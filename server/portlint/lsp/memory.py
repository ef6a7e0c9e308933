"""The server's memory: glibc's allocator tuned so large blocks go back to the system, and freed
memory handed back after documents close.

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

_M_MMAP_THRESHOLD = -3


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
    each replaced version goes back to the system at once instead of staying in the heap."""
    libc = _libc()
    mallopt = getattr(libc, "mallopt", None)
    if mallopt is not None:
        mallopt(_M_MMAP_THRESHOLD, 64 * 1024)  # setting it also stops glibc raising it


def release() -> None:
    """Collect what closed documents left in cycles, then return free heap pages (glibc's
    ``malloc_trim``)."""
    gc.collect()
    libc = _libc()
    trim = getattr(libc, "malloc_trim", None)
    if trim is not None:
        trim(0)
