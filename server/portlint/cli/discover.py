"""Which files a check looks at.

A path named on the command line is always linted (as a schema if its shape is not a tool shape).
A directory is searched recursively for JSON, YAML, Python and TypeScript/JavaScript files (the
registered readers' suffixes, and whatever the configured ``include`` globs name), skipping
hidden directories, ``node_modules``, ``dist`` (compiled output, whose sources are read — but
searched in a package as published, whose `package.json` starts it from `dist` and which has no
`src` folder beside it),
``__pycache__``, ``site-packages`` and virtual environments; whether a file found that way is
reported is :mod:`portlint.cli.relevance`'s decision, made once the file is read.

Test modules found in a directory are passed over too: ``*.test.*`` and ``*.spec.*`` scripts,
anything under ``__tests__``, and Python's ``test_*.py``, ``*_test.py`` and ``conftest.py`` — but
a Python module named like a test that a non-test module of its package imports.
The tools they register are a test's, on a stub or a server made for the test
(``@heroku/mcp-server`` ships `*.spec.js` files registering `test_tool` on a sinon stub of
`McpServer`): not what any server lists. Named on the command line, such a file is checked.

The search never stops at what it cannot enter: each step is one of

* :class:`Candidate` — a file to read;
* :class:`Skipped` — passed over on purpose (a skipped directory, a link to a directory), with
  why, for ``--verbose`` and the JSON summary;
* :class:`Unreadable` — a path that could not be looked at (a named path that does not exist, a
  directory without permission to list it, a name too long), reported, and counted in the exit
  status, while the search goes on.

Directories are read with ``scandir``, each one's entries sorted, with an explicit stack (no
recursion); symbolic links to directories are not followed (a link cycle cannot loop the
search), links to files are.
"""

from __future__ import annotations

import functools
import json
import os
import re
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

from portlint.readers import searched_suffixes
from portlint.records import NamedTuple
from portlint.script_suffixes import SOURCE_SUFFIXES
from portlint.source.reading import describe_error

SEARCHED_SUFFIXES = searched_suffixes()  # every registered reader's
_SKIPPED_DIRS = frozenset(("node_modules", "__pycache__", "site-packages", "dist"))


class Candidate(NamedTuple):
    path: Path
    explicit: bool  # named on the command line (always linted)


class Skipped:
    """A path passed over on purpose, and why."""

    __slots__ = ("path", "reason")

    def __init__(self, path: Path, reason: str) -> None:
        self.path = path
        self.reason = reason


class Unreadable:
    """A path that could not be looked at, and why."""

    __slots__ = ("path", "reason")

    def __init__(self, path: Path, reason: str) -> None:
        self.path = path
        self.reason = reason


Step = Candidate | Skipped | Unreadable


class MissingPath(Exception):
    pass


def not_searched(name: str) -> str:
    """Why a directory search passes over a folder of this name (`dist`, `node_modules`)."""
    return f"`{name}` is not searched"


def _skip_reason(directory: Path, name: str) -> str | None:
    if name.startswith(".") and name not in (".", ".."):
        return "a hidden directory"
    if name == "dist" and shipped_compiled(directory.parent):
        return None
    if name in _SKIPPED_DIRS:
        return not_searched(name)
    try:
        if (directory / "pyvenv.cfg").exists():
            return "a virtual environment"
    except OSError:
        pass
    return None


_ENTRY_FIELDS = ("bin", "main", "module", "exports")
_SOURCES = ("src",)  # (`lib` is as often compiled output as sources)


