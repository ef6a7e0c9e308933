"""Other modules of the workspace, read (never imported) when a tool's types come from them:
`from .models import Item`, `from myserver.models import Item`."""

from __future__ import annotations

import ast
import os
import re
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from portlint.python.model_index import ModuleIndex
from portlint.python.names import Names
from portlint.python.pins import installed_folder
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
        self._cache: dict[Path, Module | None] = {}
        self._files: list[Path] | None = None
        self._texts: dict[Path, str | None] = {}
        self._words: dict[Path, tuple[str, frozenset[str]]] = {}  # a text, and its words
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
            self._cache[path] = None
            try:
                if path.stat().st_size > MAX_MODULE_BYTES:
                    return None
                tree = ast.parse(_decoded(path.read_bytes()))
            except (OSError, DecodeError, SyntaxError, ValueError, RecursionError):
                return None
            names = Names(tree)
            self.reading += 1
            try:
                index = ModuleIndex(tree, names, self, path)
            finally:
                self.reading -= 1
            self._cache[path] = Module(path, names, index, tree)
        return self._cache[path]

    def project_files(self) -> list[Path]:
        """The project's own `.py` files (no hidden folders, virtual environments or builds),
        at most :data:`MAX_PROJECT_FILES` of them, in a stable order."""
        if self._files is None:
            self._files = []
            if self.own is not None and self.own.is_file():
                self._files.append(self.own)
            elif self.own is not None:
                for folder, children, files in os.walk(self.own):
                    children[:] = sorted(c for c in children if not c.startswith(".")
                                         and c not in _NOT_PROJECT)
                    self._files.extend(Path(folder) / f for f in sorted(files)
                                       if f.endswith(".py"))
                    if len(self._files) >= MAX_PROJECT_FILES:
                        break
        return self._files[:MAX_PROJECT_FILES]

    def _mentions(self, path: Path, text: str, word: str) -> bool:
        """Whether ``text`` holds ``word``: an identifier as a whole word (the words of each
        text are collected once, so asking for thousands of names costs no rescan), anything
        else as a substring."""
        if not word.isidentifier():
            return word in text
        words = self._words.get(path)
        if words is None or words[0] is not text:
            words = self._words[path] = (text, frozenset(_WORD.findall(text)))
        return word in words[1]

    def mentioning(self, word: str) -> list[Module]:
        """The project's modules whose text holds ``word``, parsed."""
        found: list[Module] = []
        for path in self.project_files():
            if path not in self._texts:
                self._texts[path] = _project_text(path)
            text = self._texts[path]
            if text is None or self.root is None or not self._mentions(path, text, word):
                continue
            resolved = path.resolve()
            if resolved.is_relative_to(self.root):
                module = self._load(resolved)
                if module is not None:
                    found.append(module)
        return found


_WORD = re.compile(r"[^\W\d]\w*")


def _project_text(path: Path) -> str | None:
    """A project file's text (None: unreadable or too large), read again only when the file
    changed: the editor searches the project on every keystroke in a module whose tools are
    registered by a function given the server."""
    try:
        stat = path.stat()
    except OSError:
        return None
    return _text_of(str(path), stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=512)
def _text_of(path: str, mtime: int, size: int) -> str | None:
    if size > MAX_MODULE_BYTES:
        return None
    try:
        return _decoded(Path(path).read_bytes())
    except (OSError, DecodeError):
        return None


def _decoded(data: bytes) -> str:
    """A module's text as Python reads it: a UTF-8 byte order mark or a PEP 263 coding
    declaration (`# -*- coding: latin-1 -*-`) honoured, as the module being checked is."""
    return decode_source(data, "python").text
