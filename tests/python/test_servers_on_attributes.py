"""A server made on an attribute (`self.mcp = FastMCP(...)` in a class-based server's
constructor, `holder.mcp = FastMCP(...)`) is that server in the body that makes it, when the
body sets the attribute nowhere else and does not bind the object again. A server handed to a
registering function as something portlint cannot trace to where it is made (ha-mcp 3.5.1's
`register_search_tools(self.mcp, ...)`, `self.mcp` kept from `server.mcp`) makes the tools
registered there said not derivable, with the call and its line — never silently missing. The
oracle projects `*-server-on-self` check both against the real frameworks."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.python.project_files import registered, write_project

_TOOLS = '''def register_tools(mcp):
    @mcp.tool()
    def multiply(a: float, b: float) -> float:
        """Multiply."""
        return a * b
'''

_CLASS = '''from mcp.server.fastmcp import FastMCP
from tools import register_tools


class Server:
    def __init__(self):
        self.mcp = FastMCP("x")

        @self.mcp.tool()
        def add(a: int, b: int = 1) -> int:
            """Add."""
            return a + b

        register_tools(self.mcp)


server = Server()
'''


def test_a_server_made_on_self_is_registered_on_in_that_method(tmp_path: Path) -> None:
    root = write_project(tmp_path, {"server.py": _CLASS, "tools.py": _TOOLS})
    assert registered(root / "server.py") == [("add", ["a", "b"])]
    assert registered(root / "tools.py") == [("multiply", ["a", "b"])]


def test_a_server_made_on_a_module_object_is_that_server(tmp_path: Path) -> None:
    server = ('from mcp.server.fastmcp import FastMCP\nfrom tools import register_tools\n\n'
              'class Holder:\n    pass\n\n\nholder = Holder()\nholder.mcp = FastMCP("x")\n'
              'register_tools(holder.mcp)\n')
    root = write_project(tmp_path, {"server.py": server, "tools.py": _TOOLS})
    assert registered(root / "tools.py") == [("multiply", ["a", "b"])]


@pytest.mark.parametrize(("change", "line"), [
    # set twice in the method: which server registers is known at run time
    (("        register_tools(self.mcp)\n",
      "        self.mcp = make()\n        register_tools(self.mcp)\n"), 15),
    # deleted before it is used again
    (("        register_tools(self.mcp)\n",
      "        del self.mcp\n        register_tools(self.mcp)\n"), 15),
    # `self` bound again in the method: another object
    (("        register_tools(self.mcp)\n",
      "        self = other()\n        register_tools(self.mcp)\n"), 15),
])
def test_an_attribute_set_more_than_once_is_not_traced(
        tmp_path: Path, change: tuple[str, str], line: int) -> None:
    root = write_project(tmp_path, {"server.py": _CLASS.replace(*change), "tools.py": _TOOLS})
    assert registered(root / "tools.py") == [(None, (
        f"`mcp` is given `self.mcp` (server.py, line {line}), which portlint cannot trace to "
        "where the server is made: portlint does not know what such a server lists"))]


_REGISTRY = '''from tools import register_tools


class Registry:
    def __init__(self, owner):
        self.mcp = owner.mcp

    def register_all(self):
        register_tools(self.mcp)
'''


def test_a_server_kept_from_another_object_is_said_not_traced(tmp_path: Path) -> None:
    server = _CLASS.replace("        register_tools(self.mcp)\n",
                            "        Registry(self).register_all()\n").replace(
        "from tools import register_tools", "from registry import Registry")
    root = write_project(tmp_path, {"server.py": server, "registry.py": _REGISTRY,
                                    "tools.py": _TOOLS})
    assert registered(root / "tools.py") == [(None, (
        "`mcp` is given `self.mcp` (registry.py, line 9), which portlint cannot trace to "
        "where the server is made: portlint does not know what such a server lists"))]


@pytest.mark.parametrize("given", ["servers[0]", "make()", "app.state.mcp",
                                   "mcp if flag else None", "server"])
def test_any_untraced_object_given_to_a_registering_function_is_said(
        tmp_path: Path, given: str) -> None:
    server = f"from tools import register_tools\n\n\ndef main(server):\n    register_tools({given})\n"
    root = write_project(tmp_path, {"server.py": server, "tools.py": _TOOLS})
    assert registered(root / "tools.py") == [(None, (
        f"`mcp` is given `{given}` (server.py, line 5), which portlint cannot trace to where "
        "the server is made: portlint does not know what such a server lists"))]


def test_a_traced_caller_wins_over_one_handing_in_anything_else(tmp_path: Path) -> None:
    # the server lists what it registers, whatever a test hands the function
    server = ('from mcp.server.fastmcp import FastMCP\nfrom tools import register_tools\n\n'
              'mcp = FastMCP("x")\nregister_tools(mcp)\n')
    test = "from unittest.mock import MagicMock\nfrom tools import register_tools\n\n" \
           "register_tools(MagicMock())\n"
    root = write_project(tmp_path, {"server.py": server, "test_tools.py": test,
                                    "tools.py": _TOOLS})
    assert registered(root / "tools.py") == [("multiply", ["a", "b"])]


def test_an_object_given_to_another_parameter_changes_nothing(tmp_path: Path) -> None:
    tools = _TOOLS.replace("def register_tools(mcp):", "def register_tools(mcp, client):")
    server = ('from mcp.server.fastmcp import FastMCP\nfrom tools import register_tools\n\n'
              'mcp = FastMCP("x")\nregister_tools(mcp, make_client())\n')
    root = write_project(tmp_path, {"server.py": server, "tools.py": tools})
    assert registered(root / "tools.py") == [("multiply", ["a", "b"])]


def test_a_server_the_constructor_makes_is_registered_on_by_the_methods_that_run(
        tmp_path: Path) -> None:
    # mcp-server-rabbitmq 2.2.0: `self.mcp = FastMCP(...)` then `self._register_tools()`; all
    # its tools were said untraced
    server = ('from mcp.server.fastmcp import FastMCP\n\n\nclass Server:\n'
              '    def __init__(self):\n        self.mcp = FastMCP("x")\n'
              '        self._register()\n\n    def _register(self):\n        @self.mcp.tool()\n'
              '        def add(a: int) -> int:\n            """Add."""\n            return a\n\n'
              '    def never(self):\n        @self.mcp.tool()\n        def gone(b: int) -> int:\n'
              '            """Gone."""\n            return b\n\n\nServer()\n')
    root = write_project(tmp_path, {"server.py": server})
    assert registered(root / "server.py") == [
        ("add", ["a"]),
        (None, "`Server.never`, which registers it, is called nowhere portlint can follow")]
    # set again elsewhere in the class: which server that is, is known at run time
    again = server.replace("    def never(self):\n", "    def swap(self):\n        self.mcp = "
                                                     "None\n\n    def never(self):\n")
    root = write_project(tmp_path, {"server.py": again})
    [(name, why), _] = registered(root / "server.py")
    assert name is None and why.startswith("`self.mcp` is kept by `Server`'s constructor, and ")
