"""Import aliases a project's ``tsconfig.json`` declares (``compilerOptions.paths`` and
``baseUrl``): the file ``import { schema } from "@/schemas/user"`` names, found as TypeScript's
module resolution finds it, so its source is read like a relative import's.

The configuration of a file is the nearest ``tsconfig.json`` (else ``jsconfig.json``) from the
file's directory upward, the one an editor's TypeScript service uses for it. It is read as tsc
reads it: JSON with ``//`` and ``/* */`` comments and trailing commas; ``extends`` followed (a
path, with or without ``.json``; a package's ``tsconfig.json``, or the file its ``tsconfig``
field names, from ``node_modules``; a list of them, the later overriding the earlier), each
``compilerOptions`` key of the extending file replacing the base's; ``baseUrl`` relative to the
file that sets it; ``paths`` relative to ``baseUrl`` when there is one, else to the file that
sets ``paths``; ``${configDir}`` standing for the directory of the configuration in use.

A non-relative specifier is matched as TypeScript matches it: a pattern without ``*`` equal to
it first, else the ``*`` pattern with the longest prefix that fits; each of its substitutions in
order, with the text the ``*`` matched put in; then ``baseUrl``/specifier. A specifier a pattern
matches but no substitution resolves, and a configuration that cannot be read, are reported
with the reason — an import is never dropped silently."""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path
from typing import Any, NamedTuple

from portlint.typescript.project import read_manifest, resolve_relative

CONFIG_NAMES = ("tsconfig.json", "jsconfig.json")
MAX_CONFIG_BYTES = 1024 * 1024  # a configuration is a few hundred bytes; this bounds a hostile one
_MAX_EXTENDS = 32  # tsc reports a circularity; a chain this long is one in practice


class Aliases(NamedTuple):
    """The resolution options of one configuration, merged along its ``extends`` chain."""

    config: str  # the configuration in use
    paths: dict[str, list[str]]
    paths_base: str | None  # the directory the substitutions are relative to
    base_url: str | None
    problem: str  # why (part of) the configuration could not be read; "" when it could


class Alias(NamedTuple):
    """How a non-relative specifier resolves through the configuration: the file, or why a
    specifier the configuration speaks for resolves to none (both empty: not an alias)."""

    path: Path | None
    reason: str


def resolve_alias(importer: Path, specifier: str) -> Alias:
    """The file ``specifier`` (non-relative) names through the importer's ``tsconfig.json``."""
    config = nearest_config(os.path.dirname(os.path.realpath(importer)))
    if config is None:
        return Alias(None, "")
    aliases = read_aliases(config)
    shown = _shown(config, importer)
    if aliases.paths:
        pattern = _matching_pattern(list(aliases.paths), specifier)
        if pattern is not None:
            star = _star_text(pattern, specifier)
            substitutions = aliases.paths[pattern]
            base = aliases.paths_base or os.path.dirname(config)
            for substitution in substitutions:
                found = _resolved(base, substitution.replace("*", star, 1))
                if found is not None:
                    return _project_file(found, specifier, shown)
            tried = ", ".join(f"`{s}`" for s in substitutions) or "none"
            return Alias(None, f"`{specifier}` matches the `paths` pattern `{pattern}` of "
                               f"{shown}, but none of its substitutions ({tried}) names a file")
    if aliases.base_url is not None:
        found = _resolved(aliases.base_url, specifier)
        if found is not None:
            return _project_file(found, specifier, shown)
    if aliases.problem:
        return Alias(None, f"{aliases.problem}, so whether `{specifier}` is one of the "
                           "project's own import aliases is not known")
    return Alias(None, "")


def nearest_config(start: str) -> str | None:
    directory = start
    while True:
        for name in CONFIG_NAMES:
            candidate = os.path.join(directory, name)
            # a FIFO or a device by that name is the configuration, refused when read
            if os.path.exists(candidate) and not os.path.isdir(candidate):
                return candidate
        parent = os.path.dirname(directory)
        if parent == directory:
            return None
        directory = parent


def read_aliases(config: str) -> Aliases:
    """The merged options of ``config``, read again when one of the files of its ``extends``
    chain changed."""
    cached = _CACHE.get(config)
    if cached is not None and all(file_stamp(path) == stamp for path, stamp in cached[0]):
        return cached[1]
    read: list[str] = []
    aliases = _read_aliases(config, read)
    if len(_CACHE) >= 64:
        _CACHE.clear()
    _CACHE[config] = (tuple((path, file_stamp(path)) for path in read), aliases)
    return aliases


