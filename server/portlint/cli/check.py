"""``portlint check``: lint files, optionally fix them, report, and exit 0, 1 or 2."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple, TextIO

from portlint.cli.discover import Candidate, MissingPath, candidates
from portlint.cli.live_check import LiveOptions
from portlint.config import Config, ConfigCache, ConfigError, read_config_file
from portlint.linter import LintResult, lint_text
from portlint.model import Severity
from portlint.report.summary import FileResult
from portlint.settings import Settings
from portlint.source.reader import format_for
from portlint.source.text import DecodedText, DecodeError, decode_bytes

EXIT_CLEAN = 0
EXIT_ERRORS = 1
EXIT_FAILURE = 2


class CheckOptions(NamedTuple):
    paths: list[str]
    output_format: str = "text"
    fix: bool = False
    unsafe_fixes: bool = False
    diff: bool = False
    exit_zero: bool = False
    select: frozenset[str] | None = None
    ignore: frozenset[str] = frozenset()
    config_file: str | None = None
    stdin_filename: str | None = None
    targets: tuple[str, ...] | None = None  # --target: replaces the configured targets
    live: LiveOptions | None = None  # --server / --url: a live server instead of files
    baseline: str | None = None  # --baseline FILE (else the configuration's `baseline`)
    update_baseline: bool = False


def _display(path: Path) -> str:
    try:
        relative = os.path.relpath(path)
    except ValueError:  # another drive on Windows
        return str(path)
    return relative if not relative.startswith("..") else str(path)


class _Configs:
    """The configuration of each file: ``--config`` for all, else the nearest file's."""

    def __init__(self, options: CheckOptions) -> None:
        self.options = options
        self.cache = ConfigCache()
        self.fixed: Config | None = None
        if options.config_file:
            self.fixed = read_config_file(Path(options.config_file))

    def for_path(self, path: Path) -> Config:
        config = self.fixed or self.cache.for_path(path)
        settings = config.settings
        if self.options.select is not None:
            settings = settings._replace(select=self.options.select)
        if self.options.ignore:
            settings = settings._replace(ignore=settings.ignore | self.options.ignore)
        return config._replace(settings=settings)


def _settings_for(config: Config, path: Path, options: CheckOptions) -> Settings:
    settings = config.settings_for(path)
    return settings if options.targets is None else settings._replace(targets=options.targets)


def _linter(name: str | None, settings: Settings, as_schema: bool
            ) -> Callable[[str], LintResult]:
    def lint(text: str) -> LintResult:
        return lint_text(text, name, settings, fmt=format_for(name, text), assume_schema=as_schema)
    return lint


class _Checked(NamedTuple):
    result: FileResult
    original: str
    fixed: str
    is_tool_document: bool


def _check_text(text: str, name: str, settings: Settings, as_schema: bool,
                options: CheckOptions) -> _Checked:
    lint = _linter(None if name == "-" else name, settings, as_schema)
    if options.fix or options.diff:
        from portlint.fixer import fix_all
        from portlint.report.summary import resolved

        first: list[LintResult] = []  # the lint of the text as it was (fix_all's first)

        def remembered(current: str) -> LintResult:
            linted = lint(current)
            if not first:
                first.append(linted)
            return linted

        outcome = fix_all(text, remembered, unsafe=options.unsafe_fixes)
        result = outcome.result
        shown_text = outcome.text if options.fix else text
        findings = list(result.findings) if options.fix else list(first[0].findings)
        fixed = resolved(first[0].findings, result.findings, options.unsafe_fixes)
        return _Checked(FileResult(name, shown_text, findings, len(result.tools),
                                   fixed if options.fix else 0,
                                   tools=_tool_labels(result), targets=_target_names(settings)),
                        text, outcome.text, result.is_tool_document)
    result = lint(text)
    return _Checked(FileResult(name, text, list(result.findings), len(result.tools),
                               tools=_tool_labels(result), targets=_target_names(settings),
                               underived=_underived(result)),
                    text, text, result.is_tool_document)


def _underived(result: LintResult) -> int:
    """Tools seen whose schema could not be derived (Python: one unknown-schema each)."""
    return sum(1 for f in result.findings if f.rule == "unknown-schema")


def _tool_labels(result: LintResult) -> list[str]:
    return [tool.label for tool in result.tools]


def _target_names(settings: Settings) -> tuple[str, ...]:
    from portlint import profiles

    return tuple(t.label for t in profiles.resolve(settings.targets))


