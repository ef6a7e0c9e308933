"""The JSON Schema Pydantic 2.11–2.14 generates for a type or a model, derived from source.

Follows `Model.model_json_schema()` / `TypeAdapter(T).json_schema()` in validation mode: field
titles from names, `required` from defaults, models and enums under `$defs`, `Optional` as
`anyOf` with null, constraints from `Field`/`Annotated`/`con*`. Anything it cannot know
statically raises :class:`Unknown` with the reason; constraints that the schema cannot show
(validators, transforms, alias choices) are recorded as hidden.
"""

from __future__ import annotations

import ast
import builtins
import copy
import inspect
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple

from portlint.python.constants import is_named_constant
from portlint.python.constraints import BOUNDS, LENGTHS, NotDerived, constrain
from portlint.python.literal_calls import inlined
from portlint.python.model_index import ClassInfo, ModuleIndex
from portlint.python.modules import Module, ModuleFinder
from portlint.python.names import Names
from portlint.python.positions import SourcePositions
from portlint.python.shown import shown_code
from portlint.python.spans import SpanTable
from portlint.source.located import Span


class Unknown(Exception):
    """A part of a schema that cannot be derived without running code."""

    def __init__(self, reason: str, node: ast.AST | None, part: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.node = node
        # a field of the tool's text that is unknown (`name`, `title`, `description`): its
        # schemas are not at stake (None: a part of a schema)
        self.part = part


class StartFailure(Unknown):
    """Not unknown but known to fail: the framework raises on this when the server starts (a
    registration it refuses, a schema Pydantic cannot build), so the server never answers.
    Reported as `server-start-fails`; the reason says what raises."""


class Hidden(NamedTuple):
    """Something the server accepts or does that the schema does not tell the model."""

    what: str
    node: ast.AST
    where: str | None = None  # the module it was found in, when not this file


class LeftOut(NamedTuple):
    """Words of a field (its title, description or examples) computed at run time (an
    f-string of a setting, a call): left out of the schema, the rest of it derived."""

    keyword: str
    node: ast.AST
    reason: str
    where: str | None = None  # the module it was found in, when not this file


_LEFT_OUT = object()  # what :meth:`Generator.words` gives for words left out
_WORDS = ("title", "description", "examples")


_SCALARS: dict[str, dict[str, Any]] = {
    "builtins.str": {"type": "string"},
    "builtins.int": {"type": "integer"},
    "builtins.float": {"type": "number"},
    "builtins.bool": {"type": "boolean"},
    "builtins.bytes": {"format": "binary", "type": "string"},
    "datetime.datetime": {"format": "date-time", "type": "string"},
    "datetime.date": {"format": "date", "type": "string"},
    "datetime.time": {"format": "time", "type": "string"},
    "datetime.timedelta": {"format": "duration", "type": "string"},
    "uuid.UUID": {"format": "uuid", "type": "string"},
    "pathlib.Path": {"format": "path", "type": "string"},
    "pydantic.SecretStr": {"format": "password", "type": "string", "writeOnly": True},
    "pydantic.AnyUrl": {"format": "uri", "minLength": 1, "type": "string"},
    "pydantic.EmailStr": {"format": "email", "type": "string"},
    "pydantic.PositiveInt": {"exclusiveMinimum": 0, "type": "integer"},
    "pydantic.NegativeInt": {"exclusiveMaximum": 0, "type": "integer"},
    "pydantic.NonNegativeInt": {"minimum": 0, "type": "integer"},
    "pydantic.NonPositiveInt": {"maximum": 0, "type": "integer"},
    "pydantic.PositiveFloat": {"exclusiveMinimum": 0, "type": "number"},
    "pydantic.NegativeFloat": {"exclusiveMaximum": 0, "type": "number"},
    "pydantic.NonNegativeFloat": {"minimum": 0, "type": "number"},
    "pydantic.StrictStr": {"type": "string"},
    "pydantic.StrictInt": {"type": "integer"},
    "pydantic.StrictFloat": {"type": "number"},
    "pydantic.StrictBool": {"type": "boolean"},
}
_UNTYPED = {"typing.Any", "builtins.object"}
_ARRAYS = {"builtins.list", "typing.List", "typing.Sequence", "typing.MutableSequence",
           "typing.Iterable", "typing.Collection"}
_SETS = {"builtins.set", "typing.Set", "typing.MutableSet", "typing.AbstractSet"}
_FROZENSETS = {"builtins.frozenset", "typing.FrozenSet"}
_TUPLES = {"builtins.tuple", "typing.Tuple"}
_DICTS = {"builtins.dict", "typing.Dict", "typing.Mapping", "typing.MutableMapping"}
_UNIONS = {"typing.Union"}
_OPTIONAL = {"typing.Optional"}
_LITERAL = {"typing.Literal"}
_ANNOTATED = {"typing.Annotated"}
_VALIDATORS = {"pydantic.AfterValidator": "an after-validator runs on the value",
               "pydantic.BeforeValidator": "a before-validator converts the input",
               "pydantic.WrapValidator": "a wrap-validator can accept other inputs",
               "pydantic.PlainValidator": "a plain validator replaces validation"}
# where each goes: portlint.python.constraints
_CONSTRAINTS = frozenset((*BOUNDS, *LENGTHS, "pattern"))
_DECIMAL_PATTERN = r"^(?!^[-+.]*$)[+-]?0*\d*\.?\d*$"  # Pydantic 2.12.5 and 2.13.4
_SERIALIZERS = frozenset(("pydantic.field_serializer", "pydantic.model_serializer"))
_FIELD_IGNORED = {"frozen", "exclude", "repr", "init", "init_var", "kw_only", "strict",
                  "validate_default", "coerce_numbers_to_str", "union_mode", "allow_inf_nan",
                  "fail_fast", "serialization_alias"}


def flattened_anyof(schemas: list[dict[str, Any]]) -> dict[str, Any] | None:
    """Pydantic's union of ``schemas``: a member that is nothing but an `anyOf` (a `Decimal`) is
    replaced by its branches, repeated branches are kept once, and a union of one is that one
    (Pydantic 2.10.6 to 2.14.4: `Optional[Decimal]` is one `anyOf` of number, string and
    null). A union of one is that very schema (a class's reference stays known as one); None
    for no schema at all."""
    members: list[dict[str, Any]] = []
    for schema in schemas:
        for member in schema["anyOf"] if len(schema) == 1 and "anyOf" in schema else [schema]:
            if member not in members:
                members.append(member)
    if not members:
        return None
    return members[0] if len(members) == 1 else {"anyOf": members}


_MAX_REEXPORTS = 8  # modules a name is followed through, one re-exporting it from the next


def _defines(module: Module, name: str) -> bool:
    """Whether ``module`` defines ``name`` as a class or a type alias."""
    return name in module.classes.classes or name in module.classes.aliases


def _reexports(module: Module, name: str) -> list[tuple[str, str]]:
    """Where a module takes ``name`` from, as (module, name) to look in: the module it imports
    the name from, else each module it imports everything from (`*`), in order."""
    imported = module.names.imported.get(name)
    if imported is not None:
        origin, _, origin_name = imported.rpartition(".")
        return [(origin, origin_name)] if origin.strip(".") else []
    return [("." * statement.level + (statement.module or ""), name)
            for statement in module.tree.body if isinstance(statement, ast.ImportFrom)
            and any(alias.name == "*" for alias in statement.names)]


def title_of(name: str) -> str:
    """Pydantic's default title for a field or alias name: underscores at its edges leave no
    space (``type_`` is "Type", ``_meta`` is "Meta")."""
    return name.title().replace("_", " ").strip()


def _first_computed(node: ast.expr) -> Unknown | None:
    """What in a literal is computed at run time (a call, a name that is no constant, a
    ``**spread``), said where it is written; None when nothing is."""
    for part in ast.walk(node):
        if isinstance(part, ast.Dict) and None in part.keys:
            spread = part.values[part.keys.index(None)]
            return Unknown(f"`**{shown_code(spread)}` is computed at run time", spread)
        if isinstance(part, (ast.Call, ast.Name, ast.Attribute, ast.Subscript, ast.JoinedStr,
                             ast.Starred)):
            return Unknown(f"`{shown_code(part)}` is computed at run time", part)
    return None


class NotLiteral(Unknown, ValueError):
    """An expression whose value is not written out: every caller that reads a literal either
    tries something else (it catches ValueError) or reports the schema as unknown (Unknown)."""


def literal(node: ast.expr, resolve_enum: Callable[[ast.expr], Any] | None = None) -> Any:
    """The JSON value of a literal expression; raises :class:`NotLiteral` when it is not one."""
    if resolve_enum is not None:
        found = resolve_enum(node)
        if found is not _MISSING:
            return found
    try:
        return _jsonable(ast.literal_eval(node))
    except (ValueError, TypeError, SyntaxError) as error:  # TypeError: `{[1]: 2}`
        raise NotLiteral(f"`{shown_code(node)}` is computed at run time", node) from error


_MISSING = object()
# the data types an enum's members are made with, by the base naming them
_ENUM_DATA_TYPES: dict[str, type] = {
    "str": str, "builtins.str": str, "enum.StrEnum": str, "int": int, "builtins.int": int,
    "enum.IntEnum": int, "float": float, "builtins.float": float}
# Pydantic's `type` of an enum whose JSON values are all of one kind
_ENUM_TYPE_NAMES: dict[type, str] = {
    str: "string", int: "integer", float: "number", bool: "boolean", list: "array"}

# how deep models may nest within models, and types within one another, before a schema is
# reported as unknown: deep enough for any real tool, shallow enough for the interpreter's stack
# (a RecursionError all the same is reported the same way, never raised)
MAX_NESTING = 60
MAX_TYPE_NESTING = 150


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    if isinstance(value, list):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (set, frozenset, bytes, complex)) or value is Ellipsis:
        raise ValueError("not JSON")
    return value


