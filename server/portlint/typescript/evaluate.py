"""Static evaluation of the expressions that declare tools: constants, object literals and
spreads, imports from the project's other files (re-exports followed), Zod calls.

Each declaration is evaluated once per file read, so a constant used twice is the same value —
as it is the same object when the server runs. Nothing is executed: a function is a place, a
call to anything but Zod is :class:`Unknown`, and so is a ``let`` assigned again or an object
mutated after it is declared."""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from portlint.python.shown import shown_text
from portlint.source.located import Span
from portlint.typescript import converted_schemas
from portlint.typescript.compiled_enums import enum_members, filled
from portlint.typescript.converted_schemas import conversion, is_conversion, options_name
from portlint.typescript.mutations import appended_on_declaration, changed_names
from portlint.typescript.project import Project, project_for, resolve_relative
from portlint.typescript.syntax import (
    FUNCTION_TYPES,
    Node,
    Syntax,
    cooked_template,
    raw_template,
    refused_escape,
    returned_expression,
    unquote,
)
from portlint.typescript.tsconfig import resolve_alias
from portlint.typescript.values import (
    Arr,
    Entry,
    Export,
    Forward,
    Function,
    Instance,
    JsGlobal,
    Lit,
    Namespace,
    Obj,
    Parameter,
    Regex,
    Some,
    Thrown,
    Undefined,
    Unknown,
    UnknownOperation,
    Value,
    literal_name,
)
from portlint.typescript.workspace_packages import resolve_package
from portlint.typescript.zod import (
    CHECK_FACTORIES_4,
    RECURSIVE,
    WRAPPING_METHODS,
    Builder,
    DefinitionThrows,
    Flavor,
    Unsupported,
    Z,
    resolve_forwards,
)

MAX_DEPTH = 150
SELF_REFERENCE = "a declaration that refers to itself"
# the oldest Zod 4 line whose JSON Schema output equals the one reproduced (4.6.7's), measured by
# recording the oracle corpus under older releases (SDK 1.32.2): 4.0.17, 4.1.13 and 4.3.6 differ on
# 28, 26 and 14 of its cases; 4.4 and 4.5 are unmeasured, so they are not guessed at either
OLDEST_ZOD4 = (4, 6)
_WRAPPERS = ("parenthesized_expression", "as_expression", "satisfies_expression",
             "non_null_expression", "type_assertion")
_SCOPES = ("program", "statement_block", "class_static_block")
SDK_MODULES = {
    "@modelcontextprotocol/sdk/server/mcp.js": "sdk1",
    "@modelcontextprotocol/sdk/server/mcp": "sdk1",
    "@modelcontextprotocol/sdk/server/index.js": "sdk1",
    "@modelcontextprotocol/sdk/server/index": "sdk1",
    "@modelcontextprotocol/sdk/types.js": "sdk1",
    "@modelcontextprotocol/sdk/types": "sdk1",
    "@modelcontextprotocol/server": "sdk2",
    "@modelcontextprotocol/core": "sdk2",
}
SDK_EXPORTS = {"McpServer", "Server", "ListToolsRequestSchema", "fromJsonSchema"}
ZOD_MODULES = {"zod": "", "zod/v3": "v3", "zod/v4": "v4", "zod/mini": "mini",
               "zod/v4-mini": "mini", "zod/v4/mini": "mini", "zod/v4/classic": "v4"}

# the global objects of JavaScript and Node a module uses without declaring them (`Array.from`,
# `Object.values`, `process.env`): known, but not values portlint computes
_JS_GLOBALS = frozenset((
    "Array", "Map", "Set", "WeakMap", "WeakSet", "Math", "Date", "Promise", "RegExp", "Symbol",
    "BigInt", "Boolean", "Error", "Reflect", "Proxy", "Intl", "globalThis", "process", "Buffer",
    "URL", "URLSearchParams", "structuredClone", "parseInt", "parseFloat", "encodeURIComponent",
    "decodeURIComponent", "console", "setTimeout", "fetch"))


class ModuleInfo:
    """A file's top-level bindings: imports, declarations, exports."""

    def __init__(self, key: str, syntax: Syntax, path: Path | None) -> None:
        self.key = key
        self.syntax = syntax
        self.path = path
        self.imports: dict[str, tuple[str, str, Node]] = {}  # local -> (source, imported, node)
        self.exports: dict[str, tuple[str, str]] = {}  # exported -> ("local", name) | (src, name)
        self.stars: list[str] = []
        self.default: Node | None = None
        self.assigned: set[str] = set()  # names changed after their declaration (mutations.py)
        # arrays a `push` right after their declaration adds to (mutations.py)
        self.appended: dict[str, tuple[int, list[Node]]] = {}
        self.esm = False  # has an ES `export` statement (then `exports` is not its exports)
        # CommonJS: `module.exports = value` (or TypeScript's `export = value`), the
        # `exports.name = value` / `module.exports.name = value` that stay visible after it, and
        # why the exports cannot be read when they change other than at the top level
        self.cjs_whole: Node | None = None
        self.cjs_named: dict[str, Node] = {}
        self.cjs_dynamic: tuple[str, Node] | None = None
        self._enum_exports: set[int] = set()  # tsc's `(Kind || (exports.Kind = Kind = {}))`
        self._index()

    @property
    def commonjs(self) -> bool:
        """Whether the file exports the CommonJS way (an ES module has no ``exports``)."""
        return not self.esm and (self.cjs_whole is not None or bool(self.cjs_named)
                                 or self.cjs_dynamic is not None)

    def _index(self) -> None:
        for statement in self.syntax.root.named_children:
            if statement.type == "import_statement":
                self._import(statement)
            elif statement.type == "export_statement":
                self._export(statement)
            elif statement.type == "expression_statement":
                self._commonjs_statement(statement)
                self._compiled_enum_exports(statement)
            elif statement.type in ("lexical_declaration", "variable_declaration"):
                self._required(statement)
        syntax = self.syntax
        top_level = {node.id for s in syntax.root.named_children
                     if s.type == "expression_statement" and s.named_children
                     for node in _chain(s.named_children[0])} | self._enum_exports
        for node in syntax.searched("assignment_expression"):
            if node.id not in top_level and self.cjs_dynamic is None:
                left = node.child_by_field_name("left")
                if left is not None and _exports_target(syntax, left) is not None:
                    self.cjs_dynamic = ("the exports are changed inside a block or a function",
                                        node)
        self.appended = appended_on_declaration(syntax)
        self.assigned = changed_names(syntax, frozenset(
            call.id for _, calls in self.appended.values() for call in calls))
        for node in syntax.searched("call_expression"):
            function = node.child_by_field_name("function")
            if function is not None and function.type == "member_expression" and \
                    syntax.source(function) == "Object.assign":
                args = node.child_by_field_name("arguments")
                first = args.named_children[0] if args and args.named_children else None
                if first is not None and self.cjs_dynamic is None and \
                        _exports_target(syntax, first) in (("whole", ""), ("alias", "")):
                    self.cjs_dynamic = ("the exports are assigned with `Object.assign`", node)
            elif function is not None and function.type == "member_expression" and \
                    syntax.source(function) == "Object.defineProperty":
                args = node.child_by_field_name("arguments")
                parts = [a for a in (args.named_children if args else []) if a.type != "comment"]
                if len(parts) >= 2 and _exports_target(syntax, parts[0]) in (("whole", ""),
                                                                             ("alias", "")):
                    name = unquote(syntax, parts[1])
                    defined = _defined_export(syntax, node) if node.parent is not None and (
                        node.parent.type == "expression_statement") and (
                        node.parent.parent == syntax.root) else None
                    if defined is not None:  # tsc's re-export: the expression its getter gives
                        self.cjs_named[defined[1]] = defined[2]
                    elif name != "__esModule":  # what compilers mark their output with
                        # a getter or a value the reader does not follow: the call is the export
                        self.cjs_named[name or ""] = node
                        if name is None and self.cjs_dynamic is None:
                            self.cjs_dynamic = ("an export defined under a computed name", node)

    def _commonjs_statement(self, statement: Node) -> None:
        """``module.exports = …``, ``exports.x = …``, ``module.exports.x = …`` at the top level,
        in the order they run: after ``module.exports`` is replaced, ``exports.x`` writes to the
        object no importer sees any more."""
        first = statement.named_children[0] if statement.named_children else None
        if first is not None and first.type == "call_expression":
            star = _star_reexport(self.syntax, first)
            if star is not None:
                self.stars.append(star)
            return
        if first is None or first.type != "assignment_expression":
            return
        # `exports.a = exports.b = void 0;` (tsc's first line of every module of two exports
        # or more): each target of the chain, in the order they are written, gets its value
        chain = _chain(first)
        right = chain[-1].child_by_field_name("right")
        for expression in chain:
            self._commonjs_assignment(expression, right)

    def _compiled_enum_exports(self, statement: Node) -> None:
        """tsc's CommonJS enum, `(function (Kind) {...})(Kind || (exports.Kind = Kind = {}))`:
        the export is the enum the function fills (read through the local name), not an export
        changed inside an expression."""
        call = statement.named_children[0] if statement.named_children else None
        found = filled(self.syntax, call) if call is not None else None
        if found is None:
            return
        local, right = found
        for assignment in _chain(right):
            target = assignment.child_by_field_name("left")
            exported = _exports_target(self.syntax, target) if target is not None else None
            if exported is not None and exported[0] in ("exports", "module") and (
                    exported[0] == "module" or self.cjs_whole is None):
                self.cjs_named[exported[1]] = local
                self._enum_exports.add(assignment.id)

    def _commonjs_assignment(self, expression: Node, right: Node | None) -> None:
        left = expression.child_by_field_name("left")
        target = _exports_target(self.syntax, left) if left is not None else None
        if target is None or right is None:
            return
        kind, name = target
        if kind == "alias":
            self.cjs_dynamic = ("the `exports` variable is given another object", expression)
        elif kind == "whole":
            self.cjs_whole = right
            self.cjs_named = {}
        elif kind == "computed":
            self.cjs_dynamic = ("an export assigned under a computed name", expression)
        elif kind == "module" or self.cjs_whole is None:
            self.cjs_named[name] = right

    def _required(self, declaration: Node) -> None:
        """``const { McpServer } = require("…")`` and ``const z = require("zod")`` at the top
        level count as imports (the SDK and Zod are recognised the same way)."""
        for declarator in declaration.named_children:
            if declarator.type != "variable_declarator":
                continue
            target = declarator.child_by_field_name("name")
            value = declarator.child_by_field_name("value")
            source = required_source(self.syntax, value) if value is not None else None
            if target is None or source is None:
                continue
            if target.type == "identifier":
                self.imports.setdefault(self.syntax.source(target), (source, "*", target))
            elif target.type == "object_pattern":
                for part in target.named_children:
                    if part.type == "shorthand_property_identifier_pattern":
                        local = imported = self.syntax.source(part)
                        self.imports.setdefault(local, (source, imported, part))
                    elif part.type == "pair_pattern":
                        key = part.child_by_field_name("key")
                        alias = part.child_by_field_name("value")
                        if key is not None and alias is not None and alias.type == "identifier":
                            self.imports.setdefault(self.syntax.source(alias), (
                                source, _name_text(self.syntax, key), alias))

    def _import(self, statement: Node) -> None:
        source_node = statement.child_by_field_name("source")
        require = next((c for c in statement.named_children
                        if c.type == "import_require_clause"), None)
        if require is not None:  # TypeScript's `import x = require("y")`
            name = next((c for c in require.named_children if c.type == "identifier"), None)
            source_node = next((c for c in require.named_children if c.type == "string"), None)
            source = unquote(self.syntax, source_node) if source_node is not None else None
            if name is not None and source is not None:
                self.imports[self.syntax.source(name)] = (source, "*", name)
            return
        if source_node is None:
            return
        source = unquote(self.syntax, source_node) or ""
        clause = next((c for c in statement.named_children if c.type == "import_clause"), None)
        if clause is None:
            return
        for part in clause.named_children:
            if part.type == "identifier":
                self.imports[self.syntax.source(part)] = (source, "default", part)
            elif part.type == "namespace_import":
                name = next((c for c in part.named_children if c.type == "identifier"), None)
                if name is not None:
                    self.imports[self.syntax.source(name)] = (source, "*", name)
            elif part.type == "named_imports":
                for spec in part.named_children:
                    if spec.type != "import_specifier":
                        continue
                    name = spec.child_by_field_name("name")
                    alias = spec.child_by_field_name("alias") or name
                    if name is not None and alias is not None:
                        self.imports[self.syntax.source(alias)] = (
                            source, _name_text(self.syntax, name), alias)

    def _export(self, statement: Node) -> None:
        if any(c.type == "=" for c in statement.children):  # TypeScript's `export = value`
            value = statement.named_children[-1] if statement.named_children else None
            if value is not None:
                self.cjs_whole = value
                self.cjs_named = {}
            return
        self.esm = True
        source_node = statement.child_by_field_name("source")
        source = unquote(self.syntax, source_node) if source_node is not None else None
        declaration = statement.child_by_field_name("declaration")
        if declaration is not None:
            for name in _declared_names(self.syntax, declaration):
                self.exports[name] = ("local", name)
            return
        value = statement.child_by_field_name("value")
        if value is not None:
            self.default = value
            return
        clause = next((c for c in statement.named_children if c.type == "export_clause"), None)
        if clause is None:
            namespace = next((c for c in statement.named_children
                              if c.type == "namespace_export"), None)
            if source is not None and namespace is not None:  # `export * as ns from "…"`
                last = namespace.named_children[-1] if namespace.named_children else None
                if last is not None:
                    self.exports[_name_text(self.syntax, last)] = (source, "*")
            elif source is not None and any(c.type == "*" for c in statement.children):
                self.stars.append(source)
            return
        for spec in clause.named_children:
            if spec.type != "export_specifier":
                continue
            named = spec.child_by_field_name("name")
            alias = spec.child_by_field_name("alias") or named
            if named is None or alias is None:
                continue
            local = _name_text(self.syntax, named)
            exported = _name_text(self.syntax, alias)
            self.exports[exported] = (source, local) if source is not None else ("local", local)


