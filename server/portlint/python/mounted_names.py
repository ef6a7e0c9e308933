"""The names a fastmcp server lists the tools of a server it mounts under.

`main.mount(jira, namespace="jira")` (3.x and 4.x; `prefix=` on 2.x and 3.x, or the second
argument) lists `jira`'s tool `search` as `jira_search`, and `tool_names={"search": "find"}`
renames one: 2.x lists the new name as it is (`find`), 3.x and 4.x put the namespace before it
(`jira_find`). An empty namespace adds nothing. Mounts compose: a server mounted under `b` onto
one mounted under `a` lists `a_b_search`. fastmcp 4 makes the title of a tool that has none
written from the name it lists (`Jira Search`), and 3.x and 4.x build the input schema of a
renamed tool again (:func:`renamed_schema`). Recorded from the releases in the oracle projects
`f2-mount-names`, `f3-mount-names` and `f4-mount-names`. The order before 2.9, the prefix first
(`mount("jira", sub)`), is taken up to 2.13 and stops the server from 2.14 on (recorded from the
releases: :mod:`portlint.python.fastmcp_mount_order`). `import_server(sub, prefix="x")` (2.x,
3.x) is not read: a coroutine function, it copies nothing unless what it returns is awaited.

Read only where every step is certain: the server mounted and the one it is mounted onto are
each a name bound once, at a module's top level, to fastmcp's server class (:func:`portlint.
python.missing_attributes.module_servers`), in the module or imported by name from another of
the project; the namespace and the new names are strings written in the call; nothing else is
given but `as_proxy` (a proxy lists the same names). A server the project hands to any other
call (a function that may register tools on it, under whatever name it has there) is not read
either, unless the call is in a module's `if __name__ == "__main__":` block, which never runs
where the server is mounted. A mount not read leaves the tools of what it mounts under the
names they are declared with, and is said where it is written (:mod:`portlint.python.
registrations`)."""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from portlint.python.bindings import (
    assigned,
    binding_counts,
    bindings_within,
    body_nodes,
    parameter_names,
    statement_holding,
)
from portlint.python.fastmcp_mount_order import PREFIX_FIRST
from portlint.python.missing_attributes import module_servers, reads_at_import
from portlint.python.model_index import imported_from
from portlint.python.names import Names
from portlint.python.recorded_releases import failure_between
from portlint.python.registrations import prefix_first, server_constructions
from portlint.python.shown import shown_code

if TYPE_CHECKING:
    from portlint.python.modules import ModuleFinder

# what hands a server's tools to another (only `mount` is read)
COMPOSING = ("mount", "import_server")
# what a mount may be given besides the server, its namespace and new names: it does not change
# the names listed
_HARMLESS = frozenset(("as_proxy",))
_NAMESPACE = ("namespace", "prefix")
_MAX_DEPTH = 4  # mounts within mounts followed
_MAX_HOPS = 4  # re-exports followed (`from .tools import sub`, `tools/__init__.py` importing it)


class Server(NamedTuple):
    """A server of the project: the module binding it, and the name it binds."""

    path: Path | None
    name: str


class Mount(NamedTuple):
    """A mount read: where it is written, the namespace (`""`: none), and the new names."""

    call: ast.Call
    namespace: str
    renamed: tuple[tuple[str, str], ...]
    prefix_first: bool = False  # `mount("jira", sub)`: the order before 2.9


class _Source(NamedTuple):
    path: Path | None
    tree: ast.Module
    names: Names


def listed_name(name: str, mounts: Sequence[Mount], generation: str) -> tuple[str, bool]:
    """What a tool declared ``name`` is listed as through ``mounts`` (the innermost first) on
    fastmcp of ``generation`` (`fastmcp2`, `fastmcp3`, `fastmcp4`), and whether a mount's
    `tool_names` gives it a new name (:func:`renamed_schema`)."""
    renamed_here = False
    for mount in mounts:
        renamed = dict(mount.renamed)
        renamed_here = renamed_here or name in renamed
        if generation == "fastmcp2" and name in renamed:
            name = renamed[name]
            continue
        name = renamed.get(name, name)
        if mount.namespace:
            name = f"{mount.namespace}_{name}"
    return name, renamed_here


