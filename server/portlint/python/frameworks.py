"""MCP tool functions → the `inputSchema`/`outputSchema` each framework advertises.

Four frameworks, measured (PYTHON-DECLARATIONS.md §3): the official SDK's `FastMCP`/`MCPServer`
(`mcp` 1.x and 2.x: a Pydantic model of the parameters, titles and `$defs` kept) and `fastmcp`
2.x and 4.x (`TypeAdapter` of the function, titles pruned, definitions inlined; 4.x closes the
root with `additionalProperties: false` and reads `Args:` docstrings)."""

from __future__ import annotations

import ast
import copy
import inspect
import re
from typing import Any, NamedTuple

from portlint.python.environment import Environment
from portlint.python.model_index import ClassInfo, ModuleIndex
from portlint.python.names import Names
from portlint.python.pydantic_schema import Generator, Unknown, title_of
from portlint.python.registrations import Registration

_CONTEXTS = {"fastmcp.Context", "mcp.server.fastmcp.Context", "mcp.server.mcpserver.Context",
             "fastmcp.server.context.Context"}
_NO_OUTPUT = {"typing.Any", "builtins.object", "builtins.bytes", "mcp.types.CallToolResult",
              "fastmcp.utilities.types.Image", "fastmcp.utilities.types.Audio",
              "mcp.server.fastmcp.Image", "fastmcp.Image", "fastmcp.tools.tool.ToolResult"}
_WRAP_DESCRIPTION = "Generic wrapper for non-object return types."


class ToolDecl(NamedTuple):
    """One tool: where it is declared and what the framework will advertise."""

    name: str
    function: ast.FunctionDef | ast.AsyncFunctionDef | ast.Call  # a `Tool(...)` literal: the call
    decorator: ast.expr
    description: str | None
    input_schema: dict[str, Any] | None  # None: could not be derived (see unknown)
    output_schema: dict[str, Any] | None
    unknown: list[Unknown]
    resolved_name: bool = True  # False: ``name`` is a label, not what the server calls it
    title: str | None = None


_TOOL_CLASSES = {"mcp.types.Tool", "mcp_types.Tool", "mcp.Tool"}


