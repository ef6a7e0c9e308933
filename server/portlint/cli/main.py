"""The ``portlint`` command: ``check``, ``serve``, ``rule``.

Only what a subcommand needs is imported: ``portlint check`` never loads the language-server
libraries.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import Any

from portlint import __version__


def _rule_list(value: str) -> frozenset[str]:
    return frozenset(part.strip() for part in value.split(",") if part.strip())


class _HelpFormatter(argparse.HelpFormatter):
    """argparse's formatter, sized the way it sizes itself — ``COLUMNS``, else the terminal,
    else 80 — without importing ``shutil`` (with its compression modules) for that on every
    run: argparse makes a formatter as soon as an argument is added."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        if width is None:
            width = _terminal_columns() - 2
        super().__init__(prog, indent_increment, max_help_position, width)


def _terminal_columns() -> int:
    try:
        return int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        pass
    stdout = sys.__stdout__
    try:
        return (os.get_terminal_size(stdout.fileno()).columns or 80) if stdout else 80
    except (AttributeError, ValueError, OSError):
        return 80


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _HelpFormatter)
        super().__init__(*args, **kwargs)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="portlint",
        description="Find the parts of LLM tool schemas that real clients refuse or rewrite.")
    parser.add_argument("--version", action="version", version=f"portlint {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    check = commands.add_parser("check", help="lint tool-schema files")
    check.add_argument("paths", nargs="*", metavar="PATH",
                       help="files or directories (default: the current directory); - for stdin")
    check.add_argument("--format", dest="output_format",
                       choices=("text", "json", "sarif", "github", "matrix"), default="text",
                       help="report format (default: text); matrix: a tool × client table")
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

    serve = commands.add_parser("serve", help="run the language server (stdio by default)")
    serve.add_argument("--stdio", action="store_true",
                       help="talk over stdin/stdout (the default; editors pass it)")
    serve.add_argument("--tcp", metavar="HOST:PORT",
                       help="listen on a TCP socket instead, for debugging (loopback only)")
    serve.add_argument("--allow-remote", action="store_true",
                       help="with --tcp, allow a non-loopback address")
    serve.add_argument("--log-file", metavar="FILE", help="also write the server log to FILE")

    schema = commands.add_parser(
        "schema", help="print the schemas a Python MCP server will advertise (without running it)")
    schema.add_argument("file", metavar="FILE.py")
    schema.add_argument("--framework", default="auto",
                        choices=("auto", "fastmcp", "fastmcp2", "fastmcp4", "mcp", "mcp1", "mcp2"),
                        help="the framework and major version (default: from the imports and the "
                             "project's pins)")
    schema.add_argument("--tool", metavar="NAME", help="only this tool")

    rule = commands.add_parser("rule", help="show a rule's documentation")
    rule.add_argument("rule_id", nargs="?", metavar="RULE", help="a rule id (default: all rules)")
    rule.add_argument("--all", action="store_true", help="every rule's documentation")
    return parser


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
    parser = build_parser()
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
        options = CheckOptions(paths=args.paths, output_format=args.output_format,
                               fix=(args.fix or args.unsafe_fixes) and not args.diff,
                               unsafe_fixes=args.unsafe_fixes, diff=args.diff,
                               exit_zero=args.exit_zero, select=args.select, ignore=args.ignore,
                               config_file=args.config, stdin_filename=args.stdin_filename,
                               targets=targets, verbose=args.verbose)
        return run_check(options)
    if args.command == "schema":
        from portlint.cli.schema import run_schema

        return run_schema(args.file, args.framework, args.tool)
    if args.command == "rule":
        from portlint.ruledocs import render_rule_docs

        text, ok = render_rule_docs(args.rule_id)
        (sys.stdout if ok else sys.stderr).write(text)
        return 0 if ok else 2
    if args.command == "serve":
        from portlint.lsp.server import serve

        return serve(args)
    parser.print_help(sys.stderr)
    return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