# the helpers compilers wrap a `require` in when they turn `import * as z from "zod"` into
# CommonJS (esbuild's `__toESM`, tsc's `__importStar` and `__importDefault`): for a package
# compiled as an ES module (`__esModule`, as the SDK and Zod are) each gives its namespace
INTEROP_HELPERS = frozenset(("__toESM", "__importStar", "__importDefault"))


def interop_required(syntax: Syntax, value: Node) -> Node | None:
    """The ``require("…")`` call a compiler's interop helper wraps (``__toESM(require("zod"))``,
    ``__importStar(require("zod"))``); None for anything else."""
    if value.type != "call_expression":
        return None
    function = value.child_by_field_name("function")
    args = value.child_by_field_name("arguments")
    if function is None or function.type != "identifier" or syntax.source(
            function) not in INTEROP_HELPERS or args is None:
        return None
    parts = [a for a in args.named_children if a.type != "comment"]
    if not parts or len(parts) > 2 or parts[0].type != "call_expression":
        return None  # (esbuild passes a second argument: whether Node runs it as a module)
    return parts[0] if required_source(syntax, parts[0]) is not None else None


_STAR_HELPERS = frozenset(("__exportStar",))
# what every Zod 3 release holds and a bundler keeps as it is: the kinds of its schemas
_BUNDLED_ZOD = "ZodFirstPartyTypeKind"


def _star_reexport(syntax: Syntax, call: Node) -> str | None:
    """The module tsc's CommonJS `export * from "./x"` passes on:
    `__exportStar(require("./x"), exports)` (or `tslib.__exportStar`); None for any other
    call."""
    function = call.child_by_field_name("function")
    if function is not None and function.type == "member_expression":
        function = function.child_by_field_name("property")  # `tslib.__exportStar`
    name = syntax.source(function) if function is not None and function.type in (
        "identifier", "property_identifier") else None
    args = call.child_by_field_name("arguments")
    if name not in _STAR_HELPERS or args is None:
        return None
    parts = [a for a in args.named_children if a.type != "comment"]
    if not any(_exports_target(syntax, part) in (("whole", ""), ("alias", ""))
               for part in parts):
        return None  # passed on to another object than the file's exports
    return next((source for part in parts if (source := required_source(syntax, part))), None)


def _defined_export(syntax: Syntax, call: Node) -> tuple[str, str, Node] | None:
    """tsc's CommonJS `export { X } from "./y"`: `Object.defineProperty(exports, "X", {
    enumerable: true, get: function () { return y_1.X; } })` (or a `value:`): whose exports
    (``exports`` or ``module``), the name, and the expression the export gives; None for any
    other call (a getter of several returns, a computed name, another object's property)."""
    function = call.child_by_field_name("function")
    args = call.child_by_field_name("arguments")
    if function is None or args is None or syntax.source(function).replace(
            " ", "") != "Object.defineProperty":
        return None
    parts = [a for a in args.named_children if a.type != "comment"]
    owner = _exports_target(syntax, parts[0]) if len(parts) == 3 else None
    name = unquote(syntax, parts[1]) if owner is not None and parts[1].type == "string" else None
    if owner not in (("whole", ""), ("alias", "")) or name is None or name == "__esModule" or (
            parts[2].type != "object"):
        return None
    given: Node | None = None
    for pair in parts[2].named_children:
        key = pair.child_by_field_name("key") if pair.type == "pair" else None
        value = pair.child_by_field_name("value") if key is not None else None
        if key is None or value is None:
            continue
        if syntax.source(key) == "value":
            given = value
        elif syntax.source(key) == "get" and value.type in ("function_expression", "function",
                                                            "arrow_function"):
            given = returned_expression(value)
            if given is None:
                return None
    return ("module" if owner == ("whole", "") else "exports", name, given) if (
        given is not None) else None


def required_source(syntax: Syntax, value: Node) -> str | None:
    """The module a ``require("…")`` call names, itself or wrapped in a compiler's interop
    helper (None for anything else)."""
    if value.type != "call_expression":
        return None
    wrapped = interop_required(syntax, value)
    if wrapped is not None:
        value = wrapped
    function = value.child_by_field_name("function")
    args = value.child_by_field_name("arguments")
    if function is None or function.type != "identifier" or syntax.source(function) != \
            "require" or args is None:
        return None
    parts = [a for a in args.named_children if a.type != "comment"]
    return unquote(syntax, parts[0]) if len(parts) == 1 else None


def _creates_require(syntax: Syntax, value: Node) -> bool:
    if value.type != "call_expression":
        return False
    function = value.child_by_field_name("function")
    return function is not None and syntax.source(function) in ("createRequire",
                                                                 "module.createRequire")


def _dynamic_exports(module: ModuleInfo, span: Span) -> Unknown | None:
    """Why a CommonJS module's exports cannot be read, when they change at run time."""
    if module.cjs_dynamic is None:
        return None
    reason, _node = module.cjs_dynamic
    return Unknown(f"{reason} in `{Path(module.key).name}`", span)


def _chain(expression: Node) -> list[Node]:
    """The assignments of `a = b = c = value`, outermost first (only ``expression`` when it is
    not an assignment of an assignment)."""
    chain = [expression]
    while True:
        right = chain[-1].child_by_field_name("right") if chain[-1].type == (
            "assignment_expression") else None
        if right is None or right.type != "assignment_expression":
            return chain
        chain.append(right)


def _exports_target(syntax: Syntax, node: Node) -> tuple[str, str] | None:
    """What an assignment's left side exports: ``("whole", "")`` for ``module.exports``,
    ``("alias", "")`` for the ``exports`` variable itself, ``("exports" | "module", name)`` for
    a property of either, ``("computed", "")`` for a property named at run time; None for
    anything else."""
    def whole(target: Node) -> str | None:
        text = syntax.source(target)
        if target.type == "identifier" and text == "exports":
            return "exports"
        if target.type == "member_expression" and text.replace(" ", "") == "module.exports":
            return "module"
        return None

    owned = whole(node)
    if owned is not None:
        return ("whole", "") if owned == "module" else ("alias", "")
    if node.type not in ("member_expression", "subscript_expression"):
        return None
    target = node.child_by_field_name("object")
    owner = whole(target) if target is not None else None
    if owner is None:
        return None
    if node.type == "member_expression":
        name = node.child_by_field_name("property")
        return (owner, syntax.source(name)) if name is not None else None
    index = node.child_by_field_name("index")
    key = unquote(syntax, index) if index is not None else None
    return (owner, key) if key is not None else ("computed", "")


def _name_text(syntax: Syntax, node: Node) -> str:
    """An import or export name (``import { "a-b" as x }`` names one with a string)."""
    if node.type != "string":
        return syntax.source(node)
    text = unquote(syntax, node)
    return text if text is not None else syntax.source(node)


# the methods of Zod's object schemas alone (Zod 3 and 4): called on any other schema — what
# `.optional()`, `.array()` or Zod 3's `.refine()` return — they are not functions
OBJECT_METHODS = frozenset((
    "pick", "omit", "extend", "merge", "partial", "required", "strict", "passthrough", "strip",
    "catchall", "keyof", "safeExtend", "loose", "deepPartial", "setKey", "augment"))


def _missing_method(syntax: Syntax, callee: Node, target: Z, name: str, *, span: Span,
                    key: str) -> Value | None:
    """A call of an object's method on another kind of schema: Node throws TypeError when the
    module runs, naming the callee as V8 prints it (``O.optional(...).extend is not a
    function``). None where portlint does not know how V8 prints it."""
    printed = _v8_printed(syntax, callee)
    if printed is None:
        return None
    kind = ("what Zod 3's `.refine()` and `.transform()` return" if target.type == "effects"
            else f"a Zod {target.type}")
    return Thrown(f"Node throws TypeError \"{printed} is not a function\" when the module runs "
                  f"(`.{name}()` is a method of object schemas; this is {kind}), so the server "
                  "stops before it lists any tool", span, key)


def _v8_printed(syntax: Syntax, node: Node) -> str | None:
    """An expression as V8 prints a callee in its errors: names and properties as written,
    each call's arguments as ``(...)``."""
    t = node.type
    if t in ("identifier", "this"):
        return syntax.source(node)
    if t in ("parenthesized_expression", "as_expression", "satisfies_expression",
             "non_null_expression", "type_assertion") and node.named_children:
        # TypeScript's casts are erased before Node runs the code; V8 drops the parentheses
        inner = node.named_children[-1] if t == "type_assertion" else node.named_children[0]
        return _v8_printed(syntax, inner)
    if t == "member_expression":
        target, name = node.child_by_field_name("object"), node.child_by_field_name("property")
        if target is None or name is None or name.type != "property_identifier":
            return None
        printed = _v8_printed(syntax, target)
        return None if printed is None else f"{printed}.{syntax.source(name)}"
    if t == "call_expression":
        function = node.child_by_field_name("function")
        printed = _v8_printed(syntax, function) if function is not None else None
        return None if printed is None else printed + "(...)"
    return None


