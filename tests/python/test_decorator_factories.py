"""A decorator factory of the project (`def tool(name): def decorator(fn): mcp.tool(name=name)(fn);
return fn; return decorator`) registers each function its uses are applied to, the factory's
parameters read as each use's arguments; a server's annotations kept in a constant of the module
give the tool's title. The oracle projects `*-decorator-factory` check both against fastmcp 2.x
and 4.x and the SDK 2.x."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from portlint.linter import lint_text
from portlint.python.analysis import analyze
from portlint.settings import Settings
from tests.python.project_files import registered, write_project

_SERVER = '''from mcp.server.fastmcp import FastMCP

mcp = FastMCP("x")


def tool(name, description=None):
    def decorator(fn):
        mcp.tool(name=name, description=description)(fn)
        return fn

    return decorator


@tool("search_items")
def search(query: str) -> str:
    return query


def remove(item_id: int) -> bool:
    return True


tool("remove_item", description="Removes one item.")(remove)
'''


def _tools(tmp_path: Path, text: str) -> list[tuple[str | None, list[str] | str]]:
    root = write_project(tmp_path, {"server.py": text})
    return registered(root / "server.py")


def test_each_use_of_the_factory_registers_what_it_is_applied_to(tmp_path: Path) -> None:
    root = write_project(tmp_path, {"server.py": _SERVER})
    path = root / "server.py"
    tools = analyze(path.read_text(encoding="utf-8"), path).tools
    assert [(t.name, t.description, list(t.input_schema["properties"]) if t.input_schema
             else None) for t in tools] == [
        ("search_items", "", ["query"]),
        ("remove_item", "Removes one item.", ["item_id"])]


def test_a_keyword_computed_from_the_factory_s_parameters_reads_each_use(
        tmp_path: Path) -> None:
    text = _SERVER.replace("mcp.tool(name=name,", "mcp.tool(name=f'x_{name}',")
    assert _tools(tmp_path, text) == [("x_search_items", ["query"]),
                                      ("x_remove_item", ["item_id"])]


def test_a_factory_inside_the_function_making_the_server(tmp_path: Path) -> None:
    text = '''from fastmcp import FastMCP


def create_server():
    server = FastMCP("x")

    def register_tool(name):
        def decorator(func):
            server.tool(func, name=name)
            server.tool(func, name=f"wiki_{name}")
            return func

        return decorator

    @register_tool("get_page")
    def get_page(title: str) -> str:
        return title

    return server


mcp = create_server()
'''
    root = write_project(tmp_path, {"server.py": text}, pins="fastmcp==2.14.7\n")
    assert registered(root / "server.py") == [("get_page", ["title"]),
                                              ("wiki_get_page", ["title"])]


@pytest.mark.parametrize(("change", "tools"), [
    # applied nowhere
    (lambda t: t.split("\n\n@tool(")[0] + "\n",
     [(None, "`fn` is what `tool(...)` is applied to, and this module applies it nowhere")]),
    # bound a second time: a use may mean something else
    (lambda t: t + "\ntool = print\n",
     [(None, "`fn` is what `tool(...)` is applied to, and `tool` is bound more than once")]),
    # a use given `*args`
    (lambda t: t.replace('@tool("search_items")', 'ARGS = ("search_items",)\n\n\n@tool(*ARGS)'),
     [(None, "`tool(...)` is given `*args`/`**kwargs`"), ("remove_item", ["item_id"])]),
    # applied to a name a function of its own binds
    (lambda t: t.replace('tool("remove_item", description="Removes one item.")(remove)',
                         'def setup(remove):\n    tool("remove_item")(remove)'),
     [("search_items", ["query"]),
      ("remove_item", "`tool(...)` is applied to what portlint cannot follow")]),
    # a factory that may return something else is no factory: the registration is said
    (lambda t: t.replace("    return decorator\n", "    return decorator if name else None\n"),
     [(None, "`fn` is not a function portlint can find")]),
    # the registered parameter is not the one a decorator is given
    (lambda t: t.replace("def decorator(fn):", "def decorator(other, fn=None):"),
     [(None, "`fn` is not a function portlint can find")]),
    # a parameter the factory binds again is not read as the use's argument
    (lambda t: t.replace("    def decorator(fn):", "    name = name.upper()\n\n    def decorator(fn):"),
     [(None, ["query"]), (None, ["item_id"])]),
])
def test_what_cannot_be_followed_is_reported(
        tmp_path: Path, change: Callable[[str], str],
        tools: list[tuple[str | None, object]]) -> None:
    assert _tools(tmp_path, change(_SERVER)) == tools


def test_the_name_bound_in_another_function_is_another_name(tmp_path: Path) -> None:
    # mcp-google-sheets: `{tool.strip() for tool in ...}` in a function of its own, beside a
    # module-level factory `tool`: that binding is the comprehension's, not the module's
    text = _SERVER.replace('\n\n@tool("search_items")', '''

def enabled(names):
    return {tool.strip() for tool in names}


def setup(tool):
    tool("ignored")(remove)


@tool("search_items")''')
    assert _tools(tmp_path, text) == [("search_items", ["query"]),
                                      ("remove_item", ["item_id"])]


def test_a_factory_of_a_function_is_applied_there_only(tmp_path: Path) -> None:
    text = '''from fastmcp import FastMCP

mcp = FastMCP("x")


def setup():
    def register(name):
        def decorator(fn):
            mcp.tool(fn, name=name)
            return fn

        return decorator

    @register("inside")
    def inside(a: int) -> int:
        return a


@register("outside")
def outside(b: int) -> int:
    return b
'''
    root = write_project(tmp_path, {"server.py": text}, pins="fastmcp==2.14.7\n")
    assert registered(root / "server.py") == [("inside", ["a"])]


def test_findings_about_a_tool_are_placed_at_its_use() -> None:
    text = _SERVER.replace('tool("remove_item", description="Removes one item.")(remove)',
                           'tool("search_items")(remove)')
    result = lint_text(text, "server.py", Settings())
    assert [(f.rule, f.severity.value, text[f.span[0]:f.span[1]], f.message)
            for f in result.findings] == [
        ("tool-shadowed", "warning", 'tool("search_items")',
         "The tool `search_items` registered here is not listed: the MCP SDK keeps the first "
         "registration of that name (line 14) and ignores this one, saying so only in its "
         "log.")]


_ANNOTATED = '''from fastmcp import FastMCP
from mcp.types import ToolAnnotations

mcp = FastMCP("x")

READ_ONLY = ToolAnnotations(readOnlyHint=True, title="Read only")


@mcp.tool(annotations=READ_ONLY)
def read(path: str) -> str:
    return path
'''


@pytest.mark.parametrize(("text", "title", "unknown"), [
    (_ANNOTATED, "Read only", None),
    # annotations without a title: fastmcp 2.x sends none
    (_ANNOTATED.replace(', title="Read only"', ""), None, None),
    # changed after it is made: not read
    (_ANNOTATED + '\nREAD_ONLY.title = "Changed"\n', None,
     "the tool's title comes from its annotations' `title`, which is computed at run time "
     "(`READ_ONLY`)"),
    # bound twice: not read
    (_ANNOTATED.replace("\n\n@mcp.tool", "\nREAD_ONLY = None\n\n\n@mcp.tool"), None,
     "the tool's title comes from its annotations' `title`, which is computed at run time "
     "(`READ_ONLY`)"),
])
def test_annotations_kept_in_a_constant_give_the_title(
        tmp_path: Path, text: str, title: str | None, unknown: str | None) -> None:
    root = write_project(tmp_path, {"server.py": text}, pins="fastmcp==2.14.7\n")
    path = root / "server.py"
    [tool] = analyze(path.read_text(encoding="utf-8"), path).tools
    assert (tool.title, tool.unknown[0].reason if tool.unknown else None) == (title, unknown)
