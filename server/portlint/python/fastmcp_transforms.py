"""Tools fastmcp 3.x and 4.x register but do not list: hidden by the server's visibility.

From 3.0.0 a fastmcp server hides and shows its tools with `mcp.disable(...)` and
`mcp.enable(...)` (the 2.x keywords `enabled=False` and `exclude_tags` are refused; see
:mod:`portlint.python.fastmcp_visibility` for 2.x). Each call adds a transform; when the tools
are listed, every transform that matches a tool marks it shown or hidden, in the order the calls
were made, so the last one matching wins. A transform matches when every criterion it names
matches: `names` (the name the tool is listed under), `tags` (at least one of the tool's),
`components` (`"tool"` among them). `enable(..., only=True)` first hides everything. Recorded
under fastmcp 3.0.0, 3.2.4, 3.4.11, 4.0.0 and 4.2.3 (the oracle projects
`f3-visibility-transforms`, `f4-visibility-transforms` and `f4-visibility-only`).

Only calls written as statements of the module's top level, on a server bound there by name
(`mcp = FastMCP(...)`; `mcp.disable(tags={"admin"})`), with literal sets, lists or tuples of
strings, are read. A server with any other `enable`/`disable` call (inside a function or an
`if`, with `keys=`, `version=` or a value computed at run time) has its tools judged listed, as
are tools whose tags or name cannot be read: a finding about a tool that may be hidden is true
whenever it is not."""

from __future__ import annotations

import ast
from typing import NamedTuple

from portlint.python.fastmcp_visibility import literal_strings
from portlint.python.shown import shown_code

_CRITERIA = frozenset(("names", "tags", "components"))


class Transform(NamedTuple):
    """One `enable`/`disable` call: what it marks the tools it matches, and its criteria
    (None: not given)."""

    shown: bool
    names: frozenset[str] | None
    tags: frozenset[str] | None
    components: frozenset[str] | None
    every: bool  # the first half of `enable(..., only=True)`: hides every tool
    written: str  # the call, as written, with its line

    def matches(self, name: str | None, tags: frozenset[str] | None) -> bool | None:
        """Whether this transform applies to a tool (None: cannot be told)."""
        if self.every:
            return True
        if self.names is None and self.tags is None and self.components is None:
            return False  # fastmcp: a transform with no criteria matches nothing
        if self.components is not None and "tool" not in self.components:
            return False
        if self.names is not None:
            if name is None:
                return None
            if name not in self.names:
                return False
        if self.tags is None:
            return True
        if tags is None:
            return None
        return bool(tags & self.tags)


def server_transforms(tree: ast.Module, servers: dict[str, ast.Call]
                      ) -> dict[str, tuple[Transform, ...] | None]:
    """The visibility transforms of each server of ``servers`` (bound at the module's top
    level, by name), in the order they are added; None for a server with a call that is not
    read (see the module's documentation)."""
    found: dict[str, list[Transform] | None] = {name: [] for name in servers}
    read: set[int] = set()
    for statement in tree.body:
        if not isinstance(statement, ast.Expr):
            continue
        call = statement.value
        server = _visibility_call(call, servers)
        if server is None:
            continue
        assert isinstance(call, ast.Call)
        read.add(id(call))
        steps = _transforms(call)
        kept = found[server]
        if steps is None or kept is None:
            found[server] = None
        else:
            kept.extend(steps)
    for node in ast.walk(tree):
        server = _visibility_call(node, servers) if id(node) not in read else None
        if server is not None:
            found[server] = None  # a call elsewhere: when it runs is not known
    return {name: tuple(steps) if steps is not None else None for name, steps in found.items()}


def hidden_by(name: str | None, tags: frozenset[str] | None,
              transforms: tuple[Transform, ...]) -> str | None:
    """Why the server does not list a tool (named ``name``, tagged ``tags``; None: not read),
    or None when it does or when that cannot be told."""
    shown = True
    last: Transform | None = None
    for transform in transforms:
        matched = transform.matches(name, tags)
        if matched is None:
            return None
        if matched:
            shown, last = transform.shown, transform
    if shown or last is None:
        return None
    if last.every:
        return f"the server's {last.written} hides every tool it does not enable"
    return f"the server's {last.written} hides it (the last of its visibility calls to match it)"


def _visibility_call(node: ast.AST, servers: dict[str, ast.Call]) -> str | None:
    """The server `NAME.enable(...)`/`NAME.disable(...)` is called on, if ``node`` is one."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("enable", "disable") and isinstance(node.func.value, ast.Name)
            and node.func.value.id in servers):
        return None
    return node.func.value.id


def _transforms(call: ast.Call) -> list[Transform] | None:
    """What one call adds (two transforms for `only=True`), or None when it is not read."""
    assert isinstance(call.func, ast.Attribute)
    if call.args or any(k.arg is None for k in call.keywords):
        return None
    criteria: dict[str, frozenset[str] | None] = dict.fromkeys(_CRITERIA)
    only = False
    for keyword in call.keywords:
        value = keyword.value
        if keyword.arg == "only" and call.func.attr == "enable" and isinstance(
                value, ast.Constant) and isinstance(value.value, bool):
            only = value.value
        elif keyword.arg in _CRITERIA:
            strings = _strings(value)
            if strings is _UNREAD:
                return None
            # fastmcp gives an empty set of tags as none (`tags if tags else None`)
            criteria[keyword.arg] = strings if strings or keyword.arg != "tags" else None
        else:
            return None  # `keys=`, `version=`, or a keyword of another release
    written = f"`{shown_code(call)}` (line {call.lineno})"
    shown = call.func.attr == "enable"
    made = Transform(shown, criteria["names"], criteria["tags"], criteria["components"],
                     False, written)
    if only:
        return [Transform(False, None, None, None, True, written), made]
    return [made]


_UNREAD = frozenset(("\0unread",))


def _strings(node: ast.expr) -> frozenset[str] | None:
    """A literal set, list or tuple of strings; None for `None` (not given); :data:`_UNREAD`
    otherwise."""
    if isinstance(node, ast.Constant) and node.value is None:
        return None
    strings = literal_strings(node)
    return _UNREAD if strings is None else strings


def tool_tags(node: ast.expr, options: dict[str, ast.expr]) -> frozenset[str] | None:
    """The tags a registration (``node``, with its keyword ``options``) gives its tool (None:
    not read)."""
    written = options.get("tags")
    if written is None:
        spread = isinstance(node, ast.Call) and any(k.arg is None for k in node.keywords)
        return None if spread else frozenset()
    strings = _strings(written)
    return None if strings is _UNREAD else strings or frozenset()
