"""The ``portlint`` command: ``check``, ``serve``, ``rule``, ``schema``, and the contract
commands ``snapshot``, ``diff``, ``explain``.

Only what a subcommand needs is imported: ``portlint check`` never loads the language-server
libraries, and a plain ``portlint check [OPTIONS] [PATH...]`` is read without argparse
(:mod:`portlint.cli.plain_check`).
"""

from __future__ import annotations

import atexit
import gc
import os
import sys
from collections.abc import Sequence

from portlint import __version__

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from typing import Any, NoReturn

    from portlint.cli.parsers import Subcommands
    from portlint.cli.plain_check import Declares


def _rule_list(value: str) -> frozenset[str]:
    return frozenset(part.strip() for part in value.split(",") if part.strip())


_COMMANDS = ("check", "serve", "schema", "snapshot", "diff", "explain", "rule")


def _command(argv: Sequence[str]) -> str | None:
    """The subcommand a command line runs when it starts with one (None: build them all)."""
    return argv[0] if argv and argv[0] in _COMMANDS else None


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line (``only``: the one subcommand that runs, named first on it)."""
    from portlint.cli.parsers import Parser, Subcommands

    parser = Parser(
        prog="portlint",
        description="Find the parts of LLM tool schemas that real clients refuse or rewrite.")
    parser.add_argument("--version", action="version", version=f"portlint {__version__}")
    commands = Subcommands(parser.add_subparsers(dest="command", metavar="COMMAND"), only)

    add_check_arguments(commands.add("check", help="lint tool-schema files"))

    serve = commands.add("serve", help="run the language server (stdio by default)")
    serve.add_argument("--stdio", action="store_true",
                       help="talk over stdin/stdout (the default; editors pass it)")
    serve.add_argument("--tcp", metavar="HOST:PORT", type=_tcp_address,
                       help="listen on a loopback TCP port instead, for debugging; the client "
                            "must present the token printed on stderr "
                            "(initializationOptions.token)")
    serve.add_argument("--log-file", metavar="FILE", help="also write the server log to FILE")

    schema = commands.add(
        "schema", help="print the schemas a Python or TypeScript MCP server will advertise "
                  "(without running it)")
    schema.add_argument("paths", nargs="+", metavar="PATH",
                        help="Python, TypeScript or JavaScript files, or directories searched "
                             "for them")
    schema.add_argument("--framework", default="auto", metavar="SPEC",
                        help="Python: the releases to follow instead of the project's pins: "
                             "fastmcp2, fastmcp3, fastmcp4, mcp1, mcp2, or e.g. "
                             "fastmcp==2.14.7,pydantic==2.11.10 (default: auto, from the imports "
                             "and the project's pins)")
    schema.add_argument("--tool", metavar="NAME", help="only this tool")

    _add_contract_commands(commands)

    rule = commands.add("rule", help="show a rule's documentation")
    rule.add_argument("rule_id", nargs="?", metavar="RULE", help="a rule id (default: all rules)")
    rule.add_argument("--all", action="store_true", help="every rule's documentation")
    return parser


def add_check_arguments(check: Declares) -> None:
    """The arguments of ``check``, declared to argparse's parser or to
    :class:`~portlint.cli.plain_check.Declarations` (which reads a plain check without it)."""
    check.add_argument("paths", nargs="*", metavar="PATH",
                       help="files or directories (default: the current directory); - for stdin")
    check.add_argument("--format", dest="output_format",
                       choices=("text", "concise", "json", "sarif", "github", "matrix"),
                       default="text", help="report format (default: text, a block per finding; "
                       "concise: a line per finding; matrix: a tool × client table)")
    check.add_argument("--fix", action="store_true",
                       help="apply safe (contract-preserving) fixes in place, until none is left")
    check.add_argument("--unsafe-fixes", action="store_true",
                       help="with --fix (implied), also apply fixes that change the contract")
    check.add_argument("--diff", action="store_true",
                       help="print the safe fixes as a unified diff instead of writing them "
                            "(exit 1 when there is anything to fix)")
    check.add_argument("--exit-zero", action="store_true",
                       help="exit 0 even when there are error-severity findings")
    check.add_argument("--config", metavar="FILE",
                       help="use this portlint.toml or pyproject.toml for every file")
    check.add_argument("--verbose", action="store_true",
                       help="list what a directory search skipped, and why (on stderr)")
    check.add_argument("--skip-unrelated", action="store_true",
                       help="judge named files as a directory search does: skip the ones that "
                            "hold no tool, schema or server, and apply `exclude` (for "
                            "pre-commit, which names every file of a type)")
    check.add_argument("--jobs", "-j", type=_jobs, metavar="N",
                       help="check the files in N processes (default: one per core); the "
                            "report is the same, in the same order, whatever N")
    check.add_argument("--stdin-filename", metavar="NAME",
                       help="the name of the text read from - (for its format and settings)")
    check.add_argument("--select", type=_rule_list, metavar="RULE,...",
                       help="check only these rules")
    check.add_argument("--ignore", type=_rule_list, metavar="RULE,...", default=frozenset(),
                       help="do not check these rules")
    check.add_argument("--target", dest="targets", action="append", metavar="CLIENT[@VERSION]",
                       help="a client profile to check for, replacing the configured targets "
                            "(repeat or comma-separate; 'all' for every profile; default: "
                            "mcp, claude, vscode, openai)")
    _add_live_check_arguments(check)


def _jobs(value: str) -> int:
    try:
        jobs = int(value)
    except ValueError:
        jobs = 0
    if jobs < 1:
        from portlint.cli.live_args import refused

        raise refused(f"a number of processes, 1 or more, not {value!r}")
    return jobs


def _tcp_address(value: str) -> tuple[str, int]:
    from portlint.lsp.tcp import parse_address  # only `serve --tcp` needs it

    return parse_address(value)


def _add_live_check_arguments(check: Declares) -> None:
    from portlint.cli.live_args import add_bound_arguments, add_target_arguments

    add_target_arguments(check, what=" instead of files")
    check.add_argument("--snapshot", metavar="FILE",
                       help="with --server/--url: fail when the live tool list differs from "
                            "this snapshot (written by `portlint snapshot`)")
    add_bound_arguments(check)
    check.add_argument("--baseline", metavar="FILE",
                       help="report only findings this baseline does not hold (default: the "
                            "configuration's `baseline`)")
    check.add_argument("--update-baseline", action="store_true",
                       help="write the current findings to the baseline (dropping entries "
                            "that no longer match)")


def _add_contract_commands(commands: Subcommands) -> None:
    from portlint.cli.live_args import add_bound_arguments, add_target_arguments

    snapshot = commands.add(
        "snapshot", help="write a live server's tool list as a document to lint and commit")
    add_target_arguments(snapshot)
    snapshot.add_argument("-o", "--output", metavar="FILE",
                          help="write here (default: stdout)")
    add_bound_arguments(snapshot)

    diff = commands.add(
        "diff", help="the contract changes between two tool lists (exit 1 when one breaks)")
    diff.add_argument("sides", nargs="*", metavar="OLD NEW",
                      help="the two tool lists: files in any format portlint reads")
    add_target_arguments(diff, what=" as NEW")
    add_target_arguments(diff, prefix="old-", what=" as OLD")
    diff.add_argument("--format", dest="output_format",
                      choices=("text", "json", "sarif", "github"), default="text")
    diff.add_argument("--exit-zero", action="store_true",
                      help="exit 0 even when a change is breaking")
    add_bound_arguments(diff)

    explain = commands.add(
        "explain", help="which tool, which line and which rule a client's error is about")
    explain.add_argument("error_text", metavar="'ERROR TEXT'",
                         help="the error as the client printed it ('-' reads stdin)")
    explain.add_argument("files", nargs="*", metavar="FILE",
                         help="the server's tool files or modules to find the tool in")
    add_target_arguments(explain, what=" to find the tool in")
    explain.add_argument("--format", dest="output_format", choices=("text", "json"),
                         default="text")
    add_bound_arguments(explain)


def _run_contract_command(args: argparse.Namespace) -> int:
    from portlint.cli.live_args import bounds_from

    bounds = bounds_from(args)
    if args.command == "snapshot":
        from portlint.cli.snapshot import run_snapshot

        return run_snapshot(args.server, args.url, args.output, bounds)
    if args.command == "diff":
        from portlint.cli.diff import SideSpec, run_diff

        paths = list(args.sides)
        if len(paths) > 2:
            print("portlint: diff: give OLD and NEW (two tool lists)", file=sys.stderr)
            return 2
        old_path = paths.pop(0) if paths and args.old_server is None and args.old_url is None \
            else None
        new_path = paths.pop(0) if paths else None
        if paths:
            print("portlint: diff: a side is named twice (a file and a server)",
                  file=sys.stderr)
            return 2
        return run_diff(SideSpec(old_path, args.old_server, args.old_url),
                        SideSpec(new_path, args.server, args.url), bounds,
                        output_format=args.output_format, exit_zero=args.exit_zero)
    from portlint.cli.explain import run_explain

    text = sys.stdin.read() if args.error_text == "-" else args.error_text
    return run_explain(text, args.files, server=args.server, url=args.url, bounds=bounds,
                       output_format=args.output_format)


def _live_check_options(args: argparse.Namespace) -> Any:
    """The live part of ``check``'s options, or a usage problem (str)."""
    if args.server is None and args.url is None:
        if args.snapshot is not None:
            return "--snapshot compares a live server's tool list: add --server or --url"
        return None  # files: the live mode is not loaded
    from portlint.cli.live_args import bounds_from
    from portlint.cli.live_check import LiveOptions

    if args.paths:
        return "--server/--url lint a live server: name no files beside them"
    if args.fix or args.unsafe_fixes or args.diff:
        return ("a live server's schemas are fixed in its source, not in its tool list: "
                "--fix and --diff work on files")
    return LiveOptions(args.server, args.url, args.snapshot, bounds_from(args))


