"""Whether a directory searched is an MCP server's package by its own manifest.

A search that checks nothing says "Nothing checked" and passes: a folder of other code is no
failure. But a folder whose package declares an MCP SDK or framework is a server, and finding no
tool in it means portlint did not read how it registers them — in a dependency
(mongodb-mcp-server's tools are registered by `@mongodb-js/mcp-core`, Supabase's by
`@supabase/mcp-utils`, @playwright/mcp's inside `playwright-core`), in a framework portlint does
not read (`@mastra/mcp`), or in a form it does not follow. That is an input it could not check,
said with the manifest that makes it a server (exit 2), never a pass.

The manifest looked at is the nearest one at or above the directory, within its package: a
`package.json`'s `dependencies` (not `devDependencies`: a test client is no server) naming a known
SDK or framework, or any package with "mcp" as a word of its name (the third-party frameworks of
pubmed-mcp-server and pdf-reader-mcp); or the package itself named so, with a command of its own
(`bin`): @playwright/mcp 0.0.86 depends on no MCP package at all (its SDK is a devDependency, its
server bundled in `playwright-core`) and lists 25 tools; or a `pyproject.toml`'s `[project]
dependencies`. Only the file is read; nothing is installed or run.
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

from portlint.source.reading import Contents, read_file

_NPM = ("@modelcontextprotocol/sdk", "@modelcontextprotocol/server", "fastmcp", "mcp-framework",
        "@mastra/mcp", "@mongodb-js/mcp-core", "@supabase/mcp-utils")
# any other package named as an MCP library (`@cyanheads/mcp-ts-core`, `@sylphx/mcp-server-sdk`,
# `@mongodb-js/mcp-core`): "mcp" a word of its name; frameworks come and go faster than a list
_NPM_NAMED = re.compile(r"(?:^|[@/._-])mcp(?:$|[/._-])", re.IGNORECASE)
_PYPI = re.compile(r"^\s*(mcp|fastmcp)\s*(?:\[[^\]]*\])?\s*(?:[<>=!~;@]|$)", re.IGNORECASE)
_MAX_MANIFEST_BYTES = 1 << 20


def server_dependency(directory: Path) -> str | None:
    """``depends on \\`@modelcontextprotocol/sdk\\` (in node_modules/x/package.json)``: what
    makes the package holding ``directory`` a server's — the MCP SDK or framework it depends
    on, or its own name and command — and where that is said; None when its manifest says
    neither (or there is no manifest)."""
    folder = directory.resolve()
    for candidate in (folder, *folder.parents):
        npm, python = candidate / "package.json", candidate / "pyproject.toml"
        if npm.is_file():
            return _npm(npm, directory)
        if python.is_file():
            return _python(python, directory)
        if candidate.name == "node_modules" or (candidate / ".git").exists():
            return None  # the package's boundary, or the repository's
    return None


def _text(path: Path) -> str | None:
    """The manifest's text, read as files to check are (a regular file within the limit)."""
    read = read_file(path, _MAX_MANIFEST_BYTES)
    try:
        return read.data.decode("utf-8") if isinstance(read, Contents) else None
    except UnicodeDecodeError:
        return None


def _where(manifest: Path, directory: Path) -> str:
    try:
        return str(manifest.relative_to(directory.resolve()))
    except ValueError:
        return str(manifest)


def _npm(manifest: Path, directory: Path) -> str | None:
    text = _text(manifest)
    try:
        data = json.loads(text) if text is not None else None
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    where = _where(manifest, directory)
    dependencies = data.get("dependencies")
    if isinstance(dependencies, dict):
        named = next((name for name in _NPM if name in dependencies), None) or next(
            (name for name in dependencies if isinstance(name, str) and _NPM_NAMED.search(name)),
            None)
        if named is not None:
            return f"depends on `{named}` (in {where})"
    name, command = data.get("name"), data.get("bin")
    if isinstance(name, str) and _NPM_NAMED.search(name) and command and isinstance(
            command, (str, dict)):
        return f"is `{name}`, a command named as an MCP server (in {where})"
    return None


def _python(manifest: Path, directory: Path) -> str | None:
    text = _text(manifest)
    try:
        data = tomllib.loads(text) if text is not None else None
    except (tomllib.TOMLDecodeError, ValueError):
        return None
    project = data.get("project") if isinstance(data, dict) else None
    dependencies = project.get("dependencies") if isinstance(project, dict) else None
    if not isinstance(dependencies, list):
        return None
    for requirement in dependencies:
        found = _PYPI.match(requirement) if isinstance(requirement, str) else None
        if found is not None:
            return f"depends on `{found.group(1)}` (in {_where(manifest, directory)})"
    return None


def nothing_found_in_server(dependency: str, compiled: list[str],
                            documents: bool = False) -> str:
    """Why a search of a server's package that found no tool checked none (``compiled``: the
    `dist` folders under it the search passed over, where its code may be; ``documents``: other
    documents were checked, such as a configuration's JSON Schema)."""
    ending = "no tool was checked" if documents else "nothing was checked"
    if compiled:
        folders = ", ".join(f"`{c}`" for c in compiled)
        return (f"its package {dependency}, yet no tool registration was found in "
                f"the files searched; {folders} (compiled output) was not searched: name it to "
                f"read the code there; {ending}")
    installed = "site-packages" if "pyproject.toml)" in dependency else "node_modules"
    return (f"its package {dependency}, yet no tool registration was found in its "
            "files: it may register its tools inside a dependency (name that package's folder "
            f"under {installed}), or in a form portlint does not read; {ending}")
