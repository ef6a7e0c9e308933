"""MCP tool functions → the `inputSchema`/`outputSchema` each framework advertises.

Four frameworks, measured (PYTHON-DECLARATIONS.md §3): the official SDK's `FastMCP`/`MCPServer`
(`mcp` 1.x and 2.x: a Pydantic model of the parameters, titles and `$defs` kept) and `fastmcp`
2.x and 4.x (`TypeAdapter` of the function, titles pruned, definitions inlined; 4.x closes the
root with `additionalProperties: false` and reads `Args:` docstrings)."""

from __future__ import annotations

import ast
import copy
import inspect
from typing import Any, NamedTuple

from portlint.python.docstrings import parse_docstring
from portlint.python.environment import Environment
from portlint.python.model_index import ClassInfo, ModuleIndex
from portlint.python.names import Names
from portlint.python.pydantic_schema import (
    Generator,
    Unknown,
    pydantic_order,
    title_of,
    wire_order,
)
from portlint.python.registrations import Registration

_CONTEXTS = {"fastmcp.Context", "mcp.server.fastmcp.Context", "mcp.server.mcpserver.Context",
             "fastmcp.server.context.Context"}
_NO_OUTPUT = {"typing.Any", "builtins.object", "builtins.bytes", "mcp.types.CallToolResult",
              "fastmcp.utilities.types.Image", "fastmcp.utilities.types.Audio",
              "mcp.server.fastmcp.Image", "fastmcp.Image", "fastmcp.tools.tool.ToolResult"}
_WRAP_DESCRIPTION = "Generic wrapper for non-object return types."
# Where behaviour changes between recorded releases, the first release assumed to behave the new
# way (the recordings bracket each: the release before it and the one named behave differently).
_FASTMCP_COMPRESSES = (2, 11)  # 2.10.6 sends titles; 2.12.5 prunes them
_FASTMCP_INLINES = (2, 13)  # 2.12.5 sends $defs; 2.14.7 inlines them and describes the wrapper
_FASTMCP_PLAIN_WRAP = (3, 1)  # 3.0.0 still describes the result wrapper; 3.4.11 does not
_SDK_KEEPS_TYPEDDICT = (2, 1)  # mcp 2.0.0 converts TypedDict returns as 1.x; 2.1.1 keeps them
# The source of the releases around each change (not recorded: portlint says it cannot know):
# mcp 1.13.1 injects a parameter annotated with `Context` itself (or, from some 1.x, a subclass)
# and passes `Optional[Context]` and quoted annotations on; 1.14.0 reads the type hints and
# injects a union, `Annotated` or quoted `Context` too.
_SDK_READS_CONTEXT_HINTS = (1, 14)
# fastmcp 2.10.6 matches a parameter's raw annotation (a quoted one is not its `Context`); 2.11.0
# resolves the type hints first.
_FASTMCP_READS_CONTEXT_HINTS = (2, 11)
_TOOL_ANNOTATIONS = {"mcp.types.ToolAnnotations"}


class ToolDecl(NamedTuple):
    """One tool: where it is declared and what the framework will advertise."""

    name: str
    # a `Tool(...)` literal: the call; a function of another module: the registration here
    function: ast.FunctionDef | ast.AsyncFunctionDef | ast.expr
    decorator: ast.expr
    description: str | None
    input_schema: dict[str, Any] | None  # None: could not be derived (see unknown)
    output_schema: dict[str, Any] | None
    unknown: list[Unknown]
    resolved_name: bool = True  # False: ``name`` is a label, not what the server calls it
    title: str | None = None


_TOOL_CLASSES = {"mcp.types.Tool", "mcp_types.Tool", "mcp.Tool"}


def _computed(options: dict[str, ast.expr], key: str) -> Unknown | None:
    """An option of the tool's text (title, description) that is neither a string nor None
    nor a constant of the module: its value is not known, and no default stands in for it."""
    written = options.get(key)
    if written is None or (isinstance(written, ast.Constant) and (
            written.value is None or isinstance(written.value, str))):
        return None
    return Unknown(f"the tool's {key} is computed at run time (`{ast.unparse(written)}`)",
                   written)


