"""``portlint check``: lint files, optionally fix them, report, and exit 0, 1 or 2."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable
from pathlib import Path

from portlint.cli.discover import Candidate, Skipped, Unreadable, not_searched, search
from portlint.cli.parallel import OrderedChecks
from portlint.config import Config, ConfigCache, ConfigError, read_config_file
from portlint.linter import LintResult, lint_text
from portlint.model import Finding, Severity
from portlint.readers import format_by_suffix, format_for
from portlint.records import NamedTuple
from portlint.report.escape import visible
from portlint.report.notes import Note, RunNotes
from portlint.report.summary import FileResult
from portlint.run_scope import files_unchanged
from portlint.settings import Settings
from portlint.source.text import (
    DecodedText,
    DecodeError,
    EncodeRefused,
    decode_source,
    encode_fixed,
)
from portlint.tool_signs import HEAD_CHARS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TextIO

    from portlint.cli.live_check import LiveOptions  # the live mode is loaded when it runs
    from portlint.fixes.textdiff import ChangeMap

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
    verbose: bool = False  # list what a directory search skipped, and why
    jobs: int | None = None  # --jobs: worker processes (None: one per core)
    skip_unrelated: bool = False  # named files judged as a directory search judges them


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
        self._by_folder: dict[Path, Config] = {}

    def _nearest(self, path: Path) -> Config:
        """The nearest configuration file's, looked up once per folder in a run (not up the
        tree again for each of its files)."""
        if path.is_dir():
            return self.cache.for_path(path)
        found = self._by_folder.get(path.parent)
        if found is None:
            found = self._by_folder[path.parent] = self.cache.for_path(path)
        return found

    def for_path(self, path: Path) -> Config:
        config = self.fixed or self._nearest(path)
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
    lint: LintResult  # of the text the findings are about
    changes: ChangeMap | None = None  # where ``fixed`` differs from ``original``


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
        about = result if options.fix else first[0]  # the lint the findings are about
        fixed = resolved(first[0].findings, result.findings, options.unsafe_fixes)
        return _Checked(FileResult(name, shown_text, list(about.findings), len(about.tools),
                                   fixed if options.fix else 0,
                                   tools=_tool_labels(about), targets=_target_names(settings),
                                   underived=_underived(about)),
                        text, outcome.text, about, outcome.changes)
    result = lint(text)
    return _Checked(FileResult(name, text, list(result.findings), len(result.tools),
                               tools=_tool_labels(result), targets=_target_names(settings),
                               underived=_underived(result)),
                    text, text, result)


def _underived(result: LintResult) -> tuple[int, int]:
    """Tools seen whose schema could not be derived, and tool lists (a low-level handler's
    list, a bundle's tools) whose tools could not be: one unknown-schema each. A tool whose
    schemas are derived though a word of it is not (its name, a description computed at run
    time: the note's variant is ``part``) is not counted."""
    said = {(f.span, f.message) for f in result.findings if f.rule == "unknown-schema"}
    tools = lists = 0
    for problem in result.source.problems:
        if problem.rule != "unknown-schema" or problem.variant == "part" or (
                problem.span, problem.message) not in said:
            continue
        if problem.variant in ("list", "bundle"):
            lists += 1
        else:
            tools += 1
    return tools, lists


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
    notes = RunNotes()
    failed = False
    said: set[str] = set()

    def complain(message: str) -> None:
        nonlocal failed
        failed = True
        if message not in said:  # a broken configuration is met once per file under it
            said.add(message)
            print(f"portlint: {visible(message)}", file=err)

    def unreadable(shown: str, reason: str) -> None:
        notes.unreadable.append(Note(shown, reason))
        complain(f"{shown}: {reason}")

    def unreadable_live(server: str, reason: str) -> None:
        notes.unreadable.append(Note(server, reason, live=True))
        complain(f"{server}: {reason}")

    def skip(shown: str, reason: str) -> None:
        notes.skipped.append(Note(shown, reason))
        if options.verbose:
            print(f"portlint: skipped {visible(shown)}: {visible(reason)}", file=err)

    try:
        configs = _Configs(options)
    except ConfigError as error:
        complain(str(error))
        return EXIT_FAILURE

    if options.live is not None:
        from portlint.cli.live_check import live_results

        live = live_results(options.live, lambda p: _settings_for(configs.for_path(p), p,
                                                                   options), err,
                            unreadable_live)
        if live is None:
            return EXIT_FAILURE
        return _finish(options, configs, live, out, err, notes=notes, failed=failed)

    paths = options.paths or ["."]
    if "-" in paths:
        name = options.stdin_filename or "-"
        try:
            config = configs.for_path(Path(name) if name != "-" else Path.cwd() / "stdin")
        except ConfigError as error:
            complain(str(error))
            return EXIT_FAILURE
        limit = _byte_limit(config)
        data = sys.stdin.buffer.read(limit + 1)  # bounded: stdin may be endless
        if len(data) > limit:
            results.append(_too_large(name, config, None))
        else:
            try:
                decoded = decode_source(data, format_by_suffix(name) if name != "-" else None)
            except DecodeError as exc:
                unreadable(name, exc.message)
            else:
                checked = _check_text(decoded.text, name,
                                      _settings_for(config, Path(name), options), True, options)
                if options.fix:
                    try:
                        fixed = encode_fixed(decoded, data, checked.fixed)
                    except EncodeRefused as refused:  # the text goes through unchanged
                        complain(f"{name}: {refused}; the text is passed through unfixed")
                        fixed = data
                    sys.stdout.flush()
                    sys.stdout.buffer.write(fixed)
                    sys.stdout.flush()
                    out = err  # the fixed text owns stdout; the report goes to stderr
                if options.diff:
                    _collect_diff(diffs, name, checked)
                nothing = _nothing_found(checked)
                if nothing is not None:
                    unreadable(name, nothing)  # asked to check it, and nothing was checked
                else:
                    results.append(checked.result)
        paths = [p for p in paths if p != "-"]

    def included(path: Path) -> bool:
        try:
            config = configs.for_path(path)
        except ConfigError:
            return False  # said when a file under it is checked
        return bool(config.include) and config.is_included(path)

    # with --jobs, the files are checked in worker processes and reported in this order
    checks = OrderedChecks(options.jobs, _check_file,
                           _Sinks(results, diffs, unreadable, skip, complain))
    # (a run that writes no file takes each project's files as it first looks at them)
    with contextlib.nullcontext() if options.fix else files_unchanged():
        for step in search(paths, also=included):
            shown = _display(step.path)
            if isinstance(step, Skipped):
                checks.say(skip, shown, step.reason)
                continue
            if isinstance(step, Unreadable):
                checks.say(unreadable, shown, step.reason)
                continue
            # --skip-unrelated: a named file as if a directory search had found it
            candidate = step._replace(explicit=False) if options.skip_unrelated else step
            try:
                config = configs.for_path(candidate.path)
            except ConfigError as error:
                checks.say(complain, f"{error} (so {shown} was not checked)")
                continue
            if not candidate.explicit and config.is_excluded(candidate.path):
                checks.say(skip, shown, "excluded by the configuration (`exclude`)")
                continue
            checks.check(candidate, shown, config, options)
        checks.finish()
    _documents_named_as_directories(paths, results, notes, unreadable)
    if not notes.unreadable and not any(_a_server_checked(r) for r in results):
        # (a configuration's JSON Schema at the package's root is no server's tool checked)
        _servers_unread(paths, unreadable, [n.file for n in notes.skipped
                                            if n.reason == not_searched("dist")],
                        documents=bool(results))
        _made_servers_unread(notes, unreadable)

    if any(f.rule == "internal-error" for r in results for f in r.findings):
        failed = True  # a rule crashed: its findings are missing (the traceback is in the log)
    if options.diff:
        out.write("".join(diffs))
        if failed:
            return EXIT_FAILURE
        return EXIT_ERRORS if diffs and not options.exit_zero else EXIT_CLEAN
    return _finish(options, configs, results, out, err, notes=notes, failed=failed)


def _a_server_checked(result: FileResult) -> bool:
    """Whether a file checked held tools, or said something of a server (it cannot start, its
    list fails, a tool not derived)."""
    return bool(result.tool_count or result.underived or result.underived_lists or any(
        f.rule.startswith("server-") or f.rule == "unknown-schema" for f in result.findings))


def _is_directory(path: Path) -> bool:
    """Whether ``path`` is a directory; False for what cannot be looked at (a name too long for
    the file system, a folder that cannot be entered: said where it was named)."""
    try:
        return path.is_dir()
    except OSError:
        return False


def _documents_named_as_directories(paths: list[str], results: list[FileResult],
                                    notes: RunNotes,
                                    unreadable: Callable[[str, str], None]) -> None:
    """A directory named on the command line whose name says a document (`tools.json/`), in
    which nothing was checked: the file meant is not there, which is never a pass (a named
    empty file is not either). A directory named otherwise (`src/`) that holds nothing to check
    says "Nothing checked"."""
    from portlint.cli.discover import SEARCHED_SUFFIXES

    named = [path for path in paths if Path(path).suffix.lower() in SEARCHED_SUFFIXES
             and _is_directory(Path(path))]
    if not named:
        return  # the common run: no such directory, nothing to resolve
    inside = [Path(p).resolve() for p in [*(r.path for r in results),
                                          *(n.file for n in notes.unreadable)]]
    for path in named:
        root = Path(path).resolve()
        if not any(p.is_relative_to(root) for p in inside):
            unreadable(path, "a directory, though its name says a document: nothing in it was "
                       "checked")


def _made_servers_unread(notes: RunNotes, unreadable: Callable[[str, str], None]) -> None:
    """The files passed over that make an MCP server, when no file searched held a tool
    (:mod:`portlint.cli.server_made`): inputs not checked, not a pass."""
    from portlint.cli.server_made import is_skip_reason, not_checked

    if notes.unreadable:
        return  # a package's manifest already said the search checked nothing of it
    made = [n for n in notes.skipped if is_skip_reason(n.reason)]
    notes.skipped = [n for n in notes.skipped if not is_skip_reason(n.reason)]
    for note in made:
        unreadable(note.file, not_checked(note.reason))


def _servers_unread(paths: list[str], unreadable: Callable[[str, str], None],
                    compiled: list[str], *, documents: bool) -> None:
    """A directory searched that found nothing to check, whose package is an MCP server by its
    own manifest (:mod:`portlint.cli.server_manifest`): said as not checked, not passed — with
    the `dist` folders the search passed over under it (``compiled``), where its code may be."""
    from portlint.cli.server_manifest import nothing_found_in_server, server_dependency

    for path in paths:
        if _is_directory(Path(path)):
            dependency = server_dependency(Path(path))
            if dependency is not None:
                under = [c for c in compiled if Path(c).resolve().is_relative_to(
                    Path(path).resolve())]
                unreadable(_display(Path(path)),
                           nothing_found_in_server(dependency, under, documents))


def _finish(options: CheckOptions, configs: _Configs, results: list[FileResult],
            out: TextIO, err: TextIO, *, notes: RunNotes, failed: bool) -> int:
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
    out.write(_render(options.output_format, results, notes,
                      offer_fixes=options.live is None))  # --fix is refused with a server
    if failed:
        return EXIT_FAILURE
    has_error = any(f.severity is Severity.ERROR for r in results for f in r.findings)
    return EXIT_ERRORS if has_error and not options.exit_zero else EXIT_CLEAN


def _byte_limit(config: Config) -> int:
    """The most bytes a file within the character limit can have (four a character, as in
    UTF-8 and UTF-32, and a byte-order mark)."""
    return 4 * config.settings.limits.max_document_chars + 4


def _too_large(shown: str, config: Config, size: int | None) -> FileResult:
    """The report of a file too large to read: one ``document-too-large`` finding."""
    limit = config.settings.limits.max_document_chars
    what = f"{size:,} bytes long" if size is not None else "longer than that"
    finding = Finding(
        "document-too-large", Severity.ERROR,
        f"The file is {what}: more than {limit:,} characters (the limit) take in any encoding, "
        "so it was not read",
        "Split the tools over several files, or raise `max-document-chars` in the "
        "configuration.", (0, 0))
    return FileResult(shown, "", [finding])


class _Sinks(NamedTuple):
    """Where the check of one file puts what it finds."""

    results: list[FileResult]
    diffs: list[str]
    unreadable: Callable[[str, str], None]  # a path that could not be checked, and why
    skip: Callable[[str, str], None]  # a path passed over on purpose, and why
    complain: Callable[[str], None]  # anything else that went wrong


def _check_file(candidate: Candidate, shown: str, config: Config, options: CheckOptions,
                sinks: _Sinks) -> None:
    """Read, lint, fix and report one file; whatever cannot be done is said, never dropped."""
    from portlint.source.reading import Contents, Refused, TooLarge, read_file

    path = candidate.path
    wanted = candidate.explicit or config.is_included(path)
    read = read_file(path, _byte_limit(config))
    if not isinstance(read, Contents) or not wanted:
        from portlint.cli import relevance  # only where there is something to decide
    if isinstance(read, Refused):
        verdict = relevance.unreadable_verdict(path, None, read.reason, read.special)
        if wanted or verdict.report:
            sinks.unreadable(shown, read.reason)
        else:
            sinks.skip(shown, verdict.reason)
        return
    if isinstance(read, TooLarge):
        head = read.head.decode("utf-8", "replace")
        verdict = relevance.unreadable_verdict(path, head, "larger than the size limit")
        if wanted or verdict.report:
            sinks.results.append(_too_large(shown, config, read.size))
        else:
            sinks.skip(shown, verdict.reason)
        return
    try:
        decoded = decode_source(read.data, format_by_suffix(path.name))
    except DecodeError as exc:
        from portlint.cli import relevance

        verdict = relevance.unreadable_verdict(
            path, read.data[:HEAD_CHARS].decode("utf-8", "replace"),
            "not text portlint can decode")
        if wanted or verdict.report:
            sinks.unreadable(shown, exc.message)
        else:
            sinks.skip(shown, verdict.reason)
        return
    settings = _settings_for(config, path, options)
    checked = _check_text(decoded.text, shown, settings, wanted, options)
    if candidate.explicit:
        nothing = _nothing_found(checked)
        if nothing is not None:  # asked to check it, and nothing was checked: never a pass
            sinks.unreadable(shown, nothing)
            return
    if not wanted:
        verdict = relevance.verdict(path, decoded.text, checked.lint)
        if verdict.unchecked:  # it says it is a tool document, and nothing could be checked
            sinks.unreadable(shown, verdict.unchecked)
            return
        if not verdict.report:
            sinks.skip(shown, verdict.reason)
            return
    if options.fix and checked.fixed != checked.original:
        problem = _write(path, read.data, decoded, checked.fixed)
        if problem is not None:
            sinks.complain(f"{shown}: {problem}")
            # the file keeps its text: report what is in it, not what the fixes would leave
            checked = _check_text(decoded.text, shown, settings, wanted,
                                  options._replace(fix=False))
    if options.diff:
        _collect_diff(sinks.diffs, shown, checked)
    sinks.results.append(checked.result)


def _nothing_found(checked: _Checked) -> str | None:
    from portlint.cli.nothing_found import nothing_found

    return nothing_found(checked.lint, checked.result.path)


def _collect_diff(diffs: list[str], name: str, checked: _Checked) -> None:
    if checked.fixed == checked.original or checked.changes is None:
        return
    from portlint.fixes.textdiff import unified_diff  # the fixer's regions: linear

    diffs.append(unified_diff(checked.original, checked.fixed, checked.changes.regions,
                              f"a/{name}", f"b/{name}"))


def _render(output_format: str, results: list[FileResult], notes: RunNotes | None = None,
            offer_fixes: bool = True) -> str:
    if output_format == "json":
        from portlint.report.json_report import render_json

        return render_json(results, notes)
    if output_format == "sarif":
        from portlint.report.sarif import render_sarif

        return render_sarif(results, notes)
    if output_format == "matrix":
        from portlint.report.matrix import render_matrix

        return render_matrix(results)
    if output_format == "github":
        from portlint.report.github import render_github

        return render_github(results, notes)
    if output_format == "concise":
        from portlint.report.text import render_concise

        return render_concise(results, notes, offer_fixes)
    from portlint.report.text import render_text

    return render_text(results, notes, offer_fixes)


def _write(path: Path, original: bytes, decoded: DecodedText, text: str) -> str | None:
    """Write the fixed text into the file; the reason it was not written, or None."""
    from portlint.cli.atomic import WriteRefused, write_fixes

    try:
        data = encode_fixed(decoded, original, text)
    except EncodeRefused as refused:
        return f"{refused}; the fixes were not written"
    try:
        write_fixes(path, original, data)
    except WriteRefused as refused:
        if refused.backup is not None:
            return f"{refused.message}: {refused.backup}"
        return refused.message
    return None
