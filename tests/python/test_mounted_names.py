"""The names fastmcp lists a mounted server's tools under (portlint/python/mounted_names.py),
held to the releases by the oracle projects `f2-mount-names`, `f3-mount-names` and
`f4-mount-names`; and the `mount()` keywords a release refuses, which stop the server."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from portlint.linter import lint_text
from portlint.python.analysis import analyze
from portlint.python.mounted_names import Mount, listed_name, renamed_schema
from portlint.settings import Settings
from tests.python.project_files import write_project

_SUB = ('from fastmcp import FastMCP\n\nsub = FastMCP("sub")\n\n\n@sub.tool\n'
        'def ping(host: str) -> str:\n    return host\n\n\n'
        '@sub.tool(title="Look up")\ndef lookup(key: str) -> str:\n    return key\n')
_MAIN = 'main = FastMCP("main")\n'


def _listed(root: Path, module: str = "server.py"
            ) -> list[tuple[str | None, str | None, str | None]]:
    """(name, title, why not derived) of each tool the module registers."""
    path = root / module
    return [(t.name if t.resolved_name else None, t.title,
             t.unknown[0].reason if t.unknown else None)
            for t in analyze(path.read_text(encoding="utf-8"), path).tools]


@pytest.mark.parametrize(("pin", "mount", "expected"), [
    ("fastmcp==4.2.3", 'main.mount(sub, namespace="net")\n',
     [("net_ping", "Net Ping", None), ("net_lookup", "Look up", None)]),
    ("fastmcp==4.2.3", 'main.mount(sub, "net")\n',
     [("net_ping", "Net Ping", None), ("net_lookup", "Look up", None)]),
    ("fastmcp==3.4.11", 'main.mount(sub, prefix="net", as_proxy=True)\n',
     [("net_ping", None, None), ("net_lookup", "Look up", None)]),
    ("fastmcp==2.14.7", 'main.mount(sub, prefix="net")\n',
     [("net_ping", None, None), ("net_lookup", "Look up", None)]),
    # an empty namespace adds nothing
    ("fastmcp==4.2.3", 'main.mount(sub, namespace="")\n',
     [("ping", "Ping", None), ("lookup", "Look up", None)]),
    # new names: 2.x lists them as they are, 3.x and 4.x after the namespace
    ("fastmcp==2.14.7", 'main.mount(sub, prefix="net", tool_names={"ping": "probe"})\n',
     [("probe", None, None), ("net_lookup", "Look up", None)]),
    ("fastmcp==3.4.11", 'main.mount(sub, namespace="net", tool_names={"ping": "probe"})\n',
     [("net_probe", None, None), ("net_lookup", "Look up", None)]),
    # mounted twice: listed twice
    ("fastmcp==4.2.3", 'main.mount(sub, namespace="a")\nmain.mount(sub, namespace="b")\n',
     [("a_ping", "A Ping", None), ("b_ping", "B Ping", None), ("a_lookup", "Look up", None),
      ("b_lookup", "Look up", None)]),
])
def test_a_mounted_servers_tools_are_listed_under_the_names_the_mount_gives(
        tmp_path: Path, pin: str, mount: str, expected: list[tuple[str, str | None, None]]
        ) -> None:
    write_project(tmp_path, {"server.py": _SUB + "\n\n" + _MAIN + mount}, pin + "\n")
    assert _listed(tmp_path) == expected


def test_mounts_in_other_modules_and_within_mounts_compose(tmp_path: Path) -> None:
    write_project(tmp_path, {
        "app/__init__.py": "",
        "app/sub.py": _SUB,
        "app/middle.py": ('from fastmcp import FastMCP\n\nfrom app.sub import sub\n\n'
                          'middle = FastMCP("middle")\nmiddle.mount(sub, namespace="inner")\n'),
        "app/main.py": ('from fastmcp import FastMCP\n\nfrom app.middle import middle\n\n'
                        + _MAIN + 'main.mount(middle, namespace="outer")\n'),
    }, "fastmcp==4.2.3\n")
    assert _listed(tmp_path, "app/sub.py") == [
        ("outer_inner_ping", "Outer Inner Ping", None),
        ("outer_inner_lookup", "Look up", None)]
    # the mounts are read: nothing is said where they are written
    assert _listed(tmp_path, "app/middle.py") == []
    assert _listed(tmp_path, "app/main.py") == []


_NOT_READ = ("lists the tools of `sub` under other names or with other options; portlint "
             "derives them as `sub` declares them")


@pytest.mark.parametrize(("tail", "said"), [
    ('main.mount(sub, namespace=NAMESPACE)\n', "main.mount(sub, namespace=NAMESPACE)"),
    ('main.mount(sub, namespace="net", **OPTIONS)\n',
     "main.mount(sub, namespace='net', **OPTIONS)"),
    ('main.mount(sub, namespace="net", tool_names=RENAMES)\n',
     "main.mount(sub, namespace='net', tool_names=RENAMES)"),
    # the server handed to a function, which may register tools on it
    ('main.mount(sub, namespace="net")\nregister_more(sub)\n',
     "main.mount(sub, namespace='net')"),
])
def test_a_mount_not_read_leaves_the_names_unknown_and_is_said(
        tmp_path: Path, tail: str, said: str) -> None:
    """The server lists the tools under names portlint does not know (the declared names were
    listed before: the PyPI sweep found 96 such tools in mcp-atlassian, none of them listed
    so); their schemas are derived, and fastmcp 4's title, made from the name, is as unknown."""
    write_project(tmp_path, {"server.py": _SUB + "\n\n" + _MAIN + tail}, "fastmcp==4.2.3\n")
    unknown = (f"it is listed through `{said}`, and portlint does not read every step from "
               "its server to the one listing it (the mount, or what else its server is handed "
               "to): the name it is listed under is not known")
    assert _listed(tmp_path) == [(None, None, unknown), (None, "Look up", unknown),
                                 (None, None, f"`{said}` {_NOT_READ}")]


