"""Other modules of the workspace, read (never imported) when a tool's types come from them:
`from .models import Item`, `from myserver.models import Item`."""

from __future__ import annotations

import ast
import os
import re
from collections import OrderedDict
from pathlib import Path
from typing import NamedTuple, cast

from portlint.python.model_index import ModuleIndex
from portlint.python.names import Names
from portlint.python.pins import distribution_tops, installed_folder
from portlint.run_scope import this_run
from portlint.source.text import DecodeError, decode_source

_ROOT_MARKERS = ("pyproject.toml", "setup.py", "setup.cfg", ".git", "requirements.txt",
                 "uv.lock", "poetry.lock")
MAX_MODULE_BYTES = 2_000_000
MAX_PROJECT_FILES = 5_000  # the project's files searched for the callers of a function
# modules read one inside the other to classify a class by its bases (a chain of classes each
# deriving from one in another module): past it a base is not followed, and stack stays bounded
MAX_BASE_MODULES = 24
_NOT_PROJECT = frozenset(("node_modules", "__pycache__", "site-packages", "venv", "build",
                          "dist"))


class Module(NamedTuple):
    path: Path
    names: Names
    classes: ModuleIndex
    tree: ast.Module


class ModuleFinder:
    """Finds and reads the source of a module imported by one file, within its project (the
    folder up to the nearest `pyproject.toml`, `setup.py` or `.git`).

    A file of an installed package (under `site-packages` or `dist-packages`) has no project
    of its own there: its imports resolve from that folder, and its project — the files
    searched for what else sets a name — is the top-level package holding it, not every
    package installed beside it (nor a checkout holding the virtual environment)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path.resolve() if path is not None and path.is_file() else None
        self.root = self._root(self.path) if self.path is not None else None
        # the folder (or lone module) whose files are the project's own
        self.own = self._own(self.path, self.root) if self.path is not None and (
            self.root is not None) else None
        # for an installed package, the other top-level modules and packages its distribution
        # installs (office-powerpoint-mcp-server: `ppt_mcp_server.py` calls the registering
        # functions of `tools/`): the project's files too
        self.also_own = self._also_own(self.path, self.root, self.own)
        self._cache: dict[Path, Module | None] = {}
        self._files: list[Path] | None = None
        self._scans: list[tuple[Path, SourceFile | None]] | None = None
        self._memo: dict[object, object] | None = None
        self._own_files: set[Path] = set()  # the project files the memo is of, resolved
        self.reading = 0  # modules being read one inside the other (see MAX_BASE_MODULES)
        # where a module name leads, by (the folder a relative name starts from, the name):
        # the same names are asked for again and again (every `BaseModel` base of a project)
        self._where: dict[tuple[Path | None, str], Path | None] = {}

    @staticmethod
    def _root(path: Path) -> Path:
        installed = installed_folder(path)
        if installed is not None:
            return installed  # an installed package: its imports resolve here
        for folder in [path.parent, *path.parent.parents][:8]:
            if any((folder / marker).exists() for marker in _ROOT_MARKERS):
                return folder
        folder = path.parent  # no marker: the folder holding the outermost package
        while (folder / "__init__.py").is_file() and folder.parent != folder:
            folder = folder.parent
        return folder

    @staticmethod
    def _own(path: Path, root: Path) -> Path:
        """The project's own files: the root's, or for an installed package the top-level
        package (or module) holding ``path``."""
        if root != installed_folder(path):
            return root
        return root / path.relative_to(root).parts[0]

    @staticmethod
    def _also_own(path: Path | None, root: Path | None, own: Path | None) -> tuple[Path, ...]:
        if path is None or root is None or own is None or root != installed_folder(path):
            return ()
        tops = distribution_tops(root, path.relative_to(root).as_posix())
        return tuple(root / top for top in tops if root / top != own)

    def owns(self, path: Path) -> bool:
        """Whether a module at ``path`` is one of the project's own."""
        return self.own is not None and any(
            path == part or path.is_relative_to(part) for part in (self.own, *self.also_own))

    def find(self, module: str, relative_to: Path | None = None) -> Module | None:
        """The module named ``module`` (``..models`` relative to ``relative_to``)."""
        if self.path is None or self.root is None:
            return None
        base = relative_to or self.path
        level = len(module) - len(module.lstrip("."))
        folder: Path | None = None
        if level:
            folder = base.parent
            for _ in range(level - 1):
                folder = folder.parent
        key = (folder, module)
        if key not in self._where:
            self._where[key] = self._locate(module, folder, self.root)
        found = self._where[key]
        return self._load(found) if found is not None else None

    @property
    def may_read_further(self) -> bool:
        """Whether a module being classified may read another one for a base of its classes
        (fewer than :data:`MAX_BASE_MODULES` are being read one inside the other)."""
        return self.reading < MAX_BASE_MODULES

    def module_at(self, path: Path) -> Module | None:
        """The module of the project at ``path`` (found already by :meth:`find`)."""
        return self._load(path) if self.root is not None and path.is_relative_to(
            self.root) else None

    @staticmethod
    def _locate(module: str, folder: Path | None, root: Path) -> Path | None:
        """The file of ``module`` in the project: relative to ``folder``, or from the
        project's root (or its `src`) when ``folder`` is None."""
        parts = [p for p in module.lstrip(".").split(".") if p]
        candidates = [folder.joinpath(*parts)] if folder is not None else [
            root.joinpath(*parts), root.joinpath("src", *parts)]
        for candidate in candidates:
            for file in (candidate.with_suffix(".py"), candidate / "__init__.py"):
                resolved = file.resolve()
                if resolved.is_file() and resolved.is_relative_to(root):
                    return resolved
        return None

    def _load(self, path: Path) -> Module | None:
        if path not in self._cache:
            # a module of the project read by an earlier analysis, none of whose files has
            # changed since: the same (its index reads other modules relative to its own path)
            memo = self._memo if path in self._own_files else None
            if memo is not None and ("module", path) in memo:
                self._cache[path] = cast(Module | None, memo[("module", path)])
                return self._cache[path]
            self._cache[path] = None
            source = SOURCES.get(path)
            parsed = source.parsed if source is not None else None
            if parsed is not None:
                tree, names = parsed
                self.reading += 1
                try:
                    index = ModuleIndex(tree, names, self, path)
                finally:
                    self.reading -= 1
                self._cache[path] = Module(path, names, index, tree)
            if memo is not None:
                memo[("module", path)] = self._cache[path]
        return self._cache[path]

    def project_files(self) -> list[Path]:
        """The project's own `.py` files (no hidden folders, virtual environments or builds),
        at most :data:`MAX_PROJECT_FILES` of them, in a stable order."""
        if self._files is None:
            self._files = []
            for part in (self.own, *self.also_own) if self.own is not None else ():
                self._files += [part] if part.is_file() else list(_python_files(part))
        return self._files[:MAX_PROJECT_FILES]

    def mentioning(self, word: str) -> list[Module]:
        """The project's modules whose text holds ``word``, parsed."""
        memo = self.memo
        key = ("mentioning", word)
        paths = cast(list[Path] | None, memo.get(key))
        if paths is None:
            paths = memo[key] = [
                scanned.resolved for _, scanned in self._scanned()
                if scanned is not None and self.root is not None and (
                    word in scanned.words if word.isidentifier() else word in scanned.text)
                and scanned.resolved.is_relative_to(self.root)]
        return [module for path in paths if (module := self._load(path)) is not None]

    def _scanned(self) -> list[tuple[Path, SourceFile | None]]:
        """Each project file with its text and words (None: unreadable or too large), looked
        at once per analysis (the files may change between two), or once per run where they
        do not (:func:`portlint.run_scope.files_unchanged`)."""
        if self._scans is None:
            run = this_run()
            key = (self.root, self.own, self.also_own)
            if run is not None and key in run:
                self._scans = cast(list[tuple[Path, SourceFile | None]], run[key])
            else:
                self._scans = [(path, SOURCES.get(path)) for path in self.project_files()]
                if run is not None:
                    run[key] = self._scans
        return self._scans

    @property
    def memo(self) -> dict[object, object]:
        """A store for what the analyses of this project work out from its files together,
        shared by every analysis while none of the project's own files changes (added,
        removed, or its size or modification time): the servers each module gives the
        functions it calls, worked out once rather than once per module analysed. A project
        larger than the files held (:class:`SourceFiles`) keeps it for one analysis only: what
        it holds would outgrow them."""
        if self._memo is not None:
            return self._memo
        key = (self.root, self.own, self.also_own)
        fingerprint = tuple((path, scanned.stamp if scanned is not None else None)
                            for path, scanned in self._scanned())
        if sum(stamp[0] for _, stamp in fingerprint if stamp is not None) > SOURCES.budget:
            self._memo = {}
            self._own_files = set()
            return self._memo
        held = _MEMOS.get(key)
        if held is None or held[0] != fingerprint:
            held = _MEMOS[key] = (fingerprint, {})
            while len(_MEMOS) > _MEMO_PROJECTS:
                _MEMOS.popitem(last=False)
        else:
            _MEMOS.move_to_end(key)
        self._memo = held[1]
        self._own_files = {scanned.resolved for _, scanned in self._scanned()
                           if scanned is not None}
        return self._memo


