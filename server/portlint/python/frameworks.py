"""MCP tool functions → the `inputSchema`/`outputSchema` each framework advertises.

Four frameworks, measured (PYTHON-DECLARATIONS.md §3): the official SDK's `FastMCP`/`MCPServer`
(`mcp` 1.x and 2.x: a Pydantic model of the parameters, titles and `$defs` kept) and `fastmcp`
2.x and 4.x (`TypeAdapter` of the function, titles pruned, definitions inlined; 4.x closes the
root with `additionalProperties: false` and reads docstrings' parameter sections from 3.2.4)."""

from __future__ import annotations

import ast
import copy
import inspect
from typing import Any, NamedTuple, TypeGuard

from portlint.python.bindings import assigned as plain_assignment
from portlint.python.bindings import binding_index, bound_argument, call_has_splat
from portlint.python.bound_methods import Classes, Place
from portlint.python.constants import ModuleConstants
from portlint.python.docstrings import Rule, parse_docstring
from portlint.python.environment import Environment
from portlint.python.lowlevel_release import TOOL_CLASSES
from portlint.python.model_index import ClassInfo, ModuleIndex
from portlint.python.names import Names
from portlint.python.pydantic_schema import (
    Generator,
    StartFailure,
    Unknown,
    pydantic_order,
    title_of,
    wire_order,
)
from portlint.python.refused_keywords import refused
from portlint.python.registrations import Registration
from portlint.python.self_attributes import MethodCallOptions
from portlint.python.shown import shown_code

# the SDK 2.x marker of a parameter it fills by running a function (`Annotated[T, Resolve(fn)]`)
_RESOLVE = frozenset(("mcp.server.mcpserver.Resolve", "mcp.server.mcpserver.resolve.Resolve"))
_CONTEXTS = {"fastmcp.Context", "mcp.server.fastmcp.Context", "mcp.server.mcpserver.Context",
             "fastmcp.server.context.Context"}
# fastmcp's own results and media helpers: no output schema for them, returned as they are
_FASTMCP_RESULTS = frozenset((
    "fastmcp.utilities.types.Image", "fastmcp.utilities.types.Audio", "fastmcp.Image",
    "fastmcp.tools.tool.ToolResult"))
_NO_OUTPUT = {"typing.Any", "builtins.object", "builtins.bytes", "mcp.types.CallToolResult",
              "mcp.server.fastmcp.Image", *_FASTMCP_RESULTS}
# MCP content blocks and the frameworks' media helpers: a return naming one anywhere (alone, in
# a list, a union, an optional) is sent as content, with no output schema, by fastmcp 2.10.6 to
# 4.2.3 and the SDK 2.3.0 (the `*-content-returns` projects); the SDK 1.x derives their models
_CONTENT = frozenset((
    "mcp.types.TextContent", "mcp.types.ImageContent", "mcp.types.AudioContent",
    "mcp.types.ResourceLink", "mcp.types.EmbeddedResource", "fastmcp.utilities.types.File",
    "mcp.server.mcpserver.Image", "mcp.server.mcpserver.Audio",
    "mcp.server.mcpserver.utilities.types.Image", "mcp.server.mcpserver.utilities.types.Audio",
    *_FASTMCP_RESULTS))
_SDK_CONTENT_RETURNS = (2, 3)  # the first SDK 2.x release recorded sending them as content
# returns the SDK refuses to force an output schema for (`structured_output=True`)
_FORCED_REFUSED = frozenset(("typing.Any", "builtins.object", "mcp.server.fastmcp.Image"))
_WRAP_DESCRIPTION = "Generic wrapper for non-object return types."
# Where behaviour changes between recorded releases, the first release assumed to behave the new
# way (the recordings bracket each: the release before it and the one named behave differently).
_FASTMCP_COMPRESSES = (2, 12, 4)  # 2.12.3 sends titles; 2.12.4 prunes them
# fastmcp's result wrapper is a dataclass whose docstring is its description from Pydantic 2.13
# on, whatever the fastmcp release (2.11.3-3.2.3 listed over stdio under Pydantic 2.11.10,
# 2.12.5, 2.13.5 and 2.14.4); fastmcp 3.2.4 on writes it plain
_PYDANTIC_DESCRIBES_WRAP = (2, 13)
# before it prunes titles, fastmcp titles every parameter from its key under Pydantic 2.11 (a
# title the author wrote gives way); under 2.12 on, as Pydantic titles fields
_PYDANTIC_KEEPS_PARAMETER_TITLES = (2, 12)
_FASTMCP_INLINES = (2, 14, 6)  # 2.14.5 sends $defs; 2.14.6 inlines them
# fastmcp reads `Annotated[str, "text"]` as the parameter's description from 2.11.0 (2.10.6 not)
_FASTMCP_STRING_DESCRIPTIONS = (2, 11)
# (the three above: every release from 2.10.0 to 2.14.7 probed; f2-parameter-titles)
# fastmcp drops the title of a node of metadata alone, and leaves the values of `default`,
# `enum`... as they are, from 3.2.4 (3.2.0 does neither)
_FASTMCP_BARE_TITLES = (3, 2, 4)
# the keywords that make fastmcp's compression see a node as a schema whose title is metadata
_STRUCTURAL_KEYWORDS = frozenset(
    ("type", "properties", "$ref", "items", "allOf", "oneOf", "anyOf", "required"))
_METADATA_KEYWORDS = frozenset(("title", "description", "deprecated", "readOnly", "writeOnly"))
# keywords whose values are data, which fastmcp's compression does not enter from 3.2.4
_LITERAL_KEYWORDS = frozenset(("default", "const", "examples", "example", "enum"))
# what fastmcp does to a `discriminator` when it inlines the definitions its `mapping` names:
# 2.14.7 drops the mapping, 3.0.0-3.1.1 keep it (naming definitions no longer sent), 3.2.0 on
# drop the discriminator (recorded in f4-imported-alias, 2.12.5 to 4.2.3)
_FASTMCP_DROPS_DISCRIMINATOR = (3, 2)
_FASTMCP_PLAIN_WRAP = (3, 2, 4)  # 3.2.3 still describes the result wrapper; 3.2.4 does not
# A `Context` parameter written otherwise than as the class itself (f2-context-unquoted,
# *-optctx, *-context-forms): fastmcp 2.10.6 injects an optional, union, `Annotated` or subclass
# one but fails at start-up on a quoted one, which 2.12.5 resolves (the source: 2.11.0 resolves
# the type hints first); mcp 1.12.4 lists all but a plain subclass with its `Context` model's
# schema, 1.14.0 reads the type hints and injects them all.
_FASTMCP_READS_CONTEXT_HINTS = (2, 11)
_QUOTED_CONTEXT_FAILS = ("{release} does not resolve the quoted annotation `{written}` to its "
                         "`Context` (2.11.0 on does): `{name}` is read as a parameter of that "
                         "type, and the server fails at start-up (AttributeError: "
                         "__pydantic_core_schema__, recorded with fastmcp 2.10.6)")
_SDK_READS_CONTEXT_HINTS = (1, 14)
_OPTIONAL_CONTEXT_SCHEMA = ("the MCP SDK before 1.14 writes the schema of its own `Context` "
                            "class (or of the subclass named) into the tool's for `{name}`, "
                            "annotated `{written}`{postponed}; 1.14.0 on leaves it out, and "
                            "portlint does not read the SDK's source")
# the SDK injects a parameter annotated with a subclass of its `Context` from 1.7.0; before, it
# injects one annotated with `Context` itself only (its source compares with `is`) and lists the
# subclass one (every release from 1.3.0 to 1.14.0 probed; recorded in m1-context-forms)
_SDK_INJECTS_SUBCLASSES = (1, 7)
# how fastmcp reads docstrings (see `docstrings`): 3.2.3 sends them whole, 3.2.4 parses them
# with griffe, 4.1.0 splits at any section, 4.1.7 at named admonitions only
_FASTMCP_GRIFFE = (3, 2, 4)
_FASTMCP_ANY_SECTION = (4, 1)
_FASTMCP_NAMED_SECTIONS = (4, 1, 7)
# a written `description=""` is sent as it is by fastmcp from 3.2.4 (it compares with None);
# before, and in the SDK's every release, an empty one is false and the docstring is taken
# (every release from 3.0.0 to 3.2.4 read; recorded in *-empty-description)
_FASTMCP_KEEPS_EMPTY_DESCRIPTION = (3, 2, 4)
# the SDK calls the function with the arguments keyed by their `Field(alias=...)` from 1.12.0
# (1.11.0 by name; fastmcp by name in every release): tests/python/call-outcomes.json
_SDK_CALLS_BY_ALIAS = (1, 12)
_SDK_KEEPS_TYPEDDICT = (2, 1)  # mcp 2.0.1 converts TypedDict returns as 1.x; 2.1.0 keeps them
_FASTMCP_DROPS_UNCONSTRAINED = (4, 0, 3)  # 4.0.2 wraps a bare `list` return; 4.0.3 drops it
# fastmcp 4's "unconstrained sequences" (`collections.abc.Sequence` reads as `typing.Sequence`)
_UNCONSTRAINED = {"builtins.list", "typing.List", "builtins.tuple", "typing.Tuple",
                  "typing.Sequence"}
