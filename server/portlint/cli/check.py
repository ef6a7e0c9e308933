"""``portlint check``: lint files, optionally fix them, report, and exit 0, 1 or 2."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from portlint.cli.atomic import write_atomically
from portlint.cli.discover import MissingPath, candidates
from portlint.fixer import fix_all
from portlint.linter import LintResult, lint_text
from portlint.model import Severity
from portlint.report.summary import FileResult
from portlint.settings import Settings
from portlint.source.reader import format_for
from portlint.source.text import DecodedText, DecodeError, decode_bytes

EXIT_CLEAN = 0
EXIT_ERRORS = 1
EXIT_FAILURE = 2


@dataclass
class CheckOptions:
    paths: list[str]
    output_format: str = "text"
    fix: bool = False
    unsafe_fixes: bool = False
    settings: Settings | None = None
    stdin_filename: str | None = None


def _display(path: Path) -> str:
    try:
        relative = os.path.relpath(path)
    except ValueError:  # another drive on Windows
        return str(path)
    return relative if not relative.startswith("..") else str(path)


def _linter(name: str | None, settings: Settings, explicit: bool) -> Callable[[str], LintResult]:
    def lint(text: str) -> LintResult:
        return lint_text(text, name, settings, fmt=format_for(name, text), assume_schema=explicit)
    return lint


def run_check(options: CheckOptions, stdout: TextIO | None = None,
              stderr: TextIO | None = None) -> int:
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    settings = options.settings or Settings()
    results: list[FileResult] = []
    failed = False

    def complain(message: str) -> None:
        nonlocal failed
        failed = True
        print(f"portlint: {message}", file=err)

    paths = options.paths or ["."]
    if "-" in paths:
        name = options.stdin_filename or "-"
        data = sys.stdin.buffer.read()
        try:
            decoded = decode_bytes(data)
        except DecodeError as exc:
            complain(f"{name}: {exc.message}")
        else:
            result = _check_text(decoded.text, name, settings, True, options)
            if options.fix:
                out_bytes = decoded.encode(result[1])
                sys.stdout.flush()
                sys.stdout.buffer.write(out_bytes)
                sys.stdout.flush()
                out = err  # the fixed text owns stdout; the report goes to stderr
            results.append(result[0])
        paths = [p for p in paths if p != "-"]
    try:
        found = list(candidates(paths)) if paths else []
    except MissingPath as missing:
        complain(f"{missing.args[0]}: no such file or directory")
        return EXIT_FAILURE
    for candidate in found:
        shown = _display(candidate.path)
        try:
            data = candidate.path.read_bytes()
        except OSError as exc:
            complain(f"{shown}: cannot read: {exc.strerror or exc}")
            continue
        try:
            decoded = decode_bytes(data)
        except DecodeError as exc:
            complain(f"{shown}: {exc.message}")
            continue
        file_result, fixed_text, is_tool_document = _check_text_full(
            decoded.text, shown, settings, candidate.explicit, options)
        if not candidate.explicit and not is_tool_document:
            continue
        if options.fix and fixed_text != decoded.text and not _write(
                candidate.path, decoded, fixed_text, complain, shown):
            continue
        results.append(file_result)

    if options.output_format == "json":
        from portlint.report.json_report import render_json
        out.write(render_json(results))
    else:
        from portlint.report.text import render_text
        out.write(render_text(results))
    if failed:
        return EXIT_FAILURE
    has_error = any(f.severity is Severity.ERROR for r in results for f in r.findings)
    return EXIT_ERRORS if has_error else EXIT_CLEAN


def _write(path: Path, decoded: DecodedText, text: str, complain: Callable[[str], None],
           shown: str) -> bool:
    try:
        write_atomically(path, decoded.encode(text))
    except OSError as exc:
        complain(f"{shown}: cannot write the fixes: {exc.strerror or exc}")
        return False
    return True


def _check_text(text: str, name: str, settings: Settings, explicit: bool,
                options: CheckOptions) -> tuple[FileResult, str]:
    result, fixed, _ = _check_text_full(text, name, settings, explicit, options)
    return result, fixed


def _check_text_full(text: str, name: str, settings: Settings, explicit: bool,
                     options: CheckOptions) -> tuple[FileResult, str, bool]:
    lint = _linter(None if name == "-" else name, settings, explicit)
    if options.fix:
        outcome = fix_all(text, lint, unsafe=options.unsafe_fixes)
        result = outcome.result
        return (FileResult(name, outcome.text, list(result.findings), len(result.tools),
                           outcome.applied), outcome.text, result.is_tool_document)
    result = lint(text)
    return (FileResult(name, text, list(result.findings), len(result.tools)), text,
            result.is_tool_document)
