"""A server subclass whose `tool` hands each function to a decorator before fastmcp registers
it (mcp-atlassian's `ErrorPreservingFastMCP`, zotero-mcp's `_ZoteroMCP`): read for each
registration without running it (portlint/python/tool_overrides.py; the oracle projects
`*-tool-override` and `*-tool-registrar` hold the result to fastmcp 2.14.7, 3.4.11 and 4.2.3).
What the override does that portlint cannot follow leaves the tool unknown, with the reason."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portlint.cli.main import main
from portlint.linter import lint_text
from portlint.model import Severity
from portlint.settings import Settings

HEAD = '''import functools
import inspect

from fastmcp import FastMCP


def keep(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)

    return wrapper


def hide(fn):
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)

    return wrapper


class Server(FastMCP):
    def tool(self, name_or_fn=None, **kwargs):
{body}

mcp = Server("x")


@mcp.tool({given})
def ping(host: str) -> str:
    """Ping."""
    return host
'''

REGISTRAR = '''        if callable(name_or_fn):
            return super().tool(keep(name_or_fn), **kwargs)
        register = super().tool(name_or_fn, **kwargs)
        return lambda fn: register(keep(fn))
'''


def _write(tmp_path: Path, body: str, given: str = "") -> Path:
    (tmp_path / "requirements.txt").write_text("fastmcp==4.2.3\n", encoding="utf-8")
    path = tmp_path / "server.py"
    path.write_text(HEAD.format(body=body, given=given), encoding="utf-8")
    return path


def _tool(path: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    assert main(["schema", str(path)]) == 0
    [tool] = json.loads(capsys.readouterr().out)["tools"]
    assert isinstance(tool, dict)
    return tool


PING = {"additionalProperties": False, "properties": {"host": {"type": "string"}},
        "required": ["host"], "type": "object"}


@pytest.mark.parametrize(("body", "given"), [
    (REGISTRAR, ""),
    (REGISTRAR, '"ping"'),
    (REGISTRAR.replace("lambda fn: register(keep(fn))", "register"), ""),  # unchanged
    ('''        if isinstance(name_or_fn, str):
            kwargs = {**kwargs, "name": name_or_fn}

        def decorator(fn):
            return super(Server, self).tool(keep(fn), **kwargs)

        return decorator
''', 'name="ping"'),
], ids=["registrar", "positional-name", "registrar-returned", "inner-def"])
def test_an_override_handing_the_function_through_wraps_lists_it_as_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], body: str, given: str) -> None:
    tool = _tool(_write(tmp_path, body, given), capsys)
    assert (tool["name"], tool["description"], tool["inputSchema"]) == ("ping", "Ping.", PING)


def test_an_override_handing_it_to_a_bare_wrapper_lists_the_wrapper(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, REGISTRAR.replace("keep(", "hide("))
    tool = _tool(path, capsys)
    assert tool["name"] == "wrapper"
    text = path.read_text(encoding="utf-8")
    wrapped = [(f.rule, f.severity, text[f.span[0]:f.span[1]], f.message)
               for f in lint_text(text, str(path), Settings()).findings
               if f.rule == "tool-wrapped"]
    assert wrapped == [("tool-wrapped", Severity.WARNING, "mcp.tool()", (
        "`Server.tool`, the server's own, hands the framework `wrapper`, a function of its "
        "own, instead of `ping`: mcp and fastmcp read the tool as `wrapper`, without a description and "
        "with `wrapper`'s parameters (`*args, **kwargs`)."))]


@pytest.mark.parametrize(("body", "why"), [
    ('''        if self.strict:
            return super().tool(keep(name_or_fn), **kwargs)
        return super().tool(name_or_fn, **kwargs)
''', "its `tool` tests `self.strict`"),
    ('''        raise RuntimeError("no tools here")
''', "its `tool` raises for this registration"),
    ('''        self.count = 1
        return super().tool(name_or_fn, **kwargs)
''', "its `tool` runs `self.count = 1`"),
    ('''        return lambda fn: super().tool(keep(fn), name="other")
''', "its `tool` returns `super().tool(keep(fn), name='other')`"),
    ('''        return lambda fn: super().tool(keep(keep(fn)), **kwargs)
''', "its `tool` registers `keep(keep(fn))`"),
    ('''        kwargs = {**kwargs, "description": "d"}
        return lambda fn: super().tool(keep(fn), **kwargs)
''', "its `tool` sets `kwargs` to `{**kwargs, 'description': 'd'}`"),
], ids=["unknown-test", "raises", "other-statement", "other-keywords", "two-wrappers",
        "changed-keywords"])
def test_an_override_portlint_cannot_follow_is_said(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], body: str, why: str) -> None:
    tool = _tool(_write(tmp_path, body), capsys)
    assert tool["unknown"] == (f"`mcp` is a `Server`, which overrides `tool` ({why}): portlint "
                               "does not know what such a server lists")