def literal_tools(tree: ast.Module, names: Names, generator: Generator) -> list[ToolDecl]:
    """Low-level `Tool(name=..., inputSchema={...}, outputSchema={...})` declarations: their
    dict literals are the schemas, linted where they are written."""
    found: list[ToolDecl] = []
    constants = generator.index.constants  # `description=DESCRIPTION`
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and names.qualified(node.func) in _TOOL_CLASSES):
            continue
        keywords = {k.arg: constants.resolved(k.value) if k.arg in ("name", "description")
                    else k.value for k in node.keywords if k.arg}
        name_node = keywords.get("name")
        name = str(name_node.value) if isinstance(name_node, ast.Constant) else "?"
        described = keywords.get("description")
        description = str(described.value) if isinstance(described, ast.Constant) else None
        computed = _computed(keywords, "description")
        unknown: list[Unknown] = [computed] if computed is not None else []
        schemas: list[dict[str, Any] | None] = []
        for spellings in (("inputSchema", "input_schema"), ("outputSchema", "output_schema")):
            value = next((keywords[s] for s in spellings if s in keywords), None)
            if value is None or (isinstance(value, ast.Constant) and value.value is None):
                schemas.append(None)
            elif isinstance(value, ast.Dict):
                try:
                    schemas.append(generator.dict_literal(value))
                except Unknown as problem:
                    unknown.append(problem)
                    schemas.append(None)
            else:
                unknown.append(Unknown(f"the `{spellings[0]}` of tool `{name}` is not a dict "
                                       "literal", value))
                schemas.append(None)
        found.append(ToolDecl(name, node, name_node or node, description, schemas[0],
                              schemas[1], unknown, resolved_name=name != "?"))
    return found


def _holder(name: str) -> ClassInfo:
    """A stand-in class for the model a framework builds from a function's parameters."""
    return ClassInfo(name, ast.ClassDef(name=name, bases=[], keywords=[], body=[],
                                        decorator_list=[]), "model", ())