_CACHE: dict[str, tuple[tuple[tuple[str, tuple[int, int]], ...], Aliases]] = {}


def file_stamp(path: str) -> tuple[int, int]:
    """What tells a file changed: its modification time and size ((-1, -1): no such file)."""
    try:
        stat = os.stat(path)
    except OSError:
        return (-1, -1)
    return (stat.st_mtime_ns, stat.st_size)


def _read_aliases(config: str, read: list[str]) -> Aliases:
    options: dict[str, tuple[Any, str]] = {}  # option -> (value, directory of its file)
    problems: list[str] = []
    _merge_chain(config, options, problems, [], read, keys=("baseUrl", "paths"))
    config_dir = os.path.dirname(config)
    base_url: str | None = None
    if "baseUrl" in options and isinstance(options["baseUrl"][0], str):
        value, where = options["baseUrl"]
        base_url = os.path.normpath(os.path.join(where, _config_dir(value, config_dir)))
    paths: dict[str, list[str]] = {}
    paths_base: str | None = None
    if "paths" in options and isinstance(options["paths"][0], dict):
        value, where = options["paths"]
        for pattern, substitutions in value.items():
            if pattern.count("*") > 1 or not isinstance(substitutions, list):
                continue  # tsc refuses such an entry
            paths[pattern] = [_config_dir(s, config_dir) for s in substitutions
                              if isinstance(s, str) and s.count("*") <= 1]
        paths_base = base_url or where
    return Aliases(config, paths, paths_base, base_url, "; ".join(problems))


def _merge_chain(config: str, options: dict[str, tuple[Any, str]], problems: list[str],
                 chain: list[str], read: list[str], *, keys: tuple[str, ...]) -> None:
    """``config``'s ``keys`` of ``compilerOptions`` under those of the files it extends
    (earlier, so overridden), each with the directory of the file setting it."""
    if config in chain or len(chain) > _MAX_EXTENDS:
        problems.append(f"`{os.path.basename(config)}` extends itself in a cycle")
        return
    read.append(config)
    loaded = _load(config)
    if isinstance(loaded, str):
        problems.append(loaded)
        return
    directory = os.path.dirname(config)
    extends = loaded.get("extends")
    bases = [extends] if isinstance(extends, str) else (
        [e for e in extends if isinstance(e, str)] if isinstance(extends, list) else [])
    for base in bases:
        found = _extended(directory, base)
        if found is None:
            problems.append(f"`{base}`, which `{os.path.basename(config)}` extends, is not "
                            "found")
            continue
        _merge_chain(found, options, problems, [*chain, config], read, keys=keys)
    compiler = loaded.get("compilerOptions")
    if isinstance(compiler, dict):
        for key in keys:
            if key in compiler:
                options[key] = (compiler[key], directory)


class Layout(NamedTuple):
    """Where tsc writes a project's output (``outDir``) and the sources it mirrors there
    (``rootDir``; None when the configuration leaves it to tsc's common-directory rule)."""

    out_dir: str
    root_dir: str | None


def read_layout(config: str) -> Layout | None:
    """The output layout ``config`` sets along its ``extends`` chain; None when it sets no
    ``outDir`` or part of the chain cannot be read."""
    options: dict[str, tuple[Any, str]] = {}
    problems: list[str] = []
    _merge_chain(config, options, problems, [], [], keys=("outDir", "rootDir"))
    if problems or not isinstance(options.get("outDir", (None,))[0], str):
        return None
    config_dir = os.path.dirname(config)

    def located(key: str) -> str | None:
        value, where = options.get(key, (None, ""))
        return os.path.normpath(os.path.join(where, _config_dir(value, config_dir))) if (
            isinstance(value, str)) else None

    out_dir = located("outDir")
    return Layout(out_dir, located("rootDir")) if out_dir is not None else None


