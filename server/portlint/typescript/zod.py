"""Zod schemas as the running library would build them, from the calls in the source.

A :class:`Z` mirrors one Zod schema instance: its definition (``type`` named as Zod 4 names it),
its checks, its description (Zod 3) or registered metadata and parent (Zod 4). Zod 3 and Zod 4
build different objects for the same call — Zod 3 copies a description into the wrapper
``.optional()`` makes, Zod 4 keeps metadata per instance and links clones to their parent — and
the converters read exactly what each version builds. Identity matters: the same constant used
twice is the same :class:`Z`, as it is the same object at run time (zod-to-json-schema then emits
a ``$ref``).

What a call means is decided here; what cannot be known statically raises :class:`Unsupported`
with the reason, and constraints the schema will not show are noted as hidden."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from portlint.source.located import Span
from portlint.typescript.project import parse_version
from portlint.typescript.values import (
    Arr,
    Entry,
    Forward,
    Function,
    Lit,
    NotPlain,
    Obj,
    Regex,
    Thrown,
    Undefined,
    Unknown,
    Value,
    plain,
)

# what each `z.coerce` schema converts, as JavaScript does (`String(x)`, `Number(x)`, ...)
_COERCED = {"string": "a number, a boolean, ... becomes its text",
            "number": 'a string such as "42", a boolean, ... becomes a number',
            "boolean": 'any value: `0`, `""` and `null` become `false`, the rest `true`',
            "bigint": 'a string such as "42", a number, ... becomes a bigint',
            "date": "a string or a number becomes a date"}


class Unsupported(Exception):
    """A Zod construct portlint cannot turn into the schema statically."""

    def __init__(self, reason: str, span: Span, value: Value | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.span = span
        # the value not known, when ``span`` is its own (it may be written in another module,
        # its span then an offset into that module's text: see ToolFinder.placed)
        self.value = value


class ListFails(Unsupported):
    """A construct the server's own SDK cannot list: converting it throws, and the server's
    whole `tools/list` fails (reported as `server-list-fails`, not as underivable)."""


class DefinitionThrows(ListFails):
    """Making the schema throws when the module runs: the server stops before it answers (the
    evaluator keeps it as a :class:`~portlint.typescript.values.Thrown` value)."""


def _check_discriminator(options: list[Z], key: str, v4: bool, written: Arr) -> None:
    """What ``z.discriminatedUnion`` throws on when it is made: an option whose discriminator
    has no value to tell it by (Zod 3; Zod 4 only when the option has no such key, and refuses
    the others when it parses), and a value two options share (Zod 3 only); observed with
    3.22.4, 3.24.0, 3.25.76 and 4.6.7."""
    seen: set[Any] = set()
    for index, option in enumerate(options):
        if option.type != "object":
            return  # Zod reads the option's shape: not one portlint follows
        field = next((f.schema for f in option.shape if f.key == key), None)
        values = _discriminator_values(field) if field is not None else []
        where = written.items[index].span if index < len(written.items) else option.span
        if values is None or (v4 and field is not None and not values):
            continue  # (Zod 4 refuses a discriminator without values when it parses, later)
        if not values:
            message = (f'Invalid discriminated union option at index "{index}"' if v4 else
                       f"A discriminator value for key `{key}` could not be extracted from all "
                       "schema options")
            raise _throws(message, where, f"this option's `{key}` is not a literal or an enum")
        for value in values:
            marker = (type(value), value) if value is not _UNDEFINED else _UNDEFINED
            if not v4 and marker in seen:
                shown = "undefined" if value is _UNDEFINED else "null" if value is None else \
                    str(value).lower() if isinstance(value, bool) else str(value)
                raise _throws(f"Discriminator property {key} has duplicate value {shown}", where,
                              f"two options have the same `{key}`")
            seen.add(marker)


def _discriminator_values(field: Z) -> list[Any] | None:
    """The values Zod tells an option by (``getDiscriminator``): ``[]`` for a schema that has
    none, None where portlint does not know which Zod reads."""
    t = field.type
    if t in ("lazy", "effects", "default", "branded", "readonly", "catch"):
        return _discriminator_values(field.inner) if field.inner is not None else None
    if t in ("optional", "nullable"):
        inner = _discriminator_values(field.inner) if field.inner is not None else None
        return None if inner is None else [_UNDEFINED if t == "optional" else None, *inner]
    if t in ("literal", "enum"):
        return list(field.values)
    if t == "native_enum":
        return _enum_values(field.entries)
    if t in ("string", "number", "boolean", "object", "array", "any", "unknown", "record"):
        return []
    return None


def _throws(message: str, span: Span, why: str) -> DefinitionThrows:
    return DefinitionThrows(f"Zod throws \"{message}\" when the module runs ({why}), so the "
                            "server stops before it lists any tool", span)


def _about(value: Value, reason: str) -> Unsupported:
    """What a schema that cannot use ``value`` raises: said where ``value`` is, or — written
    in another module — where the file read uses it."""
    return Unsupported(reason, value.span, value)


def unread(value: Unknown, span: Span | None = None) -> Unsupported:
    """What a schema that needs ``value`` raises: why it is not known — a failure of the whole
    list where making it throws."""
    kind = ListFails if isinstance(value, Thrown) else Unsupported
    return kind(value.reason, value.span, value) if span is None else kind(value.reason, span)


@dataclass(frozen=True)
class Flavor:
    """Which Zod builds the schemas: its major version, full version and the mini API."""

    major: int
    version: str = ""
    mini: bool = False


class Field:
    """One key of an object shape. ``made_in``: the key is a getter written there, in the
    shape given to ``z.object`` (Zod 4 reads it once per definition, see
    :func:`_own_definition`)."""

    __slots__ = ("key", "key_span", "made_in", "schema")

    def __init__(self, key: str, key_span: Span, schema: Z, made_in: Span | None = None) -> None:
        self.key = key
        self.key_span = key_span
        self.schema = schema
        self.made_in = made_in


class Z(Value):
    """One Zod schema instance."""

    __slots__ = (
        "catchall",
        "checks",
        "coerced",
        "default",
        "description",
        "discriminator",
        "effect",
        "element",
        "entries",
        "flavor",
        "in_",
        "inclusive",
        "inner",
        "items",
        "key",
        "left",
        "made_in",
        "meta",
        "options",
        "out",
        "own_meta",
        "parent",
        "rest",
        "right",
        "shape",
        "type",
        "unknown_keys",
        "value",
        "values",
    )

    def __init__(self, type: str, span: Span, flavor: Flavor, module: str = "",
                 **fields: Any) -> None:
        super().__init__(span, module)
        self.type = type
        self.flavor = flavor
        self.checks: list[dict[str, Any]] = []
        self.coerced = False  # z.coerce.*(): the input converted before it is checked
        self.inner: Z | None = None
        self.element: Z | None = None
        self.shape: list[Field] = []
        self.catchall: Z | None = None
        self.unknown_keys = "strip"
        self.options: list[Z] = []
        self.discriminator: str | None = None
        self.inclusive = True  # a union (False: z.xor, exactly one)
        self.left: Z | None = None
        self.right: Z | None = None
        self.items: list[Z] = []
        self.rest: Z | None = None
        self.key: Z | None = None
        self.value: Z | None = None
        self.values: list[Any] = []
        self.entries: list[tuple[str, Any]] = []
        self.default: Any = None
        self.in_: Z | None = None
        self.out: Z | None = None
        self.effect = ""
        self.description: str | None = None  # Zod 3: in the definition
        self.meta: dict[str, Any] = {}  # Zod 4: the registered metadata, parents' included
        self.own_meta: dict[str, Any] = {}
        self.parent: Z | None = None  # Zod 4: the instance this one was cloned from
        # z.lazy: where its function makes the schema it returns, anew at each call (None:
        # it returns one made elsewhere, the same each time)
        self.made_in: Span | None = None
        for name, value in fields.items():
            setattr(self, name, value)

    def clone(self, span: Span, **changes: Any) -> Z:
        copy = Z(self.type, span, self.flavor, self.module)
        for name in Z.__slots__:
            if name not in ("span", "module"):
                setattr(copy, name, getattr(self, name))
        copy.checks = list(self.checks)
        copy.shape = list(self.shape)
        for name, value in changes.items():
            setattr(copy, name, value)
        return copy

    # -- what Zod computes from the definition ------------------------------------------------

    def optin(self) -> str | None:
        """Zod 4's ``_zod.optin``: whether the key may be absent on input."""
        t = self.type
        if t in ("optional", "exact_optional", "catch"):
            assert self.inner is not None
            return "defaulted" if self.inner.optin() == "defaulted" else "optional"
        if t in ("default", "prefault"):
            return "defaulted"
        if t == "transform":
            return "optional"
        if t in ("nullable", "readonly", "lazy", "promise", "forward"):
            return self.inner.optin() if self.inner is not None else None
        if t == "pipe":
            assert self.in_ is not None
            return self.in_.optin()
        if t == "union":
            found = [o.optin() for o in self.options]
            if "defaulted" in found:
                return "defaulted"
            return "optional" if any(f is not None for f in found) else None
        return None

    def optout(self) -> str | None:
        t = self.type
        if t in ("optional", "exact_optional"):
            return "optional"
        if t in ("nullable", "readonly", "lazy", "promise", "catch", "forward"):
            return self.inner.optout() if self.inner is not None else None
        if t == "pipe":
            assert self.out is not None
            return self.out.optout()
        if t == "union":
            return "optional" if any(o.optout() == "optional" for o in self.options) else None
        return None