def test_a_listed_names_characters_are_found_at_the_tool(tmp_path: Path) -> None:
    """The name a client sees is the one linted: a dot in the namespace is reported at the
    declared tool, with the name listed."""
    text = _SUB + "\n\n" + _MAIN + 'main.mount(sub, namespace="net.tools")\n'
    write_project(tmp_path, {"server.py": text}, "fastmcp==4.2.3\n")
    path = tmp_path / "server.py"
    found = [(f.rule, f.severity, f.tool, f.path, text[f.span[0]:f.span[1]],
              f.message.split(";")[0]) for f in lint_text(text, str(path), Settings()).findings]
    assert found == [
        ("tool-name", "information", "net.tools_ping", "name", "ping",
         "The tool name `net.tools_ping` contains '.'"),
        ("tool-name", "information", "net.tools_lookup", "name", "lookup",
         "The tool name `net.tools_lookup` contains '.'")]


def test_the_names_and_schemas_a_rename_gives_per_release() -> None:
    call = ast.Call(func=ast.Name(id="mount"), args=[], keywords=[])
    mounts = [Mount(call, "inner", (("ping", "probe"),)), Mount(call, "outer", ())]
    assert listed_name("ping", mounts, "fastmcp2") == ("outer_probe", True)
    assert listed_name("ping", mounts, "fastmcp3") == ("outer_inner_probe", True)
    assert listed_name("lookup", mounts, "fastmcp4") == ("outer_inner_lookup", False)
    declared = {"additionalProperties": False, "properties": {"a": {"type": "integer"}},
                "type": "object"}
    assert list(renamed_schema(declared, "fastmcp3").items()) == [
        ("type", "object"), ("properties", {"a": {"type": "integer"}}), ("required", []),
        ("additionalProperties", False)]
    fastmcp4 = {"properties": {"a": {"type": "integer"}}, "type": "object",
                "additionalProperties": False}
    assert list(renamed_schema(fastmcp4, "fastmcp4")) == [
        "properties", "required", "type", "additionalProperties"]
    assert renamed_schema(declared, "fastmcp2") is declared


@pytest.mark.parametrize(("pin", "release", "call", "keyword", "raised"), [
    ("fastmcp>=2.10", "4.2.3", 'main.mount(sub, prefix="net")', 'prefix="net"',
     "TypeError: FastMCP.mount() got an unexpected keyword argument 'prefix'"),
    ("fastmcp==4.0.0", "4.0.0", "main.mount(sub, as_proxy=True)", "as_proxy=True",
     "TypeError: FastMCP.mount() got an unexpected keyword argument 'as_proxy'"),
    ("fastmcp==2.14.7", "2.14.7", 'main.mount(sub, namespace="net")', 'namespace="net"',
     "TypeError: FastMCP.mount() got an unexpected keyword argument 'namespace'"),
])
def test_a_mount_keyword_the_release_refuses_stops_the_server_there(
        tmp_path: Path, pin: str, release: str, call: str, keyword: str, raised: str) -> None:
    # an entry point registering no tool of its own (the tools are another module's)
    text = ("from fastmcp import FastMCP\n\nfrom sub import sub\n\n" + _MAIN + call + "\n\n"
            'if __name__ == "__main__":\n    main.run()\n')
    write_project(tmp_path, {"sub.py": _SUB, "main.py": text}, pin + "\n")
    path = tmp_path / "main.py"
    found = [(f.rule, text[f.span[0]:f.span[1]], f.message)
             for f in lint_text(text, str(path), Settings()).findings]
    assert found == [(
        "server-start-fails", keyword,
        f"This server cannot start on fastmcp {release}: `main.mount()` takes no "
        f"`{keyword.partition('=')[0]}` keyword ({raised}). The process exits here, before it "
        "answers anything: every client gets no tools.")]