def _validate_rules(ids: frozenset[str] | None, flag: str) -> str | None:
    from portlint.rules import RULES_BY_ID

    if ids is not None and not ids and flag == "--select":
        return "--select: it names no rule, so no rule would run (leave it out to run every rule)"
    if not ids:
        return None
    unknown = sorted(ids - RULES_BY_ID.keys())
    if unknown:
        known = ", ".join(sorted(RULES_BY_ID))
        return f"{flag}: unknown rule {', '.join(unknown)} (known rules: {known})"
    return None


def _targets(values: list[str] | None) -> tuple[str, ...] | str | None:
    """The --target values as a tuple, or the error message for an unknown one."""
    if not values:
        return None
    from portlint import profiles

    names = tuple(part.strip() for value in values for part in value.split(",") if part.strip())
    try:
        profiles.validate(names)
    except profiles.TargetError as error:
        return str(error)
    return names


def main(argv: Sequence[str] | None = None) -> int:
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    argv = sys.argv[1:] if argv is None else argv
    args = _plain_check(argv)
    if args is None:
        parser = build_parser(_command(argv))
        args = parser.parse_args(argv)
    if args.command == "check":
        from portlint.cli.check import CheckOptions, run_check

        for ids, flag in ((args.select, "--select"), (args.ignore, "--ignore")):
            problem = _validate_rules(ids, flag)
            if problem:
                print(f"portlint: {problem}", file=sys.stderr)
                return 2
        targets = _targets(args.targets)
        if isinstance(targets, str):
            print(f"portlint: --target: {targets}", file=sys.stderr)
            return 2
        if args.diff and args.fix:
            print("portlint: --diff shows the fixes without writing them; it cannot be "
                  "combined with --fix", file=sys.stderr)
            return 2
        live = _live_check_options(args)
        if isinstance(live, str):
            print(f"portlint: {live}", file=sys.stderr)
            return 2
        options = CheckOptions(paths=args.paths, output_format=args.output_format,
                               fix=(args.fix or args.unsafe_fixes) and not args.diff,
                               unsafe_fixes=args.unsafe_fixes, diff=args.diff,
                               exit_zero=args.exit_zero, select=args.select, ignore=args.ignore,
                               config_file=args.config, stdin_filename=args.stdin_filename,
                               targets=targets, live=live, baseline=args.baseline,
                               update_baseline=args.update_baseline, verbose=args.verbose,
                               jobs=args.jobs, skip_unrelated=args.skip_unrelated)
        return run_check(options)
    if args.command == "schema":
        from portlint.cli.schema import run_schema

        return run_schema(args.paths, args.framework, args.tool)
    if args.command == "rule":
        from portlint.ruledocs import render_rule_docs

        text, ok = render_rule_docs(args.rule_id)
        (sys.stdout if ok else sys.stderr).write(text)
        return 0 if ok else 2
    if args.command in ("snapshot", "diff", "explain"):
        return _run_contract_command(args)
    if args.command == "serve":
        from portlint.lsp.server import serve

        return serve(args)
    build_parser().print_help(sys.stderr)
    return 2


