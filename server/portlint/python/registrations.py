"""Where a module registers MCP tools, in every form real servers use, read without running it.

A server is a name bound to `FastMCP(...)`/`MCPServer(...)` — at module level, inside a factory
function (`def create_server(): mcp = FastMCP(...); ...; return mcp`), a parameter annotated with
the server class, a server imported from another module of the project (`from .app import
mcp`), or what a function of the project returns (`app = create_server()`) when its every
`return` gives a server of one kind, made there (`return FastMCP(...)`, `return make()`) or a
name bound once, in the function or else in its module, to one. A class of the project derived
from the server class (`class MyServer(FastMCP): ...`, or from `FastMCP[Any]`; here or imported
from the project's modules) makes servers too, when it cannot change the tools they list: it
derives from that class alone (a `typing.Generic[T]` base besides adds nothing), undecorated,
and defines nothing but methods that build or start a transport (`run`, `run_*`, `*_app`) which
touch no tool, middleware, provider, transform, mount, import or handler of the server, and a
constructor that passes every argument on unchanged (`super().__init__(*args, **kwargs)`) before
it only sets attributes of its own on `self`. A fastmcp subclass that also overrides `tool` to
hand each function to one decorator before `super().tool(...)` (mcp-atlassian's, zotero-mcp's)
is read for each decorator registration on a name bound once to it, here or in the module it is
imported from (:mod:`tool_overrides`): the function is registered as that decorator makes it.
Any other subclass — one that overrides `__init__` otherwise, `tool` otherwise, `add_tool`,
`list_tools`... — is not traced, and its registrations are reported with the reason, in the
modules importing such a server too (`from app.core import server`).

A parameter of a module-level function that registers tools on it (`def register_tools(app):
@app.tool() ...`), unannotated or annotated with anything but the server class, and never bound
again, is the server the project's calls of that function give it (`register_tools(mcp)` or
`register_tools(app=mcp)`, in this module or in one that imports the function): traced servers,
all of one framework. A server portlint does not trace given there is reported with the reason
(in a module that imports no framework too), and so is an object portlint cannot trace to where
its server is made (`register_tools(self.mcp)`, `self.mcp` taken from another object: ha-mcp),
when no call gives a traced server; a parameter no call gives anything stays as it was. A
parameter annotated with the server class under `if TYPE_CHECKING:` only is such a parameter
when its callers give it such an object (the hint may name another framework's class than the
server's). A server made on an attribute (`self.mcp = FastMCP(...)`) is that server in the body
making it (and the functions within) when the body sets the attribute nowhere else and does
not bind the object again; one a constructor makes so (`self.mcp = FastMCP(...)`,
mcp-server-rabbitmq) is the server the class's other methods register on when they run, as a
server the constructor is given and keeps is.

A method of a module-level class of the project that registers tools on a parameter
(`def register(self, mcp): mcp.tool(name="x")(self.get_x)`) is traced the same way, from the
project's calls `instance.register(mcp)` whose `instance` is `Tools()` or a name bound once to
it (in the caller's function or module): those that bind to this very method (of the class or
inherited) must give traced servers of one framework, on instances of one class, which is the
class of `self` there; a call on an object portlint cannot trace to such an instance makes the
parameter untraced, with the reason. A constructor given the server (`def __init__(self, mcp):
self.mcp = mcp; self.mcp.tool(name="x")(self.get_x)`, awslabs' handler classes) is traced from
the project's calls of the class and of its subclasses that inherit that `__init__`
(`Handler(mcp)`), or through the constructors of subclasses handing it on, one after the other
— `super().__init__(mcp)`, `Handler.__init__(self, mcp)`, `super().__init__(*args, **kwargs)`,
each one statement of its constructor's body: the server is the parameter, or the attribute of
`self` that one statement of the constructor's own body sets to it before any use (no other
statement of the constructor sets or deletes that attribute); `self` there is the class called.
A constructor that hands its server on in another way (conditionally, twice, after binding it
again) makes the registration untraced, with the reason. The class's other methods registering
on the attribute its constructor keeps the server in (`def register(self): @self.mcp.tool()
...`) register on that server when they run (:mod:`portlint.python.method_calls`) and nothing
else sets the attribute on an instance of the class (a method of the class, of its bases or
subclasses, or any assignment not on `self`); else the registration is reported with the
reason. A method whose server parameter is annotated with the server class (`def
__init__(self, mcp: MCPServer): mcp.tool(name="x")(self.get_x)`) has its `self` traced the same
way, from the project's calls of it, so its bound methods are followed; a class the project
never makes that way is said to be the reason they are not.

On a server, a tool is registered by

- the decorator: `@mcp.tool`, `@mcp.tool()`, `@mcp.tool("name")`, `@mcp.tool(name=...)`;
- the decorator applied as a call: `mcp.tool(name=...)(fn)`, `mcp.tool(fn)`, `mcp.tool(fn, ...)`;
- `mcp.add_tool(fn, ...)` or `mcp.add_tool(Tool.from_function(fn, ...))`;
- any of these inside a loop over a literal list of functions (`for fn in (a, b): ...`, or over a
  name bound to such a list).

The function may be defined in the same scope or imported from a module of the project, or be
a bound method of a class of the project (:mod:`portlint.python.bound_methods`): `self.get_x` in
a method traced as above, `store.lookup` or `Store().lookup` on an instance bound once to
`Store(...)`, or a name bound once to such an attribute (`lookup = store.lookup`); the framework
reads it without its first parameter. A name computed at run time (`name=prefix + "x"`) leaves
the tool's schemas derived and its name unknown (:mod:`portlint.python.analysis` says so). What
cannot be followed — a call result, an attribute that is not such a method (or one whose method
a decorator, an assignment or `setattr` may change), a loop over something that is not a
literal list, `.tool` on something not known to be a server — is a registration with a
`problem`, reported where it is written; it is never skipped."""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, cast
from weakref import WeakKeyDictionary

from portlint.python.applied_decorators import (
    Seen,
    decorators_applied,
    framework_sees,
    further,
)
from portlint.python.bindings import (
    assigned as plain_assignment,
)
from portlint.python.bindings import (
    binding_counts,
    bindings_in,
    body_nodes,
    bound_argument,
    call_has_splat,
    names_bound,
    receiver_of,
    shadowed,
)
from portlint.python.bound_methods import (
    Assignment,
    Classes,
    Found,
    FoundFunction,
    Method,
    Place,
)
from portlint.python.conditions import truth
from portlint.python.constants import ModuleConstants
from portlint.python.method_calls import MethodCall, Reach, calls_by_name
from portlint.python.modules import Module, ModuleFinder
from portlint.python.names import Names
from portlint.python.registering_helpers import (
    Decorated,
    FactoryUse,
    HelperCall,
    decorated_by_name,
    factory_uses,
    function_calls,
    registers_parameter,
    returned_decorator,
    substituted,
    wrapped_parameter,
)
from portlint.python.self_attributes import Unread, spelled_out
from portlint.python.shown import shown_code
from portlint.python.tool_overrides import tool_method, wrapping
from portlint.python.type_hints import hint_only, is_type_checking

if TYPE_CHECKING:
    from portlint.python.mounted_names import Mounts

ServerKind = str  # "fastmcp" | "mcp1" | "mcp2"
SERVER_CLASSES: dict[str, ServerKind] = {
    "fastmcp.FastMCP": "fastmcp", "mcp.server.fastmcp.FastMCP": "mcp1",
    "mcp.server.FastMCP": "mcp1",  # mcp 1.x's `mcp.server` exports it (mcp-youtube-transcript)
    "mcp.server.mcpserver.MCPServer": "mcp2", "mcp.server.MCPServer": "mcp2"}


def prefix_first(call: ast.Call) -> bool:
    """`mount("jira", sub)`: the prefix given first, then the server (fastmcp's order before
    2.9; :mod:`portlint.python.mounted_names`)."""
    return len(call.args) == 2 and isinstance(call.args[0], ast.Constant) and isinstance(
        call.args[0].value, str)


def server_constructions(tree: ast.Module, names: Names) -> list[tuple[ast.Call, ServerKind]]:
    """Every call in the module of a framework's server class as imported (`FastMCP(...)`,
    `MCPServer(...)`), with its kind, in the order written."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            kind = SERVER_CLASSES.get(names.qualified(node.func) or "")
            if kind is not None:
                found.append((node, kind))
    return sorted(found, key=lambda each: (each[0].lineno, each[0].col_offset))


_FROM_FUNCTION = {"fastmcp.tools.Tool.from_function", "fastmcp.Tool.from_function",
                  "fastmcp.tools.tool.Tool.from_function",
                  "fastmcp.tools.FunctionTool.from_function",
                  "fastmcp.tools.function_tool.FunctionTool.from_function",
                  "mcp.server.fastmcp.tools.Tool.from_function",
                  "mcp.server.fastmcp.tools.base.Tool.from_function",
                  "mcp.server.mcpserver.tools.Tool.from_function"}
Function = ast.FunctionDef | ast.AsyncFunctionDef
_MAX_IMPORT_HOPS = 4
_FRAMEWORK_PACKAGES = ("fastmcp", "mcp", "pydantic", "typing", "builtins")
# what adds another server's tools to a server (fastmcp's composition), and the servers whose
# tools are made at run time from something else
_COMPOSING = frozenset(("mount", "import_server", "add_provider"))
_MADE_ELSEWHERE = {"from_openapi": "an OpenAPI document", "from_fastapi": "a FastAPI app",
                   "as_proxy": "another server (a proxy)"}
# the methods of a server that register a tool
REGISTERING = frozenset(("tool", "add_tool"))
# what a transport method of a server subclass may not touch on `self`/`super()`: what registers,
# removes, filters or answers the server's tools
_TOOL_WORDS = ("tool", "add_", "remove_", "middleware", "transform", "provider", "mount",
               "import", "enable", "disable", "handler", "component", "tags", "list")


class Replaced(NamedTuple):
    """A decorator handing the framework a function of its own instead of the one written."""

    at: ast.expr  # where that is said: the decorator, or the registration
    by: str  # the decorator, said ("`@logged`", "`Server.tool`, the server's own,")
    written: Function


class Handed(NamedTuple):
    """The decorator a server's own `tool` hands each function to, where it is written, and
    the class whose `tool` it is."""

    decorator: ast.expr
    place: Place
    owner: str


class Registration(NamedTuple):
    kind: ServerKind
    node: ast.expr  # the decorator or the registering call: where its findings go
    function: Function | None
    options: dict[str, ast.expr]  # name, description, output_schema, structured_output, ...
    problem: str | None = None  # why the tool cannot be derived
    module: Module | None = None  # where the function is defined, when another module
    bound: bool = False  # a bound method: the framework does not see its first parameter
    unread: Unread = ()  # why text options written `self.X` are not known
    # the registering expression, when the findings go elsewhere (a registering helper's
    # registration, for each call of the helper)
    written: ast.expr | None = None
    # where to say that a decorator hands the framework a function of its own instead of the
    # one written (`@logged` without `functools.wraps`): the decorator, or the registration
    # when the function is another module's; and the function written
    replaced: Replaced | None = None


class _Passed(NamedTuple):
    """A server given to a function: `register_tools(mcp)`, `register(app=mcp)`."""
    call: ast.Call
    slot: int | str  # the argument's position, or its keyword
    kind: ServerKind | None
    why: str | None  # why the server given is not traced
    # `tools.register(mcp)`: the class `tools` is an instance of (`C` of `tools = C()`), when
    # known — each class a loop gives it, in `for cls in (A, B): cls().register(mcp)`;
    # `method` is whether the call is of an attribute at all
    receivers: tuple[ast.expr, ...] = ()
    method: bool = False
    # an argument not known to be a server at all (`register_tools(self.mcp)` with `self.mcp`
    # bound elsewhere): given to a parameter that is registered on, it is a server portlint
    # cannot trace; anywhere else it is no server's business
    unresolved: bool = False


class _Factory(NamedTuple):
    """A decorator factory: the function made, the decorator it returns, and the function whose
    body defines it (None: the module's)."""

    made: Function
    decorator: Function
    home: Function | None


class _Scope:
    def __init__(self, parent: _Scope | None) -> None:
        self.parent = parent
        self.servers: dict[str, ServerKind] = {}
        self.untraced: dict[str, str] = {}  # names bound to a server portlint does not trace
        self.functions: dict[str, Function] = {}
        self.sequences: dict[str, list[ast.expr]] = {}
        self.instances: dict[str, ast.expr] = {}  # bound once to `C(...)`: name -> `C`
        self.aliases: dict[str, ast.Attribute] = {}  # bound once to `instance.method`
        self.cls: ast.ClassDef | None = None  # the body of a module-level class
        # `self` and its class, in a method (or why its class is not known, in a method whose
        # server parameter is annotated)
        self.owner: tuple[str, Found | str] | None = None
        # `self.mcp` set to a server parameter in a constructor: (`self`, `mcp`) -> its kind,
        # or why the server the callers give is not traced
        self.kept: dict[tuple[str, str], ServerKind] = {}
        self.kept_untraced: dict[tuple[str, str], str] = {}
        # `self.mcp` a constructor keeps, registered on by a method portlint cannot tell runs:
        # why (said whole)
        self.unrun: dict[tuple[str, str], str] = {}
        # a function the project's calls give a server, registering on something else: its
        # `.tool` on what portlint does not trace is reported, whatever the module imports
        self.fed = False
        self.class_body = False  # its names are not seen by the functions inside it
        self.defined: Function | None = None  # the function whose body it is
        self.bound: set[str] = set()  # every name its body binds (a function's: parameters too)

    def _lookup(self, field: str, name: str) -> object | None:
        scope: _Scope | None = self
        while scope is not None:
            found: object = None if scope.class_body else getattr(scope, field).get(name)
            if found is not None:
                return found
            if name in scope.bound and not scope.class_body:
                return None  # bound otherwise here
            scope = scope.parent
        return None

    def instance(self, name: str) -> ast.expr | None:
        found = self._lookup("instances", name)
        return found if isinstance(found, ast.expr) else None

    def alias(self, name: str) -> ast.Attribute | None:
        found = self._lookup("aliases", name)
        return found if isinstance(found, ast.Attribute) else None

    def self_of(self, name: str) -> Found | str | None:
        scope: _Scope | None = self
        while scope is not None:
            if scope.owner is not None and scope.owner[0] == name:
                return scope.owner[1]
            if name in scope.bound and not scope.class_body:
                return None  # a parameter or a local of a function within
            scope = scope.parent
        return None

    def is_fed(self) -> bool:
        scope: _Scope | None = self
        while scope is not None:
            if scope.fed:
                return True
            scope = scope.parent
        return False

    def kept_server(self, node: ast.expr) -> tuple[ServerKind | None, str | None]:
        """(kind, None) or (None, why not traced) of `self.mcp`, an attribute of `self` a
        constructor set to the server it was given; (None, None) for anything else."""
        if not (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)):
            return None, None
        # (`self` bound again in a function within is another object)
        return self._nearest_word((node.value.id, node.attr), "kept", "kept_untraced",
                                  owner=node.value.id)

    def unrun_method(self, node: ast.expr) -> str | None:
        """Why the method registering on `self.mcp` (a server its class's constructor keeps)
        may not run, when that is why the registration is not followed."""
        if not (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)):
            return None
        return self._nearest_word((node.value.id, node.attr), "kept", "unrun",
                                  owner=node.value.id)[1]

    def server(self, name: str) -> ServerKind | None:
        return self._server_binding(name)[0]

    def why_untraced(self, name: str) -> str | None:
        return self._server_binding(name)[1]

    def _server_binding(self, name: str) -> tuple[ServerKind | None, str | None]:
        """The nearest scope's word on ``name``: (its server kind, None), or (None, why it
        is not traced) for a parameter given servers not traced; (None, None): neither."""
        return self._nearest_word(name, "servers", "untraced")

    def _nearest_word(self, key: object, traced: str, untraced: str, owner: str | None = None
                      ) -> tuple[ServerKind | None, str | None]:
        """The nearest scope's entry for ``key`` in its ``traced`` table (kind, None) or its
        ``untraced`` one (None, why); the search stops at a scope that binds ``owner``."""
        scope: _Scope | None = self
        while scope is not None:
            kinds: dict[Any, ServerKind] = getattr(scope, traced)
            whys: dict[Any, str] = getattr(scope, untraced)
            if key in kinds:
                return kinds[key], None
            if key in whys:
                return None, whys[key]
            if owner is not None and owner in scope.bound and not scope.class_body:
                return None, None
            scope = scope.parent
        return None, None

    def function(self, name: str) -> Function | None:
        scope: _Scope | None = self
        while scope is not None:
            if name in scope.functions:
                return scope.functions[name]
            scope = scope.parent
        return None

    def sequence(self, name: str) -> list[ast.expr] | None:
        scope: _Scope | None = self
        while scope is not None:
            if name in scope.sequences:
                return scope.sequences[name]
            scope = scope.parent
        return None


