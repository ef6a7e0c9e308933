"""Registrations under an `if` the module's constants decide (portlint/python/conditions.py):
a branch surely not taken registers nothing (oracle project `f4-constant-conditions`, fastmcp
4.2.3); a condition known only at run time keeps the registration, derived and linted."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from portlint.python.conditions import truth
from portlint.python.constants import ModuleConstants
from tests.python.project_files import registered, write_project

_CONSTANTS = 'OFF = False\nON = True\nMODE = "prod"\nLIMIT = 3\nNOTHING = None\n'


@pytest.mark.parametrize(("test", "expected"), [
    ("OFF", False), ("ON", True), ("not OFF", True), ("NOTHING", False), ("LIMIT", True),
    ('MODE == "dev"', False), ('MODE != "dev"', True), ("LIMIT > 2", True),
    ("NOTHING is None", True), ("OFF or ON", True), ("ON and OFF", False),
    # one operand settles `and`/`or` whatever the others are
    ('ON or os.getenv("X")', True), ('os.getenv("X") and OFF', False),
    # known at run time only
    ('os.getenv("X")', None), ('ON and os.getenv("X")', None), ("__name__ == '__main__'", None),
    ("settings.DEBUG", None), ('MODE is "prod"', None), ('MODE < 1', None), ("UNBOUND", None),
])
def test_what_a_condition_of_constants_surely_is(test: str, expected: bool | None) -> None:
    tree = ast.parse(_CONSTANTS + f"x = {test}\n")
    assignment = tree.body[-1]
    assert isinstance(assignment, ast.Assign)
    assert truth(assignment.value, ModuleConstants(tree)) is expected


_SERVER = '''import os

from fastmcp import FastMCP

{constants}
mcp = FastMCP("x")


@mcp.tool
def always(a: int) -> int:
    return a


if {test}:
    @mcp.tool
    def taken(a: int) -> int:
        return a
else:
    @mcp.tool
    def not_taken(a: int) -> int:
        return a
'''


@pytest.mark.parametrize(("constants", "test", "names"), [
    ("WRITES = False\n", "WRITES", ["always", "not_taken"]),
    ("WRITES = True\n", "WRITES", ["always", "taken"]),
    # an environment variable: either branch may run, both are derived
    ("", 'os.getenv("WRITES")', ["always", "taken", "not_taken"]),
    # bound twice: no constant
    ("WRITES = False\nWRITES = True\n", "WRITES", ["always", "taken", "not_taken"]),
])
def test_a_branch_surely_not_taken_registers_nothing(
        tmp_path: Path, constants: str, test: str, names: list[str]) -> None:
    write_project(tmp_path, {"server.py": _SERVER.format(constants=constants, test=test)},
                  "fastmcp==4.2.3\n")
    assert [name for name, _ in registered(tmp_path / "server.py")] == names


def test_a_constant_imported_from_the_project_decides_too(tmp_path: Path) -> None:
    write_project(tmp_path, {
        "settings.py": "WRITES = False\n",
        "server.py": _SERVER.format(constants="from settings import WRITES\n", test="WRITES"),
    }, "fastmcp==4.2.3\n")
    assert [name for name, _ in registered(tmp_path / "server.py")] == ["always", "not_taken"]