_UNDEFINED = object()  # a literal `undefined`
RECURSIVE = ("a schema named in a getter of its own shape or in its `z.lazy` function (a "
             "recursive schema) is not derived")
# where a schema still being declared (a Forward) may be given: Zod only keeps it, to read
# when it converts or parses — never when the schema is made (a discriminated union reads its
# options then, `.merge()` and `.keyof()` the shapes, a record its keys)
_HOLDING_FACTORIES = frozenset((
    "object", "strictObject", "looseObject", "array", "optional", "nullable", "nullish",
    "union", "xor", "intersection", "tuple", "record", "partialRecord", "looseRecord"))
# the methods that only wrap the schema they are called on (what a getter may call on the
# schema being declared, see `Evaluator._forward_method`)
WRAPPING_METHODS = frozenset(("optional", "nullable", "nullish", "array"))
_HOLDING_METHODS = WRAPPING_METHODS | {"extend", "safeExtend", "or", "and"}


def _refuse_forwards(args: list[Value], where: str) -> None:
    """A schema still being declared, given where Zod reads it when the schema is made."""
    for arg in args:
        found = [arg] if isinstance(arg, Forward) else (
            [v for v in arg.items if isinstance(v, Forward)] if isinstance(arg, Arr) else
            [e.value for e in arg.entries() if isinstance(e.value, Forward)]
            if isinstance(arg, Obj) else [])
        if found:
            raise Unsupported(f"{RECURSIVE}: it gives it to {where}, which reads it before it "
                              "has a value", found[0].span)


def resolve_forwards(value: Z, forward: Forward) -> None:
    """Put the declaration's schema where the placeholders made from ``forward`` are, in every
    schema ``value`` reaches (each schema once)."""
    placeholders = {id(p) for p in forward.made}
    for placeholder in forward.made:  # for copies made before the value was known
        placeholder.inner = value
    seen: set[int] = set()
    stack = [value]
    while stack:
        schema = stack.pop()
        if id(schema) in seen:
            continue
        seen.add(id(schema))
        for name in _SCHEMA_SLOTS:
            child = getattr(schema, name)
            if isinstance(child, Z):
                if id(child) in placeholders:
                    setattr(schema, name, value)
                else:
                    stack.append(child)
        for members in (schema.options, schema.items):
            for i, child in enumerate(members):
                if id(child) in placeholders:
                    members[i] = value
                else:
                    stack.append(child)
        for field in schema.shape:
            if id(field.schema) in placeholders:
                field.schema = value
            else:
                stack.append(field.schema)


def settled(field: Field) -> Field:
    """A key of a shape Zod 4 derives from another (``.pick()``, ``.partial()``,
    ``.extend()``...): read through the other's shape, or a getter of the extension read
    once and kept — the schema every later read of the derived shape gets."""
    return field if field.made_in is None else Field(field.key, field.key_span, field.schema)


def _own_definition(clone: Z) -> Z:
    """A Zod 4 clone with a definition of its own (``.refine()``, ``.check()``, ``.strict()``,
    ``.catchall()``... merge the definition's properties; ``.describe()`` and ``.meta()``
    share it). What Zod reads once per definition, first after the module has run, is read
    again for it, so what that makes is new — not the schemas the one it was cloned from
    gets: the getters of a shape written in ``z.object({...})``, a lazy schema's function
    (Zod caches its result in the definition)."""
    if clone.type == "lazy" and clone.made_in is not None and clone.inner is not None:
        clone.inner = made_anew(clone.inner, clone.made_in, clone.module, {})
    if any(f.made_in is not None for f in clone.shape):
        clone.shape = [f if f.made_in is None else Field(
            f.key, f.key_span, made_anew(f.schema, f.made_in, f.schema.module, {}), f.made_in)
            for f in clone.shape]
    return clone


_CHILDREN = ("inner", "element", "catchall", "left", "right", "rest", "key", "value", "in_",
             "out")


def made_anew(schema: Z, made_in: Span, module: str, copies: dict[int, Z]) -> Z:
    """The schemas a function makes (those written inside it: a lazy schema's function under
    Zod 3, a getter of a shape), copied as a new call makes them; the ones it reaches from
    elsewhere kept as they are."""
    if schema.type == "forward" or schema.module != module or not (
            made_in[0] <= schema.span[0] and schema.span[1] <= made_in[1]):
        return schema  # (a placeholder stands for its declaration, made elsewhere)
    copy = copies.get(id(schema))
    if copy is not None:
        return copy
    copy = schema.clone(schema.span)
    copies[id(schema)] = copy
    for name in _CHILDREN:
        child = getattr(schema, name)
        if isinstance(child, Z):
            setattr(copy, name, made_anew(child, made_in, module, copies))
    copy.options = [made_anew(o, made_in, module, copies) for o in schema.options]
    copy.items = [made_anew(i, made_in, module, copies) for i in schema.items]
    copy.shape = [Field(f.key, f.key_span, made_anew(f.schema, made_in, module, copies),
                        f.made_in) for f in schema.shape]
    return copy