class ToolBuilder:
    """One tool function → the tool as its framework release advertises it.

    Observed pipelines (tests/python/recordings): the SDK (`mcp.server.fastmcp` on 1.x,
    `MCPServer` on 2.x) builds a Pydantic model of the parameters and writes its schema in
    Pydantic's key order; fastmcp takes a `TypeAdapter` of the function, prunes titles, adds
    docstring argument descriptions (3.x and 4.x) and inlines non-recursive definitions. A server
    on mcp 2.x (the SDK's `MCPServer`, fastmcp 4) writes the root keywords its wire model declares
    first."""

    def __init__(self, index: ModuleIndex, names: Names, generator: Generator,
                 environment: Environment, future_annotations: bool) -> None:
        self.index = index
        self.names = names
        self.generator = generator
        self.environment = environment
        self.framework = environment.generation
        self.future_annotations = future_annotations
        generator.pydantic_version = environment.pydantic_version

    @property
    def fastmcp(self) -> bool:
        return self.framework.startswith("fastmcp")

    @property
    def compresses(self) -> bool:
        """Whether fastmcp prunes titles: not 2.10.6 (which sends Pydantic's schema of the
        function, titles and all), 2.12.5 on; the SDK never does."""
        return self.fastmcp and (self.framework != "fastmcp2" or self.environment.at_least(
            *_FASTMCP_COMPRESSES))

    @property
    def inlines(self) -> bool:
        """Whether fastmcp inlines definitions where they are used: 2.14.7 and 3.x on, not
        2.12.5 (which sends the `$defs`)."""
        return self.fastmcp and (self.framework != "fastmcp2" or self.environment.at_least(
            *_FASTMCP_INLINES))

    @property
    def wire_model(self) -> bool:
        """Whether the server runs on mcp 2.x, whose wire model orders the schema roots."""
        return self.framework in ("fastmcp4", "mcp2")

    def build(self, function: ast.FunctionDef | ast.AsyncFunctionDef,
              registration: Registration) -> ToolDecl:
        options = registration.options
        decorator = registration.node
        name = function.name
        if "name" in options and isinstance(options["name"], ast.Constant) and isinstance(
                options["name"].value, str):
            name = options["name"].value
        description = self._description(function, options)
        unknown = [u for u in (_computed(options, "title"), _computed(options, "description"))
                   if u is not None]
        input_schema: dict[str, Any] | None = None
        output_schema: dict[str, Any] | None = None
        try:
            input_schema = self.input_schema(function)
        except Unknown as problem:
            unknown.append(problem)
        try:
            output_schema = self.output_schema(function, options)
        except Unknown as problem:
            unknown.append(problem)
        title: str | None = None
        try:
            title = self._title(name, options)
        except Unknown as problem:
            unknown.append(problem)
        return ToolDecl(name, function, decorator, description, input_schema, output_schema,
                        unknown, title=title)

    def _title(self, name: str, options: dict[str, ast.expr]) -> str | None:
        """The SDK sends `title=` as written; fastmcp sends `title=` when it is not empty, else
        the `title` of the tool's `annotations`, else (4.x) one made from the name."""
        written = options.get("title")
        if _computed(options, "title") is not None:
            return None  # said as unknown: no other title stands in for it
        explicit = written.value if isinstance(written, ast.Constant) and isinstance(
            written.value, str) else None
        if not self.fastmcp or explicit:
            return explicit
        annotated = self._annotations_title(options.get("annotations"))
        if annotated:
            return annotated
        if self.framework == "fastmcp4":  # always sends one, from the name
            return name.replace("_", " ").replace("-", " ").title()
        return None

    def _annotations_title(self, annotations: ast.expr | None) -> str | None:
        """The `title` of `annotations=ToolAnnotations(...)` or `annotations={...}` (a dict
        literal or `dict(...)`), None when they set none; `Unknown` when they cannot be read."""
        if annotations is None or (isinstance(annotations, ast.Constant) and
                                   annotations.value is None):
            return None
        entries = self._annotation_entries(annotations)
        if entries is None:
            raise Unknown("the tool's `annotations` are computed at run time "
                          f"(`{ast.unparse(annotations)}`), and fastmcp takes the tool's title "
                          "from them", annotations)
        value = entries.get("title")
        if value is None:
            return None
        resolved = self.index.constants.resolved(value)
        if isinstance(resolved, ast.Constant) and (resolved.value is None or isinstance(
                resolved.value, str)):
            return resolved.value
        raise Unknown("the `title` in the tool's `annotations` is computed at run time "
                      f"(`{ast.unparse(value)}`)", value)

    def _annotation_entries(self, node: ast.expr) -> dict[str, ast.expr] | None:
        """The entries of a `ToolAnnotations(...)` call, a `dict(...)` call or a dict literal,
        when every one is written out (no `**`, no positional argument, string keys)."""
        if isinstance(node, ast.Dict):
            if not all(isinstance(k, ast.Constant) and isinstance(k.value, str)
                       for k in node.keys):
                return None
            return {str(k.value): v for k, v in zip(node.keys, node.values, strict=True)
                    if isinstance(k, ast.Constant)}
        if not isinstance(node, ast.Call) or node.args:
            return None
        callee = self.names.qualified(node.func) or ""
        if callee not in _TOOL_ANNOTATIONS and callee != "builtins.dict":
            return None
        if any(k.arg is None for k in node.keywords):
            return None
        return {str(k.arg): k.value for k in node.keywords}

    # -- descriptions -------------------------------------------------------------------------

    def _description(self, function: ast.FunctionDef | ast.AsyncFunctionDef,
                     options: dict[str, ast.expr]) -> str | None:
        written = options.get("description")
        if isinstance(written, ast.Constant) and isinstance(written.value, str):
            return written.value
        if written is not None and not (isinstance(written, ast.Constant)
                                        and written.value is None):
            return None  # computed at run time: said as unknown, never the docstring
        raw = ast.get_docstring(function, clean=False)
        if raw is None:
            return "" if not self.fastmcp else None
        if self.framework in ("fastmcp3", "fastmcp4"):
            return parse_docstring(raw)[0]
        if self.framework == "fastmcp2":
            return inspect.cleandoc(raw)
        return raw

    def _argument_docs(self, function: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, str]:
        raw = ast.get_docstring(function, clean=False)
        return parse_docstring(raw)[1] if raw else {}

    # -- input --------------------------------------------------------------------------------

    def _context_form(self, annotation: ast.expr | None) -> str | None:
        """How a parameter's annotation names the framework's `Context`: "plain" (the class
        itself), "wrapped" (a union holding it, `Annotated[...]`, a subclass of it, a quoted
        annotation), or None when it does not."""
        if annotation is None:
            return None
        if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
            try:
                parsed = ast.parse(annotation.value.strip(), mode="eval").body
            except SyntaxError:
                return None
            return "wrapped" if self._holds_context(parsed) else None
        return self._holds_context(annotation)

    def _holds_context(self, node: ast.expr) -> str | None:
        if isinstance(node, ast.Subscript):
            origin = self.names.qualified(node.value) or ""
            members = list(node.slice.elts) if isinstance(node.slice, ast.Tuple) else [
                node.slice]
            if origin == "typing.Annotated":
                members = members[:1]
            elif origin not in ("typing.Optional", "typing.Union"):
                return None
            return "wrapped" if any(self._holds_context(m) for m in members) else None
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
            return "wrapped" if self._holds_context(node.left) or self._holds_context(
                node.right) else None
        if not isinstance(node, (ast.Name, ast.Attribute)):
            return None
        if (self.names.qualified(node) or "") in _CONTEXTS:
            return "plain"
        if isinstance(node, ast.Name) and self._subclasses_context(node.id):
            return "wrapped"
        return None

    def _subclasses_context(self, name: str) -> bool:
        """Whether a class of this module derives from the framework's `Context` (through
        classes of this module, however many)."""
        pending, seen = [name], set()
        while pending:
            current = pending.pop()
            info = self.index.classes.get(current)
            if current in seen or current in self.names.imported or info is None:
                continue
            seen.add(current)
            for base in info.node.bases:
                if (self.names.qualified(base) or "") in _CONTEXTS:
                    return True
                if isinstance(base, ast.Name):
                    pending.append(base.id)
        return False

    def _injected(self, form: str, argument: ast.arg, earlier: str | None) -> None:
        """Raise `Unknown` where this release's handling of a `Context` parameter is not the
        one portlint reproduces (leaving it out of the schema)."""
        if self.framework == "fastmcp2" and self.future_annotations:
            raise Unknown("fastmcp 2.x fails to register a tool with a `Context` "
                          "parameter when annotations are postponed (`from __future__ "
                          "import annotations`): NameError at start-up", argument)
        release = f"{self.environment.package} {self.environment.framework.version}"
        if earlier is not None:
            raise Unknown(f"`{argument.arg}` is a second `Context` parameter (after "
                          f"`{earlier}`): which of them {release} injects, and what it lists "
                          "for the other, is not derived", argument)
        # with `from __future__ import annotations` every annotation is a string at run time
        quoted = isinstance(argument.annotation, ast.Constant) or self.future_annotations
        if form == "plain" and not quoted:
            return
        written = ast.unparse(argument.annotation) if argument.annotation else ""
        if not self.fastmcp and not self.environment.at_least(*_SDK_READS_CONTEXT_HINTS):
            raise Unknown(f"{release} injects a `Context` parameter only when it is annotated "
                          f"with the class itself (1.14.0 on reads `{written}` as one too): "
                          f"what it lists for `{argument.arg}` is not derived", argument)
        if self.fastmcp and quoted and not self.environment.at_least(
                *_FASTMCP_READS_CONTEXT_HINTS):
            raise Unknown(f"{release} does not resolve the quoted annotation `{written}` to its "
                          f"`Context` (2.11.0 on does): `{argument.arg}` is read as a parameter "
                          "of that type, and the server fails at start-up (recorded with "
                          "fastmcp 2.10.6)", argument)

    def input_schema(self, function: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, Any]:
        arguments = function.args
        if arguments.vararg or arguments.kwarg:
            raise Unknown("`*args`/`**kwargs` parameters: the framework refuses the tool",
                          function)
        positional = arguments.posonlyargs + arguments.args
        defaults: list[ast.expr | None] = [None] * (len(positional) - len(arguments.defaults))
        defaults += list(arguments.defaults)
        parameters = list(zip(positional, defaults, strict=True)) + list(
            zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True))
        if parameters and parameters[0][0].arg in ("self", "cls") and \
                parameters[0][0].annotation is None:
            parameters = parameters[1:]
        generator = self.generator
        generator.defs = {}
        generator.recursive = set()
        holder = _holder(f"{function.name}Arguments")
        properties: dict[str, Any] = {}
        required: list[str] = []
        explicit_titles: dict[str, str] = {}
        context: str | None = None  # the parameter the framework injects its `Context` into
        for argument, default in parameters:
            form = self._context_form(argument.annotation)
            if form is not None:  # injected by the framework, not listed
                self._injected(form, argument, context)
                context = argument.arg
                continue
            name = argument.arg
            if name.startswith("_") and not self.fastmcp:
                raise Unknown(f"the parameter `{name}` starts with `_`: the SDK refuses the tool",
                              argument)
            if argument.annotation is None:
                schema = self._unannotated(name, default)
                is_required = default is None
            else:
                _, field_schema, is_required = generator.field(name, argument.annotation,
                                                               default, holder)
                assert field_schema is not None
                schema = field_schema
                if self.fastmcp:  # fastmcp reads `Annotated[str, "text"]` as the description
                    text = generator.string_metadata.get(id(argument.annotation))
                    if text is not None and "description" not in schema:
                        schema["description"] = text
                if self.fastmcp and not self.compresses and "title" not in schema:
                    schema["title"] = title_of(name)  # a parameter always has one
                title = schema.get("title")
                if isinstance(title, str) and title != title_of(name):
                    explicit_titles[name] = title
            properties[name] = schema
            # findings on the property sit on its annotation (the parameter when it has none)
            generator.spans.mark_key(properties, name,
                                     generator.span(argument.annotation or argument))
            generator.mark(schema, argument.annotation or argument)
            if is_required:
                required.append(name)
        root: dict[str, Any] = {"properties": properties}
        if required:
            root["required"] = required
        if self.fastmcp:
            recursive = sorted(generator.recursive & set(generator.defs))
            if recursive and self._cycles_on_recursion():
                raise Unknown(
                    f"fastmcp {self.environment.framework.version} inlines the self-referencing "
                    f"model `{recursive[0]}` into a cycle and then never answers tools/list "
                    "(recorded with fastmcp 2.14.7): the server's whole tool list is lost",
                    function)
            root["type"] = "object"
            if self.framework in ("fastmcp3", "fastmcp4"):
                root["additionalProperties"] = False
            root = pydantic_order(generator.with_defs(root))
            if self.compresses:
                root = self._fastmcp_post(root, set())
            self._describe_arguments(root, function)
            if self.framework == "fastmcp4":  # titles the author wrote are put back
                for name, title in explicit_titles.items():
                    prop = root["properties"].get(name)
                    if isinstance(prop, dict):
                        prop["title"] = title
        else:
            root["title"] = f"{function.name}Arguments"
            root["type"] = "object"
            root = pydantic_order(generator.with_defs(root))
        if self.wire_model:
            wire_order(root)
        return generator.mark(root, function)  # type: ignore[no-any-return]

    def _cycles_on_recursion(self) -> bool:
        """fastmcp 2.14 dereferences a recursive input schema into a cyclic object, which it
        cannot serialise: its tools/list hangs (3.x keeps the `$defs` instead)."""
        return self.framework == "fastmcp2" and self.inlines

    def _describe_arguments(self, root: dict[str, Any],
                            function: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        """fastmcp 3.x and 4.x: `Args:` entries become descriptions (an explicit one wins)."""
        if self.framework not in ("fastmcp3", "fastmcp4"):
            return
        properties = root.get("properties", {})
        for name, text in self._argument_docs(function).items():
            prop = properties.get(name)
            if isinstance(prop, dict) and "description" not in prop:
                prop["description"] = text

    def _unannotated(self, name: str, default: ast.expr | None) -> dict[str, Any]:
        schema: dict[str, Any] = {}
        if not self.fastmcp:
            schema = {"title": name, "type": "string"}
        elif self.framework == "fastmcp2" or default is not None:
            schema = {"title": title_of(name)}
        if default is not None:
            schema["default"] = self.generator._default(default)
        return schema

    # -- output -------------------------------------------------------------------------------

    def _structured_output(self) -> bool:
        """Whether this release advertises output schemas at all (fastmcp from 2.10, the SDK
        from 1.10; mcp 1.3.0 is recorded without any)."""
        return self.environment.at_least(2, 10) if self.fastmcp else \
            self.environment.at_least(1, 10)

    def output_schema(self, function: ast.FunctionDef | ast.AsyncFunctionDef,
                      options: dict[str, ast.expr]) -> dict[str, Any] | None:
        if not self._structured_output():
            return None
        key = "output_schema"
        if key in options and self.fastmcp:
            value = options[key]
            if isinstance(value, ast.Constant) and value.value is None:
                return None
            if isinstance(value, ast.Dict):
                return self.generator.dict_literal(value)
            raise Unknown("an `output_schema` that is not a dict literal", value)
        structured = options.get("structured_output")
        if isinstance(structured, ast.Constant) and structured.value is False:
            return None
        annotation = function.returns
        if annotation is None:
            return None
        if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
            written = annotation
            annotation = ast.parse(annotation.value, mode="eval").body
            ast.copy_location(annotation, written)
        qualified = self.names.qualified(annotation) if isinstance(
            annotation, (ast.Name, ast.Attribute)) else None
        is_none = isinstance(annotation, ast.Constant) and annotation.value is None
        if qualified in _NO_OUTPUT or (is_none and self.fastmcp):
            return None
        generator = self.generator
        generator.defs = {}
        generator.recursive = set()
        found = self._return_class(annotation)
        if found is not None and found[0].kind in ("model", "typeddict", "dataclass"):
            info, owner = found
            schema = pydantic_order(owner.model_schema(info))
            generator.defs = owner.defs
            if "$ref" in schema and "$defs" in schema and self.fastmcp and not self.compresses:
                # fastmcp before its compression: a `$ref` root is not an object, so wrapped
                return self._wrap_uncompressed({"$ref": schema["$ref"]}, schema["$defs"],
                                               annotation)
            if "$ref" in schema and "$defs" in schema:  # recursive: the definition at the root
                body = copy.deepcopy(schema["$defs"][info.name])
                schema = {**body, "$defs": schema["$defs"]}
            if not self.fastmcp and info.kind in ("typeddict", "dataclass"):
                self._sdk_converted(schema, info)
            if self.fastmcp and self.compresses:
                schema = self._fastmcp_post(schema, set())
            return self._finish(schema, annotation)
        if self._untyped_sequence(annotation):
            if self.framework == "fastmcp2":
                return self._wrap({"items": {}, "type": "array"}, function, annotation)
            return None
        if self._is_dict(annotation) and (self.fastmcp or self._sdk_dict_output(annotation)):
            schema = dict(generator.type_schema(annotation))
            if not self.fastmcp:
                schema["title"] = f"{function.name}DictOutput"
                schema = pydantic_order(generator.with_defs(schema))
            else:
                schema = pydantic_order(generator.with_defs(schema))
                if self.compresses:
                    schema = self._fastmcp_post(schema, set())
            return self._finish(schema, annotation)
        if self._is_dict(annotation) and not self._has_arguments(annotation):
            return None  # the SDK: a bare `dict` is not structured output
        holder = _holder(f"{function.name}Output")
        _, result, _ = generator.field("result", annotation, None, holder)
        assert result is not None
        if self.fastmcp and not self.compresses:
            return self._wrap_uncompressed(result, generator.defs, annotation)
        if self.fastmcp:
            result.pop("title", None)
            return self._wrap(result, function, annotation)
        schema = generator.with_defs({"properties": {"result": result}, "required": ["result"],
                                      "title": f"{function.name}Output", "type": "object"})
        return self._finish(pydantic_order(schema), annotation)

    def _sdk_converted(self, schema: dict[str, Any], info: ClassInfo) -> None:
        """The SDK turns a TypedDict or dataclass return into a model of its own: the class's
        docstring is lost (mcp 2.x keeps a TypedDict's), and on mcp 1.x a TypedDict's optional
        keys default to null (or, with postponed annotations, all become required)."""
        old = self.framework == "mcp1" or not self.environment.at_least(*_SDK_KEEPS_TYPEDDICT)
        if old or info.kind == "dataclass":
            schema.pop("description", None)
        if not old or info.kind != "typeddict":
            return
        properties = schema.get("properties", {})
        if self.future_annotations:
            schema["required"] = list(properties)
            return
        required = set(schema.get("required", []))
        for name, prop in properties.items():
            if name not in required and isinstance(prop, dict) and "default" not in prop:
                prop["default"] = None
        pydantic_order(schema)

    def _finish(self, schema: dict[str, Any], annotation: ast.expr) -> dict[str, Any]:
        if self.wire_model:
            wire_order(schema)
        return self.generator.mark(schema, annotation)  # type: ignore[no-any-return]

    def _has_arguments(self, annotation: ast.expr) -> bool:
        return isinstance(annotation, ast.Subscript)

    def _sdk_dict_output(self, annotation: ast.expr) -> bool:
        """The SDK advertises a `dict[str, T]` return as the mapping itself; `typing.Dict[...]`
        is wrapped in `result` like any other type, and a bare `dict` gets no schema."""
        if not isinstance(annotation, ast.Subscript):
            return False
        return (self.names.qualified(annotation.value) or "") == "builtins.dict"

    def _wrap_uncompressed(self, result: dict[str, Any], defs: dict[str, Any],
                           annotation: ast.expr) -> dict[str, Any]:
        """fastmcp before its compression: the result in its `_WrappedResult` dataclass, titles
        and definitions as Pydantic writes them."""
        schema: dict[str, Any] = {"properties": {"result": result}, "required": ["result"],
                                  "title": "_WrappedResult", "type": "object"}
        if defs:
            schema = {"$defs": dict(defs), **schema}
        schema = pydantic_order(schema)
        schema["x-fastmcp-wrap-result"] = True
        return self._finish(schema, annotation)

    def _wrap(self, result: dict[str, Any], function: ast.AST,
              annotation: ast.expr) -> dict[str, Any]:
        schema: dict[str, Any] = {"properties": {"result": result}, "required": ["result"],
                                  "type": "object"}
        if (self.framework == "fastmcp2" and self.inlines) or (
                self.framework == "fastmcp3" and not
                self.environment.at_least(*_FASTMCP_PLAIN_WRAP)):
            schema["description"] = _WRAP_DESCRIPTION
        schema = pydantic_order(self.generator.with_defs(schema))
        schema["x-fastmcp-wrap-result"] = True
        return self._finish(self._fastmcp_post(schema, set()), annotation)

    def _return_class(self, annotation: ast.expr) -> tuple[ClassInfo, Generator] | None:
        """The model, TypedDict or dataclass a return annotation names (in this module or
        another module of the project), with the generator that reads its module."""
        if isinstance(annotation, ast.Name) and annotation.id in self.index.classes and \
                annotation.id not in self.names.imported:
            return self.index.classes[annotation.id], self.generator
        qualified = self.names.qualified(annotation) if isinstance(
            annotation, (ast.Name, ast.Attribute)) else None
        if qualified is None or "." not in qualified:
            return None
        module, name = qualified.rsplit(".", 1)
        return self.generator.foreign_generator(module, name, annotation)

    def _untyped_sequence(self, annotation: ast.expr) -> bool:
        bare = {"builtins.list", "typing.List", "builtins.tuple", "typing.Tuple",
                "typing.Sequence"}
        if isinstance(annotation, (ast.Name, ast.Attribute)):
            return (self.names.qualified(annotation) or "") in bare
        if isinstance(annotation, ast.Subscript):
            origin = self.names.qualified(annotation.value) or ""
            return origin in bare and (self.names.qualified(annotation.slice) or "") == \
                "typing.Any"
        return False

    def _is_dict(self, annotation: ast.expr) -> bool:
        target = annotation.value if isinstance(annotation, ast.Subscript) else annotation
        return (self.names.qualified(target) or "") in (
            "builtins.dict", "typing.Dict", "typing.Mapping")

    # -- fastmcp's compression ------------------------------------------------------------------

    def _fastmcp_post(self, schema: dict[str, Any], keep_titles: set[str]) -> dict[str, Any]:
        """fastmcp's compression and its serve-time dereferencing: titles pruned; every
        definition inlined where it is used — unless one of them is recursive, in which case
        fastmcp cannot inline and sends the `$defs` as they are."""
        defs = schema.get("$defs", {})
        kept = bool(self.generator.recursive & set(defs)) or not self.inlines
        inlined = self._inline(schema, defs if not kept else {}, keep_titles, top=True)
        assert isinstance(inlined, dict)
        if not kept:
            inlined.pop("$defs", None)
        return inlined

    def _untyped_keeps_title(self, schema: dict[str, Any]) -> bool:
        """fastmcp keeps the title of an untyped parameter (2.x always, 4.x with a default)."""
        if not set(schema) <= {"title", "default"}:
            return False
        return self.framework == "fastmcp2" or "default" in schema

    def _inline(self, value: Any, defs: dict[str, Any], keep_titles: set[str], *,
                top: bool) -> Any:
        spans = self.generator.spans
        if isinstance(value, list):
            return spans.mark([self._inline(v, defs, set(), top=False) for v in value],
                              spans.nodes.get(id(value)))
        if not isinstance(value, dict):
            return value
        ref = value.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/") and ref[8:] in defs:
            body = dict(defs[ref[8:]])
            merged = {**body, **{k: v for k, v in value.items() if k != "$ref"}}
            spans.mark(merged, spans.nodes.get(id(value)))  # where the reference was written
            return self._inline(merged, defs, set(), top=False)
        out: dict[str, Any] = {}
        for key, child in value.items():
            if key == "$defs" and top and defs:
                continue
            if key == "title" and isinstance(child, str):
                continue
            if key in ("properties", "$defs") and isinstance(child, dict):
                props = {}
                for name, sub in child.items():
                    kept_title = sub.get("title") if isinstance(sub, dict) and (
                        name in keep_titles or (key == "properties" and
                                                self._untyped_keeps_title(sub))) else None
                    inlined = self._inline(sub, defs, set(), top=False)
                    if kept_title is not None and isinstance(inlined, dict):
                        inlined["title"] = kept_title
                    props[name] = inlined
                    key_span = spans.keys.get((id(child), name))
                    spans.mark_key(props, name, key_span)
                out[key] = spans.mark(props, spans.nodes.get(id(child)))
                continue
            out[key] = self._inline(child, defs, set(), top=False)
        marked: dict[str, Any] = spans.mark(out, spans.nodes.get(id(value)))
        return marked