def shipped_compiled(package: Path) -> bool:
    """Whether ``package`` is a package as published (what npm installs): its `package.json`
    starts it from `dist` (`bin`, `main`, `module` or `exports` names a file there) and it has
    no `src` folder beside, nor TypeScript sources in its own folder, whose files `dist` is
    compiled from (and which are read instead) — so `dist` is what there is to read (23 of 51
    published servers ship nothing else)."""
    manifest = package / "package.json"
    try:
        if manifest.stat().st_size > 1_000_000:
            return False
        data = json.loads(manifest.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return False
    if not isinstance(data, dict) or any(_holds_sources(package / name) for name in _SOURCES) or (
            _typescript_beside(package)):
        return False
    return any(_under_dist(data.get(field)) for field in _ENTRY_FIELDS)


def _holds_sources(folder: Path) -> bool:
    """Whether a `src` folder holds the sources `dist` is compiled from: a module at its top
    (`src/index.ts`, the entry compilers and bundlers start from). @softeria/ms-365-mcp-server
    0.155.0 ships a `src` of generated types and a JSON file only: its 188 tools are in
    `dist`, which was left unsearched ("no tool found")."""
    try:
        return folder.is_dir() and any(
            entry.is_file() and entry.name.endswith(SOURCE_SUFFIXES) and not entry.name.endswith(
                (".d.ts", ".d.mts", ".d.cts")) for entry in folder.iterdir())
    except OSError:
        return True  # (a folder that cannot be listed is taken for one of sources, as before)


def _typescript_beside(package: Path) -> bool:
    """Whether the package's own folder holds TypeScript sources (not declarations):
    @agentdeskai/browser-tools-mcp 1.2.1 ships `mcp-server.ts` beside `dist/mcp-server.js`,
    compiled from it, and read instead — every tool was listed twice. A tool's configuration
    (`tsup.config.ts`, `vitest.config.mts`) is no source of the package."""
    try:
        return any(entry.is_file() and entry.name.endswith((".ts", ".mts", ".cts"))
                   and not entry.name.endswith((".d.ts", ".d.mts", ".d.cts"))
                   and ".config." not in entry.name for entry in package.iterdir())
    except OSError:
        return False


def _under_dist(value: object, depth: int = 0) -> bool:
    if isinstance(value, str):
        return value.removeprefix("./").startswith("dist/")
    if depth > 8:
        return False
    if isinstance(value, dict):
        return any(_under_dist(item, depth + 1) for item in value.values())
    if isinstance(value, list):
        return any(_under_dist(item, depth + 1) for item in value)
    return False


def search(paths: list[str], also: Callable[[Path], bool] | None = None) -> Iterator[Step]:
    """Every step of the search of ``paths``. ``also`` may admit files of other suffixes found
    in directories (the configured ``include`` globs, e.g. ``**/*.snap``)."""
    for raw in paths:
        path = Path(raw)
        try:
            status = os.stat(path)
        except OSError as error:
            yield Unreadable(path, describe_error(error))
            continue
        if stat.S_ISDIR(status.st_mode):
            yield from _search(path, also)
        else:
            yield Candidate(path, True)  # a special file is refused when it is read


def candidates(paths: list[str], also: Callable[[Path], bool] | None = None
               ) -> Iterator[Candidate]:
    """The files to check, for callers that want only those: a named path that cannot be
    looked at raises :class:`MissingPath`; what cannot be entered below is passed over."""
    for step in search(paths, also):
        if isinstance(step, Candidate):
            yield step
        elif isinstance(step, Unreadable) and str(step.path) in paths:
            raise MissingPath(str(step.path))


def _search(root: Path, also: Callable[[Path], bool] | None) -> Iterator[Step]:
    stack = [root]
    while stack:
        directory = stack.pop()
        try:
            with os.scandir(directory) as listing:
                entries = sorted(listing, key=lambda entry: entry.name)
        except OSError as error:
            yield Unreadable(directory, f"cannot list the directory: {describe_error(error)}")
            continue
        subdirectories: list[Path] = []
        for entry in entries:
            path = directory / entry.name
            try:
                is_directory = entry.is_dir(follow_symlinks=False)
            except OSError as error:
                yield Unreadable(path, describe_error(error))
                continue
            if is_directory:
                reason = _skip_reason(path, entry.name)
                if reason is not None:
                    yield Skipped(path, reason)
                else:
                    subdirectories.append(path)
                continue
            wanted = os.path.splitext(entry.name)[1].lower() in SEARCHED_SUFFIXES or (
                also is not None and also(path))
            if not wanted:
                if entry.is_symlink() and _points_to_directory(entry):
                    yield Skipped(path, "a symbolic link to a directory (not followed)")
                continue
            try:
                mode = entry.stat(follow_symlinks=True).st_mode
            except OSError as error:  # a dangling link, a link loop, no permission
                yield Unreadable(path, describe_error(error))
                continue
            if stat.S_ISDIR(mode):  # a link to a directory (not followed)
                yield Skipped(path, "a symbolic link to a directory (not followed)")
                continue
            if test_module(path, root):
                yield Skipped(path, "a test module: the tools it registers are a test's, not "
                                    "what a server lists")
                continue
            yield Candidate(path, False)  # a pipe or a device is refused when it is read
        stack.extend(reversed(subdirectories))  # depth first, in name order


_SCRIPT_TEST = re.compile(r"\.(?:test|spec)\.[cm]?[jt]sx?$", re.IGNORECASE)
_PYTHON_TEST = re.compile(r"^(?:test_.*|.*_test|conftest)\.pyi?$")


def test_module(path: Path, root: Path) -> bool:
    """A test's code, by its name or a ``__tests__`` folder below the searched root. A Python
    module named like a test that a module of its package (or the package above) imports and
    is no test itself is the server's code (awslabs.elasticache-mcp-server 0.2.1 registers its
    `test-migration` tool in `tools/rg/test_migration.py`, which `tools/rg/__init__.py`
    imports)."""
    name = path.name
    if _SCRIPT_TEST.search(name) or "__tests__" in path.relative_to(root).parts[:-1]:
        return True
    if not _PYTHON_TEST.match(name):
        return False
    stem = path.stem
    return stem == "conftest" or not any(
        stem in _imported_words(str(folder)) for folder in (path.parent, path.parent.parent))


_IMPORT_LINE = re.compile(r"^[ \t]*(?:from|import)[ \t][^\n#]*", re.MULTILINE)
_WORD = re.compile(r"\w+")
_MAX_IMPORTER_BYTES = 1 << 20


def _imported_words(folder: str) -> frozenset[str]:
    """The words of the import statements of a folder's Python modules that are not named like
    tests (read once per folder and its state)."""
    try:
        stamp = os.stat(folder).st_mtime_ns
    except OSError:
        return frozenset()
    return _read_imported_words(folder, stamp)


@functools.lru_cache(maxsize=256)
def _read_imported_words(folder: str, _stamp: int) -> frozenset[str]:
    words: set[str] = set()
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError:
        return frozenset()
    for entry in entries:
        if not entry.name.endswith(".py") or _PYTHON_TEST.match(entry.name):
            continue
        try:
            if not entry.is_file() or entry.stat().st_size > _MAX_IMPORTER_BYTES:
                continue
            with open(entry.path, encoding="utf-8", errors="replace") as handle:
                text = handle.read()
        except OSError:
            continue
        for line in _IMPORT_LINE.findall(text):
            words.update(_WORD.findall(line))
    return frozenset(words)


def _points_to_directory(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir(follow_symlinks=True)
    except OSError:
        return False
