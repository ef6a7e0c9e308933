"""A plain ``portlint check`` is read without argparse (cli/plain_check.py): the arguments it
gives are argparse's own, and whatever it does not read is left to argparse."""

from __future__ import annotations

import argparse
from typing import Any

import pytest

from portlint.cli.main import _plain_check, build_parser


def by_argparse(words: list[str]) -> dict[str, Any] | str:
    try:
        return vars(build_parser().parse_args(words))
    except SystemExit as exit_:
        return f"exit {exit_.code}"


READ = [
    ["check"],
    ["check", "tools.json"],
    ["check", "a.json", "b.yaml", "folder"],
    ["check", "--format", "json", "tools.json"],
    ["check", "tools.json", "--format", "sarif"],
    ["check", "--fix", "--unsafe-fixes", "a.json", "--exit-zero"],
    ["check", "--diff", "--verbose", "--jobs", "3", "x"],
    ["check", "-j", "2", "--select", "type-union,open-map", "--ignore", " tool-name ,", "x"],
    ["check", "--select", "", "x"],
    ["check", "--target", "mcp", "--target", "claude@2.1.332,openai", "x"],
    ["check", "--config", "p.toml", "--stdin-filename", "t.json", "--baseline", "b.json", "x"],
    ["check", "--update-baseline", "--format", "text", "--format", "concise", ""],
    ["check", "--server", "python s.py", "--snapshot", "snap.json"],
    ["check", "--url", "http://h/mcp", "--startup-timeout", "2.5", "--request-timeout", "1",
     "--max-pages", "7"],
    ["check", "--format", "matrix", "has space.json", "naïve.json"],
]

LEFT_TO_ARGPARSE = [
    ["check", "-"],
    ["check", "--", "-odd.json"],
    ["check", "a.json", "--fix", "b.json"],  # paths on both sides of an option: argparse refuses
    ["check", "--form", "json", "x"],  # abbreviated
    ["check", "--format=json", "x"],
    ["check", "--format", "xml", "x"],  # not a choice
    ["check", "--format"],
    ["check", "--jobs", "0", "x"],
    ["check", "--jobs", "-1", "x"],
    ["check", "-j2", "x"],
    ["check", "--max-pages", "many"],
    ["check", "--startup-timeout", "-3"],
    ["check", "-h"],
    ["check", "--help"],
    ["check", "--no-such-option", "x"],
    ["check", "--config", "--fix", "x"],
    ["check", "-x.json"],
    ["--version"],
    ["serve", "--stdio"],
    ["rule"],
    [],
]


@pytest.mark.parametrize("words", READ, ids=" ".join)
def test_a_plain_check_is_read_as_argparse_reads_it(words: list[str]) -> None:
    plain = _plain_check(words)
    assert plain is not None
    assert vars(plain) == by_argparse(words)


@pytest.mark.parametrize("words", LEFT_TO_ARGPARSE, ids=" ".join)
def test_anything_else_is_left_to_argparse(words: list[str]) -> None:
    assert _plain_check(words) is None


def test_the_declarations_of_check_are_all_read() -> None:
    """Every argument ``check`` declares is of a kind the plain reading knows (were one not,
    every check would quietly go back to argparse)."""
    from portlint.cli.main import add_check_arguments
    from portlint.cli.plain_check import Declarations

    declared = Declarations()
    add_check_arguments(declared)
    assert declared.readable
    parser = argparse.ArgumentParser()
    add_check_arguments(parser)
    dests = {a.dest for a in parser._actions if a.dest != "help"}
    assert set(declared.defaults) == dests