class Finder:
    """The registrations of one module."""

    def __init__(self, tree: ast.Module, names: Names, finder: ModuleFinder | None,
                 report_unknown: bool = True, constants: ModuleConstants | None = None, *,
                 follow_callers: bool = True, path: Path | None = None,
                 pass_on: int = 0, classes: Classes | None = None,
                 mounts: Mounts | None = None) -> None:
        self.report_unknown = report_unknown  # `.tool` on an untraced object is reported
        # the names the project's mounts list servers' tools under (the module analysed only)
        self._mounts = mounts
        self._given_classes = classes
        # a parameter registered on is the server the project's calls give it
        self.follow_callers = follow_callers
        # how many more modules a server may be handed on through, in a module read for what
        # it gives (`def register_all(mcp): Reads().register(mcp)`, given `mcp` by another)
        self.pass_on = pass_on
        self._here = path  # the module's file, when not the finder's
        self.passed: list[_Passed] = []  # the servers this module gives to functions
        # the servers each module of the project gives, by its tree and by the name of what
        # is called (read once per analysis)
        self._given_by: dict[int, dict[str, list[_Passed]]] = {}
        # what runs of each class, the calls of each module by name, the server each class's
        # constructor keeps in an attribute: worked out once per analysis
        self._reaches: dict[int, Reach] = {}
        self._server_calls: dict[str, dict[tuple[Path, int, int] | None,
                                           list[tuple[_Passed, Place]]]] = {}
        self._resolved: dict[Path, Path] = {}
        self._calls_by_tree: dict[int, dict[str, list[MethodCall]]] = {}
        self._kept_servers: dict[tuple[int, str], tuple[ServerKind | None, str | None,
                                                        Found | None]] = {}
        self.tree = tree
        self.names = names
        self.finder = finder
        self.found: list[Registration] = []
        self._module_scope = _Scope(None)  # the module's, once `find` reads it
        # the module's calls by the name called, and the names each function binds: read once
        # (registering helpers)
        self._helper_calls: dict[str, list[HelperCall]] | None = None
        self._decorated: dict[str, list[Decorated]] | None = None
        self._factory_uses: dict[str, list[FactoryUse]] | None = None
        self._names_bound: dict[int, frozenset[str]] = {}
        self._unlooped: dict[str, ast.expr] = {}  # loop variables over non-literal iterables
        # `name=TOOL_NAME`: the module's constants (its index's, when the caller has one)
        self.constants = constants if constants is not None else ModuleConstants(tree)

    def find(self) -> list[Registration]:
        scope = self._module_scope = _Scope(None)
        for alias, qualified in self.names.imported.items():
            kind, why = self.imported_server(qualified)
            if kind is not None:
                scope.servers[alias] = kind
            elif why is not None:
                scope.untraced[alias] = why
        self._scope(self.tree.body, scope, {})
        return self.found

    # -- what names stand for ---------------------------------------------------------------

    @property
    def _path(self) -> Path | None:
        if self._here is not None:
            return self._here
        return self.finder.path if self.finder is not None else None

    def server_kind(self, call: ast.expr) -> ServerKind | None:
        return self._server_call(call)[0]

    def _server_call(self, call: ast.expr) -> tuple[ServerKind | None, str | None]:
        """(kind, None) for a call that makes a server; (None, why) for one made by a subclass
        portlint does not trace; (None, None) for any other value."""
        if not isinstance(call, ast.Call):
            return None, None
        return self.server_made(call.func, self.names, self.tree, self._path)

    def server_made(self, func: ast.expr, names: Names, tree: ast.Module, path: Path | None,
                    hops: int = 0) -> tuple[ServerKind | None, str | None]:
        """What calling ``func`` (read in the module ``tree``) makes: a server class (see
        :meth:`server_class`), or a function of the project every `return` of which returns a
        server of one kind (`def create_server(): return FastMCP(...)`, or a name bound once to
        one there)."""
        kind, why = self.server_class(func, names, tree, path, hops)
        if kind is not None or why is not None or hops > _MAX_IMPORT_HOPS:
            return kind, why
        found = self._function_called(func, names, tree, path)
        if found is None:
            return None, None
        function, module = found
        made = [self._returned(r, function, module, hops + 1) for r in _returns(function)]
        if not made or any(kind is None and why is None for kind, why in made):
            return None, None  # returns something else too (or nothing)
        whys = [why for _, why in made if why is not None]
        if whys:
            return None, whys[0]
        kinds = {kind for kind, _ in made}
        if len(kinds) > 1:
            return None, f"made by `{function.name}`, which returns servers of different kinds"
        return kinds.pop(), None

    def _returned(self, value: ast.expr | None, function: Function,
                  module: tuple[Names, ast.Module, Path | None],
                  hops: int) -> tuple[ServerKind | None, str | None]:
        """What a factory's `return VALUE` gives: a server made there, or a name bound once in
        the function (or, bound nowhere in it, once in its module) to a call making one."""
        names, tree, path = module
        if isinstance(value, ast.Call):
            return self.server_made(value.func, names, tree, path, hops)
        if not isinstance(value, ast.Name):
            return None, None
        in_function = bindings_in(function, value.id)
        if in_function:
            made = in_function[0] if len(in_function) == 1 else None
        else:
            in_module = [b for s in tree.body for b in bindings_in(s, value.id)] + [
                None for s in tree.body if isinstance(s, (
                    ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and s.name == value.id]
            made = in_module[0] if len(in_module) == 1 and not _is_parameter(
                function, value.id) else None
        if isinstance(made, ast.Call):
            return self.server_made(made.func, names, tree, path, hops)
        return None, None

    def _function_called(self, func: ast.expr, names: Names, tree: ast.Module,
                         path: Path | None
                         ) -> tuple[Function, tuple[Names, ast.Module, Path | None]] | None:
        """The module-level function of the project ``func`` names, and its module."""
        if isinstance(func, ast.Name) and func.id not in names.imported:
            defined = [s for s in _flat(tree.body) if isinstance(s, (
                ast.FunctionDef, ast.AsyncFunctionDef)) and s.name == func.id]
            return (defined[0], (names, tree, path)) if len(defined) == 1 and self._defined_once(
                tree, func.id) else None
        qualified = names.qualified(func)
        if qualified is None or path is None:
            return None
        found = self._project_function(qualified, path)
        if found is None:
            return None
        function, module = found
        return function, (module.names, module.tree, module.path)

    def server_class(self, node: ast.expr, names: Names, tree: ast.Module, path: Path | None,
                     hops: int = 0) -> tuple[ServerKind | None, str | None]:
        """What the class ``node`` (read in the module ``tree``) makes: (kind, None) for the
        server class or a subclass that lists what it lists; (None, why) for a subclass of it
        portlint does not trace; (None, None) for any other class."""
        if isinstance(node, ast.Subscript):  # `FastMCP[None]`: the generic class
            node = node.value
        qualified = names.qualified(node) or ""
        if qualified in SERVER_CLASSES:
            return SERVER_CLASSES[qualified], None
        if hops > _MAX_IMPORT_HOPS:
            return None, None
        if isinstance(node, ast.Name) and node.id not in names.imported:
            defined = self._classes.module_classes(tree).get(node.id, [])
            return self._subclass(defined[0], names, tree, path, hops) if len(
                defined) == 1 else (None, None)
        split = _split_qualified(qualified)
        if split is None or self.finder is None or split[0].split(".")[0] in \
                _FRAMEWORK_PACKAGES:
            return None, None
        module = self.finder.find(split[0], path)
        if module is None:
            return None, None
        return self.server_class(ast.Name(id=split[1]), module.names, module.tree, module.path,
                                 hops + 1)

    def _subclass(self, cls: ast.ClassDef, names: Names, tree: ast.Module, path: Path | None,
                  hops: int) -> tuple[ServerKind | None, str | None]:
        bases = [self.server_class(b, names, tree, path, hops + 1) for b in cls.bases
                 if not _is_generic(b, names)]
        if not any(kind is not None or why is not None for kind, why in bases):
            return None, None  # not a server class
        if len(bases) > 1:
            return None, f"a `{cls.name}`, which derives from other classes besides the server's"
        kind, why = bases[0]
        if kind is None:
            return None, why
        problem = _subclass_problem(cls)
        return (kind, None) if problem is None else (None, f"a `{cls.name}`, {problem}")

    def imported_server(self, qualified: str, hops: int = 0, names: Names | None = None,
                        path: Path | None = None) -> tuple[ServerKind | None, str | None]:
        """What a name imported from a project module is bound to there: (its kind of server,
        None), or (None, why) for a server portlint does not trace (`server =
        SecureFastMCP(...)`, a subclass overriding `list_tools`); (None, None) for anything
        else."""
        split = _split_qualified(qualified)
        if self.finder is None or hops > _MAX_IMPORT_HOPS or split is None:
            return None, None
        module_name, name = split
        if module_name.split(".")[0] in _FRAMEWORK_PACKAGES:
            return None, None
        module = self.finder.find(module_name, path or self._path)
        if module is None:
            return None, None
        for statement in module.tree.body:
            if isinstance(statement, ast.Assign) and any(
                    isinstance(t, ast.Name) and t.id == name for t in statement.targets):
                return self.server_made(statement.value.func, module.names, module.tree,
                                        module.path) if isinstance(
                    statement.value, ast.Call) else (None, None)
            if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name) \
                    and statement.target.id == name and isinstance(statement.value, ast.Call):
                return self.server_made(statement.value.func, module.names, module.tree,
                                        module.path)
        further = module.names.imported.get(name)
        if further is not None:
            return self.imported_server(further, hops + 1, module.names, module.path)
        return None, None

    def _annotated_server(self, annotation: ast.expr | None) -> ServerKind | None:
        annotation = _parsed(annotation)
        if annotation is None:
            return None
        return self.server_class(annotation, self.names, self.tree, self._path)[0]

    # -- walking scopes ----------------------------------------------------------------------

    def _bind(self, body: list[ast.stmt], scope: _Scope) -> None:
        scope.bound |= _names_bound(body)
        once: frozenset[str] | None = None  # the names the body binds once (read when first asked)
        for statement in _flat(body):
            if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
                scope.functions[statement.name] = statement
            elif isinstance(statement, (ast.Assign, ast.AnnAssign)) and statement.value is not None:
                targets = statement.targets if isinstance(statement, ast.Assign) else [
                    statement.target]
                kind, why = self._server_call(statement.value)
                for target in targets:
                    if isinstance(target, ast.Attribute) and (kind is not None or why is not None):
                        self._bind_attribute(target, kind, why, body, scope)
                    if not isinstance(target, ast.Name):
                        continue
                    if kind is not None:
                        scope.servers[target.id] = kind
                    elif why is not None:
                        scope.untraced[target.id] = why
                    elif isinstance(statement.value, (ast.List, ast.Tuple)):
                        scope.sequences[target.id] = list(statement.value.elts)
                    elif isinstance(statement.value, (ast.Call, ast.Attribute)):
                        if once is None:
                            once = _bound_once(body)
                        if target.id not in once:
                            continue
                        if isinstance(statement.value, ast.Call):
                            scope.instances[target.id] = statement.value.func
                        else:
                            scope.aliases[target.id] = statement.value

    def _hinted_only(self, argument: ast.arg, function: Function) -> str | None:
        """Why a parameter annotated with the server class under `if TYPE_CHECKING:` only is
        not that server: its callers give it something portlint cannot trace (None: they do
        not, or the annotation's class is imported where the code runs)."""
        annotation = _parsed(argument.annotation)
        if annotation is None or not hint_only(annotation, self.tree, self.names):
            return None
        return self._given(function, argument.arg, registered_on=True)[1]

    @staticmethod
    def _bind_attribute(target: ast.Attribute, kind: ServerKind | None, why: str | None,
                        body: list[ast.stmt], scope: _Scope) -> None:
        """`self.mcp = FastMCP(...)`: the attribute is that server in this body (and the
        functions within), when the body sets it nowhere else and does not bind the object
        again — a class-based server registering on `self.mcp` in the method making it."""
        if not isinstance(target.value, ast.Name):
            return
        owner = target.value.id
        if not _set_once(body, owner, target.attr, scope.defined):
            return
        if kind is not None:
            scope.kept[(owner, target.attr)] = kind
        elif why is not None:
            scope.kept_untraced[(owner, target.attr)] = why

    def _scope(self, body: list[ast.stmt], scope: _Scope,
               loops: dict[str, list[ast.expr]]) -> None:
        self._bind(body, scope)
        for statement in body:
            self._statement(statement, scope, loops)

    def _statement(self, statement: ast.stmt, scope: _Scope,
                   loops: dict[str, list[ast.expr]]) -> None:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for decorator in statement.decorator_list:
                self._decorator(decorator, statement, scope)
            for expression in statement.decorator_list:
                self._expressions(expression, scope, loops, skip={
                    id(d) for d in statement.decorator_list})
            inner = _Scope(scope)
            inner.defined = statement
            arguments = statement.args
            inner.bound = {a.arg for a in ast.walk(arguments) if isinstance(a, ast.arg)}
            for argument in [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]:
                kind = self._annotated_server(argument.annotation)
                if kind is not None and scope.parent is None and self.follow_callers:
                    # the server the callers really give wins over the annotation, a type
                    # hint (ha-mcp annotates the SDK's `FastMCP` and is given fastmcp's)
                    given, why = self._given(statement, argument.arg)
                    hinted = None if given is not None or why is not None else (
                        self._hinted_only(argument, statement))
                    if hinted is not None:
                        # the annotation is a hint only (imported under `if TYPE_CHECKING:`),
                        # and what the callers give is not traced: ha-mcp annotates the SDK
                        # 1.x's `FastMCP` and is given fastmcp's
                        inner.untraced[argument.arg] = hinted
                        kind = None
                    elif given is None and why is None and self._never_named(statement):
                        # awslabs.ecs-mcp-server's `register_module(mcp: FastMCP)` of two
                        # modules its server never imports: what it registers is not listed
                        inner.untraced[argument.arg] = (
                            f"given to `{statement.name}`, which nothing in the project calls "
                            "or names")
                        kind = None
                    else:
                        kind = given or kind
                if kind is not None:
                    inner.servers[argument.arg] = kind
                    if scope.cls is not None and self.follow_callers and receiver_of(
                            statement) not in (None, argument.arg):
                        self._annotated_owner(scope.cls, statement, argument.arg, kind, inner)
                elif scope.parent is None and ((self.follow_callers and _registers_on(
                        statement, argument.arg)) or (self.pass_on and _hands_on(
                            statement, argument.arg))):
                    kind, why = self._given(statement, argument.arg, registered_on=True)
                    if kind is not None:
                        inner.servers[argument.arg] = kind
                    elif why is not None:
                        inner.untraced[argument.arg] = why
                elif scope.cls is not None and self.follow_callers and receiver_of(
                        statement) not in (None, argument.arg) and (_registers_on(
                            statement, argument.arg) or _kept_on_self(
                            statement, argument.arg) is not None):
                    self._method_given(scope.cls, statement, argument.arg, inner)
            if scope.cls is not None and self.follow_callers and statement.name != "__init__":
                self._kept_by_constructor(scope.cls, statement, inner)
            if not self.report_unknown and self.follow_callers and not (
                    inner.servers or inner.untraced) and _registers_any(statement):
                inner.fed = self._fed(statement, scope)
            self._scope(statement.body, inner, loops)
            return
        if isinstance(statement, ast.ClassDef):
            body = _Scope(scope)
            body.cls = statement if scope.parent is None else None
            body.class_body = True
            self._scope(statement.body, body, loops)
            return
        if isinstance(statement, (ast.For, ast.AsyncFor)):
            self._expressions(statement.iter, scope, loops)
            bound = dict(loops)
            if isinstance(statement.target, ast.Name):
                items = self._literal_sequence(statement.iter, scope)
                bound[statement.target.id] = items if items is not None else [statement.iter]
                if items is None:
                    bound[statement.target.id] = []
                    self._unlooped[statement.target.id] = statement.iter
            elif isinstance(statement.target, ast.Tuple):
                # `for name, cls in GROUPS:`: each name takes its place in every entry
                unpacked = _unpacked(statement.target, self._literal_sequence(
                    statement.iter, scope))
                bound.update(unpacked)
                self._unlooped.update({name: statement.iter for name, items in unpacked.items()
                                       if not items})
            for block in (statement.body, statement.orelse):
                for child in block:
                    self._statement(child, scope, bound)
            for name in _target_names(statement.target):
                self._unlooped.pop(name, None)
            return
        skipped: tuple[str, ...] = ()
        if isinstance(statement, ast.If):
            if is_type_checking(statement.test, self.names):
                skipped = ("body",)  # a type checker's only: never runs
            else:  # a branch a constant condition surely keeps from running registers nothing
                holds = truth(statement.test, self.constants)
                skipped = ("body",) if holds is False else ("orelse",) if holds else ()
        for field in ("body", "orelse", "finalbody", "handlers", "cases"):
            if field in skipped:
                continue
            children = getattr(statement, field, None)
            if isinstance(children, list) and children and isinstance(children[0], (
                    ast.stmt, ast.excepthandler, ast.match_case)):
                for child in children:
                    inner_body = getattr(child, "body", None) if isinstance(child, (
                        ast.excepthandler, ast.match_case)) else None
                    if inner_body is not None:
                        for grandchild in inner_body:
                            self._statement(grandchild, scope, loops)
                    elif isinstance(child, ast.stmt):
                        self._statement(child, scope, loops)
        for field, value in ast.iter_fields(statement):
            if field in ("body", "orelse", "finalbody", "handlers", "cases"):
                continue
            for expression in _expressions_in(value):
                self._expressions(expression, scope, loops)

    def _literal_sequence(self, node: ast.expr, scope: _Scope) -> list[ast.expr] | None:
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            return list(node.elts)
        if isinstance(node, ast.Name):
            return scope.sequence(node.id)
        return None

    # -- registrations -----------------------------------------------------------------------

    def _server_of(self, node: ast.expr, scope: _Scope) -> tuple[ServerKind | None, bool]:
        """(kind, whether it is traced) of the object `.tool`/`.add_tool` is called on."""
        if isinstance(node, ast.Name):
            kind = scope.server(node.id)
            return kind, kind is not None
        if isinstance(node, ast.Call):
            kind = self.server_kind(node)
            return kind, kind is not None
        if isinstance(node, ast.Attribute):
            kind = scope.kept_server(node)[0]
            return kind, kind is not None
        return None, False

    def _decorator(self, decorator: ast.expr, function: Function, scope: _Scope) -> None:
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        if not (isinstance(target, ast.Attribute) and target.attr == "tool"):
            return
        kind, _ = self._server_of(target.value, scope)
        through: Handed | None = None
        if kind is None:
            overriding = self._overriding_server(target.value, decorator, scope)
            if overriding is None or isinstance(overriding, str):
                if self._looks_like_server(target.value, scope):
                    self.found.append(Registration(
                        "unknown", decorator, function, {},
                        self._untraced(target.value, scope) if overriding is None else
                        overriding))
                return
            kind, through = overriding
        options = self._tool_options(decorator, kind) if isinstance(decorator, ast.Call) else {}
        self._add(kind, decorator, function, options, None, scope=scope, through=through)

    def _overriding_server(self, server: ast.expr, decorator: ast.expr, scope: _Scope
                           ) -> tuple[ServerKind, Handed | None] | str | None:
        """A fastmcp server made by a subclass of the project that changes nothing but its
        `tool`, which hands the function on through one decorator (:mod:`tool_overrides`):
        its kind, and that decorator where it is written (None: the function unchanged); why,
        when such a subclass's `tool` cannot be read for ``decorator``; None for any other
        server. ``server`` must be a name bound once at the top of this module, or of the
        module it is imported from, to a call of the class."""
        made = self._made_by(server, scope)
        if made is None:
            return None
        call, place = made
        found = self._classes.find(call.func, place)
        if found is None:
            return None
        cls, there = found.cls, found.place
        bases = [self.server_class(b, there.names, there.tree, there.path, 1) for b in cls.bases
                 if not _is_generic(b, there.names)]
        method = tool_method(cls)
        if len(bases) != 1 or bases[0][0] != "fastmcp" or method is None or (
                _subclass_problem(cls, allowing_tool=True) is not None):
            return None
        read = wrapping(method, decorator, there.names)
        if isinstance(read, str):
            return (f"`{shown_code(server)}` is a `{cls.name}`, which overrides `tool` ({read}): "
                    "portlint does not know what such a server lists")
        return "fastmcp", Handed(read.decorator, there, cls.name) if (
            read.decorator is not None) else None

    def _made_by(self, server: ast.expr, scope: _Scope) -> tuple[ast.Call, Place] | None:
        """The call ``server`` (a name) is bound to, once, at the top of this module or of the
        project module it is imported from, and where that is."""
        if not isinstance(server, ast.Name):
            return None
        current: _Scope | None = scope
        while current is not None and current.parent is not None:
            if server.id in current.bound:
                return None  # a name of a function or class body, not the module's
            current = current.parent
        tree, place = self.tree, Place(self.names, self.tree, self._path, None)
        name = server.id
        if name in self.names.imported:
            qualified = self.names.imported[name]
            module_name, _, name = qualified.rpartition(".")
            module = self.finder.find(module_name, self._path) if (
                self.finder is not None and module_name) else None
            if module is None or self._classes.module_binds(self.tree, server.id) != 1:
                return None
            tree, place = module.tree, Place(module.names, module.tree, module.path, module)
        if self._classes.module_binds(tree, name) != 1:
            return None
        for statement in tree.body:
            bound = plain_assignment(statement)
            if bound is not None and isinstance(bound[0], ast.Name) and bound[0].id == name:
                return (bound[1], place) if isinstance(bound[1], ast.Call) else None
        return None

    def _tool_options(self, call: ast.Call, kind: ServerKind) -> dict[str, ast.expr]:
        """The keywords of `tool(...)`, with a positional string as the name."""
        options = {k.arg: k.value for k in call.keywords if k.arg}
        if call.args and "name" not in options and (
                kind != "fastmcp" or _is_string(call.args[0])):
            options["name"] = call.args[0]
        return options

    def _looks_like_server(self, node: ast.expr, scope: _Scope) -> bool:
        if isinstance(node, ast.Name) and scope.why_untraced(node.id) is not None:
            return True  # a server, though not one portlint traces
        if scope.kept_server(node)[1] is not None or scope.unrun_method(node) is not None:
            return True  # `self.mcp`, kept from a server portlint does not trace (or may not run)
        return (self.report_unknown or scope.is_fed()) and isinstance(
            node, (ast.Name, ast.Attribute))

    def _expressions(self, root: ast.expr, scope: _Scope, loops: dict[str, list[ast.expr]],
                     skip: set[int] | None = None) -> None:
        for node in _walk_expression(root):
            if not isinstance(node, ast.Call) or (skip and id(node) in skip):
                continue
            self._note_servers_given(node, scope, loops)
            self._given_providers(node)
            func = node.func
            if isinstance(func, ast.Attribute) and (
                    func.attr in _COMPOSING or func.attr in _MADE_ELSEWHERE):
                self._composed(node, func, scope)
                continue
            # mcp.tool(...)(fn): the decorator applied as a call
            if isinstance(func, ast.Call) and isinstance(func.func, ast.Attribute) and \
                    func.func.attr == "tool" and node.args:
                kind, _ = self._server_of(func.func.value, scope)
                if kind is None:
                    if self._looks_like_server(func.func.value, scope):
                        self._unknown_server(node, func.func.value, scope)
                    continue
                self._register(kind, node, node.args[0], self._tool_options(func, kind),
                               scope, loops=loops)
            elif isinstance(func, ast.Attribute) and func.attr in ("tool", "add_tool"):
                kind, _ = self._server_of(func.value, scope)
                if func.attr == "tool" and (not node.args or _is_string(node.args[0])):
                    continue  # a decorator factory: applied elsewhere
                if not node.args:
                    continue
                if kind is None:
                    if self._looks_like_server(func.value, scope) and not self._is_parent_call(
                            node, root):
                        self._unknown_server(node, func.value, scope)
                    continue
                options = {k.arg: k.value for k in node.keywords if k.arg}
                self._register(kind, node, node.args[0], options, scope, loops=loops)

    def _given_providers(self, call: ast.Call) -> None:
        """`FastMCP("x", providers=[FileSystemProvider(...)])` (fastmcp 3.x and 4.x): the server
        lists the tools its providers give it — a folder's modules of standalone `@tool`
        functions, another server, a catalogue — which portlint does not read. Said where they
        are given, as `add_provider(...)` is (none given: nothing to say)."""
        given = next((k.value for k in call.keywords if k.arg == "providers"), None)
        if given is None or (isinstance(given, ast.Constant) and given.value is None) or (
                isinstance(given, (ast.List, ast.Tuple)) and not given.elts):
            return
        kind = self.server_kind(call)
        if kind != "fastmcp":
            return
        self._add(kind, call, None, {}, (
            f"the server lists the tools its providers give it (`providers="
            f"{shown_code(given)}`), which portlint does not read"))

    def _composed(self, call: ast.Call, func: ast.Attribute, scope: _Scope) -> None:
        """fastmcp's composition: `main.mount(sub)` lists `sub`'s tools too, and a server made
        `FastMCP.from_openapi(...)` (`from_fastapi`, `as_proxy`) lists tools made at run time.
        Neither is derived, and neither is silent: said where it is written — unless what is
        mounted is a server of the project traced here, given as it is (no prefix, no
        namespace): its own registrations are its tools, derived where they are written, as
        are those of one mounted with a namespace or new names that are read
        (:mod:`portlint.python.mounted_names`), under the names it lists them by."""
        if func.attr in _MADE_ELSEWHERE:
            kind, _ = self.server_class(func.value, self.names, self.tree, self._path)
            if kind is None or id(call) in self._mounted.calls:
                return
            self._add(kind, call, None, {}, (
                f"the server's tools are made at run time from {_MADE_ELSEWHERE[func.attr]} "
                f"(`{shown_code(func)}(...)`)"))
            return
        kind, _ = self._server_of(func.value, scope)
        first = func.attr == "mount" and prefix_first(call)
        given = call.args[1] if first else call.args[0] if call.args else next(
            (k.value for k in call.keywords if k.arg in ("server", "provider")), None)
        if given is None:
            return
        written = f"`{shown_code(call)}`"
        if kind is None:
            if first and str(cast(ast.Constant, call.args[0]).value).startswith("/"):
                return  # an ASGI route (`root_app.mount("/", mcp_app)`, Starlette's): no tools
            # onto a server portlint does not trace (mcp-atlassian's subclass mounting its Jira
            # server under `jira_`): what it lists of what it is given is not known either
            if self._looks_like_server(func.value, scope):
                self.found.append(Registration("unknown", call, None, {}, (
                    f"{written} adds the tools of what it is given to a server portlint does "
                    f"not trace: {self._untraced(func.value, scope)}")))
            return
        if isinstance(given, ast.Name) and scope.server(given.id) is not None:
            if len(call.args) + len(call.keywords) == 1:
                return  # a traced server, mounted as it is: its tools are derived where written
            mounted = self._mounts.server_here(given.id) if self._mounts is not None and (
                func.attr == "mount") else None
            if mounted is not None and self._mounts is not None and (
                    self._mounts.chains(mounted) is not None):
                return  # derived where written, under the names the mounts list them under
            self._add(kind, call, None, {}, (
                f"{written} lists the tools of `{given.id}` under other names or with other "
                "options; portlint derives them as `" + given.id + "` declares them"))
            return
        made = next((m for m in _MADE_ELSEWHERE if isinstance(given, ast.Call) and isinstance(
            given.func, ast.Attribute) and given.func.attr == m), None) or (
            self._mounted.made.get(given.id) if isinstance(given, ast.Name) else None)
        why = (f"made at run time from {_MADE_ELSEWHERE[made]}" if made is not None
               else "not a server portlint derives")
        if isinstance(given, ast.Name) and why == "not a server portlint derives":
            why = scope.why_untraced(given.id) or why
        self._add(kind, call, None, {}, f"{written} adds the tools of what it is given, {why}")

    def _note_servers_given(self, call: ast.Call, scope: _Scope,
                            loops: dict[str, list[ast.expr]]) -> None:
        given: list[tuple[int | str, ast.expr]] = []
        for position, argument in enumerate(call.args):
            if isinstance(argument, ast.Starred):
                break  # the positions after `*args` are not known
            given.append((position, argument))
        given.extend((k.arg, k.value) for k in call.keywords if k.arg)
        receiver = _instance_class(call.func.value, scope) if isinstance(
            call.func, ast.Attribute) else None
        # `cls(...).register(mcp)` in `for cls in (Reads, Writes):` is made on each
        receivers = tuple(loops[receiver.id]) if isinstance(receiver, ast.Name) and (
            loops.get(receiver.id)) else (receiver,) if receiver is not None else ()
        method = isinstance(call.func, ast.Attribute)
        for slot, argument in given:
            if isinstance(argument, ast.Name):
                kind, why = scope.server(argument.id), scope.why_untraced(argument.id)
            else:
                kind, why = scope.kept_server(argument)
            if kind is not None or why is not None:
                self.passed.append(_Passed(call, slot, kind, why, receivers, method))
            elif isinstance(argument, _MAYBE_SERVER):
                # (its `why` is the argument as written; where, the callee's module says)
                self.passed.append(_Passed(call, slot, None, shown_code(argument), receivers,
                                           method, unresolved=True))

    # -- servers given by the callers of a function -------------------------------------------

    def _given(self, function: Function, parameter: str, *, registered_on: bool = False
               ) -> tuple[ServerKind | None, str | None]:
        """(kind, None) when the project's calls of the module-level ``function`` give its
        ``parameter`` traced servers of one kind; (None, why) when one gives a server portlint
        does not trace, or they give servers of different kinds; (None, None) when none gives
        it a server. A parameter ``registered_on`` (or handed on to be) is a server whatever
        its callers give it: one giving an object portlint cannot trace to a server (ha-mcp's
        `register_search_tools(self.mcp, ...)`) makes it untraced, when no call gives a traced
        one — the tools a traced server lists are derived whatever else a test hands in."""
        here = self._path
        if self.finder is None or here is None:
            return None, None
        slots = _slots(function, parameter)
        kinds: set[ServerKind] = set()
        whys: list[str] = []
        unresolved: list[str] = []
        for passed, place in self._calls_in_project(function.name, here):
            assert place.path is not None
            if passed.slot in slots and self._calls(passed.call.func, place.names, place.path,
                                                    function.name):
                if passed.kind is not None:
                    kinds.add(passed.kind)
                elif passed.why is None:
                    continue
                elif not passed.unresolved:
                    whys.append(passed.why)
                elif registered_on:
                    unresolved.append(_unresolved_why(passed, place, here))
        if whys:
            return None, whys[0]
        if len(kinds) > 1:
            return None, ("given servers of different frameworks by its callers ("
                          + ", ".join(f"`{k}`" for k in sorted(kinds)) + ")")
        if kinds:
            return kinds.pop(), None
        return (None, unresolved[0]) if unresolved else (None, None)

    def _fed(self, function: Function, scope: _Scope) -> bool:
        """Whether the project's calls give a parameter of ``function`` (a module-level
        function, or a method of a module-level class) a server."""
        receiver = receiver_of(function) if scope.cls is not None else None
        arguments = function.args
        for argument in [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]:
            if argument.arg == receiver:
                continue
            if scope.parent is None:
                kind, why = self._given(function, argument.arg)
            elif scope.cls is not None:
                kind, why, _ = self._given_method(scope.cls, function, argument.arg)
            else:
                return False
            if kind is not None or why is not None:
                return True
        return False

    def _method_given(self, cls: ast.ClassDef, method: Function, parameter: str,
                      inner: _Scope) -> None:
        """Traces the server parameter of a method (`def register(self, mcp)`) from the project's
        calls `instance.register(mcp)`, and the class `self` is an instance of."""
        kind, why, owner = self._given_method(cls, method, parameter, registered_on=True)
        self_name = receiver_of(method)
        kept = _kept_on_self(method, parameter)
        if kind is not None and owner is not None:
            inner.servers[parameter] = kind
            if self_name is not None and not bindings_in(method, self_name):
                inner.owner = (self_name, owner)
                if kept is not None:
                    inner.kept[(self_name, kept)] = kind
        elif why is not None:
            inner.untraced[parameter] = why
            if self_name is not None and kept is not None:
                inner.kept_untraced[(self_name, kept)] = why

    def _annotated_owner(self, cls: ast.ClassDef, method: Function, parameter: str,
                         kind: ServerKind, inner: _Scope) -> None:
        """The class of `self` in a method whose server parameter is annotated with the server
        class (`def __init__(self, mcp: MCPServer): mcp.tool(name="x")(self.get_x)`, awslabs'
        serverless handlers), so its bound methods can be followed: the class the project's
        calls of the method give a server on (constructions of it or of a subclass), and
        `self.mcp` the constructor keeps it in."""
        self_name = receiver_of(method)
        if self_name is None or bindings_in(method, self_name) or self.finder is None or (
                self._path is None):
            return
        _, why, owner = self._given_method(cls, method, parameter)
        if owner is None:
            made = f"makes no `{cls.name}`" if method.name == "__init__" else (
                f"calls no `{method.name}` of `{cls.name}`")
            inner.owner = (self_name, why or (
                f"the project {made} portlint can follow, given the server"))
            return
        inner.owner = (self_name, owner)
        kept = _kept_on_self(method, parameter)
        if kept is not None:
            inner.kept[(self_name, kept)] = kind

    def _given_method(self, cls: ast.ClassDef, method: Function, parameter: str, *,
                      registered_on: bool = False
                      ) -> tuple[ServerKind | None, str | None, Found | None]:
        """(kind, None, class of `self`) when every call of the method the project makes on an
        instance of a class of the project gives its ``parameter`` a traced server of one
        kind, on instances of one class; (None, why, None) when one cannot be followed. A
        parameter ``registered_on`` that no call gives a server is untraced when a call gives
        it an object portlint cannot trace to one (as :meth:`_given` says)."""
        here = self._path
        if self.finder is None or here is None:
            return None, None, None
        slots = _slots_after_self(method, parameter)
        classes = self._classes
        kinds: set[ServerKind] = set()
        owners: dict[int, Found] = {}
        whys: list[str] = []
        constructor = method.name == "__init__"
        calls = (found for word in self._class_names(cls, classes)
                 for found in self._calls_in_project(word, here)) if constructor else iter(
            self._calls_of_method(method, here))
        seen: set[int] = set()
        unresolved: list[tuple[_Passed, Place]] = []
        for passed, place in calls:
            func = passed.call.func
            if passed.unresolved:
                if registered_on and passed.slot in slots:
                    unresolved.append((passed, place))
                continue
            if id(passed.call) in seen:
                continue
            if constructor:
                owner = classes.find(func, place)  # `Handler(mcp)`: the class called
                if owner is None:
                    continue  # not a class of the project: another function's call
                made_by = classes.method(owner, method.name, tool=False)
                if not isinstance(made_by, Method):
                    continue
                # the class's own constructor, or one handing the server on with
                # `super().__init__(mcp)` to this one
                wanted = slots if self._is_here(made_by, method) else self._forwarded(
                    owner, made_by, method, parameter, classes)
                if isinstance(wanted, str):
                    seen.add(id(passed.call))
                    whys.append(f"given to `{shown_code(func)}` ({_line_in(place, func, here)}), "
                                f"whose constructor {wanted}")
                    continue
                if wanted is None or passed.slot not in wanted:
                    continue
                seen.add(id(passed.call))
            elif passed.slot not in slots or not (
                    passed.method and isinstance(func, ast.Attribute)
                    and func.attr == method.name):
                continue
            else:
                seen.add(id(passed.call))
                owner = classes.find(passed.receivers[0], place) if (
                    len(passed.receivers) == 1) else None
            if owner is None:
                whys.append(f"given to `{shown_code(func)}` ({_line_in(place, func, here)}), "
                            "whose object portlint cannot trace to an instance of a class of the "
                            "project")
                continue
            bound = classes.method(owner, method.name, tool=not constructor)
            if not isinstance(bound, Method) or not (constructor or self._is_here(bound, method)):
                continue  # another class's method
            # (a constructor registers before anything can call `setattr` on what it makes)
            set_on = classes.setattr_line(func.value, place.tree) if isinstance(
                func, ast.Attribute) and not constructor else None
            if set_on is not None:
                assert isinstance(func, ast.Attribute)
                whys.append(f"given to `{shown_code(func)}` ({_line_in(place, func, here)}), "
                            f"and `setattr` is called on `{shown_code(func.value)}` "
                            f"(line {set_on})")
                continue
            owners[id(owner.cls)] = owner
            if passed.kind is not None:
                kinds.add(passed.kind)
            elif passed.why is not None:
                whys.append(passed.why)
        if whys:
            return None, whys[0], None
        if len(kinds) > 1:
            return None, ("given servers of different frameworks by its callers ("
                          + ", ".join(f"`{k}`" for k in sorted(kinds)) + ")"), None
        if len(owners) > 1:
            made = "constructing" if constructor else f"calls of `{method.name}` on"
            return None, (f"given by {made} instances of different classes ("
                          + ", ".join(f"`{o.cls.name}`" for o in owners.values())
                          + "): `self` is not one class"), None
        if not kinds:
            for passed, place in unresolved:
                if self._binds_call(passed, place, method, constructor):
                    return None, _unresolved_why(passed, place, here), None
            return None, None, None
        return kinds.pop(), None, next(iter(owners.values()))

    def _binds_call(self, passed: _Passed, place: Place, method: Function,
                    constructor: bool) -> bool:
        """Whether ``passed``'s call may run ``method``: a construction of a class of the
        project whose constructor it is, or `x.name(...)` (which the calls asked about are)."""
        func = passed.call.func
        if not constructor:
            return passed.method and isinstance(func, ast.Attribute) and (
                func.attr == method.name)
        owner = self._classes.find(func, place)
        made_by = self._classes.method(owner, method.name, tool=False) if (
            owner is not None) else None
        return isinstance(made_by, Method) and self._is_here(made_by, method)

    def _kept_by_constructor(self, cls: ast.ClassDef, method: Function, inner: _Scope) -> None:
        """A method registering on `self.mcp` that its class's constructor keeps
        (`def __init__(self, mcp): self.mcp = mcp`) without registering there: that server
        is what the project's constructions of the class give the constructor, when the method
        runs on such an instance."""
        self_name = receiver_of(method)
        if self_name is None or bindings_in(method, self_name):
            return
        attributes = {_on(node.value, self_name) for node in ast.walk(method)
                      if isinstance(node, ast.Attribute) and node.attr in REGISTERING}
        for attribute in sorted(a for a in attributes if a is not None):
            key = (self_name, attribute)
            if key in inner.kept or key in inner.kept_untraced:
                continue
            kind, why, owner = self._kept_given(cls, method, attribute)
            if kind is None or owner is None:
                if why is not None:
                    inner.kept_untraced[key] = why
                continue
            unrun = self._runs(cls, method)
            if unrun is not None:
                inner.unrun[key] = unrun
                continue
            inner.kept[key] = kind
            if inner.owner is None:
                inner.owner = (self_name, owner)

    def _kept_given(self, cls: ast.ClassDef, method: Function, attribute: str
                    ) -> tuple[ServerKind | None, str | None, Found | None]:
        """(kind, None, class of `self`) when the constructor of ``cls`` keeps in
        ``attribute`` a server the project's constructions give it, traced and of one kind, and
        their instances are bound to ``method``; (None, why, None) when it cannot be followed;
        (None, None, None) when the constructor keeps no server there."""
        key = (id(cls), attribute)
        if key not in self._kept_servers:
            self._kept_servers[key] = self._kept_server(cls, attribute)
        kind, why, owner = self._kept_servers[key]
        if owner is not None and not self._binds_here(owner, method):
            return None, None, None
        return kind, why, owner

    def _kept_server(self, cls: ast.ClassDef, attribute: str
                     ) -> tuple[ServerKind | None, str | None, Found | None]:
        """:meth:`_kept_given` for any method of ``cls`` (asked once per class and attribute)."""
        constructors = [s for s in cls.body if isinstance(s, (
            ast.FunctionDef, ast.AsyncFunctionDef)) and s.name == "__init__"]
        if len(constructors) != 1:
            return None, None, None
        constructor = constructors[0]
        arguments = constructor.args
        parameter = next((a.arg for a in [*arguments.posonlyargs, *arguments.args,
                                           *arguments.kwonlyargs]
                          if _kept(constructor, a.arg) == attribute), None)
        made = self._made_on_self(constructor, attribute) if parameter is None else None
        if parameter is None and made is None:
            return None, None, None
        classes = self._classes
        here = self._path
        if here is None:
            return None, None, None
        for assigned in classes.assignments(attribute, self.tree):
            path = assigned.module.path if assigned.module is not None else here
            if self._resolve(path) == self._resolve(here) and (
                    constructor.lineno <= assigned.node.lineno <= (constructor.end_lineno or 0)):
                continue  # the constructor's own
            if self._related(cls, assigned):
                return None, (f"kept by `{cls.name}`'s constructor, and "
                              f"{classes.assigned_at(assigned)} as well"), None
        if made is not None:
            # the constructor makes the server (mcp-server-rabbitmq's `self.mcp =
            # FastMCP(...)`): `self` is an instance of this class or of a subclass keeping
            # this constructor, whose methods are followed as this class's
            made_kind, made_why = made
            return (made_kind, None, Found(cls, Place(self.names, self.tree, self._path, None))
                    ) if made_kind is not None else (None, made_why, None)
        assert parameter is not None
        kind, why, owner = self._given_method(cls, constructor, parameter, registered_on=True)
        return (kind, None, owner) if kind is not None and owner is not None else (
            None, why, None)

    def _made_on_self(self, constructor: Function, attribute: str
                      ) -> tuple[ServerKind | None, str | None] | None:
        """(kind, None) or (None, why) of the server a constructor makes in ``attribute`` of
        `self` with one statement of its own body (`self.mcp = FastMCP(...)`) that nothing
        else in it sets; None when it makes none there."""
        self_name = receiver_of(constructor)
        if self_name is None or not _set_once(constructor.body, self_name, attribute,
                                              constructor):
            return None
        for statement in constructor.body:
            bound = plain_assignment(statement)
            if bound is None or not isinstance(bound[0], ast.Attribute) or not (
                    isinstance(bound[0].value, ast.Name) and bound[0].value.id == self_name
                    and bound[0].attr == attribute):
                continue
            kind, why = self._server_call(bound[1])
            return (kind, why) if kind is not None or why is not None else None
        return None

    def _binds_here(self, found: Found, method: Function) -> bool:
        """Whether an instance of ``found`` is bound to this very ``method`` by its name."""
        bound = self._classes.method(found, method.name, tool=False)
        return isinstance(bound, Method) and self._is_here(bound, method)

    def _runs(self, cls: ast.ClassDef, method: Function) -> str | None:
        """None when ``method`` runs on an instance the project makes (:class:`Reach`, worked
        out once per class); else why portlint cannot tell that it does."""
        here = self._path
        assert here is not None
        reach = self._reaches.get(id(cls))
        if reach is None:
            reach = self._reaches[id(cls)] = Reach(
                cls, calls=lambda name: self._method_calls(name, here), find=self._classes.find,
                is_this=self._binds_here, where=lambda place, node: _line_in(place, node, here))
        return reach.why_not_run(method)

    def _method_calls(self, name: str, here: Path) -> list[MethodCall]:
        """The calls `x.name(...)` in this module and in the project's modules mentioning
        ``name`` (each module's calls indexed once per analysis)."""
        found: list[MethodCall] = []
        for place in self._places_mentioning(name, here):
            calls = self._calls_by_tree.get(id(place.tree))
            if calls is None:
                calls = self._calls_by_tree[id(place.tree)] = calls_by_name(place)
            found.extend(calls.get(name, ()))
        return found

    def _related(self, cls: ast.ClassDef, assigned: Assignment) -> bool:
        """Whether an assignment of an attribute may set it on an instance of ``cls``: made on
        anything but `self` in a method, or on `self` in a method of ``cls``, of one of its
        bases or of one of its subclasses (or of a class whose bases portlint cannot follow)."""
        other = assigned.on_self
        if other is None or other is cls:
            return True
        here = Place(self.names, self.tree, self._path, None)
        module = assigned.module
        there = Place(module.names, module.tree, module.path, module) if module is not None \
            else here
        classes = self._classes
        ours, theirs = classes.line(Found(cls, here)), classes.line(Found(other, there))
        if isinstance(ours, str) or isinstance(theirs, str):
            return True
        def at(found: Found) -> tuple[Path, int, int] | None:
            return self._defined_at(found.cls, found.place.path)

        return at(Found(other, there)) in {at(f) for f in ours} or at(Found(cls, here)) in {
            at(f) for f in theirs}

    def _calls_of_method(self, method: Function, here: Path) -> list[tuple[_Passed, Place]]:
        """The project's calls `x.name(...)` giving a server that may bind to ``method``: on an
        instance of a class whose `name` is this method, or on an object portlint cannot trace
        to an instance. The calls of a name are sorted once per analysis, by the method each
        binds to: thousands of classes each with a `register` cost one pass, not one each."""
        grouped = self._server_calls.get(method.name)
        if grouped is None:
            grouped = self._server_calls[method.name] = self._group_method_calls(
                method.name, here)
        key = self._defined_at(method, None)
        return grouped.get(None, []) + (grouped.get(key, []) if key is not None else [])

    def _group_method_calls(self, name: str, here: Path
                            ) -> dict[tuple[Path, int, int] | None, list[tuple[_Passed, Place]]]:
        """The calls of :meth:`_calls_of_method`, by the method each binds to (None: on an
        object portlint does not trace to an instance)."""
        grouped: dict[tuple[Path, int, int] | None, list[tuple[_Passed, Place]]] = {}
        for place in self._calling_places(name, here):
            for key, one in self._method_calls_in(name, place):
                grouped.setdefault(key, []).append((one, place))
        return grouped

    def _method_calls_in(self, name: str, place: Place
                         ) -> list[tuple[tuple[Path, int, int] | None, _Passed]]:
        """The calls `x.name(...)` giving a server in the module of ``place``, each with the
        method it binds to (:meth:`_group_method_calls`). For a module of the project other
        than this one, worked out once while none of the project's files changes: every
        module defining a method of that name asks it of the same callers."""
        memo = self.finder.memo if self.finder is not None and place.module is not None and (
            place.path is not None) else None
        memo_key = ("method calls", name, place.path)
        held = memo.get(memo_key) if memo is not None else None
        if isinstance(held, tuple) and held[0] is place.tree:
            return cast(list[tuple[tuple[Path, int, int] | None, _Passed]], held[1])
        classes = self._classes
        calls: list[tuple[tuple[Path, int, int] | None, _Passed]] = []
        for passed in self._gives(place).get(name, ()):
            func = passed.call.func
            if not (passed.method and isinstance(func, ast.Attribute) and func.attr == name):
                continue
            for receiver in passed.receivers or (None,):  # one call per class it is made on
                one = passed._replace(receivers=(receiver,) if receiver is not None else ())
                owner = classes.find(receiver, place) if receiver is not None else None
                if owner is None:
                    calls.append((None, one))
                    continue
                bound = classes.method(owner, name, tool=True)
                key = self._defined_at(bound.function, bound.module.path if (
                    bound.module is not None) else None) if isinstance(bound, Method) else None
                if key is not None:
                    calls.append((key, one))
        if memo is not None:
            memo[memo_key] = (place.tree, calls)
        return calls

    def _defined_at(self, node: ast.stmt, path: Path | None) -> tuple[Path, int, int] | None:
        """Where a definition is: its file (``path``, None: this module's), line and column —
        what tells one `def` or `class` from another across the modules read."""
        path = path if path is not None else self._path
        return (self._resolve(path), node.lineno, node.col_offset) if path is not None else None

    def _resolve(self, path: Path) -> Path:
        """``path`` resolved (once per analysis: the checks compare files for every call)."""
        resolved = self._resolved.get(path)
        if resolved is None:
            resolved = self._resolved[path] = path.resolve()
        return resolved

    @cached_property
    def _mounted(self) -> _Mounted:
        """What the module gives `mount`/`import_server`/`add_provider` (said there), read
        when a module composes servers at all."""
        return _mounted(self.tree)

    @cached_property
    def _classes(self) -> Classes:
        """The project's classes as this module's analysis reads them (one per analysis: it
        remembers what it counted) — the caller's, when it has one."""
        return self._given_classes or Classes(self.finder, self._path)

    def _class_names(self, cls: ast.ClassDef, classes: Classes) -> list[str]:
        """The names a call of ``cls`` or of a subclass of it in the project is written with:
        its own, and those of the classes of the project deriving from it (at any remove; a
        subclass names its base where it is defined, so the modules mentioning a name are
        searched for its subclasses)."""
        here = self._path
        assert self.finder is not None and here is not None
        names = [cls.name]
        targets = {self._defined_at(cls, here)}
        pending = [cls.name]
        while pending and len(names) <= _MAX_SUBCLASS_NAMES:
            word = pending.pop()
            for place in self._places_mentioning(word, here):
                assert place.path is not None
                top = classes.module_classes(place.tree)
                for statement in classes.derived_by_name(place).get(word, ()):
                    if statement.name in names or statement not in top.get(statement.name, ()):
                        continue  # (a class defined in a function is not called by name)
                    for base in statement.bases:
                        found = classes.find(base, place)
                        if found is not None and found.place.path is not None and (
                                self._defined_at(found.cls, found.place.path) in targets):
                            names.append(statement.name)
                            pending.append(statement.name)
                            targets.add(self._defined_at(statement, place.path))
                            break
        return names

    def _forwarded(self, owner: Found, made_by: Method, method: Function, parameter: str,
                   classes: Classes) -> set[int | str] | str | None:
        """Where a call of ``owner`` gives ``parameter`` of this constructor (``method``) a value
        through the constructor ``made_by`` that runs instead, handing it on — a subclass's
        `def __init__(self, mcp, region): super().__init__(mcp); ...`, or
        `Handler.__init__(self, mcp)`, through as many constructors as the class's line holds.
        Each step is one top-level call of a base's constructor whose argument in the next
        parameter's place is a parameter of its own, never bound again. None when the
        constructor that runs never calls this one; why, when it calls a base's constructor in
        another way (its server is then not known)."""
        line = classes.line(owner)
        if isinstance(line, str):
            return None
        # each constructor on the way, its call of the next, whether that names its class
        steps: list[tuple[Function, ast.Call, bool]] = []
        current = made_by
        while not self._is_here(current, method):
            if len(steps) >= len(line):
                return None  # a constructor calling one below itself: not this one
            made = _base_constructor_call(current.function, line, classes, self._path)
            if made is None or isinstance(made, str):
                return made
            call, explicit, base = made
            following = classes.method(base, "__init__", tool=False)
            if not isinstance(following, Method):
                return None
            steps.append((current.function, call, explicit))
            current = following
        wanted = _slots_after_self(method, parameter)
        for function, call, explicit in reversed(steps):
            given = _caller_slots(function, _constructor_name(function, line, self._path), call,
                                  explicit, wanted)
            if given is None or isinstance(given, str):
                return given
            wanted = given
        return wanted

    def _is_here(self, bound: Method, method: Function) -> bool:
        """Whether ``bound`` is ``method`` of this module (read again, or this very node)."""
        there = self._defined_at(bound.function, bound.module.path if (
            bound.module is not None) else None)
        return bound.function.name == method.name and there is not None and (
            there == self._defined_at(method, None))

    def _calls_in_project(self, word: str, here: Path) -> Iterator[tuple[_Passed, Place]]:
        """The servers given to functions in this module and in the project's modules whose
        text holds ``word`` (each read as it is, never following callers further), and the
        module of each call."""
        for place in self._calling_places(word, here):
            for passed in self._gives(place).get(word, ()):
                yield passed, place

    def _calling_places(self, word: str, here: Path) -> Iterator[Place]:
        """This module, and the project's modules that may call ``word``: those that read a
        name or an attribute of that name (one defining the function, or saying it in a
        string, calls nothing so)."""
        for place in self._places_mentioning(word, here):
            if place.module is None or word in _callee_words(place.tree):
                yield place

    def _gives(self, place: Place) -> dict[str, list[_Passed]]:
        """What the module of ``place`` gives the functions it calls, by each name they may
        be asked about. It does not depend on the function asked about: read once per
        analysis (a class given the server is asked about under each of its names), and for a
        module of the project other than this one, once while none of the project's files
        changes (every module of the project asks it of the same ones)."""
        index = self._given_by.get(id(place.tree))
        if index is None:
            index = self._given_by[id(place.tree)] = self._gives_now(place)
        return index

    def _gives_now(self, place: Place) -> dict[str, list[_Passed]]:
        pass_on = _HANDED_ON if self.follow_callers else self.pass_on - 1
        memo = self.finder.memo if self.finder is not None and place.module is not None and (
            place.path is not None) else None
        key = ("gives", place.path, pass_on)
        held = memo.get(key) if memo is not None else None
        if isinstance(held, tuple) and held[0] is place.tree:
            index: dict[str, list[_Passed]] = held[1]
            return index
        caller = Finder(place.tree, place.names, self.finder, report_unknown=False,
                        follow_callers=False, path=place.path, pass_on=pass_on)
        caller.find()
        index = self._by_callee(caller.passed, place)
        if memo is not None:
            memo[key] = (place.tree, index)
        return index

    def _by_callee(self, given: list[_Passed], place: Place) -> dict[str, list[_Passed]]:
        """The servers a module gives, by each name the callee may be asked about: as written
        (`register`, `tools.register`, `Handler`), and the function or class of the project
        it resolves to (an alias: `from .tools import register as reg`)."""
        index: dict[str, list[_Passed]] = {}
        for passed in given:
            func = passed.call.func
            words = {func.id} if isinstance(func, ast.Name) else {func.attr} if isinstance(
                func, ast.Attribute) else set()
            qualified = place.names.qualified(func)
            if qualified is not None:
                words.add(qualified.rsplit(".", 1)[-1])
                if place.path is not None:
                    function = self._project_function(qualified, place.path)
                    if function is not None:
                        words.add(function[0].name)
            found = self._classes.find(func, place)
            if found is not None:
                words.add(found.cls.name)
            for word in words:
                index.setdefault(word, []).append(passed)
        return index

    def _places_mentioning(self, word: str, here: Path) -> list[Place]:
        """This module, and the project's other modules whose text holds ``word``."""
        assert self.finder is not None
        resolved = self._resolve(here)
        return [Place(self.names, self.tree, here, None)] + [
            Place(m.names, m.tree, m.path, m) for m in self.finder.mentioning(word)
            if m.path != resolved]

    def _never_named(self, function: Function) -> bool:
        """Whether the project makes its server in another module, and no module of it names
        the module-level ``function`` anywhere but where it is defined: no call, import,
        reference or string of its name that could be it (an attribute or a name portlint
        cannot resolve could be, and so is counted). (A library's function for others to
        call, in a project making no server, is not judged.)"""
        here = self._path
        if self.finder is None or here is None:
            return False
        resolved = self._resolve(here)
        if not any(module.path != resolved for word in ("FastMCP", "MCPServer")
                   for module in self.finder.mentioning(word)):
            return False
        name = function.name
        for place in self._places_mentioning(name, here):
            for node in ast.walk(place.tree):
                if isinstance(node, ast.Constant) and node.value == name:
                    return False  # `getattr(module, "register")`, `__all__`
                if isinstance(node, ast.alias) and name in (node.name, node.asname):
                    return False  # imported by name
                if isinstance(node, ast.Name) and node.id == name:
                    return False  # used in the module defining it, or one importing it
                if isinstance(node, ast.Attribute) and node.attr == name:
                    qualified = place.names.qualified(node)
                    found = self._function_at(qualified, place.path) if (
                        qualified and place.path is not None) else None
                    if found is None or found == (self._resolve(here), name):
                        return False  # it, or something portlint cannot tell from it
        return True

    def _calls(self, func: ast.expr, names: Names, path: Path, name: str) -> bool:
        """Whether ``func``, read in the module at ``path``, is this module's function
        ``name``."""
        here = self._path
        if here is None:
            return False
        if isinstance(func, ast.Name) and func.id not in names.imported:
            return self._resolve(path) == self._resolve(here) and func.id == name and (
                self._defined_once(self.tree, name))
        qualified = names.qualified(func)
        found = self._function_at(qualified, path) if qualified is not None else None
        return found is not None and found[0] == self._resolve(here) and found[1] == name

    def _function_at(self, qualified: str, path: Path) -> tuple[Path, str] | None:
        """(file, name) of the module-level function ``qualified`` names in the module at
        ``path``, through re-exports (asked of every call of the project's modules calling a
        function of the name: worked out once while none of the project's files changes)."""
        memo = self.finder.memo if self.finder is not None else None
        key = ("function at", qualified, path)
        if memo is not None and key in memo:
            return cast(tuple[Path, str] | None, memo[key])
        found = self._project_function(qualified, path)
        at = (found[1].path, found[0].name) if found is not None else None
        if memo is not None:
            memo[key] = at
        return at

    def _project_function(self, qualified: str, path: Path, hops: int = 0
                          ) -> tuple[Function, Module] | None:
        """The module-level function ``qualified`` names in the module at ``path`` (through
        re-exports), defined once in a module of the project, and that module."""
        split = _split_qualified(qualified)
        if split is None or hops > _MAX_IMPORT_HOPS or self.finder is None or split[0].split(
                ".")[0] in _FRAMEWORK_PACKAGES:
            return None
        module = self.finder.find(split[0], path)
        if module is None:
            return None
        defined = [s for s in _flat(module.tree.body) if isinstance(s, (
            ast.FunctionDef, ast.AsyncFunctionDef)) and s.name == split[1]]
        if defined:
            return (defined[0], module) if len(defined) == 1 and self._defined_once(
                module.tree, split[1]) else None
        further = module.names.imported.get(split[1])
        return self._project_function(further, module.path, hops + 1) if further else None

    def _defined_once(self, tree: ast.Module, name: str) -> bool:
        """Whether one function or class of the module, at any depth, has that name."""
        counts = _DEFINITIONS.get(tree)
        if counts is None:
            counts = _DEFINITIONS[tree] = {}
            for node in ast.walk(tree):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    counts[node.name] = counts.get(node.name, 0) + 1
        return counts.get(name) == 1

    def _is_parent_call(self, node: ast.Call, root: ast.expr) -> bool:
        """Whether ``node`` is the `mcp.tool(...)` of a `mcp.tool(...)(fn)` (handled there)."""
        return any(isinstance(n, ast.Call) and n.func is node for n in _walk_expression(root))

    def _unknown_server(self, node: ast.expr, server: ast.expr, scope: _Scope) -> None:
        self.found.append(Registration("unknown", node, None, {},
                                       self._untraced(server, scope)))

    def _untraced(self, server: ast.expr, scope: _Scope) -> str:
        """Why `.tool` on ``server`` is not followed."""
        unrun = scope.unrun_method(server)
        if unrun is not None:
            return unrun
        why = scope.why_untraced(server.id) if isinstance(server, ast.Name) else (
            scope.kept_server(server)[1])
        if why is None and isinstance(server, ast.Call):
            why = self._server_call(server)[1]
        if why is not None:
            return (f"`{shown_code(server)}` is {why}: portlint does not know what such a "
                    "server lists")
        return f"`{shown_code(server)}` is not a server portlint can trace to its `FastMCP(...)`"

    def _register(self, kind: ServerKind, node: ast.expr, target: ast.expr,
                  options: dict[str, ast.expr], scope: _Scope, *,
                  loops: dict[str, list[ast.expr]], inlined: bool = False) -> None:
        if isinstance(target, ast.Call) and (self.names.qualified(target.func) or "") in \
                _FROM_FUNCTION:
            if not target.args:
                self._add(kind, node, None, options, "`from_function` without a function",
                          scope=scope)
                return
            options = {**{k.arg: k.value for k in target.keywords if k.arg}, **options}
            target = target.args[0]
        if isinstance(target, ast.Call):
            target = self._unwrapped(target, scope) or target  # `paginating(name, fn)`
        helper = scope.defined if not inlined and scope.parent is not None and (
            scope.parent.parent is None) else None
        if helper is not None and isinstance(target, ast.Name) and registers_parameter(
                helper, target.id):
            # `def _register_tool(name, fn): mcp.tool(name=name)(fn)`: each call registers
            self._register_through(kind, node, (helper, target.id), options, scope)
            return
        made_by = self._factory(scope, target) if not inlined else None
        if made_by is not None:
            # `def register_tool(name): def decorator(fn): mcp.tool(fn, name=name) ...`
            self._register_factory_uses(kind, node, made_by, options, scope)
            return
        if isinstance(target, ast.Name) and target.id in loops:
            items = loops[target.id]
            if not items:
                iterated = self._unlooped.get(target.id, target)
                self._add(kind, node, None, options, (
                    f"the functions come from `{shown_code(iterated)}`, which is not a "
                    "literal list"), scope=scope)
                return
            for item in items:
                self._register(kind, node, item, options, scope, loops={})
            return
        if isinstance(target, ast.Name) and scope.function(target.id) is None:
            target = scope.alias(target.id) or target  # `list_tables = _metadata.list_tables`
        function = scope.function(target.id) if isinstance(target, ast.Name) else None
        if function is not None:
            self._add(kind, node, function, options, None, scope=scope)
            return
        # `mcp.tool()(docs.search)`, `from .tools import search`: a function of another module
        imported = self._project_callee(target, scope)
        if imported is not None:
            self._add(kind, node, imported[0], options, None, module=imported[1], scope=scope)
            return
        if isinstance(target, ast.Attribute):
            self._register_bound(kind, node, target, options, scope)
            return
        self._add(kind, node, None, options,
                  f"`{shown_code(target)}` is not a function portlint can find", scope=scope)

    def _register_through(self, kind: ServerKind, node: ast.expr,
                          registered: tuple[Function, str], options: dict[str, ast.expr],
                          scope: _Scope) -> None:
        """The tools a registering helper registers (``registered``: the helper and its
        parameter registered): what each of the module's calls of it passes there, its other
        parameters read as that call's arguments (:mod:`registering_helpers`), placed at the
        call."""
        helper, parameter = registered
        if self._classes.module_binds(self.tree, helper.name) != 1:
            self._add(kind, node, None, options, f"`{parameter}` is a parameter of "
                      f"`{helper.name}`, which is bound more than once", scope=scope)
            return
        if self._helper_calls is None or self._decorated is None:
            self._helper_calls = function_calls(self.tree)
            self._decorated = decorated_by_name(self.tree)
        calls = self._helper_calls.get(helper.name, [])
        decorated = self._decorated.get(helper.name, [])
        if not calls and not decorated:
            self._add(kind, node, None, options, f"`{parameter}` is a parameter of "
                      f"`{helper.name}`, which this module calls nowhere", scope=scope)
            return
        names = {a.arg for a in ast.walk(helper.args) if isinstance(a, ast.arg)}
        for use in decorated:
            self._register_decorated(kind, node, (helper, parameter), options, use)
        for found in calls:
            call = found.call
            if call_has_splat(call):
                self._add(kind, call, None, options, f"`{helper.name}(...)` is given "
                          "`*args`/`**kwargs`", scope=scope)
                continue
            passed = bound_argument(helper, call, parameter)
            given = {key: bound_argument(helper, call, value.id) or value if isinstance(
                value, ast.Name) and value.id in names else value
                for key, value in options.items()}
            bound = frozenset() if found.function is None else self._bound_by(found.function)
            if passed is None or shadowed(passed, bound):
                self._add(kind, call, None, given, f"`{helper.name}(...)` gives `{parameter}` "
                          "what portlint cannot follow", scope=scope)
                continue
            made = len(self.found)
            self._register(kind, call, passed, given, self._module_scope, loops={},
                           inlined=True)
            self.found[made:] = [r._replace(written=node) for r in self.found[made:]]

    def _factory(self, scope: _Scope, target: ast.expr) -> _Factory | None:
        """The decorator factory registering ``target``: when it is the first parameter of the
        function whose body registers it (never bound again), and that function is what the
        function around it returns (:func:`returned_decorator`), itself defined in the module
        or in a function (not a class); None otherwise."""
        decorator = scope.defined
        outer = scope.parent.defined if scope.parent else None
        home = scope.parent.parent if scope.parent else None
        if not isinstance(target, ast.Name) or decorator is None or outer is None or (
                home is None or home.class_body):
            return None
        positional = [a.arg for a in [*decorator.args.posonlyargs, *decorator.args.args]]
        if positional[:1] != [target.id] or not registers_parameter(decorator, target.id):
            return None
        if not returned_decorator(outer, decorator):
            return None
        return _Factory(outer, decorator, home.defined)

    def _register_factory_uses(self, kind: ServerKind, node: ast.expr, factory: _Factory,
                               options: dict[str, ast.expr], scope: _Scope) -> None:
        """The tools a decorator factory's uses register (:mod:`registering_helpers`): each
        function `@factory(...)` decorates, each value `factory(...)(value)` is given, the
        factory's parameters in the registration's keywords read as the use's arguments;
        placed at the use. A use is one where the factory's name means it: in the body that
        defines it (the module, or the function), not in a function binding the name itself."""
        made, decorator, home = factory
        name, applied = made.name, f"`{decorator.args.args[0].arg}` is what `{made.name}(...)` " \
            "is applied to"
        bound = len(bindings_in(home, name)) if home is not None else (
            self._classes.module_binds(self.tree, name))
        if bound != 1:
            self._add(kind, node, None, options, f"{applied}, and `{name}` is bound more than "
                      "once", scope=scope)
            return
        if self._factory_uses is None:
            self._factory_uses = factory_uses(self.tree)
        within = None if home is None else {id(n) for n in ast.walk(home)}
        uses = [use for use in self._factory_uses.get(name, [])
                if (within is None or id(use.call) in within) and (
                    use.function is None or use.function is home
                    or name not in self._bound_by(use.function))]
        if not uses:
            self._add(kind, node, None, options, f"{applied}, and this module applies it "
                      "nowhere", scope=scope)
            return
        inner = {a.arg for a in ast.walk(decorator.args) if isinstance(a, ast.arg)}
        # the factory's parameters, where the registration reads them: not rebound by either
        own = {a.arg for a in ast.walk(made.args) if isinstance(a, ast.arg)
               if not bindings_in(made, a.arg) and not bindings_in(decorator, a.arg)} - inner
        for use in uses:
            if call_has_splat(use.call):
                self._add(kind, use.call, None, options, f"`{name}(...)` is given "
                          "`*args`/`**kwargs`", scope=scope)
                continue
            values = {parameter: value for parameter in own
                      if (value := bound_argument(made, use.call, parameter)) is not None}
            given = {key: substituted(value, values) for key, value in options.items()}
            start = len(self.found)
            if isinstance(use.applied, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self._add(kind, use.call, use.applied, given, None)
            else:
                local = frozenset() if use.function is None else self._bound_by(use.function)
                if shadowed(use.applied, local):
                    self._add(kind, use.call, None, given, f"`{name}(...)` is applied to what "
                              "portlint cannot follow", scope=scope)
                    continue
                self._register(kind, use.call, use.applied, given, self._module_scope,
                               loops={}, inlined=True)
            self.found[start:] = [r._replace(written=node) for r in self.found[start:]]

    def _bound_by(self, function: Function) -> frozenset[str]:
        """The names ``function`` binds (its parameters too), read once per function."""
        bound = self._names_bound.get(id(function))
        if bound is None:
            bound = self._names_bound[id(function)] = names_bound(function)
        return bound

    def _register_decorated(self, kind: ServerKind, node: ast.expr,
                            registered: tuple[Function, str], options: dict[str, ast.expr],
                            use: Decorated) -> None:
        """The tool a registering helper used as a decorator (`@register`) registers: what the
        decorators below it make of the function it decorates, when the helper's first
        parameter is the one registered; the helper's other parameters at their defaults."""
        helper, parameter = registered
        positional = [a.arg for a in [*helper.args.posonlyargs, *helper.args.args]]
        given_call = ast.Call(func=ast.Name(id=helper.name), args=[
            ast.Name(id=use.function.name)], keywords=[])
        names = set(positional) | {a.arg for a in helper.args.kwonlyargs}
        given = {key: bound_argument(helper, given_call, value.id) or value if isinstance(
            value, ast.Name) and value.id in names else value for key, value in options.items()}
        if not positional or positional[0] != parameter:
            why = f"`@{helper.name}` gives its first parameter, not `{parameter}`, the function"
        else:
            made = len(self.found)
            self._add(kind, use.decorator, use.function, given, None)
            self.found[made:] = [r._replace(written=node) for r in self.found[made:]]
            return
        self._add(kind, use.decorator, None, given, why)

    def _unwrapped(self, call: ast.Call, scope: _Scope) -> ast.expr | None:
        """What a wrapper of the project hands back wrapped with `@functools.wraps`
        (`paginating(name, fn)` → `fn`); None for any other call."""
        function = scope.function(call.func.id) if isinstance(call.func, ast.Name) else None
        names = self.names
        if function is None:
            imported = self._project_callee(call.func, scope)
            if imported is not None:
                function, names = imported[0], imported[1].names
        parameter = wrapped_parameter(function, names) if function is not None else None
        if parameter is None or function is None or call_has_splat(call):
            return None
        return bound_argument(function, call, parameter)

    def _project_callee(self, node: ast.expr, scope: _Scope) -> tuple[Function, Module] | None:
        """The function another module of the project defines at its top level, bound there
        once, that ``node`` names through this module's imports (`search` of `from .tools
        import search`, `docs.search` of `from .tools import docs`), and that module — a module
        imported is one bound nowhere else here. (Not :meth:`_project_function`, which wants
        the name defined once at any depth: a module's methods of that name do not hide its
        function from the framework.)"""
        root = node.value if isinstance(node, ast.Attribute) else node
        if not (isinstance(root, ast.Name) and root.id in self.names.imported) or (
                self.finder is None) or (root is not node and (
                    self._classes.module_binds(self.tree, root.id) != 1
                    or _bound_in_function(scope, root.id))):
            return None
        qualified = self.names.qualified(node) or ""
        if "." not in qualified.lstrip("."):
            return None
        module_name, name = qualified.rsplit(".", 1)
        module = self.finder.find(module_name, self._path)
        if module is None or self._classes.module_binds(module.tree, name) != 1:
            return None
        function = next((s for s in module.tree.body if isinstance(s, (
            ast.FunctionDef, ast.AsyncFunctionDef)) and s.name == name), None)
        return (function, module) if function is not None else None

    def _register_bound(self, kind: ServerKind, node: ast.expr, target: ast.Attribute,
                        options: dict[str, ast.expr], scope: _Scope) -> None:
        """A bound method (`self.get_alarms`, `tools.get_alarms`, `Tools().get_alarms`) of an
        instance of a class of the project."""
        classes = self._classes
        value = target.value
        known = scope.self_of(value.id) if isinstance(value, ast.Name) else None
        owner = known if isinstance(known, Found) else None
        made = _instance_class(value, scope) if owner is None else None
        if made is not None:
            owner = classes.find(made, Place(self.names, self.tree, self._path, None))
        written = f"`{shown_code(target)}`"
        if owner is None:
            why = f": the class of `{shown_code(value)}` is not known ({known})" if isinstance(
                known, str) else ""
            self._add(kind, node, None, options,
                      f"{written} is not a function portlint can find{why}", scope=scope)
            return
        method = classes.method(owner, target.attr)
        problem = method if isinstance(method, str) else self._rebound(value, target.attr)
        if problem is not None or isinstance(method, str):
            self._add(kind, node, None, options, f"{written} is a method portlint does not "
                      f"follow: {problem}", scope=scope)
            return
        self._add(kind, node, method.function, options, None, module=method.module, bound=True,
                  scope=scope)

    def _rebound(self, instance: ast.expr, name: str) -> str | None:
        """Why the attribute ``name`` of ``instance`` may not be its class's method: this
        module or another of the project assigns such an attribute, or this module calls
        `setattr` on the instance."""
        assigned = self._classes.assigned_anywhere(name, self.tree)
        if assigned is not None:
            return f"{assigned}: the method it gives is known at run time only"
        line = self._classes.setattr_line(instance, self.tree)
        return f"`setattr` is called on `{shown_code(instance)}` (line {line})" if (
            line is not None) else None

    def _add(self, kind: ServerKind, node: ast.expr, function: Function | None,
             options: dict[str, ast.expr], problem: str | None, *,
             module: Module | None = None, bound: bool = False,
             scope: _Scope | None = None, through: Handed | None = None) -> None:
        options = {key: self.constants.resolved(value) if key in _SPELLED_OUT else value
                   for key, value in options.items()}
        options, unread = self._self_options(options, scope)
        replaced: Replaced | None = None
        if function is not None and problem is None and not bound:
            seen = self._seen(function, node, module, scope, through)
            if isinstance(seen, str):
                problem = seen
            else:
                replaced = _replacement(seen, function, node, module, through)
                function, module = seen.function, seen.place.module
        self.found.append(Registration(kind, node, function, options, problem, module, bound,
                                       unread, replaced=replaced))

    def _seen(self, function: Function, node: ast.expr, module: Module | None,
              scope: _Scope | None, through: Handed | None) -> Seen | str:
        """What the framework is handed for ``function`` registered by ``node``: the function,
        or what the decorators it is registered through make of it — its own, then the one
        its server's `tool` hands it to (``through``) — (:mod:`applied_decorators`)."""
        here = Place(self.names, self.tree, self._path, None)
        place = here if module is None else Place(module.names, module.tree, module.path,
                                                  module)

        def resolve(written: ast.expr) -> FoundFunction | None:
            if module is None:
                if scope is None and not any(s is function for s in self.tree.body):
                    return None  # a nested function's decorators, read without its scope
                return self._decorator_function(written, scope, here)
            return self._classes.function(written, place)

        seen = framework_sees(function, place, decorators_applied(function, node), resolve,
                              self._classes)
        if isinstance(seen, str) or through is None:
            return seen
        handed = further(seen, [through.decorator],
                         lambda e: self._classes.function(e, through.place), self._classes)
        if isinstance(handed, str):
            return (f"`{through.owner}.tool` hands `{function.name}` to "
                    f"`{shown_code(through.decorator)}`: {handed}")
        # a function of its own from the server's `tool`: said at the registration
        return handed._replace(replaced_by=node) if handed.replaced_by is not None else (
            handed._replace(replaced_by=seen.replaced_by))

    def _decorator_function(self, node: ast.expr, scope: _Scope | None,
                            here: Place) -> FoundFunction | None:
        """The function of the project a decorator written in ``scope`` names: a `def` of an
        enclosing function, bound there once, or one :meth:`Classes.function` finds."""
        if isinstance(node, ast.Name):
            current = scope
            while current is not None and current.parent is not None:
                if node.id in current.bound:
                    owner = current.defined
                    defined = current.functions.get(node.id)
                    if current.class_body or owner is None or defined is None or len(
                            bindings_in(owner, node.id)) != 1:
                        return None
                    return FoundFunction(defined, here)
                current = current.parent
        return self._classes.function(node, here)

    def _self_options(self, options: dict[str, ast.expr], scope: _Scope | None
                      ) -> tuple[dict[str, ast.expr], Unread]:
        """`name=self.name` in a method whose `self` is an instance of a class portlint
        knows: the constant the class gives it (:mod:`self_attributes`)."""
        written = [options.get(key) for key in _SPELLED_OUT]
        receivers = {w.value.id for w in written if isinstance(w, ast.Attribute)
                     and isinstance(w.value, ast.Name)}
        if scope is None or len(receivers) != 1:
            return options, ()
        receiver = receivers.pop()
        owner = scope.self_of(receiver)
        if not isinstance(owner, Found):
            return options, ()
        constants = self.constants
        return spelled_out(options, receiver, owner, classes=self._classes,
                           here=Place(self.names, self.tree, self._path, None),
                           constants_of=lambda place: (place.module.classes.constants
                                                       if place.module is not None
                                                       else constants))


# the modules a server may be handed on through, each a function's parameter given to a call,
# beyond the module whose calls are read
_HANDED_ON = 2
# the subclasses followed to find the calls of a class given the server
_MAX_SUBCLASS_NAMES = 32
# the options a tool's text is written in, which may name a module's constant
_SPELLED_OUT = frozenset(("name", "title", "description"))


def _bound_in_function(scope: _Scope, name: str) -> bool:
    """Whether a function enclosing ``scope`` (or its own) binds ``name``: then it is not the
    module's."""
    current: _Scope | None = scope
    while current is not None and current.parent is not None:
        if name in current.bound and not current.class_body:
            return True
        current = current.parent
    return False


def _split_qualified(qualified: str) -> tuple[str, str] | None:
    """``pkg.mod.Name`` as (``pkg.mod``, ``Name``), ``..mod.Name`` as (``..mod``, ``Name``),
    ``.Name`` as (``.``, ``Name``); None without a module."""
    dots = len(qualified) - len(qualified.lstrip("."))
    module, _, name = qualified[dots:].rpartition(".")
    module = "." * dots + module
    return (module, name) if module and name else None


def _is_generic(base: ast.expr, names: Names) -> bool:
    """Whether a base class is `typing.Generic[...]`, which adds nothing an instance lists."""
    written = base.value if isinstance(base, ast.Subscript) else base
    return names.qualified(written) in ("typing.Generic", "typing_extensions.Generic")


def _replacement(seen: Seen, written: Function, node: ast.expr, module: Module | None,
                 through: Handed | None) -> Replaced | None:
    """Where and how to say that a decorator hands the framework a function of its own (None:
    the framework reads ``written``): at the decorator, written on the function in this module;
    else at the registration ``node`` — the server's own `tool` (``through``), or a decorator
    of a function of another module."""
    by = seen.replaced_by
    if by is None:
        return None
    if by is node and through is not None:
        return Replaced(node, f"`{through.owner}.tool`, the server's own,", written)
    if module is None and any(d is by for d in written.decorator_list):
        return Replaced(by, f"`@{shown_code(by)}`", written)
    return Replaced(node, f"a decorator of `{written.name}`", written)


def _subclass_problem(cls: ast.ClassDef, allowing_tool: bool = False) -> str | None:
    """What in a subclass of the server class may change the tools it lists, said as the end
    of "a `MyServer`, ..."; None when nothing does (``allowing_tool``: but its `tool`, read on
    its own by :mod:`tool_overrides`)."""
    if cls.decorator_list or cls.keywords:
        return "whose class is decorated or given keywords"
    for statement in cls.body:
        if isinstance(statement, ast.Pass) or (isinstance(statement, ast.Expr) and isinstance(
                statement.value, ast.Constant)):
            continue  # a docstring, `pass`, `...`
        if not isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return f"whose class body sets `{ast.unparse(statement).splitlines()[0][:50]}`"
        name = statement.name
        if name == "__init__":
            problem = _constructor_problem(statement)
            if problem is not None:
                return problem
            continue
        if allowing_tool and name == "tool":
            continue
        if name != "run" and not name.startswith("run_") and not name.endswith("_app"):
            return f"which overrides `{name}`"
        touched = _tool_attribute(statement)
        if touched is not None:
            return f"whose `{name}` uses `{touched}`"
    return None


def _constructor_problem(method: Function) -> str | None:
    """Why a server subclass's `__init__` may change the tools its servers list, said as the
    end of "a `MyServer`, ..."; None when it first gives the server class's constructor every
    argument it is given, unchanged (`def __init__(self, *args, **kwargs): super().__init__(*args,
    **kwargs)`), and after that only sets attributes on `self` that name nothing of the tools
    (`self.allow_write = False`): no other use of `self`, no `super()` again."""
    arguments = method.args
    receiver = receiver_of(method)
    body = [s for s in method.body if not (
        isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]  # its docstring
    if method.decorator_list or arguments.posonlyargs or len(arguments.args) != 1 or (
            arguments.kwonlyargs) or not body or not _passes_everything(body[0], arguments):
        return "which overrides `__init__`"
    stores = {id(node.value) for statement in body[1:] for node in ast.walk(statement)
              if isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Load)}
    for statement in body[1:]:
        for node in ast.walk(statement):
            if isinstance(node, ast.Name) and node.id in (receiver, "super") and (
                    id(node) not in stores):
                return (f"whose `__init__` does more with `{node.id}` than set attributes: "
                        f"`{ast.unparse(statement).splitlines()[0][:60]}`")
    touched = _tool_attribute(method)
    return f"whose `__init__` sets `{touched}`" if touched is not None else None


def _passes_everything(statement: ast.stmt, arguments: ast.arguments) -> bool:
    """Whether ``statement`` is `super().__init__(*args, **kwargs)` with the constructor's own
    `*args` and `**kwargs` (the ones it has), and nothing else."""
    call = statement.value if isinstance(statement, ast.Expr) else None
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
            and call.func.attr == "__init__" and isinstance(call.func.value, ast.Call)
            and isinstance(call.func.value.func, ast.Name)
            and call.func.value.func.id == "super" and not call.func.value.args):
        return False
    star = arguments.vararg.arg if arguments.vararg is not None else None
    double = arguments.kwarg.arg if arguments.kwarg is not None else None
    given_star = [a.value.id for a in call.args if isinstance(a, ast.Starred)
                  and isinstance(a.value, ast.Name)]
    given_double = [k.value.id for k in call.keywords if k.arg is None
                    and isinstance(k.value, ast.Name)]
    return (len(call.args) == len(given_star) and len(call.keywords) == len(given_double)
            and given_star == ([star] if star else []) and given_double == (
                [double] if double else []) and bool(star or double))


def _tool_attribute(method: Function) -> str | None:
    """The first attribute of `self` or `super()` a method uses that registers, removes, filters
    or answers tools (`self.add_tool`, `super()._list_tools`), or None."""
    for node in ast.walk(method):
        if not isinstance(node, ast.Attribute):
            continue
        owner = node.value
        on_server = (isinstance(owner, ast.Name) and owner.id == "self") or (
            isinstance(owner, ast.Call) and isinstance(owner.func, ast.Name)
            and owner.func.id == "super")
        if on_server and any(word in node.attr.lower() for word in _TOOL_WORDS):
            return ast.unparse(node)
    return None


def _base_constructor_call(constructor: Function, line: list[Found], classes: Classes,
                           here: Path | None) -> tuple[ast.Call, bool, Found] | str | None:
    """The one call of a base's constructor ``constructor`` makes — `super().__init__(...)`, or
    `Base.__init__(self, ...)` (explicit: True) naming a class further along ``line`` — and
    that class; None when it makes none; why, when it makes several, or one that is not a
    statement of its own body."""
    defining = _defining(constructor, line)
    if defining is None:
        return None
    receiver = receiver_of(constructor)
    found: list[tuple[ast.Call, bool, Found]] = []
    for node in _own_nodes(constructor):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "__init__"):
            continue
        target = node.func.value
        if isinstance(target, ast.Call) and isinstance(target.func, ast.Name) and \
                target.func.id == "super" and not target.args:
            if defining + 1 < len(line):
                found.append((node, False, line[defining + 1]))
            continue
        base = classes.find(target, line[defining].place)
        if base is not None and any(b.cls is base.cls for b in line[defining + 1:]) and \
                node.args and isinstance(node.args[0], ast.Name) and node.args[0].id == receiver:
            found.append((node, True, base))
    if not found:
        return None
    name = _constructor_name(constructor, line, here)
    if len(found) > 1:
        return f"calls a base's constructor more than once in {name}"
    call = found[0][0]
    if not any(isinstance(s, ast.Expr) and s.value is call for s in constructor.body):
        return f"calls a base's constructor in {name} only under a condition or inside another call"
    return found[0]