_WORD = re.compile(r"[^\W\d]\w*")


# the `.py` files under a folder as last listed, and the folders listed with their
# modification times: a folder's files are added, removed or renamed only with its time
_LISTED: OrderedDict[Path, tuple[list[tuple[str, int]], list[Path]]] = OrderedDict()


def _python_files(own: Path) -> list[Path]:
    """The `.py` files under ``own`` (no hidden folders, virtual environments or builds), at
    most :data:`MAX_PROJECT_FILES`, in a stable order: listed again only when a folder of it
    changed (every module of a project analysed asks for them)."""
    held = _LISTED.get(own)
    if held is not None and all(_mtime(folder) == when for folder, when in held[0]):
        _LISTED.move_to_end(own)
        return held[1]
    folders: list[tuple[str, int]] = []
    found: list[Path] = []
    for folder, children, files in os.walk(own):
        folders.append((folder, _mtime(folder)))
        children[:] = sorted(c for c in children if not c.startswith(".")
                             and c not in _NOT_PROJECT)
        base = Path(folder)
        found.extend(base / f for f in sorted(files) if f.endswith(".py"))
        if len(found) >= MAX_PROJECT_FILES:
            break
    _LISTED[own] = (folders, found)
    while len(_LISTED) > _MEMO_PROJECTS:
        _LISTED.popitem(last=False)
    return found