@pytest.mark.parametrize("call", [
    'main.mount(sub, namespace="net")',  # taken by 4.x
    'main.mount(sub, prefix="net", **OPTIONS)',  # what it holds is not known
])
def test_mount_keywords_the_release_takes_or_cannot_be_told_are_not_said(
        tmp_path: Path, call: str) -> None:
    text = "from fastmcp import FastMCP\n\nfrom sub import sub\n\n" + _MAIN + call + "\n"
    write_project(tmp_path, {"sub.py": _SUB, "main.py": text}, "fastmcp==4.2.3\n")
    path = tmp_path / "main.py"
    assert [f.rule for f in lint_text(text, str(path), Settings()).findings
            if f.rule == "server-start-fails"] == []


def test_a_mount_inside_a_function_is_not_judged(tmp_path: Path) -> None:
    """Only the module's top-level code is certain to run (as for a missing attribute)."""
    text = ("from fastmcp import FastMCP\n\nfrom sub import sub\n\n" + _MAIN
            + 'def build():\n    main.mount(sub, prefix="net")\n')
    write_project(tmp_path, {"sub.py": _SUB, "main.py": text}, "fastmcp==4.2.3\n")
    path = tmp_path / "main.py"
    assert [f.rule for f in lint_text(text, str(path), Settings()).findings
            if f.rule == "server-start-fails"] == []


@pytest.mark.parametrize(("construction", "call", "written", "message"), [
    ('FastMCP("main", include_tags={"public"})', "main.mount(sub)", 'include_tags={"public"}',
     "This server cannot start on fastmcp 4.2.3: `FastMCP()` takes no `include_tags` keyword "
     "(TypeError: FastMCP() no longer accepts `include_tags`. Use `server.enable(tags=..., "
     "only=True)` after creating the server.). The process exits here, before it answers "
     "anything: every client gets no tools."),
    ('FastMCP("main")', "main.import_server(sub)", "main.import_server",
     "This server cannot start on fastmcp 4.2.3: its server has no `import_server` "
     "(AttributeError: 'FastMCP' object has no attribute 'import_server'). The process exits "
     "here, before it answers anything: every client gets no tools."),
])
def test_an_entry_point_without_tools_of_its_own_is_judged_as_one_with_tools(
        tmp_path: Path, construction: str, call: str, written: str, message: str) -> None:
    """The module that makes the server and mounts the servers registering the tools
    (mcp-atlassian's layout) stops where it is made or reads what the release lacks."""
    text = (f"from fastmcp import FastMCP\n\nfrom sub import sub\n\nmain = {construction}\n"
            f"{call}\n")
    write_project(tmp_path, {"sub.py": _SUB, "main.py": text}, "fastmcp==4.2.3\n")
    path = tmp_path / "main.py"
    assert [(f.rule, text[f.span[0]:f.span[1]], f.message)
            for f in lint_text(text, str(path), Settings()).findings] == [
        ("server-start-fails", written, message)]


@pytest.mark.parametrize(("main", "sub_tail", "names"), [
    # holoviz-mcp 0.18.0 annotates its server
    ('main: FastMCP = FastMCP("main")\nmain.mount(sub, namespace="net")\n', "",
     ["net_ping", "net_lookup"]),
    # jnpr-pathfinder-mcp 0.2.0: the sub-server's module runs it when it is the program
    ('main = FastMCP("main")\nmain.mount(sub, prefix="net")\n',
     '\n\nif __name__ == "__main__":\n    run_cli(server=sub)\n', ["net_ping", "net_lookup"]),
    # handed to a function where the mounting module runs: not read, the names unknown
    ('main = FastMCP("main")\nmain.mount(sub, prefix="net")\n', "\n\nrun_cli(server=sub)\n",
     [None, None]),
])
def test_a_mount_is_read_through_an_annotation_and_past_the_programs_own_block(
        tmp_path: Path, main: str, sub_tail: str, names: list[str]) -> None:
    write_project(tmp_path, {
        "sub.py": _SUB + sub_tail,
        "main.py": "from fastmcp import FastMCP\n\nfrom sub import sub\n\n" + main,
    }, "fastmcp==3.4.11\n")
    assert [name for name, _, _ in _listed(tmp_path, "sub.py")] == names