def renamed_schema(schema: dict[str, Any], generation: str) -> dict[str, Any]:
    """The input schema of a tool a mount's `tool_names` gives a new name. fastmcp 3 and 4 list
    a tool made from the declared one, whose schema they build again: `type`, `properties`,
    `required` (every time, empty or not), `additionalProperties: false`, then `$defs` — 3.x
    lists it in that order, 4.x in the order of its other tools' schemas (`required` after
    `properties`). fastmcp 2 lists the declared schema (recorded: `f*-mount-names`)."""
    properties = schema.get("properties")
    if generation not in ("fastmcp3", "fastmcp4") or not isinstance(properties, dict):
        return schema
    required = schema.get("required", [])
    if generation == "fastmcp4":
        if "required" in schema:
            return schema
        rebuilt: dict[str, Any] = {}
        for key, value in schema.items():
            rebuilt[key] = value
            if key == "properties":
                rebuilt["required"] = []
        return rebuilt
    rebuilt = {"type": "object", "properties": properties,
               "required": [p for p in properties if p in required],
               "additionalProperties": False}
    if "$defs" in schema:
        rebuilt["$defs"] = schema["$defs"]
    return rebuilt


def read_mount(call: ast.Call) -> tuple[ast.expr, Mount] | None:
    """What a `mount()` call is given and the names it lists it under; None when any of that
    is not written out."""
    if any(isinstance(a, ast.Starred) for a in call.args) or len(call.args) > 2 or any(
            k.arg is None for k in call.keywords):
        return None
    given: ast.expr | None = call.args[0] if call.args else None
    namespace: ast.expr | None = call.args[1] if len(call.args) > 1 else None
    first = prefix_first(call)
    if first:
        given, namespace = namespace, given
    renamed: ast.expr | None = None
    for keyword in call.keywords:
        if keyword.arg == "server" and given is None:
            given = keyword.value
        elif keyword.arg in _NAMESPACE and namespace is None:
            namespace = keyword.value
        elif keyword.arg == "tool_names" and renamed is None:
            renamed = keyword.value
        elif keyword.arg not in _HARMLESS:
            return None
    written = _text(namespace) if namespace is not None else ""
    names = _renamed(renamed) if renamed is not None else ()
    if given is None or written is None or names is None:
        return None
    return given, Mount(call, written, names, first)


def prefix_first_taken(version: str) -> bool | str | None:
    """What fastmcp ``version`` does with a mount given the prefix first: True when it lists
    the tools under the prefix, the exception when it stops the server, None when that cannot
    be told (recorded from the releases: :mod:`portlint.python.fastmcp_mount_order`)."""
    raised = failure_between(PREFIX_FIRST, version, lambda outcome: outcome)
    if raised is not None:
        return raised
    taken = failure_between(PREFIX_FIRST, version,
                            lambda outcome: "taken" if outcome is None else None)
    return True if taken is not None else None


def prefix_first_refused(tree: ast.Module, constructions: list[tuple[ast.Call, str]],
                         version: str) -> list[tuple[ast.Call, str, str]]:
    """Each mount given the prefix first, on a server the module makes, in its top-level code
    (where a missing attribute is judged), that fastmcp ``version`` stops at: the call, the
    method as written, and what it raises."""
    raised = prefix_first_taken(version)
    if not isinstance(raised, str):
        return []
    return [(call, shown_code(read), raised)
            for read, call in reads_at_import(tree, constructions, "fastmcp")
            if call is not None and read.attr == "mount" and prefix_first(call)]


def last_taking_prefix_first() -> str:
    """The newest recorded release that takes the prefix first."""
    return max((r for r, outcome in PREFIX_FIRST.items() if outcome is None),
               key=lambda r: tuple(int(p) for p in r.split(".")))


def _text(node: ast.expr) -> str | None:
    """A string or None written as a constant, as text ("" for None); None otherwise."""
    if isinstance(node, ast.Constant) and (node.value is None or isinstance(node.value, str)):
        return node.value or ""
    return None


def _renamed(node: ast.expr) -> tuple[tuple[str, str], ...] | None:
    if isinstance(node, ast.Constant) and node.value is None:
        return ()
    if not isinstance(node, ast.Dict):
        return None
    pairs = []
    for key, value in zip(node.keys, node.values, strict=True):
        if not (isinstance(key, ast.Constant) and isinstance(key.value, str)
                and isinstance(value, ast.Constant) and isinstance(value.value, str)):
            return None
        pairs.append((key.value, value.value))
    return tuple(pairs)


