"""A module's helper that registers the function it is given (`def _register_tool(name, fn):
mcp.tool(name=name)(fn)`) registers what each of the module's calls passes, with the helper's
other parameters read as that call's arguments; a wrapper handing the function back with
`functools.wraps` (`paginating(name, fn)`) is seen through. The oracle projects
`*-helper-registration` check both against the real frameworks."""

from __future__ import annotations

from pathlib import Path

import pytest

from portlint.linter import lint_text
from portlint.python.analysis import analyze
from portlint.settings import Settings
from tests.python.project_files import registered, write_project

_SERVER = '''from functools import wraps

from mcp.server.fastmcp import FastMCP

mcp = FastMCP("x")


def paginating(tool_name, fn):
    @wraps(fn)
    async def wrapper(*args, **kwargs):
        return await fn(*args, **kwargs)

    return wrapper


def _register_tool(name, fn, description=None):
    mcp.tool(name=name, description=description)(paginating(name, fn))


async def list_runs(limit: int = 10) -> str:
    """List runs."""
    return ""


async def get_run(run_id: str) -> str:
    """Get a run."""
    return run_id


_register_tool("ListRuns", list_runs)
_register_tool("GetRun", get_run, description="Gets one run.")
'''


def _tools(tmp_path: Path, text: str) -> list[tuple[str | None, list[str] | str]]:
    root = write_project(tmp_path, {"server.py": text})
    return registered(root / "server.py")


def test_each_call_of_the_helper_registers_what_it_passes(tmp_path: Path) -> None:
    assert _tools(tmp_path, _SERVER) == [("ListRuns", ["limit"]), ("GetRun", ["run_id"])]


@pytest.mark.parametrize(("change", "tools"), [
    # called nowhere
    (lambda t: t.split("\n\n_register_tool(")[0] + "\n",
     [(None, "`fn` is a parameter of `_register_tool`, which this module calls nowhere")]),
    # a call giving `*args`
    (lambda t: t.replace('_register_tool("ListRuns", list_runs)',
                         'ARGS = ("ListRuns", list_runs)\n_register_tool(*ARGS)'),
     [(None, "`_register_tool(...)` is given `*args`/`**kwargs`"), ("GetRun", ["run_id"])]),
    # what a function of its own calls `get_run`
    (lambda t: t.replace('_register_tool("GetRun", get_run, description="Gets one run.")',
                         'def setup(get_run):\n    _register_tool("GetRun", get_run)'),
     [("ListRuns", ["limit"]),
      ("GetRun", "`_register_tool(...)` gives `fn` what portlint cannot follow")]),
    # a wrapper that hands back something else than the function it wraps: the registration
    # in the helper is reported, once
    (lambda t: t.replace("    return wrapper\n", "    return wrapper if fn else None\n"),
     [(None, "`paginating(name, fn)` is not a function portlint can find")]),
    # the helper bound twice
    (lambda t: t + "\n_register_tool = print\n",
     [(None, "`fn` is a parameter of `_register_tool`, which is bound more than once")]),
])
def test_what_cannot_be_followed_is_reported(tmp_path: Path, change: object,
                                             tools: list[tuple[str | None, object]]) -> None:
    assert callable(change)
    assert _tools(tmp_path, change(_SERVER)) == tools


def test_what_is_said_of_a_tool_names_the_call_s_tool() -> None:
    text = _SERVER.replace("async def get_run(run_id: str)",
                           "async def get_run(run_id: str = str(len('x')))")
    result = lint_text(text, "server.py", Settings())
    assert [(f.rule, f.severity.value, text[f.span[0]:f.span[1]], f.message)
            for f in result.findings] == [
        ("unknown-schema", "information", "str(len('x'))",
         "The schema of tool `GetRun` cannot be derived without running code: a default value "
         "computed at run time.")]


def test_two_calls_naming_one_tool_are_one_server_s_registrations() -> None:
    text = _SERVER.replace('_register_tool("GetRun", get_run, description="Gets one run.")',
                           '_register_tool("ListRuns", get_run)')
    result = lint_text(text, "server.py", Settings())
    second = text.index('_register_tool("ListRuns", get_run)')
    assert [(f.rule, f.severity.value, f.span[0], f.message) for f in result.findings] == [
        ("tool-shadowed", "warning", second,
         "The tool `ListRuns` registered here is not listed: the MCP SDK keeps the first "
         "registration of that name (line 30) and ignores this one, saying so only in its "
         "log.")]


_DECORATOR = '''import functools

from mcp.server.fastmcp import FastMCP

mcp = FastMCP("x")


def registered(fn, title="Registered"):
    mcp.tool(title=title)(fn)
    return fn


def logged(fn):
    return fn


@registered
def status(verbose: bool = False) -> str:
    """Status."""
    return "ok"


@registered
@logged
def wrapped(x: int) -> int:
    return x


@registered
@functools.lru_cache
def cached(x: int) -> int:
    return x
'''


def test_a_helper_used_as_a_decorator_registers_what_it_decorates(tmp_path: Path) -> None:
    root = write_project(tmp_path, {"server.py": _DECORATOR})
    path = root / "server.py"
    tools = analyze(path.read_text(encoding="utf-8"), path).tools
    assert [(t.name if t.resolved_name else None, t.title,
             t.unknown[0].reason if t.unknown else None) for t in tools] == [
        ("status", "Registered", None),
        # what the decorators below it make of the function: `logged` hands it back
        ("wrapped", "Registered", None),
        (None, None, "`cached` is decorated with `@functools.lru_cache`: `functools.lru_cache` "
                     "is not a function of the project portlint can read, and the framework "
                     "lists whatever it hands back")]


def test_a_decorator_whose_first_parameter_is_not_the_function_is_reported(
        tmp_path: Path) -> None:
    text = _DECORATOR.replace("def registered(fn, title=\"Registered\"):",
                              "def registered(title, fn=None):")
    root = write_project(tmp_path, {"server.py": text})
    assert registered(root / "server.py") == [
        (None, "`@registered` gives its first parameter, not `fn`, the function")] * 3