def test_a_missing_attribute_of_an_annotated_server_is_found(tmp_path: Path) -> None:
    text = ("from fastmcp import FastMCP\n\nfrom sub import sub\n\n"
            'main: FastMCP = FastMCP("main")\nmain.import_server(sub)\n')
    write_project(tmp_path, {"sub.py": _SUB, "main.py": text}, "fastmcp==4.2.3\n")
    path = tmp_path / "main.py"
    assert [(f.rule, text[f.span[0]:f.span[1]])
            for f in lint_text(text, str(path), Settings()).findings] == [
        ("server-start-fails", "main.import_server")]


@pytest.mark.parametrize("pin", ["fastmcp==2.13.3", "fastmcp==2.10.6"])
def test_a_mount_given_the_prefix_first_is_read_where_the_release_takes_it(
        tmp_path: Path, pin: str) -> None:
    """msk-mcp-server 0.1.5's `mcp.mount("dr", dr_mcp)` (oracle project
    `f2-mount-prefix-first`, under 2.10.6 and 2.13.3)."""
    write_project(tmp_path, {"server.py": _SUB + "\n\n" + _MAIN + 'main.mount("net", sub)\n'},
                  pin + "\n")
    assert _listed(tmp_path) == [("net_ping", None, None), ("net_lookup", "Look up", None)]


@pytest.mark.parametrize(("pin", "release", "raised", "keyword"), [
    ("fastmcp>=2.0", "4.2.3", "'required_extensions'", "namespace"),
    ("fastmcp==3.4.11", "3.4.11", "'_lifespan_manager'", "namespace"),
    ("fastmcp==2.14.7", "2.14.7", "'_lifespan'", "prefix"),
])
def test_a_mount_given_the_prefix_first_stops_a_release_taking_the_server_first(
        tmp_path: Path, pin: str, release: str, raised: str, keyword: str) -> None:
    text = ("from fastmcp import FastMCP\n\nfrom sub import sub\n\n" + _MAIN
            + 'main.mount("net", sub)\nmain.mount("more", sub)\n')
    write_project(tmp_path, {"sub.py": _SUB, "main.py": text}, pin + "\n")
    path = tmp_path / "main.py"
    # said at the first: the process never reaches the second
    assert [(f.rule, text[f.span[0]:f.span[1]], f.message)
            for f in lint_text(text, str(path), Settings()).findings
            if f.rule == "server-start-fails"] == [(
        "server-start-fails", '"net"',
        f"This server cannot start on fastmcp {release}: `main.mount()` is given the prefix "
        "first, the order fastmcp took until 2.13.3; this release takes the server first "
        f"(AttributeError: 'str' object has no attribute {raised}). Write `mount(server, "
        f"{keyword}=...)`. The process exits here, before it answers anything: every client "
        "gets no tools.")]


def test_a_server_that_stops_where_it_is_made_is_not_said_to_stop_at_its_mounts(
        tmp_path: Path) -> None:
    """msk-mcp-server 0.1.5 on fastmcp 4.2.3: `FastMCP(..., dependencies=[...])` raises before
    its two prefix-first mounts run."""
    text = ("from fastmcp import FastMCP\n\nfrom sub import sub\n\n"
            'main = FastMCP("main", dependencies=["boto3"])\nmain.mount("net", sub)\n'
            'main.mount(sub, prefix="x")\n')
    write_project(tmp_path, {"sub.py": _SUB, "main.py": text}, "fastmcp==4.2.3\n")
    path = tmp_path / "main.py"
    assert [text[f.span[0]:f.span[1]] for f in lint_text(text, str(path), Settings()).findings
            if f.rule == "server-start-fails"] == ['dependencies=["boto3"]']


def test_the_recorded_mount_order_table_is_committed_whole() -> None:
    from portlint.python.fastmcp_mount_order import PREFIX_FIRST
    from tests.python import record_mount_order

    assert list(PREFIX_FIRST) == [r for _, r, _, _ in record_mount_order.RELEASES]
    assert [r for r, outcome in PREFIX_FIRST.items() if outcome is None] == ["2.10.6", "2.13.3"]


