"""Reading a Python server costs linear work in its size, however its registrations are
written: a class of thousands of methods, each registering on the server its constructor keeps
and calling the next; thousands of bound methods of one instance registered at module level;
thousands of parameters whose defaults are `Field(...)` constants; thousands of functions,
classes (one method name for all) or handler constructors each given the server; thousands of
handler classes named through `self`; thousands of functions handing the server on to classes
made in a loop; one registering helper called thousands of times. Each case
scales the module 10× and holds the work (calls counted by tests/robustness/work.py, not
seconds) to about 10×."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from portlint.python.analysis import analyze
from tests.robustness.work import assert_linear

_HEAD = "from mcp.server.fastmcp import FastMCP\nfrom pydantic import Field\n\n"


def _chained_methods(n: int) -> str:
    """A class whose constructor keeps the server and calls `m0`, each `mI` registering `fI`
    and calling `mI+1`."""
    lines = ["class Big:", "    def __init__(self, mcp):", "        self.mcp = mcp",
             "        self.m0()", ""]
    for i in range(n):
        lines += [f"    def m{i}(self):", f"        self.mcp.tool(name='t{i}')(self.f{i})"]
        lines += [f"        self.m{i + 1}()"] if i + 1 < n else []
        lines += ["", f"    def f{i}(self, x: int) -> int:", f"        '''F {i}.'''",
                  "        return x", ""]
    return _HEAD + "\n".join(lines) + "\n\nmcp = FastMCP('x')\nBig(mcp)\n"


def _bound_methods(n: int) -> str:
    """Thousands of methods of one module-level instance, each registered at module level."""
    methods = "".join(f"    def f{i}(self, x: int) -> int:\n        '''F {i}.'''\n"
                      "        return x\n\n" for i in range(n))
    registered = "".join(f"mcp.tool(name='t{i}')(store.f{i})\n" for i in range(n))
    return (_HEAD + "class Store:\n" + methods + "\nmcp = FastMCP('x')\nstore = Store()\n"
            + registered)


def _field_constants(n: int) -> str:
    """Thousands of tools, each parameter's default a `Field(...)` constant."""
    fields = "".join(f"F{i} = Field({i}, description='value {i}', ge=0)\n" for i in range(n))
    tools = "".join(f"@mcp.tool()\ndef t{i}(x: int = F{i}) -> int:\n    return x\n\n"
                    for i in range(n))
    return _HEAD + fields + "\nmcp = FastMCP('x')\n\n\n" + tools


def _registering_functions(n: int) -> str:
    """Thousands of module-level functions registering on the server each is given."""
    return _HEAD + "mcp = FastMCP('x')\n\n\n" + "".join(
        f"def register_{i}(app):\n    @app.tool()\n    def t{i}(x: int) -> int:\n"
        "        return x\n\n\n" for i in range(n)) + "".join(
        f"register_{i}(mcp)\n" for i in range(n))


def _registering_classes(n: int) -> str:
    """Thousands of classes, each with a `register(self, app)` (one name for all), each
    instance given the server."""
    return _HEAD + "mcp = FastMCP('x')\n\n\n" + "".join(
        f"class T{i}:\n    def register(self, app):\n        app.tool(name='t{i}')(self.run)\n"
        "\n    def run(self, x: int) -> int:\n        '''R.'''\n        return x\n\n\n"
        for i in range(n)) + "".join(f"T{i}().register(mcp)\n" for i in range(n))


def _handlers(n: int) -> str:
    """Thousands of classes whose constructor keeps the server and registers on it."""
    return _HEAD + "mcp = FastMCP('x')\n\n\n" + "".join(
        f"class H{i}:\n    def __init__(self, mcp):\n        self.mcp = mcp\n"
        f"        self.mcp.tool(name='h{i}')(self.run)\n\n    def run(self, x: int) -> int:\n"
        "        '''R.'''\n        return x\n\n\n" for i in range(n)) + "".join(
        f"H{i}(mcp)\n" for i in range(n))


