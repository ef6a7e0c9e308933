"""What one command-line run may take as fixed while it lasts.

A run that writes no file may take each project's files as it first looked at them (listed,
each one's size and modification time read): an analysis of each of a project's n modules then
costs no look at the n files each (n² system calls: 5,000 modules, 25 million). The editor's
analyses look each time, files change between two keystrokes; `check --fix` writes files.
Kept apart from the analyses so the command line can say it without importing them."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

# one store per run that holds (a stack: a run inside a run is its own)
_RUNS: list[dict[object, object]] = []


@contextmanager
def files_unchanged() -> Iterator[None]:
    """While this holds, what :func:`this_run` gives is kept for the run's length."""
    _RUNS.append({})
    try:
        yield
    finally:
        _RUNS.pop()


def this_run() -> dict[object, object] | None:
    """The store of the run that takes the files as unchanged (None: none does)."""
    return _RUNS[-1] if _RUNS else None
