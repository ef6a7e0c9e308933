"""``portlint schema PATH...``: what a Python or TypeScript MCP server will advertise, without
running it.

Files and directories (searched for ``*.py`` and the TypeScript/JavaScript suffixes, skipping
``node_modules``; TypeScript's compiled ``dist`` too, unless named). The document lists every
tool found, as the framework would send it in tools/list (``name``, ``title``, ``description``,
``inputSchema``, ``outputSchema``), in the order found; a tool portlint could not derive carries
``unknown`` with the reason instead of schemas. ``assumed`` says which fastmcp/mcp and Pydantic
releases the schemas follow and why (the project's pins, or ``--framework``); where those releases
cannot be imported together, ``cannot_start`` lists why for each file (and stderr says it): the
tools are what the server would list once its pins are mended. A tool the code registers and
the server does not list (hidden or removed on a fastmcp server; registered in a TypeScript module
or function the server its package starts never runs) is named in ``not_listed`` with its file
and why. A tools/list handler whose tools
cannot be derived (made at run time, or in another module) is listed in ``not_derived`` with
its file, line and reason (and stderr says it). Where no tool (and
no model) is found, the empty document is printed, stderr says what was read and what was not
searched, and the exit status is 2: an empty list is never a success."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any, TextIO

from portlint.cli.discover import shipped_compiled, test_module
from portlint.python.analysis import Analysis, analyze
from portlint.python.environment import Assumed, OverrideError, parse_override
from portlint.readers import format_by_suffix
from portlint.run_scope import files_unchanged
from portlint.source.text import UnreadableFile, read_text_file

_SKIPPED = frozenset(("node_modules", "__pycache__", "site-packages"))


def _server_files(path: Path, compiled: list[Path] | None = None) -> list[Path]:
    """The files of ``path`` read: itself, or a directory's Python and TypeScript files (the
    TypeScript files under a ``dist`` folder are added to ``compiled`` instead)."""
    if not path.is_dir():
        return [path]
    found: list[Path] = []
    published: dict[Path, bool] = {}  # each package holding a `dist`: as published or not
    for directory, subdirs, files in os.walk(path):
        here = Path(directory)
        subdirs[:] = sorted(d for d in subdirs if not d.startswith(".") and d not in _SKIPPED
                            and not (here / d / "pyvenv.cfg").exists())
        parts = here.relative_to(path).parts  # tsc's output of the sources read, unless the
        # package is as published: its `dist` is what there is (cli/discover.shipped_compiled)
        in_dist = False
        if "dist" in parts:
            package = path.joinpath(*parts[:parts.index("dist")])
            if package not in published:
                published[package] = shipped_compiled(package)
            in_dist = not published[package]
        for name in sorted(files):
            fmt = format_by_suffix(name)
            if test_module(here / name, path):  # a test's tools, not the server's
                continue
            if fmt == "typescript" and in_dist:
                if compiled is not None:
                    compiled.append(here / name)
            elif (fmt == "python" and name.endswith(".py")) or fmt == "typescript":
                found.append(here / name)
    return found


def _nothing_found(paths: list[Path]) -> str:
    """Why a `schema` run printed no tool: what was read, and what was not searched."""
    compiled: list[Path] = []
    files = [f for path in paths for f in _server_files(path, compiled)]
    named = ", ".join(map(str, paths))
    if len(paths) == 1 and not paths[0].is_dir():
        return (f"{named}: no tool found in it: portlint recognises no MCP tool registration "
                "in this file (a module that only imports the one registering them lists "
                "none itself: name that one)")
    said = (f"{named}: no tool found in the {len(files)} Python and TypeScript "
            f"file{'s' if len(files) != 1 else ''} searched")
    if compiled:
        said += (f"; {len(compiled)} under `dist` {'were' if len(compiled) != 1 else 'was'} "
                 "not searched (compiled output: name the folder or a file in it to read it)")
    return said


def tool_entry(declared: Any) -> dict[str, Any]:
    """One tool as `portlint schema` prints it (the tools/list fields, in the wire's names)."""
    entry: dict[str, Any] = {"name": declared.name}
    if not declared.resolved_name:  # the code of the registration, for a name not read
        entry = {"name": None, "registration": declared.name}
    if declared.title is not None:
        entry["title"] = declared.title
    if declared.description is not None:
        entry["description"] = declared.description
    unread = [u.reason for u in declared.unknown] + list(declared.left_out)
    if unread:
        entry["unknown"] = "; ".join(unread)
    if declared.input_schema is not None:
        entry["inputSchema"] = declared.input_schema
    if declared.output_schema is not None:
        entry["outputSchema"] = declared.output_schema
    return entry


def schema_document(paths: list[Path], override: dict[str, Assumed] | None = None,
                    err: TextIO | None = None) -> tuple[dict[str, Any], bool]:
    """The document for ``paths``, and whether every file could be read."""
    tools: list[dict[str, Any]] = []
    models: dict[str, Any] = {}
    assumed: dict[str, Any] = {}
    frameworks: list[str] = []
    cannot_start: list[dict[str, str]] = []
    not_listed: list[dict[str, str]] = []  # tools registered that the server does not list
    not_derived: list[dict[str, Any]] = []  # tool lists whose tools cannot be derived
    ok = True
    err = err or sys.stderr
    for path in paths:
        for file in _server_files(path):
            fmt = format_by_suffix(file.name)
            if fmt in ("json", "yaml"):  # a document of schemas: nothing to derive
                print(f"portlint: {file}: a {fmt.upper()} document, not code: `portlint "
                      "schema` derives what Python and TypeScript servers list; `portlint "
                      "check` reads this file", file=err)
                ok = False
                continue
            if fmt == "typescript":
                from portlint.typescript.schema_command import typescript_tools

                read = typescript_tools(file, err)
                if read is None:
                    ok = False
                    continue
                tools.extend(read.tools)
                not_listed.extend(read.not_listed)
                if read.framework is not None:
                    if read.framework not in frameworks:
                        frameworks.append(read.framework)
                    assumed.update(read.assumed)
                continue
            analysis = _analyze(file, override, err)
            if analysis is None:
                ok = False
                continue
            tools.extend(tool_entry(t) for t in analysis.tools)
            models.update({name: ({"unknown": value.reason} if isinstance(value, Exception)
                                  else value) for name, value in analysis.models.items()})
            if analysis.environment is not None:
                if analysis.framework not in frameworks:
                    frameworks.append(analysis.framework or "")
                assumed.update(analysis.environment.describe())
            not_listed.extend({"file": str(file), "tool": name, "reason": why}
                              for name, why in analysis.unlisted)
            for note in analysis.unknown:
                if note.variant == "list":  # a tools/list handler whose tools are not read
                    line = analysis.positions.lines.position(note.span[0])[0] + 1
                    print(f"portlint: {file}:{line}: {note.message}", file=err)
                    not_derived.append({"file": str(file), "line": line,
                                        "reason": note.message})
            for note in analysis.start_fails:
                print(f"portlint: {file}: {note.message}", file=err)
                cannot_start.append({"file": str(file), "reason": note.message})
    document: dict[str, Any] = {"tools": tools, "models": models}
    if frameworks:
        document["framework"] = frameworks[0] if len(frameworks) == 1 else frameworks
        document["assumed"] = assumed
    if cannot_start:
        document["cannot_start"] = cannot_start
    if not_listed:
        document["not_listed"] = not_listed
    if not_derived:
        document["not_derived"] = not_derived
    return document, ok


def _analyze(file: Path, override: dict[str, Assumed] | None,
             err: TextIO | None) -> Analysis | None:
    err = err or sys.stderr
    try:
        text = read_text_file(file, "python" if file.suffix in (".py", ".pyi") else None)
    except UnreadableFile as unreadable:
        print(f"portlint: {file}: {unreadable.message}", file=err)
        return None
    try:
        analysis = analyze(text, file, override, with_models=True)
    except Exception as error:  # a bug of portlint's: said on this file, never a traceback
        import logging

        logging.getLogger("portlint").debug("the Python analysis failed on %s", file,
                                            exc_info=True)
        print(f"portlint: {file}: portlint's Python analysis failed on this file "
              f"({type(error).__name__}: {str(error)[:120]}); its tools are not listed",
              file=err)
        return None
    if analysis.syntax_error is not None:
        print(f"portlint: {file}: {analysis.syntax_error[1]}", file=err)
        return None
    return analysis


def run_schema(paths: list[str] | str, framework: str = "auto", tool: str | None = None,
               out: TextIO | None = None, err: TextIO | None = None) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        override = parse_override(framework)
    except OverrideError as error:
        print(f"portlint: --framework: {error}", file=err)
        return 2
    chosen = [Path(p) for p in ([paths] if isinstance(paths, str) else paths)]
    for path in chosen:
        if not path.exists():
            print(f"portlint: {path}: no such file or directory", file=err)
            return 2
    with files_unchanged():  # (a run that writes nothing)
        document, ok = schema_document(chosen, override or None, err)
    if tool is not None:
        document["tools"] = [t for t in document["tools"] if t["name"] == tool]
        document["models"] = {}
        if not document["tools"]:
            print(f"portlint: {', '.join(map(str, chosen))}: no tool named {tool!r}", file=err)
            return 2
    out.write(json.dumps(document, indent=2, ensure_ascii=False) + "\n")
    if ok and not document["tools"] and not document["models"] and \
            not document.get("not_listed"):
        if not document.get("not_derived"):
            print(f"portlint: {_nothing_found(chosen)}", file=err)  # never an empty success
        return 2  # (a tool list found and not derived: said above, and no success either)
    return 0 if ok else 2