_LOWLEVEL = "from mcp.server import Server\nfrom mcp.types import Tool\n\nserver = Server('x')\n\n\n"


def _named_handlers(n: int) -> str:
    """Thousands of low-level handler classes, each named by the constant its constructor
    gives the base's (`Tool(name=self.name, ...)`)."""
    return _LOWLEVEL + "class Handler:\n    def __init__(self, tool_name):\n" \
        "        self.name = tool_name\n\n\n" + "".join(
            f"class H{i}(Handler):\n    def __init__(self):\n        super().__init__('t{i}')\n"
            "\n    def describe(self):\n        return Tool(name=self.name, "
            "inputSchema={'type': 'object'})\n\n\n" for i in range(n))


def _self_named_classes(n: int) -> str:
    """Thousands of classes, each setting its own `self.name` (the same attribute for all)."""
    return _LOWLEVEL + "".join(
        f"class H{i}:\n    def __init__(self):\n        self.name = 't{i}'\n"
        "\n    def describe(self):\n        return Tool(name=self.name, "
        "inputSchema={'type': 'object'})\n\n\n" for i in range(n))


def _named_registrations(n: int) -> str:
    """Thousands of classes named by a class attribute, each registering its method."""
    return _HEAD + "mcp = FastMCP('x')\n\n\n" + "".join(
        f"class T{i}:\n    name = 't{i}'\n\n    def register(self, app):\n"
        "        app.tool(name=self.name)(self.run)\n"
        "\n    def run(self, x: int) -> int:\n        '''R.'''\n        return x\n\n\n"
        for i in range(n)) + "".join(f"T{i}().register(mcp)\n" for i in range(n))


def _handed_on(n: int) -> str:
    """Thousands of functions each handing the server on to a class of its own, made in a loop
    over a literal list of one."""
    return _HEAD + "mcp = FastMCP('x')\n\n\n" + "".join(
        f"class T{i}:\n    def register(self, app):\n        app.tool(name='t{i}')(self.run)\n"
        "\n    def run(self, x: int) -> int:\n        '''R.'''\n        return x\n\n\n"
        f"def hand{i}(app):\n    for cls in (T{i},):\n        cls().register(app)\n\n\n"
        for i in range(n)) + "".join(f"hand{i}(mcp)\n" for i in range(n))


def _helper_calls(n: int) -> str:
    """One registering helper, called thousands of times from one function."""
    functions = "".join(f"def f{i}(x: int) -> int:\n    '''F {i}.'''\n    return x\n\n\n"
                        for i in range(n))
    return (_HEAD + "mcp = FastMCP('x')\n\n\ndef register(name, fn):\n"
            "    mcp.tool(name=name)(fn)\n\n\n" + functions + "def setup():\n" + "".join(
                f"    register('t{i}', f{i})\n" for i in range(n)) + "\n\nsetup()\n")


@pytest.mark.parametrize("build", [_chained_methods, _bound_methods, _field_constants,
                                   _registering_functions, _registering_classes, _handlers,
                                   _named_handlers, _self_named_classes, _named_registrations,
                                   _handed_on, _helper_calls])
def test_reading_a_server_costs_linear_work(tmp_path: Path,
                                            build: Callable[[int], str]) -> None:
    (tmp_path / "requirements.txt").write_text("mcp==1.30.0\n", encoding="utf-8")

    def make(n: int) -> Callable[[], object]:
        folder = tmp_path / str(n)
        folder.mkdir(exist_ok=True)
        path = folder / "server.py"
        path.write_text(build(n), encoding="utf-8")
        (folder / "requirements.txt").write_text("mcp==1.30.0\n", encoding="utf-8")
        text = path.read_text(encoding="utf-8")

        def read() -> object:
            tools = analyze(text, path).tools
            assert len(tools) == n and all(t.input_schema is not None and t.resolved_name
                                           for t in tools)
            return tools

        return read

    assert_linear(make, 30)
