"""A tool named `self.name` in a method — the `Tool(name=self.name, ...)` a handler class returns
(mcp-obsidian's fifteen handlers), or `server.tool(name=self.name)(self.run)` — is named with the
constant the class gives the attribute: set by a constructor that runs (`super().__init__(NAME)`
of a base setting `self.name = tool_name`), or bound in a class body. When the source does not
say one value for every instance, the tool is reported with the reason, at the name. The oracle
projects `*-unresolved-name` and `*-handler-names` check the names against the real SDKs."""

from __future__ import annotations

from pathlib import Path

import pytest

from portlint.linter import lint_text
from portlint.python.analysis import analyze
from portlint.settings import Settings
from tests.python.project_files import write_project

_HEAD = '''from mcp.server import Server
from mcp.types import Tool

server = Server("x")
LIST = "list_files"
'''

_BASE = '''

class Handler:
    def __init__(self, tool_name: str):
        self.name = tool_name

    def describe(self) -> Tool:
        raise NotImplementedError
'''


def _handler(name: str, init: str, base: str = "Handler") -> str:
    return f'''

class {name}({base}):
    def __init__(self):
        {init}

    def describe(self) -> Tool:
        return Tool(name=self.name, description="Lists.", inputSchema={{"type": "object"}})
'''


def _tools(tmp_path: Path, text: str, **others: str) -> list[tuple[str | None, list[str] | str]]:
    """Each tool's name and input properties, or (None, why its name is not read)."""
    root = write_project(tmp_path, {"server.py": text, **others})
    path = root / "server.py"
    tools = analyze(path.read_text(encoding="utf-8"), path).tools
    return [(t.name, list((t.input_schema or {}).get("properties", {}))) if t.resolved_name
            else (None, next(u.reason for u in t.unknown if u.part == "name")) for t in tools]


@pytest.mark.parametrize(("init", "name"), [
    ("super().__init__(LIST)", "list_files"),  # a module constant
    ('super().__init__("read_file")', "read_file"),
    ('super().__init__(tool_name="read_file")', "read_file"),
    ("Handler.__init__(self, LIST)", "list_files"),
    ("super(Lister, self).__init__(LIST)", "list_files"),
    ("super().__init__(names.SEARCH)", "search"),  # another module's constant
])
def test_a_constructor_giving_its_base_a_constant_names_the_tool(
        tmp_path: Path, init: str, name: str) -> None:
    text = _HEAD + "import names\n" + _BASE + _handler("Lister", init)
    assert _tools(tmp_path, text, **{"names.py": 'SEARCH = "search"\n'}) == [(name, [])]


def test_a_base_in_another_module_and_a_constant_imported(tmp_path: Path) -> None:
    base = "from mcp.types import Tool\n" + _BASE
    text = ("from mcp.server import Server\nfrom mcp.types import Tool\n"
            "from handlers import Handler\nfrom names import LIST\n\nserver = Server('x')\n"
            + _handler("Lister", "super().__init__(LIST)"))
    assert _tools(tmp_path, text, **{"handlers.py": base, "names.py": 'LIST = "list"\n'}) == [
        ("list", [])]


def test_a_default_of_the_base_constructor(tmp_path: Path) -> None:
    text = _HEAD + _BASE.replace("tool_name: str", 'tool_name: str = "fallback"') + _handler(
        "Lister", "super().__init__()")
    assert _tools(tmp_path, text) == [("fallback", [])]


def test_an_inherited_constructor_between_passes_the_arguments_on(tmp_path: Path) -> None:
    text = _HEAD + _BASE + "\n\nclass Middle(Handler):\n    pass\n" + _handler(
        "Lister", "super().__init__(LIST)", base="Middle")
    assert _tools(tmp_path, text) == [("list_files", [])]


def test_a_class_attribute_names_the_tool(tmp_path: Path) -> None:
    text = _HEAD + '''

class Base:
    name = "inherited"


class Reader(Base):
    def describe(self) -> Tool:
        return Tool(name=self.name, inputSchema={"type": "object"})


class Writer:
    name: str = LIST
    title = "Writes"

    def describe(self) -> Tool:
        return Tool(name=self.name, title=self.title, inputSchema={"type": "object"})
'''
    assert _tools(tmp_path, text) == [("inherited", []), ("list_files", [])]


_NOT_READ = "the tool's name, `self.name`, "