def _load(config: str) -> dict[str, Any] | str:
    """The configuration as an object, or why it cannot be read."""
    name = os.path.basename(config)
    try:
        if not stat.S_ISREG(os.stat(config).st_mode):
            return f"`{name}` is not a regular file"
        with open(config, "rb") as handle:
            data = handle.read(MAX_CONFIG_BYTES + 1)
        if len(data) > MAX_CONFIG_BYTES:
            return f"`{name}` is larger than {MAX_CONFIG_BYTES:,} bytes"
        text = data.decode("utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        return f"`{name}` cannot be read ({error.__class__.__name__})"
    try:
        loaded = json.loads(jsonc_to_json(text))
    except ValueError as error:
        message = str(error).split(":")[0]
        return f"`{name}` is not JSON with comments as tsc reads it ({message})"
    if not isinstance(loaded, dict):
        return f"`{name}` is not an object"
    return loaded


_COMMENT_OR_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"|//[^\n]*|/\*.*?\*/', re.DOTALL)
_TRAILING_COMMA = re.compile(r'("(?:[^"\\\n]|\\.)*")|,(\s*[}\]])')


def jsonc_to_json(text: str) -> str:
    """JSON with comments and trailing commas (tsc's configuration syntax) as plain JSON: the
    comments blanked, a comma before a closing bracket dropped, strings untouched."""
    def blank(match: re.Match[str]) -> str:
        found = match.group(0)
        return found if found.startswith('"') else re.sub(r"[^\n]", " ", found)

    if "/*" in _COMMENT_OR_STRING.sub("", text):  # a comment that never ends
        raise ValueError("a /* comment is not closed")
    stripped = _COMMENT_OR_STRING.sub(blank, text)
    return _TRAILING_COMMA.sub(lambda m: m.group(1) or m.group(2), stripped)


def _extended(directory: str, base: str) -> str | None:
    """The file an ``extends`` entry names, as tsc finds it."""
    if base.startswith(("./", "../", "/")) or os.path.isabs(base):
        path = os.path.normpath(os.path.join(directory, base))
        if os.path.isfile(path):
            return path
        if not path.endswith(".json") and os.path.isfile(path + ".json"):
            return path + ".json"
        return None
    level = directory
    while True:
        candidate = os.path.join(level, "node_modules", base)
        if os.path.isfile(candidate):
            return candidate
        if not base.endswith(".json") and os.path.isfile(candidate + ".json"):
            return candidate + ".json"
        if os.path.isdir(candidate):
            named = _package_tsconfig(candidate)
            if named is not None:
                return named
        parent = os.path.dirname(level)
        if parent == level:
            return None
        level = parent


def _package_tsconfig(folder: str) -> str | None:
    manifest = read_manifest(folder)
    named = manifest.get("tsconfig") if manifest is not None else None
    candidate = os.path.join(folder, named if isinstance(named, str) else "tsconfig.json")
    return candidate if os.path.isfile(candidate) else None


def _config_dir(value: str, config_dir: str) -> str:
    return value.replace("${configDir}", config_dir)


def _matching_pattern(patterns: list[str], specifier: str) -> str | None:
    if specifier in patterns and "*" not in specifier:
        return specifier
    best: str | None = None
    best_prefix = -1
    for pattern in patterns:
        if "*" not in pattern:
            continue
        prefix, suffix = pattern.split("*", 1)
        if len(specifier) >= len(prefix) + len(suffix) and specifier.startswith(prefix) and \
                specifier.endswith(suffix) and len(prefix) > best_prefix:
            best, best_prefix = pattern, len(prefix)
    return best


def _star_text(pattern: str, specifier: str) -> str:
    if "*" not in pattern:
        return ""
    prefix, suffix = pattern.split("*", 1)
    return specifier[len(prefix):len(specifier) - len(suffix)]


def _resolved(base: str, target: str) -> Path | None:
    return resolve_relative(Path(base) / "tsconfig.json", target if os.path.isabs(target)
                            or target.startswith(".") else "./" + target)


def _project_file(found: Path, specifier: str, shown: str) -> Alias:
    if "node_modules" in Path(os.path.realpath(found)).parts:
        return Alias(None, f"`{specifier}` resolves through {shown} to an installed package "
                           "in `node_modules`, whose source portlint does not read")
    return Alias(found, "")


def _shown(config: str, importer: Path) -> str:
    try:
        relative = os.path.relpath(config, os.path.dirname(os.path.realpath(importer)))
    except ValueError:
        relative = config
    return f"`{relative}`"