def _object_listing(name: str, value: Value, span: Span, key: str) -> Value:
    """``Object.entries``, ``Object.values`` or ``Object.keys`` of an object literal: its
    entries as ``[key, value]`` arrays, its values, its keys."""
    if isinstance(value, Unknown):
        return value
    if not isinstance(value, Obj):
        return Unknown(f"`Object.{name}` of a value that is not an object literal", span, key)
    listed: list[Value] = []
    for entry in value.entries():
        text = Lit(entry.key, entry.key_span, key)
        listed.append(text if name == "keys" else entry.value if name == "values" else
                      Arr([text, entry.value], entry.key_span, key))
    return Arr(listed, span, key)


def _binds(syntax: Syntax, node: Node, name: str) -> bool:
    """Whether a `for (... of/in ...)` statement's variable, or a `catch` clause's parameter,
    binds ``name`` (a plain name or one inside a destructuring pattern)."""
    target = node.child_by_field_name("left" if node.type == "for_in_statement" else "parameter")
    if target is None:
        return False
    return any(child.type in ("identifier", "shorthand_property_identifier_pattern")
               and syntax.source(child) == name for child in _descendants(target))


def _descendants(node: Node) -> list[Node]:
    """The nodes of a binding pattern that may be names it binds: not the default values of
    `x = value`."""
    found = [node]
    pending = list(node.named_children)
    while pending:
        child = pending.pop()
        found.append(child)
        if child.type in ("assignment_pattern", "object_assignment_pattern"):
            left = child.child_by_field_name("left")
            pending.extend([left] if left is not None else [])
        else:
            pending.extend(child.named_children)
    return found


def _annotation(syntax: Syntax, parameter: Node) -> str:
    """The type written on a parameter; ``""`` for none and for ``any``/``unknown``, which
    say nothing of what it is."""
    annotation = next((c for c in parameter.named_children if c.type == "type_annotation"),
                      None)
    written = syntax.source(annotation).lstrip(":").strip() if annotation is not None else ""
    return "" if written in ("any", "unknown") else written


def _declared_names(syntax: Syntax, declaration: Node) -> list[str]:
    if declaration.type in ("lexical_declaration", "variable_declaration"):
        names = []
        for declarator in declaration.named_children:
            name = declarator.child_by_field_name("name")
            if name is not None and name.type == "identifier":
                names.append(syntax.source(name))
            elif name is not None and name.type == "object_pattern":  # `export const { a } = o`
                for part in name.named_children:
                    local = part if part.type == "shorthand_property_identifier_pattern" else (
                        part.child_by_field_name("value") if part.type == "pair_pattern"
                        else None)
                    if local is not None and local.type in (
                            "identifier", "shorthand_property_identifier_pattern"):
                        names.append(syntax.source(local))
        return names
    name = declaration.child_by_field_name("name")
    return [syntax.source(name)] if name is not None else []


Note = Callable[[str, Span], None]


