"""fastmcp's composition — `mount`, `import_server`, `add_provider`, servers made by
`from_openapi`/`from_fastapi`/`as_proxy` — adds tools portlint does not derive: each is said
where it is written (never silent), except a server of the project traced here mounted as it is,
whose own registrations are its tools (the oracle project `f4-composition` records both with
fastmcp 4.2.3 and 3.4.11), or under a namespace (tests/python/test_mounted_names.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from portlint.python.analysis import analyze
from tests.python.project_files import write_project

_HEAD = ('from fastmcp import FastMCP\n\nsub = FastMCP("sub")\n\n\n@sub.tool()\n'
         'def ping(host: str) -> str:\n    return host\n\n\nmain = FastMCP("main")\n')


def _tools(tmp_path: Path, tail: str) -> list[tuple[str | None, str | None]]:
    root = write_project(tmp_path, {"server.py": _HEAD + tail}, "fastmcp==4.2.3\n")
    path = root / "server.py"
    return [(t.name if t.resolved_name else None,
             t.unknown[0].reason if t.unknown else None)
            for t in analyze(path.read_text(encoding="utf-8"), path).tools]


def test_a_traced_server_mounted_as_it_is_has_its_tools_derived(tmp_path: Path) -> None:
    assert _tools(tmp_path, "main.mount(sub)\n") == [("ping", None)]


@pytest.mark.parametrize(("tail", "reason"), [
    # (a mount with a namespace is read: tests/python/test_mounted_names.py)
    ('main.import_server(sub, prefix="s")\n',
     "`main.import_server(sub, prefix='s')` lists the tools of `sub` under other names or "
     "with other options; portlint derives them as `sub` declares them"),
    ("main.mount(FastMCP.from_openapi(openapi_spec=SPEC))\n",
     "`main.mount(FastMCP.from_openapi(openapi_spec=SPEC))` adds the tools of what it is "
     "given, made at run time from an OpenAPI document"),
    ("proxy = FastMCP.as_proxy(CONFIG)\nmain.mount(proxy)\n",
     "`main.mount(proxy)` adds the tools of what it is given, made at run time from another "
     "server (a proxy)"),
    ("main.add_provider(load_provider())\n",
     "`main.add_provider(load_provider())` adds the tools of what it is given, not a server "
     "portlint derives"),
    ("app = FastMCP.from_fastapi(APP)\n",
     "the server's tools are made at run time from a FastAPI app (`FastMCP.from_fastapi(...)`)"),
])
def test_tools_added_at_run_time_are_said_where_they_are_added(
        tmp_path: Path, tail: str, reason: str) -> None:
    assert _tools(tmp_path, tail) == [("ping", None), (None, reason)]


@pytest.mark.parametrize("tail", ['main.mount(sub, namespace="jira")\n', "main.mount(sub)\n"])
def test_a_mount_onto_a_server_portlint_does_not_trace_is_said(tmp_path: Path,
                                                               tail: str) -> None:
    # mcp-atlassian: its own FastMCP subclass, which rewrites what it lists, mounts the Jira
    # server under `jira_`: the tools of `sub` are derived as `sub` declares them, their names
    # said unknown (the PyPI sweep: 96 tools were listed under names the server never lists),
    # and what the server run lists of them is said unknown at the mount
    head = _HEAD.replace('main = FastMCP("main")\n', '''class Main(FastMCP):
    async def list_tools(self, **kwargs):
        return await super().list_tools(**kwargs)


main = Main("main")
''')
    root = write_project(tmp_path, {"server.py": head + tail}, "fastmcp==4.2.3\n")
    path = root / "server.py"
    tools = analyze(path.read_text(encoding="utf-8"), path).tools
    written = tail.strip().replace('"', "'")
    assert [(t.name if t.resolved_name else None, t.unknown[0].reason if t.unknown else None)
            for t in tools] == [
        (None, f"it is listed through `{written}`, and portlint does not read every step "
               "from its server to the one listing it (the mount, or what else its server is "
               "handed to): the name it is listed under is not known"),
        (None, f"`{written}` adds the tools of what it is given to a server portlint does not "
               "trace: `main` is a `Main`, which overrides `list_tools`: portlint does not know "
               "what such a server lists")]


@pytest.mark.parametrize(("tail", "said"), [
    # Starlette's `mount(path, app)`: an ASGI route (mcp-server-for-splunk 0.6.13), no tools
    ("def root(server):\n    app = server.http_app()\n    root_app = Starlette()\n"
     '    root_app.mount("/", app)\n    return root_app\n', None),
    # a string that is no path, on an object not traced: may be fastmcp's prefix-first mount
    ("def root(server):\n    holder = make_holder()\n"
     '    holder.mount("tools", server)\n    return holder\n',
     "`holder.mount('tools', server)` adds the tools of what it is given to a server portlint "
     "does not trace"),
])
def test_an_asgi_route_is_no_mount_of_tools(tmp_path: Path, tail: str, said: str | None) -> None:
    listed = _tools(tmp_path, tail)
    unknown = [reason for name, reason in listed if name is None]
    if said is None:
        assert unknown == []
    else:
        assert len(unknown) == 1 and unknown[0] is not None and unknown[0].startswith(said)


@pytest.mark.parametrize(("providers", "said"), [
    # mcp-server-mattermost 0.6.1: 39 tools from a folder of standalone `@tool` functions
    ('[FileSystemProvider(Path(__file__).parent / "tools")]',
     "the server lists the tools its providers give it (`providers=[FileSystemProvider(Path("
     "__file__).parent / 'tools')]`), which portlint does not read"),
    ("PROVIDERS", "the server lists the tools its providers give it (`providers=PROVIDERS`), "
                  "which portlint does not read"),
    ("[]", None),
    ("None", None),
])
def test_providers_given_to_the_server_are_said_where_they_are_given(
        tmp_path: Path, providers: str, said: str | None) -> None:
    text = ("from pathlib import Path\n\nfrom fastmcp import FastMCP\n"
            "from fastmcp.server.providers import FileSystemProvider\n\n"
            f"mcp = FastMCP('x', providers={providers})\n")
    root = write_project(tmp_path, {"server.py": text}, "fastmcp==3.4.11\n")
    path = root / "server.py"
    found = [(t.name if t.resolved_name else None, t.unknown[0].reason if t.unknown else None)
             for t in analyze(path.read_text(encoding="utf-8"), path).tools]
    assert found == ([] if said is None else [(None, said)])