class Mounts:
    """The mounts of the project's servers, read for one analysis (of the module ``tree``,
    at ``path``, whose text may not be saved yet)."""

    def __init__(self, finder: ModuleFinder | None, tree: ast.Module, names: Names,
                 path: Path | None, release: Callable[[], str | None] = lambda: None) -> None:
        self._finder = finder
        self._release = release  # the fastmcp release the project runs, when it is asked
        self._here = _Source(path, tree, names)
        self._servers: dict[Path | None, frozenset[str]] = {}
        self._chains: dict[Server, list[tuple[Mount, ...]] | None] = {}
        # servers a function makes and keeps to itself: the function, and its module
        self._locals: dict[Server, tuple[ast.FunctionDef | ast.AsyncFunctionDef, _Source]] = {}
        self._made: dict[int, frozenset[str]] = {}  # by function (id): the servers it makes
        self._constructions: dict[Path | None, frozenset[int]] = {}
        # a factory's result (`create_server()`): the factory, and its module
        self._factory_of: dict[Server, tuple[ast.FunctionDef | ast.AsyncFunctionDef,
                                             _Source]] = {}
        self._factory_names: dict[Path | None, frozenset[str]] = {}

    def server_here(self, name: str) -> Server | None:
        """The server ``name`` stands for in the module analysed (bound there or imported)."""
        return self._server(ast.Name(id=name), self._here)

    def chains(self, server: Server, depth: int = 0) -> list[tuple[Mount, ...]] | None:
        """The mounts each listing of ``server``'s tools goes through, the innermost first:
        `[()]` when it is mounted nowhere (listed as declared); None when a mount of it, or of
        a server it is mounted onto, is not read (:mod:`the module's docstring <portlint.
        python.mounted_names>`)."""
        if server in self._chains:
            return self._chains[server]
        self._chains[server] = None  # (a mount within itself: not read)
        found: list[tuple[Mount, ...]] | None = None
        if depth <= _MAX_DEPTH:
            made_by = self._factory_of.get(server)
            found = self._factory_chains(*made_by, depth) if made_by is not None else (
                self._chains_of(server, depth))
        if found is not None:  # (two results of one factory, mounted alike: listed once)
            found = list(dict.fromkeys(found))
        self._chains[server] = found
        return found

    def unread_mount(self, server: Server) -> ast.Call | None:
        """A `mount(...)` call that hands ``server`` to another server where the names it
        lists are not read (:meth:`chains` is None): the tools are listed there under names
        portlint does not know (mcp-atlassian 0.11's `main_mcp.mount(jira_mcp,
        namespace="jira")` onto its own subclass of fastmcp's server). None when the server
        is handed only to other calls (a function that runs or sets it up)."""
        if self.chains(server) is not None:
            return None
        local = self._locals.get(server)
        for source in self._sources(server.name) if local is None else [local[1]]:
            for call in _calls(source.tree) if local is None else _own_calls(local[0]):
                if isinstance(call.func, ast.Attribute) and call.func.attr == "mount" and any(
                        self._server(a, source, call) == server for a in _arguments(call)):
                    return call
        return None

    def _chains_of(self, server: Server, depth: int) -> list[tuple[Mount, ...]] | None:
        chains: list[tuple[Mount, ...]] = []
        local = self._locals.get(server)
        for source in self._sources(server.name) if local is None else [local[1]]:
            for call in _calls(source.tree) if local is None else _own_calls(local[0]):
                mounting = isinstance(call.func, ast.Attribute) and call.func.attr == "mount"
                handed = [a for a in _arguments(call) if self._server(a, source, call) == server]
                if not handed:
                    continue
                read = read_mount(call) if mounting else None
                if read is None and depth > 0 and self._mounts_nothing(call, source):
                    continue  # a server mounted onto, handed to a function that mounts nothing
                if read is None or len(handed) != 1 or handed[0] is not read[0] or not (
                        isinstance(read[0], ast.Name)):
                    return None  # handed elsewhere, or mounted in a way not read
                if read[1].prefix_first and not self._takes_prefix_first():
                    return None  # (a release that stops there: said at the mount)
                assert isinstance(call.func, ast.Attribute)
                onto = self._server(call.func.value, source, call)
                outer = self.chains(onto, depth + 1) if onto is not None else None
                if outer is None:
                    return None
                chains += [(read[1], *chain) for chain in outer]
        return chains or [()]

    def _factory_chains(self, function: ast.FunctionDef | ast.AsyncFunctionDef,
                        source: _Source, depth: int) -> list[tuple[Mount, ...]] | None:
        """The chains of the server a factory returns: those of each name its calls' results
        are bound to (`mcp = create_server()` at the top level; `server = create_server(...)`
        in `main()`). None when another module names the factory, or a call's result is not
        bound to a name."""
        if self._finder is not None and any(
                module.path != source.path and _names(module.tree, function.name)
                for module in self._finder.mentioning(function.name)):
            return None  # (what another module does with its result is not followed)
        calls = {id(c) for c in _calls(source.tree) if _calls_function(c, function.name)}
        chains: list[tuple[Mount, ...]] = []
        for statement, target in _bound_results(source.tree, calls):
            if not isinstance(target, ast.Name):
                return None
            result = self._server(target, source, statement)
            found = self.chains(result, depth) if result is not None else None
            if found is None:
                return None
            chains += found
            calls.discard(id(statement.value))
        if calls:
            return None  # a result not bound to a name (`run(create_server())`)
        return chains or [()]

    def _mounts_nothing(self, call: ast.Call, source: _Source) -> bool:
        """Whether ``call`` is of a function of the module that mounts or imports no server
        (`_apply_http_auth(parser, server, ...)`): handing it a server changes no name."""
        if not isinstance(call.func, ast.Name) or call.func.id in source.names.imported:
            return False
        function = next((s for s in source.tree.body if isinstance(
            s, (ast.FunctionDef, ast.AsyncFunctionDef)) and s.name == call.func.id), None)
        return function is not None and not any(
            isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr in (*COMPOSING, "add_provider") for node in ast.walk(function))

    def _takes_prefix_first(self) -> bool:
        release = self._release()
        return release is not None and prefix_first_taken(release) is True

    def _sources(self, word: str) -> Iterator[_Source]:
        """The module analysed, then each other module of the project mentioning ``word`` and
        a call that hands a server's tools to another."""
        yield self._here
        if self._finder is None:
            return
        composing = {m.path for c in COMPOSING for m in self._finder.mentioning(c)}
        for module in self._finder.mentioning(word):
            if module.path in composing and module.path != self._here.path:
                yield _Source(module.path, module.tree, module.names)

    def _server(self, node: ast.expr, source: _Source, at: ast.AST | None = None
                ) -> Server | None:
        """The server of the project ``node`` names in ``source``: a name the module binds to
        a server, or one it imports by name from a module that does (through re-exports, as
        a package's `__init__` makes them), or a name a function binds to one (read at
        ``at``, in that function: :meth:`_local`)."""
        if not isinstance(node, ast.Name):
            return None
        name, here = node.id, source
        for _ in range(_MAX_HOPS):
            if name not in here.names.imported:
                function = _enclosing_function(here.tree, at) if (
                    at is not None and here is source) else None
                if function is not None and name in self._made_in(function, here):
                    return self._local(name, function, here)
                return Server(here.path, name) if name in self._bound(here) else None
            imported = imported_from(here.names, self._finder, here.path, ast.Name(id=name))
            if imported is None:
                return None
            module, name = imported
            here = _Source(module.path, module.tree, module.names)
        return None

    def _local(self, name: str, function: ast.FunctionDef | ast.AsyncFunctionDef,
               source: _Source) -> Server:
        """A server a function makes (mcp-server-espn 2.1.1's `create_server()`: `root =
        FastMCP(...)`, `root.mount(...)`, `return root`): the factory's result when it returns
        it (its chains those of the names its calls are bound to), else the function's own."""
        if name in self._factory_made(function, source):
            made = Server(source.path, f"{function.name}()")
            self._factory_of[made] = (function, source)
            return made
        inner = Server(source.path, f"{function.name}.<locals>.{name}")
        self._locals[inner] = (function, source)
        return inner

    def _factory_made(self, function: ast.FunctionDef | ast.AsyncFunctionDef, source: _Source
                      ) -> frozenset[str]:
        """The servers a factory makes itself and returns (none for another function)."""
        made = _made_in(function, self._construction_ids(source), frozenset())
        return frozenset(r.value.id for r in body_nodes(function.body) if isinstance(r, ast.Return)
                         and isinstance(r.value, ast.Name) and r.value.id in made)

    def _factories(self, source: _Source) -> frozenset[str]:
        """The module's functions that make a server and return it."""
        if source.path not in self._factory_names:
            self._factory_names[source.path] = frozenset(
                s.name for s in source.tree.body
                if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))
                and self._factory_made(s, source))
        return self._factory_names[source.path]

    def _construction_ids(self, source: _Source) -> frozenset[int]:
        if source.path not in self._constructions:
            self._constructions[source.path] = frozenset(
                id(call) for call, kind in server_constructions(source.tree, source.names)
                if kind == "fastmcp")
        return self._constructions[source.path]

    def _made_in(self, function: ast.FunctionDef | ast.AsyncFunctionDef, source: _Source
                 ) -> frozenset[str]:
        """The names a function binds once to a server: made there, or by a factory of the
        module (:meth:`_factories`)."""
        if id(function) not in self._made:
            self._made[id(function)] = _made_in(function, self._construction_ids(source),
                                                self._factories(source))
        return self._made[id(function)]

    def _bound(self, source: _Source) -> frozenset[str]:
        """The names the module binds to a server at its top level: to fastmcp's server class,
        or to the result of a factory of the module (`mcp = create_server()`)."""
        if source.path not in self._servers:
            constructions = server_constructions(source.tree, source.names)
            names = set(module_servers(source.tree, constructions, "fastmcp"))
            factories = self._factories(source)
            counts = binding_counts(body_nodes(source.tree.body)) if factories else {}
            for statement in source.tree.body:
                plain = assigned(statement) if isinstance(statement, ast.Assign) else None
                target, value = plain or (None, None)
                if isinstance(target, ast.Name) and counts.get(target.id) == 1 and (
                        _calls_one_of(value, factories)):
                    names.add(target.id)
            self._servers[source.path] = frozenset(names)
        return self._servers[source.path]


