"""Tools of `fastmcp`, the TypeScript MCP framework on npm (`import { FastMCP } from "fastmcp"`),
and what the release in the lockfile lists for them in ``tools/list``.

A tool is ``server.addTool({ name, description, parameters, annotations, outputSchema, _meta,
execute, ... })``, or each object of ``server.addTools([...])``; where ``addTool`` is given the
parameter of a function of the module (`const addTool = (tool) => { if (...)
server.addTool(tool); }`, @brightdata/mcp), each object the module's calls of that function give
it is a tool (whether the function adds it may depend on the run). fastmcp keeps the last tool of
a name (an earlier one is replaced). It lists ``annotations``, ``description``, ``inputSchema``,
``name``, ``outputSchema``, ``_meta`` in that order, leaving out what is not given; other keys
(``timeoutMs``, ``canAccess``...) are not listed. Without ``parameters`` the input schema is
``{"additionalProperties": false, "properties": {}, "type": "object"}``.

The schemas come from xsschema's ``toJsonSchema`` (0.4, from fastmcp 3.34.0): a Zod 4 schema
by its Standard JSON Schema (Zod 4.2 on; the reader reads Zod 4 from 4.6),
``jsonSchema.input({ target: "draft-07" })`` — the input form, for the output schema too; a Zod
3 schema (3.24 or later, which implement Standard Schema) by ``zodToJsonSchema(schema)`` with
the library's defaults (unlike the MCP SDK, no ``strictUnions``, every pipe in full). From
4.3.2 xsschema's ``strictJsonSchema`` closes the input schema — ``additionalProperties:
false`` on the root and on each property whose ``type`` is ``"object"``, down through such
properties — and, before 4.20.11, the output schema too. Releases before 3.34.0 (other xsschema
betas) and schema libraries other than Zod are reported, not derived. Measured by the oracle
(tests/typescript/oracle, ``fastmcp*`` environments)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from portlint.python.spans import SpanTable
from portlint.source.located import Span
from portlint.typescript.project import Project, parse_version
from portlint.typescript.syntax import enclosing_function
from portlint.typescript.unrolled import environments
from portlint.typescript.values import Arr, Lit, Obj, Parameter, Undefined, Unknown, Value
from portlint.typescript.zod import ListFails, Unsupported, Z, unread
from portlint.typescript.zod3_schema import to_json_schema as zod3_json
from portlint.typescript.zod4_schema import to_json_schema as zod4_json

if TYPE_CHECKING:
    from portlint.typescript.syntax import Node, Syntax
    from portlint.typescript.tools import ToolDecl, ToolFinder

_EMPTY_INPUT = {"additionalProperties": False, "properties": {}, "type": "object"}
_STANDARD_SCHEMA = (3, 24, 0)  # Zod's `~standard`


@dataclass(frozen=True)
class FastMcpModel:
    """What one fastmcp release does when it lists tools."""

    version: tuple[int, int, int]

    @property
    def recorded(self) -> bool:
        """Releases on xsschema 0.4, whose lists the oracle recorded."""
        return self.version >= (3, 34, 0)

    @property
    def closes_input(self) -> bool:
        return self.version >= (4, 3, 2)

    @property
    def closes_output(self) -> bool:
        return (4, 3, 2) <= self.version < (4, 20, 11)

    def describe(self) -> str:
        return "fastmcp " + ".".join(map(str, self.version))


def fastmcp_model(project: Project) -> FastMcpModel:
    """The release the project installs (the newest known when it does not say)."""
    return FastMcpModel(project.version("fastmcp") or (4, 999, 0))


class FastMcpTools:
    """Reads a module's `addTool`/`addTools` calls into tools, with a :class:`ToolFinder`'s
    evaluator and helpers."""

    def __init__(self, finder: ToolFinder) -> None:
        self.finder = finder
        self.model = fastmcp_model(finder.project)
        self.spans: SpanTable = finder.spans

    def read(self, calls: list[tuple[str, Node]]) -> list[ToolDecl]:
        """The tools the calls add, in the order they are written (the order they run), as
        listed: a tool of a name added again is replaced (the later one is listed)."""
        added: list[tuple[Value | None, Span]] = []
        wrappers: set[Span] = set()  # the functions whose calls were read (once each)
        evaluator = self.finder.evaluator
        for method, call in calls:
            configs = self._configs(method, call)
            if len(configs) == 1 and isinstance(configs[0][0], Parameter):
                wrapped = self._wrapped(call, configs[0][0])
                if wrapped is not None:
                    function, configs = wrapped
                    if function in wrappers:
                        continue
                    wrappers.add(function)
            else:
                sets = environments(evaluator, self.finder.module, call)
                if sets is not None and sets != [{}]:
                    configs = []  # a loop's items, a helper's calls: a tool each
                    for bound in sets:
                        with evaluator.bindings(bound):
                            configs.extend(self._configs(method, call))
            added.extend(configs)
        found: dict[object, ToolDecl] = {}  # by name (a tool whose name is not read: itself)
        for config, span in sorted(added, key=lambda pair: pair[1]):
            tool = self._tool(config, span)
            key = tool.name if tool.name != "?" and not tool.name_unread else id(tool)
            found.pop(key, None)  # fastmcp filters out a tool of the name, then appends
            found[key] = tool
        return list(found.values())

    def _configs(self, method: str, call: Node) -> list[tuple[Value | None, Span]]:
        """Each tool object the call adds, and where it is written."""
        syntax = self.finder.syntax
        args = call.child_by_field_name("arguments")
        first = next((a for a in (args.named_children if args else []) if a.type != "comment"),
                     None)
        span = syntax.span(call)
        value = self.finder.evaluator.evaluate(first) if first is not None else None
        if method == "addTools" and isinstance(value, Arr):
            return [(item, item.span) for item in value.items]
        return [(value, span)]

    def _wrapped(self, call: Node, parameter: Parameter
                 ) -> tuple[Span, list[tuple[Value | None, Span]]] | None:
        """The function whose parameter ``call`` adds as it is (where it is written), and what
        each of the module's calls of that function gives that parameter; None when the
        parameter is not one of a named function of the module (`function add(tool)`,
        `const add = (tool) => ...`)."""
        syntax = self.finder.syntax
        function = enclosing_function(call)
        if function is None:
            return None
        position = _parameter_position(syntax, function, parameter.span)
        name = _function_name(syntax, function)
        if position is None or name is None:
            return None
        given: list[tuple[Value | None, Span]] = []
        for caller in syntax.searched("call_expression"):
            callee = caller.child_by_field_name("function")
            if callee is None or callee.type != "identifier" or syntax.source(callee) != name:
                continue
            args = caller.child_by_field_name("arguments")
            values = [a for a in (args.named_children if args else []) if a.type != "comment"]
            if position < len(values) and values[position].type != "spread_element":
                # each value the loops and helpers around the call give it (@brightdata/mcp's
                # `for (const tool of tools) addTool(tool)`), else the one it is
                evaluator = self.finder.evaluator
                sets = environments(evaluator, self.finder.module, caller)
                for bound in [{}] if sets is None else sets:
                    with evaluator.bindings(bound):
                        given.append((evaluator.evaluate(values[position]),
                                      syntax.span(caller)))
        return (syntax.span(function), given) if given else None

    def _tool(self, config: Value | None, span: Span) -> ToolDecl:
        from portlint.typescript.tools import ToolDecl, unread_name

        finder = self.finder
        named = config.get("name") if isinstance(config, Obj) else None
        if isinstance(named, Lit) and isinstance(named.value, str):
            tool = ToolDecl(named.value, finder.where(named), span)
        elif named is not None and not isinstance(named, Undefined):
            tool = ToolDecl("?", finder.where(named), span, name_unread=unread_name(named))
        else:
            tool = ToolDecl("?", span, span)
        try:
            if not self.model.recorded:
                raise Unsupported(f"a tool of {self.model.describe()}, a release before 3.34.0 "
                                  "whose lists portlint has not recorded", span)
            if isinstance(config, Unknown):
                raise unread(config)
            if not isinstance(config, Obj):
                raise Unsupported("the tool is not an object literal", span)
            if named is None or isinstance(named, Undefined):
                raise Unsupported("the tool has no `name`", span)
            for entry in config.entries():
                listed = "inputSchema" if entry.key == "parameters" else entry.key
                tool.key_spans[listed] = entry.key_span
            tool.entry = self._entry(tool, config, span)
        except Unsupported as error:
            # fastmcp converts when it lists: what its converter throws on fails every list
            tool.fails_list = not tool.unknown and isinstance(error, ListFails)
            tool.unknown.append((error.reason, self.finder.placed(error, span)))
        return tool

    def _entry(self, tool: ToolDecl, config: Obj, span: Span) -> dict[str, Any]:
        finder = self.finder
        entry: dict[str, Any] = {}
        annotations = _given(config, "annotations")
        if annotations is not None:
            finder.part(tool, entry, "annotations", annotations, "the annotations")
        description = _given(config, "description")
        if description is not None:
            entry["description"] = finder.plain(description, "the description")
        parameters = _given(config, "parameters")
        if parameters is None:
            entry["inputSchema"] = self.spans.mark(dict(_EMPTY_INPUT), span)
        else:
            schema = self._schema(parameters)
            entry["inputSchema"] = self._closed(schema) if self.model.closes_input else schema
            tool.schema_spans["inputSchema"] = finder.where(parameters)
        if not tool.name_unread:
            entry["name"] = tool.name
        output = _given(config, "outputSchema")
        if output is not None:
            schema = self._schema(output)
            entry["outputSchema"] = self._closed(schema) if self.model.closes_output else schema
            tool.schema_spans["outputSchema"] = finder.where(output)
        meta = _given(config, "_meta")
        if meta is not None:
            finder.part(tool, entry, "_meta", meta, "`_meta`")
        return entry

    def _schema(self, value: Value) -> dict[str, Any]:
        """xsschema's ``toJsonSchema`` of a Zod schema."""
        where = self.finder.where(value)
        if isinstance(value, Unknown):
            raise unread(value)
        if isinstance(value, Obj):
            raise Unsupported("fastmcp takes a schema (`z.object({...})`), not a raw shape of "
                              "fields", where)
        if not isinstance(value, Z):
            raise Unsupported("not a Zod schema", where)
        foreign = self.finder.evaluator.foreign
        if value.flavor.major >= 4:
            return zod4_json(value, "draft-07", "input", self.spans, foreign)
        release = parse_version(value.flavor.version) if value.flavor.version else None
        if release is not None and release < _STANDARD_SCHEMA:
            raise Unsupported(f"Zod {value.flavor.version} does not implement Standard Schema, "
                              "which fastmcp requires (it throws when the tool is added)", where)
        return zod3_json(value, "all", self.spans, foreign, strict_unions=False)

    def _closed(self, schema: dict[str, Any]) -> dict[str, Any]:
        """xsschema's ``strictJsonSchema``: ``additionalProperties: false`` set (in place when
        the schema has it, else last), then each property whose ``type`` is ``"object"``
        closed the same way."""
        closed = dict(schema)
        closed["additionalProperties"] = False
        properties = schema.get("properties")
        if isinstance(properties, dict):
            members = {key: self._closed(sub) if isinstance(sub, dict) and sub.get(
                "type") == "object" else sub for key, sub in properties.items()}
            self.spans.carry(properties, members)
            closed["properties"] = members
        self.spans.carry(schema, closed)
        return closed