def _defining(constructor: Function, line: list[Found]) -> int | None:
    """The place in ``line`` of the class defining ``constructor``."""
    return next((i for i, found in enumerate(line)
                 if any(s is constructor for s in found.cls.body)), None)


def _constructor_name(constructor: Function, line: list[Found], here: Path | None) -> str:
    """`Wide.__init__` (wide.py, line 12), as the reasons name a constructor (its file named
    when it is not ``here``, the module being read)."""
    defining = _defining(constructor, line)
    if defining is None:
        return f"`{constructor.name}` (line {constructor.lineno})"
    found = line[defining]
    return f"`{found.cls.name}.{constructor.name}` ({_line_in(found.place, constructor, here)})"


# arguments that may be a server: not a literal, not arithmetic, not a function made there
_MAYBE_SERVER = (ast.Name, ast.Attribute, ast.Call, ast.Subscript, ast.IfExp, ast.BoolOp,
                 ast.NamedExpr, ast.Await)


def _unresolved_why(passed: _Passed, place: Place, here: Path) -> str:
    """Why a parameter given an object portlint cannot trace to a server is not traced."""
    return (f"given `{passed.why}` ({_line_in(place, passed.call, here)}), which portlint "
            "cannot trace to where the server is made")


def _line_in(place: Place, node: ast.stmt | ast.expr, here: Path | None) -> str:
    """`line 12`, or `wide.py, line 12` for a node of another module than ``here``."""
    path = place.path
    other = path is not None and (here is None or path.resolve() != here.resolve())
    return f"{path.name}, line {node.lineno}" if other and path is not None else (
        f"line {node.lineno}")