@pytest.mark.parametrize(("change", "why"), [
    # the construction chooses: Lister("x") could say anything
    (lambda t: t.replace("    def __init__(self):\n        super().__init__(LIST)\n", ""),
     "is set to `tool_name`, which each construction of `Lister` passes"),
    # a subclass: its instances run the method too
    (lambda t: t + "\n\nclass Special(Lister):\n    pass\n",
     "is read on `Lister`, and `Special` derives from it: what an instance holds depends on "
     "its class"),
    # set from outside the class
    (lambda t: t + "\n\nhandler = Lister()\nhandler.name = 'other'\n",
     "is set elsewhere: `handler.name` is assigned (line 25)"),
    # set again by another method
    (lambda t: t.replace("    def describe(self) -> Tool:\n        raise",
                         "    def rename(self, name):\n        self.name = name\n\n"
                         "    def describe(self) -> Tool:\n        raise"),
     "is set more than once: `self.name` is assigned (line 10), and `self.name` is assigned "
     "(line 13)"),
    # the caller passes its own parameter
    (lambda t: t.replace("def __init__(self):\n        super().__init__(LIST)",
                         "def __init__(self, label=LIST):\n        super().__init__(label)"),
     "is set to `tool_name`, given `label`, computed at run time"),
    # a local named like the module's constant
    (lambda t: t.replace("super().__init__(LIST)",
                         "LIST = str(id(self))\n        super().__init__(LIST)"),
     "is set to `tool_name`, given `LIST`, computed at run time"),
    # the base's constructor may not run
    (lambda t: t.replace("super().__init__(LIST)",
                         "if LIST:\n            super().__init__(LIST)"),
     "is set by `self.name` is assigned (line 10), in a constructor `Lister.__init__` does "
     "not call where portlint can follow it"),
    # computed in the base
    (lambda t: t.replace("self.name = tool_name", "self.name = tool_name.upper()"),
     "is set to `tool_name.upper()`, computed at run time"),
])
def test_what_the_source_does_not_fix_is_reported_with_the_reason(
        tmp_path: Path, change: object, why: str) -> None:
    text = _HEAD + _BASE + _handler("Lister", "super().__init__(LIST)")
    assert callable(change)
    assert _tools(tmp_path, change(text)) == [(None, _NOT_READ + why)]


def test_check_says_the_reason_at_the_name() -> None:
    text = _HEAD + _BASE + _handler("Lister", "pass").replace(
        "    def __init__(self):\n        pass\n", "")
    result = lint_text(text, "server.py", Settings())
    assert [(f.rule, f.severity.value, text[f.span[0]:f.span[1]], f.message)
            for f in result.findings] == [
        ("unknown-schema", "information", "self.name",
         "The name of a tool is not read: the tool's name, `self.name`, is set to `tool_name`, "
         "which each construction of `Lister` passes. Its schemas are derived and linted; the "
         "tool-name rules are not applied to it."),
        ("object-missing-properties", "warning", '"object"',
         "This object schema has no `properties`. OpenAI function calling (documented) refuses "
         "every request that carries this tool. [docs/clients.md#object-missing-properties-root]")]


_FASTMCP = '''from mcp.server.fastmcp import FastMCP

TOOL = "echo_text"


class Base:
    def __init__(self, label: str):
        self.label = label


class Plugin(Base):
    title = "Echo"

    def __init__(self):
        super().__init__(TOOL)

    def run(self, text: str) -> str:
        """Echoes."""
        return text

    def register(self, server: FastMCP) -> None:
        server.tool(name=self.label, title=self.title)(self.run)


mcp = FastMCP("plugins")
Plugin().register(mcp)
'''


def test_a_registration_in_a_method_reads_the_name_the_class_gives(tmp_path: Path) -> None:
    assert _tools(tmp_path, _FASTMCP) == [("echo_text", ["text"])]


def test_a_registration_whose_name_the_construction_gives_is_reported(tmp_path: Path) -> None:
    text = _FASTMCP.replace("    def __init__(self):\n        super().__init__(TOOL)\n\n", "")
    text = text.replace("Plugin().register(mcp)", 'Plugin("echo").register(mcp)')
    assert _tools(tmp_path, text) == [(None, "the tool's name, `self.label`, is set to `label`, "
                                             "which each construction of `Plugin` passes")]


@pytest.mark.parametrize(("imported", "base", "name"), [
    ("from abc import ABC", "ABC", "list_files"),  # mcp-weather-server's `ToolHandler(ABC)`
    ("import abc", "abc.ABC", "list_files"),
    # a base of another package is still not followed
    ("from somewhere import Base", "Base", None),
])
def test_an_abstract_base_adds_nothing_to_follow(
        tmp_path: Path, imported: str, base: str, name: str | None) -> None:
    text = (_HEAD + imported + "\n" + _BASE.replace("class Handler:", f"class Handler({base}):")
            + _handler("Lister", "super().__init__(LIST)"))
    assert "class Handler(" + base in text
    [(found, said)] = _tools(tmp_path, text)
    assert found == name
    if name is None:
        assert said == ("the tool's name, `self.name`, is read on `Lister`, which portlint does "
                        "not follow: `Lister` derives from `Base`, which is not a class of the "
                        "project portlint can read")