_SCHEMA_SLOTS = (*_CHILDREN, "parent")
ARRAY_DROPS_DESCRIPTION = (3, 24, 0)  # Zod 3's `.array()` keeps no description from here

Hidden = Callable[[str, Span], None]


# -- the calls ---------------------------------------------------------------------------------

_STRING_FORMATS_3 = {
    "email": "email", "url": "url", "emoji": "emoji", "uuid": "uuid", "cuid": "cuid",
    "cuid2": "cuid2", "ulid": "ulid", "nanoid": "nanoid", "base64": "base64",
    "base64url": "base64url", "jwt": "jwt", "date": "date", "time": "time",
    "duration": "duration"}
_FORMATS_4 = {
    "email", "url", "httpUrl", "uuid", "uuidv4", "uuidv6", "uuidv7", "guid", "cuid", "cuid2",
    "ulid", "nanoid", "emoji", "ipv4", "ipv6", "cidrv4", "cidrv6", "base64", "base64url",
    "e164", "jwt", "hostname", "hex", "xid", "ksuid", "mac"}
_TRANSFORMS = ("trim", "toLowerCase", "toUpperCase", "normalize")

MAX_SAFE = 9007199254740991


class Builder:
    """Applies Zod calls to schemas for one flavor, noting hidden constraints as it goes."""

    def __init__(self, flavor: Flavor, module: str, hidden: Hidden) -> None:
        self.flavor = flavor
        self.module = module
        self.hidden = hidden

    def new(self, type: str, span: Span, **fields: Any) -> Z:
        return Z(type, span, self.flavor, self.module, **fields)

    @property
    def v4(self) -> bool:
        return self.flavor.major >= 4

    # -- factories: z.string(), z.object({...}), ... ----------------------------------------

    def factory(self, name: str, args: list[Value], span: Span) -> Z:
        v4 = self.v4
        if name not in _HOLDING_FACTORIES or (name == "record" and len(args) > 1 and
                                               isinstance(args[0], Forward)):
            _refuse_forwards(args, f"`z.{name}()`")
        simple = {"string": "string", "number": "number", "boolean": "boolean", "null": "null",
                  "undefined": "undefined", "any": "any", "unknown": "unknown",
                  "never": "never", "void": "void", "bigint": "bigint", "date": "date",
                  "nan": "nan", "symbol": "symbol"}
        if name in simple:
            schema = self.new(simple[name], span)
            self._params(schema, args[:1], span)
            return schema
        if name in ("object", "strictObject", "looseObject"):
            schema = self.new("object", span)
            schema.shape = self._shape(args[0] if args else None, span)
            if name == "strictObject":
                if v4:
                    schema.catchall = self.new("never", span)
                else:  # Zod 3's too: `z.object(shape).strict()`
                    schema.unknown_keys = "strict"
            elif name == "looseObject":
                if not v4:
                    raise Unsupported("`z.looseObject` is Zod 4's", span)
                schema.catchall = self.new("unknown", span)
            self._params(schema, args[1:2], span)
            return schema
        if name == "array":
            return self._array(self.schema(args[0] if args else None, span), span, args[1:2],
                               method=False)
        if name == "optional":
            return self.wrap("optional", self.schema(_arg(args, 0, span), span), span, False)
        if name == "nullable":
            return self.wrap("nullable", self.schema(_arg(args, 0, span), span), span, False)
        if name == "nullish":
            inner = self.wrap("nullable", self.schema(_arg(args, 0, span), span), span, False)
            return self.wrap("optional", inner, span, False)
        if name == "literal":
            value = _arg(args, 0, span)
            values = self._literal_values(value, span, allow_list=v4)
            schema = self.new("literal", span, values=values)
            self._params(schema, args[1:2], span)
            return schema
        if name == "enum":
            return self._enum(_arg(args, 0, span), span, args[1:2])
        if name == "nativeEnum":
            return self._native_enum(_arg(args, 0, span), span)
        if name in ("union", "discriminatedUnion", "xor"):
            list_arg = _arg(args, 1 if name == "discriminatedUnion" else 0, span)
            if not isinstance(list_arg, Arr):
                raise Unsupported(f"the options of `z.{name}` are not a literal array", span)
            options = [self.schema(v, span) for v in list_arg.items]
            schema = self.new("union", span, options=options)
            if name == "discriminatedUnion":
                key = _arg(args, 0, span)
                if not isinstance(key, Lit) or not isinstance(key.value, str):
                    raise _about(key, "the discriminator is not a string literal")
                schema.discriminator = key.value
                _check_discriminator(options, key.value, v4, list_arg)
                if v4:
                    schema.inclusive = False  # Zod 4.6 lists a discriminated union as oneOf
            if name == "xor":
                schema.inclusive = False
            self._params(schema, args[2:3] if name == "discriminatedUnion" else args[1:2], span)
            return schema
        if name == "intersection":
            return self.new("intersection", span, left=self.schema(_arg(args, 0, span), span),
                            right=self.schema(_arg(args, 1, span), span))
        if name == "tuple":
            list_arg = _arg(args, 0, span)
            if not isinstance(list_arg, Arr):
                raise Unsupported("the items of `z.tuple` are not a literal array", span)
            schema = self.new("tuple", span, items=[self.schema(v, span)
                                                    for v in list_arg.items])
            if len(args) > 1 and isinstance(args[1], Value) and not isinstance(args[1], Obj):
                schema.rest = self.schema(args[1], span)
            return schema
        if name in ("record", "partialRecord", "looseRecord"):
            if len(args) == 1:
                if v4:
                    raise Unsupported("`z.record` takes a key schema in Zod 4", span)
                key = self.new("string", span)
                value = self.schema(args[0], span)
            else:
                key = self.schema(_arg(args, 0, span), span)
                value = self.schema(_arg(args, 1, span), span)
            schema = self.new("record", span, key=key, value=value)
            schema.effect = {"partialRecord": "partial", "looseRecord": "loose"}.get(name, "")
            return schema
        if name == "preprocess":
            inner = self.schema(_arg(args, 1, span), span)
            self.hidden("`z.preprocess` changes the input before it is checked; the schema "
                        "does not say how", span)
            if v4:
                return self.new("pipe", span, in_=self.new("transform", span), out=inner)
            raise Unsupported("with Zod 3, whether a `z.preprocess` field is required depends "
                              "on what its function returns for a missing value", span)
        if name == "map":
            return self.new("map", span, key=self.schema(_arg(args, 0, span), span),
                            value=self.schema(_arg(args, 1, span), span))
        if name == "set":
            return self.new("set", span, element=self.schema(_arg(args, 0, span), span))
        if name == "stringbool" and v4:
            # a codec: text in (what the input schema says), a boolean out
            self.hidden("`z.stringbool()` accepts only the texts it reads as true or false "
                        "(\"true\", \"1\", \"yes\", \"on\", ...); the schema says any string",
                        span)
            return self.new("pipe", span, in_=self.new("string", span),
                            out=self.new("boolean", span), effect="codec")
        if name in ("custom", "instanceof", "function", "promise", "file",
                    "templateLiteral", "stringbool", "json", "codec"):
            raise Unsupported(f"`z.{name}` has no JSON Schema portlint can derive", span)
        if v4:
            if name in _FORMATS_4:
                base = self.new("string", span)
                base.checks.append(_format_check(name, args[:1], span))
                return base
            if name in ("int", "int32", "uint32", "float32", "float64", "safeint"):
                schema = self.new("number", span)
                fmt = "safeint" if name == "int" else name
                schema.checks.append({"check": "number_format", "format": fmt})
                return schema
            if name in ("int64", "uint64"):  # a bigint, which no JSON Schema represents
                return self.new("bigint", span)
            if name == "strictObject":
                raise Unsupported("`z.strictObject`", span)
        raise Unsupported(f"`z.{name}` is not a Zod {self.flavor.major} schema portlint "
                          "knows", span)

    def iso(self, name: str, args: list[Value], span: Span) -> Z:
        if not self.v4 or name not in ("datetime", "date", "time", "duration"):
            raise Unsupported(f"`z.iso.{name}`", span)
        base = self.new("string", span)
        base.checks.append(_format_check(name, args[:1], span))
        return base

    def coerce(self, name: str, args: list[Value], span: Span) -> Z:
        schema = self.factory(name, args, span)
        schema.coerced = True
        self.hidden(f"`z.coerce.{name}()` converts other values "
                    f"({_COERCED.get(name, 'of other types')}) before checking them; the "
                    "schema shows only the result", span)
        return schema

    # -- methods: schema.min(1), schema.optional(), ... --------------------------------------

    def method(self, schema: Z, name: str, args: list[Value], span: Span) -> Value:
        v4 = self.v4
        t = schema.type
        if name not in _HOLDING_METHODS:
            _refuse_forwards(args, f"`.{name}()`")
        if name in ("optional", "nullable", "readonly", "promise"):
            return self.wrap(name, schema, span)
        if name == "exactOptional" and v4:
            return self.wrap("exact_optional", schema, span)
        if name == "nullish":
            return self.wrap("optional", self.wrap("nullable", schema, span), span)
        if name == "nonoptional" and v4:
            return self.wrap("nonoptional", schema, span)
        if name == "describe":
            text = _string(_arg(args, 0, span), "the description")
            if v4:
                return self._with_meta(schema, {"description": text}, span)
            return schema.clone(span, description=text)
        if name == "meta":
            if not v4:
                raise Unsupported("`.meta()` is Zod 4's", span)
            if not args:
                raise Unsupported("`.meta()` without metadata reads it", span)
            meta = _plain(args[0], "the metadata")
            if not isinstance(meta, dict):
                raise Unsupported("the metadata is not an object literal", args[0].span)
            return self._with_meta(schema, meta, span)
        if name in ("default", "prefault", "catch"):
            value = _arg(args, 0, span)
            if isinstance(value, Function):
                raise _about(value, f"the `.{name}()` value is computed by a function")
            if name == "prefault" and not v4:
                raise Unsupported("`.prefault()` is Zod 4's", span)
            if name == "catch" and isinstance(value, Undefined):
                # JSON has no `undefined`: Zod 4's `default: undefined` is dropped when sent,
                # and zod-to-json-schema never writes the caught value (both measured)
                wrapped = self.wrap(name, schema, span)
                wrapped.default = ABSENT
                return wrapped
            default = _plain(value, f"the `.{name}()` value")
            wrapped = self.wrap(name, schema, span)
            wrapped.default = default
            return wrapped
        if name == "array":
            return self._array(schema, span, [])
        if name == "or":
            return self.inherit(self.new("union", span, options=[
                schema, self.schema(_arg(args, 0, span), span)]), schema)
        if name == "and":
            return self.inherit(self.new("intersection", span, left=schema,
                                         right=self.schema(_arg(args, 0, span), span)), schema)
        if name in ("check", "with"):
            if not v4:
                raise Unsupported(f"`.{name}()` is Zod 4's (Zod 3 has no such method)", span)
            return self._check_all(schema, name, args, span)
        if name in ("refine", "superRefine"):
            self.hidden(f"`.{name}()` applies a rule the schema does not show", span)
            if v4:
                return self._checked(schema, {"check": "custom"}, span)
            return self.inherit(self.new("effects", span, inner=schema, effect="refinement"),
                                schema, copy=False)
        if name == "transform":
            self.hidden("`.transform()` changes the value after it is checked; the schema "
                        "shows only what it accepts", span)
            if v4:
                return self.new("pipe", span, in_=schema, out=self.new("transform", span))
            return self.inherit(self.new("effects", span, inner=schema, effect="transform"),
                                schema)
        if name == "overwrite" and v4:
            self.hidden("`.overwrite()` changes the value after it is checked", span)
            return self._checked(schema, {"check": "overwrite"}, span)
        if name == "pipe":
            target = self.schema(_arg(args, 0, span), span)
            self.hidden("`.pipe()` checks the value against a second schema the advertised "
                        "schema may not show", span)
            return self.new("pipe", span, in_=schema, out=target)
        if name == "brand":
            if v4:
                return schema
            return self.inherit(self.new("branded", span, inner=schema), schema)
        if name in ("parse", "safeParse", "parseAsync", "safeParseAsync", "spa"):
            raise Unsupported(f"`.{name}()` runs the schema", span)
        if t == "string":
            return self._string_method(schema, name, args, span)
        if t == "number":
            return self._number_method(schema, name, args, span)
        if t == "array":
            return self._array_method(schema, name, args, span)
        if t == "object":
            return self._object_method(schema, name, args, span)
        if t == "enum" and name in ("extract", "exclude"):
            values = _plain(_arg(args, 0, span), f"the `.{name}()` values")
            if not isinstance(values, list):
                raise Unsupported(f"the `.{name}()` values are not a literal array", span)
            kept = [v for v in schema.values if (v in values) == (name == "extract")]
            return self.new("enum", span, values=kept,
                            entries=[(str(v), v) for v in kept])
        if t == "set" and name in ("min", "max", "size", "nonempty"):
            n = 1 if name == "nonempty" else _number(_arg(args, 0, span), f"`.{name}()`")
            bounds = {"min": ("min",), "nonempty": ("min",), "max": ("max",),
                      "size": ("min", "max")}[name]
            clone = schema.clone(span)
            clone.checks.extend({"kind": kind, "value": n} for kind in bounds)
            return clone
        if t == "tuple" and name == "rest":
            return schema.clone(span, rest=self.schema(_arg(args, 0, span), span),
                                parent=None, own_meta={}, meta={}, description=None)
        raise Unsupported(f"`.{name}()` on a Zod {t} is not something portlint can derive", span)

    def wrap(self, type: str, inner: Z, span: Span, method: bool = True) -> Z:
        """A wrapper schema (``.optional()``, ``.default()``, ...): Zod 3's methods copy the
        inner description into it (``z.optional(inner)`` and the other functions do not);
        Zod 4 does not."""
        made = self.new(type, span, inner=inner)
        if not self.v4 and method and type in ("optional", "nullable", "promise", "default",
                                               "catch"):
            made.description = inner.description
        return made

    def inherit(self, made: Z, source: Z, copy: bool = True) -> Z:
        """Zod 3 passes ``this._def``'s description to what ``.or()``, ``.and()``,
        ``.transform()``, ``.brand()`` make; ``.refine()`` does not."""
        if not self.v4 and copy:
            made.description = source.description
        return made

    # -- the pieces ----------------------------------------------------------------------------

    def _with_meta(self, schema: Z, meta: dict[str, Any], span: Span) -> Z:
        clone = schema.clone(span, parent=schema, own_meta=meta)
        inherited = {k: v for k, v in schema.meta.items() if k != "id"}
        clone.meta = {**inherited, **meta}
        return clone

    def _check_all(self, schema: Z, name: str, args: list[Value], span: Span) -> Z:
        """Zod 4's ``.check(...)`` (and its alias ``.with``): a function is a rule the schema
        does not show; a check object (``z.minLength(2)``) is the same check the method of that
        name adds, so it becomes the same keyword."""
        result = self._checked(schema, None, span)
        for arg in args:
            if isinstance(arg, Function):
                self.hidden(f"`.{name}()` applies a rule the schema does not show", span)
                result.checks.append({"check": "custom"})
            elif isinstance(arg, Unknown):
                raise unread(arg)
            elif isinstance(arg, ZodCheck):
                if arg.types is not None and schema.type not in arg.types:
                    raise _about(arg, f"`{arg.label}` checks a Zod {schema.type}")
                if arg.hidden is not None:
                    self.hidden(arg.hidden, arg.span)
                result.checks.append(dict(arg.check))
            else:
                raise Unsupported(f"`.{name}()` with something that is not a Zod check",
                                  arg.span)
        return result

    def check_object(self, name: str, args: list[Value], span: Span) -> ZodCheck:
        """A Zod 4 check made on its own (``z.minLength(2)``, ``z.gt(0)``, ``z.regex(...)``,
        ``z.trim()``, ``z.refine(fn)``), as ``zod/v4/core``'s ``_minLength`` and the others
        define it; ``.check()`` attaches it."""
        label = f"z.{name}()"
        compare = {"lt": ("less_than", False), "lte": ("less_than", True),
                   "gt": ("greater_than", False), "gte": ("greater_than", True)}
        signs = {"positive": ("greater_than", False), "nonnegative": ("greater_than", True),
                 "negative": ("less_than", False), "nonpositive": ("less_than", True)}
        lengths = {"minLength": ("min_length", "minimum"), "maxLength": ("max_length", "maximum"),
                   "length": ("length_equals", "length")}
        if name in compare:
            check, inclusive = compare[name]
            _check_params(args[1:2], label)
            value = _number(_arg(args, 0, span), f"`{label}`")
            return ZodCheck({"check": check, "value": value, "inclusive": inclusive},
                            ("number",), label, span)
        if name in signs:
            check, inclusive = signs[name]
            _check_params(args[0:1], label)
            return ZodCheck({"check": check, "value": 0, "inclusive": inclusive}, ("number",),
                            label, span)
        if name == "multipleOf":
            _check_params(args[1:2], label)
            value = _number(_arg(args, 0, span), f"`{label}`")
            return ZodCheck({"check": "multiple_of", "value": value}, ("number",), label, span)
        if name in lengths:
            check, key = lengths[name]
            _check_params(args[1:2], label)
            value = _number(_arg(args, 0, span), f"`{label}`")
            return ZodCheck({"check": check, key: value}, ("string", "array"), label, span)
        if name == "regex":
            regex = _arg(args, 0, span)
            if not isinstance(regex, Regex):
                raise _about(regex, "the pattern is not a regular expression literal")
            _check_params(args[1:2], label)
            return ZodCheck({"check": "string_format", "format": "regex",
                             "pattern": regex.source, "regex": regex}, ("string",), label, span)
        if name in ("lowercase", "uppercase"):
            _check_params(args[0:1], label)
            return ZodCheck(_case_check(name), ("string",), label, span)
        if name in ("includes", "startsWith", "endsWith"):
            text = _string(_arg(args, 0, span), f"`{label}`")
            return ZodCheck(_affix_check(name, text, args[1:2], label), ("string",), label, span)
        if name in ("trim", "toLowerCase", "toUpperCase", "normalize"):
            return ZodCheck({"check": "overwrite"}, ("string",), label, span,
                            f"`{label}` changes the string before it is used; the schema does "
                            "not say so")
        if name == "overwrite":
            if not isinstance(_arg(args, 0, span), Function):
                raise Unsupported(f"`{label}` without a function", span)
            return ZodCheck({"check": "overwrite"}, None, label, span,
                            f"`{label}` changes the value after it is checked")
        if name in ("refine", "superRefine"):
            if not isinstance(_arg(args, 0, span), Function):
                raise Unsupported(f"`{label}` without a function", span)
            return ZodCheck({"check": "custom"}, None, label, span,
                            f"`{label}` applies a rule the schema does not show")
        raise Unsupported(f"`{label}` as a check is not something portlint derives", span)

    def _checked(self, schema: Z, check: dict[str, Any] | None, span: Span) -> Z:
        """Zod 4: ``.check()`` clones with the parent link (metadata stays readable)."""
        if not self.v4:
            clone = schema.clone(span)
            if check is not None:
                clone.checks.append(check)
            return clone
        clone = _own_definition(schema.clone(span, parent=schema, own_meta={}))
        if check is not None:
            clone.checks.append(check)
        clone.meta = {k: v for k, v in schema.meta.items() if k != "id"}
        return clone

    @staticmethod
    def _refined_refuses(schema: Z, name: str, span: Span) -> None:
        """Zod 4.3 on: ``.pick()``, ``.omit()`` and ``.partial()`` throw on an object with
        a refinement (``.refine()`` keeps the object's type, so TypeScript lets it through)."""
        if schema.checks:
            raise _throws(f".{name}() cannot be used on object schemas containing refinements",
                          span, "the object has a refinement")

    @staticmethod
    def _mask_keys_known(schema: Z, mask: Obj) -> None:
        """Zod 4 throws on a mask key the object does not have."""
        keys = {f.key for f in schema.shape}
        for entry in mask.entries():
            if entry.key not in keys:
                raise _throws(f'Unrecognized key: "{entry.key}"', entry.key_span,
                              "the object has no such key")

    def _params(self, schema: Z, params: list[Value], span: Span) -> None:
        """A factory's params (``z.string({description: ...})``; an error message is ignored).
        Zod 3 keeps the description in the definition; Zod 4 keeps it there too but reads
        descriptions only from its registry (``.describe()``, ``.meta()``), so it is never
        listed (4.0.0-4.6.7's core read no ``def.description``; observed with 4.6.7)."""
        if not params or isinstance(params[0], Undefined) or self.v4:
            return
        value = params[0]
        if isinstance(value, Lit) and isinstance(value.value, str):
            return  # an error message
        if isinstance(value, Obj):
            description = value.get("description")
            if isinstance(description, Lit) and isinstance(description.value, str):
                schema.description = description.value

    def schema(self, value: Value | None, span: Span) -> Z:
        """``value`` as the Zod schema an argument must be (raises where it is not one)."""
        if isinstance(value, Z):
            return value
        if isinstance(value, Unknown):
            raise unread(value)
        if isinstance(value, Forward):
            if not self.v4:
                raise _about(value, f"{RECURSIVE} under Zod 3")
            placeholder = self.new("forward", value.span)
            value.made.append(placeholder)
            return placeholder
        if value is None:
            raise Unsupported("a schema is missing", span)
        if isinstance(value, Obj) and self.v4 is False:
            raise _about(value, "not a Zod schema")
        raise _about(value, "not a Zod schema portlint can read")

    def _shape(self, value: Value | None, span: Span) -> list[Field]:
        if value is None:
            return []
        if isinstance(value, Unknown):
            raise unread(value)
        if not isinstance(value, Obj):
            raise _about(value, "the object's shape is not an object literal")
        fields = []
        for entry in value.entries():
            if isinstance(entry.value, Undefined):
                continue
            fields.append(Field(entry.key, entry.key_span, self.schema(entry.value, span),
                                entry.made_in if self.v4 else None))
        return fields

    def _array(self, element: Z, span: Span, params: list[Value], method: bool = True) -> Z:
        """``z.array(element)`` or ``element.array()``: Zod 3's ``.array()`` before 3.24.0 gave
        the array the element's description too (``ZodArray.create(this, this._def)``); from
        3.24.0, and ``z.array()`` always, the array has none of its own."""
        made = self.new("array", span, element=element)
        if method and not self.v4 and element.description is not None:
            release = parse_version(self.flavor.version) if self.flavor.version else None
            if release is None:
                raise Unsupported("whether `.array()` gives the array its element's "
                                  "description depends on the Zod 3 release (it does before "
                                  "3.24.0), and which one the project installs is not known",
                                  span)
            if release < ARRAY_DROPS_DESCRIPTION:
                made.description = element.description
        self._params(made, params, span)
        return made

    def _literal_values(self, value: Value, span: Span, allow_list: bool) -> list[Any]:
        if isinstance(value, Undefined):
            return [_UNDEFINED]
        if isinstance(value, Arr) and allow_list:
            return [self._literal_values(v, span, False)[0] for v in value.items]
        if isinstance(value, Lit):
            return [value.value]
        raise _about(value, "the literal's value is not a literal")

    def _enum(self, value: Value, span: Span, params: list[Value]) -> Z:
        if isinstance(value, Arr):
            values = [_plain(v, "an enum value") for v in value.items]
            if not all(isinstance(v, str) for v in values):
                raise _about(value, "`z.enum` takes strings")
            schema = self.new("enum", span, values=values, entries=[(v, v) for v in values])
        elif isinstance(value, Obj) and self.v4:
            entries = [(e.key, _plain(e.value, "an enum value")) for e in value.entries()]
            schema = self.new("enum", span, entries=entries,
                              values=_enum_values(entries))
        elif isinstance(value, Unknown):
            raise unread(value)  # why it is not known, said as it is
        else:
            raise _about(value, "the enum's values are not a literal array")
        self._params(schema, params, span)
        return schema

    def _native_enum(self, value: Value, span: Span) -> Z:
        if not isinstance(value, Obj):
            raise _about(value, "`z.nativeEnum` is given no enum portlint can read (one "
                               "declared in the project, as TypeScript or as tsc or esbuild "
                               "compile it)")
        entries = [(e.key, _plain(e.value, "an enum member")) for e in value.entries()]
        if self.v4:
            return self.new("enum", span, entries=entries, values=_enum_values(entries))
        return self.new("native_enum", span, entries=entries)

    def _string_format(self, schema: Z, name: str, params: list[Value], span: Span) -> Z:
        return self._checked(schema, _format_check(name, params, span), span)

    def _string_method(self, schema: Z, name: str, args: list[Value], span: Span) -> Z:
        v4 = self.v4
        if name in ("min", "max", "length"):
            n = _number(_arg(args, 0, span), f"`.{name}()`")
            if v4:
                kind = {"min": "min_length", "max": "max_length", "length": "length_equals"}[name]
                key = "length" if name == "length" else ("minimum" if name == "min"
                                                         else "maximum")
                return self._checked(schema, {"check": kind, key: n}, span)
            return self._checked(schema, {"kind": name, "value": n}, span)
        if name == "nonempty":
            if v4:
                return self._checked(schema, {"check": "min_length", "minimum": 1}, span)
            return self._checked(schema, {"kind": "min", "value": 1}, span)
        if name == "regex":
            regex = _arg(args, 0, span)
            if not isinstance(regex, Regex):
                raise _about(regex, "the pattern is not a regular expression literal")
            if v4:
                return self._checked(schema, {"check": "string_format", "format": "regex",
                                              "pattern": regex.source, "regex": regex}, span)
            return self._checked(schema, {"kind": "regex", "source": regex.source,
                                          "flags": regex.flags}, span)
        if name in ("startsWith", "endsWith", "includes"):
            text = _string(_arg(args, 0, span), f"`.{name}()`")
            if v4:
                return self._checked(schema, _affix_check(name, text, args[1:2], f".{name}()"),
                                     span)
            return self._checked(schema, {"kind": name, "value": text}, span)
        if name in ("lowercase", "uppercase") and v4:
            return self._checked(schema, _case_check(name), span)
        if name in _TRANSFORMS or name in ("toLowerCase", "toUpperCase"):
            self.hidden(f"`.{name}()` changes the string before it is used; the schema does "
                        "not say so", span)
            if v4:
                return self._checked(schema, {"check": "overwrite"}, span)
            return self._checked(schema, {"kind": name}, span)
        if v4:
            if name in {"datetime", "date", "time", "duration"}:
                return self._string_format(schema, name, args[:1], span)
            if name in _FORMATS_4 or name in ("ip", "cidr"):
                if name in ("ip", "cidr"):
                    raise Unsupported(f"`.{name}()` is Zod 3's (Zod 4: `z.ipv4()`...)", span)
                return self._string_format(schema, name, args[:1], span)
        else:
            if name in _STRING_FORMATS_3:
                check: dict[str, Any] = {"kind": _STRING_FORMATS_3[name]}
                return self._checked(schema, check, span)
            if name == "datetime":
                options = _options(args[:1])
                return self._checked(schema, {"kind": "datetime", **options}, span)
            if name in ("ip", "cidr"):
                options = _options(args[:1])
                return self._checked(schema, {"kind": name, "version": options.get("version")},
                                     span)
        raise Unsupported(f"`.{name}()` on a Zod string", span)

    def _number_method(self, schema: Z, name: str, args: list[Value], span: Span) -> Z:
        v4 = self.v4

        def bound(kind: str, value: float | int, inclusive: bool) -> Z:
            if v4:
                check = "greater_than" if kind == "min" else "less_than"
                return self._checked(schema, {"check": check, "value": value,
                                              "inclusive": inclusive}, span)
            return self._checked(schema, {"kind": kind, "value": value, "inclusive": inclusive},
                                 span)

        if name in ("min", "gte"):
            return bound("min", _number(_arg(args, 0, span), f"`.{name}()`"), True)
        if name == "gt":
            return bound("min", _number(_arg(args, 0, span), "`.gt()`"), False)
        if name in ("max", "lte"):
            return bound("max", _number(_arg(args, 0, span), f"`.{name}()`"), True)
        if name == "lt":
            return bound("max", _number(_arg(args, 0, span), "`.lt()`"), False)
        if name == "positive":
            return bound("min", 0, False)
        if name == "nonnegative":
            return bound("min", 0, True)
        if name == "negative":
            return bound("max", 0, False)
        if name == "nonpositive":
            return bound("max", 0, True)
        if name in ("multipleOf", "step"):
            n = _number(_arg(args, 0, span), f"`.{name}()`")
            if v4:
                return self._checked(schema, {"check": "multiple_of", "value": n}, span)
            return self._checked(schema, {"kind": "multipleOf", "value": n}, span)
        if name == "int":
            if v4:
                return self._checked(schema, {"check": "number_format", "format": "safeint"},
                                     span)
            return self._checked(schema, {"kind": "int"}, span)
        if name == "finite":
            if v4:
                return schema
            return self._checked(schema, {"kind": "finite"}, span)
        if name == "safe":
            if v4:
                return self._checked(schema, {"check": "number_format", "format": "safeint"},
                                     span)
            low = self._checked(schema, {"kind": "min", "value": -MAX_SAFE, "inclusive": True},
                                span)
            low.checks.append({"kind": "max", "value": MAX_SAFE, "inclusive": True})
            return low
        raise Unsupported(f"`.{name}()` on a Zod number", span)

    def _array_method(self, schema: Z, name: str, args: list[Value], span: Span) -> Z:
        if name == "element":
            assert schema.element is not None
            return schema.element
        if name in ("min", "max", "length", "nonempty"):
            n = 1 if name == "nonempty" else _number(_arg(args, 0, span), f"`.{name}()`")
            if self.v4:
                kind = {"min": "min_length", "nonempty": "min_length", "max": "max_length",
                        "length": "length_equals"}[name]
                key = {"min_length": "minimum", "max_length": "maximum",
                       "length_equals": "length"}[kind]
                return self._checked(schema, {"check": kind, key: n}, span)
            kind3 = {"min": "min", "nonempty": "min", "max": "max", "length": "exact"}[name]
            return self._checked(schema, {"kind": kind3, "value": n}, span)
        raise Unsupported(f"`.{name}()` on a Zod array", span)

    def _object_method(self, schema: Z, name: str, args: list[Value], span: Span) -> Value:
        v4 = self.v4
        fresh: dict[str, Any] = {"parent": None, "own_meta": {}, "meta": {}, "description": None}
        if name in ("strict", "passthrough", "strip", "loose"):
            if v4:
                catchall = {"strict": self.new("never", span),
                            "passthrough": self.new("unknown", span),
                            "loose": self.new("unknown", span), "strip": None}[name]
                return _own_definition(schema.clone(span, catchall=catchall, **fresh))
            if name == "loose":
                raise Unsupported("`.loose()` is Zod 4's", span)
            return schema.clone(span, unknown_keys=name)
        if name == "catchall":
            made = schema.clone(span, catchall=self.schema(_arg(args, 0, span), span),
                                **(fresh if v4 else {}))
            return _own_definition(made) if v4 else made
        if name == "shape":
            raise Unsupported("`.shape` is not a call", span)
        if name in ("extend", "merge", "safeExtend"):
            other = _arg(args, 0, span)
            if v4 and schema.checks and name == "merge":
                raise _throws(".merge() cannot be used on object schemas containing refinements."
                              " Use .safeExtend() instead.", span,
                              "the object has a refinement")
            if v4 and schema.checks and name == "extend" and isinstance(other, Obj) and any(
                    e.key in {f.key for f in schema.shape} for e in other.entries()):
                raise _throws("Cannot overwrite keys on object schemas containing refinements. "
                              "Use `.safeExtend()` instead.", span,
                              "the object has a refinement and the extension redefines a key")
            if isinstance(other, Z):
                if other.type != "object":
                    raise Unsupported(f"`.{name}()` with a schema that is not an object", span)
                fields = other.shape
                extra: dict[str, Any] = {"unknown_keys": other.unknown_keys} if not v4 else {
                    "catchall": other.catchall}
                if not v4:  # a new definition: the other's strictness, no description
                    extra["catchall"] = other.catchall
                    extra["description"] = None
            else:
                fields = self._shape(other, span)
                extra = {}
            merged = _merge_fields(schema.shape, fields)
            if v4:
                return schema.clone(span, shape=[settled(f) for f in merged], checks=[],
                                    **fresh, **extra)
            return schema.clone(span, shape=merged, **extra)
        if name in ("pick", "omit"):
            mask = _arg(args, 0, span)
            if not isinstance(mask, Obj):
                raise _about(mask, f"the `.{name}()` keys are not an object literal")
            if v4:
                self._refined_refuses(schema, name, span)
                self._mask_keys_known(schema, mask)
            chosen = {e.key for e in mask.entries() if isinstance(e.value, Lit) and e.value.value}
            kept = [settled(f) if v4 else f for f in schema.shape
                    if (f.key in chosen) == (name == "pick")]
            return schema.clone(span, shape=kept, checks=[], **(fresh if v4 else {}))
        if name in ("partial", "required"):
            if v4 and name == "partial":
                self._refined_refuses(schema, name, span)
            keys: set[str] | None = None
            if args:
                mask = args[0]
                if not isinstance(mask, Obj):
                    raise Unsupported(f"the `.{name}()` keys are not an object literal",
                                      mask.span)
                if v4:
                    self._mask_keys_known(schema, mask)
                keys = {e.key for e in mask.entries() if not (
                    isinstance(e.value, Lit) and not e.value.value)}  # the ones it selects
            fields = []
            for f in [settled(f) for f in schema.shape] if v4 else schema.shape:
                if keys is not None and f.key not in keys:
                    fields.append(f)
                    continue
                if name == "partial":
                    fields.append(Field(f.key, f.key_span, self.wrap("optional", f.schema, span)))
                else:
                    inner = f.schema
                    if v4:
                        fields.append(Field(f.key, f.key_span,
                                            self.wrap("nonoptional", inner, span)))
                        continue
                    while inner.type == "optional" and inner.inner is not None:
                        inner = inner.inner
                    fields.append(Field(f.key, f.key_span, inner))
            return schema.clone(span, shape=fields, checks=[], **(fresh if v4 else {}))
        if name == "keyof":
            values = [f.key for f in schema.shape]
            return self.new("enum", span, values=values, entries=[(v, v) for v in values])
        if name == "deepPartial":
            raise Unsupported("`.deepPartial()`", span)
        raise Unsupported(f"`.{name}()` on a Zod object", span)

    # -- the readable properties ---------------------------------------------------------------

    def property(self, schema: Z, name: str, span: Span) -> Value:
        if name == "shape" and schema.type == "object":
            obj = Obj(span, schema.module, literal=False)
            for f in schema.shape:
                obj.set(Entry(f.key, f.key_span, f.schema))
            return obj
        if name == "element" and schema.type == "array" and schema.element is not None:
            return schema.element
        if name in ("enum", "Enum", "Values") and schema.type in ("enum", "native_enum"):
            obj = Obj(span, schema.module, literal=False)
            for key, value in schema.entries:
                obj.set(Entry(key, span, Lit(value, span)))
            return obj
        if name == "options" and schema.type == "enum":
            return Arr([Lit(v, span) for v in schema.values], span)
        if name == "options" and schema.type == "union":
            return Arr(list(schema.options), span)
        if name == "description":
            text = schema.meta.get("description") if self.v4 else schema.description
            return Lit(text, span) if text is not None else Undefined(span)
        raise Unsupported(f"`.{name}` of a Zod {schema.type}", span)


