"""Zod 3's ``isOptional()``: whether a schema parses ``undefined`` — which is how Zod 3's JSON
Schema converter (``zod-to-json-schema``, the SDK's for Zod 3) decides that a key is not
``required``.

It is a parse, not a reading of the definition, and this module follows it as far as it can be
followed without running code: a default parses only if its value meets the schema it defaults
(``z.string().includes("q").default("id")`` is required: "id" fails); a coercing schema
converts ``undefined`` first (``z.coerce.string()`` checks the text "undefined", which a
``.min(3)`` accepts and an ``.email()`` refuses; ``z.coerce.boolean()`` gets false and is
optional); a ``.url()`` check takes a default the URL parser surely accepts or refuses
(:func:`url_parses`). Where the answer turns on a refinement's code, a pattern or a conversion
portlint does not run, :class:`Undecided` says so and the schema is not derived. Observed with Zod
3.22.4 and 3.25.76 through the SDK's tool lists (tests/typescript/test_generated_zod.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from portlint.typescript.zod import _UNDEFINED, Z, _enum_values, js_type


class Undecided(Exception):
    """Whether the schema parses the value turns on something portlint does not run (the
    message says what, as the reason a field is not derived)."""


def accepts_undefined(schema: Z) -> bool:
    """Whether ``undefined`` parses: the key may be left out."""
    return parses(schema, _UNDEFINED)


def parses(schema: Z, value: Any) -> bool:
    """Whether Zod 3 parses ``value`` (a literal's plain value, or ``_UNDEFINED``)."""
    t = schema.type
    if t in ("any", "unknown", "catch"):
        return True
    if value is _UNDEFINED:
        if t in ("optional", "undefined", "void"):
            return True
        if t == "default":
            assert schema.inner is not None
            return parses(schema.inner, schema.default)
        if schema.coerced:
            return _coerced_undefined(schema)
    if schema.coerced:
        value = _coerced(t, value)
    if t in ("optional", "default"):  # (a value, not undefined: that is answered above)
        assert schema.inner is not None
        return parses(schema.inner, value)
    if t == "nullable":
        assert schema.inner is not None
        return value is None or parses(schema.inner, value)
    if t in ("readonly", "branded", "lazy", "promise") or (t == "effects" and
                                                           schema.effect != "refinement"):
        return schema.inner is not None and parses(schema.inner, value)
    if t == "effects":
        if schema.inner is not None and not parses(schema.inner, value):
            return False
        raise Undecided("whether this field is required depends on what its refinement says "
                        "about " + _what(value))
    if t == "pipe":  # the second schema parses what the first one made of the value
        assert schema.in_ is not None and schema.out is not None
        if not parses(schema.in_, value):
            return False
        if not _passes_through(schema.in_):
            raise Undecided("whether this field is required depends on what the first schema "
                            "of its `.pipe()` makes of " + _what(value))
        return parses(schema.out, value)
    if t == "union":
        return _any_parses(schema.options, value)
    if t == "intersection":
        assert schema.left is not None and schema.right is not None
        return parses(schema.left, value) and parses(schema.right, value)
    if value is _UNDEFINED:
        return t == "literal" and schema.values == [_UNDEFINED]
    if t == "string":
        return isinstance(value, str) and _text_passes(value, schema.checks)
    if t == "number":
        return _js_type(value) == "number" and _number_passes(value, schema.checks)
    if t == "boolean":
        return isinstance(value, bool)
    if t == "null":
        return value is None
    if t == "literal":
        return any(_js_type(v) == _js_type(value) and v == value for v in schema.values)
    if t == "enum":
        return isinstance(value, str) and value in schema.values
    if t == "native_enum":
        return any(_js_type(v) == _js_type(value) and v == value
                   for v in _enum_values(schema.entries))
    if t == "array":
        return isinstance(value, list) and all(
            _length_passes(len(value), c.get("kind"), c.get("value")) for c in schema.checks
        ) and schema.element is not None and all(parses(schema.element, v) for v in value)
    if t == "object":
        return isinstance(value, dict) and _object_parses(schema, value)
    if t == "record":
        return isinstance(value, dict) and (schema.value is None or all(
            parses(schema.value, v) for v in value.values()))
    if t == "tuple":
        return isinstance(value, list) and _tuple_parses(schema, value)
    if t == "never":
        return False
    raise Undecided(f"whether this field is required depends on whether its default parses "
                    f"as a Zod `{t}`, which portlint does not decide")


def _what(value: Any) -> str:
    return "a missing value" if value is _UNDEFINED else "its default"


def _passes_through(schema: Z) -> bool:
    """Whether parsing leaves the value as it was (no default, catch, coercion or transform on
    the way)."""
    while True:
        if schema.coerced or schema.type in ("default", "catch", "pipe") or (
                schema.type == "effects" and schema.effect != "refinement"):
            return False
        if schema.inner is None:
            return True
        schema = schema.inner


def _any_parses(options: list[Z], value: Any) -> bool:
    """A union parses what one of its options parses (an option portlint cannot decide
    leaves the answer open only if no other one decides it)."""
    undecided: Undecided | None = None
    for option in options:
        try:
            if parses(option, value):
                return True
        except Undecided as error:
            undecided = error
    if undecided is not None:
        raise undecided
    return False


def _object_parses(schema: Z, value: dict[str, Any]) -> bool:
    keys = {field.key for field in schema.shape}
    if not all(parses(field.schema, value.get(field.key, _UNDEFINED)) for field in schema.shape):
        return False
    extra = [v for k, v in value.items() if k not in keys]
    if schema.catchall is not None and schema.catchall.type != "never":
        return all(parses(schema.catchall, v) for v in extra)
    catchall_never = schema.catchall is not None and schema.catchall.type == "never"
    return not extra or not (catchall_never or schema.unknown_keys == "strict")


def _tuple_parses(schema: Z, value: list[Any]) -> bool:
    items = schema.items
    if len(value) < len(items) or (schema.rest is None and len(value) > len(items)):
        return False
    rest = [] if schema.rest is None else [parses(schema.rest, v) for v in value[len(items):]]
    return all(parses(item, v) for item, v in zip(items, value, strict=False)) and all(rest)


def _coerced(t: str, value: Any) -> Any:
    """What ``String()``, ``Number()`` or ``Boolean()`` make of a literal default."""
    kind = _js_type(value)
    if kind == t:
        return value
    if t == "boolean":
        return bool(value) if kind != "object" else True  # every array and object is true
    if t == "string" and kind in ("null", "boolean"):
        return {None: "null", True: "true", False: "false"}[value]
    if t == "string" and isinstance(value, int):
        return str(value)
    if t == "number" and kind in ("null", "boolean"):
        return int(bool(value))
    raise Undecided(f"whether this field is required depends on what `z.coerce.{t}()` makes "
                    "of its default")


def _coerced_undefined(schema: Z) -> bool:
    """``String(undefined)`` is the text "undefined", ``Boolean(undefined)`` is false;
    ``Number``, ``BigInt`` and ``new Date`` give nothing that parses."""
    if schema.type == "boolean":
        return True
    if schema.type != "string":
        return False
    return _text_passes("undefined", schema.checks, coerced=True)


def _text_passes(text: str, checks: list[dict[str, Any]], coerced: bool = False) -> bool:
    """Zod 3's string checks, in order (its transforms change the text the later ones see)."""
    for check in checks:
        kind = check.get("kind")
        if kind in _TRANSFORMS:
            text = _TRANSFORMS[kind](text)
        elif kind in ("min", "max", "length"):
            if not _length_passes(len(text), "exact" if kind == "length" else kind,
                                  check["value"]):
                return False
        elif kind in _AFFIXES:
            if not _AFFIXES[kind](text, check["value"]):
                return False
        elif kind == "url" and (parses_as := url_parses(text)) is not None:
            if not parses_as:
                return False
        elif text in ("undefined", "UNDEFINED") and kind != "regex":
            # what the formats make of a coerced missing value, observed: every one refuses
            # it but cuid2 (/^[0-9a-z]+$/), which takes the lower-case text
            if kind != "cuid2" or text != "undefined":
                return False
        else:
            what = ("a missing value, converted to the text \"undefined\"" if coerced
                    else "its default")
            raise Undecided(f"whether this field is required depends on whether its "
                            f"{'pattern' if kind == 'regex' else kind} check accepts {what}")
    return True


_TRANSFORMS: dict[str, Callable[[str], str]] = {
    "toUpperCase": str.upper, "toLowerCase": str.lower, "trim": str.strip}
_AFFIXES: dict[str, Callable[[str, str], bool]] = {
    "startsWith": str.startswith, "endsWith": str.endswith, "includes": str.__contains__}


# Zod 3's url check is `new URL(text)`: the WHATWG URL parser, without a base
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:")
_C0_OR_SPACE = "".join(map(chr, range(0x21)))
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?"
_PLAIN_URL = re.compile(rf"(?i:https?|wss?|ftp)://({_LABEL}(?:\.{_LABEL})*)(?::(\d{{1,5}}))?"
                        r"(?:[/?#][\x21-\x7e]*)?")


def url_parses(text: str) -> bool | None:
    """Whether the WHATWG URL parser, given no base, accepts ``text``: never without a scheme
    (it fails in its "no scheme" state); always for a plain absolute URL of a special scheme —
    a host of letters, digits and hyphens, neither a number nor punycode at its end or in a
    label (which the host parser may refuse), a port up to 65535, then printable ASCII (the
    path, query and fragment states never fail). None for anything else: not told."""
    text = text.strip(_C0_OR_SPACE).replace("\t", "").replace("\n", "").replace("\r", "")
    if not _SCHEME.match(text):
        return False
    match = _PLAIN_URL.fullmatch(text)
    if match is None:
        return None
    labels = match.group(1).lower().split(".")
    last = labels[-1]
    if last.isdigit() or (last.startswith("0x") and all(c in "0123456789abcdef"
                                                         for c in last[2:])):
        return None  # read as an IPv4 address, which may not parse
    if any(label.startswith("xn--") for label in labels) or (
            match.group(2) is not None and int(match.group(2)) > 65535):
        return None
    return True


def _length_passes(length: int, kind: str | None, limit: Any) -> bool:
    return not ((kind == "min" and length < limit) or (kind == "max" and length > limit)
                or (kind == "exact" and length != limit))


def _number_passes(value: int | float, checks: list[dict[str, Any]]) -> bool:
    for check in checks:
        kind, limit = check.get("kind"), check.get("value", 0)
        if kind == "int" and not float(value).is_integer():
            return False
        if kind == "min" and (value < limit or (value == limit and not check["inclusive"])):
            return False
        if kind == "max" and (value > limit or (value == limit and not check["inclusive"])):
            return False
        if kind == "multipleOf":
            if not (isinstance(value, int) and isinstance(limit, int)):
                raise Undecided("whether this field is required depends on Zod's decimal "
                                "remainder of its default")
            if value % limit:
                return False
    return True


def _js_type(value: Any) -> str:
    """What a plain value is to JavaScript: ``typeof`` (null its own, lists and objects one)."""
    if value is None:
        return "null"
    return "object" if isinstance(value, (list, dict)) else js_type(value)