def _enclosing_function(tree: ast.Module, at: ast.AST
                        ) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The module-level function holding ``at``, if any."""
    held = statement_holding(tree.body, at)
    statement = tree.body[held] if held is not None else None
    return statement if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)) else None


def _own_calls(function: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[ast.Call]:
    return (node for node in body_nodes(function.body) if isinstance(node, ast.Call))


def _made_in(function: ast.FunctionDef | ast.AsyncFunctionDef, constructions: frozenset[int],
             factories: frozenset[str]) -> frozenset[str]:
    """The names a function binds once, in its own body, to fastmcp's server class (calls of
    it by id: ``constructions``) or to a call of one of the module's ``factories``, none of
    its parameters."""
    parameters = parameter_names(function)
    return frozenset(name for name, values in bindings_within(function).items()
                     if len(values) == 1 and name not in parameters and values[0] is not None
                     and (id(values[0]) in constructions or _calls_one_of(values[0], factories)))


def _calls_one_of(value: ast.expr | None, functions: frozenset[str]) -> bool:
    return isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and (
        value.func.id in functions)


def _calls_function(call: ast.Call, name: str) -> bool:
    return isinstance(call.func, ast.Name) and call.func.id == name


def _bound_results(tree: ast.Module, calls: set[int]
                   ) -> Iterator[tuple[ast.Assign | ast.AnnAssign, ast.expr | None]]:
    """Each assignment — at the module's top level, or in a function at its top level — of one
    of ``calls`` (by id), with its one plain target (None: several, or an annotated one)."""
    for statement in tree.body:
        nodes = body_nodes(statement.body) if isinstance(
            statement, (ast.FunctionDef, ast.AsyncFunctionDef)) else [statement]
        for node in nodes:
            if isinstance(node, (ast.Assign, ast.AnnAssign)) and id(node.value) in calls:
                yield node, node.targets[0] if isinstance(node, ast.Assign) and len(
                    node.targets) == 1 else None


def _names(tree: ast.Module, name: str) -> bool:
    """Whether a module refers to ``name``: imports it, or reads it as a name or attribute
    (a comment or a docstring mentioning it does not)."""
    return any((isinstance(node, ast.alias) and node.name.rsplit(".", 1)[-1] == name)
               or (isinstance(node, ast.Name) and node.id == name)
               or (isinstance(node, ast.Attribute) and node.attr == name)
               for node in ast.walk(tree))


def _calls(tree: ast.Module) -> Iterator[ast.Call]:
    """The module's calls, but for those of its `if __name__ == "__main__":` block: they run
    only when the module is the program, never in one that mounts its server (jnpr-pathfinder-
    mcp 0.2.0's sub-servers end with `run_cli(server=mcp)` there)."""
    for statement in tree.body:
        parts: list[ast.AST] = [statement]
        if isinstance(statement, ast.If) and _run_as_program(statement.test):
            parts = [statement.test, *statement.orelse]
        for part in parts:
            yield from (node for node in ast.walk(part) if isinstance(node, ast.Call))


def _run_as_program(test: ast.expr) -> bool:
    """`__name__ == "__main__"`, either way round."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(
            test.ops[0], ast.Eq)):
        return False
    sides = {ast.dump(test.left), ast.dump(test.comparators[0])}
    return sides == {ast.dump(ast.Name(id="__name__", ctx=ast.Load())),
                     ast.dump(ast.Constant(value="__main__"))}


def _arguments(call: ast.Call) -> Iterator[ast.expr]:
    yield from (a.value if isinstance(a, ast.Starred) else a for a in call.args)
    yield from (k.value for k in call.keywords)