class Evaluator:
    """Evaluates expressions of one file being read and of the project files it imports."""

    def __init__(self, main: ModuleInfo, project: Project, hidden: Note,
                 loader: Callable[[Path], ModuleInfo | None]) -> None:
        self.main = main
        self.project = project
        self.hidden = hidden
        self.loader = loader
        self.memo: dict[tuple[str, int] | tuple[str, int, int], Value] = {}
        # the names a loop or a function binds to values the code gives it, while one of those
        # values is read (tools.ToolFinder unrolls a registration in a loop or a helper): by
        # (module, the binding node), the names and their values; `binding` counts the sets
        # given, so that a declaration under a bound node is read once per set
        self.bound: dict[tuple[str, int], dict[str, Value]] = {}
        self.binding = 0
        self.scopes: dict[tuple[str, int], dict[str, tuple[Node, Node | None]]] = {}
        self.active: set[tuple[str, int] | tuple[str, int, int]] = set()
        # the declarations being read when each function Zod calls later (a getter of a shape,
        # the function given to `z.lazy`) being read was entered, innermost last: it runs
        # after they have their values, so it may name them (a Forward)
        self.deferred: list[frozenset[tuple[str, int] | tuple[str, int, int]]] = []
        self.forwards: dict[tuple[str, int] | tuple[str, int, int], Forward] = {}
        self.builders: dict[tuple[str, str], Builder] = {}
        self.foreign: dict[int, Span] = {}  # a value from another file -> where it is used here
        self.modules: dict[str, ModuleInfo] = {main.key: main}
        self.depth = 0
        self.pending: list[str] = []  # hidden constraints met in another file, not yet placed
        # no version read: Zod 3 only where the SDK's own dependency says so (before 1.23 it
        # required zod ^3); otherwise which major converts the schemas is not known
        sdk = project.version("@modelcontextprotocol/sdk")
        implied = (3, 0, 0) if sdk is not None and sdk < (1, 23, 0) and \
            project.version("@modelcontextprotocol/server") is None else None
        self.zod_known = project.version("zod") is not None or implied is not None
        self.zod_release = project.version("zod") or implied or (0, 0, 0)
        self.zod_major = self.zod_release[0]
        self.zod_version = (project.installed["zod"].version if "zod" in project.installed
                            else "")

    # -- entry points ------------------------------------------------------------------------

    def evaluate(self, node: Node, module: ModuleInfo | None = None) -> Value:
        module = module or self.main
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH:
                return Unknown("the expression is nested too deeply", module.syntax.span(node),
                               self._key(module))
            value = self._evaluate(node, module)
        except Unsupported as error:
            kind = Thrown if isinstance(error, DefinitionThrows) else Unknown
            span = error.span
            if error.value is not None and error.value.module != self._key(module):
                # about a value of another module: its span is an offset into that module's
                # text; said here, where it is used (or at this expression)
                span = self.foreign.get(id(error.value), module.syntax.span(node))
            value = kind(error.reason, span, self._key(module))
        except RecursionError:
            value = Unknown("the expression is nested too deeply", module.syntax.span(node),
                            self._key(module))
        finally:
            self.depth -= 1
        if module is self.main and value.module:
            here = module.syntax.span(node)
            self.foreign.setdefault(id(value), here)
            for reason in self.pending:
                self.hidden(reason + " (in the imported schema)", here)
            self.pending = []
        return value

    def _key(self, module: ModuleInfo) -> str:
        return "" if module is self.main else module.key

    def key_of(self, module: ModuleInfo) -> str:
        """The module key values read in ``module`` carry ("" for the file being read)."""
        return self._key(module)

    def span(self, node: Node, module: ModuleInfo) -> Span:
        return module.syntax.span(node)

    # -- expressions -------------------------------------------------------------------------

    def _evaluate(self, node: Node, module: ModuleInfo) -> Value:
        t = node.type
        syntax = module.syntax
        span = syntax.span(node)
        key = self._key(module)
        if t in _WRAPPERS:
            inner = node.named_children[0] if node.named_children else None
            if t == "type_assertion":
                inner = node.named_children[-1] if node.named_children else None
            return self.evaluate(inner, module) if inner is not None else Unknown("empty", span)
        if t == "sequence_expression":  # `(0, helpers_1.toJsonSchema)`: tsc's call of an import
            operands = node.named_children
            if operands and all(o.type in _PURE_OPERANDS for o in operands[:-1]):
                return self.evaluate(operands[-1], module)
            return Unknown("a sequence expression whose first operands do more than give a "
                           "value", span, key)
        if t in ("string", "template_string"):
            text = unquote(syntax, node)
            if text is None and t == "string":
                return Unknown(f"a string JavaScript refuses: {refused_escape(syntax, node)}",
                               span, key)
            if text is None:
                return self._template(node, module, span)
            return Lit(text, span, key)
        if t == "number":
            number = _js_number(syntax.source(node))
            if number is None:
                return Unknown("a BigInt literal", span, key)
            return Lit(number, span, key)
        if t in ("true", "false"):
            return Lit(t == "true", span, key)
        if t == "null":
            return Lit(None, span, key)
        if t == "undefined":
            return Undefined(span, key)
        if t == "object":
            return self._object(node, module, span)
        if t == "array":
            items = self._items(node, module)
            return items if isinstance(items, Unknown) else Arr(items, span, key)
        if t == "regex":
            pattern = node.child_by_field_name("pattern")
            flags = node.child_by_field_name("flags")
            return Regex(syntax.source(pattern) if pattern is not None else "",
                         syntax.source(flags) if flags is not None else "", span, key)
        if t in FUNCTION_TYPES:
            return Function(node, span, key)
        if t == "unary_expression":
            return self._unary(node, module, span)
        if t == "binary_expression":
            return self._binary(node, module, span)
        if t == "identifier":
            found = self.lookup(syntax.source(node), node, module)
            return found.named_at(span) if isinstance(found, Forward) else found
        if t == "member_expression":
            return self._member(node, module, span)
        if t == "subscript_expression":
            index = node.child_by_field_name("index")
            if index is None:
                return Unknown("an index", span, key)
            found = self.evaluate(index, module)
            if not isinstance(found, Lit) or not isinstance(found.value, (str, int, float)):
                return Unknown("an index computed at run time", span, key)
            target = self.evaluate(node.child_by_field_name("object"), module)  # type: ignore
            return self._property(target, _js_key(found.value), span, module)
        if t == "call_expression":
            return self._call(node, module, span)
        if t == "new_expression":
            constructor = node.child_by_field_name("constructor")
            made = self.evaluate(constructor, module) if constructor is not None else None
            if isinstance(made, Export) and made.name in ("McpServer", "Server"):
                return Instance(made.kind + ":" + made.name, span, key)
            if isinstance(made, JsGlobal) and made.name == "RegExp":
                regex = self._regexp(node, module, span)
                if regex is not None:
                    return regex
            return Unknown("an object made with `new`", span, key)
        if t == "ternary_expression":
            return self._either(node, module, span)
        if t == "await_expression":
            return Unknown("a value awaited at run time", span, key)
        if t == "this":  # `this.getAllTools()` (@ivotoby/openapi-mcp-server)
            return Unknown("`this`, the object a method is called on, known only when it is "
                           "called", span, key)
        return Unknown(f"a {t.replace('_', ' ')}", span, key)

    def _regexp(self, node: Node, module: ModuleInfo, span: Span) -> Regex | None:
        """`new RegExp("^[a-z]+$")` (and a flags string): the regular expression a literal
        `/^[a-z]+$/` is. None when its source is not that string as written — a `/` (which
        `source` escapes), a line break, an empty pattern (`(?:)`) — or is not a string."""
        arguments = node.child_by_field_name("arguments")
        given = [self.evaluate(a, module) for a in (
            arguments.named_children if arguments is not None else []) if a.type != "comment"]
        texts = [g.value for g in given if isinstance(g, Lit) and isinstance(g.value, str)]
        if not texts or len(texts) > 2 or len(texts) != len(given):
            return None
        pattern, flags = texts[0], texts[1] if len(texts) == 2 else ""
        if not pattern or any(c in pattern for c in "/\n\r\u2028\u2029"):
            return None
        return Regex(pattern, flags, span, self._key(module))

    def _either(self, node: Node, module: ModuleInfo, span: Span) -> Value:
        """``flag ? listA : listB`` of two lists: some of their items (each item of the second
        that is the first's, or names a tool the first names, once); anything else is chosen
        at run time."""
        key = self._key(module)
        branches = [node.child_by_field_name(f) for f in ("consequence", "alternative")]
        values = [self.evaluate(b, module) if b is not None else None for b in branches]
        if not all(isinstance(v, (Arr, Some)) for v in values):
            return Unknown("a value chosen at run time (`? :`)", span, key)
        items: list[Value] = []
        for value in values:
            assert isinstance(value, (Arr, Some))
            kept = {id(i) for i in items}
            named = {literal_name(i) for i in items} - {None}
            items.extend(i for i in value.items
                         if id(i) not in kept and literal_name(i) not in named)
        return Some(items, "chosen at run time (`? :`)", span, key)

    def _substitutions(self, module: ModuleInfo, unknown: list[Node]
                       ) -> Callable[[Node], str | None]:
        """What a template's ``${...}`` gives: the string of a value known statically; None
        (and the substitution noted in ``unknown``) for any other."""
        def substitute(child: Node) -> str | None:
            inner = child.named_children[0] if child.named_children else None
            value = self.evaluate(inner, module) if inner is not None else None
            if not isinstance(value, Lit):
                unknown.append(child)
                return None
            return _js_string(value.value)
        return substitute

    def _template(self, node: Node, module: ModuleInfo, span: Span) -> Value:
        unknown: list[Node] = []
        text = cooked_template(module.syntax, node, self._substitutions(module, unknown))
        if text is not None:
            return Lit(text, span, self._key(module))
        if unknown:
            return Unknown("a template string with a value known only at run time", span,
                           self._key(module))
        return Unknown(f"a string JavaScript refuses: "
                       f"{refused_escape(module.syntax, node)}", span, self._key(module))

    def _tagged(self, tag: Node, template: Node, module: ModuleInfo, span: Span) -> Value:
        """A tagged template: ``String.raw`` gives the raw strings with the substitutions; any
        other tag returns whatever its function makes of them."""
        key = self._key(module)
        target = tag.child_by_field_name("object") if tag.type == "member_expression" else None
        prop = tag.child_by_field_name("property") if tag.type == "member_expression" else None
        if target is None or prop is None or module.syntax.source(prop) != "raw" or not (
                isinstance(found := self.evaluate(target, module), Export)
                and found.kind == "global" and found.name == "String"):
            return Unknown(f"a tagged template (tag `{module.syntax.source(tag)[:40]}`): its "
                           "value is whatever the tag function returns", span, key)
        text = raw_template(module.syntax, template, self._substitutions(module, []))
        if text is None:
            return Unknown("a template string with a value known only at run time", span, key)
        return Lit(text, span, key)

    def _unary(self, node: Node, module: ModuleInfo, span: Span) -> Value:
        operator = node.child_by_field_name("operator")
        argument = node.child_by_field_name("argument")
        op = module.syntax.source(operator) if operator is not None else ""
        if op == "void":
            return Undefined(span, self._key(module))
        value = self.evaluate(argument, module) if argument is not None else None
        if isinstance(value, Lit):
            if op == "-" and isinstance(value.value, (int, float)) and not isinstance(
                    value.value, bool):
                return Lit(-value.value, span, self._key(module))
            if op == "+" and isinstance(value.value, (int, float)):
                return Lit(+value.value, span, self._key(module))
            if op == "!":
                return Lit(not value.value, span, self._key(module))
        return Unknown(f"a `{op}` expression", span, self._key(module))

    def _binary(self, node: Node, module: ModuleInfo, span: Span) -> Value:
        operator = node.child_by_field_name("operator")
        op = module.syntax.source(operator) if operator is not None else ""
        left = self.evaluate(node.child_by_field_name("left"), module)  # type: ignore[arg-type]
        right = self.evaluate(node.child_by_field_name("right"), module)  # type: ignore
        if op == "+" and isinstance(left, Lit) and isinstance(right, Lit):
            if isinstance(left.value, str) or isinstance(right.value, str):
                return Lit(_js_string(left.value) + _js_string(right.value), span,
                           self._key(module))
            if _is_number(left.value) and _is_number(right.value):
                return Lit(left.value + right.value, span, self._key(module))  # type: ignore
        if op in ("*", "-", "/") and isinstance(left, Lit) and isinstance(right, Lit) and \
                _is_number(left.value) and _is_number(right.value):
            a, b = left.value, right.value
            assert isinstance(a, (int, float)) and isinstance(b, (int, float))
            if op == "/":
                if b == 0:
                    return Unknown("a division by zero", span, self._key(module))
                result: float | int = a / b
                if isinstance(result, float) and result.is_integer():
                    result = int(result)
            else:
                result = a * b if op == "*" else a - b
            return Lit(result, span, self._key(module))
        if op == "??" and (nullish := _nullish(left)) is not None:
            return right if nullish else left
        unknown = next((side for side in (left, right) if isinstance(side, Unknown)), None)
        if unknown is not None:  # what is not known of it, not only that it is an expression
            return UnknownOperation(op, unknown.cause if isinstance(
                unknown, UnknownOperation) else unknown.reason, span, self._key(module))
        return Unknown(f"a `{op}` expression", span, self._key(module))

    def _object(self, node: Node, module: ModuleInfo, span: Span) -> Value:
        syntax = module.syntax
        obj = Obj(span, self._key(module))
        for child in node.named_children:
            if child.type == "pair":
                key_node = child.child_by_field_name("key")
                value_node = child.child_by_field_name("value")
                if key_node is None or value_node is None:
                    continue
                key = self._key_name(key_node, module)
                if key is None:
                    return Unknown(f"a key JavaScript refuses: {refused_escape(syntax, key_node)}"
                                   if key_node.type == "string" else
                                   "an object with a key computed at run time",
                                   syntax.span(key_node), self._key(module))
                obj.set(Entry(key, syntax.span(key_node), self.evaluate(value_node, module)))
            elif child.type == "shorthand_property_identifier":
                name = syntax.source(child)
                obj.set(Entry(name, syntax.span(child), self.lookup(name, child, module)))
            elif child.type == "spread_element":
                obj.literal = False
                inner = child.named_children[0] if child.named_children else None
                spread = self.evaluate(inner, module) if inner is not None else None
                if isinstance(spread, Obj) and is_conversion(spread) and is_conversion(obj):
                    return Unknown("the results of two `zodToJsonSchema` calls spread into one "
                                   "object", syntax.span(child), self._key(module))
                if isinstance(spread, Obj):
                    for entry in spread.entries():
                        obj.set(entry)
                elif isinstance(spread, (Undefined,)) or (isinstance(spread, Lit)
                                                          and spread.value is None):
                    continue
                elif inner is not None and (
                        maybe := self._conditional_keys(inner, module)) is not None:
                    # `...(ro && { annotations })`: these keys are set or not at run time
                    said = f"`{shown_text(syntax.source(inner), 50)}`, set or not at run time"
                    for name in maybe:
                        obj.set(Entry(name, syntax.span(child),
                                      Unknown(said, syntax.span(child), self._key(module))))
                else:
                    reason = spread.reason if isinstance(spread, Unknown) else \
                        "a spread of something that is not an object literal"
                    return Unknown(reason, syntax.span(child), self._key(module))
            elif child.type == "method_definition":
                name_node = child.child_by_field_name("name")
                accessor = {c.type for c in child.children} & {"get", "set"}
                method = self._key_name(name_node, module) if name_node is not None else None
                if accessor == {"get"} and method is not None:
                    assert name_node is not None
                    obj.set(Entry(method, syntax.span(name_node),
                                  self._getter(child, module), syntax.span(child)))
                elif not accessor and method is not None:
                    assert name_node is not None
                    obj.set(Entry(method, syntax.span(name_node),
                                  Function(child, syntax.span(child), self._key(module))))
                else:
                    return Unknown("an object with a setter" if "set" in accessor else
                                   "a method whose name is not known", syntax.span(child),
                                   self._key(module))
        return obj

    def _getter(self, method: Node, module: ModuleInfo) -> Value:
        """What a getter of an object literal gives (``get children() { return
        z.array(Node); }``, Zod 4's way to a recursive shape): the expression it returns. It
        runs after the declarations being read have their values: one it names is a
        :class:`Forward` (a recursive schema)."""
        with self._called_later():
            return self._returned_value(method, module, "a getter that", "a getter returning a "
                                        "schema that contains the object it is in")[0]

    @contextmanager
    def _called_later(self) -> Iterator[None]:
        """Reading a function Zod calls after the declarations being read have their values."""
        self.deferred.append(frozenset(self.active))
        try:
            yield
        finally:
            self.deferred.pop()

    def _returned_value(self, function: Node, module: ModuleInfo, what: str, recursive: str,
                        at: Span | None = None) -> tuple[Value, Node | None]:
        """What ``function`` returns, read as any expression, and that expression (None: it
        does not return one). A value that reaches the declaration being read — the function's
        schema contains itself — is said as ``recursive``, a recursive schema not derived, at
        ``at`` (else where it reaches itself)."""
        returned = returned_expression(function)
        if returned is None:
            return Unknown(f"{what} does not return one expression",
                           module.syntax.span(function), self._key(module)), None
        value = self.evaluate(returned, module)
        if isinstance(value, Unknown) and value.reason.startswith(SELF_REFERENCE):
            return Unknown(f"{recursive} (a recursive schema) is not derived",
                           value.span if at is None else at, self._key(module)), returned
        return value, returned

    def _conditional_keys(self, node: Node | None, module: ModuleInfo) -> list[str] | None:
        """The keys a spread of `cond && { ... }` or `cond ? { ... } : { ... }` may set (its
        branches object literals, `undefined` or `null`); None for any other spread."""
        while node is not None and node.type == "parenthesized_expression":
            node = node.named_children[0] if node.named_children else None
        if node is None:
            return None
        branches: list[Node | None]
        if node.type == "binary_expression" and module.syntax.source(
                node.child_by_field_name("operator")) == "&&":  # type: ignore[arg-type]
            branches = [node.child_by_field_name("right")]
        elif node.type == "ternary_expression":
            branches = [node.child_by_field_name("consequence"),
                        node.child_by_field_name("alternative")]
        else:
            return None
        keys: dict[str, None] = {}
        for branch in branches:
            value = self.evaluate(branch, module) if branch is not None else None
            if isinstance(value, Obj):
                keys.update(dict.fromkeys(e.key for e in value.entries()))
            elif not (isinstance(value, Undefined) or (isinstance(value, Lit) and (
                    value.value is None or value.value is False))):
                return None
        return list(keys)

    def _key_name(self, node: Node, module: ModuleInfo) -> str | None:
        if node.type in ("property_identifier", "identifier", "private_property_identifier"):
            return module.syntax.source(node)
        if node.type == "string":
            return unquote(module.syntax, node)
        if node.type == "number":
            number = _js_number(module.syntax.source(node))
            return _js_key(number) if number is not None else None
        if node.type == "computed_property_name":
            inner = node.named_children[0] if node.named_children else None
            value = self.evaluate(inner, module) if inner is not None else None
            if isinstance(value, Lit) and isinstance(value.value, (str, int, float)):
                return _js_key(value.value)
        return None

    def _member(self, node: Node, module: ModuleInfo, span: Span) -> Value:
        target_node = node.child_by_field_name("object")
        property_node = node.child_by_field_name("property")
        if target_node is None or property_node is None:
            return Unknown("a member", span, self._key(module))
        name = module.syntax.source(property_node)
        if target_node.type == "this":
            return self._this_member(node, name, module, span)
        if module.commonjs and _exports_target(module.syntax, target_node) in (
                ("whole", ""), ("alias", "")) and self._declared(
                module.syntax.root, "exports", module) is None:
            # `exports.LIMIT` read in its own module (tsc writes every use of an exported
            # constant so): the value the module's top level assigns it
            return self._own_export(module, name, span)
        target = self.evaluate(target_node, module)
        if _nullish(target) and any(c.type == "optional_chain" for c in node.children):
            return Undefined(span, self._key(module))  # `root?.properties` of no `root`
        return self._property(target, name, span, module)

    def _property(self, target: Value, name: str, span: Span, module: ModuleInfo) -> Value:
        key = self._key(module)
        if isinstance(target, Unknown):
            return target
        if isinstance(target, Obj) and is_conversion(target):
            return converted_schemas.part(target, name, self.foreign, span, key)
        if isinstance(target, Obj):
            found = target.get(name)
            if found is None:
                return Undefined(span, key)
            return found
        if isinstance(target, Namespace):
            return self.exported(target.path, name, span)
        if isinstance(target, Z):
            return self._builder(target.flavor, key).property(target, name, span)
        if isinstance(target, Export):
            if target.kind.startswith("zod"):
                if target.kind == "zod" and name == "z":  # the namespace re-exports itself
                    return target
                if target.kind == "zod" and name in ("iso", "coerce"):
                    return _zod_export(target, "zod-" + name, name, span)
                if target.kind == "zod":
                    return _zod_export(target, "zod-fn", name, span)
                if target.kind in ("zod-iso", "zod-coerce"):
                    return _zod_export(target, target.kind + "-fn", name, span)
            if target.kind in {"sdk1", "sdk2"}:
                return Export(target.kind, name, span, key) if name in SDK_EXPORTS else \
                    Unknown(f"`{name}` of the MCP SDK", span, key)
            if target.kind == "global" and target.name == "Number":
                constants = {"MAX_SAFE_INTEGER": 9007199254740991,
                             "MIN_SAFE_INTEGER": -9007199254740991}
                if name in constants:
                    return Lit(constants[name], span, key)
        if isinstance(target, Arr) and name == "length":
            return Lit(len(target.items), span, key)
        if isinstance(target, Forward):
            return Unknown(f"{RECURSIVE}: it reads `.{name}` of it before it has a value",
                           span, key)
        if isinstance(target, (Arr, Lit)):  # the value is read; what its method makes is not
            return Unknown(f"what `.{name}(...)` makes of the list is computed at run time "
                           "(portlint does not run its callback)" if isinstance(
                               target, Arr) else f"`.{name}` of a literal is computed at run "
                           "time", span, key)
        return Unknown(f"`.{name}` of a value portlint cannot read", span, key)

    def _this_member(self, node: Node, name: str, module: ModuleInfo, span: Span) -> Value:
        """``this.server`` inside a class: the field's initialiser, or an assignment to it."""
        klass = node.parent
        while klass is not None and klass.type not in ("class_declaration", "class"):
            klass = klass.parent
        if klass is None:
            return Unknown("`this` outside a class", span, self._key(module))
        body = klass.child_by_field_name("body")
        stack = list(body.named_children) if body is not None else []
        while stack:
            item = stack.pop()
            if item.type == "public_field_definition":
                field_name = item.child_by_field_name("name")
                value = item.child_by_field_name("value")
                if field_name is not None and module.syntax.source(field_name) == name:
                    if value is not None:
                        return self.evaluate(value, module)
                    kind = self._annotated_server(item, module)
                    if kind is not None:
                        return Instance(kind, span, self._key(module))
            elif item.type == "assignment_expression":
                left = item.child_by_field_name("left")
                right = item.child_by_field_name("right")
                if left is not None and right is not None and module.syntax.source(left) == \
                        f"this.{name}":
                    return self.evaluate(right, module)
            else:
                stack.extend(item.named_children)
        # set by a subclass, a caller or a constructor's parameter (@mapbox/mcp-server's
        # `BaseTool.installTo(server)` reading each subclass's `this.name`)
        return Unknown(f"`this.{name}` is set on the object at run time (by a subclass, a "
                       "caller or a constructor's argument), not in this class", span,
                       self._key(module))

    def _annotated_server(self, node: Node, module: ModuleInfo) -> str | None:
        """A parameter or field typed ``McpServer``/``Server`` from an MCP SDK (imported by
        name, also with ``import type``, or through a namespace: ``mcp.McpServer``)."""
        annotation = next((c for c in node.named_children if c.type == "type_annotation"), None)
        if annotation is None:
            return None
        type_node = annotation.named_children[0] if annotation.named_children else None
        if type_node is not None and type_node.type == "nested_type_identifier":
            parts = module.syntax.source(type_node).split(".")
            imported = module.imports.get(parts[0]) if len(parts) == 2 else None
            if imported is not None and imported[1] == "*" and imported[0] in SDK_MODULES and \
                    parts[1] in ("McpServer", "Server"):
                return SDK_MODULES[imported[0]] + ":" + parts[1]
            return None
        if type_node is None or type_node.type != "type_identifier":
            return None
        name = module.syntax.source(type_node)
        imported = module.imports.get(name)
        if imported is not None and imported[0] in SDK_MODULES and imported[1] in (
                "McpServer", "Server"):
            return SDK_MODULES[imported[0]] + ":" + imported[1]
        return None

    def _call(self, node: Node, module: ModuleInfo, span: Span) -> Value:
        key = self._key(module)
        function = node.child_by_field_name("function")
        args_node = node.child_by_field_name("arguments")
        if function is None:
            return Unknown("a call", span, key)
        if args_node is not None and args_node.type == "template_string":
            return self._tagged(function, args_node, module, span)
        arg_nodes = [a for a in (args_node.named_children if args_node is not None else [])
                     if a.type != "comment"]
        if function.type == "member_expression":
            target_node = function.child_by_field_name("object")
            property_node = function.child_by_field_name("property")
            if target_node is not None and property_node is not None:
                name = module.syntax.source(property_node)
                target = self.evaluate(target_node, module)
                if isinstance(target, Z):
                    if target.type != "object" and name in OBJECT_METHODS:
                        missing = _missing_method(module.syntax, function, target, name,
                                                  span=span, key=key)
                        if missing is not None:
                            return missing
                    args = [self.evaluate(a, module) for a in arg_nodes]
                    return self._builder(target.flavor, key).method(target, name, args, span)
                if isinstance(target, Unknown):
                    return target
                if isinstance(target, Forward):
                    return self._forward_method(target, name, arg_nodes, module, span)
                if isinstance(target, Export) and target.kind == "global" and \
                        target.name == "Object" and name == "freeze" and arg_nodes:
                    return self.evaluate(arg_nodes[0], module)
                if isinstance(target, Export) and target.kind == "global" and \
                        target.name == "Object" and name in ("entries", "values", "keys") and \
                        arg_nodes:
                    return _object_listing(name, self.evaluate(arg_nodes[0], module), span, key)
                if isinstance(target, (Arr, Some)) and name == "filter" and len(arg_nodes) == 1:
                    return Some(target.items, "filtered at run time (`.filter()`)", span, key)
                if isinstance(target, (Lit, Arr)):
                    text = _text_method(target, name,
                                        [self.evaluate(a, module) for a in arg_nodes])
                    if text is not None:
                        return Lit(text, span, key)
        wrapped = interop_required(module.syntax, node)
        if wrapped is not None:  # `__toESM(require("zod"))`: the module it requires
            return self.evaluate(wrapped, module)
        if function.type == "identifier" and module.syntax.source(function) == "require" and \
                self._is_require(function, module):
            required = required_source(module.syntax, node)
            if required is None:
                return Unknown("a `require` of a module named at run time", span, key)
            return self._module_binding(module, required, "*", span)
        callee = self.evaluate(function, module)
        if isinstance(callee, Unknown):
            return Unknown(callee.reason, span, key) if callee.span == (0, 0) else callee
        if isinstance(callee, Export):
            args = [self.evaluate(a, module) for a in arg_nodes]
            if callee.kind.startswith("zod") and callee.kind.endswith("-fn"):
                flavor = _flavor_of(callee)
                builder = self._builder(flavor, key)
                if callee.kind == "zod-fn" and callee.name == "toJSONSchema":
                    return _to_json_schema(args, flavor, span, key)
                if callee.kind == "zod-fn" and flavor.major >= 4 and \
                        callee.name in CHECK_FACTORIES_4:
                    return builder.check_object(callee.name, args, span)
                if callee.kind == "zod-fn" and callee.name == "lazy":
                    return self._lazy(builder, node, args, module, span)
                if callee.kind == "zod-fn":
                    return builder.factory(callee.name, args, span)
                if callee.kind == "zod-iso-fn":
                    return builder.iso(callee.name, args, span)
                return builder.coerce(callee.name, args, span)
            if callee.name == "fromJsonSchema" and args:
                return Instance("fromJsonSchema", span, key) if not isinstance(
                    args[0], Obj) else _from_json_schema(args[0], span, key)
            if callee.kind == "zod-to-json-schema" and args and isinstance(args[0], Z):
                given = options_name(args[1]) if len(args) == 2 else None
                if isinstance(given, Unknown):
                    return given
                if len(args) > 2:
                    return Unknown("`zodToJsonSchema` with more than two arguments", span, key)
                return conversion(args[0], span, key, given)
        if isinstance(callee, Function):
            made = self._helper_result(callee, arg_nodes, module, span)
            if made is not None:
                return made
            return Unknown("the result of calling a function (portlint does not run it)", span,
                           key)
        return Unknown(f"the result of `{module.syntax.source(function)[:40]}(...)`", span, key)

    def _helper_result(self, callee: Function, arg_nodes: list[Node], module: ModuleInfo,
                       span: Span) -> Value | None:
        """What a function of the project returns for these arguments (@winor30/mcp-server-
        datadog's `createToolSchema(schema, "list_incidents", "Get incidents")`; a function
        another module exports, @tiberriver256/mcp-server-azure-devops's `(0,
        to_json_schema_1.toJsonSchema)(schema)`, is read in its module), when all it
        does is return one expression — an arrow's expression body, or a body of `const`
        declarations of plain names and a `return` — and its parameters are plain names: the
        expression read with each name bound to its argument's value (`undefined` past the
        last), the constants read where it names them. None for any other function (what its
        other statements do is not followed), and for an object it makes with `new`."""
        function = callee.node
        home = self.home_of(callee, module)
        if home is None or any(a.type == "spread_element" for a in arg_nodes):
            return None
        body = function.child_by_field_name("body")
        if body is None:
            return None
        returned: Node | None = body
        if body.type == "statement_block":
            statements = [c for c in body.named_children if c.type != "comment"]
            last = statements[-1] if statements else None
            returned = last.named_children[0] if last is not None and (
                last.type == "return_statement") and last.named_children and all(
                _plain_constants(home.syntax, s) for s in statements[:-1]) else None
        names = plain_parameters(home.syntax, function)
        if returned is None or names is None or len(arg_nodes) > len(names):
            return None
        values = [self.evaluate(a, module) for a in arg_nodes]
        values += [Undefined(span, self._key(module))] * (len(names) - len(values))
        bound = {**self.bound, (home.key, function.id): dict(zip(names, values, strict=True))}
        with self.bindings(bound):
            made = self.evaluate(returned, home)
        # an object made by `new` is a fresh one at each call (`createServer()`): not the one
        # value a reading of the expression gives
        return None if isinstance(made, Instance) else made

    def home_of(self, function: Function, module: ModuleInfo) -> ModuleInfo | None:
        """The module declaring a function value read in ``module``."""
        if function.module == self._key(module):
            return module
        return self.main if function.module == "" else self._load(function.module)

    def _forward_method(self, target: Forward, name: str, arg_nodes: list[Node],
                        module: ModuleInfo, span: Span) -> Value:
        """A method of a schema still being declared, called in a getter of its own shape
        (``get parent() { return Node.optional(); }``): the wrappers that only keep the schema
        are made around it (with the Zod the module's ``zod`` import is); any other method
        reads it, which a static reader cannot do before the declaration is read."""
        key = self._key(module)
        if name not in WRAPPING_METHODS:
            return Unknown(f"{RECURSIVE}: it calls `.{name}()` on it before it has a value",
                           span, key)
        flavor = self._zod_flavor("", span)
        if isinstance(flavor, Unknown):
            return flavor
        builder = self._builder(flavor, key)
        return builder.method(builder.schema(target, span), name,
                              [self.evaluate(a, module) for a in arg_nodes], span)

    def _lazy(self, builder: Builder, call: Node, args: list[Value], module: ModuleInfo,
              span: Span) -> Value:
        """``z.lazy(() => schema)``: the schema its function returns. When the call is what a
        declaration holds (``const Tree = z.lazy(() => ... Tree ...)``), the declaration is
        this lazy schema while its function is read, so a schema that contains itself is a
        cycle of schemas, as in Zod (Zod 3's converter lists it with a ``$ref`` to its first
        place; Zod 4's is not derived)."""
        made = builder.new("lazy", span)
        declarator = call.parent
        seeded: tuple[str, int] | tuple[str, int, int] | None = None
        if declarator is not None and declarator.type == "variable_declarator" and \
                declarator.child_by_field_name("value") == call:
            seeded = self._memo_key(module, declarator)
            if seeded in self.active:
                self.memo[seeded] = made
            else:
                seeded = None
        try:
            inner, made.made_in = self._lazy_schema(args, module, span)
        finally:
            if seeded is not None:
                del self.memo[seeded]  # the declaration's own reading keeps what is returned
        if isinstance(inner, Unknown):
            return inner
        made.inner = builder.schema(inner, span)
        if _only_itself(made):
            # `const C = z.lazy(() => C)`, or lazies returning one another: no schema is ever
            # reached (Zod recurses without end when it is used)
            return Unknown("`z.lazy` whose function returns only lazy schemas of itself: it "
                           "describes no value", span, self._key(module))
        return made

    def _lazy_schema(self, args: list[Value], module: ModuleInfo, span: Span
                     ) -> tuple[Value, Span | None]:
        """What the function given to ``z.lazy`` returns: the expression it returns, read as
        any other (Zod calls it once per conversion; what it returns does not change). A
        schema that reaches itself other than through the declaration being read is not
        derived. Also where the function makes that schema, when it makes it (not when it
        returns a name's)."""
        getter = args[0] if args else None
        key = self._key(module)
        if not isinstance(getter, Function) or getter.module != key:
            return Unknown("`z.lazy` is given no function written here", span, key), None
        with self._called_later():
            schema, returned = self._returned_value(
                getter.node, module, "the function given to `z.lazy`",
                "`z.lazy` of a schema that contains itself", at=span)
        if returned is None or returned.type in ("identifier", "member_expression"):
            return schema, None
        return schema, module.syntax.span(returned)

    def _is_require(self, function: Node, module: ModuleInfo) -> bool:
        """``require`` is Node's own (or ``createRequire``'s), not a function of the file."""
        found = self.lookup("require", function, module)
        return isinstance(found, Unknown) and found.reason.endswith("is not declared in this file")

    def _builder(self, flavor: Flavor, key: str) -> Builder:
        builder = self.builders.get((repr(flavor), key))
        if builder is None:
            hidden = self.hidden if not key else (
                lambda reason, _span: self.pending.append(reason))
            builder = Builder(flavor, key, hidden)
            self.builders[(repr(flavor), key)] = builder
        return builder

    # -- names -------------------------------------------------------------------------------

    @contextmanager
    def bindings(self, bound: dict[tuple[str, int], dict[str, Value]]) -> Iterator[None]:
        """Read with these values for the names the loops and functions bind (by module and
        binding node)."""
        before = self.bound
        self.bound = bound
        self.binding += 1
        try:
            yield
        finally:
            self.bound = before
            self.binding += 1

    def lookup(self, name: str, at: Node, module: ModuleInfo) -> Value:
        key = self._key(module)
        span = module.syntax.span(at)
        node = at.parent
        while node is not None:
            if self.bound:
                given = self.bound.get((module.key, node.id))
                if given is not None and name in given:
                    return given[name]
            if node.type in FUNCTION_TYPES:
                parameter = self._parameter(node, name, module)
                if parameter is not None:
                    return parameter
            if node.type in ("for_in_statement", "catch_clause") and _binds(
                    module.syntax, node, name):
                what = "a loop variable" if node.type == "for_in_statement" else "a caught error"
                return Unknown(f"`{name}` is {what}, known only at run time", span, key)
            if node.type in _SCOPES:
                found = self._declared(node, name, module, at)
                if found is not None:
                    return found
            node = node.parent
        if name in module.imports:
            return self._imported(module, name, span)
        if name == "undefined":
            return Undefined(span, key)
        if name in ("Object", "JSON", "Number", "String"):
            return Export("global", name, span, key)
        if name in ("Infinity", "NaN"):
            return Unknown(f"`{name}` has no JSON value", span, key)
        if name in _JS_GLOBALS:
            return JsGlobal(name, span, key)
        return Unknown(f"`{name}` is not declared in this file", span, key)

    def _parameter(self, function: Node, name: str, module: ModuleInfo) -> Value | None:
        parameters = function.child_by_field_name("parameters")
        single = function.child_by_field_name("parameter")
        nodes = [single] if single is not None else (
            parameters.named_children if parameters is not None else [])
        for parameter in nodes:
            pattern = parameter.child_by_field_name("pattern") or parameter
            if pattern.type == "assignment_pattern":  # the JavaScript grammar's `name = value`
                pattern = pattern.child_by_field_name("left") or pattern
            if pattern.type == "identifier" and module.syntax.source(pattern) == name:
                kind = self._annotated_server(parameter, module)
                if kind is not None:
                    return Instance(kind, module.syntax.span(pattern), self._key(module))
                return Parameter(f"`{name}` is a parameter, known only when the function is "
                                 "called", module.syntax.span(pattern), self._key(module),
                                 _annotation(module.syntax, parameter))
            if pattern.type in ("object_pattern", "array_pattern") and re.search(
                    r"\b" + re.escape(name) + r"\b", module.syntax.source(pattern)):
                return Parameter(f"`{name}` is a parameter, known only when the function is "
                                 "called", module.syntax.span(pattern), self._key(module))
        return None

    def _declared(self, scope: Node, name: str, module: ModuleInfo,
                  at: Node | None = None) -> Value | None:
        found = self._scope_index(scope, module).get(name)
        if found is None:
            return None
        declaration, declarator = found
        t = declaration.type
        if declarator is not None:
            return self._declarator(declaration, declarator, name, module, at)
        if t == "enum_declaration":
            return self._memoised(module, declaration, _bind(self._enum, declaration, module))
        if t.startswith(("function", "generator")):
            return Function(declaration, module.syntax.span(declaration), self._key(module))
        declared = declaration.child_by_field_name("name")
        if name.startswith("Zod") and _BUNDLED_ZOD in module.syntax.text:
            # a bundler's copy of Zod 3 (rspack, esbuild): its schemas are instances of classes
            # the file declares, not calls of the `zod` package portlint reads
            return Unknown(f"`{name}` is a class of the copy of Zod bundled into this file, "
                           "which portlint does not read: it reads Zod imported from the `zod` "
                           "package", module.syntax.span(declared or declaration),
                           self._key(module))
        return Unknown(f"`{name}` is a class", module.syntax.span(declared or declaration),
                       self._key(module))

    def _scope_index(self, scope: Node, module: ModuleInfo
                     ) -> dict[str, tuple[Node, Node | None]]:
        """The names a block declares (read once per block): name -> (declaration,
        declarator or None)."""
        key = (module.key, scope.id)
        index = self.scopes.get(key)
        if index is not None:
            return index
        index = {}
        for statement in scope.named_children:
            declaration = statement
            if statement.type == "export_statement":
                inner = statement.child_by_field_name("declaration")
                if inner is None:
                    continue
                declaration = inner
            t = declaration.type
            if t in ("lexical_declaration", "variable_declaration"):
                for declarator in declaration.named_children:
                    if declarator.type != "variable_declarator":
                        continue
                    target = declarator.child_by_field_name("name")
                    if target is None:
                        continue
                    if target.type == "identifier":
                        index.setdefault(module.syntax.source(target), (declaration, declarator))
                    elif target.type == "object_pattern":
                        for part in target.named_children:
                            local = part if part.type == \
                                "shorthand_property_identifier_pattern" else (
                                part.child_by_field_name("value")
                                if part.type == "pair_pattern" else None)
                            if local is not None:
                                index.setdefault(module.syntax.source(local),
                                                 (declaration, declarator))
            elif t in ("function_declaration", "generator_function_declaration",
                       "class_declaration", "enum_declaration", "abstract_class_declaration"):
                declared = declaration.child_by_field_name("name")
                if declared is not None:
                    index.setdefault(module.syntax.source(declared), (declaration, None))
        self.scopes[key] = index
        return index

    def _declarator(self, declaration: Node, declarator: Node, name: str,
                    module: ModuleInfo, at: Node | None = None) -> Value | None:
        syntax = module.syntax
        target = declarator.child_by_field_name("name")
        value = declarator.child_by_field_name("value")
        if target is None:
            return None
        if target.type == "identifier":
            if syntax.source(target) != name:
                return None
            compiled = self._compiled_enum(declaration, value, name, module)
            if compiled is not None:
                return compiled
            if value is None:
                return Unknown(f"`{name}` is declared without a value", syntax.span(target),
                               self._key(module))
            if name in module.assigned:
                return Unknown(f"`{name}` is assigned or changed after its declaration",
                               syntax.span(target), self._key(module))
            if name == "require" and _creates_require(syntax, value):
                # `const require = createRequire(import.meta.url)`: Node's require in an ES module
                return Unknown("`require` is not declared in this file", syntax.span(target))
            appended = module.appended.get(name)
            if appended is not None and appended[0] == declarator.id:
                pushes = appended[1]
                if at is not None and any(p.start_byte <= at.start_byte < p.end_byte
                                          for p in pushes):
                    return Unknown(f"`{name}` is read while items are pushed onto it",
                                   syntax.span(at), self._key(module))
                return self._memoised(module, declarator,
                                      lambda: self._with_pushed(value, pushes, module))
            return self._memoised(module, declarator, lambda: self.evaluate(value, module))
        if target.type == "object_pattern":
            for part in target.named_children:
                local = part if part.type == "shorthand_property_identifier_pattern" else (
                    part.child_by_field_name("value") if part.type == "pair_pattern" else None)
                if local is None or syntax.source(local) != name:
                    continue
                imported = name if part.type != "pair_pattern" else syntax.source(
                    part.child_by_field_name("key"))  # type: ignore[arg-type]
                required = required_source(syntax, value) if value is not None else None
                if required is not None and value is not None and self._is_require(value, module):
                    return self._module_binding(module, required, imported, syntax.span(local))
                source = self.evaluate(value, module) if value is not None else None
                if isinstance(source, Obj):
                    found = source.get(imported)
                    return found if found is not None else Undefined(syntax.span(local))
                return Unknown(f"`{name}` is destructured from a value portlint cannot read",
                               syntax.span(local), self._key(module))
        return None

    def _items(self, node: Node, module: ModuleInfo) -> list[Value] | Unknown:
        """The values of an array literal's items, or of a call's arguments, spreads of
        literal arrays spread out."""
        items: list[Value] = []
        for child in node.named_children:
            if child.type == "spread_element":
                spread = self.evaluate(child.named_children[0], module)
                if not isinstance(spread, Arr):
                    return Unknown("a spread of something that is not a literal array",
                                   module.syntax.span(child), self._key(module))
                items.extend(spread.items)
            elif child.type != "comment":
                items.append(self.evaluate(child, module))
        return items

    def _with_pushed(self, value: Node, pushes: list[Node], module: ModuleInfo) -> Value:
        """An array literal with the items the `push` statements after it add."""
        declared = self.evaluate(value, module)
        if not isinstance(declared, Arr):
            return declared
        items = list(declared.items)
        for call in pushes:
            arguments = call.child_by_field_name("arguments")
            pushed = self._items(arguments, module) if arguments is not None else []
            if isinstance(pushed, Unknown):
                return pushed
            items.extend(pushed)
        return Arr(items, declared.span, declared.module)

    def _memo_key(self, module: ModuleInfo, node: Node
                  ) -> tuple[str, int] | tuple[str, int, int]:
        if self.bound and self._under_bound(node, module):
            return (module.key, node.id, self.binding)
        return (module.key, node.id)

    def _memoised(self, module: ModuleInfo, node: Node, compute: Callable[[], Value]) -> Value:
        memo_key = self._memo_key(module, node)
        found = self.memo.get(memo_key)
        if found is not None:
            return found
        if memo_key in self.active:
            if self.deferred and memo_key in self.deferred[-1]:
                forward = self.forwards.get(memo_key)
                if forward is None:
                    forward = self.forwards[memo_key] = Forward(module.syntax.span(node),
                                                                self._key(module))
                return forward
            return Unknown(SELF_REFERENCE, module.syntax.span(node), self._key(module))
        self.active.add(memo_key)
        try:
            found = compute()
        finally:
            self.active.discard(memo_key)
            forward = self.forwards.pop(memo_key, None)
        if forward is not None and forward.made:
            if isinstance(found, Z):
                resolve_forwards(found, forward)
            elif not isinstance(found, Unknown):
                found = Unknown(RECURSIVE, module.syntax.span(node), self._key(module))
        self.memo[memo_key] = found
        return found

    def _under_bound(self, node: Node, module: ModuleInfo) -> bool:
        """Whether a loop or function whose names are bound holds ``node``: its value may
        differ from one set of values to the next."""
        holder = node.parent
        while holder is not None:
            if (module.key, holder.id) in self.bound:
                return True
            holder = holder.parent
        return False

    def _enum(self, declaration: Node, module: ModuleInfo) -> Value:
        """A TypeScript ``enum`` as the object it compiles to (numeric members get the reverse
        mapping, as ``tsc`` emits it)."""
        syntax = module.syntax
        obj = Obj(syntax.span(declaration), self._key(module), literal=False)
        body = declaration.child_by_field_name("body")
        next_value: int | float | None = 0
        for member in body.named_children if body is not None else []:
            if member.type == "enum_assignment":
                name_node = member.child_by_field_name("name")
                value_node = member.child_by_field_name("value")
                value = self.evaluate(value_node, module) if value_node is not None else None
                if not isinstance(value, Lit) or not isinstance(value.value, (str, int, float)):
                    return Unknown("an enum member computed at run time",
                                   syntax.span(member), self._key(module))
                member_value: Any = value.value
            elif member.type in ("property_identifier", "string"):
                name_node = member
                if next_value is None:
                    return Unknown("an enum member without a value after a string member",
                                   syntax.span(member), self._key(module))
                member_value = next_value
            else:
                continue
            if name_node is None:
                continue
            member_name = self._key_name(name_node, module) or syntax.source(name_node)
            _set_member(obj, member_name, member_value, syntax.span(name_node),
                        syntax.span(member))
            next_value = member_value + 1 if _is_number(member_value) else None
        return obj

    def _compiled_enum(self, declaration: Node, value: Node | None, name: str,
                       module: ModuleInfo) -> Value | None:
        """An enum as tsc (`var Kind;` and the function after it filling it) or esbuild (`var
        Kind = ((Kind2) => {...})(Kind || {})`) emit it, as the object it makes
        (:mod:`portlint.typescript.compiled_enums`); None for any other declaration."""
        syntax = module.syntax
        call: Node | None = value
        if value is None:
            statement = declaration.parent if declaration.parent is not None and (
                declaration.parent.type == "export_statement") else declaration
            following = statement.next_named_sibling
            while following is not None and following.type == "comment":
                following = following.next_named_sibling
            call = following.named_children[0] if following is not None and (
                following.type == "expression_statement") and following.named_children else None
        if call is None:
            return None
        members = enum_members(syntax, call, name)
        if members is None:
            return None
        obj = Obj(syntax.span(call), self._key(module), literal=False)
        for member, member_value, where in members:
            _set_member(obj, member, member_value, syntax.span(where), syntax.span(where))
        return obj

    # -- imports -----------------------------------------------------------------------------

    def _imported(self, module: ModuleInfo, name: str, span: Span) -> Value:
        source, imported, _node = module.imports[name]
        return self._module_binding(module, source, imported, span)

    def _module_binding(self, module: ModuleInfo, source: str, imported: str,
                        span: Span) -> Value:
        key = self._key(module)
        if source in ZOD_MODULES:
            flavor = self._zod_flavor(ZOD_MODULES[source], span)
            if isinstance(flavor, Unknown):
                return flavor
            if imported in ("*", "default", "z"):
                return _zod_root(flavor, span, key)
            return _zod_export(_zod_root(flavor, span, key), "zod-fn", imported, span)
        if source in SDK_MODULES:
            if imported in SDK_EXPORTS or imported == "*":
                return Export(SDK_MODULES[source], imported, span, key)
            return Unknown(f"`{imported}` of the MCP SDK", span, key)
        if source == "zod-to-json-schema":
            return Export("zod-to-json-schema", imported, span, key)
        resolved = self.resolve_source(module, source, span, imported)
        if isinstance(resolved, Unknown):
            return resolved
        return self._file_binding(resolved, imported, span, key)

    def resolve_source(self, module: ModuleInfo, source: str, span: Span, imported: str = "*"
                       ) -> Path | Unknown:
        """The project file an import's specifier names, as TypeScript finds it: a relative
        path; an alias of the ``tsconfig.json`` (``paths``, ``baseUrl``); a package of the same
        workspace (which must build its schemas with this file's Zod) — or why there is none."""
        key = self._key(module)
        if module.path is None:
            return Unknown(f"`{source}` is imported by a file that has no path", span, key)
        if source.startswith((".", "/")):
            path = resolve_relative(module.path, source)
            if path is None:
                return Unknown(f"`{source}` does not resolve to a file of the project", span, key)
            return path
        alias = resolve_alias(module.path, source)
        if alias.path is not None:
            return self._same_zod(alias.path, source, "the file", span, key)
        member = resolve_package(module.path, source)
        if member is not None:  # a package of the same workspace: its source is the project's
            return self._same_zod(member, source, "the workspace package", span, key)
        if alias.reason:
            return Unknown(alias.reason, span, key)
        return Unknown(f"`{imported if imported not in ('*', 'default') else source}` comes "
                       f"from the package `{source}`, whose source portlint does not read",
                       span, key)

    def _same_zod(self, path: Path, source: str, what: str, span: Span, key: str
                  ) -> Path | Unknown:
        theirs = project_for(path).installed.get("zod")
        ours = self.project.installed.get("zod")
        if (theirs.version if theirs else None) != (ours.version if ours else None):
            return Unknown(f"{what} `{source}` installs "
                           f"{'zod ' + theirs.version if theirs else 'no known zod'}, this "
                           f"file {'zod ' + ours.version if ours else 'no known zod'}: its "
                           "schemas are not built by the Zod this file's are", span, key)
        return path

    def _file_binding(self, path: Path, imported: str, span: Span, key: str) -> Value:
        if imported in {"*", "default"}:
            target = self._load(str(path))
            if target is not None and target.commonjs and not target.stars:
                # `require()` and a default import of CommonJS give `module.exports` (one that
                # passes on another module's exports too is read name by name, below)
                return self.commonjs_exports(target, span)
        if imported == "*":
            return Namespace(str(path), span, key)
        return self.exported(str(path), imported, span)

    def _zod_flavor(self, subpath: str, span: Span) -> Flavor | Unknown:
        major = self.zod_major
        version = self.zod_version
        if subpath == "v3":
            return Flavor(3, version)
        if not self.zod_known:
            return Unknown("which Zod the project installs is not known (no lockfile, "
                           "`node_modules/zod` or `package.json` dependency names it), and "
                           "Zod 3 and 4 list different schemas", span)
        if subpath in ("v4", "mini"):
            if major < 4:
                return Unknown("`zod/v4` from Zod 3.25 is an early Zod 4 whose JSON Schema "
                               "output portlint does not model; upgrade to zod 4", span)
            return self._zod4(Flavor(4, version, mini=subpath == "mini"), span)
        if major >= 4:
            return self._zod4(Flavor(major, version), span)
        return Flavor(major, version)

    def _zod4(self, flavor: Flavor, span: Span) -> Flavor | Unknown:
        if self.zod_release[:2] < OLDEST_ZOD4:
            return Unknown(f"Zod {flavor.version or '.'.join(map(str, self.zod_release))}'s "
                           f"`toJSONSchema` orders keys, merges types and writes patterns "
                           f"differently from {OLDEST_ZOD4[0]}.{OLDEST_ZOD4[1]} and later, the "
                           f"releases portlint reproduces", span)
        return flavor

    def exported(self, path: str, name: str, span: Span, seen: frozenset[str] = frozenset()
                 ) -> Value:
        if path in seen:
            return Unknown(f"`{name}` is re-exported in a cycle", span)
        module = self._load(path)
        if module is None:
            return Unknown(f"`{Path(path).name}` cannot be read", span)
        if module.commonjs:
            return self._commonjs_export(module, name, span)
        if name == "default" and module.default is not None:
            return self.evaluate(module.default, module)
        found = module.exports.get(name)
        if found is not None:
            source, local = found
            if source == "local":
                return self._top_level(module, local, span)
            return self._module_binding(module, source, local, span)
        return self._from_stars(module, path, name, span, seen)

    def _from_stars(self, module: ModuleInfo, path: str, name: str, span: Span,
                    seen: frozenset[str]) -> Value:
        """``name`` as the modules a file passes on with `export * from` give it (or the
        CommonJS its compiler writes for that)."""
        unfollowed: list[tuple[str, str]] = []
        for star in module.stars:
            if name == "default":  # `export *` passes on every export but the default
                break
            if star in ZOD_MODULES or star in SDK_MODULES:
                continue
            target = self.resolve_source(module, star, span)
            if isinstance(target, Unknown):
                unfollowed.append((star, target.reason))
                continue
            value = self.exported(str(target), name, span, seen | {path})
            if not (isinstance(value, Unknown) and value.reason.startswith(f"`{name}` is not")):
                return value
        if unfollowed:
            star, reason = unfollowed[0]
            return Unknown(f"`{name}` is not exported by `{Path(path).name}` itself, and its "
                           f"`export * from \"{star}\"` cannot be followed: {reason}", span)
        return Unknown(f"`{name}` is not exported by `{Path(path).name}`", span)

    def commonjs_exports(self, module: ModuleInfo, span: Span) -> Value:
        """A CommonJS file's ``module.exports`` as its importers see it, once per read: the
        object assigned to it, with the properties set on it afterwards."""
        dynamic = _dynamic_exports(module, span)
        if dynamic is not None:
            return dynamic
        anchor = module.cjs_whole or module.syntax.root
        return self._memoised(module, anchor, lambda: self._commonjs_object(module))

    def _commonjs_object(self, module: ModuleInfo) -> Value:
        key = self._key(module)
        whole = self.evaluate(module.cjs_whole, module) if module.cjs_whole is not None else None
        if whole is not None and not module.cjs_named:
            return whole
        exports = Obj(module.syntax.span(module.cjs_whole or module.syntax.root), key,
                      literal=False)
        if isinstance(whole, Obj):
            for entry in whole.entries():
                exports.set(entry)
        elif whole is not None:
            return Unknown("properties are added to an export that is not an object literal",
                           whole.span, key)
        for name, node in module.cjs_named.items():
            exports.set(Entry(name, module.syntax.span(node), self._memoised(
                module, node, _bind(self.evaluate, node, module))))
        return exports

    def _own_export(self, module: ModuleInfo, name: str, span: Span) -> Value:
        dynamic = _dynamic_exports(module, span)
        if dynamic is not None:
            return dynamic
        node = module.cjs_named.get(name)
        if node is None or module.cjs_whole is not None:
            return Unknown(f"`exports.{name}` is not assigned at the top of "
                           f"`{Path(module.key).name}`", span, self._key(module))
        return self._memoised(module, node, _bind(self.evaluate, node, module))

    def _commonjs_export(self, module: ModuleInfo, name: str, span: Span) -> Value:
        exports = self.commonjs_exports(module, span)
        if isinstance(exports, Unknown):
            return exports
        if name == "default":
            return exports
        if isinstance(exports, Namespace):
            return self.exported(exports.path, name, span)
        if isinstance(exports, Obj):
            found = exports.get(name)
            if found is not None:
                return found
            return self._from_stars(module, module.key, name, span, frozenset())
        return self._property(exports, name, span, module)

    def _top_level(self, module: ModuleInfo, name: str, span: Span) -> Value:
        found = self._declared(module.syntax.root, name, module)
        if found is not None:
            return found
        if name in module.imports:
            return self._imported(module, name, span)
        return Unknown(f"`{name}` is not declared in `{Path(module.key).name}`", span)

    def _load(self, path: str) -> ModuleInfo | None:
        found = self.modules.get(path)
        if found is None:
            loaded = self.loader(Path(path))
            if loaded is None:
                return None
            self.modules[path] = loaded
            found = loaded
        return found


