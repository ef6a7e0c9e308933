"""Tool groups as larger servers write them (awslabs' agentcore): a function of a module of the
project registered through the module (`mcp.tool()(docs.search_docs)`); classes made in a loop
over a literal list and given the server (`for name, cls in GROUPS: cls(name).register(mcp)`);
and a server handed on through a function of another module (`register_groups(mcp)`, imported
where it is called) to the classes that register on it. The oracle projects `*-tool-groups`
check the tools against the real frameworks."""

from __future__ import annotations

from pathlib import Path

from tests.python.project_files import registered, write_project

_SERVER = '''from mcp.server.fastmcp import FastMCP

from app import docs, groups

mcp = FastMCP("x")
mcp.tool()(docs.search_docs)
groups.register_groups(mcp)
'''
_DOCS = '''def search_docs(query: str, k: int = 5) -> list[str]:
    """Search."""
    return [query] * k


ALIAS = search_docs
'''
_GROUPS = '''from app.reads import Reads
from app.writes import Writes


def register_groups(mcp):
    for name, cls in [("reads", Reads), ("writes", Writes)]:
        cls(name).register(mcp)
'''
_CLASS = '''from mcp.server.fastmcp import Context


class {name}:
    def __init__(self, prefix: str):
        self.prefix = prefix

    def register(self, mcp):
        mcp.tool(name="{tool}")(self.run)

    def run(self, path: str) -> str:
        """Run."""
        return path
'''


def _project(tmp_path: Path, **changed: str) -> Path:
    files = {"app/__init__.py": "", "app/server.py": _SERVER, "app/docs.py": _DOCS,
             "app/groups.py": _GROUPS,
             "app/reads.py": _CLASS.format(name="Reads", tool="read_file"),
             "app/writes.py": _CLASS.format(name="Writes", tool="write_file")}
    files.update({name.replace("__", "/").replace("_py", ".py"): text
                  for name, text in changed.items()})
    return write_project(tmp_path, files)


def test_a_function_registered_through_its_module(tmp_path: Path) -> None:
    root = _project(tmp_path)
    assert registered(root / "app" / "server.py") == [("search_docs", ["query", "k"])]


def test_what_a_module_does_not_define_once_as_a_function_is_reported(tmp_path: Path) -> None:
    root = _project(tmp_path, app__server_py=_SERVER.replace("docs.search_docs", "docs.ALIAS"))
    assert registered(root / "app" / "server.py") == [
        (None, "`docs.ALIAS` is not a function portlint can find")]
    # a name of the function's own, not the module
    root = _project(tmp_path, app__server_py=_SERVER.replace(
        'mcp.tool()(docs.search_docs)', 'def local(docs):\n    mcp.tool()(docs.search_docs)\n'))
    [(name, why)] = registered(root / "app" / "server.py")
    assert name is None and why.startswith("`docs.search_docs` is not a function portlint can "
                                           "find")


def test_classes_made_in_a_loop_over_a_literal_list_get_the_server_handed_on(
        tmp_path: Path) -> None:
    root = _project(tmp_path)
    assert registered(root / "app" / "reads.py") == [("read_file", ["path"])]
    assert registered(root / "app" / "writes.py") == [("write_file", ["path"])]


def test_a_loop_over_what_is_not_a_literal_list_is_reported(tmp_path: Path) -> None:
    root = _project(tmp_path, app__groups_py=_GROUPS.replace(
        '[("reads", Reads), ("writes", Writes)]', "sorted(GROUPS)").replace(
        "def register", 'GROUPS = {"reads": Reads}\n\n\ndef register'))
    [(name, why)] = registered(root / "app" / "reads.py")
    assert name is None
    assert why == ("`mcp` is given to `cls(name).register` (groups.py, line 10), whose object "
                   "portlint cannot trace to an instance of a class of the project: portlint "
                   "does not know what such a server lists")


def test_a_server_handed_on_through_too_many_modules_is_not_followed(tmp_path: Path) -> None:
    # server.py → hop1.register_all → hop2.register_groups → hop3.register_more → the classes
    hop = '''from app import {next}


def {name}(mcp):
    {next}.{next_name}(mcp)
'''
    root = _project(
        tmp_path,
        app__server_py=_SERVER.replace("groups.register_groups(mcp)", "hop1.register_all(mcp)")
        .replace("import docs, groups", "import docs, hop1"),
        app__hop1_py=hop.format(next="hop2", name="register_all", next_name="register_two"),
        app__hop2_py=hop.format(next="groups", name="register_two",
                                next_name="register_groups"))
    [(name, why)] = registered(root / "app" / "reads.py")
    # past the modules a server is followed through, what hop1 hands on is not traced
    assert name is None
    assert why == ("`mcp` is given `mcp` (hop1.py, line 5), which portlint cannot trace to "
                   "where the server is made: portlint does not know what such a server lists")


def test_functions_from_a_loop_over_literal_pairs(tmp_path: Path) -> None:
    server = '''from mcp.server.fastmcp import FastMCP

mcp = FastMCP("x")


def a(x: int) -> int:
    return x


def b(y: str) -> str:
    return y


for label, fn in [("first", a), ("second", b)]:
    mcp.tool()(fn)

for label, fn in sorted({"c": a}.items()):
    mcp.tool()(fn)
'''
    root = write_project(tmp_path, {"server.py": server})
    assert registered(root / "server.py") == [
        ("a", ["x"]), ("b", ["y"]),
        (None, "the functions come from `sorted({'c': a}.items())`, which is not a literal list")]


def test_a_method_of_the_same_name_does_not_hide_the_module_s_function(
        tmp_path: Path) -> None:
    docs = _DOCS + '''

class Index:
    def search_docs(self, query: str) -> list[str]:
        return []
'''
    root = _project(tmp_path, app__docs_py=docs)
    assert registered(root / "app" / "server.py") == [("search_docs", ["query", "k"])]
