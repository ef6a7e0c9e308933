"""Imports of a monorepo's own packages (``import { Shape } from "@acme/schemas"``): the file of
the workspace member the specifier names, so its source is read like any file of the project.

The member is found as Node finds it — ``node_modules/<name>`` from the importer's directory
upward, where an installed workspace links to the member's folder — or, before anything is
installed, among the folders the workspace root declares (``workspaces`` in its
``package.json``, ``packages`` in ``pnpm-workspace.yaml``) by the ``name`` in their manifests. A
package whose folder lies inside ``node_modules`` is a published one: its source is not the
project's, and it is not read. The file is the one the member's ``exports`` map (the ``node``,
``import``, ``require`` and ``default`` conditions, in the map's order), or its ``main``, names;
when that is build output not built yet, the TypeScript source its ``types`` condition names
(the file the output is compiled from). Subpath patterns (``"./*"``) are not followed."""

from __future__ import annotations

import glob
import os
from pathlib import Path
from typing import Any

import yaml

from portlint.typescript.project import ancestors, read_manifest, resolve_relative

_CONDITIONS = ("node", "import", "require", "default")
_Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def resolve_package(importer: Path, specifier: str) -> Path | None:
    """The file of a workspace member ``specifier`` names (None: not a member's, or not
    resolvable without guessing)."""
    parts = specifier.split("/")
    count = 2 if specifier.startswith("@") else 1
    if len(parts) < count or not all(parts[:count]):
        return None
    name = "/".join(parts[:count])
    subpath = "./" + "/".join(parts[count:]) if len(parts) > count else "."
    folder = _member_folder(os.path.dirname(os.path.realpath(importer)), name)
    if folder is None:
        return None
    manifest = read_manifest(folder)
    if manifest is None or manifest.get("name") != name:
        return None
    return _entry(folder, manifest, subpath)


def _member_folder(start: str, name: str) -> str | None:
    levels = ancestors(start)
    for level in levels:
        linked = os.path.join(level, "node_modules", name)
        if os.path.isdir(linked):
            real = os.path.realpath(linked)
            return None if "node_modules" in Path(real).parts else real
    for level in levels:
        patterns = _workspace_patterns(level)
        if patterns is not None:
            return _find_member(level, patterns, name)
    return None


def _workspace_patterns(root: str) -> list[str] | None:
    """The member folders a workspace root declares (None: not a workspace root)."""
    pnpm = os.path.join(root, "pnpm-workspace.yaml")
    if os.path.isfile(pnpm):
        try:
            with open(pnpm, encoding="utf-8") as handle:
                loaded = yaml.load(handle, Loader=_Loader)
        except (OSError, UnicodeDecodeError, yaml.YAMLError):
            return None
        packages = loaded.get("packages") if isinstance(loaded, dict) else None
        return [p for p in packages if isinstance(p, str)] if isinstance(packages, list) else []
    manifest = read_manifest(root)
    declared = manifest.get("workspaces") if manifest is not None else None
    if isinstance(declared, dict):  # yarn's {"packages": [...], "nohoist": [...]}
        declared = declared.get("packages")
    if isinstance(declared, list):
        return [p for p in declared if isinstance(p, str)]
    return None


def _find_member(root: str, patterns: list[str], name: str) -> str | None:
    excluded = {os.path.realpath(path) for pattern in patterns if pattern.startswith("!")
                for path in glob.glob(os.path.join(root, pattern[1:]), recursive=True)}
    for pattern in patterns:
        if pattern.startswith("!"):
            continue
        for folder in sorted(glob.glob(os.path.join(root, pattern), recursive=True)):
            real = os.path.realpath(folder)
            if real in excluded or "node_modules" in Path(real).parts:
                continue
            manifest = read_manifest(real)
            if manifest is not None and manifest.get("name") == name:
                return real
    return None


def _entry(folder: str, manifest: dict[str, Any], subpath: str) -> Path | None:
    exports = manifest.get("exports")
    anchor = Path(folder) / "package.json"
    if exports is None:
        if subpath != ".":
            return resolve_relative(anchor, subpath)
        main = manifest.get("main")
        return resolve_relative(anchor, "./" + main.removeprefix("./")) if isinstance(
            main, str) else resolve_relative(anchor, "./index.js")
    if isinstance(exports, dict) and any(str(k).startswith(".") for k in exports):
        target = exports.get(subpath)
    else:
        target = exports if subpath == "." else None
    runtime = _target(target, _CONDITIONS)
    if runtime is not None and "*" not in runtime:
        found = resolve_relative(anchor, runtime)
        if found is not None:
            return found
    source = _types_target(target)
    if source is not None and "*" not in source and not source.endswith(".d.ts") and \
            source.endswith((".ts", ".tsx", ".mts", ".cts")):
        return resolve_relative(anchor, source)
    return None


def _target(value: Any, conditions: tuple[str, ...]) -> str | None:
    """A conditional export resolved for ``conditions``, first match in the map's own order."""
    if isinstance(value, str):
        return value if value.startswith("./") else None
    if isinstance(value, list):
        for item in value:
            found = _target(item, conditions)
            if found is not None:
                return found
        return None
    if isinstance(value, dict):
        for key, item in value.items():
            if key in conditions:
                found = _target(item, conditions)
                if found is not None:
                    return found
    return None


def _types_target(value: Any, chosen: bool = False) -> str | None:
    """The file a ``types`` condition names, at any depth of the conditions Node would take."""
    if isinstance(value, str):
        return value if chosen and value.startswith("./") else None
    if isinstance(value, list):
        for item in value:
            found = _types_target(item, chosen)
            if found is not None:
                return found
        return None
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "types" or key in _CONDITIONS:
                found = _types_target(item, chosen or key == "types")
                if found is not None:
                    return found
    return None
