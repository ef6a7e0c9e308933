"""Keywords the installed framework refuses where a server is made or a tool registered: the
server stops at that line with a TypeError before it answers anything.

fastmcp 3.0 dropped `tool(enabled=...)` and the server's `include_tags`/`exclude_tags` (and
raises on them: "FastMCP.tool() got an unexpected keyword argument 'enabled'", "FastMCP() no
longer accepts `include_tags`. Use ..."); code written for 2.x with a range that lets 3.x or
4.x in dies on import, and portlint said "All checks passed". Every such keyword, of every
recorded release of fastmcp and of the MCP Python SDK, is read off the releases themselves by
tests/python/record_framework_keywords.py (:mod:`portlint.python.framework_keywords`); this
module only looks them up.

A release between two recorded ones of its major line refuses a keyword when both refuse it
(it was refused before and after); one newer than the newest recorded, when the newest does; one
older than the oldest recorded of its line is not judged. A keyword no recorded release names
is refused where a keyword of that kind is (the recording passes one no release has). A call
with `**options` is not judged.

fastmcp's composition is recorded the same way: `mount(sub, prefix="x")`, written for 2.x and
taken by 3.x, raises on 4.x ("FastMCP.mount() got an unexpected keyword argument 'prefix'"), and
`namespace=` raises on 2.x. A `mount()` or `import_server()` call is judged where a missing
attribute is (:mod:`portlint.python.missing_attributes`): on a server the module makes, in its
top-level code."""

from __future__ import annotations

import ast

from portlint.python.framework_keywords import KEYWORDS, REFUSED
from portlint.python.missing_attributes import reads_at_import
from portlint.python.recorded_releases import failure_between
from portlint.python.shown import shown_code

_NO_SUCH = "portlint_no_such_keyword"  # what the recording passes for a keyword no release has


def refused(package: str, version: str, call: str, keyword: str) -> str | None:
    """What ``call`` (``server``: the server class; ``tool``; ``add_tool``; ``mount``;
    ``import_server``) of ``package==version`` raises given ``keyword``, as Python prints it;
    None when it takes it, or when that cannot be told."""
    releases = REFUSED.get(package)
    if releases is None or call not in KEYWORDS:
        return None
    probed = keyword if keyword in KEYWORDS[call] else _NO_SUCH
    said = failure_between(releases, version, lambda calls: calls.get(call, {}).get(probed))
    if said is None:
        return None
    return said.replace(_NO_SUCH, keyword)


def server_keywords_refused(constructions: list[tuple[ast.Call, str]], package: str,
                            version: str) -> list[tuple[ast.keyword, str, str]]:
    """Each keyword of a server construction (:func:`portlint.python.registrations.
    server_constructions`) of ``package``'s class that ``package==version`` refuses: the
    keyword, the class as written, and what it raises."""
    found: list[tuple[ast.keyword, str, str]] = []
    for call, kind in constructions:
        if (kind == "fastmcp") != (package == "fastmcp"):
            continue  # another package's class than the one installed
        if kind in ("mcp1", "mcp2") and kind != _line(version):
            continue  # the other line's class: its import fails first (or falls back)
        if any(keyword.arg is None for keyword in call.keywords):
            continue  # `**settings`: what it holds is not known
        for keyword in call.keywords:
            assert keyword.arg is not None
            raised = refused(package, version, "server", keyword.arg)
            if raised is not None:
                found.append((keyword, shown_code(call.func), raised))
    return found


def composition_keywords_refused(tree: ast.Module, constructions: list[tuple[ast.Call, str]],
                                 package: str, version: str
                                 ) -> list[tuple[ast.keyword, str, str]]:
    """Each keyword of a `mount()` or `import_server()` call on a server the module makes that
    ``package==version`` refuses: the keyword, the method as written, and what it raises."""
    found: list[tuple[ast.keyword, str, str]] = []
    for read, call in reads_at_import(tree, constructions, package):
        if call is None or read.attr not in ("mount", "import_server") or any(
                keyword.arg is None for keyword in call.keywords):
            continue
        for keyword in call.keywords:
            assert keyword.arg is not None
            raised = refused(package, version, read.attr, keyword.arg)
            if raised is not None:
                found.append((keyword, shown_code(read), raised))
    return found


def _line(version: str) -> str:
    """The SDK line of a release of it: `mcp1` or `mcp2`."""
    return "mcp1" if version.split(".", maxsplit=1)[0] in ("0", "1") else "mcp2"