# builtin classes the SDK finds no annotations on (`collections.abc` classes likewise)
_PLAIN_CONTAINERS = {"builtins.list", "builtins.dict", "builtins.tuple", "builtins.set",
                     "builtins.frozenset"}
_PLAIN_SCALARS = {"datetime.datetime", "datetime.date", "datetime.time", "datetime.timedelta",
                  "uuid.UUID", "pathlib.Path", "decimal.Decimal"}
_SDK_CLASS_MODELS = {"pydantic.AnyUrl", "pydantic.SecretStr", "pydantic.EmailStr"}


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
    # listed as derived, but every call of it fails in the framework (see `_alias_calls`)
    call_fails: tuple[CallFailure, ...] = ()
    # words of its fields computed at run time, left out of its schemas (see `Generator.words`)
    left_out: tuple[str, ...] = ()
    # its title is the one fastmcp 4 makes from its name (made again from the name it is
    # listed under: :mod:`portlint.python.mounted_names`)
    named_title: bool = False


class CallFailure(NamedTuple):
    """Why every call of a listed tool fails in its own framework, and where that is written."""

    reason: str
    node: ast.AST


def title_from_name(name: str) -> str:
    """The title fastmcp 4 makes from a tool's name when none is written."""
    return name.replace("_", " ").replace("-", " ").title()


def _computed(options: dict[str, ast.expr], key: str,
              unread: tuple[tuple[str, str], ...] = ()) -> Unknown | None:
    """An option of the tool's text (title, description) that is neither a string nor None
    nor a constant of the module: its value is not known, and no default stands in for it.
    ``unread``: why options written `self.X` are not known (:mod:`self_attributes`)."""
    written = options.get(key)
    if written is None or (isinstance(written, ast.Constant) and (
            written.value is None or isinstance(written.value, str))):
        return None
    why = dict(unread).get(key)
    if why is not None:
        return Unknown(f"the tool's {key}, `{shown_code(written)}`, {why}", written, part=key)
    return Unknown(f"the tool's {key} is computed at run time (`{shown_code(written)}`)",
                   written, part=key)


def _renamed_function(tree: ast.Module, function: ast.FunctionDef | ast.AsyncFunctionDef
                      ) -> ast.stmt | None:
    """A statement of the module setting the `__name__` of a function of the registered one's
    name (`list_comments.__name__ = f"list_{app}_comments"`, `setattr(fn, "__name__", ...)`),
    which the SDK and fastmcp name a tool after when no `name=` is given (workspace-mcp's
    comment tools, made by one factory for three apps). Matched by name wherever it is: another
    function's rename of the same name only leaves this tool's name unknown too."""
    cached = _RENAMES.get(id(tree))
    if cached is None or cached[0] is not tree:
        if len(_RENAMES) >= 64:
            _RENAMES.clear()
        cached = _RENAMES[id(tree)] = (tree, _renames(tree))  # (read once per module)
    return cached[1].get(function.name)


_RENAMES: dict[int, tuple[ast.Module, dict[str, ast.stmt]]] = {}


def _renames(tree: ast.Module) -> dict[str, ast.stmt]:
    """Each name whose `__name__` a statement of the module sets, and the first such."""
    found: dict[str, ast.stmt] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Attribute) and target.attr == "__name__" and (
                        isinstance(target.value, ast.Name)):
                    found.setdefault(target.value.id, node)
        elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) and isinstance(
                node.value.func, ast.Name) and node.value.func.id == "setattr" and len(
                node.value.args) == 3 and isinstance(node.value.args[0], ast.Name) and (
                isinstance(node.value.args[1], ast.Constant)) and (
                node.value.args[1].value == "__name__"):
            found.setdefault(node.value.args[0].id, node)
    return found


def _text_constant(node: ast.expr) -> bool:
    """A string or None written out."""
    return isinstance(node, ast.Constant) and (node.value is None or isinstance(node.value, str))


def _annotations_class(qualified: str) -> bool:
    """What a tool's annotations are made with: `ToolAnnotations` (the SDK's, or re-exported),
    or `dict`."""
    return qualified.endswith(".ToolAnnotations") or qualified == "builtins.dict"


def _splatted(call: ast.Call) -> Unknown | None:
    """A `Tool(**fields)`: what the splat holds is known only when it runs."""
    splat = next((k.value for k in call.keywords if k.arg is None), None)
    if splat is None:
        return None
    return Unknown(f"the tool's fields come from `**{shown_code(splat)}`, computed at run time",
                   splat)


def class_named(node: ast.expr, index: ModuleIndex, names: Names, generator: Generator
                ) -> tuple[ClassInfo, Generator] | None:
    """The class ``node`` names (in this module or another module of the project), with the
    generator that reads its module."""
    if isinstance(node, ast.Name) and node.id in index.classes and node.id not in names.imported:
        return index.classes[node.id], generator
    qualified = names.qualified(node) if isinstance(node, (ast.Name, ast.Attribute)) else None
    if qualified is None or "." not in qualified:
        return None
    module, name = qualified.rsplit(".", 1)
    return generator.foreign_generator(module, name, node)


def _model_json_schema(value: ast.Call, names: Names, generator: Generator) -> dict[str, Any]:
    """`Model.model_json_schema()` given as a low-level tool's schema: the model's schema as
    Pydantic writes it, which the SDK sends as it is (recorded in m1-, m2-lowlevel-models)."""
    assert isinstance(value.func, ast.Attribute)
    if value.args or value.keywords:
        raise Unknown(f"`{shown_code(value)}` is given arguments portlint does not read", value)
    found = class_named(value.func.value, generator.index, names, generator)
    if found is None or found[0].kind not in ("model", "root-model"):
        raise Unknown(f"`{shown_code(value.func.value)}` is not a Pydantic model portlint can "
                      "read", value)
    info, owner = found
    if owner is generator:
        generator.used.add(info.name)  # a tool's schema, not a model of its own
    return _model_schema_of(info, owner)


def _model_schema_of(info: ClassInfo, owner: Generator) -> dict[str, Any]:
    """`Model.model_json_schema()` of ``info``, read by ``owner`` (the generator of its
    module), in Pydantic's key order; what is unknown there is said where this file uses it."""
    try:
        schema: dict[str, Any] = pydantic_order(owner.model_schema(info))
    except Unknown as problem:
        raise owner.reanchored(problem) from None
    return schema


def _import_holds(tree: ast.Module, name: str) -> bool:
    """Whether ``name`` is, once the module has run with the framework installed, what its
    imports bind it to: every other binding of it at the top of the module is in an `except`
    branch of a `try` whose own statements import it (run only when that import fails)."""
    for statement in tree.body:
        handlers = statement.handlers if isinstance(statement, ast.Try) else []
        tried = statement.body if isinstance(statement, ast.Try) else [statement]
        for part in tried:
            if _binds(part, name) and not isinstance(part, (ast.Import, ast.ImportFrom)):
                return False
        if isinstance(statement, ast.Try) and any(
                _binds(part, name) for part in [*statement.orelse, *statement.finalbody]):
            return False
        if any(_binds(part, name) for handler in handlers for part in handler.body) and not (
                any(isinstance(part, ast.ImportFrom) and _binds(part, name) for part in tried)):
            return False
    return True


def _binds(statement: ast.stmt, name: str) -> bool:
    """Whether a statement binds ``name`` anywhere in it (a `def` or class by its name too)."""
    return name in binding_index(ast.walk(statement))


def _is_model_json_schema(value: ast.expr) -> TypeGuard[ast.Call]:
    """`X.model_json_schema(...)`."""
    return isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and (
        value.func.attr == "model_json_schema")


