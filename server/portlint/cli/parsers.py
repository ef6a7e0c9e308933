"""argparse's parser as the ``portlint`` command line uses it: sized without ``shutil``, and able
to make only the subcommand that runs (:class:`Subcommands`).

Kept apart from :mod:`portlint.cli.main` so that a plain ``portlint check FILE``, whose words
:mod:`portlint.cli.plain_check` reads, never imports argparse (with ``gettext`` and ``locale``,
which its messages look up) at all.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any


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


class Parser(argparse.ArgumentParser):
    """argparse's parser with portlint's formatter. One made ``declared_only`` takes the
    options of the subcommands that do not run, and drops them (see :class:`Subcommands`)."""

    def __init__(self, *args: Any, declared_only: bool = False, **kwargs: Any) -> None:
        self._declared_only = declared_only  # before argparse adds -h
        kwargs.setdefault("formatter_class", _HelpFormatter)
        super().__init__(*args, **kwargs)

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        if self._declared_only:
            return _NOT_DECLARED
        return super().add_argument(*args, **kwargs)


_NOT_DECLARED = argparse.Action(option_strings=[], dest=argparse.SUPPRESS)


class Subcommands:
    """The subcommands of the command line. With ``only`` — the subcommand named first on it —
    the others are not made: the top-level parser just hands the remaining words to that one
    (their help, usage and errors are its own), and each parser made costs argparse's message
    catalogue look-ups, a few milliseconds of every small check otherwise."""

    def __init__(self, commands: Any, only: str | None) -> None:
        self.commands = commands
        self.only = only
        self._unused: Parser | None = None

    def add(self, name: str, **kwargs: Any) -> argparse.ArgumentParser:
        if self.only is None or name == self.only:
            parser: argparse.ArgumentParser = self.commands.add_parser(name, **kwargs)
            return parser
        if self._unused is None:
            self._unused = Parser(add_help=False, declared_only=True)
        return self._unused
