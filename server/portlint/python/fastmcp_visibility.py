"""Tools fastmcp 2.x registers but does not list: disabled, or filtered out by the server's tags.

fastmcp 2.x leaves out of tools/list a tool registered with `enabled=False`, and, on a server
made with `FastMCP(..., include_tags=..., exclude_tags=...)`, a tool carrying a tag of
`exclude_tags`, or none of `include_tags` (observed with 2.10.6 and 2.14.7: the oracle projects
`f2-visibility` and `f2-visibility-include`). Clients never see such a tool, so nothing said of
its schemas would be true of any client: it is left out of what the module lists, as a tool
another registration shadows is (:mod:`portlint.python.shadowing`). (fastmcp 3.x and 4.x refuse
those keywords: :mod:`portlint.python.refused_keywords`.)

Only what is written as literals is judged: `enabled=False`, `tags={"a", "b"}` (a set, list or
tuple of strings), and the tag filters of a server bound to the name the tool is registered on
(`mcp = FastMCP(...)`; `@mcp.tool(...)`) — or of the module's only server, when the tool is
registered on something else. Anything computed at run time leaves the tool listed and linted:
a finding about a tool that may be hidden is true whenever it is not."""

from __future__ import annotations

import ast
from typing import NamedTuple


class TagFilters(NamedTuple):
    """A server's `include_tags` and `exclude_tags` (None: not given; ``unread``: one of them
    is not a literal)."""

    include: frozenset[str] | None
    exclude: frozenset[str] | None
    unread: bool = False


def server_filters(tree: ast.Module, constructions: list[tuple[ast.Call, str]]
                   ) -> dict[str | None, TagFilters]:
    """The tag filters of each `FastMCP(...)` of fastmcp (of ``constructions``) bound to a name
    at the top of the module, by the name; under None, the module's only one, if it has one."""
    found: dict[str | None, TagFilters] = {
        name: _filters(call) for name, call in bound_servers(tree, constructions).items()}
    calls = [call for call, kind in constructions if kind == "fastmcp"]
    if len(calls) == 1:
        found[None] = _filters(calls[0])
    return found


def bound_servers(tree: ast.Module, constructions: list[tuple[ast.Call, str]]
                  ) -> dict[str, ast.Call]:
    """Each `FastMCP(...)` of fastmcp (of ``constructions``) bound to a name at the top of the
    module, by the name."""
    calls = {id(call) for call, kind in constructions if kind == "fastmcp"}
    found: dict[str, ast.Call] = {}
    for statement in tree.body:
        value: ast.expr | None
        if isinstance(statement, ast.Assign):
            value, targets = statement.value, statement.targets
        elif isinstance(statement, ast.AnnAssign):
            value, targets = statement.value, [statement.target]
        else:
            continue
        if isinstance(value, ast.Call) and id(value) in calls:
            found.update((t.id, value) for t in targets if isinstance(t, ast.Name))
    return found


def hidden(registration: ast.expr, filters: dict[str | None, TagFilters]) -> str | None:
    """Why fastmcp 2.x does not list the tool ``registration`` (`@mcp.tool(...)`,
    `mcp.add_tool(...)`) makes; None when it does, or when that cannot be told."""
    keywords = {k.arg: k.value for k in registration.keywords if k.arg} if isinstance(
        registration, ast.Call) else {}
    enabled = keywords.get("enabled")
    if isinstance(enabled, ast.Constant) and enabled.value is False:
        return "it is registered with `enabled=False`"
    named = receiver(registration)
    server = filters.get(named) if named is not None and named in filters else \
        filters.get(None)
    if server is None or server.unread or (server.include is None and server.exclude is None):
        return None
    tags = literal_strings(keywords["tags"]) if "tags" in keywords else frozenset()
    if tags is None:
        return None
    if server.exclude is not None and tags & server.exclude:
        excluded = tags & server.exclude
        return (f"its {'tag' if len(excluded) == 1 else 'tags'} {_listed(excluded)} "
                f"{'is' if len(excluded) == 1 else 'are'} in the server's `exclude_tags`")
    if server.include is not None and not tags & server.include:
        return (f"none of its tags is in the server's `include_tags` "
                f"({_listed(server.include)})")
    return None


def _filters(call: ast.Call) -> TagFilters:
    values = {k.arg: k.value for k in call.keywords if k.arg in ("include_tags", "exclude_tags")
              and not (isinstance(k.value, ast.Constant) and k.value.value is None)}
    if any(k.arg is None for k in call.keywords):
        return TagFilters(None, None, unread=True)  # `**settings` may hold them
    include = literal_strings(values["include_tags"]) if "include_tags" in values else \
        frozenset()
    exclude = literal_strings(values["exclude_tags"]) if "exclude_tags" in values else \
        frozenset()
    if include is None or exclude is None:
        return TagFilters(None, None, unread=True)
    return TagFilters(include if "include_tags" in values else None,
                      exclude if "exclude_tags" in values else None)


def literal_strings(node: ast.expr) -> frozenset[str] | None:
    """A literal set, list or tuple of strings (`None` written: no tags); None otherwise."""
    if isinstance(node, ast.Constant) and node.value is None:
        return frozenset()
    if not isinstance(node, (ast.Set, ast.List, ast.Tuple)):
        return None
    items = [e.value for e in node.elts if isinstance(e, ast.Constant)]
    if len(items) != len(node.elts) or not all(isinstance(i, str) for i in items):
        return None
    return frozenset(str(i) for i in items)


def receiver(registration: ast.expr) -> str | None:
    """`mcp` of `mcp.tool(...)`, `mcp.tool` and `mcp.add_tool(...)`."""
    node = registration.func if isinstance(registration, ast.Call) else registration
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return node.value.id
    return None


def _listed(tags: frozenset[str]) -> str:
    return ", ".join(f"`{t}`" for t in sorted(tags))
