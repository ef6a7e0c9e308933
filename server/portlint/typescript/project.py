"""The project around a TypeScript file: which SDK and Zod it installs, and its other files.

A package is resolved the way Node resolves it from the file, one directory at a time from the
file's own upward, over the installation the project's lockfile describes: at each directory,
what the lockfile installs in its ``node_modules`` (npm's ``package-lock.json`` or
``npm-shrinkwrap.json`` by path, so a workspace member's nested copy comes before the hoisted
one; pnpm's ``pnpm-lock.yaml`` by importer, the member's own dependencies; ``yarn.lock`` by the
range that directory's ``package.json`` declares) — that is what ``npm ci`` installs — else the
package installed there (its ``node_modules/<name>/package.json``'s version: read, never
loaded). The walk ends at the nearest directory with a lockfile: in a monorepo that is the
workspace root, whose lockfile covers every member. With neither, the nearest ``package.json``
that declares the package gives its range, read as the newest release the range allows (what a
fresh ``npm install`` gets). Relative imports are resolved the way TypeScript's
``NodeNext``/bundler resolution does for the common cases (``./x.js`` finds ``./x.ts``; a
directory finds its ``index``)."""

from __future__ import annotations

import json
import os
import re
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any, NamedTuple, Protocol

import yaml

from portlint.script_suffixes import SOURCE_SUFFIXES

PACKAGES = ("@modelcontextprotocol/sdk", "@modelcontextprotocol/server", "fastmcp", "zod",
            "zod-to-json-schema")
_JS_TO_TS = {".js": (".ts", ".tsx"), ".mjs": (".mts",), ".cjs": (".cts",), ".jsx": (".tsx",)}
# in the order npm, pnpm and yarn are preferred when a directory holds more than one
LOCKFILES = ("npm-shrinkwrap.json", "package-lock.json", "pnpm-lock.yaml", "yarn.lock")
_DEPENDENCY_SECTIONS = ("dependencies", "devDependencies", "optionalDependencies",
                        "peerDependencies")
_Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class Installed(NamedTuple):
    """A package's version and where it was read from (``lockfile``/``node_modules``/
    ``package.json``)."""

    version: str
    source: str


def parse_version(text: str) -> tuple[int, int, int] | None:
    match = re.match(r"\s*[v=]?(\d+)(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?", text)
    if match is None:
        return None
    if any(p and len(p) > 18 for p in match.groups()):
        return None  # no release is numbered so (and `int` refuses 4,300 digits and more)
    parts = [int(p) if p and p.isdigit() else 0 for p in match.groups()]
    return parts[0], parts[1], parts[2]


def newest_allowed(spec: str) -> str:
    """The version a range resolves to today, as far as portlint's models go: an exact pin is
    itself; a caret or tilde range, or a bare major, stands for the newest release of that
    line, which portlint models by its latest behaviour (``major.999.0``)."""
    spec = spec.strip()
    for written in reversed(spec.split("||")):
        alternative = written.strip()
        if not alternative:
            continue
        exact = re.fullmatch(r"=?v?(\d+\.\d+\.\d+)", alternative)
        if exact:
            return exact.group(1)
        version = parse_version(alternative.lstrip("^~>=< "))
        if version is None:
            continue
        if alternative.startswith("~"):
            return f"{version[0]}.{version[1]}.999"
        return f"{version[0]}.999.0"
    return ""


class Project:
    """The packages a file sees from its directory (``start``), read once."""

    def __init__(self, start: Path | None) -> None:
        self.root = start
        self.installed: dict[str, Installed] = {}
        # the packages the file's own package (the nearest package.json) declares: in a
        # workspace or a node_modules tree more are installed than it uses
        self.declared: frozenset[str] = frozenset()
        if start is not None:
            self._read(str(start))

    def _read(self, start: str) -> None:
        levels = ancestors(start)
        lock_root = levels[-1] if _lockfile(levels[-1]) is not None else None
        lock = _read_lockfile(lock_root) if lock_root is not None else None
        manifests = {level: _manifest(level) for level in levels}
        own = next((level for level in levels
                    if os.path.isfile(os.path.join(level, "package.json"))), None)
        if own is not None:
            self.declared = frozenset(manifests[own])
        for name in PACKAGES:
            found = _resolve(name, levels, manifests, lock_root, lock)
            if found is not None:
                self.installed[name] = found

    def version(self, name: str) -> tuple[int, int, int] | None:
        found = self.installed.get(name)
        return parse_version(found.version) if found is not None else None

    @cached_property
    def sdk_zod_elsewhere(self) -> str | None:
        """When the installed SDK 1.x resolves another copy of Zod than this file does (npm
        hoisting can leave them apart in a workspace or a shared `node_modules`): the two, said
        (None: one copy, or nothing installed to tell). The SDK converts with its own copy.
        Looked up once per project, the first time a Zod 4 schema is converted for SDK 1.x."""
        if self.root is None:
            return None
        start = str(self.root)
        sdk = _installed_folder(start, "@modelcontextprotocol/sdk")
        mine = _installed_folder(start, "zod")
        theirs = _installed_folder(sdk, "zod") if sdk is not None else None
        if mine is None or theirs is None or os.path.realpath(mine) == os.path.realpath(theirs):
            return None
        return (f"the SDK (in {_shown(sdk)}) converts with its own copy of Zod "
                f"({_folder_version(theirs)} in {_shown(theirs)}), not this file's "
                f"({_folder_version(mine)} in {_shown(mine)})")