class ZodCheck(Value):
    """A Zod 4 check object (``z.minLength(2)``) before ``.check()`` attaches it: the check as
    the schema records it, the schema types it is derived for (None: any), and the hidden
    constraint it adds, if any."""

    __slots__ = ("check", "hidden", "label", "types")

    def __init__(self, check: dict[str, Any], types: tuple[str, ...] | None, label: str,
                 span: Span, hidden: str | None = None) -> None:
        super().__init__(span)
        self.check = check
        self.types = types
        self.label = label
        self.hidden = hidden


# the checks `zod` (4) exports on their own, for `.check()`
CHECK_FACTORIES_4 = frozenset({
    "lt", "lte", "gt", "gte", "positive", "negative", "nonpositive", "nonnegative",
    "multipleOf", "maxSize", "minSize", "size", "maxLength", "minLength", "length", "regex",
    "lowercase", "uppercase", "includes", "startsWith", "endsWith", "property", "properties",
    "mime", "overwrite", "normalize", "trim", "toLowerCase", "toUpperCase", "slugify",
    "refine", "superRefine"})
_CHECK_OPTIONS = frozenset({"message", "error", "abort", "when"})


def _check_params(params: list[Value], label: str) -> None:
    """A check's params: an error message, or options that change how it reports, never what
    it accepts. Anything else (a ``pattern`` of one's own, a computed object) is not read."""
    if not params or isinstance(params[0], Undefined):
        return
    value = params[0]
    if isinstance(value, Lit) and isinstance(value.value, str):
        return
    if isinstance(value, Obj) and all(e.key in _CHECK_OPTIONS for e in value.entries()):
        return
    raise _about(value, f"the options of `{label}` as written here")