def literal_tools(tree: ast.Module, names: Names, generator: Generator,
                  classes: Classes) -> list[ToolDecl]:
    """Low-level `Tool(name=..., inputSchema={...}, outputSchema={...})` declarations: their
    dict literals are the schemas, linted where they are written (``classes``: the project's
    classes as the analysis reads them, for `name=self.name`)."""
    found: list[ToolDecl] = []
    constants = generator.index.constants  # `description=DESCRIPTION`
    in_methods = MethodCallOptions(Place(names, tree, generator.module_path, None), classes,
                                   constants)  # `name=self.name`
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and names.qualified(node.func) in TOOL_CLASSES):
            continue
        keywords = {k.arg: constants.resolved(k.value) if k.arg in (
            "name", "description", "title") else k.value for k in node.keywords if k.arg}
        keywords, unread = in_methods.read(node, keywords)
        name_node = keywords.get("name")
        name = str(name_node.value) if isinstance(name_node, ast.Constant) else "?"
        described = keywords.get("description")
        description = str(described.value) if isinstance(described, ast.Constant) else None
        titled = keywords.get("title")
        title = str(titled.value) if isinstance(titled, ast.Constant) and isinstance(
            titled.value, str) else None  # the SDK sends `title=` as written
        unknown = [u for u in (_splatted(node), _computed(keywords, "name", unread),
                               _computed(keywords, "description", unread),
                               _computed(keywords, "title", unread))
                   if u is not None]
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
            elif _is_model_json_schema(value):
                try:
                    schemas.append(_model_json_schema(value, names, generator))
                except Unknown as problem:
                    unknown.append(problem)
                    schemas.append(None)
            else:
                unknown.append(Unknown(f"the `{spellings[0]}` of tool `{name}` is not a dict "
                                       "literal", value))
                schemas.append(None)
        found.append(ToolDecl(name, node, name_node or node, description, schemas[0],
                              schemas[1], unknown, resolved_name=name != "?", title=title))
    return found


def _default_order(argument: ast.arg, defaulted: str) -> StartFailure:
    """fastmcp validates a call with Pydantic's arguments validator, which refuses a function
    whose required parameter follows one with a default — possible in Python when the default
    is given inside `Annotated` (`Field(1)`) or the later one's is a `Field` without a default
    (`= Field(...)`, `= Field(description=...)`); recorded under fastmcp 2.10.6, 2.14.7, 3.4.11
    and 4.2.3 in the `*-annotated-order` projects (the SDK lists such a function)."""
    return StartFailure(f"fastmcp refuses the function: `{argument.arg}` is required and "
                        f"follows `{defaulted}`, which has a default (\"Non-default argument "
                        f"'{argument.arg}' follows default argument\"), so the server fails "
                        "at start-up", argument)