def _caller_slots(constructor: Function, where: str, call: ast.Call, explicit: bool,
                  wanted: set[int | str]) -> set[int | str] | str | None:
    """Where the callers of ``constructor`` give the value its ``call`` of a base's
    constructor hands on to the parameter at ``wanted`` there (a position after `self`, a
    keyword): a parameter of its own (`super().__init__(mcp)`), or its callers' arguments passed
    through (`super().__init__(*args, **kwargs)`). None when the call gives that parameter
    nothing of its callers'; why, when what it gives cannot be told (``where``: the
    constructor's name as the reasons give it)."""
    for keyword in call.keywords:
        if keyword.arg is not None and keyword.arg in wanted:
            return _handed(constructor, keyword.value, where)
    arguments = call.args[1:] if explicit else call.args
    own = _positional(constructor)[1:]
    pack = constructor.args.vararg.arg if constructor.args.vararg else None
    packed = constructor.args.kwarg.arg if constructor.args.kwarg else None
    found: set[int | str] = set()
    position = next((s for s in wanted if isinstance(s, int)), None)
    starred = next((i for i, a in enumerate(arguments) if isinstance(a, ast.Starred)), None)
    if position is not None:
        if starred is None or position < starred:
            if position < len(arguments):
                return _handed(constructor, arguments[position], where)
        else:
            given = arguments[starred]
            assert isinstance(given, ast.Starred)
            if not (starred == len(arguments) - 1 and _passed_through(constructor, given.value,
                                                                          pack)):
                return f"hands `{shown_code(given)}` on to a base's constructor from {where}"
            found.add(len(own) + position - starred)
    names = [s for s in wanted if isinstance(s, str)]
    spread = [k.value for k in call.keywords if k.arg is None]
    if names and spread:
        if len(spread) > 1 or not _passed_through(constructor, spread[0], packed):
            return f"hands `**{shown_code(spread[0])}` on to a base's constructor from {where}"
        if not _is_parameter(constructor, names[0]):
            found.add(names[0])
    return found or None