def ancestors(start: str) -> list[str]:
    """The directories Node looks in from ``start``, up to the nearest one with a lockfile (the
    project's root, or the workspace's in a monorepo), else up to the filesystem's root."""
    found = []
    directory = start
    while True:
        found.append(directory)
        if _lockfile(directory) is not None:
            return found
        parent = os.path.dirname(directory)
        if parent == directory:
            return found
        directory = parent


def _resolve(name: str, levels: list[str], manifests: dict[str, dict[str, str]],
             lock_root: str | None, lock: _Lock | None) -> Installed | None:
    for level in levels:
        if lock is not None and lock_root is not None:
            relative = os.path.relpath(level, lock_root).replace(os.sep, "/")
            locked = lock.version_at("" if relative == "." else relative, name,
                                     manifests[level].get(name))
            if locked is not None:
                return Installed(locked, "lockfile")
        present = _installed_version(level, name)
        if present is not None:
            return Installed(present, "node_modules")
    for level in levels:
        declared = manifests[level].get(name)
        if declared is not None:
            version = newest_allowed(declared)
            if version:
                return Installed(version, "package.json")
    return None


def read_manifest(folder: str) -> dict[str, Any] | None:
    """The folder's ``package.json`` as an object; None when it has none, or one that cannot
    be read or is no object."""
    path = os.path.join(folder, "package.json")
    if not os.path.isfile(path):  # most folders on the way up have none
        return None
    try:
        with open(path, encoding="utf-8") as handle:
            manifest = json.load(handle)
    except (OSError, ValueError):
        return None
    return manifest if isinstance(manifest, dict) else None


def _manifest(directory: str) -> dict[str, str]:
    """The ranges a ``package.json`` declares for the packages portlint reads."""
    manifest = read_manifest(directory)
    declared: dict[str, str] = {}
    if manifest is not None:
        for section in _DEPENDENCY_SECTIONS:
            deps = manifest.get(section)
            if isinstance(deps, dict):
                for name in PACKAGES:
                    if isinstance(deps.get(name), str):
                        declared.setdefault(name, deps[name])
    return declared


@lru_cache(maxsize=512)  # a project per directory: a folder checked has many
def _project(start: str | None, stamp: tuple[int, ...]) -> Project:
    return Project(Path(start) if start is not None else None)


def project_for(path: Path | None) -> Project:
    """The project of a file, read again only when one of the files it was read from changed:
    every level's manifest, lockfiles and installed packages' manifests, up to the lockfile."""
    if path is None:
        return _project(None, ())
    start = os.path.dirname(os.path.realpath(path))
    stamp: list[int] = []
    directory = start
    while True:
        prefix = directory.rstrip(os.sep) + os.sep
        locked = False
        for name in _STAMPED:
            try:
                stat = os.stat(prefix + name)
            except OSError:
                stamp.extend((-1, -1))
                continue
            stamp.extend((stat.st_mtime_ns, stat.st_size))
            locked = locked or name in LOCKFILES
        parent = os.path.dirname(directory)
        if locked or parent == directory:  # where `ancestors` stops
            return _project(start, tuple(stamp))
        directory = parent


# the files of each directory whose change makes a project read again
_STAMPED = ("package.json", *LOCKFILES,
            *(f"node_modules/{package}/package.json" for package in PACKAGES))


def _installed_folder(start: str, name: str) -> str | None:
    """Where Node finds package ``name`` from ``start``: the nearest `node_modules/<name>` on
    the way up :func:`ancestors` goes."""
    for level in ancestors(start):
        candidate = os.path.join(level, "node_modules", name)
        if os.path.isfile(os.path.join(candidate, "package.json")):
            return candidate
    return None


def _folder_version(folder: str) -> str | None:
    manifest = read_manifest(folder)
    version = manifest.get("version") if manifest is not None else None
    return version if isinstance(version, str) else None


def _shown(folder: str | None) -> str:
    """A package folder as said: from its outermost `node_modules` on."""
    if folder is None:
        return "?"
    parts = folder.replace(os.sep, "/").split("/")
    first = parts.index("node_modules") if "node_modules" in parts else 0
    return "/".join(parts[first:])


def _installed_version(directory: str, name: str) -> str | None:
    version = _folder_version(os.path.join(directory, "node_modules", name))
    return version if version is not None and parse_version(version) else None


def _lockfile(directory: str) -> str | None:
    for name in LOCKFILES:
        if os.path.isfile(os.path.join(directory, name)):
            return name
    return None