def _case_check(name: str) -> dict[str, Any]:
    pattern = "^[^A-Z]*$" if name == "lowercase" else "^[^a-z]*$"
    return {"check": "string_format", "format": name, "pattern": pattern}


def _affix_check(name: str, text: str, params: list[Value], label: str) -> dict[str, Any]:
    """``includes``/``startsWith``/``endsWith`` with the pattern Zod 4 derives from the text
    (``includes`` from a ``position`` on: at least that many characters before it)."""
    escaped = re.sub(r"[.*+?^${}()|[\]\\]", lambda m: "\\" + m.group(), text)
    fmt = {"startsWith": "starts_with", "endsWith": "ends_with", "includes": "includes"}[name]
    pattern = {"startsWith": f"^{escaped}.*", "endsWith": f".*{escaped}$",
               "includes": escaped}[name]
    options = params[0] if params else None
    if name == "includes" and isinstance(options, Obj) and options.get("position") is not None:
        position = options.get("position")
        at = position.value if isinstance(position, Lit) else None
        if not isinstance(at, (int, float)) or isinstance(at, bool) or at < 0 or \
                (isinstance(at, float) and not at.is_integer()):
            raise Unsupported(f"the `position` of `{label}` is not a whole number literal",
                              options.span)
        pattern = "^.{" + str(int(at)) + ",}" + escaped
        kept = Obj(options.span, options.module, literal=False)
        for entry in options.entries():
            if entry.key != "position":
                kept.set(entry)
        options = kept
    _check_params([options] if options is not None else [], label)
    return {"check": "string_format", "format": fmt, "pattern": pattern}