def _handed(constructor: Function, argument: ast.expr, where: str) -> set[int | str] | str:
    """The slots of ``constructor``'s parameter handed on as ``argument``, or why it is not
    one of its parameters, as its callers gave it."""
    arguments = constructor.args
    rest = {a.arg for a in (arguments.vararg, arguments.kwarg) if a is not None}
    if not isinstance(argument, ast.Name) or not _is_parameter(constructor, argument.id) or (
            argument.id in rest):
        return (f"hands `{shown_code(argument)}` on to a base's constructor from {where}, not "
                "a parameter of its own")
    if bindings_in(constructor, argument.id):
        return (f"binds `{argument.id}` again in {where} before handing it on to a base's "
                "constructor")
    return _slots_after_self(constructor, argument.id)


def _passed_through(constructor: Function, given: ast.expr, pack: str | None) -> bool:
    """Whether ``given`` is the constructor's `*args` or `**kwargs` (``pack``), never bound
    again."""
    return pack is not None and isinstance(given, ast.Name) and given.id == pack and not (
        bindings_in(constructor, pack))


def _positional(function: Function) -> list[str]:
    return [a.arg for a in [*function.args.posonlyargs, *function.args.args]]



def _target_names(target: ast.expr) -> list[str]:
    """The names a loop's target binds directly (`x`, or each name of `a, b`)."""
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, ast.Tuple):
        return [e.id for e in target.elts if isinstance(e, ast.Name)]
    return []