class FieldInfo(NamedTuple):
    """What `Field(...)` (or a default) says about a field."""

    has_default: bool
    default: Any
    factory: bool
    keywords: dict[str, ast.expr]


def _c3_merge(sequences: list[list[Owner]]) -> list[Owner] | None:
    """Python's C3 merge of the bases' linearisations and the list of bases (None: no
    consistent order). Classes are told apart by their module and name: one read through
    two modules' imports is one class."""
    keyed = [[owner.key for owner in s] for s in sequences if s]
    owners = {owner.key: owner for s in sequences for owner in s}
    merged: list[Owner] = []
    while keyed:
        head = next((s[0] for s in keyed if not any(s[0] in other[1:] for other in keyed)),
                    None)
        if head is None:
            return None
        merged.append(owners[head])
        keyed = [[k for k in s if k != head] for s in keyed]
        keyed = [s for s in keyed if s]
    return merged


def _total(info: ClassInfo) -> bool:
    """Whether the fields a TypedDict declares itself are required unless marked otherwise
    (`total=False` covers its own fields, not those it inherits)."""
    if info.kind != "typeddict":
        return True
    return next((bool(literal(k.value)) for k in info.node.keywords if k.arg == "total"), True)


class ModelField(NamedTuple):
    """A field of a class, as the class of its line that declares it writes it."""

    name: str
    annotation: ast.expr
    value: ast.expr | None
    target: ast.AST
    generator: Generator  # reads the module declaring it
    declared_in: ClassInfo


class Owner(NamedTuple):
    """A class of a model's line, with the generator reading its module."""

    generator: Generator
    info: ClassInfo

    @property
    def key(self) -> tuple[int, str]:
        return id(self.generator.index), self.info.name