class ZodExport(Export):
    """``z`` itself, ``z.string``, ``z.iso``, ``z.coerce.number``: with the Zod that made it."""

    __slots__ = ("flavor",)

    def __init__(self, kind: str, name: str, span: Span, module: str, flavor: Flavor) -> None:
        super().__init__(kind, name, span, module)
        self.flavor = flavor


def _zod_root(flavor: Flavor, span: Span, module: str) -> Export:
    return ZodExport("zod", "z", span, module, flavor)


def _zod_export(parent: Export, kind: str, name: str, span: Span) -> Export:
    return ZodExport(kind, name, span, parent.module, _flavor_of(parent))


def _flavor_of(export: Export) -> Flavor:
    return export.flavor if isinstance(export, ZodExport) else Flavor(3)


def _from_json_schema(schema: Obj, span: Span, module: str) -> Value:
    wrapped = Obj(span, module, literal=False)
    wrapped.set(Entry("~fromJsonSchema", span, schema))
    return wrapped


_PURE_OPERANDS = frozenset(("number", "string", "identifier", "true", "false", "null",
                            "undefined"))


def _nullish(value: Value) -> bool | None:
    """Whether a value is `null` or `undefined` (None: not known)."""
    if isinstance(value, Undefined) or (isinstance(value, Lit) and value.value is None):
        return True
    if isinstance(value, (Obj, Arr, Lit, Z, Function, Regex)):
        return False
    return None