def literal_tools(tree: ast.Module, names: Names, generator: Generator) -> list[ToolDecl]:
    """Low-level `Tool(name=..., inputSchema={...}, outputSchema={...})` declarations: their
    dict literals are the schemas, linted where they are written."""
    found: list[ToolDecl] = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and names.qualified(node.func) in _TOOL_CLASSES):
            continue
        keywords = {k.arg: k.value for k in node.keywords if k.arg}
        name_node = keywords.get("name")
        name = str(name_node.value) if isinstance(name_node, ast.Constant) else "?"
        described = keywords.get("description")
        description = str(described.value) if isinstance(described, ast.Constant) else None
        unknown: list[Unknown] = []
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
    def __init__(self, index: ModuleIndex, names: Names, generator: Generator,
                 environment: Environment, future_annotations: bool) -> None:
        self.index = index
        self.names = names
        self.generator = generator
        self.environment = environment
        self.framework = environment.generation
        self.future_annotations = future_annotations

    @property
    def fastmcp(self) -> bool:
        return self.framework.startswith("fastmcp")

    def build(self, function: ast.FunctionDef | ast.AsyncFunctionDef,
              registration: Registration) -> ToolDecl:
        options = registration.options
        decorator = registration.node
        name = function.name
        if "name" in options and isinstance(options["name"], ast.Constant):
            name = str(options["name"].value)
        description = self._description(function, options)
        unknown: list[Unknown] = []
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
        return ToolDecl(name, function, decorator, description, input_schema, output_schema,
                        unknown)

    # -- descriptions -------------------------------------------------------------------------

    def _description(self, function: ast.FunctionDef | ast.AsyncFunctionDef,
                     options: dict[str, ast.expr]) -> str | None:
        if "description" in options and isinstance(options["description"], ast.Constant):
            return str(options["description"].value)
        raw = ast.get_docstring(function, clean=False)
        if raw is None:
            return "" if not self.fastmcp else None
        if self.framework in ("fastmcp3", "fastmcp4"):
            return inspect.cleandoc(raw).split("\n\n", 1)[0].strip()
        if self.framework == "fastmcp2":
            return inspect.cleandoc(raw)
        return raw

    def _argument_docs(self, function: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, str]:
        raw = ast.get_docstring(function)
        if not raw or "Args:" not in raw:
            return {}
        docs: dict[str, str] = {}
        section = raw.split("Args:", 1)[1]
        for line in section.splitlines():
            match = re.match(r"\s+(\w+)(?:\s*\([^)]*\))?:\s*(.*)", line)
            if match:
                docs[match.group(1)] = match.group(2).strip()
            elif line.strip() and not line.startswith((" ", "\t")):
                break
        return docs

    # -- input --------------------------------------------------------------------------------

    def _is_context(self, annotation: ast.expr | None) -> bool:
        if annotation is None:
            return False
        if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
            try:
                annotation = ast.parse(annotation.value, mode="eval").body
            except SyntaxError:
                return False
        return (self.names.qualified(annotation) or "") in _CONTEXTS

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
        generator = self.generator
        generator.defs = {}
        generator.recursive = set()
        holder = _holder(f"{function.name}Arguments")
        docs = self._argument_docs(function) if self.framework in ("fastmcp3", "fastmcp4") else {}
        properties: dict[str, Any] = {}
        required: list[str] = []
        explicit_titles: set[str] = set()
        for argument, default in parameters:
            if self._is_context(argument.annotation):
                if self.framework == "fastmcp2" and self.future_annotations:
                    raise Unknown("fastmcp 2.x fails to register a tool with a `Context` "
                                  "parameter when annotations are postponed (`from __future__ "
                                  "import annotations`): NameError at start-up", argument)
                continue
            name = argument.arg
            if name.startswith("_") and not self.fastmcp:
                raise Unknown(f"the parameter `{name}` starts with `_`: the SDK refuses the tool",
                              argument)
            if argument.annotation is None:
                schema = self._unannotated(name, default)
                is_required = default is None
            else:
                key, field_schema, is_required = generator.field(name, argument.annotation,
                                                                 default, holder)
                assert field_schema is not None
                schema = field_schema
                if self.fastmcp:  # fastmcp reads `Annotated[str, "text"]` as the description
                    text = generator.string_metadata.get(id(argument.annotation))
                    if text is not None and "description" not in schema:
                        schema["description"] = text
                if isinstance(default, ast.Call) and "title" in {
                        k.arg for k in default.keywords}:
                    explicit_titles.add(name)
            if name in docs and "description" not in schema:
                schema["description"] = docs[name]
            properties[name] = schema
            generator.spans.mark_key(properties, name, generator.span(argument))
            generator.mark(schema, argument)
            if is_required:
                required.append(name)
        if self.fastmcp:
            root: dict[str, Any] = {"properties": properties}
            if required:
                root["required"] = required
            root["type"] = "object"
            if self.framework in ("fastmcp3", "fastmcp4"):
                root = {"additionalProperties": False, **root}
            root = self._fastmcp_post(generator.with_defs(root), explicit_titles)
        else:
            root = {"properties": properties}
            if required:
                root["required"] = required
            root["title"] = f"{function.name}Arguments"
            root["type"] = "object"
            root = generator.with_defs(root)
        return generator.mark(root, function)  # type: ignore[no-any-return]

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

    def output_schema(self, function: ast.FunctionDef | ast.AsyncFunctionDef,
                      options: dict[str, ast.expr]) -> dict[str, Any] | None:
        key = "output_schema"
        if key in options:
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
        if qualified in _NO_OUTPUT or (isinstance(annotation, ast.Constant)
                                       and annotation.value is None):
            return None
        local = self._local_class(annotation)
        generator = self.generator
        generator.defs = {}
        generator.recursive = set()
        if local is not None and local.kind in ("model", "typeddict", "dataclass"):
            schema = generator.model_schema(local)
            if "$ref" in schema and "$defs" in schema:  # recursive: the definition at the root
                body = copy.deepcopy(schema["$defs"][local.name])
                schema = {**body, "$defs": schema["$defs"]}
            if not self.fastmcp and self.framework == "mcp1" and local.kind == "typeddict" \
                    and self.future_annotations:
                names = list(schema.get("properties", {}))
                schema["required"] = names  # mcp 1.x loses NotRequired under PEP 563
            if self.fastmcp:
                schema = self._fastmcp_post(schema, set())
            return generator.mark(schema, annotation)  # type: ignore[no-any-return]
        if self._untyped_sequence(annotation):
            if self.framework == "fastmcp2":
                return self._wrap({"items": {}, "type": "array"}, function)
            return None
        if self._is_dict(annotation):
            schema = dict(generator.type_schema(annotation))
            if not self.fastmcp:
                schema["title"] = f"{function.name}DictOutput"
                schema = generator.with_defs(schema)
            else:
                schema = self._fastmcp_post(generator.with_defs(schema), set())
            return generator.mark(schema, annotation)  # type: ignore[no-any-return]
        holder = _holder(f"{function.name}Output")
        _, result, _ = generator.field("result", annotation, None, holder)
        assert result is not None
        if self.fastmcp:
            result.pop("title", None)
            wrapped: dict[str, Any] = generator.mark(self._wrap(result, function), annotation)
            return wrapped
        schema = generator.with_defs({"properties": {"result": result}, "required": ["result"],
                                      "title": f"{function.name}Output", "type": "object"})
        return generator.mark(schema, annotation)  # type: ignore[no-any-return]

    def _wrap(self, result: dict[str, Any], function: ast.AST) -> dict[str, Any]:
        schema: dict[str, Any] = {"properties": {"result": result}, "required": ["result"],
                                  "type": "object", "x-fastmcp-wrap-result": True}
        if self.framework == "fastmcp2":
            schema["description"] = _WRAP_DESCRIPTION
        return self._fastmcp_post(self.generator.with_defs(schema), set())

    def _local_class(self, annotation: ast.expr) -> ClassInfo | None:
        if isinstance(annotation, ast.Name) and annotation.id in self.index.classes and \
                annotation.id not in self.names.imported:
            return self.index.classes[annotation.id]
        return None

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
        """Titles pruned and non-recursive definitions inlined, as fastmcp compresses schemas."""
        defs = schema.get("$defs", {})
        recursive = self.generator.recursive
        inlined = self._inline(schema, defs, recursive, keep_titles, top=True)
        assert isinstance(inlined, dict)
        kept = {k: v for k, v in defs.items() if k in recursive}
        inlined.pop("$defs", None)
        if kept:
            inlined["$defs"] = {k: self._inline(v, defs, recursive, set(), top=False)
                                for k, v in kept.items()}
        return inlined

    def _untyped_keeps_title(self, schema: dict[str, Any]) -> bool:
        """fastmcp keeps the title of an untyped parameter (2.x always, 4.x with a default)."""
        if not set(schema) <= {"title", "default"}:
            return False
        return self.framework == "fastmcp2" or "default" in schema

    def _inline(self, value: Any, defs: dict[str, Any], recursive: set[str],
                keep_titles: set[str], *, top: bool, in_properties: bool = False) -> Any:
        spans = self.generator.spans
        if isinstance(value, list):
            return spans.mark([self._inline(v, defs, recursive, set(), top=False) for v in value],
                              spans.nodes.get(id(value)))
        if not isinstance(value, dict):
            return value
        ref = value.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/") and \
                ref[8:] not in recursive and ref[8:] in defs:
            body = dict(defs[ref[8:]])
            merged = {**body, **{k: v for k, v in value.items() if k != "$ref"}}
            spans.mark(merged, spans.nodes.get(id(value)))  # where the reference was written
            return self._inline(merged, defs, recursive, set(), top=False)
        out: dict[str, Any] = {}
        for key, child in value.items():
            if key == "$defs" and top:
                continue
            if key == "title" and not in_properties and isinstance(child, str):
                continue
            if key == "properties" and isinstance(child, dict):
                props = {}
                for name, sub in child.items():
                    kept_title = sub.get("title") if isinstance(sub, dict) and (
                        name in keep_titles or self._untyped_keeps_title(sub)) else None
                    inlined = self._inline(sub, defs, recursive, set(), top=False)
                    if kept_title is not None and isinstance(inlined, dict):
                        inlined["title"] = kept_title
                    props[name] = inlined
                    key_span = spans.keys.get((id(child), name))
                    spans.mark_key(props, name, key_span)
                out[key] = spans.mark(props, spans.nodes.get(id(child)))
                continue
            out[key] = self._inline(child, defs, recursive, set(), top=False)
        marked: dict[str, Any] = spans.mark(out, spans.nodes.get(id(value)))
        return marked
