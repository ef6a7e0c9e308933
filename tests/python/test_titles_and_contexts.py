"""A tool's title taken from its `annotations` (fastmcp, every release: `title=` when it is not
empty, else `annotations.title`, else — 4.x — one made from the name; the SDK sends `title=`
alone), and parameters the framework injects its `Context` into, written as
`Optional[Context]`, unions, `Annotated`, quoted or as a subclass. The recorded projects
`*-title-forms`, `*-context-forms` and `f2-context-unquoted` (beside `*-annot-title` and
`*-optctx`) prove what the frameworks do; these tests pin what portlint says
where it cannot know: annotations or a title computed at run time, and the releases whose
handling of a `Context` parameter differs from the recorded ones."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portlint.cli.main import main


def _tools(tmp_path: Path, text: str, framework: str,
           capsys: pytest.CaptureFixture[str]) -> dict[str, dict[str, object]]:
    path = tmp_path / "server.py"
    path.write_text(text, encoding="utf-8")
    main(["schema", str(path), "--framework", framework])
    tools = json.loads(capsys.readouterr().out)["tools"]
    return {str(t["name"]): t for t in tools}


ANNOTATED = '''from fastmcp import FastMCP
from mcp.types import ToolAnnotations

mcp = FastMCP("x")
SHARED = ToolAnnotations(title="Shared", readOnlyHint=True)
BASE = {"readOnlyHint": True}


def make() -> str:
    return "Made"


@mcp.tool(annotations=SHARED)
def shared(a: str) -> str:
    return a


@mcp.tool(title="Written", annotations=SHARED)
def written(a: str) -> str:
    return a


@mcp.tool(annotations=ToolAnnotations(title=make()))
def made(a: str) -> str:
    return a


@mcp.tool(annotations={**BASE, "title": "Spread"})
def spread(a: str) -> str:
    return a


@mcp.tool(title=make())
def computed_title(a: str) -> str:
    return a
'''


@pytest.mark.parametrize("framework", ["fastmcp==2.14.7", "fastmcp==3.4.11", "fastmcp==4.2.3"])
def test_fastmcp_annotations_read_at_run_time_leave_the_title_unknown(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], framework: str) -> None:
    tools = _tools(tmp_path, ANNOTATED, framework, capsys)
    computed = "the tool's title comes from its annotations' `title`, which is computed at run time"
    assert tools["made"]["unknown"] == f"{computed} (`make()`)"
    assert tools["spread"]["unknown"] == f"{computed} (`{{**BASE, 'title': 'Spread'}}`)"
    for name in ("made", "spread"):
        assert "title" not in tools[name]
    # a constant of the module, bound once and never changed, is read
    assert tools["shared"]["title"] == "Shared"
    assert "unknown" not in tools["shared"]
    # a title written out wins over the annotations, whatever they hold
    assert tools["written"]["title"] == "Written"
    assert "unknown" not in tools["written"]
    # a title computed at run time is unknown, and no title made from the name stands in for it
    assert tools["computed_title"]["unknown"] == (
        "the tool's title is computed at run time (`make()`)")
    assert "title" not in tools["computed_title"]


def test_the_sdk_does_not_read_the_title_from_the_annotations(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = ANNOTATED.replace("from fastmcp import FastMCP",
                             "from mcp.server.fastmcp import FastMCP")
    tools = _tools(tmp_path, text, "mcp==1.30.0", capsys)
    for name in ("shared", "made", "spread"):
        assert "unknown" not in tools[name]
        assert "title" not in tools[name]
    assert tools["written"]["title"] == "Written"


OPTIONAL_CONTEXT = '''from typing import Annotated, Optional

from mcp.server.fastmcp import Context, FastMCP

mcp = FastMCP("x")


class ToolContext(Context):
    pass


@mcp.tool()
async def plain(query: str, ctx: Context) -> str:
    return query


@mcp.tool()
async def optional(query: str, ctx: Optional[Context] = None) -> str:
    return query


@mcp.tool()
async def piped(query: str, ctx: Context | None = None) -> str:
    return query


@mcp.tool()
async def annotated(query: str, ctx: Annotated[Context, "x"]) -> str:
    return query


@mcp.tool()
async def quoted(query: str, ctx: "Context") -> str:
    return query


@mcp.tool()
async def subclassed(query: str, ctx: ToolContext) -> str:
    return query


@mcp.tool()
async def two(query: str, ctx: Context, again: Context | None = None) -> str:
    return query
'''
QUERY_ONLY = {"properties": {"query": {"title": "Query", "type": "string"}},
              "required": ["query"], "type": "object"}


def test_the_sdk_from_1_14_leaves_every_spelling_of_its_context_out(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tools = _tools(tmp_path, OPTIONAL_CONTEXT, "mcp==1.14.0,pydantic==2.11.7", capsys)
    for name in ("plain", "optional", "piped", "annotated", "quoted", "subclassed"):
        assert "unknown" not in tools[name], name
        assert tools[name]["inputSchema"] == {**QUERY_ONLY, "title": f"{name}Arguments"}


def test_the_sdk_before_1_14_lists_every_spelling_but_the_class_and_a_subclass(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tools = _tools(tmp_path, OPTIONAL_CONTEXT, "mcp==1.13.1,pydantic==2.11.7", capsys)
    assert tools["plain"]["inputSchema"] == {**QUERY_ONLY, "title": "plainArguments"}
    assert tools["subclassed"]["inputSchema"] == {**QUERY_ONLY, "title": "subclassedArguments"}
    assert tools["optional"]["unknown"] == (
        "the MCP SDK before 1.14 writes the schema of its own `Context` class (or of the "
        "subclass named) into the tool's for `ctx`, annotated `Optional[Context]`; 1.14.0 on "
        "leaves it out, and portlint does not read the SDK's source")
    for name, written in (("piped", "Context | None"), ("annotated", "Annotated[Context, 'x']"),
                          ("quoted", "'Context'")):
        assert "inputSchema" not in tools[name]
        assert f"for `ctx`, annotated `{written}`; 1.14.0 on leaves it out" in str(
            tools[name]["unknown"]), name


def test_a_subclass_of_context_is_injected_from_sdk_1_7(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # every release from 1.3.0 to 1.14.0 probed: 1.6.0 lists such a parameter, 1.7.0 injects it
    tools = _tools(tmp_path, OPTIONAL_CONTEXT, "mcp==1.6.0,pydantic==2.10.6", capsys)
    assert tools["plain"]["inputSchema"] == {**QUERY_ONLY, "title": "plainArguments"}
    assert tools["subclassed"]["unknown"] == (
        "mcp 1.6.0 lists `ctx`, annotated with `ToolContext`, a subclass of its `Context`, with "
        "that class's schema (the SDK injects such a parameter from 1.7.0 on), and portlint "
        "does not read the SDK's source")
    assert "inputSchema" not in tools["subclassed"]
    for release in ("mcp==1.7.0,pydantic==2.11.7", "mcp==1.12.4,pydantic==2.11.7"):
        injected = _tools(tmp_path, OPTIONAL_CONTEXT, release, capsys)
        assert injected["subclassed"]["inputSchema"] == {**QUERY_ONLY,
                                                         "title": "subclassedArguments"}


@pytest.mark.parametrize("framework", ["mcp==1.30.0", "fastmcp==2.14.7", "fastmcp==4.2.3"])
def test_a_second_context_parameter_is_unknown(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], framework: str) -> None:
    text = OPTIONAL_CONTEXT
    if framework.startswith("fastmcp"):
        text = text.replace("from mcp.server.fastmcp import", "from fastmcp import")
    tools = _tools(tmp_path, text, framework, capsys)
    release = framework.replace("==", " ")
    assert tools["two"]["unknown"] == (
        f"`again` is a second `Context` parameter (after `ctx`): which of them {release} "
        "injects, and what it lists for the other, is not derived")


def test_fastmcp_before_2_11_does_not_resolve_a_quoted_context(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = OPTIONAL_CONTEXT.replace("from mcp.server.fastmcp import", "from fastmcp import")
    old = _tools(tmp_path, text, "fastmcp==2.10.6,pydantic==2.11.7", capsys)
    assert old["quoted"]["unknown"] == (
        "fastmcp 2.10.6 does not resolve the quoted annotation `'Context'` to its `Context` "
        "(2.11.0 on does): `ctx` is read as a parameter of that type, and the server fails at "
        "start-up (AttributeError: __pydantic_core_schema__, recorded with fastmcp 2.10.6)")
    # injected by 2.10.6 already (recorded in f2-context-unquoted)
    for name in ("optional", "piped", "annotated", "subclassed"):
        assert "unknown" not in old[name], name
    new = _tools(tmp_path, text, "fastmcp==2.11.0,pydantic==2.11.7", capsys)
    assert "unknown" not in new["quoted"]
    # titled: fastmcp prunes titles from 2.12.4 only (f2-parameter-titles)
    assert new["quoted"]["inputSchema"]["properties"] == {
        "query": {"title": "Query", "type": "string"}}


def test_postponed_annotations_on_an_old_sdk_are_unknown(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = "from __future__ import annotations\n" + OPTIONAL_CONTEXT
    old = _tools(tmp_path, text, "mcp==1.12.4,pydantic==2.11.7", capsys)
    assert old["plain"]["unknown"] == (
        "the MCP SDK before 1.14 writes the schema of its own `Context` class (or of the "
        "subclass named) into the tool's for `ctx`, annotated `Context`, a string at run time "
        "(`from __future__ import annotations`); 1.14.0 on leaves it out, and portlint does not "
        "read the SDK's source")
    new = _tools(tmp_path, text, "mcp==1.30.0", capsys)
    assert new["plain"]["inputSchema"] == {**QUERY_ONLY, "title": "plainArguments"}


def test_context_inside_another_generic_is_not_dropped(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = OPTIONAL_CONTEXT + '''

@mcp.tool()
async def listed(query: str, ctx: list[Context]) -> str:
    return query
'''
    tools = _tools(tmp_path, text, "mcp==1.30.0", capsys)
    assert "inputSchema" not in tools["listed"]
    assert "Context" in str(tools["listed"]["unknown"])


# -- parameters the SDK 2.x fills by running a function (oracle: m2-resolve) -----------------

_RESOLVED = '''\
from typing import Annotated

from mcp.server.mcpserver import MCPServer, Resolve

mcp = MCPServer("m")


def region() -> str:
    return "eu"


@mcp.tool()
def find(q: str, where: {annotation}) -> str:
    return q
'''


def test_a_parameter_the_sdk_resolves_is_not_listed_and_one_in_a_union_is_unknown(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    kept = _tools(tmp_path, _RESOLVED.format(annotation="Annotated[str, Resolve(region)]"),
                  "mcp==2.3.0", capsys)["find"]
    assert list(kept["inputSchema"]["properties"]) == ["q"]  # type: ignore[index]
    refused = _tools(tmp_path, _RESOLVED.format(
        annotation="Annotated[str, Resolve(region)] | None"), "mcp==2.3.0", capsys)["find"]
    assert refused["unknown"] == (
        "`Resolve(...)` inside the annotation rather than at its top (the SDK refuses one in a "
        "union when the tool is registered)")
    # the SDK 1.x has no `Resolve`: the parameter is an argument like any other
    listed = _tools(tmp_path, _RESOLVED.format(annotation="str").replace(
        "mcpserver import MCPServer, Resolve", "fastmcp import FastMCP").replace(
        'MCPServer("m")', 'FastMCP("m")'), "mcp==1.30.0", capsys)["find"]
    assert list(listed["inputSchema"]["properties"]) == ["q", "where"]  # type: ignore[index]


def test_the_sdk_1_server_class_is_found_where_mcp_server_exports_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # mcp-youtube-transcript: `from mcp.server import FastMCP` (mcp 1.x re-exports it there)
    text = "from mcp.server import FastMCP\n\nmcp = FastMCP('m')\n\n\n@mcp.tool()\n" \
           "def find(q: str) -> str:\n    return q\n"
    tool = _tools(tmp_path, text, "mcp==1.30.0", capsys)["find"]
    assert list(tool["inputSchema"]["properties"]) == ["q"]  # type: ignore[call-overload]


_DOC_SET = '''from fastmcp import FastMCP

mcp = FastMCP("x")


def echo(text: str) -> str:
    """Original docstring."""
    return text


echo.__doc__ = "Replaced at import time."
mcp.tool()(echo)


@mcp.tool(description="Written.")
def kept(text: str) -> str:
    """Doc."""
    return text


kept.__doc__ = "Not sent."
'''


@pytest.mark.parametrize("framework", ["fastmcp==2.14.7", "fastmcp==4.2.3", "mcp==1.30.0"])
def test_a_docstring_the_module_sets_at_run_time_is_not_read(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], framework: str) -> None:
    # awslabs lambda-tool: `fn.__doc__ = description` before `mcp.tool(...)(fn)`: the framework
    # sends the docstring set, not the one written
    text = _DOC_SET if framework.startswith("fastmcp") else _DOC_SET.replace(
        "from fastmcp import FastMCP", "from mcp.server.fastmcp import FastMCP")
    tools = _tools(tmp_path, text, framework, capsys)
    assert "description" not in tools["echo"]
    assert tools["echo"]["unknown"] == (
        "the tool's description is the docstring of `echo`, and the module sets `echo.__doc__` "
        "at run time (line 11)")
    assert "inputSchema" in tools["echo"]  # its schemas are derived all the same
    assert tools["kept"]["description"] == "Written."
    assert "unknown" not in tools["kept"]