def _plain_constants(syntax: Syntax, statement: Node) -> bool:
    """`const a = ..., b = ...;`: constants of plain names, each given a value."""
    if statement.type != "lexical_declaration" or not statement.children or (
            syntax.source(statement.children[0]) != "const"):
        return False
    declarators = [c for c in statement.named_children if c.type == "variable_declarator"]
    return bool(declarators) and all(
        (name := d.child_by_field_name("name")) is not None and name.type == "identifier"
        and d.child_by_field_name("value") is not None for d in declarators)


_TARGETS = {"draft-7": "draft-07", "draft-07": "draft-07", "draft-2020-12": "draft-2020-12"}


def _to_json_schema(args: list[Value], flavor: Flavor, span: Span, module: str) -> Value:
    """Zod 4's ``z.toJSONSchema(schema, {target, io})`` as a value a tool list can hold: the
    schema with the target (default 2020-12) and io (default output) it is converted for.
    Other options (``override``, ``unrepresentable``, ``cycles``, ``reused``, ``metadata``)
    change the output in ways only running them shows."""
    if flavor.major < 4:
        return Unknown("`toJSONSchema` is Zod 4's", span, module)
    if not args or isinstance(args[0], Unknown):
        return args[0] if args else Unknown("`toJSONSchema()` without a schema", span, module)
    if not isinstance(args[0], Z):
        return Unknown("`toJSONSchema` of something that is not a Zod schema", args[0].span,
                       module)
    target, io = "draft-2020-12", "output"
    if len(args) > 2:
        return Unknown("`toJSONSchema` with more than two arguments", span, module)
    if len(args) == 2 and not isinstance(args[1], Undefined):
        options = args[1]
        if isinstance(options, Unknown):
            return options
        if not isinstance(options, Obj):
            return Unknown("the options of `toJSONSchema` are not an object literal",
                           options.span, module)
        for entry in options.entries():
            value = entry.value.value if isinstance(entry.value, Lit) else None
            if entry.key == "target" and value in _TARGETS:
                target = _TARGETS[str(value)]
            elif entry.key == "io" and value in ("input", "output"):
                io = str(value)
            elif not isinstance(entry.value, Undefined):
                return Unknown(f"`toJSONSchema`'s option `{entry.key}` as written here",
                               entry.value.span, module)
    wrapped = Obj(span, module, literal=False)
    wrapped.set(Entry("~toJSONSchema", span, args[0]))
    wrapped.set(Entry("~target", span, Lit(target, span, module)))
    wrapped.set(Entry("~io", span, Lit(io, span, module)))
    return wrapped