def _unpacked(target: ast.Tuple, items: list[ast.expr] | None) -> dict[str, list[ast.expr]]:
    """The names a tuple target of a loop binds, each to its place in every entry of the
    literal ``items`` (none known when an entry is not a literal of the target's length, or
    the entries are not known)."""
    names = [e.id if isinstance(e, ast.Name) else None for e in target.elts]
    entries = [e.elts for e in items or () if isinstance(e, (ast.Tuple, ast.List))
               and len(e.elts) == len(names) and not any(
                   isinstance(x, ast.Starred) for x in e.elts)]
    known = items is not None and len(entries) == len(items)
    return {name: [entry[i] for entry in entries] if known else []
            for i, name in enumerate(names) if name is not None}


def _instance_class(value: ast.expr, scope: _Scope) -> ast.expr | None:
    """The class ``value`` is an instance of: `C` of `C(...)`, or of a name bound once to
    `C(...)`; None when not known."""
    if isinstance(value, ast.Call):
        return value.func
    return scope.instance(value.id) if isinstance(value, ast.Name) else None


def _hands_on(function: Function, parameter: str) -> bool:
    """Whether ``function`` gives its ``parameter`` to a call (`Reads().register(mcp)`,
    `register_all(app=mcp)`) and never binds that name again."""
    return _uses_parameter(function, parameter, lambda node: isinstance(node, ast.Call) and any(
        isinstance(a, ast.Name) and a.id == parameter
        for a in [*node.args, *(k.value for k in node.keywords)]))