def _format_check(name: str, params: list[Value], span: Span) -> dict[str, Any]:
    """A Zod 4 string format check (``z.email()``, ``.datetime({offset: true})``, ...)."""
    options = _options(params)
    check: dict[str, Any] = {"check": "string_format", "format": name}
    if name in ("datetime", "time"):
        for key in ("offset", "local", "precision"):
            if key in options:
                check[key] = options[key]
    if name in ("uuid", "guid") and "version" in options:
        check["version"] = options["version"]
    if name in ("url", "httpUrl") and any(k in options for k in ("hostname", "protocol")):
        raise Unsupported("a URL with `hostname`/`protocol` patterns", span)
    if name in ("mac", "hash"):
        raise Unsupported(f"`z.{name}()`", span)
    if "pattern" in options:
        raise Unsupported("a format with its own pattern", span)
    return check


def _merge_fields(base: list[Field], extra: list[Field]) -> list[Field]:
    merged = {f.key: f for f in base}
    for f in extra:
        merged[f.key] = f  # a key redefined keeps its place, with the new schema
    return list(merged.values())


def _enum_values(entries: list[tuple[str, Any]]) -> list[Any]:
    """Zod's ``getEnumValues``: the values, without a numeric enum's reverse mapping."""
    numeric = [v for _, v in entries if isinstance(v, (int, float)) and not isinstance(v, bool)]
    values = []
    for key, value in entries:
        try:
            as_number = float(key)
        except ValueError:
            as_number = math.nan
        if as_number in numeric and key.strip() != "":
            continue
        values.append(value)
    return values