def _bind(function: Callable[[Node, ModuleInfo], Value], node: Node, module: ModuleInfo
          ) -> Callable[[], Value]:
    return lambda: function(node, module)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _js_number(text: str) -> int | float | None:
    text = text.replace("_", "")
    if text.endswith("n"):
        return None
    lower = text.lower()
    try:
        if lower.startswith("0x"):
            return int(lower[2:], 16)
        if lower.startswith("0o"):
            return int(lower[2:], 8)
        if lower.startswith("0b"):
            return int(lower[2:], 2)
        if re.fullmatch(r"\d+", text):
            return int(text)
        value = float(text)
    except ValueError:
        return None
    if math.isinf(value):
        return None
    return int(value) if value.is_integer() and abs(value) < 2**53 else value


def _js_string(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        if value.is_integer() and abs(value) < 1e21:
            return str(int(value))
        return repr(value)
    return str(value)


# ECMAScript's WhiteSpace and LineTerminator: what `trim` removes (not Python's whitespace:
# that has U+001C–U+001F and U+0085, and lacks U+FEFF)
_JS_SPACE = ("\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006"
             "\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff")


def _text_method(target: Value, name: str, args: list[Value]) -> str | None:
    """What a string method returns on a string literal, or ``join`` on an array of string
    literals — the ones descriptions are built with (`` `…`.trim() ``, ``[…].join("\\n")``) and
    whose result does not depend on the locale; None for anything else (the call is then
    not read)."""
    if not all(isinstance(a, Lit) and isinstance(a.value, str) for a in args):
        return None
    given = [str(a.value) for a in args]  # type: ignore[attr-defined]
    if isinstance(target, Arr):
        if name != "join" or len(given) > 1 or not all(
                isinstance(i, Lit) and isinstance(i.value, str) for i in target.items):
            return None
        return (given[0] if given else ",").join(str(i.value) for i in target.items)  # type: ignore[attr-defined]
    if not isinstance(target, Lit) or not isinstance(target.value, str):
        return None
    text = target.value
    if name in ("trim", "trimStart", "trimLeft", "trimEnd", "trimRight") and not given:
        return (text.strip(_JS_SPACE) if name == "trim" else
                text.lstrip(_JS_SPACE) if name in ("trimStart", "trimLeft") else
                text.rstrip(_JS_SPACE))
    if name == "concat":
        return text + "".join(given)
    if name in ("toLowerCase", "toUpperCase") and not given and text.isascii():
        return text.lower() if name == "toLowerCase" else text.upper()
    if name in ("replace", "replaceAll") and len(given) == 2 and given[0] and \
            "$" not in given[1]:  # `$&` and kin in a replacement are patterns
        return text.replace(given[0], given[1], 1 if name == "replace" else -1)
    return None


def _js_key(value: Any) -> str:
    return _js_string(value)


def _set_member(obj: Obj, name: str, value: Any, name_span: Span, value_span: Span) -> None:
    """An enum member on the object it compiles to: a numeric one with its reverse mapping, as
    tsc emits it."""
    obj.set(Entry(name, name_span, Lit(value, value_span, obj.module)))
    if _is_number(value):
        obj.set(Entry(_js_key(value), name_span, Lit(name, value_span, obj.module)))


def _only_itself(lazy: Z) -> bool:
    """Whether a lazy schema's chain of lazy (and forward) schemas comes back to it before it
    reaches any other schema."""
    seen: set[int] = set()
    current = lazy.inner
    while current is not None and current.type in ("lazy", "forward"):
        if current is lazy or id(current) in seen:
            return True
        seen.add(id(current))
        current = current.inner
    return False


def plain_parameters(syntax: Syntax, function: Node) -> list[str] | None:
    """The names of a function's parameters, when each is a plain name (typed or not; no
    default, destructuring or rest); None otherwise."""
    single = function.child_by_field_name("parameter")
    if single is not None:
        return [syntax.source(single)] if single.type == "identifier" else None
    parameters = function.child_by_field_name("parameters")
    names = []
    for parameter in parameters.named_children if parameters is not None else []:
        if parameter.type == "comment":
            continue
        pattern = parameter.child_by_field_name("pattern") if parameter.type == (
            "required_parameter") else parameter
        if pattern is None or pattern.type != "identifier" or parameter.child_by_field_name(
                "value") is not None:
            return None
        names.append(syntax.source(pattern))
    return names