def _mtime(folder: str) -> int:
    try:
        return os.stat(folder).st_mtime_ns
    except OSError:
        return -1


class SourceFile:
    """A project file as read once, for every analysis of the process while it does not change:
    its text, the file it resolves to, and, each worked out when first asked for, its words (an
    identifier is looked up as a whole word, so asking for thousands of names costs no rescan)
    and its tree with its imported names. The trees are never changed by the analysis (what
    rewrites an expression rewrites a copy)."""

    __slots__ = ("_parsed", "_tried", "_words", "resolved", "stamp", "text")

    def __init__(self, text: str, resolved: Path, stamp: tuple[int, int, int]) -> None:
        self.text = text
        self.resolved = resolved
        self.stamp = stamp  # size, modification time, inode: a change reads it again
        self._words: frozenset[str] | None = None
        self._tried = False  # parsed (or found not to parse)
        self._parsed: tuple[ast.Module, Names] | None = None

    @property
    def words(self) -> frozenset[str]:
        if self._words is None:
            self._words = frozenset(_WORD.findall(self.text))
        return self._words

    @property
    def parsed(self) -> tuple[ast.Module, Names] | None:
        """The module's tree and imported names (None: Python cannot parse it)."""
        if not self._tried:
            self._tried = True
            try:
                tree = ast.parse(self.text)
            except (SyntaxError, ValueError, RecursionError, MemoryError):
                return None
            self._parsed = (tree, Names(tree))
        return self._parsed


class SourceFiles:
    """The project files read, shared by every analysis of a process and read again only when
    a file changes: each file of a project is analysed on its own, and each analysis reads the
    modules its tools come from and searches those calling its functions — without sharing, a
    project of n modules registering tools in each would be read and parsed n² times. At most
    :attr:`budget` bytes of source are held (the least recently used are dropped first; a tree
    takes ten to twenty times its source: 16 MB of source, a few hundred MB at most, far more
    than a server's modules)."""

    def __init__(self, budget: int = 16_000_000) -> None:
        self.budget = budget
        self._held = 0
        self._files: OrderedDict[tuple[str, tuple[int, int, int]], SourceFile | None] = (
            OrderedDict())

    def get(self, path: Path) -> SourceFile | None:
        """The file at ``path``; None when it cannot be read or decoded, or is larger than
        :data:`MAX_MODULE_BYTES`."""
        try:
            stat = path.stat()
        except OSError:
            return None
        stamp = (stat.st_size, stat.st_mtime_ns, stat.st_ino)
        key = (str(path), stamp)
        if key in self._files:
            self._files.move_to_end(key)
            return self._files[key]
        found: SourceFile | None = None
        if stat.st_size <= MAX_MODULE_BYTES:
            try:
                found = SourceFile(_decoded(path.read_bytes()), path.resolve(), stamp)
            except (OSError, DecodeError, RuntimeError):
                found = None
        self._files[key] = found
        self._held += stat.st_size
        while self._held > self.budget and len(self._files) > 1:
            (_, (size, _, _)), _ = self._files.popitem(last=False)
            self._held -= size
        return found


SOURCES = SourceFiles()
# the memo of the projects analysed last (see ModuleFinder.memo), by (root, own folders)
_MEMOS: OrderedDict[tuple[Path | None, Path | None, tuple[Path, ...]],
                    tuple[tuple[object, ...], dict[object, object]]] = OrderedDict()
_MEMO_PROJECTS = 4


def _decoded(data: bytes) -> str:
    """A module's text as Python reads it: a UTF-8 byte order mark or a PEP 263 coding
    declaration (`# -*- coding: latin-1 -*-`) honoured, as the module being checked is."""
    return decode_source(data, "python").text