def _arg(args: list[Value], index: int, span: Span) -> Value:
    if index >= len(args):
        raise Unsupported("an argument is missing", span)
    return args[index]


ABSENT: Any = type("Absent", (), {"__repr__": lambda self: "ABSENT"})()  # a default never sent


def _plain(value: Value, what: str) -> Any:
    try:
        return plain(value)
    except NotPlain as error:
        raise Unsupported(f"{what} is not a literal", error.value.span) from None


def _string(value: Value, what: str) -> str:
    if isinstance(value, Lit) and isinstance(value.value, str):
        return value.value
    raise _about(value, f"{what} is not a string literal")


def _number(value: Value, what: str) -> int | float:
    if isinstance(value, Lit) and isinstance(value.value, (int, float)) and not isinstance(
            value.value, bool):
        return value.value
    raise _about(value, f"the argument of {what} is not a number literal")


def _options(params: list[Value]) -> dict[str, Any]:
    if not params or not isinstance(params[0], Obj):
        return {}
    try:
        found = plain(params[0])
    except NotPlain:
        return {}
    return found if isinstance(found, dict) else {}


def is_number(value: Any) -> bool:
    """A JavaScript number among the literal values (a boolean is not one)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def js_type(value: Any) -> str:
    """``typeof`` of a literal value: what both Zod versions emit as a literal's ``type``."""
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, str):
        return "string"
    return "number"