def _registers_on(function: Function, parameter: str) -> bool:
    """Whether ``function`` registers tools on its ``parameter`` (`@app.tool`,
    `app.add_tool(...)`) and never binds that name again."""
    return _uses_parameter(function, parameter, lambda node: isinstance(
        node, ast.Attribute) and node.attr in REGISTERING and isinstance(
        node.value, ast.Name) and node.value.id == parameter)


def _uses_parameter(function: Function, parameter: str,
                    use: Callable[[ast.AST], bool]) -> bool:
    """Whether some node of ``function`` is a ``use`` of its ``parameter``, which is the
    function's own (no function within takes that name) and is never bound again."""
    used = False
    for node in ast.walk(function):
        if use(node):
            used = True
        elif _binds(node, parameter):
            return False
    bound = [a for a in ast.walk(function.args) if isinstance(a, ast.arg) and a.arg == parameter]
    nested = [a for a in ast.walk(function) if isinstance(a, ast.arg) and a.arg == parameter]
    return used and len(bound) == len(nested) == 1


class _Mounted(NamedTuple):
    """What a module gives `mount`/`import_server`/`add_provider`."""

    calls: set[int]  # the calls given, and those bound to the names given (said at the mount)
    made: dict[str, str]  # a name given, bound to a server made from something else → how


