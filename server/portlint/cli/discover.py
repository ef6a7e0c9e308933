"""Which files a check looks at.

A path named on the command line is always linted (as a schema if its shape is not a tool shape).
A directory is searched recursively for JSON and YAML files, skipping hidden directories,
``node_modules``, ``__pycache__`` and virtual environments; a file found that way is linted only
when it is a tool-schema document — shaped like a tool, a tool list or a JSON-RPC tools result, or
declaring a json-schema.org ``$schema`` — so ``package.json`` and CI configs stay out of the report.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import NamedTuple

SEARCHED_SUFFIXES = frozenset((".json", ".yaml", ".yml", ".py",
                               ".ts", ".tsx", ".mts", ".cts", ".js", ".mjs", ".cjs"))
_SKIPPED_DIRS = frozenset(("node_modules", "__pycache__", "site-packages", "dist"))


class Candidate(NamedTuple):
    path: Path
    explicit: bool  # named on the command line (always linted)


class MissingPath(Exception):
    pass


def _skip_dir(directory: Path) -> bool:
    name = directory.name
    return (name.startswith(".") and name not in (".", "..")) or name in _SKIPPED_DIRS or (
        directory / "pyvenv.cfg").exists()


def candidates(paths: list[str], also: Callable[[Path], bool] | None = None
               ) -> Iterator[Candidate]:
    """Files to check. ``also`` may admit files of other suffixes found in directories (the
    configured ``include`` globs, e.g. ``**/*.snap``)."""
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            yield from _search(path, also)
        elif path.exists():
            yield Candidate(path, True)
        else:
            raise MissingPath(raw)


def _search(root: Path, also: Callable[[Path], bool] | None) -> Iterator[Candidate]:
    for directory, subdirs, files in os.walk(root):
        here = Path(directory)
        subdirs[:] = sorted(d for d in subdirs if not _skip_dir(here / d))
        for name in sorted(files):
            path = here / name
            if os.path.splitext(name)[1].lower() in SEARCHED_SUFFIXES or (
                    also is not None and also(path)):
                yield Candidate(path, False)
