"""Tool registrations and what each SDK advertises for them in ``tools/list``.

Found: ``server.tool(...)`` and ``server.registerTool(...)`` on an ``McpServer`` of SDK 1.x
(``@modelcontextprotocol/sdk``) or 2.x (``@modelcontextprotocol/server``),
``server.experimental.tasks.registerToolTask(...)`` (SDK 1.24 and later), and the low-level
``Server``'s ``setRequestHandler(ListToolsRequestSchema | "tools/list", handler)`` whose handler
returns the tool list as a literal. The advertised entry is assembled as the SDK version in the
lockfile assembles it: its keys in the SDK's order, the Zod conversion it calls with its options
(see ``SdkModel``), the empty-object schema it substitutes, the 2.x ``type: "object"`` stamp and
the 2025-era wrap of a non-object ``outputSchema``."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from portlint.python.spans import SpanTable
from portlint.records import NamedTuple
from portlint.source.located import Span
from portlint.typescript.converted_schemas import MARK, NAME, converted, is_conversion
from portlint.typescript.evaluate import Evaluator, ModuleInfo, plain_parameters
from portlint.typescript.guards import Guards
from portlint.typescript.project import Project
from portlint.typescript.replaced_listing import Replacement, replacements
from portlint.typescript.syntax import Node, Syntax, enclosing_function, returned_expression
from portlint.typescript.unrolled import environments, used_names
from portlint.typescript.values import (
    Arr,
    Export,
    Function,
    Instance,
    Lit,
    NotPlain,
    Obj,
    Parameter,
    Some,
    Undefined,
    Unknown,
    Value,
    literal_name,
)
from portlint.typescript.zod import ListFails, Unsupported, Z, unread
from portlint.typescript.zod3_schema import to_json_schema as zod3_json
from portlint.typescript.zod4_schema import to_json_schema as zod4_json

EMPTY_OBJECT = {"type": "object", "properties": {}}


LEGACY_TAKES_SCHEMAS = (1, 22, 0)  # SDK 1.x lists a Zod schema given whole as it is


@dataclass
class SdkModel:
    """What one SDK release does when it lists tools (measured by the oracle, read from the
    SDK's ``server/mcp.js``)."""

    major: int
    version: tuple[int, int, int]

    @property
    def has_title(self) -> bool:
        return self.major >= 2 or self.version >= (1, 13, 0)

    @property
    def has_meta(self) -> bool:
        return self.major >= 2 or self.version >= (1, 18, 0)

    @property
    def has_execution(self) -> bool:
        return self.major == 1 and self.version >= (1, 24, 0)

    @property
    def pipe_strategy(self) -> bool:
        return self.major >= 2 or self.version >= (1, 20, 0)

    @property
    def accepts_zod4(self) -> bool:
        return self.major >= 2 or self.version >= (1, 23, 0)

    def describe(self) -> str:
        package = "@modelcontextprotocol/server" if self.major >= 2 else \
            "@modelcontextprotocol/sdk"
        return f"{package} {'.'.join(map(str, self.version))}"


@dataclass
class ToolDecl:
    name: str
    name_span: Span
    span: Span  # the whole registration
    entry: dict[str, Any] | None = None  # as advertised (None: not derivable)
    unknown: list[tuple[str, Span]] = field(default_factory=list)
    # the first of ``unknown`` makes the server's whole tools/list fail (its SDK throws)
    fails_list: bool = False
    schema_spans: dict[str, Span] = field(default_factory=dict)
    key_spans: dict[str, Span] = field(default_factory=dict)
    # why the name is not read (computed at run time): the schemas are derived all the same
    name_unread: str | None = None
    # a low-level handler's whole `tools` is not read: it stands for every tool it lists
    whole_list: bool = False
    # fields of the tool that are not schemas and could not be read (`annotations` set by a
    # spread at run time): left out of what is advertised, said as such
    parts_unread: list[tuple[str, str, Span]] = field(default_factory=list)
    # the server expression and the function it is registered in, for `tool`/`registerTool`
    # on an SDK's `McpServer` (which refuse a name registered twice); None for the others
    registered_on: tuple[str, Span] | None = None
    # the server it is registered on as written (``server`` of ``server.registerTool(...)``),
    # for every registration on an SDK's `McpServer`
    server_written: str | None = None
    # where the module sets another tools/list handler over its server's own: what clients
    # are listed for it is that handler's (:mod:`portlint.typescript.replaced_listing`)
    listing_replaced: Span | None = None
    # it stands for the tools of a server the file carries its own copy of the SDK for (a
    # bundle, :mod:`portlint.typescript.bundled_sdk`)
    bundled: bool = False
    # what a declaration standing for several tools stands for, when it is not a handler's
    # list ("the tools registered through this call")
    stands_for: str | None = None


def unread_name(value: Value) -> str:
    """Why a tool's name is not read (it is not a string literal or a constant)."""
    return value.reason if isinstance(value, Unknown) else "it is not a string"


def sdk_model(kind: str, project: Project) -> SdkModel:
    if kind.startswith("sdk2"):
        version = project.version("@modelcontextprotocol/server") or (2, 999, 0)
        return SdkModel(2, version)
    version = project.version("@modelcontextprotocol/sdk") or (1, 999, 0)
    return SdkModel(1, version)


class Registered(NamedTuple):
    """What a registration call is given, read: the name and the other arguments' values,
    where the name and the configuration are written, and the server as written (``owner``,
    the expression it is called on; ``server``, that of `tool`/`registerTool` with where it is
    made when a loop or a helper's caller gives it)."""

    name: Value
    rest: list[Value]
    name_at: Span
    config_at: Span
    owner: str | None
    server: str | None


class ToolFinder:
    def __init__(self, evaluator: Evaluator, module: ModuleInfo, project: Project,
                 spans: SpanTable) -> None:
        self.evaluator = evaluator
        self.module = module
        self.project = project
        self.spans = spans
        self.syntax = module.syntax
        self.default_server = self._imported_server()
        self.tools: list[ToolDecl] = []
        self.sdk: SdkModel | None = None
        self._guards: Guards | None = None
        # the registrations of each helper of another module the file calls
        self._helpers: dict[tuple[str, int], list[Node]] = {}

    def _forwarded_registration(self, call: Node) -> None:
        """`McpServer.prototype.registerTool.call(this, name, config, cb)` (or `.apply`, or
        `tool`) in a subclass of the SDK's server: the subclass's own method registers what it
        is handed at run time (@shortcut/mcp 0.25.0's `addToolWithReadAccess(...args)`, for 56
        tools). Said at that call, standing for the tools registered through it, never passed
        over."""
        called = _member(self.syntax, call.child_by_field_name("function"))  # `X.call`
        registering = _member(self.syntax, called[0]) if called is not None else None
        prototype = _member(self.syntax, registering[0]) if registering is not None else None
        if called is None or registering is None or prototype is None or \
                registering[1] not in ("registerTool", "tool") or prototype[1] != "prototype":
            return
        server = self.evaluator.evaluate(prototype[0])
        if not (isinstance(server, Export) and server.name == "McpServer"):
            return
        span = self.syntax.span(call)
        self.tools.append(ToolDecl("?", span, span, unknown=[(
            f"`{self.syntax.source(called[0])}` is handed what the function around it is "
            "given when it runs", span)], whole_list=True,
            stands_for="the tools registered through this call"))

    def _imported_server(self) -> str | None:
        for source, imported, _node in self.module.imports.values():
            if imported in ("McpServer", "Server"):
                from portlint.typescript.evaluate import SDK_MODULES

                if source in SDK_MODULES:
                    return SDK_MODULES[source] + ":" + imported
        return None

    def find(self) -> list[ToolDecl]:
        framework = self._imports_fastmcp()
        calls: list[Node] = []
        added: list[tuple[str, Node]] = []  # `server.addTool(...)` of the fastmcp framework
        helpers: list[Node] = []  # calls of a function another module of the project exports
        for call in self.syntax.searched("call_expression"):
            method = _method_name(self.syntax, call)
            if method in _METHODS:
                calls.append(call)
            elif self._project_import(call):
                helpers.append(call)
            elif method in ("addTool", "addTools") and (
                    framework or self._fastmcp_given(method, call)):
                added.append((method, call))
            elif method in ("call", "apply"):
                self._forwarded_registration(call)
        replaced = replacements(self.syntax, self.evaluator, self._registering(calls))
        answering = {r.call.id for r in replaced}
        sites: dict[int, Node] = {}  # each tool's registration call, by the tool's id
        for call in calls:
            if call.id not in answering:  # read below, as the handler it is
                registered = len(self.tools)
                self._registration(call)
                sites.update((id(tool), call) for tool in self.tools[registered:])
        for call in helpers:
            registered = len(self.tools)
            self._helper_registrations(call)
            sites.update((id(tool), call) for tool in self.tools[registered:])
        _refuse_repeated_names(self.tools, self.syntax.text, sites)
        self.tools = _once_per_server(self.tools)
        if replaced:
            # the tools a replacement may concern, by the server they are registered on (each
            # said once: a module setting thousands of handlers stays linear)
            pending: dict[str, list[ToolDecl]] = {}
            for tool in self.tools:
                if tool.server_written is not None and not tool.unknown:
                    pending.setdefault(tool.server_written, []).append(tool)
            for replacement in replaced:
                self._replaced_listing(replacement, pending)
        if added:
            from portlint.typescript.fastmcp_tools import FastMcpTools

            self.tools.extend(FastMcpTools(self).read(added))
        return self.tools

    def _project_import(self, call: Node) -> bool:
        """Whether a call's function is a name (or a namespace's member) the module imports
        from a file of the project (a relative import, or a `tsconfig.json` alias)."""
        function = call.child_by_field_name("function")
        while function is not None and function.type == "member_expression":
            function = function.child_by_field_name("object")
        if function is None or function.type != "identifier":
            return False
        imported = self.module.imports.get(self.syntax.source(function))
        return imported is not None and imported[0].startswith((".", "/", "@/", "~/", "#"))

    def _helper_registrations(self, call: Node) -> None:
        """`registerDatabaseTool(server, "list-indexes", config, handler)` of a function another
        module of the project declares, whose own statements register a tool on one of its
        parameters (@pinecone-database/mcp 0.3.0's `registerDatabaseTool(server, name,
        config, handler) { server.registerTool(name, {...}, ...) }`): the registration, read
        with the helper's parameters bound to this call's arguments, placed at the call. A
        registration under a condition or a loop of the helper, or in a function it defines,
        is not read here (the helper's own module says it)."""
        callee = self.evaluator.evaluate(call.child_by_field_name("function"))  # type: ignore
        home = self.evaluator.home_of(callee, self.module) if isinstance(
            callee, Function) else None
        if home is None or home is self.module or not isinstance(callee, Function):
            return
        names = plain_parameters(home.syntax, callee.node)
        args_node = call.child_by_field_name("arguments")
        given = [a for a in (args_node.named_children if args_node else [])
                 if a.type != "comment"]
        if names is None or len(given) > len(names) or any(
                a.type == "spread_element" for a in given):
            return
        own = self._helpers.get((home.key, callee.node.id))
        if own is None:  # (each helper's statements walked once, however often it is called)
            own = self._helpers[(home.key, callee.node.id)] = _own_registrations(
                home.syntax, callee.node)
        for registration in own:
            function = registration.child_by_field_name("function")
            method = _method_name(home.syntax, registration)
            receiver = function.child_by_field_name("object") if function is not None else None
            if receiver is None or method not in ("tool", "registerTool") or (
                    home.syntax.source(receiver) not in names):
                continue
            at = names.index(home.syntax.source(receiver))
            arguments = registration.child_by_field_name("arguments")
            written = [a for a in (arguments.named_children if arguments else [])
                       if a.type != "comment"]
            if at >= len(given) or not written or not (
                    used_names(home.syntax, registration) & (set(names) - {names[at]})):
                continue  # (what reads no other parameter, its own module derives)
            server = self.evaluator.evaluate(given[at])
            kind = server.kind if isinstance(server, Instance) and ":" in server.kind else (
                None if not isinstance(server, Unknown) or (
                    isinstance(server, Parameter) and server.annotation) else self._sdk_line())
            if kind is None or not kind.endswith(("McpServer", "sdk1", "sdk2")):
                continue
            kind = kind if ":" in kind else kind + ":McpServer"
            values = [self.evaluator.evaluate(a) for a in given]
            values += [Undefined(self.syntax.span(call), "")] * (len(names) - len(values))
            bound = {**self.evaluator.bound,
                     (home.key, callee.node.id): dict(zip(names, values, strict=True))}
            with self.evaluator.bindings(bound):
                read = [self.evaluator.evaluate(a, home) for a in written]
            span = self.syntax.span(call)
            self._make(call, method, kind, Registered(
                read[0], read[1:], span, span, self.syntax.source(given[at]),
                self.syntax.source(given[at])), unrolled=True)

    def _registering(self, calls: list[Node]) -> set[str]:
        """The expressions the module calls a registration method on, as written (``server``
        of ``server.registerTool(...)``)."""
        found: set[str] = set()
        for call in calls:
            function = call.child_by_field_name("function")
            method = _method_name(self.syntax, call)
            server = _server_node(self.syntax, function, method) if function is not None and (
                method in ("tool", "registerTool", "registerToolTask")) else None
            if server is not None:
                found.add(self.syntax.source(server))
        return found

    def _replaced_listing(self, replacement: Replacement,
                          pending: dict[str, list[ToolDecl]]) -> None:
        """A tools/list handler set over an ``McpServer``'s own
        (:mod:`portlint.typescript.replaced_listing`): read as the low-level handler it is, and
        each tool registered on that server said to be not derivable from its registration,
        where it is registered (the reason names the line the handler is set on)."""
        call = replacement.call
        arguments = call.child_by_field_name("arguments")
        assert arguments is not None
        model = self.sdk or sdk_model(f"{self._sdk_line() or 'sdk1'}:Server", self.project)
        self._list_handler(call, [a for a in arguments.named_children if a.type != "comment"],
                           model)
        line = self.syntax.text.count("\n", 0, replacement.span[0]) + 1
        servers = list(pending) if replacement.server is None else [replacement.server]
        for tool in (t for server in servers for t in pending.pop(server, ())):
            tool.entry = None
            tool.unknown.append((replacement.reason(line), tool.name_span))
            tool.listing_replaced = replacement.span

    def _fastmcp_given(self, method: str, call: Node) -> bool:
        """`server.addTool({ name, ..., execute })` on a parameter of a function, in a module
        of a project that depends on fastmcp (metabase-mcp, google-docs-mcp: the server made in
        one module, the tools added in others that import only Zod). A parameter typed with
        another class than fastmcp's, or a configuration without fastmcp's `execute`, is not
        one."""
        if "fastmcp" not in self.project.installed and "fastmcp" not in self.project.declared:
            return False
        function = call.child_by_field_name("function")
        target = function.child_by_field_name("object") if function is not None else None
        receiver = self.evaluator.evaluate(target) if target is not None else None
        if not isinstance(receiver, Parameter) or receiver.annotation not in ("", "FastMCP"):
            return False
        args = call.child_by_field_name("arguments")
        first = next((a for a in (args.named_children if args else []) if a.type != "comment"),
                     None)
        value = self.evaluator.evaluate(first) if first is not None else None
        configs = value.items if method == "addTools" and isinstance(value, Arr) else [value]
        return bool(configs) and all(isinstance(c, Obj) and c.get("execute") is not None
                                     and c.get("name") is not None for c in configs)

    def _imports_fastmcp(self) -> bool:
        """Whether the file imports its server class from the `fastmcp` framework
        (`import { FastMCP } from "fastmcp"`, :mod:`portlint.typescript.fastmcp_tools`)."""
        return any((source, imported) in FRAMEWORK_SERVERS
                   for source, imported, _node in self.module.imports.values())

    def _receiver(self, function: Node, method: str, arg_nodes: list[Node]) -> str | None:
        """The server kind (``sdk1:McpServer``, ...) a call registers on, or None when it is
        not a server's. A value known to be an SDK server (made with ``new``, or a parameter or
        field typed with the SDK's class) is one whatever the call; anything else — a
        parameter with no type, a value that cannot be followed — is one only when the call
        has the SDK method's argument shapes and the file or its project uses an MCP SDK."""
        target = _server_node(self.syntax, function, method)
        if target is None:
            return None
        value = self.evaluator.evaluate(target)
        if isinstance(value, Instance) and ":" in value.kind:
            return value.kind
        if not isinstance(value, Unknown):
            return None
        if isinstance(value, Parameter) and value.annotation:
            return None  # typed with a type that is not the SDK's server
        if not self._sdk_shaped(method, arg_nodes, isinstance(value, Parameter)):
            return None
        wanted = "Server" if method == "setRequestHandler" else "McpServer"
        if self.default_server is not None:  # the file imports an SDK's server class
            imported = self.default_server.split(":")[0]
            return imported + ":" + wanted if self._imports_class(wanted) else None
        line = self._sdk_line()
        return line + ":" + wanted if line is not None else None

    def _imports_class(self, name: str) -> bool:
        from portlint.typescript.evaluate import SDK_MODULES

        return any(source in SDK_MODULES and imported == name
                   for source, imported, _node in self.module.imports.values())

    def _sdk_line(self) -> str | None:
        """The SDK line the file's imports, else its project's dependencies, name (None:
        none, or both lines with nothing in the file or its own package.json to tell them
        apart)."""
        from portlint.typescript.evaluate import SDK_MODULES

        imported = {SDK_MODULES[source] for source, _imported, _node in
                    self.module.imports.values() if source in SDK_MODULES}
        if len(imported) == 1:
            return imported.pop()
        lines = (("sdk1", "@modelcontextprotocol/sdk"), ("sdk2", "@modelcontextprotocol/server"))
        installed = {line for line, package in lines if package in self.project.installed}
        if len(installed) > 1:  # both visible (hoisted): the one the package declares
            installed = {line for line, package in lines if package in self.project.declared}
        return installed.pop() if len(installed) == 1 else None

    def _sdk_shaped(self, method: str, arg_nodes: list[Node], parameter: bool = False) -> bool:
        """Whether a call's arguments have the shapes the SDK method takes: ``tool(name,
        [description], [shape], [annotations], callback)``, ``registerTool(name, {config keys},
        callback)``, ``setRequestHandler(ListToolsRequestSchema | "tools/list", handler)``. In
        a file that imports the SDK's server class, a value that cannot be followed (an
        imported configuration or shape) passes for the one it stands in for, so the
        registration is read and what cannot be derived said; elsewhere every argument must
        show its shape, but for `tool()` after a literal description, or on a parameter
        (``parameter``) with a function written as its callback (`registerTool` too):
        `server.tool(t.name,
        t.description, t.args, async (a) => ...)` in a module handed the server
        (@launchdarkly/mcp-server's `createRegisterTool(logger, server)`), said where it cannot
        be read rather than passed over."""
        values = [self.evaluator.evaluate(a) for a in arg_nodes]
        sdk_file = self.default_server is not None
        if method == "setRequestHandler":
            # the SDK's own `ListToolsRequestSchema` says a tools/list handler whatever the
            # handler is (a middleware's wrapper: then said not to be read, never passed over)
            sdk_schema = isinstance(values[0], Export) and (
                values[0].name == "ListToolsRequestSchema")
            return len(values) == 2 and (
                sdk_schema or (isinstance(values[0], Lit) and values[0].value == "tools/list")
            ) and (isinstance(values[1], Function) or sdk_file or sdk_schema)
        if method == "registerToolTask":  # a handler object, not a callback
            return len(values) == 3 and _stringish(values[0]) and isinstance(
                values[2], (Obj, Unknown)) and _config_shaped(values[1], _TASK_CONFIG_KEYS,
                                                             sdk_file)
        if values and arg_nodes[-1].type == "call_expression" and _method_name(
                self.syntax, arg_nodes[-1]) == "bind":
            # `this.run.bind(this)`: a function (@mapbox/mcp-server's tool classes hand the
            # server their bound `run`)
            values[-1] = Function(arg_nodes[-1], self.syntax.span(arg_nodes[-1]),
                                  values[-1].module)
        if not values or not _stringish(values[0]) or not _callback(values[-1]):
            return False
        middle = values[1:-1]
        if method == "registerTool":
            # on a parameter with a function written as its callback, a configuration that
            # cannot be followed is the SDK's too (@mapbox/mcp-server's `BaseTool` builds
            # `config` and sets `outputSchema` on it when there is one): said, not passed over
            return _config_shaped(middle[0] if len(middle) == 1 else None, _CONFIG_KEYS,
                                  sdk_file or (parameter and isinstance(values[-1], Function)))
        if len(middle) > 3:
            return False
        first = middle[0] if middle else None
        described = isinstance(first, Lit)
        if isinstance(first, Lit):
            if not isinstance(first.value, str):
                return False
            middle = middle[1:]
        # a value that cannot be followed passes for a shape in a file importing the SDK's
        # server class, and after a literal description: `tool(name, "description", X,
        # callback)` is the SDK's shape and no other API's (@heroku/mcp-server registers on a
        # parameter `deployToHerokuSchema.shape`, a describe() made at run time inside it;
        # passed over, the tool was said nowhere)
        loose = sdk_file or described or (parameter and bool(middle) and isinstance(
            values[-1], Function)) or (parameter and len(values) >= 4)
        # (on a parameter, `tool(name, description, shape, handler)`, four values or five, is
        # the SDK's shape whatever can be followed of them: @xeroapi/xero-mcp-server's
        # `forEach((tool) => server.tool(tool.name, tool.description, tool.schema,
        # tool.handler))` — said where it cannot be read, never passed over)
        shapes: tuple[type[Value], ...] = (Obj, Z, Unknown) if loose else (Obj, Z)
        # `tool(name, callback)` alone is any API's shape: a server's only in a file that
        # imports the SDK's server class, or with a literal description on a parameter of a
        # project using the SDK (@xeroapi/xero-mcp-server's helper module registers
        # `server.tool(name, "Second tool", async () => ...)` on the server it is given)
        return all(isinstance(v, shapes) for v in middle) and (
            bool(middle) or (isinstance(values[-1], Function) and (
                sdk_file or (parameter and described))))

    def _registration(self, call: Node) -> None:
        """The tools one registration call makes: one, or one per set of values the loops and
        helpers around it give the names it reads (:mod:`portlint.typescript.unrolled`)."""
        sets = environments(self.evaluator, self.module, call)
        if sets is None or sets == [{}]:
            if self._guards is None:  # (the conditions read once for the module's calls)
                self._guards = Guards(self.evaluator, self.module)
            if not self._guards.kept_from_running(call):
                self._register(call)
            return
        for bound in sets:
            with self.evaluator.bindings(bound):
                if not Guards(self.evaluator, self.module).kept_from_running(call):
                    self._register(call, unrolled=True)

    def _register(self, call: Node, unrolled: bool = False) -> None:
        function = call.child_by_field_name("function")
        assert function is not None
        method = self.syntax.source(function.child_by_field_name("property"))  # type: ignore
        args_node = call.child_by_field_name("arguments")
        arg_nodes = [a for a in (args_node.named_children if args_node else [])
                     if a.type != "comment"]
        kind = self._receiver(function, method, arg_nodes)
        if kind is None:
            return
        model = sdk_model(kind, self.project)
        self.sdk = model
        if method == "setRequestHandler":
            if kind.endswith(":Server"):
                self._list_handler(call, arg_nodes, model)
            return
        if not kind.endswith(":McpServer") or not arg_nodes:
            return
        receiver = function.child_by_field_name("object")
        owner = _server_node(self.syntax, function, method)
        server: str | None = None
        if method in ("tool", "registerTool") and receiver is not None:
            server = self.syntax.source(receiver)
            if unrolled:  # the server the loop or the helper's caller gives, where it is made
                server += repr(self.evaluator.evaluate(receiver).span)
        self._make(call, method, kind, Registered(
            self.evaluator.evaluate(arg_nodes[0]), [self.evaluator.evaluate(a) for a in
                                                     arg_nodes[1:]],
            self.syntax.span(arg_nodes[0]),
            self.syntax.span(arg_nodes[1]) if len(arg_nodes) > 1 else self.syntax.span(call),
            self.syntax.source(owner) if owner is not None else None, server), unrolled)

    def _make(self, call: Node, method: str, kind: str, given: Registered,
              unrolled: bool) -> None:
        """The tool a registration makes of the values it is given, placed at ``call``."""
        model = sdk_model(kind, self.project)
        self.sdk = model
        name_value = given.name
        span = self.syntax.span(call)
        if isinstance(name_value, Lit) and isinstance(name_value.value, str):
            # a name given by a loop or a helper's caller is placed where it is written
            written = name_value.span if unrolled and not name_value.module else given.name_at
            tool = ToolDecl(name_value.value, written, span)
        else:
            # `prefix + "read"`: what the server calls the tool is known at run time only; its
            # schemas do not depend on it, so they are derived and linted all the same
            tool = ToolDecl("?", given.name_at, span, name_unread=unread_name(name_value))
        self.tools.append(tool)
        tool.server_written = given.owner
        if given.server is not None:
            holder = enclosing_function(call)  # (a server of the module: its whole text)
            tool.registered_on = (given.server,
                                  self.syntax.span(holder) if holder is not None else (0, 0))
        rest = given.rest
        try:
            if method == "tool":
                if model.major >= 2:
                    raise Unsupported("SDK 2.x has no `server.tool()`; use `registerTool`", span)
                config = self._tool_arguments(rest, model, span)
            elif method == "registerToolTask" and not model.has_execution:
                raise Unsupported(f"{model.describe()} has no "
                                  "`experimental.tasks.registerToolTask`", span)
            else:
                if rest and isinstance(rest[0], Unknown):
                    raise unread(rest[0])
                if len(rest) < 1 or not isinstance(rest[0], Obj):
                    raise Unsupported("the tool's configuration is not an object literal",
                                      given.config_at)
                config = {k: rest[0].get(k) for k in (
                    "title", "description", "inputSchema", "outputSchema", "annotations",
                    "_meta", "icons")}
                if method == "registerToolTask":
                    config["execution"] = rest[0].get("execution")
                for entry in rest[0].entries():
                    tool.key_spans[entry.key] = entry.key_span
            tool.entry = self._advertise(tool, config, model, span,
                                         task=method == "registerToolTask")
        except Unsupported as error:
            tool.fails_list = not tool.unknown and isinstance(error, ListFails)
            tool.unknown.append((error.reason, self.placed(error, span)))

    def _tool_arguments(self, rest: list[Value], model: SdkModel, span: Span
                        ) -> dict[str, Value | None]:
        """SDK 1.x ``tool(name, [description], [shape], [annotations], callback)``."""
        config: dict[str, Value | None] = {}
        if rest and isinstance(rest[0], Lit) and isinstance(rest[0].value, str):
            config["description"] = rest.pop(0)
        elif rest and isinstance(rest[0], Unknown):
            raise unread(rest[0])
        if len(rest) > 1:
            first = rest[0]
            if isinstance(first, Unknown):
                raise unread(first)
            if isinstance(first, Obj):
                for entry in first.entries():
                    if isinstance(entry.value, Unknown):  # a schema or an annotation?
                        raise unread(entry.value)
            if _is_raw_shape(first):
                config["inputSchema"] = rest.pop(0)
                if len(rest) > 1 and isinstance(rest[0], Obj) and not _is_raw_shape(rest[0]):
                    config["annotations"] = rest.pop(0)
            elif isinstance(first, (Obj, Z)):
                if isinstance(first, Z) or any(isinstance(e.value, (Obj, Arr, Z))
                                                for e in first.entries()):
                    if model.version >= (1, 23, 0):
                        raise Unsupported(
                            "`server.tool()` takes a raw shape (`{ a: z.string() }`), not a "
                            "schema object: the SDK throws \"expected a Zod schema or "
                            "ToolAnnotations\" when the server starts", first.span)
                    raise Unsupported("`server.tool()` takes a raw shape (`{ a: z.string() }`); "
                                      "this object is not one", first.span)
                config["annotations"] = rest.pop(0)
        return config

    # -- building the advertised entry -----------------------------------------------------

    def _advertise(self, tool: ToolDecl, config: dict[str, Value | None], model: SdkModel,
                   span: Span, task: bool = False) -> dict[str, Any]:
        entry: dict[str, Any] = {} if tool.name_unread else {"name": tool.name}
        title = config.get("title")
        if model.has_title and title is not None and not isinstance(title, Undefined):
            entry["title"] = self.plain(title, "the title")
        description = config.get("description")
        if description is not None and not isinstance(description, Undefined):
            entry["description"] = self.plain(description, "the description")
        input_value = config.get("inputSchema")
        entry["inputSchema"] = self._schema(input_value, model, "input", span)
        if input_value is not None and not isinstance(input_value, Undefined):
            tool.schema_spans["inputSchema"] = self.where(input_value, span)
        annotations = config.get("annotations")
        if annotations is not None and not isinstance(annotations, Undefined):
            self.part(tool, entry, "annotations", annotations, "the annotations")
        if model.major >= 2:
            icons = config.get("icons")
            if icons is not None and not isinstance(icons, Undefined):
                self.part(tool, entry, "icons", icons, "the icons")
        if task:  # the SDK's `{ taskSupport: "required", ...config.execution }`
            execution = config.get("execution")
            given = {} if execution is None or isinstance(execution, Undefined) else \
                self.plain(execution, "the execution")
            if not isinstance(given, dict):
                raise Unsupported("the tool's `execution` is not an object",
                                  execution.span if execution is not None else span)
            entry["execution"] = {"taskSupport": "required", **given}
            if entry["execution"]["taskSupport"] == "forbidden":
                raise Unsupported("a task tool with `taskSupport: \"forbidden\"`: the SDK "
                                  "throws when the server starts", span)
        elif model.has_execution:
            entry["execution"] = {"taskSupport": "forbidden"}
        meta = config.get("_meta")
        if model.has_meta and meta is not None and not isinstance(meta, Undefined):
            self.part(tool, entry, "_meta", meta, "`_meta`")
        output_value = config.get("outputSchema")
        if output_value is not None and not isinstance(output_value, Undefined):
            if model.version < (1, 12, 0):
                raise Unsupported("SDK releases before 1.12 have no output schemas", span)
            output = self._schema(output_value, model, "output", span)
            if output is not None:
                if model.major >= 2 and output.get("type") != "object":
                    output = _legacy_wrap(output, self.spans)
                entry["outputSchema"] = output
                tool.schema_spans["outputSchema"] = self.where(output_value, span)
        return entry

    def part(self, tool: ToolDecl, entry: dict[str, Any], key: str, value: Value,
             what: str, *, at: Span | None = None) -> None:
        """A field of the tool that is not a schema (annotations, icons, `_meta`): advertised
        as written, or — when it is not known before run time — left out and said, the
        tool's schemas being derived all the same."""
        try:
            entry[key] = self.plain(value, what)
        except Unsupported as unread:
            if isinstance(unread, ListFails):
                raise
            span = unread.span if not value.module else self.where(value, at)
            tool.parts_unread.append((key, unread.reason, span))

    def where(self, value: Value, at: Span | None = None) -> Span:
        """Where ``value`` is in this file: where it is written, or — made in another module —
        where this file uses it, else ``at`` (the place of what holds it here)."""
        if value.module:
            found = self.evaluator.foreign.get(id(value))
            if found is not None:
                return found
            # never the span it has in its own module: an offset into another text (said on
            # the line and column it would have here, in mcp-server-linear 1.6.0) is worse
            # than the registration's place, where a zero span is said
            return at if at is not None else (0, 0)
        return value.span

    def placed(self, error: Unsupported, at: Span) -> Span:
        """Where in this file to say ``error``: where the value it is about is written or used
        here, else ``at``."""
        return error.span if error.value is None else self.where(error.value, at)

    def plain(self, value: Value, what: str) -> Any:
        from portlint.typescript.values import plain

        if isinstance(value, Unknown):
            raise unread(value)
        try:
            return plain(value)
        except NotPlain as error:
            if isinstance(error.value, Unknown):
                raise unread(error.value, self.where(error.value)) from None
            raise Unsupported(f"{what} is not a literal", self.where(error.value)) from None

    def _schema(self, value: Value | None, model: SdkModel, io: str, span: Span
                ) -> dict[str, Any] | None:
        if value is None or isinstance(value, Undefined):
            if io == "output":
                return None
            empty = {"type": "object", "properties": {}}
            self.spans.mark(empty, span)
            return empty
        if isinstance(value, Unknown):
            raise unread(value)
        where = self.where(value)
        if isinstance(value, Obj) and value.get("~fromJsonSchema") is not None:
            if model.major < 2:
                raise Unsupported("`fromJsonSchema` is SDK 2.x's", where)
            schema: dict[str, Any] = self.literal_json(
                value.get("~fromJsonSchema"))  # type: ignore[arg-type]
            if io == "input":
                if "type" in schema and schema["type"] != "object":
                    raise Unsupported("the SDK refuses an input schema that is not an object "
                                      "(\"MCP tool and prompt schemas must describe objects\")",
                                      where)
                stamped = {"type": "object", **schema}
                self.spans.mark(stamped, where)
                return stamped
            return schema
        if model.major == 1 and model.version < (1, 23, 0):
            return self._schema_legacy(value, model, io, where)
        zod = self._zod_object(value, model, where)
        if zod is None:
            empty = {"type": "object", "properties": {}}
            self.spans.mark(empty, where)
            return empty
        foreign = self.evaluator.foreign
        if model.major >= 2:
            if zod.flavor.major < 4:
                raise Unsupported("SDK 2.x cannot convert Zod 3 schemas (\"Schema appears to "
                                  "be from zod 3\"); the server's `tools/list` fails", where)
            result = zod4_json(zod, "draft-2020-12", "input" if io == "input" else "output",
                               self.spans, foreign)
            if io == "input":
                if "type" in result and result["type"] != "object":
                    raise Unsupported("the SDK refuses an input schema that is not an object",
                                      where)
                stamped = {"type": "object", **result}
                self.spans.mark(stamped, where)
                self.spans.carry(result, stamped)
                return stamped
            if "type" not in result and _provably_object(result):
                stamped = {"type": "object", **result}
                self.spans.mark(stamped, where)
                return stamped
            return result
        if zod.flavor.major >= 4:
            elsewhere = self.project.sdk_zod_elsewhere
            if elsewhere is not None:
                raise Unsupported(f"{elsewhere}: Zod 4 keeps descriptions and metadata in the "
                                  "registry of each copy, so the SDK's sees none of this file's, "
                                  "and its conversion is its own release's", where)
            return zod4_json(zod, "draft-07", "input" if io == "input" else "output",
                             self.spans, foreign)
        return zod3_json(zod, "input" if io == "input" else "output", self.spans, foreign)

    def _zod_object(self, value: Value, model: SdkModel, where: Span) -> Z | None:
        """The object schema the SDK lists (None: it lists the empty object instead)."""
        if isinstance(value, Obj):
            unknown = next((e.value for e in value.entries() if isinstance(e.value, Unknown)),
                           None)
            if unknown is not None and not _is_raw_shape(value):
                # what the fields are is not known (a Zod portlint does not reproduce, an
                # import it cannot follow): that is the reason, not the shape
                raise unread(unknown)
            if not _is_raw_shape(value):
                raise Unsupported("the schema is neither a Zod schema nor a raw shape of Zod "
                                  "schemas", where)
            fields = [e for e in value.entries() if not isinstance(e.value, Undefined)]
            schemas = [e.value for e in fields]
            for item in schemas:
                if isinstance(item, Unknown):
                    raise unread(item)
                if not isinstance(item, Z):
                    raise Unsupported("a field of the shape is not a Zod schema",
                                      self.where(item))
            zods = [s for s in schemas if isinstance(s, Z)]
            majors = {s.flavor.major for s in zods}
            if len(majors) > 1:
                raise Unsupported("the shape mixes Zod 3 and Zod 4 schemas (the SDK throws "
                                  "\"Mixed Zod versions\")", where)
            from portlint.typescript.zod import Field, Flavor

            if model.major >= 2 and majors == {3}:
                raise Unsupported("SDK 2.x takes Zod 4 field schemas (it throws \"Raw-shape "
                                  "... must be Zod v4 schemas\")", where)
            flavor = zods[0].flavor if zods else Flavor(4, "")
            made = Z("object", value.span, flavor, value.module)
            made.shape = [Field(e.key, e.key_span, e.value) for e in fields
                          if isinstance(e.value, Z)]
            if not made.module:
                return made
            self.evaluator.foreign[id(made)] = where
            return made
        if not isinstance(value, Z):
            raise Unsupported("not a Zod schema", where)
        if model.major == 1:
            if value.flavor.major >= 4:
                return value if value.type == "object" else None
            return value if value.type == "object" else None
        return value

    def _schema_legacy(self, value: Value, model: SdkModel, io: str, where: Span
                       ) -> dict[str, Any]:
        """SDK 1.x before 1.23: ``zodToJsonSchema(z.object(shape), {strictUnions: true})``.
        A Zod schema given whole is converted as it is from 1.22.0; before, ``registerTool``
        wraps it in ``z.object()`` all the same, and an object schema wrapped so makes every
        ``tools/list`` throw (observed under 1.13.0-1.21.2 with Zod 3.22.4 and 3.25.76)."""
        strategy = ("input" if io == "input" else "output") if model.pipe_strategy else "all"
        if isinstance(value, Z) and value.flavor.major < 4:
            if model.version >= LEGACY_TAKES_SCHEMAS:
                return zod3_json(value, strategy, self.spans,  # type: ignore[arg-type]
                                 self.evaluator.foreign)
            if value.type == "object":
                raise ListFails(
                    f"SDK {'.'.join(map(str, model.version))} takes a raw shape (`{{ a: "
                    "z.string() }`) and wraps this object schema in `z.object()` again: "
                    "listing it throws \"Cannot read properties of null (reading '_def')\", "
                    "so every `tools/list` of this server fails (pass the shape, or upgrade to "
                    "1.22.0 or later)", where)
        unknown = next((e.value for e in value.entries() if isinstance(e.value, Unknown)),
                       None) if isinstance(value, Obj) else None
        if unknown is not None:  # a field that cannot be read: that is the reason
            raise unread(unknown)
        if not isinstance(value, Obj) or not _is_raw_shape(value):
            raise Unsupported(f"SDK {'.'.join(map(str, model.version))} takes a raw shape "
                              "(`{ a: z.string() }`) and wraps it in `z.object`; this is not "
                              "one", where)
        zod = self._zod_object(value, model, where)
        assert zod is not None
        if not zod.shape:  # the SDK's own z.object({}), from its Zod 3
            from portlint.typescript.zod import Flavor

            zod.flavor = Flavor(3)
        if zod.flavor.major >= 4:
            raise Unsupported("SDK releases before 1.23 cannot convert Zod 4 schemas", where)
        return zod3_json(zod, strategy, self.spans, self.evaluator.foreign)  # type: ignore

    # -- the low-level Server ------------------------------------------------------------------

    def _list_handler(self, call: Node, arg_nodes: list[Node], model: SdkModel) -> None:
        if len(arg_nodes) < 2:
            return
        which = self.evaluator.evaluate(arg_nodes[0])
        if not ((isinstance(which, Export) and which.name == "ListToolsRequestSchema") or (
                isinstance(which, Lit) and which.value == "tools/list")):
            return
        handler = self.evaluator.evaluate(arg_nodes[1])
        span = self.syntax.span(call)
        if not isinstance(handler, Function):
            self.tools.append(ToolDecl("?", span, span, unknown=[(
                "the `tools/list` handler is not a function written here", span)],
                whole_list=True))
            return
        # a handler written in another module (`setRequestHandler(ListToolsRequestSchema,
        # ListTools)`, imported) is read there; what it lists is said where it is named here
        home = self.evaluator.modules.get(handler.module) if handler.module else None
        syntax = home.syntax if home is not None else self.syntax
        here = self.where(handler) if home is not None else None
        returned = returned_expression(handler.node)
        generator = _downlevel_async(syntax, returned) if returned is not None else None
        if generator is not None:
            returned = returned_expression(generator)
        if returned is None:
            self.tools.append(ToolDecl("?", span, span, unknown=[(
                "the `tools/list` handler does not return one object literal", span)]))
            return
        result = self.evaluator.evaluate(returned, home)
        tools = result.get("tools") if isinstance(result, Obj) else None
        if isinstance(result, Unknown):
            tools = result
        if isinstance(tools, Unknown):
            self.tools.append(ToolDecl("?", span, span, unknown=[(
                tools.reason, self.where(tools, syntax.span(returned)) if here is None else
                here)], whole_list=True))
            return
        if not isinstance(tools, (Arr, Some)):
            self.tools.append(ToolDecl("?", span, span, unknown=[(
                "the handler's `tools` is not an array literal",
                syntax.span(returned) if here is None else here)], whole_list=True))
            return
        for item in tools.items:  # each tool that may be listed
            self._literal_tool(item, model, at=here)

    def _literal_tool(self, item: Value, model: SdkModel, at: Span | None = None) -> None:
        where = self.where(item, at)
        if not isinstance(item, Obj):
            reason = item.reason if isinstance(item, Unknown) else "a tool that is not an object"
            self.tools.append(ToolDecl("?", where, where, unknown=[(reason, where)]))
            return
        name = item.get("name")
        name_text = literal_name(item) or "?"
        tool = ToolDecl(name_text, self.where(name, where) if name is not None else where, where)
        if name is not None and name_text == "?" and not isinstance(name, Undefined):
            tool.name_unread = unread_name(name)
        self.tools.append(tool)
        try:
            entry: dict[str, Any] = {}
            for e in item.entries():
                tool.key_spans[e.key] = e.key_span if not item.module else where
                if isinstance(e.value, Undefined) or (e.key == "name" and tool.name_unread):
                    continue
                if e.key in ("inputSchema", "outputSchema"):
                    entry[e.key] = self._literal_schema(e.value, where)
                    tool.schema_spans[e.key] = self.where(e.value, where)
                elif e.key == "name":
                    entry[e.key] = self.plain(e.value, "`name`")
                else:
                    self.part(tool, entry, e.key, e.value, f"`{e.key}`", at=where)
            if model.major >= 2 and isinstance(entry.get("outputSchema"), dict) and \
                    entry["outputSchema"].get("type") != "object":
                entry["outputSchema"] = _legacy_wrap(entry["outputSchema"], self.spans)
            tool.entry = entry
        except Unsupported as error:
            tool.fails_list = not tool.unknown and isinstance(error, ListFails)
            # a tool written in another module: said where this file names it
            tool.unknown.append((error.reason, self.placed(error, where) if not item.module
                                 else where))

    def _literal_schema(self, value: Value, at: Span | None = None) -> Any:
        if isinstance(value, Obj) and is_conversion(value):
            # the call's result, and what a literal it is spread into sets beside it (in the
            # order JavaScript keeps: a key already there keeps its place)
            out: dict[str, Any] = {}
            for entry in value.entries():
                if entry.key == MARK:
                    out.update(converted(value, self.spans, self.evaluator.foreign))
                elif isinstance(entry.value, Undefined):
                    out.pop(entry.key, None)  # JSON leaves out a key set to `undefined`
                elif entry.key != NAME:
                    out[entry.key] = self.literal_json(entry.value, self.where(value, at))
            return out
        if isinstance(value, Obj) and value.get("~toJSONSchema") is not None:
            zod = value.get("~toJSONSchema")
            target, io = value.get("~target"), value.get("~io")
            assert isinstance(zod, Z) and isinstance(target, Lit) and isinstance(io, Lit)
            return zod4_json(zod, target.value, io.value, self.spans,  # type: ignore[arg-type]
                             self.evaluator.foreign)
        if isinstance(value, Z):
            raise Unsupported("a Zod schema where the tool list needs JSON Schema (the "
                              "low-level Server sends it as it is)", self.where(value, at))
        return self.literal_json(value, at)

    def literal_json(self, value: Value, at: Span | None = None) -> Any:
        """A JSON Schema written as a literal: every container keeps its place, and the ones
        written in this file as one literal may be edited by fixes. One written in another
        module is placed where this file uses it (``at``, for what it holds)."""
        if isinstance(value, Unknown):
            raise unread(value)
        where = self.where(value, at)
        if isinstance(value, Lit):
            return value.value
        if isinstance(value, Obj):
            out: dict[str, Any] = {}
            for entry in value.entries():
                if isinstance(entry.value, Undefined):
                    continue
                out[entry.key] = self.literal_json(entry.value, where)
                if not value.module:
                    self.spans.mark_key(out, entry.key, entry.key_span)
                    if not isinstance(entry.value, (Obj, Arr)) and not entry.value.module:
                        self.spans.mark_value(out, entry.key, entry.value.span)
            self.spans.mark(out, where)
            if value.literal and not value.module:
                self.spans.mark_literal(out)
            return out
        if isinstance(value, Arr):
            items = []
            for index, item in enumerate(value.items):
                items.append(None if isinstance(item, Undefined) else
                             self.literal_json(item, where))
                if not value.module and not isinstance(item, (Obj, Arr)) and not item.module:
                    self.spans.mark_value(items, index, item.span)
            self.spans.mark(items, where)
            if not value.module:
                self.spans.mark_literal(items)
            return items
        raise Unsupported("not a JSON literal", where)


_METHODS = frozenset(("tool", "registerTool", "registerToolTask", "setRequestHandler"))


def _own_registrations(syntax: Syntax, function: Node) -> list[Node]:
    """The calls among a function's own statements that run whenever it does: not under a
    condition, a loop, a `try` or in a function it defines."""
    found: list[Node] = []
    body = function.child_by_field_name("body")
    stack = list(body.named_children) if body is not None and body.type == "statement_block" \
        else []
    while stack:
        node = stack.pop()
        if node.type == "call_expression" and _method_name(syntax, node) in (
                "tool", "registerTool"):
            found.append(node)
        elif node.type in ("expression_statement", "await_expression", "return_statement",
                           "parenthesized_expression", "lexical_declaration",
                           "variable_declaration", "variable_declarator"):
            stack.extend(node.named_children)
    return found


def _once_per_server(tools: list[ToolDecl]) -> list[ToolDecl]:
    """The tools, each registration made alike on several servers kept once: a helper given a
    fresh server by each transport (@instantdb/mcp 1.0.67 registers its 7 tools on the stdio
    server and on one per HTTP request) makes the same tools on each, and each server lists
    them once — so does the document, and each is linted once. Two registrations of one call on
    one server are not alike here: the SDK refuses the second (`_refuse_repeated_names`)."""
    kept: list[ToolDecl] = []
    seen: set[tuple[Span, str, str, tuple[str, ...]]] = set()
    for tool in tools:
        if tool.registered_on is not None and not tool.fails_list:
            alike = (tool.span, tool.name, json.dumps(tool.entry, default=repr),
                     tuple(reason for reason, _ in tool.unknown))
            if alike in seen:
                continue
            seen.add(alike)
        kept.append(tool)
    return kept


def _refuse_repeated_names(tools: list[ToolDecl], text: str, sites: dict[int, Node]) -> None:
    """The SDK's `McpServer` throws "Tool X is already registered" when `tool()` or
    `registerTool()` is given a name it has: the server stops where the name is registered the
    second time (in the order written), before it lists anything (oracle case
    `duplicate-names`). Two registrations in branches of which one runs (``sites``: each
    tool's call, by the tool's id) are not both made: `if (annotations) server.tool(name, d,
    shape, annotations, h); else server.tool(name, d, shape, h)` registers the name once
    (@circleci/mcp-server-circleci)."""
    seen: dict[tuple[tuple[str, Span], str], list[ToolDecl]] = {}
    for tool in sorted(tools, key=lambda t: t.span):
        if tool.registered_on is None or tool.name == "?" or tool.name_unread:
            continue
        earlier_ones = seen.setdefault((tool.registered_on, tool.name), [])
        site = sites.get(id(tool))
        earlier = next((e for e in earlier_ones if site is None or not _exclusive(
            sites.get(id(e)), site)), None)
        earlier_ones.append(tool)
        if earlier is None:
            continue
        line = text.count("\n", 0, earlier.span[0]) + 1
        tool.unknown.insert(0, (
            f"the SDK throws \"Tool {tool.name} is already registered\" at this second "
            f"registration of the name (the first is on line {line}), and the server stops "
            "before it answers", tool.name_span))
        tool.fails_list = True
        tool.entry = None


# the node types whose children run one at a time: an `if`'s consequence and alternative (an
# `else if` nests in the alternative), a conditional expression's, a `switch`'s cases (a case
# falling through into the next is taken for one that does not: a duplicate missed, never one
# claimed)
_ONE_BRANCH_RUNS = {"if_statement": ("consequence", "alternative"),
                    "ternary_expression": ("consequence", "alternative"),
                    "switch_body": None}


def _exclusive(first: Node | None, second: Node) -> bool:
    """Whether two calls are in branches of which only one runs."""
    if first is None or first.id == second.id:
        return False
    below: dict[int, Node] = {}  # each ancestor of `first` → its child on the way to it
    node = first
    while node.parent is not None:
        below[node.parent.id] = node
        node = node.parent
    node = second
    while node.parent is not None and node.parent.id not in below:
        node = node.parent
    common = node.parent
    if common is None or common.type not in _ONE_BRANCH_RUNS:
        return False
    one, other = below[common.id], node
    if one.id == other.id:
        return False
    fields = _ONE_BRANCH_RUNS[common.type]
    if fields is None:  # two cases of one switch
        return one.type in _CASES and other.type in _CASES
    branches = {common.child_by_field_name(name).id  # type: ignore[union-attr]
                for name in fields if common.child_by_field_name(name) is not None}
    return one.id in branches and other.id in branches


_CASES = frozenset(("switch_case", "switch_default"))


# the server classes of TypeScript MCP frameworks besides the SDKs: (module, class)
FRAMEWORK_SERVERS = frozenset((("fastmcp", "FastMCP"),))
_CONFIG_KEYS = frozenset(("title", "description", "inputSchema", "outputSchema", "annotations",
                          "_meta", "icons"))
# `server.experimental.tasks.registerToolTask(name, config, handler)` (SDK 1.x from 1.24): the
# configuration may say how the tool runs as a task; the handler is an object of functions
_TASK_CONFIG_KEYS = _CONFIG_KEYS | {"execution"}


def _config_shaped(config: Value | None, keys: frozenset[str], sdk_file: bool) -> bool:
    """A registration's configuration: an object literal of the method's keys, or (in a file
    that imports the SDK's server class) a value that cannot be followed."""
    if sdk_file and isinstance(config, Unknown):
        return True
    return isinstance(config, Obj) and bool(config.entries()) and all(
        entry.key in keys for entry in config.entries())


def _stringish(value: Value) -> bool:
    """A tool name: a string, or a value that cannot be followed (a constant imported, a
    parameter)."""
    return (isinstance(value, Lit) and isinstance(value.value, str)) or isinstance(
        value, Unknown)


def _callback(value: Value) -> bool:
    """A tool's callback: a function, or a name that cannot be followed to one."""
    return isinstance(value, (Function, Unknown))


def _method_name(syntax: Syntax, call: Node) -> str | None:
    """``NAME`` of a call ``x.NAME(...)`` (``tool``, ``registerTool``, ``setRequestHandler``,
    ...); None for a call of anything else."""
    function = call.child_by_field_name("function")
    if function is None or function.type != "member_expression":
        return None
    method = function.child_by_field_name("property")
    return syntax.source(method) if method is not None else None


def _member(syntax: Syntax, node: Node | None) -> tuple[Node, str] | None:
    """The object and the property name of ``X.name``; None for anything else."""
    if node is None or node.type != "member_expression":
        return None
    target, name = node.child_by_field_name("object"), node.child_by_field_name("property")
    return (target, syntax.source(name)) if target is not None and name is not None else None


def _server_node(syntax: Syntax, function: Node, method: str | None) -> Node | None:
    """The server a registration method is called on: ``server`` of ``server.registerTool``
    and of ``server.experimental.tasks.registerToolTask``."""
    target = function.child_by_field_name("object")
    return _tasks_owner(syntax, target) if method == "registerToolTask" else target


def _tasks_owner(syntax: Syntax, target: Node | None) -> Node | None:
    """``server`` of ``server.experimental.tasks`` (the object ``registerToolTask`` is called
    on), else None."""
    if target is None or target.type != "member_expression" or \
            syntax.source(target.child_by_field_name("property")) != "tasks":  # type: ignore[arg-type]
        return None
    experimental = target.child_by_field_name("object")
    if experimental is None or experimental.type != "member_expression" or \
            syntax.source(experimental.child_by_field_name(  # type: ignore[arg-type]
                "property")) != "experimental":
        return None
    return experimental.child_by_field_name("object")


def _is_raw_shape(value: Value) -> bool:
    """The SDK's ``isZodRawShape``: an object literal, empty or with a Zod schema in it."""
    if not isinstance(value, Obj):
        return False
    entries = value.entries()
    return not entries or any(isinstance(e.value, Z) for e in entries)


def _provably_object(schema: dict[str, Any], root: dict[str, Any] | None = None) -> bool:
    root = root if root is not None else schema
    if any(k in schema for k in ("properties", "patternProperties", "additionalProperties",
                                 "required")):
        return True
    ref = schema.get("$ref")
    if isinstance(ref, str):
        import re

        match = re.match(r"^#/(\$defs|definitions)/([^/~%]+)$", ref)
        if match and isinstance(root.get(match.group(1)), dict) and \
                root[match.group(1)].get(match.group(2), {}).get("type") == "object":
            return True
    for keyword in ("oneOf", "anyOf", "allOf"):
        members = schema.get(keyword)
        if isinstance(members, list) and members:
            return all(isinstance(m, dict) and (m.get("type") == "object" or
                                                _provably_object(m, root)) for m in members)
    return False


def _legacy_wrap(natural: dict[str, Any], spans: SpanTable) -> dict[str, Any]:
    """SDK 2.x's 2025-era projection of a non-object ``outputSchema``."""
    wrapped: dict[str, Any] = {}
    if isinstance(natural.get("$schema"), str):
        wrapped["$schema"] = natural["$schema"]
    wrapped["type"] = "object"
    has_refs = '"$ref"' in json.dumps(natural) or '"$dynamicRef"' in json.dumps(natural)
    wrapped["properties"] = {"result": _rewrite_refs(natural, False) if has_refs else natural}
    wrapped["required"] = ["result"]
    span = spans.nodes.get(id(natural))
    spans.mark(wrapped, span)
    spans.mark(wrapped["properties"], span)
    spans.mark(wrapped["properties"]["result"], span)
    return wrapped


_DATA_KEYS = {"const", "enum", "default", "examples"}
_NAME_MAPS = {"properties", "patternProperties", "$defs", "definitions", "dependentSchemas",
              "dependencies"}


def _rewrite_refs(node: Any, name_map: bool) -> Any:
    if isinstance(node, list):
        return [_rewrite_refs(item, False) for item in node]
    if not isinstance(node, dict):
        return node
    out: dict[str, Any] = {}
    for key, value in node.items():
        if name_map:
            out[key] = _rewrite_refs(value, False)
        elif key in ("$ref", "$dynamicRef") and isinstance(value, str):
            out[key] = "#/properties/result" if value == "#" else (
                "#/properties/result" + value[1:] if value.startswith("#/") else value)
        elif key in _DATA_KEYS:
            out[key] = value
        elif key in _NAME_MAPS:
            out[key] = _rewrite_refs(value, True)
        else:
            out[key] = _rewrite_refs(value, False)
    return out


def _downlevel_async(syntax: Syntax, node: Node) -> Node | None:
    """The body of an async function compiled for an older JavaScript (``() => __awaiter(this,
    void 0, void 0, function* () { ... })``, tsc's helper below ES2017): the generator whose
    `return` is the async function's (None: ``node`` is no such call)."""
    if node.type != "call_expression":
        return None
    function = node.child_by_field_name("function")
    arguments = node.child_by_field_name("arguments")
    if function is None or arguments is None or syntax.source(function) != "__awaiter":
        return None
    passed = [a for a in arguments.named_children if a.type != "comment"]
    if len(passed) == 4 and passed[3].type in ("generator_function", "function_expression"):
        return passed[3]
    return None