def _plain_check(argv: Sequence[str]) -> Any:
    """The arguments of a plain ``portlint check`` (:mod:`portlint.cli.plain_check`), or None:
    argparse reads the words."""
    if _command(argv) != "check":
        return None
    from portlint.cli.plain_check import Declarations, read

    declared = Declarations()
    add_check_arguments(declared)
    return read(declared, argv[1:])


def run() -> NoReturn:
    """The ``portlint`` program (the console script, ``python -m portlint``): :func:`main` as
    a process, with two costs of the interpreter's own left out.

    * Start-up makes some hundred thousand objects (the modules, their classes and tables) and
      no garbage; the collector's passes over them while they are imported and on every later
      collection find nothing. So the command's modules are imported with the collector paused,
      then frozen out of its view (``gc.freeze``), and the collector resumes.
    * At the end, the interpreter's teardown (clearing every module, collecting the heap one last
      time) is about a tenth of a small check. Once the report is flushed, the process ends with
      main's status straight away — unless something registered work for that teardown (an
      ``atexit`` handler: the process pool of ``--jobs``, a profiler), a thread is still
      running, or the flush failed (the interpreter then reports it as it always has).
    """
    argv = sys.argv[1:]
    gc.disable()
    try:
        if _command(argv) == "check":
            import portlint.cli.check  # noqa: F401  (what a check runs: loaded here, paused)
    finally:
        gc.freeze()
        gc.enable()
    status = main(argv)
    if atexit._ncallbacks() or _threads_running():
        sys.exit(status)
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BaseException:
        sys.exit(status)
    os._exit(status)


def _threads_running() -> bool:
    threading = sys.modules.get("threading")
    return threading is not None and threading.active_count() > 1


if __name__ == "__main__":  # pragma: no cover
    run()
