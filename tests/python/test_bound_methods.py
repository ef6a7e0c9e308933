"""Tools that are bound methods of the project's classes: a method that registers them on the
server it is given (`def register(self, mcp): mcp.tool()(self.get_alarms)`, called as
`tools.register(mcp)`), and methods of instances registered where the server is
(`mcp.add_tool(store.lookup)`, `lookup = store.lookup`). The framework sees the bound method:
its first parameter is not listed. What can change which function the attribute gives is
reported with the reason at the registration. The oracle projects `*-bound-methods` check the
derived schemas against the real frameworks."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from portlint.cli.main import main
from tests.python.project_files import registered, write_project

_SERVER = 'from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP("x")\n'


def _project(tmp_path: Path, files: dict[str, str]) -> Path:
    return write_project(tmp_path, files)



def _finding(root: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert main(["check", "--format", "json", str(root)]) == 0
    report = json.loads(capsys.readouterr().out)
    [finding] = [f for f in report["findings"] if f["rule"] == "unknown-schema"]
    return finding  # type: ignore[no-any-return]


_CLASS = '''class Tools:
    def __init__(self) -> None:
        self.root = "/"

    def read(self, path: str, size: int = 10) -> str:
        """Read a file."""
        return path
'''
_TOOLS = _CLASS.replace("    def read(", """    def register(self, mcp):
        mcp.tool(name="read")(self.read)

    def read(""")


def test_a_method_registering_on_the_server_it_is_given_is_followed(tmp_path: Path) -> None:
    root = _project(tmp_path, {
        "tools.py": _TOOLS,
        "server.py": _SERVER + "from tools import Tools\n\ntools = Tools()\n"
                               "tools.register(mcp)\n"})
    assert registered(root / "tools.py") == [("read", ["path", "size"])]
    assert registered(root / "server.py") == []


def test_a_method_called_on_a_new_instance_is_followed(tmp_path: Path) -> None:
    path = _project(tmp_path, {"server.py": _TOOLS + "\n\n" + _SERVER + "Tools().register(mcp)\n"
                               }) / "server.py"
    assert registered(path) == [("read", ["path", "size"])]


def test_the_method_of_the_instance_s_class_is_registered(tmp_path: Path) -> None:
    source = _TOOLS + '''

class Wide(Tools):
    def read(self, path: str, size: int = 10, offset: int = 0) -> str:
        """Read a part of a file."""
        return path


''' + _SERVER + "Wide().register(mcp)\n"
    path = _project(tmp_path, {"server.py": source}) / "server.py"
    assert registered(path) == [("read", ["path", "size", "offset"])]


def test_register_called_on_instances_of_different_classes_is_reported(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = _TOOLS + '''

class Wide(Tools):
    def read(self, path: str, offset: int = 0) -> str:
        return path


''' + _SERVER + "Tools().register(mcp)\nWide().register(mcp)\n"
    root = _project(tmp_path, {"server.py": source})
    finding = _finding(root, capsys)
    assert (finding["location"], finding["end_location"]) == (
        {"line": 6, "column": 9}, {"line": 6, "column": 41})
    assert finding["message"] == (
        "A tool is registered here that portlint cannot derive without running code: `mcp` is "
        "given by calls of `register` on instances of different classes (`Tools`, `Wide`): "
        "`self` is not one class: portlint does not know what such a server lists.")


def test_a_method_reassigned_in_init_is_reported(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = _TOOLS.replace('self.root = "/"', "self.read = self.read_fast") + (
        "\n    def read_fast(self, path: str) -> str:\n        return path\n\n\n"
        + _SERVER + "Tools().register(mcp)\n")
    root = _project(tmp_path, {"server.py": source})
    finding = _finding(root, capsys)
    assert (finding["location"], finding["end_location"]) == (
        {"line": 6, "column": 9}, {"line": 6, "column": 41})
    assert finding["message"] == (
        "A tool is registered here that portlint cannot derive without running code: "
        "`self.read` is a method portlint does not follow: `self.read` is assigned in `Tools` "
        "(line 3): the method it gives is known at run time only.")


@pytest.mark.parametrize(("decorator", "said"), [
    ("staticmethod", "`@staticmethod`"), ("property", "`@property`"),
    ("functools.cache", "`@functools.cache`")])
def test_a_decorated_method_is_reported(tmp_path: Path, decorator: str, said: str) -> None:
    source = "import functools\n\n" + _TOOLS.replace(
        "    def read(", f"    @{decorator}\n    def read(") + "\n\n" + _SERVER + (
        "Tools().register(mcp)\n")
    path = _project(tmp_path, {"server.py": source}) / "server.py"
    # (the name written is the tool's: it is said, and held to the tool-name rules)
    assert registered(path) == [("read", (
        f"`self.read` is a method portlint does not follow: `Tools.read` is decorated ({said}): "
        "the decorator decides what the attribute gives"))]


def test_a_method_of_a_module_level_instance_is_followed(tmp_path: Path) -> None:
    source = _CLASS + "\n\n" + _SERVER + (
        "tools = Tools()\nread = tools.read\nmcp.add_tool(read)\n"
        "mcp.tool(name='again')(tools.read)\n")
    path = _project(tmp_path, {"server.py": source}) / "server.py"
    assert registered(path) == [("read", ["path", "size"]), ("again", ["path", "size"])]


def test_an_inherited_method_is_read_in_its_base_s_module(tmp_path: Path) -> None:
    root = _project(tmp_path, {
        "base.py": _CLASS,
        "server.py": "from base import Tools\n\n\nclass More(Tools):\n    pass\n\n\n"
                     + _SERVER + "more = More()\nmcp.add_tool(more.read)\n"})
    assert registered(root / "server.py") == [("read", ["path", "size"])]


@pytest.mark.parametrize(("written", "why"), [
    ("tools.read = print\n", "`tools.read` is assigned (line 14): the method it gives is known at "
     "run time only"),
    ("setattr(tools, 'read', print)\n", "`setattr` is called on `tools` (line 14)")])
def test_an_instance_s_attribute_set_in_the_module_is_reported(
        tmp_path: Path, written: str, why: str) -> None:
    source = _CLASS + "\n\n" + _SERVER + "tools = Tools()\n" + written + "mcp.add_tool(tools.read)\n"
    path = _project(tmp_path, {"server.py": source}) / "server.py"
    assert registered(path) == [(None, f"`tools.read` is a method portlint does not follow: {why}")]


def test_a_class_deriving_from_a_class_outside_the_project_is_reported(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = ("import threading\n\n\nclass Tools(threading.Thread):\n"
              "    def read(self, path: str) -> str:\n        return path\n\n\n"
              + _SERVER + "tools = Tools()\nmcp.add_tool(tools.read)\n")
    root = _project(tmp_path, {"server.py": source})
    finding = _finding(root, capsys)
    assert (finding["location"], finding["end_location"]) == (
        {"line": 13, "column": 1}, {"line": 13, "column": 25})
    assert finding["message"] == (
        "A tool is registered here that portlint cannot derive without running code: "
        "`tools.read` is a method portlint does not follow: `Tools` derives from "
        "`threading.Thread`, which is not a class of the project portlint can read.")


def test_an_undocumented_override_of_a_documented_method_is_reported(tmp_path: Path) -> None:
    source = _CLASS + ("\n\nclass Quiet(Tools):\n    def read(self, path: str) -> str:\n"
                       "        return path\n\n\n" + _SERVER + "mcp.add_tool(Quiet().read)\n")
    path = _project(tmp_path, {"server.py": source}) / "server.py"
    assert registered(path) == [(None, (
        "`Quiet().read` is a method portlint does not follow: `Quiet.read` has no docstring and "
        "overrides `Tools.read`: fastmcp describes the tool with the docstring it inherits"))]


def test_a_method_on_an_object_of_unknown_class_is_reported(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = _TOOLS + "\n\n" + _SERVER + "from elsewhere import make\n\nmake().register(mcp)\n"
    root = _project(tmp_path, {"server.py": source})
    finding = _finding(root, capsys)
    assert finding["location"] == {"line": 6, "column": 9}
    assert finding["message"] == (
        "A tool is registered here that portlint cannot derive without running code: `mcp` is "
        "given to `make().register` (line 18), whose object portlint cannot trace to an "
        "instance of a class of the project: portlint does not know what such a server lists.")


def test_setattr_on_the_instance_given_the_server_is_reported(tmp_path: Path) -> None:
    root = _project(tmp_path, {
        "tools.py": _TOOLS,
        "server.py": _SERVER + "from tools import Tools\n\ntools = Tools()\n"
                               "setattr(tools, 'read', print)\ntools.register(mcp)\n"})
    assert registered(root / "tools.py") == [(None, (
        "`mcp` is given to `tools.register` (server.py, line 8), and `setattr` is called on `tools` "
        "(line 7): portlint does not know what such a server lists"))]


def test_a_parameter_of_the_same_name_is_not_the_module_s_instance(tmp_path: Path) -> None:
    source = _CLASS + "\n\n" + _SERVER + (
        "tools = Tools()\n\n\ndef add(tools):\n    mcp.add_tool(tools.read)\n")
    path = _project(tmp_path, {"server.py": source}) / "server.py"
    assert registered(path) == [(None, "`tools.read` is not a function portlint can find")]


def test_an_attribute_assigned_in_another_module_is_reported(tmp_path: Path) -> None:
    root = _project(tmp_path, {
        "patch.py": "from server import tools\n\ntools.read = print\n",
        "server.py": _CLASS + "\n\n" + _SERVER + "tools = Tools()\nmcp.add_tool(tools.read)\n"})
    assert registered(root / "server.py") == [(None, (
        "`tools.read` is a method portlint does not follow: `tools.read` is assigned (patch.py, "
        "line 3): the method it gives is known at run time only"))]


def test_an_attribute_assigned_in_the_project_s_tests_is_not_counted(tmp_path: Path) -> None:
    root = _project(tmp_path, {
        "tests/test_server.py": "from server import tools\n\ntools.read = print\n",
        "server.py": _CLASS + "\n\n" + _SERVER + "tools = Tools()\nmcp.add_tool(tools.read)\n"})
    assert registered(root / "server.py") == [("read", ["path", "size"])]


# -- constructors given the server (awslabs' handler classes) --------------------------------

_HANDLER = '''class Handler:
    def __init__(self, mcp, write: bool = False):
        self.mcp = mcp
        self.write = write
        self.mcp.tool(name="read")(self.read)

    def read(self, path: str, size: int = 10) -> str:
        """Read a file."""
        return path
'''


def test_a_constructor_keeping_the_server_on_self_is_followed(tmp_path: Path) -> None:
    root = _project(tmp_path, {
        "handlers.py": _HANDLER,
        "server.py": _SERVER + "from handlers import Handler\n\nHandler(mcp, write=True)\n"})
    assert registered(root / "handlers.py") == [("read", ["path", "size"])]
    assert registered(root / "server.py") == []


def test_a_constructor_registering_on_its_parameter_is_followed(tmp_path: Path) -> None:
    source = _HANDLER.replace("self.mcp.tool(", "mcp.tool(")
    root = _project(tmp_path, {
        "handlers.py": source,
        "server.py": _SERVER + "import handlers\n\nhandlers.Handler(mcp=mcp)\n"})
    assert registered(root / "handlers.py") == [("read", ["path", "size"])]


def _wide(tmp_path: Path, constructor: str, made: str) -> Path:
    """A project whose `Wide(Handler)` in wide.py (its own `constructor`, if any, and a
    `read` of its own) is made in server.py by ``made`` — a module that never names the class
    defining the constructor that registers."""
    return _project(tmp_path, {
        "handlers.py": _HANDLER,
        "wide.py": 'from handlers import Handler\n\n\nclass Wide(Handler):\n' + constructor
                   + '    def read(self, path: str, offset: int = 0) -> str:\n'
                   '        """Read a part of a file."""\n        return path\n',
        "server.py": _SERVER + f"from wide import Wide\n\n{made}\n"})


def test_a_subclass_inheriting_the_constructor_registers_its_own_method(
        tmp_path: Path) -> None:
    root = _wide(tmp_path, "", "Wide(mcp)")
    assert registered(root / "handlers.py") == [("read", ["path", "offset"])]


@pytest.mark.parametrize(("change", "reason"), [
    # set twice: which server is kept is decided at run time
    (("        self.write = write\n", "        self.write = write\n        self.mcp = write\n"),
     "`self.mcp` is not a server portlint can trace to its `FastMCP(...)`"),
    # chosen at run time
    (("self.mcp = mcp\n", "self.mcp = mcp if write else None\n"),
     "`self.mcp` is not a server portlint can trace to its `FastMCP(...)`"),
    # used before it is set
    (('        self.mcp = mcp\n        self.write = write\n        self.mcp.tool(name="read")'
      '(self.read)\n', '        self.mcp.tool(name="read")(self.read)\n        self.mcp = mcp\n'),
     "`self.mcp` is not a server portlint can trace to its `FastMCP(...)`"),
])
def test_a_server_the_constructor_may_not_keep_is_reported(
        tmp_path: Path, change: tuple[str, str], reason: str) -> None:
    assert change[0] in _HANDLER
    root = _project(tmp_path, {
        "handlers.py": _HANDLER.replace(*change),
        "server.py": _SERVER + "from handlers import Handler\n\nHandler(mcp)\n"})
    assert registered(root / "handlers.py") == [(None, reason)]


def test_constructors_called_for_different_classes_are_reported(tmp_path: Path) -> None:
    root = _project(tmp_path, {
        "handlers.py": _HANDLER + '\n\nclass Wide(Handler):\n'
                                  '    def read(self, path: str) -> str:\n'
                                  '        """Read."""\n        return path\n',
        "server.py": _SERVER + "from handlers import Handler, Wide\n\nHandler(mcp)\nWide(mcp)\n"})
    [(name, reason)] = registered(root / "handlers.py")
    assert name is None
    assert reason == (
        "`self.mcp` is given by constructing instances of different classes "
        "(`Handler`, `Wide`): `self` is not one class: portlint does not know what such a "
        "server lists")


def test_a_subclass_handing_the_server_to_the_constructor_registers_its_methods(
        tmp_path: Path) -> None:
    # `def __init__(self, mcp, region): super().__init__(mcp)` — the base's constructor
    # registers on the server the subclass's callers give; `self` is the subclass
    root = _wide(tmp_path, '    def __init__(self, region, mcp):\n'
                           '        super().__init__(mcp)\n        self.region = region\n\n',
                 "Wide('eu', mcp=mcp)")
    assert registered(root / "handlers.py") == [("read", ["path", "offset"])]


@pytest.mark.parametrize("constructor", [
    # naming the base instead of `super()`
    "    def __init__(self, mcp, other=None):\n        Handler.__init__(self, mcp)\n\n",
    # the callers' arguments passed through, positions and keywords alike
    "    def __init__(self, *args, **kwargs):\n        super().__init__(*args, **kwargs)\n\n",
])
def test_a_subclass_handing_the_server_on_in_other_forms_registers_its_methods(
        tmp_path: Path, constructor: str) -> None:
    root = _wide(tmp_path, constructor, "Wide(mcp)")
    assert registered(root / "handlers.py") == [("read", ["path", "offset"])]


def test_a_chain_of_constructors_handing_the_server_on_is_followed(tmp_path: Path) -> None:
    # Wide → Middle → Handler: each hands the server on in its own way, moving its place
    root = _project(tmp_path, {
        "handlers.py": _HANDLER + (
            "\n\nclass Middle(Handler):\n    def __init__(self, region, server, **options):\n"
            "        Handler.__init__(self, server, **options)\n\n\n"
            "class Wide(Middle):\n    def __init__(self, *args, **kwargs):\n"
            "        super().__init__(*args, **kwargs)\n\n"
            "    def read(self, path: str, offset: int = 0) -> str:\n"
            '        """Read a part of a file."""\n        return path\n'),
        "server.py": _SERVER + "from handlers import Wide\n\nWide('eu', mcp, write=True)\n"})
    assert registered(root / "handlers.py") == [("read", ["path", "offset"])]


@pytest.mark.parametrize("body", [
    "        super().__init__(other)\n",  # not the parameter given the server
    "        super().__init__()\n",  # none
    "        self.mcp = mcp\n",  # the base's constructor never runs
])
def test_a_subclass_constructor_not_handing_the_server_on_registers_nothing(
        tmp_path: Path, body: str) -> None:
    root = _wide(tmp_path, "    def __init__(self, mcp, other=None):\n" + body + "\n",
                 "Wide(mcp)")
    assert registered(root / "handlers.py") == []


@pytest.mark.parametrize(("body", "reason"), [
    ("        mcp = make()\n        super().__init__(mcp)\n",
     "binds `mcp` again in `Wide.__init__` (wide.py, line 5) before handing it on to a base's "
     "constructor"),
    ("        if other:\n            super().__init__(mcp)\n",
     "calls a base's constructor in `Wide.__init__` (wide.py, line 5) only under a condition or inside "
     "another call"),
    ("        super().__init__(mcp)\n        Handler.__init__(self, other)\n",
     "calls a base's constructor more than once in `Wide.__init__` (wide.py, line 5)"),
    ("        super().__init__(mcp.child)\n",
     "hands `mcp.child` on to a base's constructor from `Wide.__init__` (wide.py, line 5), not a "
     "parameter of its own"),
    ("        super().__init__(*other)\n",
     "hands `*other` on to a base's constructor from `Wide.__init__` (wide.py, line 5)"),
])
def test_a_subclass_constructor_handing_the_server_on_unfollowably_is_reported(
        tmp_path: Path, body: str, reason: str) -> None:
    root = _wide(tmp_path, "    def __init__(self, mcp, other=None):\n" + body + "\n",
                 "Wide(mcp)")
    assert registered(root / "handlers.py") == [(None, (
        f"`self.mcp` is given to `Wide` (server.py, line 6), whose constructor {reason}: portlint does not "
        "know what such a server lists"))]