class _Lock(Protocol):
    """One lockfile, read: the version it installs for a package seen from a directory
    (``relative`` to the lockfile's, ``""`` for that one), given the range that directory's
    ``package.json`` declares (which is how ``yarn.lock`` is keyed)."""

    def version_at(self, relative: str, name: str, declared: str | None) -> str | None: ...


class _NpmLock(_Lock):
    def __init__(self, lock: dict[str, Any]) -> None:
        packages = lock.get("packages")
        self.packages = packages if isinstance(packages, dict) else {}
        dependencies = lock.get("dependencies")  # lockfile v1: the root's tree only
        self.v1 = dependencies if isinstance(dependencies, dict) and not self.packages else {}

    def version_at(self, relative: str, name: str, declared: str | None) -> str | None:
        key = f"{relative}/node_modules/{name}" if relative else f"node_modules/{name}"
        entry = self.packages.get(key)
        if relative == "" and entry is None:
            entry = self.v1.get(name)
        if isinstance(entry, dict) and not entry.get("link"):
            version = entry.get("version")
            if isinstance(version, str) and parse_version(version):
                return version
        return None


class _PnpmLock(_Lock):
    def __init__(self, lock: dict[str, Any]) -> None:
        importers = lock.get("importers")
        if isinstance(importers, dict):
            self.importers = {str(k): v for k, v in importers.items() if isinstance(v, dict)}
        else:  # a single project's lockfile before v9: the root's sections at the top
            self.importers = {".": lock}

    def version_at(self, relative: str, name: str, declared: str | None) -> str | None:
        importer = self.importers.get(relative or ".")
        if importer is None:
            return None
        for section in ("dependencies", "devDependencies", "optionalDependencies"):
            deps = importer.get(section)
            entry = deps.get(name) if isinstance(deps, dict) else None
            if isinstance(entry, dict):  # lockfile v6 and later: {specifier, version}
                entry = entry.get("version")
            if isinstance(entry, (str, int, float)):
                # `1.17.5(zod@3.24.1)` (v6+) or `1.17.5_zod@3.24.1` (v5): peers after the version
                match = re.match(r"(\d+\.\d+\.\d+[^\s(_]*)", str(entry))
                if match is not None:
                    return match.group(1)
        return None


class _YarnLock(_Lock):
    def __init__(self, text: str) -> None:
        self.versions: dict[tuple[str, str], str] = {}
        descriptors: list[tuple[str, str]] = []
        for line in text.splitlines():
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            if not line[0].isspace():
                descriptors = []
                for written in line.rstrip().rstrip(":").split(","):
                    name, _, spec = written.strip().strip('"').rpartition("@")
                    if name:
                        descriptors.append((name, spec.removeprefix("npm:")))
                continue
            match = re.match(r'\s+version:?\s+"?([^"\s]+)"?\s*$', line)
            if match is not None and line.startswith("  ") and not line.startswith("   "):
                for descriptor in descriptors:
                    self.versions.setdefault(descriptor, match.group(1))

    def version_at(self, relative: str, name: str, declared: str | None) -> str | None:
        if declared is None:
            return None
        version = self.versions.get((name, declared.strip().removeprefix("npm:")))
        return version if version is not None and parse_version(version) else None


def _read_lockfile(directory: str) -> _Lock | None:
    name = _lockfile(directory)
    if name is None:
        return None
    path = os.path.join(directory, name)
    try:
        stat = os.stat(path)
    except OSError:
        return None
    return _parsed_lockfile(path, stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=16)
def _parsed_lockfile(path: str, mtime: int, size: int) -> _Lock | None:
    """A lockfile parsed once per version of it: every member of a workspace shares it."""
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except (OSError, UnicodeDecodeError):
        return None
    if path.endswith(".json"):
        try:
            lock = json.loads(text)
        except ValueError:
            return None
        return _NpmLock(lock) if isinstance(lock, dict) else None
    if path.endswith(".yaml"):
        try:
            loaded = yaml.load(text, Loader=_Loader)
        except yaml.YAMLError:
            return None
        return _PnpmLock(loaded) if isinstance(loaded, dict) else None
    return _YarnLock(text)


def resolve_relative(importer: Path, specifier: str) -> Path | None:
    """The file a relative import names (None when there is none)."""
    base = (importer.parent / specifier)
    candidates: list[Path] = []
    suffix = os.path.splitext(specifier)[1].lower()
    if suffix in _JS_TO_TS:
        stem = base.with_suffix("")
        candidates.extend(stem.with_suffix(s) for s in _JS_TO_TS[suffix])
    candidates.append(base)
    if suffix not in SOURCE_SUFFIXES:
        candidates.extend(Path(str(base) + s) for s in SOURCE_SUFFIXES)
        candidates.extend(base / ("index" + s) for s in SOURCE_SUFFIXES)
    for candidate in candidates:
        if candidate.is_file():
            return candidate
    return None