def _parameter_position(syntax: Syntax, function: Node, span: Span) -> int | None:
    """Where the parameter written at ``span`` stands among the function's parameters (None:
    not a plain parameter of it)."""
    single = function.child_by_field_name("parameter")
    parameters = function.child_by_field_name("parameters")
    nodes = [single] if single is not None else (
        [p for p in parameters.named_children if p.type != "comment"] if parameters else [])
    for i, node in enumerate(nodes):
        pattern = node.child_by_field_name("pattern") or node
        if pattern.type == "identifier" and syntax.span(pattern) == span:
            return i
    return None


def _function_name(syntax: Syntax, function: Node) -> str | None:
    """The name a function is called by in its module: its declaration's, or the variable's
    it is the value of."""
    named = function.child_by_field_name("name")
    if function.type == "function_declaration" and named is not None:
        return syntax.source(named)
    holder = function.parent
    if holder is not None and holder.type == "variable_declarator":
        variable = holder.child_by_field_name("name")
        if variable is not None and variable.type == "identifier":
            return syntax.source(variable)
    return None


def _given(config: Obj, key: str) -> Value | None:
    """The value of ``key`` in a tool's object; None when it is absent or `undefined` (which
    JSON leaves out)."""
    value = config.get(key)
    return None if value is None or isinstance(value, Undefined) else value