def run_check(options: CheckOptions, stdout: TextIO | None = None,
              stderr: TextIO | None = None) -> int:
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    results: list[FileResult] = []
    diffs: list[str] = []
    failed = False

    def complain(message: str) -> None:
        nonlocal failed
        failed = True
        print(f"portlint: {message}", file=err)

    try:
        configs = _Configs(options)
    except ConfigError as error:
        complain(str(error))
        return EXIT_FAILURE

    if options.live is not None:
        from portlint.cli.live_check import live_results

        live = live_results(options.live, lambda p: _settings_for(configs.for_path(p), p,
                                                                   options), err)
        if live is None:
            return EXIT_FAILURE
        return _finish(options, configs, live, out, err, failed=failed)

    paths = options.paths or ["."]
    if "-" in paths:
        name = options.stdin_filename or "-"
        try:
            config = configs.for_path(Path(name) if name != "-" else Path.cwd() / "stdin")
        except ConfigError as error:
            complain(str(error))
            return EXIT_FAILURE
        data = sys.stdin.buffer.read()
        try:
            decoded = decode_bytes(data)
        except DecodeError as exc:
            complain(f"{name}: {exc.message}")
        else:
            checked = _check_text(decoded.text, name, _settings_for(config, Path(name), options),
                                  True, options)
            if options.fix:
                sys.stdout.flush()
                sys.stdout.buffer.write(decoded.encode(checked.fixed))
                sys.stdout.flush()
                out = err  # the fixed text owns stdout; the report goes to stderr
            _collect_diff(diffs, name, checked)
            results.append(checked.result)
        paths = [p for p in paths if p != "-"]

    try:
        found = _candidates(paths, configs)
    except MissingPath as missing:
        complain(f"{missing.args[0]}: no such file or directory")
        return EXIT_FAILURE
    except ConfigError as error:
        complain(str(error))
        return EXIT_FAILURE

    for candidate, config in found:
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
        included = config.is_included(candidate.path)
        checked = _check_text(decoded.text, shown, _settings_for(config, candidate.path, options),
                              candidate.explicit or included, options)
        if not (candidate.explicit or included or checked.is_tool_document
                or checked.result.underived):  # tools seen but not derived are shown
            continue
        if options.fix and checked.fixed != checked.original and not _write(
                candidate.path, decoded, checked.fixed, complain, shown):
            continue
        _collect_diff(diffs, shown, checked)
        results.append(checked.result)

    if options.diff:
        out.write("".join(diffs))
        if failed:
            return EXIT_FAILURE
        return EXIT_ERRORS if diffs and not options.exit_zero else EXIT_CLEAN
    return _finish(options, configs, results, out, err, failed=failed)


def _finish(options: CheckOptions, configs: _Configs, results: list[FileResult],
            out: TextIO, err: TextIO, *, failed: bool) -> int:
    """Baseline, report, exit status."""
    from portlint.cli.baseline_step import apply_baseline

    # the configuration's `baseline`: that of the files checked (never one above them), or of
    # the working directory for a live server
    where = Path(results[0].path) if results and options.live is None else Path.cwd() / "x"
    configured = None
    if options.baseline is None and (results or options.live is not None):
        configured = configs.for_path(where).baseline
    baselined = apply_baseline(options, configured, results, err)
    if baselined is None:
        return EXIT_FAILURE
    results = baselined
    out.write(_render(options.output_format, results))
    if failed:
        return EXIT_FAILURE
    has_error = any(f.severity is Severity.ERROR for r in results for f in r.findings)
    return EXIT_ERRORS if has_error and not options.exit_zero else EXIT_CLEAN


def _candidates(paths: list[str], configs: _Configs) -> list[tuple[Candidate, Config]]:
    def included(path: Path) -> bool:
        config = configs.for_path(path)
        return bool(config.include) and config.is_included(path)

    out: list[tuple[Candidate, Config]] = []
    for candidate in candidates(paths, also=included):
        config = configs.for_path(candidate.path)
        if not candidate.explicit and config.is_excluded(candidate.path):
            continue
        out.append((candidate, config))
    return out


def _collect_diff(diffs: list[str], name: str, checked: _Checked) -> None:
    if checked.fixed == checked.original:
        return
    import difflib

    diffs.append("".join(difflib.unified_diff(
        checked.original.splitlines(keepends=True), checked.fixed.splitlines(keepends=True),
        fromfile=f"a/{name}", tofile=f"b/{name}")))


def _render(output_format: str, results: list[FileResult]) -> str:
    if output_format == "json":
        from portlint.report.json_report import render_json

        return render_json(results)
    if output_format == "sarif":
        from portlint.report.sarif import render_sarif

        return render_sarif(results)
    if output_format == "matrix":
        from portlint.report.matrix import render_matrix

        return render_matrix(results)
    if output_format == "github":
        from portlint.report.github import render_github

        return render_github(results)
    if output_format == "concise":
        from portlint.report.text import render_concise

        return render_concise(results)
    from portlint.report.text import render_text

    return render_text(results)


def _write(path: Path, decoded: DecodedText, text: str, complain: Callable[[str], None],
           shown: str) -> bool:
    from portlint.cli.atomic import write_atomically

    try:
        write_atomically(path, decoded.encode(text))
    except OSError as exc:
        complain(f"{shown}: cannot write the fixes: {exc.strerror or exc}")
        return False
    return True