class Generator:
    """Builds schemas for the types of one module, collecting `$defs`."""

    def __init__(self, index: ModuleIndex, names: Names, positions: SourcePositions,
                 spans: SpanTable, finder: ModuleFinder | None = None) -> None:
        self.index = index
        self.names = names
        self.positions = positions
        self.spans = spans
        self.finder = finder
        self.defs: dict[str, Any] = {}
        self.hidden: list[Hidden] = []
        self.left_out: list[LeftOut] = []
        self._building: set[str] = set()
        self.model_refs: set[int] = set()  # ids of `$ref` dicts that point at a definition
        # the schemas of `Decimal`s by id (kept, so that no other schema takes an id over)
        self.decimals: dict[int, dict[str, Any]] = {}
        self.recursive: set[str] = set()
        # Annotated[..., "text"] by the annotation's node id (Pydantic ignores it; fastmcp reads it)
        self.string_metadata: dict[int, str] = {}
        self.anchor: ast.AST | None = None  # in another module: where this file refers to it
        self.used: set[str] = set()  # this module's classes some schema refers to
        # how deep the models and the types being derived nest (shared with other modules')
        self.depth = [0, 0]
        self.pydantic_version: tuple[int, ...] = (2, 14)  # the release whose output is followed
        self.module_path: Path | None = None
        # fastmcp's output types: a bare `Tuple` outside any model reads as `tuple[()]`
        self.bare_tuple_empty = False
        # the schema of a value as sent (fastmcp's output schemas, Pydantic's serialization
        # mode): keyed by alias ("alias") or by field name ("name"); None: as received
        self.serialized: str | None = None

    # -- helpers ------------------------------------------------------------------------------

    def span(self, node: ast.AST | None) -> Span | None:
        if self.anchor is not None:
            return None  # another file's text: its parts sit where this file uses them
        if node is None or not hasattr(node, "lineno"):
            return None  # a node portlint made up (the `None` of `Optional[X]`)
        return self.positions.span(node)

    def mark(self, value: Any, node: ast.AST | None) -> Any:
        return self.spans.mark(value, self.span(node))

    def qualified(self, node: ast.expr) -> str | None:
        return self.names.qualified(node)

    def enum_value(self, node: ast.expr) -> Any:
        """`Color.RED` → "red" for a local enum; _MISSING otherwise."""
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            info = self.index.classes.get(node.value.id)
            if info is not None and info.kind == "enum":
                for name, value in self._members(info):
                    if name == node.attr:
                        return value
        return _MISSING

    def _members(self, info: ClassInfo) -> list[tuple[str, Any]]:
        """(name, JSON value) of an enum's members in the order Python defines them, aliases
        (a value repeated) included, as Pydantic lists them. Python makes a member of a class
        with a data type (`str, Enum`, `IntEnum`, `StrEnum`) by calling that type with the
        value — a tuple being its arguments (`APG = ('APG',)` is "APG"); a plain `Enum`
        keeps the value as written."""
        data_type = self._enum_data_type(info)
        members: list[tuple[str, Any]] = []
        for statement in info.node.body:
            if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)) and \
                    statement.name in ("__new__", "__init__", "_generate_next_value_"):
                raise Unknown(f"the enum `{info.name}` makes its members in its own "
                              f"`{statement.name}`", statement)
            if not (isinstance(statement, ast.Assign) and all(
                    isinstance(t, ast.Name) and not t.id.startswith("_")
                    for t in statement.targets)):
                continue
            try:
                written = ast.literal_eval(statement.value)
            except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
                raise Unknown("an enum member whose value is computed",
                              statement.value) from None
            value = written
            if data_type is not None:
                arguments = written if isinstance(written, tuple) else (written,)
                if not (len(arguments) == 1 and isinstance(arguments[0],
                                                           (str, int, float, bool))):
                    raise Unknown(f"an enum member `{data_type.__name__}` makes from several "
                                  "values or a container", statement.value)
                try:
                    value = data_type(arguments[0])  # str(1) is "1"; int("2") is 2
                except (ValueError, OverflowError):
                    raise Unknown(f"an enum member `{data_type.__name__}` cannot make "
                                  "(the server fails to start)", statement.value) from None
            for target in statement.targets:
                assert isinstance(target, ast.Name)
                members.append((target.id, _jsonable(value)))
        return members

    def _enum_data_type(self, info: ClassInfo) -> type | None:
        """The data type an enum's members are made with (`str`, `int`, `float`): named by a
        base of the class or of a local enum it derives from, the nearest first; None for a
        plain `Enum`."""
        for owner in reversed(self._lineage(info)):
            for base in owner.info.node.bases:
                found = _ENUM_DATA_TYPES.get(owner.generator.qualified(base) or "")
                if found is not None:
                    return found
        return None

    # -- types --------------------------------------------------------------------------------

    def type_schema(self, node: ast.expr) -> dict[str, Any]:
        with self._nested(node, types=True):
            schema = self._type_schema(node)
        return self.mark(schema, node)  # type: ignore[no-any-return]

    @contextmanager
    def _nested(self, node: ast.AST | None, types: bool = False) -> Iterator[None]:
        """One level deeper into the models (or the types); past :data:`MAX_NESTING` models
        (:data:`MAX_TYPE_NESTING` types) the schema is reported as unknown instead of being
        derived: the work, and the stack, stay bounded."""
        which, limit = (1, MAX_TYPE_NESTING) if types else (0, MAX_NESTING)
        if self.depth[which] >= limit:
            what = "types nest" if types else "models nest"
            raise Unknown(f"the {what} more than {limit} levels deep; portlint stops there",
                          self.anchor or node)
        self.depth[which] += 1
        try:
            yield
        finally:
            self.depth[which] -= 1

    def _type_schema(self, node: ast.expr) -> dict[str, Any]:
        if isinstance(node, ast.Constant):
            if node.value is None:
                return {"type": "null"}
            if isinstance(node.value, str):  # a forward reference
                try:
                    parsed = ast.parse(node.value, mode="eval").body
                except SyntaxError:
                    raise Unknown(f"the forward reference {node.value!r} does not parse",
                                  node) from None
                ast.copy_location(parsed, node)
                for child in ast.walk(parsed):  # the whole string is where each part comes from
                    ast.copy_location(child, node)
                    if hasattr(child, "end_lineno"):
                        setattr(child, "end_lineno", node.end_lineno)  # noqa: B010
                        setattr(child, "end_col_offset", node.end_col_offset)  # noqa: B010
                schema = self._type_schema(parsed)
                if id(parsed) in self.string_metadata:
                    self.string_metadata[id(node)] = self.string_metadata[id(parsed)]
                return schema
            raise Unknown(f"{node.value!r} is not a type", node)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
            return self._union(self._flatten_or(node), node)
        if isinstance(node, ast.Subscript):
            return self._generic(node)
        if isinstance(node, (ast.Name, ast.Attribute)):
            return self._named(node)
        if isinstance(node, ast.Call):
            return self._call_type(node)
        raise Unknown("this annotation is not a type portlint can read", node)

    def _flatten_or(self, node: ast.expr) -> list[ast.expr]:
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
            if all(isinstance(side, ast.Constant) and side.value is None
                   for side in (node.left, node.right)):
                raise Unknown("`None | None` fails when Python evaluates the annotation", node)
            return self._flatten_or(node.left) + self._flatten_or(node.right)
        return [node]

    def _named(self, node: ast.Name | ast.Attribute) -> dict[str, Any]:
        if isinstance(node, ast.Name) and node.id in self.index.classes and \
                node.id not in self.names.imported:
            return self.class_ref(self.index.classes[node.id], node)
        if isinstance(node, ast.Name) and node.id in self.index.aliases and \
                node.id not in self.names.imported:
            return self._type_schema(self.index.aliases[node.id])
        qualified = self.qualified(node) or ""
        if qualified == "pydantic.AnyUrl":
            self._hide(Hidden("URLs are normalised (a bare host gains a trailing `/`)",
                              node))
        if qualified == "decimal.Decimal":
            return self._decimal()
        if qualified in _SCALARS:
            return copy.deepcopy(_SCALARS[qualified])
        if qualified in _UNTYPED or qualified in ("builtins.type", "typing.Type"):
            return {}
        if qualified in ("builtins.None", "types.NoneType"):
            return {"type": "null"}
        if qualified == "typing.Tuple" and self.bare_tuple_empty:
            return {"maxItems": 0, "minItems": 0, "type": "array"}
        if qualified in _ARRAYS or qualified in _TUPLES:
            return {"items": {}, "type": "array"}
        if qualified in _SETS or qualified in _FROZENSETS:
            return self._set(qualified, {}, node)
        if qualified in _DICTS:
            return self._any_mapping()
        if qualified == "pydantic.JsonValue":
            return self._json_value_ref()
        if qualified == "pydantic.Json":
            return {"contentMediaType": "application/json", "contentSchema": {},
                    "type": "string"}
        if qualified in ("typing.Callable", "collections.abc.Callable"):
            raise Unknown("a callable has no JSON Schema (Pydantic refuses it)", node)
        where = qualified.rsplit(".", 1)[0] if "." in qualified else qualified
        foreign = self._foreign_class(where, qualified.rsplit(".", 1)[-1], node)
        if foreign is not None:
            return foreign
        if where == "builtins":
            name = qualified[9:]
            if isinstance(getattr(builtins, name, None), type):  # (`bytearray`, `memoryview`)
                raise Unknown(f"`{name}` is a built-in type whose schema portlint does not "
                              "derive", node)
            raise Unknown(f"`{name}` is not defined in this file or a module portlint knows",
                          node)
        raise Unknown(f"`{qualified}` comes from `{where}`, whose source portlint does not "
                      "read", node)

    def _decimal(self) -> dict[str, Any]:
        """A `Decimal`: a number or a string as received, a string as sent; Pydantic 2.12 and
        2.13 give the string form a pattern (2.11 and 2.14 none: all four compared). Its schema
        is remembered, so that a constraint on it is reported (as sent, Pydantic drops a bound
        and keeps a length: not derived)."""
        text: dict[str, Any] = {"type": "string"}
        if (2, 12) <= self.pydantic_version[:2] < (2, 14):
            text = {"pattern": _DECIMAL_PATTERN, "type": "string"}
        schema = text if self.serialized is not None else {"anyOf": [{"type": "number"}, text]}
        self.decimals[id(schema)] = schema
        return schema

    def words(self, keyword: str, node: ast.expr) -> Any:
        """A field's title, description or examples; computed at run time, they are noted as
        left out (:class:`LeftOut`) and :data:`_LEFT_OUT` is given: they do not change what the
        schema accepts, so the rest of it is derived and linted."""
        try:
            return self.value(node)
        except NotLiteral as computed:
            at, where = self._said_at(node)
            self.left_out.append(LeftOut(keyword, at, computed.reason, where))
            return _LEFT_OUT

    def _said_at(self, node: ast.AST) -> tuple[ast.AST, str | None]:
        """Where a note about ``node`` is said, and the module it was found in: here, or —
        found in another module — where this file uses it."""
        if self.anchor is None:
            return node, None
        return self.anchor, (self.module_path.name if self.module_path is not None
                             else "another module")

    def _hide(self, hidden: Hidden) -> None:
        at, where = self._said_at(hidden.node)
        self.hidden.append(Hidden(hidden.what, at, where or hidden.where))

    def _foreign_class(self, module: str, name: str, node: ast.expr) -> dict[str, Any] | None:
        """A class, or a type alias (`Pattern = Annotated[Union[...], ...]`), defined in another
        module of the project, read from its source by one generator of that module; what is
        unknown there is said where this file names it."""
        defined = self._defining(module, name, node)
        if defined is None:
            return None
        found, other, name = defined
        info = found.classes.classes.get(name)
        imported = name in found.names.imported
        with other.placed_here():
            if info is not None and info.kind != "other":
                return other.class_ref(info, node)
            if info is not None and not imported:
                raise Unknown(f"`{name}` is not a model, TypedDict, dataclass or enum", info.node)
            alias = found.classes.aliases.get(name)
            if alias is None or info is not None or imported:
                return None
            return other._type_schema(alias)

    def foreign_generator(self, module: str, name: str,
                          node: ast.expr) -> tuple[ClassInfo, Generator] | None:
        """The class ``name`` of another module of the project, and a generator reading that
        module that shares this one's definitions and findings."""
        defined = self._defining(module, name, node)
        if defined is None:
            return None
        found, other, name = defined
        info = found.classes.classes.get(name)
        if info is None or info.kind == "other":
            return None
        return info, other

    def _defining(self, module: str, name: str, node: ast.expr, hops: int = 0
                  ) -> tuple[Module, Generator, str] | None:
        """The module of the project defining ``name`` of ``module``, a generator reading it
        (:meth:`_generator_for`), and the name there: a name ``module`` imports from another
        module of the project (`from .models import Foo`, `from .models import *` in a
        package's `__init__`) is followed there; one it defines nowhere is its own."""
        made = self._generator_for(module, node)
        if made is None:
            return None
        found, other = made
        if _defines(found, name) or hops >= _MAX_REEXPORTS:
            return found, other, name
        for origin, origin_name in _reexports(found, name):
            defined = other._defining(origin, origin_name, node, hops + 1)
            if defined is not None and _defines(defined[0], defined[2]) and self._one_package(
                    found.path, defined[0].path):
                return defined
        return found, other, name

    def _one_package(self, first: Path, second: Path) -> bool:
        """Whether two modules belong to one top-level package (a re-export is followed within
        the package re-exporting it: one made from another distribution — the SDK 2.x's
        `mcp.types` is `from mcp_types import *` — is that distribution's API, whose types its
        framework may treat apart, and is not read through)."""
        root = self.finder.root if self.finder is not None else None
        if root is None or not (first.is_relative_to(root) and second.is_relative_to(root)):
            return False
        return first.relative_to(root).parts[0] == second.relative_to(root).parts[0]

    def _generator_for(self, module: str, node: ast.expr) -> tuple[Module, Generator] | None:
        """Another module of the project, and a generator reading it that shares this one's
        definitions and findings, its findings placed at ``node`` (where this file uses it)."""
        if self.finder is None or module == "builtins":
            return None
        found = self.finder.find(module, self.module_path)
        return self._generator_at(found.path, node) if found is not None else None

    def _generator_at(self, path: Path, node: ast.expr) -> tuple[Module, Generator] | None:
        """:meth:`_generator_for` the module of the project at ``path``."""
        found = self.finder.module_at(path) if self.finder is not None else None
        if found is None:
            return None
        other = Generator(found.classes, found.names, self.positions, self.spans, self.finder)
        for shared in ("defs", "hidden", "_building", "model_refs", "decimals", "recursive",
                       "string_metadata", "depth", "pydantic_version", "serialized"):
            setattr(other, shared, getattr(self, shared))
        other.anchor = self.anchor or node
        other.module_path = found.path
        return found, other

    @contextmanager
    def placed_here(self) -> Iterator[None]:
        """What is unknown reading this generator's module is said where the file being read
        refers to it (nothing changes for the file's own module)."""
        try:
            yield
        except Unknown as problem:
            raise self.reanchored(problem) from None

    def reanchored(self, problem: Unknown) -> Unknown:
        """``problem``, found reading another module, placed where this file refers to it, the
        other module's place named in its reason (its own node is in another file's text)."""
        if self.anchor is None or problem.node is self.anchor:
            return problem
        where = self.module_path.name if self.module_path is not None else "another module"
        line = getattr(problem.node, "lineno", None)
        place = f"{where}, line {line}" if line is not None else where
        return Unknown(f"{problem.reason} (in {place})", self.anchor)

    def _reference(self, name: str) -> dict[str, Any]:
        """`{"$ref": "#/$defs/<name>"}`, remembered as pointing at a definition (Pydantic gives a
        field holding one no title)."""
        ref = {"$ref": f"#/$defs/{name}"}
        self.model_refs.add(id(ref))
        self.spans.keep(ref)
        return ref

    def _json_value_ref(self) -> dict[str, Any]:
        self.defs.setdefault("JsonValue", {})
        return self._reference("JsonValue")

    def _generic(self, node: ast.Subscript) -> dict[str, Any]:
        origin = self.qualified(node.value) or ""
        arguments = (list(node.slice.elts) if isinstance(node.slice, ast.Tuple)
                     else [node.slice])
        if isinstance(node.value, ast.Name) and node.value.id in self.index.classes:
            raise Unknown(f"the generic model `{node.value.id}[...]` is not derived statically",
                          node)
        if origin in _OPTIONAL:
            return self._union([arguments[0], ast.Constant(None)], node)
        if origin in _UNIONS:
            return self._union(arguments, node)
        if origin in _LITERAL:
            return self._literal(arguments, node)
        if origin in _ANNOTATED:
            return self._annotated(arguments[0], arguments[1:], node)
        if origin in ("typing.Required", "typing.NotRequired", "typing.ReadOnly",
                      "typing.Final", "typing.ClassVar"):
            return self._type_schema(arguments[0])
        if origin in _ARRAYS:
            return {"items": self.type_schema(arguments[0]), "type": "array"}
        if origin in _SETS or origin in _FROZENSETS:
            return self._set(origin, self.type_schema(arguments[0]), node)
        if origin in _TUPLES:
            return self._tuple(node, arguments)
        if origin in _DICTS:
            schema: dict[str, Any] = {"type": "object"}
            value = self.type_schema(arguments[1]) if len(arguments) > 1 else {}
            if value:
                schema["additionalProperties"] = value
            else:
                schema.update(self._any_mapping())
            if arguments:
                key = self._type_schema(arguments[0])
                if "enum" in key or "const" in key:
                    schema["propertyNames"] = {"enum": key.get("enum", [key.get("const")])}
                elif key not in ({"type": "string"}, {}):
                    raise Unknown("a dict whose keys are not strings", arguments[0])
            return schema
        if origin == "pydantic.Json":
            return {"contentMediaType": "application/json",
                    "contentSchema": self.type_schema(arguments[0]), "type": "string"}
        if origin in ("builtins.type", "typing.Type"):
            return {}
        if origin in ("pydantic.json_schema.SkipJsonSchema", "pydantic.SkipJsonSchema"):
            raise Unknown("`SkipJsonSchema` hides this from the schema", node)
        if origin in ("typing.Callable", "collections.abc.Callable"):
            raise Unknown("a callable has no JSON Schema (Pydantic refuses it)", node)
        raise Unknown(f"`{shown_code(node.value)}[...]` is not a type portlint derives", node)

    def _any_mapping(self) -> dict[str, Any]:
        """`dict` / `dict[str, Any]`: Pydantic 2.11 added `additionalProperties: true`."""
        if self.pydantic_version >= (2, 11):
            return {"additionalProperties": True, "type": "object"}
        return {"type": "object"}

    def _set(self, origin: str, items: dict[str, Any], node: ast.expr) -> dict[str, Any]:
        if origin in _SETS:  # frozensets are built from the input as given
            self._hide(Hidden("duplicates are merged silently, not refused, though the schema "
                              "says uniqueItems", node))
        return {"items": items, "type": "array", "uniqueItems": True}

    def _tuple(self, node: ast.Subscript, arguments: list[ast.expr]) -> dict[str, Any]:
        if len(arguments) == 2 and isinstance(arguments[1], ast.Constant) and \
                arguments[1].value is Ellipsis:
            return {"items": self.type_schema(arguments[0]), "type": "array"}
        if not arguments or (len(arguments) == 1 and isinstance(arguments[0], ast.Tuple)
                             and not arguments[0].elts):
            return {"maxItems": 0, "minItems": 0, "type": "array"}  # tuple[()]
        return {"maxItems": len(arguments), "minItems": len(arguments),
                "prefixItems": [self.type_schema(a) for a in arguments], "type": "array"}

    def _union(self, members: list[ast.expr], node: ast.expr) -> dict[str, Any]:
        flat: list[ast.expr] = []
        pending = list(reversed(members))
        while pending:  # nested unions and optionals flatten, as typing does
            member = pending.pop()
            origin = self.qualified(member.value) if isinstance(member, ast.Subscript) else None
            if isinstance(member, ast.Subscript) and origin in _UNIONS:
                elements = member.slice.elts if isinstance(member.slice, ast.Tuple) else [
                    member.slice]
                pending.extend(reversed(elements))
            elif isinstance(member, ast.Subscript) and origin in _OPTIONAL:
                pending.extend([ast.Constant(None), member.slice])
            elif isinstance(member, ast.BinOp) and isinstance(member.op, ast.BitOr):
                pending.extend(reversed(self._flatten_or(member)))
            else:
                flat.append(member)
        schemas: list[dict[str, Any]] = []
        for member in flat:
            origin = self.qualified(member.value) if isinstance(member, ast.Subscript) else None
            if origin in ("pydantic.json_schema.SkipJsonSchema", "pydantic.SkipJsonSchema"):
                self._hide(Hidden("a value the schema leaves out (`SkipJsonSchema`) is "
                                  "still accepted", member))
                continue
            schemas.append(self._described(self.type_schema(member), member))
        null = next((s for s in schemas if s == {"type": "null"}), None)
        rest = flattened_anyof([s for s in schemas if s != {"type": "null"}])
        if null is None or rest is None:  # Pydantic makes the rest nullable: null comes last
            return dict(rest if rest is not None else null or {})
        return flattened_anyof([rest, null]) or {}

    def _described(self, schema: dict[str, Any], member: ast.expr) -> dict[str, Any]:
        """A union's member written `Annotated[T, Field(description=...)]`: Pydantic writes the
        field's words on the member itself (a field's own annotation gets them from
        :meth:`field`)."""
        if not (isinstance(member, ast.Subscript) and self.qualified(member.value) in _ANNOTATED):
            return schema
        words = {k: self.words(k, v) for k, v in self.field_info(None, member).keywords.items()
                 if k in _WORDS}
        if not words:
            return schema
        return {**schema, **{k: v for k, v in words.items() if v is not _LEFT_OUT}}

    def _literal(self, arguments: list[ast.expr], node: ast.expr) -> dict[str, Any]:
        values = []
        for argument in arguments:
            try:
                values.append(literal(argument, self.enum_value))
            except ValueError:
                raise Unknown("a `Literal` value that is not a constant", argument) from None
        kinds = {type(v) for v in values}
        names = {str: "string", int: "integer", bool: "boolean", float: "number",
                 type(None): "null"}
        schema: dict[str, Any] = {"const": values[0]} if len(values) == 1 else {"enum": values}
        if len(kinds) == 1 and next(iter(kinds)) in names:
            schema["type"] = names[next(iter(kinds))]
        return schema

    def _call_type(self, node: ast.Call) -> dict[str, Any]:
        function = self.qualified(node.func) or ""
        keywords = {k.arg: k.value for k in node.keywords if k.arg}
        if function == "pydantic.conint":
            base: dict[str, Any] = {"type": "integer"}
        elif function == "pydantic.confloat":
            base = {"type": "number"}
        elif function == "pydantic.constr":
            base = {"type": "string"}
            for flag in ("strip_whitespace", "to_lower", "to_upper"):
                if flag in keywords:
                    self._hide(Hidden(f"`{flag}` changes the value", node))
        elif function == "pydantic.conlist":
            base = {"items": self.type_schema(node.args[0]), "type": "array"}
        elif function in ("pydantic.conset", "pydantic.confrozenset"):
            base = {"items": self.type_schema(node.args[0]), "type": "array",
                    "uniqueItems": True}
        else:
            raise Unknown(f"`{shown_code(node.func)}(...)` is not a type portlint derives",
                          node)
        return self._constrain(base, keywords, node)

    def _constrain(self, schema: dict[str, Any], keywords: dict[str, ast.expr],
                   node: ast.AST) -> dict[str, Any]:
        constraints: dict[str, Any] = {}
        for name, value in keywords.items():
            try:
                constant = self.value(value)
            except ValueError:
                raise Unknown(f"`{name}` is not a constant", value) from None
            if name not in ("strict", "strip_whitespace", "to_lower", "to_upper",
                            "unique_items"):
                constraints[name] = constant
        try:
            hidden = constrain(schema, constraints, self.pydantic_version)
        except NotDerived as error:
            failure = StartFailure if error.fails_start else Unknown
            raise failure(str(error), keywords.get(error.constraint, node)) from None
        for name, what in hidden:
            self._hide(Hidden(what, keywords.get(name, node)))
        return schema

    def _is_annotated(self, node: ast.expr) -> bool:
        return isinstance(node, ast.Subscript) and (self.qualified(node.value) or "") in _ANNOTATED

    def _annotated(self, base: ast.expr, metadata: list[ast.expr],
                   node: ast.expr) -> dict[str, Any]:
        replaced: dict[str, Any] | None = None
        input_type: ast.expr | None = None
        plain = False
        discriminated = False
        keywords: dict[str, ast.expr] = {}
        description: str | None = None
        for written in metadata:
            if isinstance(written, ast.Constant) and isinstance(written.value, str):
                # ignored by Pydantic; fastmcp reads it as the description of `Annotated[T,
                # "text"]` alone: beside other metadata (`Annotated[T, Field(...), "text"]`,
                # basic-memory's), or around another `Annotated` (flattened into one), it
                # leaves it, and the docstring's words stand
                if len(metadata) == 1 and not self._is_annotated(base):
                    description = written.value
                continue
            # a call, or a constant bound to `Field(...)`
            item = written if isinstance(written, ast.Call) else self.index.field_constant(
                written)
            if item is None:
                raise Unknown("`Annotated` metadata portlint does not know", written)
            function = self.qualified(item.func) or "" if item is written else "pydantic.Field"
            item_keywords = {k.arg: k.value for k in item.keywords if k.arg}
            if function == "pydantic.Field":
                keywords.update(item_keywords)
            elif function == "pydantic.StringConstraints":
                for flag in ("strip_whitespace", "to_lower", "to_upper"):
                    if flag in item_keywords:
                        self._hide(Hidden(f"`{flag}` changes the value before it is "
                                          "used", item))
                keywords.update({k: v for k, v in item_keywords.items()
                                 if k not in ("strip_whitespace", "to_lower", "to_upper")})
            elif function in _VALIDATORS:
                if "json_schema_input_type" in item_keywords and \
                        function == "pydantic.BeforeValidator":
                    input_type = item_keywords["json_schema_input_type"]  # the coercion is shown
                    continue
                self._hide(Hidden(_VALIDATORS[function], item))
                if "json_schema_input_type" in item_keywords:
                    input_type = item_keywords["json_schema_input_type"]
                elif function == "pydantic.PlainValidator":
                    plain = True
            elif function == "pydantic.WithJsonSchema":
                if not item.args or not isinstance(item.args[0], ast.Dict):
                    raise Unknown("`WithJsonSchema` with a value that is not a dict literal",
                                  item)
                replaced = self.dict_literal(item.args[0])
                self._hide(Hidden("the schema is written by hand (`WithJsonSchema`): "
                                  "what is validated is the declared type", item))
            elif function in ("pydantic.Strict", "pydantic.Tag"):
                continue
            elif function == "pydantic.Discriminator":
                self._hide(Hidden("a function chooses the union's branch", item))
                discriminated = True
            else:
                raise Unknown(f"`{shown_code(item.func)}(...)` in `Annotated` is not derived "
                              "statically", item)
        if replaced is not None:
            schema = replaced
        elif input_type is not None:
            schema = self._type_schema(input_type)
        elif plain:
            schema = {}
        else:
            schema = self._type_schema(base)
        if discriminated and "anyOf" in schema:
            schema = {("oneOf" if k == "anyOf" else k): v for k, v in schema.items()}
        if keywords:
            schema = self._apply_field_keywords(schema, keywords, node)
        if "discriminator" in keywords:  # `List[Annotated[A | B, Field(discriminator=...)]]`
            schema = self._discriminated(schema, keywords["discriminator"])
        if description is not None:
            self.string_metadata[id(node)] = description
        return schema

    def _apply_field_keywords(self, schema: dict[str, Any], keywords: dict[str, ast.expr],
                              node: ast.AST) -> dict[str, Any]:
        constraints = {k: v for k, v in keywords.items() if k in _CONSTRAINTS}
        if constraints and (id(schema) in self.decimals or any(
                id(branch) in self.decimals for branch in schema.get("anyOf", ()))):
            raise Unknown("constraints on a `Decimal` are not derived", node)
        if constraints:
            branches = schema.get("anyOf")
            if isinstance(branches, list) and len(branches) == 2 and branches[1] == {
                    "type": "null"} and "$ref" not in branches[0]:
                # `Optional[X]` with constraints: they go into the non-null branch
                constrained = self._constrain(dict(branches[0]), constraints, node)
                self.mark(constrained, node)
                return {**schema, "anyOf": [constrained, branches[1]]}
            if "$ref" in schema or "anyOf" in schema:
                raise Unknown("constraints on a reference or a union", node)
            schema = self._constrain(dict(schema), constraints, node)
        return schema

    def dict_literal(self, node: ast.Dict) -> dict[str, Any]:
        """A dict literal as a schema value, with spans on its keys and values (a value written
        as the name of a module constant, ``"maximum": MAX_RESULTS``, is that constant; one
        made by a helper of the module returning a literal is that literal: literal_calls)."""
        written = inlined(node, self.index.constants)
        node = written if isinstance(written, ast.Dict) else node
        substituted = self.index.constants.substituted(node)
        try:
            value = literal(substituted)
        except ValueError:
            raise _first_computed(substituted) or Unknown(
                "a dict whose values are not constants", node) from None
        if not isinstance(value, dict):
            raise Unknown("not a dict", node)
        self._mark_literal(value, node)
        return value

    def _mark_literal(self, value: Any, node: ast.expr) -> None:
        self.mark(value, node)
        if isinstance(value, (dict, list)) and self.anchor is None:
            self.spans.mark_literal(value)
        if isinstance(value, dict) and isinstance(node, ast.Dict):
            written = [(str(literal(self.index.constants.substituted(key_node))), key_node,
                        value_node) for key_node, value_node in zip(node.keys, node.values,
                                                                    strict=True)
                       if key_node is not None]
            last = {key: index for index, (key, _, _) in enumerate(written)}
            for index, (key, key_node, value_node) in enumerate(written):
                if last[key] != index:
                    continue  # written again later: the later one is the value (as in Python)
                self.spans.mark_key(value, key, self.span(key_node))
                if is_named_constant(value_node):
                    # written as a name: found there, but its text is not the value to edit
                    self.spans.mark_named(value, key, self.span(value_node))
                    self.mark(value[key], value_node)
                    continue
                self.spans.mark_value(value, key, self.span(value_node))
                self._mark_literal(value[key], value_node)
        elif isinstance(value, list) and isinstance(node, (ast.List, ast.Tuple)):
            for i, (item, item_node) in enumerate(zip(value, node.elts, strict=True)):
                if is_named_constant(item_node):
                    self.spans.mark_named(value, i, self.span(item_node))
                    self.mark(item, item_node)
                    continue
                self.spans.mark_value(value, i, self.span(item_node))
                self._mark_literal(item, item_node)

    # -- classes ------------------------------------------------------------------------------

    def class_ref(self, info: ClassInfo, node: ast.expr | None) -> dict[str, Any]:
        with self._nested(node or info.node):
            return self._class_ref(info, node)

    def _class_ref(self, info: ClassInfo, node: ast.expr | None) -> dict[str, Any]:
        if self.anchor is None:
            self.used.add(info.name)
        if info.kind == "other":
            raise Unknown(f"`{info.name}` is not a model, TypedDict, dataclass or enum", node)
        if info.name in self._building:
            self.recursive.add(info.name)
        elif info.name not in self.defs:
            self._building.add(info.name)
            try:
                self.defs[info.name] = self.class_schema(info)
            finally:
                self._building.discard(info.name)
        return self._reference(info.name)

    def class_schema(self, info: ClassInfo) -> dict[str, Any]:
        """The definition body of a local class (its fields' types as Pydantic reads them,
        whatever a framework does to the type that names the class)."""
        empty, self.bare_tuple_empty = self.bare_tuple_empty, False
        try:
            return self._class_body(info)
        finally:
            self.bare_tuple_empty = empty

    def _class_body(self, info: ClassInfo) -> dict[str, Any]:
        if info.kind == "enum":
            return self._enum(info)
        if info.kind == "root-model":
            return self._root_model(info)
        if info.kind == "namedtuple":
            return self._namedtuple(info)
        return self._object(info)

    def _docstring(self, node: ast.ClassDef) -> str | None:
        text = ast.get_docstring(node, clean=False)
        return inspect.cleandoc(text) if text else None

    def _enum(self, info: ClassInfo) -> dict[str, Any]:
        values = [value for _, value in self._members(info)]
        schema: dict[str, Any] = {"enum": values, "title": info.name}
        kinds = {type(v) for v in values}
        if len(kinds) == 1 and next(iter(kinds)) in _ENUM_TYPE_NAMES:  # as Pydantic says it
            schema["type"] = _ENUM_TYPE_NAMES[next(iter(kinds))]
        description = self._docstring(info.node)
        if description:
            schema["description"] = description
        return self.mark(schema, info.node)  # type: ignore[no-any-return]

    def _root_model(self, info: ClassInfo) -> dict[str, Any]:
        root, generator = self._root_type(info)
        with generator.placed_here():
            schema = dict(generator.type_schema(root))
        schema["title"] = info.name
        description = self._docstring(info.node)  # its own: a class's docstring is not inherited
        if description:
            schema["description"] = description
        return self.mark(schema, info.node)  # type: ignore[no-any-return]

    def _root_type(self, info: ClassInfo) -> tuple[ast.expr, Generator]:
        """The type of a root model's `root`, and the generator reading the module that writes
        it: the nearest class of its line (itself first) annotating `root` (`class
        Tags(RootModel): root: list[str]`) or parametrising `RootModel[...]`. A `root` given a
        default, or none found, is unknown."""
        for owner in reversed(self._lineage(info)):
            for statement in owner.info.node.body:
                if isinstance(statement, ast.AnnAssign) and isinstance(
                        statement.target, ast.Name) and statement.target.id == "root":
                    if statement.value is not None:
                        raise owner.generator.reanchored(Unknown(
                            f"the root of `{owner.info.name}` has a default", statement.value))
                    return statement.annotation, owner.generator
            for base in owner.info.node.bases:
                if isinstance(base, ast.Subscript):
                    return base.slice, owner.generator
        raise Unknown(f"`{info.name}` is a `RootModel` whose type is not written",
                      self.anchor or info.node)

    def _namedtuple(self, info: ClassInfo) -> dict[str, Any]:
        items = []
        required = 0
        for name, annotation, value, _, generator, _ in _fields(self._lineage(info)):
            with generator.placed_here():
                item = dict(generator.type_schema(annotation))
                item["title"] = title_of(name)
                if value is None:
                    required += 1
                else:
                    item["default"] = generator._default(value)
            items.append(generator.mark(item, annotation))
        schema = {"maxItems": len(items), "minItems": required, "prefixItems": items,
                  "type": "array"}
        return self.mark(schema, info.node)  # type: ignore[no-any-return]

    def _lineage(self, info: ClassInfo) -> list[Owner]:
        """The class and its bases of the project in the order Pydantic collects their fields:
        its method resolution order (Python's C3 linearisation) reversed, the farthest base
        first — each with the generator reading its module (a base imported from another module
        of the project is read there, what it says placed where this module names it).
        Bounded: more than :data:`MAX_NESTING` classes is reported as unknown; bases Python
        cannot order (the class would not be created) are unknown too."""
        linearised: dict[tuple[int, str], list[Owner]] = {}
        start = Owner(self, info)
        pending: list[Owner] = [start]
        while pending:  # bases before the classes deriving from them, without recursion
            current = pending[-1]
            if current.key in linearised:
                pending.pop()
                continue
            if len(linearised) + len(pending) > MAX_NESTING:
                raise Unknown(f"`{info.name}` inherits through more than {MAX_NESTING} "
                              "classes; portlint stops there", self.anchor or info.node)
            bases = current.generator._bases(current.info)
            waiting = [b for b in bases if b.key not in linearised]
            if any(b.key == p.key for b in waiting for p in pending):
                raise Unknown(f"`{current.info.name}` inherits from itself", current.info.node)
            if waiting:
                pending.extend(waiting)
                continue
            pending.pop()
            merged = _c3_merge([linearised[b.key] for b in bases] + [bases])
            if merged is None:
                raise Unknown(f"`{current.info.name}`'s bases have no consistent method "
                              "resolution order (Python refuses to create the class)",
                              current.info.node)
            linearised[current.key] = [current, *merged]
        return list(reversed(linearised[start.key]))

    def _bases(self, info: ClassInfo) -> list[Owner]:
        """The bases of a class of this module that are classes of the project, each with the
        generator reading its module."""
        owners: list[Owner] = []
        for base in info.bases:
            if base.module is None:
                owners.append(Owner(self, self.index.classes[base.name]))
                continue
            made = self._generator_at(base.module, base.node)
            found = made[0].classes.classes.get(base.name) if made is not None else None
            if made is None or found is None:
                raise Unknown(f"`{shown_code(base.node)}` cannot be read where it is defined",
                              base.node)
            owners.append(Owner(made[1], found))
        return owners

    def _own_validators(self, info: ClassInfo) -> None:
        for statement in info.node.body:
            if not isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for decorator in statement.decorator_list:
                target = decorator.func if isinstance(decorator, ast.Call) else decorator
                qualified = self.qualified(target) or ""
                if qualified in ("pydantic.field_validator", "pydantic.validator"):
                    self._hide(Hidden(f"the validator `{statement.name}` checks or "
                                      "changes the value", decorator))
                elif qualified in ("pydantic.model_validator", "pydantic.root_validator"):
                    self._hide(Hidden(f"the model validator `{statement.name}` checks "
                                      "the fields together", decorator))

    def _object(self, info: ClassInfo) -> dict[str, Any]:
        line = self._lineage(info)
        config = _config(line) if info.kind == "model" else {}
        for owner in line:  # validators are inherited: said as what the schema does not show
            owner.generator._own_validators(owner.info)
        alias = None
        if "alias_generator" in config:
            written, where = config["alias_generator"]
            if where.qualified(written) != "pydantic.alias_generators.to_camel":
                raise where.reanchored(Unknown("an alias generator portlint does not know",
                                               written))
            alias = _to_camel
            if "populate_by_name" in config or "validate_by_name" in config:
                where._hide(Hidden("the field names are accepted too, besides the "
                                   "aliases the schema shows", written))
        properties: dict[str, Any] = {}
        required: list[str] = []
        for name, annotation, value, target, generator, declared_in in _fields(line):
            with generator.placed_here():
                key, field_schema, is_required = generator.field(
                    name, annotation, value, info, total=_total(declared_in), generator=alias)
            if field_schema is None:
                continue
            properties[key] = field_schema
            self.spans.mark_key(properties, key, generator.span(target))
            if is_required:
                required.append(key)
        if self.serialized is not None:
            self._computed_fields(line, properties, required)
        schema: dict[str, Any] = {"properties": properties}
        if required:
            schema["required"] = required
        schema["title"] = info.name
        schema["type"] = "object"
        description = self._docstring(info.node)
        # a dataclass's docstring became its description in Pydantic 2.13 (2.12.5 recorded
        # without it)
        if description and (info.kind != "dataclass" or self.pydantic_version >= (2, 13)):
            schema["description"] = description
        extra = config.get("extra")
        if extra is not None:
            mode = literal(extra[0])
            if mode == "forbid":
                schema["additionalProperties"] = False
            elif mode == "allow":
                schema["additionalProperties"] = True
        if "title" in config:
            schema["title"] = literal(config["title"][0])
        if "json_schema_extra" in config:
            extra_value, where = config["json_schema_extra"]
            with where.placed_here():
                if not isinstance(extra_value, ast.Dict):
                    raise Unknown("a `json_schema_extra` that is not a dict literal",
                                  extra_value)
                where._merge_extra(schema, extra_value)
        return self.mark(schema, info.node)  # type: ignore[no-any-return]

    def _computed_fields(self, line: list[Owner], properties: dict[str, Any],
                         required: list[str]) -> None:
        """A model's `@computed_field` properties, as a value sent lists them: read-only and
        required, after the fields (recorded in `*-output-modes`)."""
        for owner in line:
            generator = owner.generator
            for statement in owner.info.node.body:
                if not isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    continue
                written = [(generator.qualified(d.func if isinstance(d, ast.Call) else d), d)
                           for d in statement.decorator_list]
                serializer = next((d for q, d in written if q in _SERIALIZERS), None)
                if serializer is not None:
                    with generator.placed_here():
                        raise Unknown("a serializer decides what the model sends (`"
                                      f"{shown_code(serializer)}`): its output schema is not "
                                      "derived", serializer)
                decorators = [d for q, d in written if q == "pydantic.computed_field"]
                if not decorators:
                    continue
                with generator.placed_here():
                    if isinstance(decorators[0], ast.Call) or statement.returns is None:
                        raise Unknown("a computed field with options or without a return "
                                      "annotation is not derived", decorators[0])
                    schema = dict(generator.type_schema(statement.returns))
                schema["readOnly"] = True
                schema["title"] = title_of(statement.name)
                properties[statement.name] = schema
                if statement.name not in required:
                    required.append(statement.name)

    def _merge_extra(self, schema: dict[str, Any], node: ast.Dict) -> None:
        extra = self.dict_literal(node)
        for key, value in extra.items():
            schema[key] = value
            key_span = self.spans.keys.get((id(extra), key))
            self.spans.mark_key(schema, key, key_span)
            self.spans.mark_value(schema, key, self.spans.values.get((id(extra), key)))

    def key_type(self, annotation: ast.expr) -> ast.expr:
        """A TypedDict key's type without its `Required`/`NotRequired` (any other annotation as
        it is)."""
        if isinstance(annotation, ast.Subscript) and self.qualified(annotation.value) in (
                "typing.Required", "typing.NotRequired"):
            return annotation.slice
        return annotation

    def field_info(self, value: ast.expr | None, annotation: ast.expr) -> FieldInfo:
        keywords: dict[str, ast.expr] = {}
        annotation = self.key_type(annotation)
        annotation, keywords = self._through_alias(annotation)
        if isinstance(annotation, ast.Subscript) and self.qualified(annotation.value) in \
                _ANNOTATED:
            elements = annotation.slice.elts if isinstance(annotation.slice, ast.Tuple) else []
            for item in elements[1:]:
                field = self._field_call(item)
                if field is not None:
                    keywords.update({k.arg: k.value for k in field.keywords if k.arg})
                    # `Field(None, ...)`: its first argument is the default, as `default=` is
                    # (`...`: none); a default assigned to the name wins over it — the same
                    # under Pydantic 2.11 and 2.14, in a model and in a tool's parameters
                    # (tests/python/servers/*-annotated-default)
                    first = field.args[0] if field.args else None
                    if first is not None and "default" not in keywords and not (
                            isinstance(first, ast.Constant) and first.value is Ellipsis):
                        keywords["default"] = first
        # `...` as a default, however written (`= ...`, `Field(...)`, `Field(default=...)`),
        # is Pydantic's "required": no default (mfa-servicenow-mcp 1.25.4)
        if value is None:
            if "default" in keywords and not _is_ellipsis(keywords["default"]):
                # `Annotated[int, Field(default=5000)]`
                return FieldInfo(True, self._default(keywords["default"]), False, keywords)
            return FieldInfo(False, None, "default_factory" in keywords, keywords)
        field = self._field_call(value)
        if field is not None or (isinstance(value, ast.Call) and self.qualified(
                value.func) == "dataclasses.field"):
            value = field if field is not None else value
            assert isinstance(value, ast.Call)
            keywords.update({k.arg: k.value for k in value.keywords if k.arg})
            if value.args:
                first = value.args[0]
                if _is_ellipsis(first):
                    return FieldInfo(False, None, False, keywords)
                return FieldInfo(True, self._default(first), False, keywords)
            if "default" in keywords and not _is_ellipsis(keywords["default"]):
                return FieldInfo(True, self._default(keywords["default"]), False, keywords)
            return FieldInfo(False, None, "default_factory" in keywords, keywords)
        if _is_ellipsis(value):
            return FieldInfo(False, None, False, keywords)
        return FieldInfo(True, self._default(value), False, keywords)

    def _through_alias(self, annotation: ast.expr) -> tuple[ast.expr, dict[str, ast.expr]]:
        """An annotation naming a type alias (`StoreId = Annotated[str, Field(...)]`) as the
        alias stands, so its `Field` is the field's as if written in place (Pydantic merges
        them alike; kroger-mcp 0.4.0 describes its parameters so): the alias of this module,
        or the `Field` keywords of one another module of the project defines (its values read
        there, given as the values they are)."""
        seen = 0
        while isinstance(annotation, ast.Name) and annotation.id in self.index.aliases and \
                annotation.id not in self.names.imported and seen < _MAX_REEXPORTS:
            annotation = self.index.aliases[annotation.id]
            seen += 1
        if not isinstance(annotation, (ast.Name, ast.Attribute)):
            return annotation, {}
        qualified = self.qualified(annotation) or ""
        if "." not in qualified or qualified.startswith(("typing.", "builtins.", "pydantic.")):
            return annotation, {}
        module, _, name = qualified.rpartition(".")
        defined = self._defining(module, name, annotation)
        if defined is None:
            return annotation, {}
        found, other, name = defined
        alias = found.classes.aliases.get(name)
        if alias is None or name in found.names.imported or name in found.classes.classes:
            return annotation, {}
        with other.placed_here():
            info = other.field_info(None, alias)
            keywords = {key: other._given_value(key, node) for key, node in info.keywords.items()}
        return annotation, keywords

    def _given_value(self, key: str, node: ast.expr) -> ast.expr:
        """A `Field` keyword of this module, as the value it is (to be read in another module:
        an alias's `Field` applies where the alias is used)."""
        if key in ("default_factory", "discriminator", "validation_alias",
                   "serialization_alias"):
            return node  # not read as a value
        try:
            found = self.value(node)
        except NotLiteral as error:
            raise Unknown(f"the type alias's `{key}`: {error.reason}", node) from None
        return ast.copy_location(ast.Constant(value=found), node)

    def _field_call(self, node: ast.expr) -> ast.Call | None:
        """The `pydantic.Field(...)` call ``node`` is, or names (a module constant bound to one:
        :mod:`portlint.python.field_constants`); None for anything else."""
        if isinstance(node, ast.Call):
            return node if self.qualified(node.func) == "pydantic.Field" else None
        return self.index.field_constant(node)

    def _default(self, node: ast.expr) -> Any:
        try:
            return self.value(node)
        except ValueError:
            raise Unknown("a default value computed at run time", node) from None

    def value(self, node: ast.expr) -> Any:
        """The JSON value of what a `Field(...)` option or a default is written as: a literal,
        with the names of the module's constants (its own, or imported from the project's other
        modules) read as those constants; :class:`NotLiteral` otherwise."""
        try:
            return literal(self.index.constants.substituted(node), self.enum_value)
        except NotLiteral:
            raise NotLiteral(f"`{shown_code(node)}` is computed at run time", node) from None

    def field(self, name: str, annotation: ast.expr, value: ast.expr | None, info: ClassInfo,
              *, total: bool = True, generator: Callable[[str], str] | None = None
              ) -> tuple[str, dict[str, Any] | None, bool]:
        """(property key, schema, required) of one field; schema None when it is left out."""
        origin = self.qualified(annotation.value) if isinstance(annotation,
                                                                 ast.Subscript) else None
        if origin in ("pydantic.json_schema.SkipJsonSchema", "pydantic.SkipJsonSchema"):
            self._hide(Hidden(f"the field `{name}` is accepted but not in the schema",
                              annotation))
            return name, None, False
        required_override: bool | None = None
        if info.kind == "typeddict":
            if origin == "typing.Required":
                required_override = True
            elif origin == "typing.NotRequired":
                required_override = False
        field = self.field_info(value, annotation)
        keywords = field.keywords
        for keyword in keywords:
            if keyword not in _FIELD_IGNORED and keyword not in _CONSTRAINTS and keyword not in (
                    "default", "default_factory", "alias", "validation_alias", "title",
                    "description", "examples", "deprecated", "json_schema_extra",
                    "discriminator"):
                raise Unknown(f"`Field({keyword}=...)` is not derived statically",
                              keywords[keyword])
        if self.serialized is not None and "exclude" in keywords and self.value(
                keywords["exclude"]) is True:
            return name, None, False  # never sent
        base = self.type_schema(annotation)
        is_reference = self._is_reference(base)
        schema = dict(base)
        if id(base) in self.decimals:
            self.decimals[id(schema)] = schema
        self.mark(schema, annotation)
        if keywords and not (isinstance(annotation, ast.Subscript) and origin in _ANNOTATED):
            schema = self._apply_field_keywords(schema, keywords, annotation)
            self.mark(schema, annotation)
        if "discriminator" in keywords and not (origin in _ANNOTATED and "discriminator" in (
                self.field_info(None, annotation).keywords)):  # (there, `_annotated` did it)
            schema = self._discriminated(schema, keywords["discriminator"])
        key = name
        if generator is not None and self.serialized != "name":
            key = generator(name)
        if "alias" in keywords and self.serialized != "name":
            key = str(self.value(keywords["alias"]))
        if self.serialized is not None:
            if "serialization_alias" in keywords and self.serialized == "alias":
                key = str(self.value(keywords["serialization_alias"]))
        elif "validation_alias" in keywords:
            alias = keywords["validation_alias"]
            if isinstance(alias, ast.Call) and self.qualified(alias.func) == \
                    "pydantic.AliasChoices":
                key = str(self.value(alias.args[0]))
                self._hide(Hidden("other keys are accepted for this field "
                                  "(`AliasChoices`)", alias))
            else:
                key = str(self.value(alias))
        if field.has_default:  # before the title, as Pydantic writes a field
            schema["default"] = field.default
        if "title" in keywords:
            title = self.words("title", keywords["title"])
            if title is not _LEFT_OUT:
                schema["title"] = title
        elif not is_reference:
            schema["title"] = title_of(key)
        for keyword in ("description", "examples", "deprecated"):
            if keyword in keywords:
                value = self.words(keyword, keywords[keyword]) if keyword in _WORDS else \
                    self.value(keywords[keyword])
                if value is not _LEFT_OUT:
                    schema[keyword] = value
        if "json_schema_extra" in keywords:
            extra = keywords["json_schema_extra"]
            if not isinstance(extra, ast.Dict):
                raise Unknown("a `json_schema_extra` that is not a dict literal", extra)
            self._merge_extra(schema, extra)
        required = not field.has_default and not field.factory
        if info.kind == "typeddict":  # a key with a default is not required, even `Required`
            # (Pydantic 2.10.6 to 2.14.4 alike; recorded in m2-typeddict-metadata)
            required = required and (total if required_override is None else required_override)
        self.mark(schema, annotation)
        return key, schema, required

    def _is_reference(self, schema: dict[str, Any]) -> bool:
        """Whether a field's schema is a reference to a class (Pydantic gives such fields no
        title), alone or made nullable."""
        if id(schema) in self.model_refs:
            return True
        branches = schema.get("anyOf")
        if isinstance(branches, list) and len(branches) == 2 and {"type": "null"} in branches:
            other = branches[0] if branches[1] == {"type": "null"} else branches[1]
            return id(other) in self.model_refs
        return False

    def _discriminated(self, schema: dict[str, Any], node: ast.expr) -> dict[str, Any]:
        branches = schema.get("anyOf")
        try:
            name = self.value(node)
        except ValueError:
            raise Unknown("a discriminator that is not a field name", node) from None
        if not isinstance(branches, list) or not isinstance(name, str):
            raise Unknown("a discriminator on something that is not a union of models", node)
        mapping: dict[str, str] = {}
        for branch in branches:
            ref = branch.get("$ref", "")
            body = self.defs.get(ref.rsplit("/", 1)[-1]) if ref else None
            prop = (body or {}).get("properties", {}).get(name, {})
            values = [prop["const"]] if "const" in prop else prop.get("enum", [])
            if not values:
                raise Unknown("a discriminated branch without a literal tag", node)
            for value in values:
                mapping[str(value)] = ref
        out = {k: v for k, v in schema.items() if k != "anyOf"}
        out["discriminator"] = {"mapping": mapping, "propertyName": name}
        out["oneOf"] = branches
        return out

    # -- whole schemas ------------------------------------------------------------------------

    def with_defs(self, schema: dict[str, Any]) -> dict[str, Any]:
        """``schema`` with the `$defs` collected so far (none when empty)."""
        if self.defs:
            return {"$defs": dict(self.defs), **schema}
        return schema

    def field_with_metadata(self, info: ClassInfo) -> ast.expr | None:
        """The annotation of the first field of ``info`` (inherited ones included) that carries
        `Annotated` metadata besides text (`Annotated[int, Field(ge=1)]`, inside `Required` or
        `NotRequired` too); None when no field does."""
        for field in _fields(self._lineage(info)):
            annotation = field.generator.key_type(field.annotation)
            if not (isinstance(annotation, ast.Subscript) and field.generator.qualified(
                    annotation.value) in _ANNOTATED and isinstance(annotation.slice, ast.Tuple)):
                continue
            if any(not (isinstance(item, ast.Constant) and isinstance(item.value, str))
                   for item in annotation.slice.elts[1:]):
                return field.annotation
        return None

    def model_schema(self, info: ClassInfo) -> dict[str, Any]:
        """`Model.model_json_schema()`: the body at the root (a `$ref` root when recursive)."""
        self.defs = {}
        self.recursive = set()
        if info.kind in ("root-model", "namedtuple", "enum"):
            ref_or_body = self.class_ref(info, None) if info.kind != "root-model" else \
                self.class_schema(info)
            if ref_or_body.get("$ref") == f"#/$defs/{info.name}" and info.name in self.defs:
                return self.with_defs(self.defs.pop(info.name))
            return self.with_defs(ref_or_body)  # (a root model's root may refer to a model)
        self._building.add(info.name)
        try:
            body = self.class_schema(info)
        finally:
            self._building.discard(info.name)
        if info.name in self.recursive:
            self.defs[info.name] = body
            return {"$defs": dict(self.defs), "$ref": f"#/$defs/{info.name}"}
        return self.with_defs(body)

    @contextmanager
    def bare_tuples_empty(self) -> Iterator[None]:
        """fastmcp's `replace_type` rebuilds every generic alias in a return type as
        `origin[args]`: a bare `typing.Tuple` (no arguments) becomes `tuple[()]`, the empty
        tuple, wherever it stands outside a model (recorded on fastmcp 2.14.7 and 3.4.11)."""
        self.bare_tuple_empty = True
        try:
            yield
        finally:
            self.bare_tuple_empty = False

    def type_adapter_schema(self, node: ast.expr) -> dict[str, Any]:
        """`TypeAdapter(T).json_schema()` for an annotation."""
        self.defs = {}
        self.recursive = set()
        schema = self.type_schema(node)
        return self.with_defs(dict(schema))


