"""Decorators of the server's own between the registration and the tool function: what the
framework is handed is what portlint derives (held to the frameworks by the oracle projects
`*-wrapped-tools` and `*-bare-wrapper`); a decorator handing back a function of its own is
`tool-wrapped` at the decorator; one portlint cannot read leaves the tool `unknown-schema` with
the reason, never derived as if it were not there."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portlint.cli.main import main
from portlint.linter import lint_text
from portlint.model import Severity
from portlint.settings import Settings

HEAD = '''import functools
from functools import wraps

from mcp.server.fastmcp import FastMCP

mcp = FastMCP("m")
'''

KEEPING = '''

def handle_errors(func):
    name = func.__name__

    @functools.wraps(func)
    async def wrapper(*args, **kwargs):
        try:
            return await func(*args, **kwargs)
        except Exception as error:
            return f"{name}: {error}"

    return wrapper


def retried(times=3):
    def decorate(func):
        @wraps(func)
        def again(*args, **kwargs):
            return func(*args, **kwargs)

        return again

    return decorate


def registered(func):
    return func


def guarded(func):
    @handle_errors
    @wraps(func)
    async def inner(*args, **kwargs):
        return await func(*args, **kwargs)

    return inner


def chosen(name):
    def decorate(func):
        @wraps(func)
        def run(*args, **kwargs):
            return func(*args, **kwargs)

        @wraps(func)
        async def run_async(*args, **kwargs):
            return await func(*args, **kwargs)

        return run_async if name.startswith("a") else run

    return decorate
'''

TOOLS = '''

@mcp.tool()
{0}async def search(query: str, limit: int = 10) -> str:
    """Search the index."""
    return query


@mcp.tool(name="fetch_page")
{1}def fetch(url: str, timeout: float = 5.0) -> list[str]:
    """Fetch a page."""
    return [url]
'''


def _write(tmp_path: Path, text: str, files: dict[str, str] | None = None) -> Path:
    (tmp_path / "requirements.txt").write_text("mcp==1.30.0\n", encoding="utf-8")
    for name, content in (files or {}).items():
        (tmp_path / name).write_text(content, encoding="utf-8")
    path = tmp_path / "server.py"
    path.write_text(text, encoding="utf-8")
    return path


def _schema(path: Path, capsys: pytest.CaptureFixture[str]) -> list[dict[str, object]]:
    main(["schema", str(path)])
    tools: list[dict[str, object]] = json.loads(capsys.readouterr().out)["tools"]
    return tools


def _findings(path: Path) -> list[tuple[str, Severity, str, str]]:
    """Each finding as (rule, severity, line:text it covers, message)."""
    text = path.read_text(encoding="utf-8")
    return [(f.rule, f.severity, f"{text.count(chr(10), 0, f.span[0]) + 1}:"
             f"{text[f.span[0]:f.span[1]]}", f.message)
            for f in lint_text(text, str(path), Settings()).findings]


@pytest.mark.parametrize("decorators", [
    ("@handle_errors\n", "@retried(times=2)\n"),
    ("@registered\n@handle_errors\n", "@registered\n"),
    ("@guarded\n", "@retried()\n@registered\n"),
    # blender-mcp's `@trajectory_tool(...)`: `return async_wrapper if is_async else ...`
    ('@chosen("a")\n', '@chosen("b")\n'),
], ids=["wraps-and-factory", "identity-over-wraps", "decorated-wrapper", "conditional"])
def test_decorators_keeping_the_function_derive_the_tool_as_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], decorators: tuple[str, str]) -> None:
    bare = _schema(_write(tmp_path, HEAD + KEEPING + TOOLS.format("", "")), capsys)
    decorated = _write(tmp_path, HEAD + KEEPING + TOOLS.format(*decorators))
    assert _schema(decorated, capsys) == bare
    assert [t["name"] for t in bare] == ["search", "fetch_page"]
    assert _findings(decorated) == []


def test_a_decorator_of_another_module_is_read_there(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    helpers = "import functools\nfrom functools import wraps\n" + KEEPING
    server = HEAD + "import helpers\nfrom helpers import retried\n" + TOOLS.format(
        "@helpers.handle_errors\n", "@retried(times=2)\n")
    bare = _schema(_write(tmp_path, HEAD + TOOLS.format("", "")), capsys)
    assert _schema(_write(tmp_path, server, {"helpers.py": helpers}), capsys) == bare


BARE = HEAD + '''

def logged(func):
    async def wrapper(*args, **kwargs):
        return await func(*args, **kwargs)

    return wrapper


@mcp.tool()
@logged
async def search(query: str) -> str:
    """Search."""
    return query


@mcp.tool(name="lookup", description="Look it up.")
@logged
async def find(key: str) -> str:
    return key
'''


def test_a_wrapper_without_wraps_is_what_is_listed_and_is_said_at_the_decorator(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, BARE)
    assert [(t["name"], t.get("description"), list(t["inputSchema"]["properties"]))  # type: ignore[index, call-overload]
            for t in _schema(path, capsys)] == [
        ("wrapper", "", ["args", "kwargs"]), ("lookup", "Look it up.", ["args", "kwargs"])]
    wrapped = [f for f in _findings(path) if f[0] == "tool-wrapped"]
    assert wrapped == [
        ("tool-wrapped", Severity.WARNING, "17:logged", (
            "`@logged` hands the framework `wrapper`, a function of its own, instead of "
            "`search`: mcp and fastmcp read the tool as `wrapper`, without a description and "
            "with `wrapper`'s parameters (`*args, **kwargs`).")),
        # the name and the description the registration gives are the tool's all the same
        ("tool-wrapped", Severity.WARNING, "24:logged", (
            "`@logged` hands the framework `wrapper`, a function of its own, instead of "
            "`find`: mcp and fastmcp read the tool with `wrapper`'s parameters "
            "(`*args, **kwargs`).")),
    ]


def test_a_function_of_another_module_registered_by_name_is_said_at_the_registration(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tools = '''def logged(func):
    def call(text: str) -> str:
        """Call it."""
        return func(text)

    return call


@logged
def shout(words: str) -> str:
    return words.upper()
'''
    path = _write(tmp_path, HEAD + "from tools import shout\n\nmcp.tool()(shout)\n",
                  {"tools.py": tools})
    assert [(t["name"], t["description"]) for t in _schema(path, capsys)] == [
        ("call", "Call it.")]
    assert _findings(path) == [("tool-wrapped", Severity.WARNING, "9:mcp.tool()(shout)", (
        "a decorator of `shout` hands the framework `call`, a function of its own, instead of "
        "`shout`: mcp and fastmcp read the tool as `call`, described by `call`'s docstring "
        "and with `call`'s parameters (`text: str`)."))]


def test_a_decorator_defined_in_the_registering_function_is_read(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = HEAD + '''

def register(server):
    def logged(func):
        @wraps(func)
        def wrapper(*args, **kwargs):
            return func(*args, **kwargs)

        return wrapper

    @server.tool()
    @logged
    def echo(text: str) -> str:
        """Echo."""
        return text


register(mcp)
'''
    assert [(t["name"], list(t["inputSchema"]["properties"]))  # type: ignore[call-overload]
            for t in _schema(_write(tmp_path, text), capsys)] == [("echo", ["text"])]


UNREAD = [
    # handed on to another function with other arguments: the wrapper's signature may not
    # depend on them, and the function must be given once, as it is
    ("def make(size, func):\n    def w(n: int = size):\n        return n\n    return w\n\n\n"
     "def deco(func):\n    return make(3, func)\n", "@deco",
     "`tool` is decorated with `@deco`: `deco` hands back `make(3, func)`: the parameters of "
     "`w`, which the framework lists, depend on `size`, set when the decorator runs"),
    ("def make(a, b):\n    return a\n\n\ndef deco(func):\n    return make(func, func)\n",
     "@deco", "`tool` is decorated with `@deco`: `deco` hands back `make(func, func)`: the "
     "function is not given to it once, as it is"),
    ("def deco(func):\n    return functools.partial(func)\n", "@deco",
     "`tool` is decorated with `@deco`: `deco` hands back `functools.partial(func)`: "
     "`functools.partial` is not a function of the project portlint can read"),
    # a library's decorator: fastmcp fails at start-up on `functools.cache`, the SDK lists it
    ("", "@functools.cache",
     "`tool` is decorated with `@functools.cache`: `functools.cache` is not a function of the "
     "project portlint can read, and the framework lists whatever it hands back"),
    ("def deco(func, extra=1):\n    return func\n", "@deco",
     "`tool` is decorated with `@deco`: `deco` takes more than the function"),
    ("def deco(func):\n    @wraps(func)\n    def w(*a, **k):\n        return func(*a, **k)\n"
     "    w.__signature__ = None\n    return w\n", "@deco",
     "`tool` is decorated with `@deco`: `deco` sets `w.__signature__`"),
    ("def deco(func):\n    setattr(func, '__doc__', 'x')\n    return func\n", "@deco",
     "`tool` is decorated with `@deco`: `deco` sets attributes with `setattr`"),
    ("def deco(func):\n    func.__name__ = 'other'\n    return func\n", "@deco",
     "`tool` is decorated with `@deco`: `deco` sets `func.__name__`"),
    ("def deco(func):\n    if func:\n        return func\n    def w(x: int):\n        return x\n"
     "    return w\n", "@deco",
     "`tool` is decorated with `@deco`: `deco` hands back different functions by a condition"),
    ("def deco(func):\n    return lambda *a: func(*a)\n", "@deco",
     "`tool` is decorated with `@deco`: `deco` hands back `lambda *a: func(*a)`"),
    ("def deco(func):\n    print(func)\n", "@deco",
     "`tool` is decorated with `@deco`: `deco` hands nothing back"),
    ("def deco(func):\n    func = other(func)\n    return func\n", "@deco",
     "`tool` is decorated with `@deco`: `deco` binds `func` again"),
    ("def deco(func):\n    @wraps(print)\n    def w(*a):\n        return func(*a)\n    return w\n",
     "@deco", "`tool` is decorated with `@deco`: `w` copies `print`, not the function"),
    # `wraps` told to copy nothing: the framework reads `w` as it is, which is not derived
    ("def deco(func):\n    @wraps(func, assigned=())\n    def w(x: int):\n        return x\n"
     "    return w\n", "@deco", "`w` is decorated with `@wraps(func, assigned=())`: `wraps` is "
     "not a function of the project portlint can read"),
    ("def make(size):\n    def deco(func):\n        def w(n: int = size):\n            return n\n"
     "        return w\n    return deco\n", "@make(3)",
     "`tool` is decorated with `@make(3)`: the parameters of `w`, which the framework lists, "
     "depend on `size`, set when the decorator runs"),
    ("def make(size):\n    return print\n", "@make(3)",
     "`tool` is decorated with `@make(3)`: `make` does not hand back one function of its own"),
    ("def deco(func):\n    return func\n\n\ndeco = functools.cache\n", "@deco",
     "`tool` is decorated with `@deco`: `deco` is not a function of the project portlint can "
     "read"),
    ("class Holder:\n    pass\n\n\nholder = Holder()\n", "@holder.deco",
     "`tool` is decorated with `@holder.deco`: `holder.deco` is not a function of the project"),
    # a factory handing back what another one makes: that one is read, and must be readable
    ("def make(size):\n    return functools.lru_cache(size)\n", "@make(3)",
     "`tool` is decorated with `@make(3)`: `functools.lru_cache` is not a function of the "
     "project portlint can read"),
    ("def make(*sizes):\n    return retry(*sizes)\n\n\ndef retry(n):\n    return print\n",
     "@make(3)", "`tool` is decorated with `@make(3)`: it is given `*args`/`**kwargs`"),
    ("def make(size):\n    return make(size)\n", "@make(3)",
     "its decorators nest too deeply to follow"),
    # a decorator decorating its own wrapper: followed a bounded number of times
    ("def deco(func):\n    @deco\n    @wraps(func)\n    def w(*a):\n        return func(*a)\n"
     "    return w\n", "@deco", "its decorators nest too deeply to follow"),
]


@pytest.mark.parametrize(("defined", "decorator", "reason"), UNREAD,
                         ids=[f"unread-{i}" for i in range(len(UNREAD))])
def test_a_decorator_portlint_cannot_read_leaves_the_tool_unknown_with_the_reason(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], defined: str, decorator: str,
        reason: str) -> None:
    text = HEAD + "\n\n" + defined + f'''

@mcp.tool()
{decorator}
def tool(x: int) -> int:
    """A tool."""
    return x
'''
    path = _write(tmp_path, text)
    (listed,) = _schema(path, capsys)
    assert listed["registration"] == "tool" and "inputSchema" not in listed
    assert reason in str(listed["unknown"])
    found = _findings(path)
    assert [(rule, severity, where) for rule, severity, where, _ in found] == [
        ("unknown-schema", Severity.INFORMATION, f"{text[:text.rindex(decorator)].count(chr(10))}"
         ":mcp.tool()")]
    assert reason in found[0][3]


def test_a_tangle_of_decorators_is_read_within_a_bound(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Each of ten decorators wraps its wrapper in all ten, each wrapper kept with `wraps`:
    read naively, 10^8 applications; the reading stops at its budget with the reason."""
    names = [f"d{i}" for i in range(10)]
    stacked = "".join(f"    @{n}\n" for n in names)
    defined = "".join(f"def {n}(func):\n{stacked}    @wraps(func)\n    def w(*a):\n"
                      "        return func(*a)\n\n    return w\n\n\n" for n in names)
    text = HEAD + "\n\n" + defined + '''@mcp.tool()
@d0
def tool(x: int) -> int:
    return x
'''
    (listed,) = _schema(_write(tmp_path, text), capsys)
    assert "its decorators nest too deeply to follow" in str(listed["unknown"])