def _mounted(tree: ast.Module) -> _Mounted:
    """What the module gives `mount`/`import_server`/`add_provider` anywhere: a call, or a name
    whose call is then said once, at the mount (`sub = FastMCP.from_openapi(...)` then
    `main.mount(sub)`); and which of those names stand for a server made from something else
    (name → `from_openapi`)."""
    names: set[str] = set()
    calls: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                node.func.attr in _COMPOSING:
            for given in [*node.args[:1], *(k.value for k in node.keywords
                                            if k.arg in ("server", "provider"))]:
                if isinstance(given, ast.Name):
                    names.add(given.id)
                elif isinstance(given, ast.Call):
                    calls.add(id(given))
    made: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) and any(
                isinstance(t, ast.Name) and t.id in names for t in node.targets):
            calls.add(id(node.value))
            func = node.value.func
            if isinstance(func, ast.Attribute) and func.attr in _MADE_ELSEWHERE:
                made.update((t.id, func.attr) for t in node.targets if isinstance(t, ast.Name))
    return _Mounted(calls, made)


def _registers_any(function: Function) -> bool:
    """Whether ``function`` calls `.tool`/`.add_tool` on anything."""
    return any(isinstance(node, ast.Attribute) and node.attr in REGISTERING
               for node in ast.walk(function))


def _kept_on_self(method: Function, parameter: str) -> str | None:
    """The attribute of `self` a constructor keeps its server ``parameter`` in and registers
    tools on (`self.mcp = mcp` ... `self.mcp.tool(...)`), or None (see :func:`_kept`)."""
    receiver = receiver_of(method)
    kept = _kept(method, parameter)
    if kept is None or receiver is None:
        return None
    registers = any(isinstance(node, ast.Attribute) and node.attr in REGISTERING
                    and _on(node.value, receiver) == kept for node in ast.walk(method))
    return kept if registers else None


def _kept(method: Function, parameter: str) -> str | None:
    """The attribute of `self` a constructor keeps its ``parameter`` in (`self.mcp = mcp`), or
    None. One statement of the constructor's own body sets it, before any use of it; nothing
    else in the method sets or deletes it, and neither `self` nor the parameter is bound
    again."""
    receiver = receiver_of(method)
    if method.name != "__init__" or receiver is None or receiver == parameter:
        return None
    kept, at = next(((_on(s.targets[0], receiver), i) for i, s in enumerate(method.body)
                     if isinstance(s, ast.Assign) and len(s.targets) == 1
                     and isinstance(s.value, ast.Name) and s.value.id == parameter
                     and _on(s.targets[0], receiver) is not None), (None, -1))
    if kept is None:
        return None
    for i, statement in enumerate(method.body):
        for node in ast.walk(statement):
            if _binds(node, receiver) or _binds(node, parameter):
                return None
            if _on(node, receiver) != kept:
                continue
            assert isinstance(node, ast.Attribute)
            if not isinstance(node.ctx, ast.Load):
                if node is not method.body[at].targets[0]:  # type: ignore[attr-defined]
                    return None
            elif i <= at:
                return None  # used before it is set
    nested = [a for a in ast.walk(method) if isinstance(a, ast.arg) and a.arg in (
        parameter, receiver)]
    return kept if len(nested) == 2 else None


def _on(node: ast.AST, receiver: str) -> str | None:
    """``x`` of `self.x` (``receiver`` being `self`), else None."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
            node.value.id == receiver:
        return node.attr
    return None


def _own_nodes(function: Function) -> Iterator[ast.AST]:
    """The nodes of a function's body, not entering the functions, lambdas and classes it
    defines (their code runs elsewhere)."""
    return body_nodes(function.body)



def _returns(function: Function) -> list[ast.expr | None]:
    found = _RETURNS.get(function)
    if found is None:
        found = _RETURNS[function] = [n.value for n in _own_nodes(function)
                                      if isinstance(n, ast.Return)]
    return found


def _names_bound(body: list[ast.stmt]) -> frozenset[str]:
    """The names a body binds itself (not in the functions and classes it defines)."""
    return _per_body(_NAMES_BOUND, body, _read_names_bound)


def _read_names_bound(body: list[ast.stmt]) -> frozenset[str]:
    names: set[str] = set()
    for node in body_nodes(body):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            names.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            names.add(node.name)
    return frozenset(names)


def _parsed(annotation: ast.expr | None) -> ast.expr | None:
    """An annotation, a quoted one (`"FastMCP"`) read as code (None: none, or not code)."""
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        try:
            return ast.parse(annotation.value, mode="eval").body
        except SyntaxError:
            return None
    return annotation


def _set_once(body: list[ast.stmt], owner: str, attribute: str,
              function: Function | None) -> bool:
    """Whether a body (not the functions and classes it defines) sets or deletes
    `owner.attribute` once, and binds `owner` at most once — not at all when it is a parameter
    of ``function``, the body's function (`self` bound again is another object)."""
    sets = 0
    for node in body_nodes(body):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, (ast.Store, ast.Del)) and (
                isinstance(node.value, ast.Name) and node.value.id == owner
                and node.attr == attribute):
            sets += 1
    binds = binding_counts(body_nodes(body)).get(owner, 0)
    given = function is not None and _is_parameter(function, owner)
    return sets == 1 and binds + given <= 1


def _bound_once(body: list[ast.stmt]) -> frozenset[str]:
    """The names a body (a module's, a function's) binds once: in its own statements, not those
    of the functions and classes it defines, unless they declare it `global`/`nonlocal` (one
    pass for every name: a module of thousands of assignments asks for each)."""
    return _per_body(_BOUND_ONCE, body, _read_bound_once)


def _read_bound_once(body: list[ast.stmt]) -> frozenset[str]:
    declared = {name for s in body for n in ast.walk(s)
                if isinstance(n, (ast.Global, ast.Nonlocal)) for name in n.names}
    return frozenset(name for name, count in binding_counts(body_nodes(body)).items()
                     if count == 1 and name not in declared)


# read once per syntax-tree node for as long as its tree lives (the scopes of a module are
# walked again for each module calling one of its functions):
# what a function's own `return` statements give
_RETURNS: WeakKeyDictionary[ast.AST, list[ast.expr | None]] = WeakKeyDictionary()
# a module's functions and classes at any depth, by name: how many have it
_DEFINITIONS: WeakKeyDictionary[ast.Module, dict[str, int]] = WeakKeyDictionary()
_CALLEE_WORDS: WeakKeyDictionary[ast.Module, frozenset[str]] = WeakKeyDictionary()


def _callee_words(tree: ast.Module) -> frozenset[str]:
    """Every name the module reads (`register` of `register(mcp)`, `H = Handler`,
    `partial(register, ...)`), every attribute it reads (`tools.register`), and the name each
    import brings as it is defined where it comes from (`register` of `from .tools import
    register as reg`): what :meth:`Finder._by_callee` files a module's calls under can only be
    among them. A module holding none of them gives that function nothing — it may define it,
    or say its name in a string or a comment (every module of a project whose tool modules each
    define `register(mcp)`)."""
    words = _CALLEE_WORDS.get(tree)
    if words is None:
        found: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Name):
                found.add(node.id)
            elif isinstance(node, ast.Attribute):
                found.add(node.attr)
            elif isinstance(node, ast.alias):
                found.add(node.name.rsplit(".", 1)[-1])
        words = _CALLEE_WORDS[tree] = frozenset(found)
    return words
# what a body binds, known by its first statement, which belongs to it alone
_NAMES_BOUND: WeakKeyDictionary[ast.stmt, frozenset[str]] = WeakKeyDictionary()
_BOUND_ONCE: WeakKeyDictionary[ast.stmt, frozenset[str]] = WeakKeyDictionary()


def _per_body(cache: WeakKeyDictionary[ast.stmt, frozenset[str]], body: list[ast.stmt],
              read: Callable[[list[ast.stmt]], frozenset[str]]) -> frozenset[str]:
    if not body:
        return frozenset()
    found = cache.get(body[0])
    if found is None:
        found = cache[body[0]] = read(body)
    return found


def _is_parameter(function: Function, name: str) -> bool:
    return any(a.arg == name for a in ast.walk(function.args) if isinstance(a, ast.arg))


def _binds(node: ast.AST, name: str) -> bool:
    if isinstance(node, ast.Name):
        return node.id == name and not isinstance(node.ctx, ast.Load)
    return isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names


def _slots(function: Function, parameter: str) -> set[int | str]:
    """Where a call gives ``parameter`` its value: its position, its keyword."""
    arguments = function.args
    positional = _positional(function)
    slots: set[int | str] = set()
    if parameter in positional:
        slots.add(positional.index(parameter))
    if parameter not in (a.arg for a in arguments.posonlyargs):
        slots.add(parameter)
    return slots


def _slots_after_self(method: Function, parameter: str) -> set[int | str]:
    """:func:`_slots` as a method's callers give it, `self` not counted: `obj.m(x)` and
    `Cls(x)` give the first parameter after `self` position 0."""
    return {s - 1 if isinstance(s, int) else s for s in _slots(method, parameter)} - {-1}


def _is_string(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def _flat(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements of a body, with those inside if/try/with blocks (not loops or defs)."""
    for statement in body:
        yield statement
        if isinstance(statement, (ast.If, ast.With, ast.AsyncWith, ast.Try)):
            for field in ("body", "orelse", "finalbody"):
                yield from _flat(getattr(statement, field, []) or [])
            for handler in getattr(statement, "handlers", []) or []:
                yield from _flat(handler.body)


def _expressions_in(value: object) -> Iterator[ast.expr]:
    if isinstance(value, ast.expr):
        yield value
    elif isinstance(value, list):
        for item in value:
            if isinstance(item, ast.expr):
                yield item
            elif isinstance(item, ast.keyword):
                yield item.value
            elif isinstance(item, ast.withitem):
                yield item.context_expr


def _walk_expression(root: ast.expr) -> Iterator[ast.AST]:
    """The nodes of an expression, not entering lambdas (their bodies run later, elsewhere)."""
    pending: list[ast.AST] = [root]
    while pending:
        node = pending.pop()
        yield node
        if isinstance(node, ast.Lambda):
            continue
        pending.extend(reversed(list(ast.iter_child_nodes(node))))