def _fields(line: list[Owner]) -> list[ModelField]:
    """The fields of the last class of ``line`` (a model's lineage), inherited ones first."""
    fields: dict[str, ModelField] = {}
    for owner in line:
        qualified = owner.generator.qualified
        for statement in owner.info.node.body:
            if not (isinstance(statement, ast.AnnAssign) and isinstance(statement.target,
                                                                        ast.Name)):
                continue
            name = statement.target.id
            kind = qualified(statement.annotation.value) if isinstance(
                statement.annotation, ast.Subscript) else qualified(statement.annotation)
            if name.startswith("_") or name == "model_config" or kind == "typing.ClassVar":
                continue
            fields[name] = ModelField(name, statement.annotation, statement.value,
                                      statement.target, owner.generator, owner.info)
    return list(fields.values())


def _config(line: list[Owner]) -> dict[str, tuple[ast.expr, Generator]]:
    """The `model_config` options of a model's lineage, each with the generator reading the
    module that writes it."""
    config: dict[str, tuple[ast.expr, Generator]] = {}
    for owner in line:
        generator = owner.generator
        for statement in owner.info.node.body:
            if isinstance(statement, ast.Assign) and any(
                    isinstance(t, ast.Name) and t.id == "model_config"
                    for t in statement.targets):
                if not (isinstance(statement.value, ast.Call) and generator.qualified(
                        statement.value.func) == "pydantic.ConfigDict"):
                    raise generator.reanchored(Unknown(
                        "a `model_config` that is not a `ConfigDict(...)` call",
                        statement.value))
                config.update({k.arg: (k.value, generator)
                               for k in statement.value.keywords if k.arg})
            elif isinstance(statement, ast.ClassDef) and statement.name == "Config":
                raise generator.reanchored(Unknown("a Pydantic v1 `class Config`", statement))
    return config