@pytest.mark.live_oracle
def test_the_mount_order_table_is_what_the_releases_do() -> None:
    from tests.python import record_mount_order

    assert record_mount_order.TARGET.read_text(encoding="utf-8") == \
        record_mount_order.recorded(), (
            "the releases differ from the committed table: run "
            "`python -m tests.python.record_mount_order` and review the difference")


_FACTORY = '''from fastmcp import FastMCP

from app.tools import sub


def create_server(profile=None):
    root = FastMCP("root")
    root.mount(sub, namespace="net")
    return root


def _apply_auth(server, token):
    server.auth = token


mcp = create_server()


def main():
    server = create_server("full")
    _apply_auth(server, "t")
    server.run()
'''


@pytest.mark.parametrize(("server", "names"), [
    # mcp-server-espn 2.1.1: mounted in a factory, the sub-server re-exported by a package's
    # `__init__`; the factory's result handed to a function that mounts nothing
    (_FACTORY, ["net_ping", "net_lookup"]),
    # a server a function makes and runs itself
    ('from fastmcp import FastMCP\n\nfrom app.tools import sub\n\n\ndef main():\n'
     '    root = FastMCP("root")\n    root.mount(sub, namespace="net")\n    root.run()\n',
     ["net_ping", "net_lookup"]),
    # the factory's result handed to a function that mounts it elsewhere: not read, the
    # names unknown
    (_FACTORY.replace("    server.auth = token\n",
                      "    outer = FastMCP('outer')\n    outer.mount(server, namespace='o')\n"),
     [None, None]),
    # a result not bound to a name: not read
    (_FACTORY.replace("mcp = create_server()", "run(create_server())"), [None, None]),
])
def test_a_mount_in_a_function_making_the_server_is_read(
        tmp_path: Path, server: str, names: list[str]) -> None:
    write_project(tmp_path, {
        "app/__init__.py": "",
        "app/tools/__init__.py": "from app.tools.sub import sub\n\n__all__ = ['sub']\n",
        "app/tools/sub.py": _SUB,
        "app/server.py": server,
    }, "fastmcp==4.2.3\n")
    assert [name for name, _, _ in _listed(tmp_path, "app/tools/sub.py")] == names


@pytest.mark.parametrize(("code", "written"), [
    # a function called where the module is imported runs there: on the module's server
    ('main = FastMCP("main")\n\n\ndef setup():\n    main.mount(sub, namespace="net")\n\n\n'
     "setup()\n", 'namespace="net"'),
    # on a server it makes (mcp-server-espn's factory form)
    ('def create_server():\n    root = FastMCP("root")\n    root.mount(sub, namespace="net")\n'
     "    return root\n\n\nmcp = create_server()\n", 'namespace="net"'),
])
def test_a_refused_mount_in_a_function_run_at_import_stops_the_server(
        tmp_path: Path, code: str, written: str) -> None:
    text = "from fastmcp import FastMCP\n\nfrom sub import sub\n\n" + code
    write_project(tmp_path, {"sub.py": _SUB, "main.py": text}, "fastmcp==2.14.7\n")
    path = tmp_path / "main.py"
    assert [(f.rule, text[f.span[0]:f.span[1]])
            for f in lint_text(text, str(path), Settings()).findings
            if f.rule == "server-start-fails"] == [("server-start-fails", written)]


@pytest.mark.parametrize("code", [
    # never called: not judged
    'main = FastMCP("main")\n\n\ndef setup():\n    main.mount(sub, namespace="net")\n',
    # under an `if` in the function: may not run
    'main = FastMCP("main")\n\n\ndef setup(full=True):\n    if full:\n'
    '        main.mount(sub, namespace="net")\n\n\nsetup()\n',
    # a name of the function's own, not the module's server
    'main = FastMCP("main")\n\n\ndef setup(main):\n    main.mount(sub, namespace="net")\n\n\n'
    "setup(other)\n",
])
def test_a_mount_in_a_function_that_may_not_run_is_not_judged(tmp_path: Path,
                                                              code: str) -> None:
    text = "from fastmcp import FastMCP\n\nfrom sub import sub\n\n" + code
    write_project(tmp_path, {"sub.py": _SUB, "main.py": text}, "fastmcp==2.14.7\n")
    path = tmp_path / "main.py"
    assert [f.rule for f in lint_text(text, str(path), Settings()).findings
            if f.rule == "server-start-fails"] == []