def _drop_closed(schema: Any) -> None:
    """Removes `"additionalProperties": false` from every object in ``schema``, in place (as
    fastmcp 2.x's compression walks every object, definitions and literal values alike)."""
    pending = [schema]
    while pending:
        node = pending.pop()
        if isinstance(node, dict):
            if node.get("additionalProperties") is False:
                del node["additionalProperties"]
            pending.extend(node.values())
        elif isinstance(node, list):
            pending.extend(node)


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
        self.call_fails: list[CallFailure] = []  # of the tool being built

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
    def compresses_from_3_2_4(self) -> bool:
        """Whether fastmcp's compression drops the title of a node of metadata alone and
        leaves the values of `default`, `enum`... as they are (3.2.4 on)."""
        return self.fastmcp and self.environment.at_least(*_FASTMCP_BARE_TITLES)

    @property
    def _opens_objects(self) -> bool:
        """Whether fastmcp's compression drops `additionalProperties: false` from every object
        of a tool's schemas (`extra="forbid"` models, their default values included): every
        2.x release, whose `compress_schema` prunes it by default; 3.0 on keeps it."""
        return self.framework == "fastmcp2"

    @property
    def inlines(self) -> bool:
        """Whether fastmcp inlines definitions where they are used: 2.14.7 and 3.x on, not
        2.13.3 (which sends the `$defs`)."""
        return self.fastmcp and (self.framework != "fastmcp2" or self.environment.at_least(
            *_FASTMCP_INLINES))

    def _inlined_discriminator(self, discriminator: Any) -> Any | None:
        """A `discriminator` as fastmcp sends it once the definitions are inlined (None: left
        out)."""
        if self.framework == "fastmcp2":
            if isinstance(discriminator, dict):
                return {k: v for k, v in discriminator.items() if k != "mapping"}
            return discriminator
        if self.framework == "fastmcp3" and not self.environment.at_least(
                *_FASTMCP_DROPS_DISCRIMINATOR):
            return discriminator
        return None

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
        # `name=prefix + "x"`: what the server calls the tool is known at run time only; its
        # schemas do not depend on it, so they are derived all the same
        name_unknown = _computed(options, "name", registration.unread)
        renamed = _renamed_function(registration.module.tree if registration.module else (
            self.index.tree), function) if "name" not in options else None
        if renamed is not None:
            name_unknown = Unknown(
                f"`{shown_code(renamed)}` gives the function another name: the framework "
                "lists the tool under the name the function holds when it is registered",
                renamed, part="name")
        title, named_title = self._title(name, options, name_known=name_unknown is None)
        if name_unknown is not None and title is None and (
                self._title(name, options)[0] is not None):
            name_unknown = Unknown(f"{name_unknown.reason}, and so is the title fastmcp 4 makes "
                                   "from it", name_unknown.node, part="name")
        unknown = [u for u in (name_unknown, _computed(options, "title", registration.unread),
                               _computed(options, "description", registration.unread),
                               self._annotations_title_unknown(options),
                               self._docstring_replaced(function, options),
                               self._function_added(decorator, function),
                               self._keyword_refused(decorator))
                   if u is not None]
        input_schema: dict[str, Any] | None = None
        output_schema: dict[str, Any] | None = None
        self.call_fails = []
        try:
            input_schema = self.input_schema(function, bound=registration.bound)
        except Unknown as problem:
            unknown.append(problem)
        try:
            output_schema = self.output_schema(function, options)
        except Unknown as problem:
            unknown.append(problem)
        return ToolDecl(name, function, decorator, description, input_schema, output_schema,
                        unknown, resolved_name=name_unknown is None, title=title,
                        call_fails=tuple(self.call_fails), named_title=named_title)

    def _alias_calls(self, function: ast.FunctionDef | ast.AsyncFunctionDef, argument: ast.arg,
                     default: ast.expr | None) -> None:
        """The SDK (1.12.0 on) validates a call's arguments, then calls the function with them
        keyed by each field's `alias`: a parameter given `Field(alias=...)` is passed under the
        alias, which the function does not take — every call fails, given the argument or not
        (its default is passed too). `validation_alias` alone is listed and called by name."""
        if self.fastmcp or argument.annotation is None or not self.environment.at_least(
                *_SDK_CALLS_BY_ALIAS):
            return
        alias = self.generator.field_info(default, argument.annotation).keywords.get("alias")
        if alias is None:
            return
        try:
            key = self.generator.value(alias)
        except ValueError:
            return
        if not isinstance(key, str) or key == argument.arg:
            return
        release = f"mcp {self.environment.framework.version}"
        self.call_fails.append(CallFailure(
            f"{release} lists `{argument.arg}` under its alias `{key}`, then calls the function "
            f"with `{key}=...`, which it does not take: every call fails with "
            f"{self._unexpected_keyword(function, key)}, given the argument or not (the SDK from "
            f"1.12.0; fastmcp calls it by name). Write `validation_alias=\"{key}\"`: listed the "
            "same, and called by name", alias))

    def _unexpected_keyword(self, function: ast.FunctionDef | ast.AsyncFunctionDef,
                            key: str) -> str:
        """How a call the SDK makes with a keyword the function does not take fails, as the
        client sees it: 1.x passes the TypeError on, 2.x does not say why."""
        raised = f"TypeError: \"{function.name}() got an unexpected keyword argument '{key}'\""
        if self.framework == "mcp1":
            return raised
        return f"an error that does not say why (the function raises {raised})"

    def _keyword_refused(self, node: ast.expr) -> Unknown | None:
        """`@mcp.tool(enabled=False)` on fastmcp 3.x or 4.x: a keyword the release's `tool()`
        or `add_tool()` does not take raises when the module runs (recorded from the releases,
        :mod:`portlint.python.refused_keywords`)."""
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("tool", "add_tool")):
            return None
        framework = self.environment.framework
        for keyword in node.keywords:
            if keyword.arg is None:
                return None  # `**options`: what it holds is not known
        for keyword in node.keywords:
            assert keyword.arg is not None
            raised = refused(framework.package, framework.version, node.func.attr, keyword.arg)
            if raised is not None:
                return StartFailure(
                    f"{framework.package} {framework.version}'s `{node.func.attr}()` takes no "
                    f"`{keyword.arg}` keyword: the server fails at start-up ({raised})", keyword)
        return None

    def _function_added(self, node: ast.expr,
                        function: ast.FunctionDef | ast.AsyncFunctionDef) -> Unknown | None:
        """fastmcp 2's `add_tool` takes a `Tool`: given a plain function, the server fails at
        start-up (recorded in f2-add-fn under 2.10.6 and 2.14.7; 3.x and 4.x accept one)."""
        if self.framework != "fastmcp2" or not (
                isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "add_tool" and node.args):
            return None
        added = node.args[0]
        named = added.id if isinstance(added, ast.Name) else None
        if named is None or not (named == function.name or self.names.imported.get(
                named, "").endswith(f".{function.name}")):
            return None  # `Tool.from_function(fn)`, or a name for a tool made elsewhere
        return StartFailure("fastmcp 2.x's `add_tool` takes a `Tool`, not a function: the "
                            "server fails at start-up (AttributeError: 'function' object has no "
                            "attribute 'key'); write `add_tool(Tool.from_function(...))`", added)

    def _title(self, name: str, options: dict[str, ast.expr], name_known: bool = True
               ) -> tuple[str | None, bool]:
        """The SDK sends `title=` as written; fastmcp sends `title=` when it is not empty, else
        its annotations' `title` when that is not empty, else (4.x) one made from the name —
        unknown when the name is (``name_known``). And whether it is made from the name."""
        written = options.get("title")
        if _computed(options, "title") is not None:
            return None, False  # unknown (said by _computed): no other title stands in for it
        explicit = written.value if isinstance(written, ast.Constant) and isinstance(
            written.value, str) else None
        if not self.fastmcp or explicit:
            return explicit, False
        annotated = self._annotations_title(options)
        if annotated is not None and not _text_constant(annotated):
            return None, False  # unknown (said by _annotations_title_unknown), not a made-up one
        if isinstance(annotated, ast.Constant) and annotated.value:
            return str(annotated.value), False  # fastmcp: `annotations.title` when no `title=`
        if self.framework == "fastmcp4" and name_known:  # always sends one, from the name
            return title_from_name(name), True
        return None, False

    def _annotations_title(self, options: dict[str, ast.expr]) -> ast.expr | None:
        """What a fastmcp tool's `annotations` say its title is, when no `title=` is written or
        it is empty (fastmcp 2, 3 and 4 send `annotations.title` as the tool's title then): the
        expression written for it (a constant of the module read); None when they name no
        title; the annotations themselves when they cannot be read (a name, a call of something
        else, a `**` splat)."""
        written = options.get("annotations")
        title = options.get("title")
        if not self.fastmcp or written is None or (
                isinstance(written, ast.Constant) and written.value is None) or (
                title is not None and not (isinstance(title, ast.Constant)
                                           and title.value in (None, ""))):
            return None
        found = self._title_in(self._module_value(written), self.names)
        if found is not None:
            return self.index.constants.resolved(found)
        imported = self._imported_value(written)
        if imported is not None:
            value, names = imported
            found = self._title_in(value, names)
            if found is not None and (isinstance(found, ast.Constant) or _text_constant(found)):
                return found  # (a name there is read in its module: said as unknown here)
        return self._helper_title(written) if isinstance(written, ast.Call) else written

    def _module_value(self, written: ast.expr, constants: ModuleConstants | None = None
                      ) -> ast.expr:
        """What a name stands for when the module binds it once, at its top level, by a plain
        assignment, and never sets or deletes an attribute of it (`_READ_ONLY =
        ToolAnnotations(...)`); anything else as written."""
        constants = constants or self.index.constants
        if not isinstance(written, ast.Name) or constants.binding_counts.get(written.id) != 1:
            return written
        for statement in constants.tree.body:
            target, value = plain_assignment(statement) or (None, None)
            if isinstance(target, ast.Name) and target.id == written.id and value is not None:
                return written if constants.attributes_changed(written.id) else value
        return written

    def _imported_value(self, written: ast.expr) -> tuple[ast.expr, Names] | None:
        """What a name imported from another module of the project stands for there
        (`common.READ_ONLY`, `from .common import READ_ONLY`), as :meth:`_module_value` reads
        it in that module, with that module's names (groupme-mcp-server's annotations); None
        when it is not such a name."""
        imported = self.index.imported_from(written)
        if imported is None:
            return None
        module, name = imported
        value = self._module_value(ast.Name(id=name), module.classes.constants)
        return None if isinstance(value, ast.Name) and value.id == name else (value, module.names)

    def _title_in(self, written: ast.expr, names: Names) -> ast.expr | None:
        """The `title` of a `ToolAnnotations(...)` call, a dict literal or a `dict(...)` call
        whose fields are all written out: the expression given for it, a None constant when
        there is none; None when ``written`` is no such value."""
        fields: list[tuple[str | None, ast.expr]] | None = None
        if isinstance(written, ast.Dict):
            fields = [(key.value if isinstance(key, ast.Constant) and isinstance(key.value, str)
                       else None, value) for key, value in zip(written.keys, written.values,
                                                              strict=True)]
        elif isinstance(written, ast.Call) and not written.args and _annotations_class(
                names.qualified(written.func) or ""):
            fields = [(keyword.arg, keyword.value) for keyword in written.keywords]
        if fields is None or any(key is None for key, _ in fields):
            return None  # not such a value, or one with a `**` splat or a computed key
        titles = [value for key, value in fields if key == "title"]
        return titles[-1] if titles else ast.copy_location(ast.Constant(value=None), written)

    def _helper_title(self, call: ast.Call) -> ast.expr:
        """`annotations=read_only()`: a function of the project whose body only returns a
        `ToolAnnotations(...)` (or a dict) — its title read there, a parameter of the function
        bound to what the call passes or to its default. Anything else: the call itself (its
        title cannot be known)."""
        helper = self._project_function(call.func)
        if helper is None or call_has_splat(call):
            return call
        function, names = helper
        body = [statement for statement in function.body if not (
            isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant))]
        if len(body) != 1 or not isinstance(body[0], ast.Return) or body[0].value is None:
            return call
        title = self._title_in(body[0].value, names)
        if title is None:
            return call
        if isinstance(title, ast.Name):
            bound = bound_argument(function, call, title.id)
            return call if bound is None else bound
        return title

    def _project_function(self, func: ast.expr
                          ) -> tuple[ast.FunctionDef | ast.AsyncFunctionDef, Names] | None:
        """The function a call's name refers to: of this module, or imported from the
        project's own modules (never an installed package)."""
        if not isinstance(func, ast.Name):
            return None
        if func.id in self.index.functions:
            return self.index.functions[func.id], self.names
        imported = self.names.imported.get(func.id)
        finder = self.generator.finder
        if imported is None or finder is None or "." not in imported.lstrip("."):
            return None
        module_name, _, name = imported.rpartition(".")
        module = finder.find(module_name or ".", self.generator.module_path)
        if module is None or name not in module.classes.functions:
            return None
        return module.classes.functions[name], module.names

    def _annotations_title_unknown(self, options: dict[str, ast.expr]) -> Unknown | None:
        annotated = self._annotations_title(options)
        if annotated is None or _text_constant(annotated):
            return None
        return Unknown("the tool's title comes from its annotations' `title`, which is "
                       f"computed at run time (`{shown_code(annotated)}`)", annotated)

    # -- descriptions -------------------------------------------------------------------------

    def _docstring_replaced(self, function: ast.FunctionDef | ast.AsyncFunctionDef,
                            options: dict[str, ast.expr]) -> Unknown | None:
        """When the tool's description is its docstring and the module sets the function's
        `__doc__` (awslabs lambda-tool's `fn.__doc__ = description` before registering it):
        the docstring read is not the one the framework sends."""
        if self._written_description(options) is not None:
            return None  # a description written out wins over the docstring
        replaced = self.index.doc_assignments.get(function.name)
        if replaced is None:
            return None
        return Unknown(f"the tool's description is the docstring of `{function.name}`, and "
                       f"the module sets `{function.name}.__doc__` at run time (line "
                       f"{replaced.lineno})", replaced, part="description")

    def _written_description(self, options: dict[str, ast.expr]) -> ast.expr | None:
        """The `description=` the framework sends instead of the docstring (None: the docstring
        is taken — none written, `None`, or an empty one where the framework tests it for
        truth)."""
        written = options.get("description")
        if not isinstance(written, ast.Constant):
            return written
        if written.value is None:
            return None
        if written.value == "" and not (self.fastmcp and self.environment.at_least(
                *_FASTMCP_KEEPS_EMPTY_DESCRIPTION)):
            return None
        return written

    def _description(self, function: ast.FunctionDef | ast.AsyncFunctionDef,
                     options: dict[str, ast.expr]) -> str | None:
        written = self._written_description(options)
        if isinstance(written, ast.Constant) and isinstance(written.value, str):
            return written.value
        if written is not None:
            return None  # computed at run time: said as unknown, never the docstring
        if function.name in self.index.doc_assignments:
            return None  # set at run time: said by _docstring_replaced
        raw = ast.get_docstring(function, clean=False)
        if raw is None:
            return "" if not self.fastmcp else None
        if not self.fastmcp:
            return raw
        rule = self._docstring_rule()
        return inspect.cleandoc(raw) if rule is None else parse_docstring(raw, rule).description

    def _docstring_rule(self) -> Rule | None:
        """How this fastmcp release splits a docstring (None: it sends it whole and describes
        no argument: 2.x, 3.0.0 to 3.2.3)."""
        if not self.fastmcp or not self.environment.at_least(*_FASTMCP_GRIFFE):
            return None
        if not self.environment.at_least(*_FASTMCP_ANY_SECTION):
            return "parameters"
        if not self.environment.at_least(*_FASTMCP_NAMED_SECTIONS):
            return "sections"
        return "named-sections"

    def _argument_docs(self, function: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, str]:
        raw = ast.get_docstring(function, clean=False)
        rule = self._docstring_rule()
        return parse_docstring(raw, rule).parameters if raw and rule is not None else {}

    # -- input --------------------------------------------------------------------------------

    def _context_form(self, annotation: ast.expr | None) -> str | None:
        """How a parameter's annotation names the framework's `Context`: "plain" (the class
        itself), "wrapped" (a union of it and None, `Annotated[...]` of it, a subclass of it
        defined in the module, a quoted annotation of any of these), or None when it does not
        (a union with another type is no `Context` to the frameworks)."""
        if annotation is None:
            return None
        if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
            try:
                parsed = ast.parse(annotation.value.strip(), mode="eval").body
            except SyntaxError:
                return None
            return "wrapped" if self._context_form(parsed) else None
        if isinstance(annotation, ast.Subscript) and self.names.qualified(
                annotation.value) == "typing.Annotated":
            inner = annotation.slice
            first = inner.elts[0] if isinstance(inner, ast.Tuple) and inner.elts else inner
            return "wrapped" if self._context_class(first) else None
        members = self._union_members(annotation)
        classes = [self._context_class(m) for m in members]
        nones = [m for m in members if isinstance(m, ast.Constant) and m.value is None]
        found = [c for c in classes if c is not None]
        if not found or len(found) + len(nones) != len(members):
            return None
        return found[0] if len(members) == 1 else "wrapped"

    def _resolved(self, annotation: ast.expr | None) -> bool:
        """Whether the SDK 2.x fills the parameter itself by running a function,
        `Annotated[T, Resolve(fn)]`, and leaves it out of the schema as it does its `Context`.
        It honours `Resolve` at the top of the annotation only; one inside a union it refuses
        when the tool is registered."""
        if self.framework != "mcp2" or annotation is None:
            return False
        if isinstance(annotation, ast.Subscript) and isinstance(annotation.slice, ast.Tuple) and (
                self.names.qualified(annotation.value) == "typing.Annotated") and any(
                self._is_resolve(m) for m in annotation.slice.elts[1:]):
            return True
        found = next((n for n in ast.walk(annotation) if self._is_resolve(n)), None)
        if found is not None:
            raise Unknown("`Resolve(...)` inside the annotation rather than at its top (the SDK "
                          "refuses one in a union when the tool is registered)", found)
        return False

    def _is_resolve(self, node: ast.AST) -> bool:
        return isinstance(node, ast.Call) and (self.names.qualified(node.func) or "") in _RESOLVE

    def _context_class(self, node: ast.expr) -> str | None:
        """"plain" for the framework's `Context`, "wrapped" for a class of this module derived
        from it, None for anything else."""
        if (self.names.qualified(node) or "") in _CONTEXTS or self._context_reexported(node):
            return "plain"
        if isinstance(node, ast.Name) and self._subclasses_context(node.id):
            return "wrapped"
        return None

    def _context_reexported(self, node: ast.expr) -> bool:
        """Whether ``node`` names the framework's `Context` through a module of the project
        that imports it — with a stand-in only for when the framework is not installed
        (zotero-mcp's `_context.py`: `try: from fastmcp import Context` / `except ImportError:
        class Context: ...`), which the server running on the framework never defines."""
        qualified = self.names.qualified(node) or ""
        module_name, _, name = qualified.rpartition(".")
        finder = self.generator.finder
        if not module_name or module_name == "builtins" or finder is None:
            return False
        module = finder.find(module_name, self.generator.module_path)
        return module is not None and module.names.imported.get(name) in _CONTEXTS and (
            _import_holds(module.tree, name))

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

    def _union_members(self, annotation: ast.expr) -> list[ast.expr]:
        """The members of a union annotation written with `|`, `Union[...]` or `Optional[...]`
        (`Optional[X]` as `X` and None); any other annotation is its only member."""
        if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
            return self._union_members(annotation.left) + self._union_members(annotation.right)
        if isinstance(annotation, ast.Subscript):
            qualified = self.names.qualified(annotation.value)
            inner = annotation.slice
            if qualified == "typing.Optional":
                return [*self._union_members(inner), ast.Constant(value=None)]
            if qualified == "typing.Union":
                elements = inner.elts if isinstance(inner, ast.Tuple) else [inner]
                return [m for element in elements for m in self._union_members(element)]
        return [annotation]

    def _injected(self, form: str, argument: ast.arg, earlier: str | None) -> None:
        """Raise `Unknown` where this release does not inject a `Context` parameter the way
        portlint reproduces it (left out of the schema)."""
        if self.framework == "fastmcp2" and self.future_annotations:
            raise StartFailure("fastmcp 2.x fails to register a tool with a `Context` "
                               "parameter when annotations are postponed (`from __future__ "
                               "import annotations`): NameError at start-up", argument)
        release = f"{self.environment.package} {self.environment.framework.version}"
        if earlier is not None:
            raise Unknown(f"`{argument.arg}` is a second `Context` parameter (after "
                          f"`{earlier}`): which of them {release} injects, and what it lists "
                          "for the other, is not derived", argument)
        # with `from __future__ import annotations` every annotation is a string at run time
        quoted = isinstance(argument.annotation, ast.Constant) or self.future_annotations
        if self.framework == "mcp1" and not self.environment.at_least(
                *_SDK_READS_CONTEXT_HINTS):
            self._sdk_injects(form, argument, quoted, release)
        elif self.fastmcp and quoted and not self.environment.at_least(
                *_FASTMCP_READS_CONTEXT_HINTS):
            written = ast.unparse(argument.annotation) if argument.annotation else ""
            raise StartFailure(_QUOTED_CONTEXT_FAILS.format(
                release=release, written=written, name=argument.arg), argument)

    def _sdk_injects(self, form: str, argument: ast.arg, quoted: bool, release: str) -> None:
        """The MCP SDK before 1.14 matches the parameter's annotation as written: `Context`
        itself (and, from some release up to 1.12.4, a subclass of it), never a union,
        `Annotated` or a string."""
        written = ast.unparse(argument.annotation) if argument.annotation else ""
        if not quoted and form == "plain":
            return
        if not quoted and isinstance(argument.annotation, (ast.Name, ast.Attribute)):
            if self.environment.at_least(*_SDK_INJECTS_SUBCLASSES):
                return  # a subclass of `Context`, injected
            raise Unknown(f"{release} lists `{argument.arg}`, annotated with `{written}`, a "
                          "subclass of its `Context`, with that class's schema (the SDK injects "
                          "such a parameter from 1.7.0 on), and portlint does not read the "
                          "SDK's source", argument)
        postponed = ", a string at run time (`from __future__ import annotations`)" if (
            self.future_annotations) else ""
        raise Unknown(_OPTIONAL_CONTEXT_SCHEMA.format(name=argument.arg, written=written,
                                                      postponed=postponed), argument)

    def _variadic(self, function: ast.FunctionDef | ast.AsyncFunctionDef, argument: ast.arg,
                  stars: str) -> ast.arg:
        """A `*args` or `**kwargs` parameter. fastmcp refuses the function when it registers
        it; the SDK lists it as a required property of its name and element type (it builds
        its arguments model from the signature), which a `*args` one can never be called with:
        absent, the call is refused as missing; present, the function is called with it as a
        keyword it does not take. (`**kwargs` is called with it, inside the mapping.) Observed
        under mcp 1.3.0, 1.30.0 and 2.3.0 and fastmcp 2.14.7 and 4.2.3 (m1-var-parameters,
        f4-var-parameters)."""
        if self.fastmcp:
            kind = "*args" if stars == "*" else "**kwargs"
            raise StartFailure(f"fastmcp refuses the function for its `{stars}{argument.arg}` "
                               f"parameter (ValueError: \"Functions with {kind} are not "
                               "supported as tools\"), so the server fails at start-up",
                               argument)
        if stars == "*":
            release = f"mcp {self.environment.framework.version}"
            self.call_fails.append(CallFailure(
                f"{release} lists `*{argument.arg}` as a required property `{argument.arg}` "
                f"and then calls the function with `{argument.arg}=...`, which `*"
                f"{argument.arg}` does not take: every call fails, refused as missing without "
                f"it and with {self._unexpected_keyword(function, argument.arg)} with it. Take "
                "a list parameter instead", argument))
        return argument

    def _check_default_order(self, parameters: list[tuple[ast.arg, ast.expr | None]],
                             keyword_only: set[int]) -> None:
        """Raise where fastmcp refuses the function for a required parameter after one with a
        default (:func:`_default_order`). Decided from the defaults alone, before any type is
        derived: a type portlint cannot derive does not hide the refusal."""
        defaulted: str | None = None  # the last positional parameter listed with a default
        for argument, default in parameters:
            if id(argument) in keyword_only or self._context_form(
                    argument.annotation) is not None or self._resolved(argument.annotation):
                continue  # not listed: injected or filled by the framework
            if argument.annotation is None:
                is_required = default is None
            else:
                try:
                    info = self.generator.field_info(default, argument.annotation)
                    is_required = not info.has_default and not info.factory
                except Unknown:  # a default computed at run time: a default all the same
                    is_required = False
            if is_required and defaulted is not None:
                raise _default_order(argument, defaulted)
            defaulted = argument.arg if not is_required else defaulted

    def input_schema(self, function: ast.FunctionDef | ast.AsyncFunctionDef, *,
                     bound: bool = False) -> dict[str, Any]:
        """The tool's `inputSchema`; of a bound method (``bound``), without its first
        parameter, which `inspect.signature` leaves out."""
        arguments = function.args
        positional = arguments.posonlyargs + arguments.args
        defaults: list[ast.expr | None] = [None] * (len(positional) - len(arguments.defaults))
        defaults += list(arguments.defaults)
        parameters: list[tuple[ast.arg, ast.expr | None]] = list(
            zip(positional, defaults, strict=True))
        if arguments.vararg is not None:
            parameters.append((self._variadic(function, arguments.vararg, "*"), None))
        parameters += list(zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True))
        if arguments.kwarg is not None:
            parameters.append((self._variadic(function, arguments.kwarg, "**"), None))
        if bound or (parameters and parameters[0][0].arg in ("self", "cls")
                     and parameters[0][0].annotation is None):
            parameters = parameters[1:]
        generator = self.generator
        generator.defs = {}
        generator.recursive = set()
        holder = _holder(f"{function.name}Arguments")
        properties: dict[str, Any] = {}
        required: list[str] = []
        explicit_titles: dict[str, str] = {}
        context: str | None = None  # the parameter the framework injects its `Context` into
        if self.fastmcp:
            self._check_default_order(parameters, {id(a) for a in arguments.kwonlyargs})
        for argument, default in parameters:
            form = self._context_form(argument.annotation)
            if form is not None:  # injected by the framework, not listed
                self._injected(form, argument, context)
                context = argument.arg
                continue
            if self._resolved(argument.annotation):  # filled by the SDK, not listed
                continue
            name = argument.arg
            if name.startswith("_") and not self.fastmcp:
                raise Unknown(f"the parameter `{name}` starts with `_`: the SDK refuses the tool",
                              argument)
            key = name  # listed under its alias when `Field` gives it one, as the
            # frameworks list it (recorded in `*-parameter-alias`)
            if argument.annotation is None:
                schema = self._unannotated(name, default)
                is_required = default is None
            else:
                key, field_schema, is_required = generator.field(name, argument.annotation,
                                                                 default, holder)
                assert field_schema is not None
                schema = field_schema
                self._alias_calls(function, argument, default)
                if self.fastmcp and self.environment.at_least(*_FASTMCP_STRING_DESCRIPTIONS):
                    # fastmcp reads `Annotated[str, "text"]` as the description
                    text = generator.string_metadata.get(id(argument.annotation))
                    if text is not None and "description" not in schema:
                        schema["description"] = text
                if self.fastmcp and not self.compresses and not (
                        self.environment.pydantic_at_least(*_PYDANTIC_KEEPS_PARAMETER_TITLES)):
                    schema["title"] = title_of(key)  # a title the author wrote or not
                title = schema.get("title")
                if isinstance(title, str) and title != title_of(key):
                    explicit_titles[key] = title
            if key in properties:  # `Field(alias=...)` naming another parameter's key
                raise Unknown(f"the parameter `{name}` is listed as `{key}`, as another one "
                              "is: which of them the framework lists is not derived", argument)
            properties[key] = schema
            # findings on the property sit on its annotation (the parameter when it has none)
            generator.spans.mark_key(properties, key,
                                     generator.span(argument.annotation or argument))
            generator.mark(schema, argument.annotation or argument)
            if is_required:
                required.append(key)
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
            # the parameters' own descriptions (a model's, inlined below, gives way to the
            # docstring's)
            described = {name for name, prop in properties.items() if "description" in prop}
            if self.compresses:
                root = self._fastmcp_post(root)
            if self.framework == "fastmcp4":  # titles the author wrote are put back, before
                # the docstring describes the arguments (recorded: `f4-field-aliases`)
                for name, title in explicit_titles.items():
                    prop = root["properties"].get(name)
                    if isinstance(prop, dict):
                        prop["title"] = title
            self._describe_arguments(root, function, described)
        else:
            root["title"] = f"{function.name}Arguments"
            root["type"] = "object"
            root = pydantic_order(generator.with_defs(root))
        if self._opens_objects:
            _drop_closed(root)
        if self.wire_model:
            wire_order(root)
        return generator.mark(root, function)  # type: ignore[no-any-return]

    def _cycles_on_recursion(self) -> bool:
        """fastmcp 2.14 dereferences a recursive input schema into a cyclic object, which it
        cannot serialise: its tools/list hangs (3.x keeps the `$defs` instead)."""
        return self.framework == "fastmcp2" and self.inlines

    def _describe_arguments(self, root: dict[str, Any],
                            function: ast.FunctionDef | ast.AsyncFunctionDef,
                            described: set[str]) -> None:
        """fastmcp from 3.2.4: the docstring's parameter entries become descriptions. One the
        parameter has itself (``described``) wins; the description of a model the parameter's
        schema inlines gives way (recorded with fastmcp 3.4.11 and 4.2.3)."""
        properties = root.get("properties", {})
        for name, text in self._argument_docs(function).items():
            prop = properties.get(name)
            if isinstance(prop, dict) and name not in described:
                prop["description"] = text

    def _unannotated(self, name: str, default: ast.expr | None) -> dict[str, Any]:
        schema: dict[str, Any] = {}
        if not self.fastmcp:
            schema = {"title": name, "type": "string"}
        elif self.framework == "fastmcp2" or default is not None or (
                not self.compresses_from_3_2_4):
            # titled; before 3.2.4 the title of a node of metadata alone is kept (3.2.0 and
            # 3.2.3 probed over stdio under Pydantic 2.12.5 and 2.14.4)
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
        if not self.fastmcp:
            schema = self._output_schema(function, options)
            forced = options.get("structured_output")
            if schema is None and isinstance(forced, ast.Constant) and forced.value is True:
                self._forced_without_schema(function.returns, forced)
            return schema
        # fastmcp writes what a tool returns as it is sent (Pydantic's serialization mode): a
        # Decimal is a string, an excluded field is left out, a computed field is listed; 2.x
        # and 3.x key its fields by their aliases, 4.x by their names (recorded in
        # `*-output-modes`)
        self.generator.serialized = "name" if self.framework == "fastmcp4" else "alias"
        try:
            return self._output_schema(function, options)
        finally:
            self.generator.serialized = None

    def _forced_without_schema(self, returns: ast.expr | None, forced: ast.expr) -> None:
        """`structured_output=True` on a return the SDK gives no schema of its own accord. It
        refuses `Any`, `object`, its `Image`, a plain class and a missing annotation when the
        tool is registered (`InvalidSignature`, mcp 1.12.4, 1.30.0, 2.3.0); it lists a
        `CallToolResult` without a schema (nothing raised here), and `bytes` with one."""
        qualified = self.names.qualified(returns) if isinstance(
            returns, (ast.Name, ast.Attribute)) else None
        if qualified == "mcp.types.CallToolResult":
            return
        if returns is not None and qualified not in _FORCED_REFUSED and not self._plain_class(
                self._alias_target(returns)):
            raise Unknown("the output schema the SDK writes when `structured_output=True` "
                          f"forces one for `{shown_code(returns)}` is not derived", forced)
        what = (f"its return type `{shown_code(returns)}`" if returns is not None
                else "a function without a return annotation")
        raise StartFailure(f"mcp {self.environment.framework.version} refuses "
                           f"`structured_output=True` for {what}, which it cannot describe "
                           "(`InvalidSignature`): the server fails at start-up", forced)

    def _sent_as_content(self, annotation: ast.expr) -> bool:
        """Whether the framework sends what the function returns as content blocks, with no
        output schema: a return naming an MCP content block or a media helper anywhere in it
        (:data:`_CONTENT`)."""
        if not (self.fastmcp or (self.framework == "mcp2" and self.environment.at_least(
                *_SDK_CONTENT_RETURNS))):
            return False
        qualified = self.names.qualified
        return any(isinstance(node, (ast.Name, ast.Attribute)) and qualified(node) in _CONTENT
                   for node in ast.walk(annotation))

    def _output_schema(self, function: ast.FunctionDef | ast.AsyncFunctionDef,
                       options: dict[str, ast.expr]) -> dict[str, Any] | None:
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
        annotation = self._validated_result(annotation)
        qualified = self.names.qualified(annotation) if isinstance(
            annotation, (ast.Name, ast.Attribute)) else None
        is_none = isinstance(annotation, ast.Constant) and annotation.value is None
        if qualified in _NO_OUTPUT or (is_none and self.fastmcp) or self._sent_as_content(
                annotation):
            return None
        generator = self.generator
        generator.defs = {}
        generator.recursive = set()
        found = self._return_class(annotation)
        # a root model is a model to the SDK (its schema advertised as it is, an array too);
        # fastmcp wraps what is not an object
        schema: dict[str, Any] | None = None
        if found is not None and found[0].kind == "root-model" and self.fastmcp:
            try:
                schema = _model_schema_of(*found)
            except Unknown:
                schema = None
            if schema is None or not self._fastmcp_object(schema):
                found, schema = None, None
        if found is not None and found[0].kind in ("model", "typeddict", "dataclass",
                                                   "root-model"):
            info, owner = found
            if info.kind == "typeddict" and self._sdk_converts_typeddict():
                stripped = owner.field_with_metadata(info)
                if stripped is not None:
                    # `get_type_hints` without its extras: constraints, descriptions, titles and
                    # defaults given in `Annotated` are gone (recorded with mcp 1.30.0)
                    raise owner.reanchored(Unknown(
                        f"mcp {self.environment.framework.version} rebuilds the returned "
                        f"TypedDict `{info.name}` from its type hints without their `Annotated` "
                        "metadata (constraints, descriptions, defaults)", stripped))
            if schema is None:
                schema = _model_schema_of(info, owner)
            generator.defs = owner.defs
            generator.recursive = owner.recursive  # (a model of another module: its own)
            if "$ref" in schema and "$defs" in schema and self.fastmcp and not self.compresses:
                # fastmcp before its compression: a `$ref` root is not an object, so wrapped
                return self._wrap_uncompressed({"$ref": schema["$ref"]}, schema["$defs"],
                                               annotation)
            if "$ref" in schema and "$defs" in schema:
                # a `$ref` root (a recursive model, a root model of a model): the definition it
                # names at the root, the root's other keywords (its title) over it
                name = str(schema["$ref"]).removeprefix("#/$defs/")
                body = copy.deepcopy(schema["$defs"].get(name))
                if not isinstance(body, dict):
                    raise owner.reanchored(Unknown(
                        f"the schema of `{info.name}` refers to `{schema['$ref']}`, which "
                        "portlint does not find among its definitions", annotation))
                rest = {k: v for k, v in schema.items() if k not in ("$ref", "$defs")}
                schema = {**body, **rest, "$defs": schema["$defs"]}
            if not self.fastmcp and info.kind in ("typeddict", "dataclass"):
                self._sdk_converted(schema, info)
            if self.fastmcp and self.compresses:
                schema = self._fastmcp_post(schema)
            return self._finish(schema, annotation)
        resolved = self._alias_target(annotation)
        if self.fastmcp:
            return self._fastmcp_output(function, annotation, resolved)
        return self._sdk_output(function, annotation, resolved)

    def _validated_result(self, annotation: ast.expr) -> ast.expr:
        """`-> Annotated[CallToolResult, Model]` (the SDK from 1.22.0, and 2.x): the function
        builds its own result, and the SDK advertises `Model` as the output schema, as if the
        function returned it (more metadata after it stays on it: `Annotated[Model, ...]`).
        Before 1.22.0 the SDK does not read it so, and it is left as written."""
        if self.fastmcp or not self.environment.at_least(1, 22, 0) or not (
                isinstance(annotation, ast.Subscript) and self.names.qualified(
                    annotation.value) in ("typing.Annotated", "typing_extensions.Annotated")
                and isinstance(annotation.slice, ast.Tuple)
                and len(annotation.slice.elts) >= 2):
            return annotation
        base, model, *rest = annotation.slice.elts
        if not isinstance(base, (ast.Name, ast.Attribute)) or self.names.qualified(base) not in (
                "mcp.types.CallToolResult", "mcp_types.CallToolResult"):
            return annotation
        if not rest:
            return model
        validated = ast.Subscript(value=annotation.value, slice=ast.Tuple(
            elts=[model, *rest], ctx=ast.Load()), ctx=ast.Load())
        return ast.copy_location(validated, annotation)

    def _fastmcp_object(self, schema: dict[str, Any]) -> bool:
        """Whether fastmcp takes a returned root model's schema for an object, and so does not
        wrap it: its `type` is `"object"`, it has `properties`, or it is a `$ref` (2.x: any;
        from 3.x: one naming such a definition) — `RootModel[Entity]` (recorded in
        f4-root-models)."""
        definitions = schema.get("$defs", {})
        seen: set[str] = set()
        while True:
            if schema.get("type") == "object" or "properties" in schema:
                return True
            ref = schema.get("$ref")
            if not isinstance(ref, str) or not ref.startswith("#/$defs/"):
                return False
            if self.framework == "fastmcp2":
                return not seen and "$defs" in schema
            name = ref.removeprefix("#/$defs/")
            target = definitions.get(name)
            if name in seen or not isinstance(target, dict):
                return False
            seen.add(name)
            schema = target

    def _fastmcp_output(self, function: ast.FunctionDef | ast.AsyncFunctionDef,
                        annotation: ast.expr, resolved: ast.expr) -> dict[str, Any] | None:
        """fastmcp: a mapping is advertised as it is, anything else wrapped in `result`; its
        `replace_type` turns a bare `Tuple` into the empty tuple first, and from 4.0.3 a
        sequence that says nothing of its items gets no output schema."""
        if self._drops_unconstrained() and self._unconstrained_sequence(resolved):
            return None
        generator = self.generator
        with generator.bare_tuples_empty():
            if self._is_dict(resolved):
                schema = pydantic_order(generator.with_defs(dict(
                    generator.type_schema(annotation))))
                if self.compresses:
                    schema = self._fastmcp_post(schema)
                return self._finish(schema, annotation)
            holder = _holder(f"{function.name}Output")
            _, result, _ = generator.field("result", annotation, None, holder)
        assert result is not None
        if not self.compresses:
            return self._wrap_uncompressed(result, generator.defs, annotation)
        result.pop("title", None)
        return self._wrap(result, function, annotation)

    def _sdk_output(self, function: ast.FunctionDef | ast.AsyncFunctionDef,
                    annotation: ast.expr, resolved: ast.expr) -> dict[str, Any] | None:
        """The SDK: `dict[str, T]` is advertised as the mapping itself; a plain class without
        annotations (`list`, `dict`, `collections.abc.Sequence`, ...) gets no output schema;
        anything else — `typing.List`, `typing.Dict`, bare or not — is wrapped in `result`."""
        if self._plain_class(resolved):
            return None
        generator = self.generator
        if self._sdk_dict_output(resolved):
            schema = dict(generator.type_schema(annotation))
            schema["title"] = f"{function.name}DictOutput"
            return self._finish(pydantic_order(generator.with_defs(schema)), annotation)
        holder = _holder(f"{function.name}Output")
        _, result, _ = generator.field("result", annotation, None, holder)
        assert result is not None
        schema = generator.with_defs({"properties": {"result": result}, "required": ["result"],
                                      "title": f"{function.name}Output", "type": "object"})
        return self._finish(pydantic_order(schema), annotation)

    def _sdk_converts_typeddict(self) -> bool:
        """Whether this SDK rebuilds a returned TypedDict as a model of its own (mcp 1.x and
        2.0; 2.1.1 hands pydantic the TypedDict itself)."""
        return not self.fastmcp and (self.framework == "mcp1" or not self.environment.at_least(
            *_SDK_KEEPS_TYPEDDICT))

    def _sdk_converted(self, schema: dict[str, Any], info: ClassInfo) -> None:
        """The SDK turns a TypedDict or dataclass return into a model of its own: the class's
        docstring is lost (mcp 2.x keeps a TypedDict's), and on mcp 1.x a TypedDict's optional
        keys default to null (or, with postponed annotations, all become required)."""
        old = self._sdk_converts_typeddict()
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
        if self._opens_objects:
            _drop_closed(schema)
        if self.wire_model:
            wire_order(schema)
        return self.generator.mark(schema, annotation)  # type: ignore[no-any-return]

    def _sdk_dict_output(self, annotation: ast.expr) -> bool:
        """The SDK advertises a `dict[str, T]` return as the mapping itself; `typing.Dict[...]`
        is wrapped in `result` like any other type, and a bare `dict` gets no schema."""
        if not isinstance(annotation, ast.Subscript):
            return False
        return (self.names.qualified(annotation.value) or "") == "builtins.dict"

    def _plain_class(self, annotation: ast.expr) -> bool:
        """A return type the SDK sees as a class without annotations, so without a schema: the
        builtin containers and the `collections.abc` classes unsubscripted (`typing.List` and
        the other `typing` aliases are not classes: those are wrapped), the standard library's
        scalar classes (`datetime`, `UUID`, `Decimal`, `Path`) and enums. Pydantic's own classes
        (`AnyUrl`, `SecretStr`, `EmailStr`) depend on the annotations Pydantic gives them:
        reported, not derived."""
        if not isinstance(annotation, (ast.Name, ast.Attribute)):
            return False
        written = self.names.as_written(annotation) or ""
        qualified = self.names.qualified(annotation) or ""
        if qualified in _SDK_CLASS_MODELS:
            raise Unknown(f"the SDK reads the class `{qualified}` itself for the output "
                          "schema (a model of its annotations, or none): not derived", annotation)
        if written in _PLAIN_CONTAINERS or written.startswith("collections.abc.") or \
                qualified in _PLAIN_SCALARS:
            return True
        found = self._return_class(annotation)
        return found is not None and found[0].kind == "enum"

    def _wrap_uncompressed(self, result: dict[str, Any], defs: dict[str, Any],
                           annotation: ast.expr) -> dict[str, Any]:
        """fastmcp before its compression: the result in its `_WrappedResult` dataclass, titles
        and definitions as Pydantic writes them."""
        schema: dict[str, Any] = {"properties": {"result": result}, "required": ["result"],
                                  "title": "_WrappedResult", "type": "object"}
        if self.environment.pydantic_at_least(*_PYDANTIC_DESCRIBES_WRAP):
            schema["description"] = _WRAP_DESCRIPTION  # the dataclass's docstring
        if defs:
            schema = {"$defs": dict(defs), **schema}
        schema = pydantic_order(schema)
        schema["x-fastmcp-wrap-result"] = True
        return self._finish(schema, annotation)

    def _wrap(self, result: dict[str, Any], function: ast.AST,
              annotation: ast.expr) -> dict[str, Any]:
        schema: dict[str, Any] = {"properties": {"result": result}, "required": ["result"],
                                  "type": "object"}
        if self.fastmcp and not self.environment.at_least(*_FASTMCP_PLAIN_WRAP) and (
                self.environment.pydantic_at_least(*_PYDANTIC_DESCRIBES_WRAP)):
            schema["description"] = _WRAP_DESCRIPTION
        schema = pydantic_order(self.generator.with_defs(schema))
        schema["x-fastmcp-wrap-result"] = True
        return self._finish(self._fastmcp_post(schema), annotation)

    def _return_class(self, annotation: ast.expr) -> tuple[ClassInfo, Generator] | None:
        """The model, TypedDict or dataclass a return annotation names."""
        return class_named(annotation, self.index, self.names, self.generator)

    def _drops_unconstrained(self) -> bool:
        """fastmcp 4.0.3 on gives a return type that says nothing of its items no output
        schema (4.0.2 still wraps it, as 2.x and 3.x do)."""
        return self.framework == "fastmcp4" and self.environment.at_least(
            *_FASTMCP_DROPS_UNCONSTRAINED)

    def _unconstrained_sequence(self, annotation: ast.expr) -> bool:
        """fastmcp 4's test: `list`, `tuple`, `Sequence` (any spelling) bare, with only `Any`
        as items, the variadic `tuple[Any, ...]`, or `tuple[()]` (no arguments to Python);
        inside `Annotated` too."""
        if isinstance(annotation, ast.Subscript) and self.names.qualified(
                annotation.value) == "typing.Annotated":
            inner = annotation.slice.elts[0] if isinstance(annotation.slice, ast.Tuple) else \
                annotation.slice
            annotation = self._alias_target(inner)
        if isinstance(annotation, (ast.Name, ast.Attribute)):
            return (self.names.qualified(annotation) or "") in _UNCONSTRAINED
        if not isinstance(annotation, ast.Subscript):
            return False
        origin = self.names.qualified(annotation.value) or ""
        if origin not in _UNCONSTRAINED:
            return False
        arguments = annotation.slice.elts if isinstance(annotation.slice, ast.Tuple) else [
            annotation.slice]
        if not arguments:  # tuple[()]: no arguments to Python
            return True
        if origin in ("builtins.tuple", "typing.Tuple"):
            return len(arguments) == 2 and self._is_any(arguments[0]) and isinstance(
                arguments[1], ast.Constant) and arguments[1].value is Ellipsis
        return all(self._is_any(a) for a in arguments)

    def _is_any(self, node: ast.expr) -> bool:
        return self.names.qualified(self._alias_target(node)) == "typing.Any"

    def _alias_target(self, annotation: ast.expr) -> ast.expr:
        """What a module-level alias (`Rows = list`) stands for, followed to its end; quoted
        annotations read as code."""
        seen: set[str] = set()
        while True:
            if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
                try:
                    annotation = ast.parse(annotation.value, mode="eval").body
                except SyntaxError:
                    return annotation
            elif isinstance(annotation, ast.Name) and annotation.id in self.index.aliases and \
                    annotation.id not in self.names.imported and annotation.id not in seen:
                seen.add(annotation.id)
                annotation = self.index.aliases[annotation.id]
            else:
                return annotation

    def _is_dict(self, annotation: ast.expr) -> bool:
        target = annotation.value if isinstance(annotation, ast.Subscript) else annotation
        return (self.names.qualified(target) or "") in (
            "builtins.dict", "typing.Dict", "typing.Mapping", "typing.MutableMapping")

    # -- fastmcp's compression ------------------------------------------------------------------

    def _fastmcp_post(self, schema: dict[str, Any]) -> dict[str, Any]:
        """fastmcp's compression and its serve-time dereferencing: titles pruned; every
        definition inlined where it is used — unless one of them is recursive, in which case
        fastmcp cannot inline and sends the `$defs` as they are."""
        defs = schema.get("$defs", {})
        kept = bool(self.generator.recursive & set(defs)) or not self.inlines
        inlined = self._inline(schema, defs if not kept else {}, top=True)
        assert isinstance(inlined, dict)
        if not kept:
            inlined.pop("$defs", None)
        return inlined

    def _prunes_title(self, node: dict[str, Any]) -> bool:
        """Whether fastmcp's compression drops this schema node's string `title`: when the
        node holds a structural keyword (`type`, `properties`, `$ref`...); from 3.2.4 also
        when it holds nothing but metadata (`{"title": "X"}` of an untyped parameter). So the
        title of `{"enum": [...], "title": "Shade"}` (an enum of mixed values) stays, and so
        does an untyped parameter's beside its `default`."""
        if not isinstance(node.get("title"), str):
            return False
        if not _STRUCTURAL_KEYWORDS.isdisjoint(node):
            return True
        return self.compresses_from_3_2_4 and _METADATA_KEYWORDS.issuperset(node)

    def _inline(self, value: Any, defs: dict[str, Any], *, top: bool,
                title_decided: bool = False) -> Any:
        spans = self.generator.spans
        if isinstance(value, list):
            return spans.mark([self._inline(v, defs, top=False) for v in value],
                              spans.nodes.get(id(value)))
        if not isinstance(value, dict):
            return value
        ref = value.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/") and ref[8:] in defs:
            # each node's title is decided as fastmcp compresses: before the references are
            # inlined — the definition's by its own keys; the reference's own title goes
            definition = defs[ref[8:]]
            body = {k: v for k, v in definition.items() if not (
                k == "title" and self._prunes_title(definition))}
            merged = {**body, **{k: v for k, v in value.items() if k != "$ref" and not (
                k == "title" and isinstance(v, str))}}
            spans.mark(merged, spans.nodes.get(id(value)))  # where the reference was written
            return self._inline(merged, defs, top=False, title_decided=True)
        prune = not title_decided and self._prunes_title(value)
        literals = self.compresses_from_3_2_4  # their values left as they are
        out: dict[str, Any] = {}
        for key, child in value.items():
            if key == "$defs" and top and defs:
                continue
            if key == "title" and prune:
                continue
            if literals and key in _LITERAL_KEYWORDS:
                out[key] = child
                continue
            if key == "discriminator" and defs:
                sent = self._inlined_discriminator(child)
                if sent is not None:
                    out[key] = sent
                continue
            if key in ("properties", "$defs") and isinstance(child, dict):
                props = {}
                for name, sub in child.items():
                    props[name] = self._inline(sub, defs, top=False)
                    key_span = spans.keys.get((id(child), name))
                    spans.mark_key(props, name, key_span)
                out[key] = spans.mark(props, spans.nodes.get(id(child)))
                continue
            out[key] = self._inline(child, defs, top=False)
        marked: dict[str, Any] = spans.mark(out, spans.nodes.get(id(value)))
        return marked