def _to_camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part.title() for part in rest)


def pydantic_order(value: Any, parent_key: str | None = None) -> Any:
    """Puts the keys of a schema in the order Pydantic writes them, in place (the containers keep
    their identity, so their places in the source stay known): every object's keys sorted, except
    the members of a `properties` or `default` object, which keep their order — applied the way
    `GenerateJsonSchema.sort` walks the tree (a list passes its parent's key on to its items)."""
    pending: list[tuple[Any, str | None]] = [(value, parent_key)]
    while pending:
        node, parent = pending.pop()
        if isinstance(node, dict):
            if parent not in ("properties", "default"):
                ordered = sorted(node.items())
                if [k for k, _ in ordered] != list(node):
                    node.clear()
                    node.update(ordered)
            pending.extend((child, key) for key, child in node.items())
        elif isinstance(node, list):
            pending.extend((item, parent) for item in node)
    return value


WIRE_FIRST = ("$schema", "properties", "required", "type")


def wire_order(schema: dict[str, Any]) -> dict[str, Any]:
    """The root of an `inputSchema`/`outputSchema` as servers on mcp 2.x write it: the keywords
    its wire model declares (`$schema`, `properties`, `required`, `type`) first, then the rest as
    they were. In place."""
    first = [(k, schema[k]) for k in WIRE_FIRST if k in schema]
    rest = [(k, v) for k, v in schema.items() if k not in WIRE_FIRST]
    schema.clear()
    schema.update(first + rest)
    return schema


def _is_ellipsis(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is Ellipsis
