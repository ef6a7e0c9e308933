"""The project around a TypeScript file: which SDK and Zod it installs, and its other files.

Versions come from the lockfile when there is one (``package-lock.json``, ``pnpm-lock.yaml``,
``yarn.lock``) — that is what ``npm ci`` installs — else from the package installed in
``node_modules`` (its ``package.json``'s version: read, never loaded), else from
``package.json``'s ranges, read as the newest release the range allows (what a fresh ``npm
install`` gets). Relative imports are
resolved the way TypeScript's ``NodeNext``/bundler resolution does for the common cases
(``./x.js`` finds ``./x.ts``; a directory finds its ``index``)."""

from __future__ import annotations

import json
import os
import re
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

PACKAGES = ("@modelcontextprotocol/sdk", "@modelcontextprotocol/server", "zod",
            "zod-to-json-schema")
SOURCE_SUFFIXES = (".ts", ".tsx", ".mts", ".cts", ".js", ".mjs", ".cjs", ".jsx")
_JS_TO_TS = {".js": (".ts", ".tsx"), ".mjs": (".mts",), ".cjs": (".cts",), ".jsx": (".tsx",)}


class Installed(NamedTuple):
    """A package's version and where it was read from (``lockfile``/``package.json``)."""

    version: str
    source: str


def parse_version(text: str) -> tuple[int, int, int] | None:
    match = re.match(r"\s*[v=]?(\d+)(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?", text)
    if match is None:
        return None
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
    """The package root a file belongs to (the nearest ``package.json``), read once."""

    def __init__(self, root: Path | None) -> None:
        self.root = root
        self.installed: dict[str, Installed] = {}
        if root is not None:
            self._read(root)

    def _read(self, root: Path) -> None:
        declared: dict[str, str] = {}
        try:
            manifest = json.loads((root / "package.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            manifest = {}
        if isinstance(manifest, dict):
            for section in ("dependencies", "devDependencies", "peerDependencies"):
                deps = manifest.get(section)
                if isinstance(deps, dict):
                    for name in PACKAGES:
                        if isinstance(deps.get(name), str):
                            declared.setdefault(name, deps[name])
        locked = _locked_versions(root)
        for name in PACKAGES:
            present = None if name in locked else _installed_version(root, name)
            if name in locked:
                self.installed[name] = Installed(locked[name], "lockfile")
            elif present is not None:
                self.installed[name] = Installed(present, "node_modules")
            elif name in declared:
                version = newest_allowed(declared[name])
                if version:
                    self.installed[name] = Installed(version, "package.json")

    def version(self, name: str) -> tuple[int, int, int] | None:
        found = self.installed.get(name)
        return parse_version(found.version) if found is not None else None


def find_root(path: Path | None) -> Path | None:
    if path is None:
        return None
    directory = os.path.dirname(os.path.realpath(path))
    while True:
        if os.path.isfile(os.path.join(directory, "package.json")):
            return Path(directory)
        parent = os.path.dirname(directory)
        if parent == directory:
            return None
        directory = parent


@lru_cache(maxsize=64)
def _project(root: Path | None, stamp: tuple[int, ...]) -> Project:
    return Project(root)


def project_for(path: Path | None) -> Project:
    root = find_root(path)
    stamp: list[int] = []
    if root is not None:
        base = str(root)
        for name in _STAMPED:
            try:
                stat = os.stat(os.path.join(base, name))
                stamp.extend((stat.st_mtime_ns, stat.st_size))
            except OSError:
                stamp.extend((0, 0))
    return _project(root, tuple(stamp))


# the files whose change makes a project read again
_STAMPED = ("package.json", "package-lock.json", "pnpm-lock.yaml", "yarn.lock",
            *(f"node_modules/{package}/package.json" for package in PACKAGES))


def _installed_version(root: Path, name: str) -> str | None:
    try:
        manifest = json.loads((root / "node_modules" / name / "package.json").read_text(
            encoding="utf-8"))
    except (OSError, ValueError):
        return None
    version = manifest.get("version") if isinstance(manifest, dict) else None
    return version if isinstance(version, str) and parse_version(version) else None


def _locked_versions(root: Path) -> dict[str, str]:
    found: dict[str, str] = {}
    try:
        lock = json.loads((root / "package-lock.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        lock = None
    if isinstance(lock, dict):
        packages = lock.get("packages")
        if isinstance(packages, dict):
            for name in PACKAGES:
                entry = packages.get(f"node_modules/{name}")
                if isinstance(entry, dict) and isinstance(entry.get("version"), str):
                    found[name] = entry["version"]
        dependencies = lock.get("dependencies")
        if isinstance(dependencies, dict):  # lockfile v1
            for name in PACKAGES:
                entry = dependencies.get(name)
                if name not in found and isinstance(entry, dict) and isinstance(
                        entry.get("version"), str):
                    found[name] = entry["version"]
        return found
    try:
        pnpm = (root / "pnpm-lock.yaml").read_text(encoding="utf-8")
    except OSError:
        pnpm = None
    if pnpm is not None:
        for name in PACKAGES:
            quoted = re.escape(name)
            match = re.search(r"(?m)^ {6}'?" + quoted + r"'?:\n {8}specifier: .*\n {8}version: "
                              r"(\d+\.\d+\.\d+[^\s(]*)", pnpm)
            if match is None:
                match = re.search(r"(?m)^ {4}'?" + quoted + r"'?: (\d+\.\d+\.\d+[^\s(]*)", pnpm)
            if match is None:
                match = re.search(r"(?m)^ {2}'?/?" + quoted + r"[@/](\d+\.\d+\.\d+[^\s(:']*)",
                                  pnpm)
            if match is not None:
                found[name] = match.group(1)
        return found
    try:
        yarn = (root / "yarn.lock").read_text(encoding="utf-8")
    except OSError:
        return found
    for name in PACKAGES:
        quoted = re.escape(name)
        match = re.search(r'(?m)^"?' + quoted + r'@[^\n]*:\n(?:  [^\n]*\n)*?  version:? "?'
                          r'(\d+\.\d+\.\d+[^"\s]*)', yarn)
        if match is not None:
            found[name] = match.group(1)
    return found


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
