"""Zod 4.6's ``toJSONSchema``, reproduced: the schema a Zod 4 schema advertises (older Zod 4 lines
write it differently and are reported, see ``evaluate.OLDEST_ZOD4``).

The algorithm is Zod's own, step by step (``processSchema``, ``extractDefs``, the wrapper ``ref``
flattening with its key order, ``compactTypeUnion``, intersection folding, record key
rewriting), for the settings the MCP SDKs use: ``reused: "inline"``, ``cycles: "ref"`` (a schema
that reaches itself — through ``z.lazy`` or a getter — and one registered with an ``id`` are
moved into ``definitions``, ``$defs`` for 2020-12), ``unrepresentable: "throw"`` — what Zod
throws on, the server throws on too, and that is reported as :class:`Unsupported` at the schema
that causes it.

The string-format patterns are the ones Zod 4.6.7 emits (measured by the TypeScript oracle,
``tests/typescript/``)."""

from __future__ import annotations

import json
from typing import Any, Literal

from portlint.python.spans import SpanTable
from portlint.source.located import Span
from portlint.typescript.zod import (
    ABSENT,
    RECURSIVE,
    ListFails,
    Unsupported,
    Z,
    is_number,
    js_type,
)

Target = Literal["draft-07", "draft-2020-12"]
Io = Literal["input", "output"]

_DATE = (r"(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29"
         r"|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d"
         r"|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))")
_HEX4 = "[0-9a-fA-F]{1,4}"
_IPV6 = (r"(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:)"
         r"{1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]"
         r"{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}"
         r"|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]"
         r"{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:))")
_IPV4 = (r"(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]"
         r"|1[0-9][0-9]|[1-9][0-9]|[0-9])")
_UUID_ANY = (r"^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-"
             r"[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-"
             r"ffffffffffff)$")

PATTERNS: dict[str, str | None] = {
    "email": (r"^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9]"
              r"[A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$"),
    "url": None, "httpUrl": None, "jwt": None,
    "uuid": _UUID_ANY,
    "guid": r"^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$",
    "cuid": r"^[cC][0-9a-z]{6,}$",
    "cuid2": r"^[0-9a-z]+$",
    "ulid": r"^[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}$",
    "nanoid": r"^[a-zA-Z0-9_-]{21}$",
    "emoji": (r"^(?=[\s\S]*[\p{Extended_Pictographic}\p{Regional_Indicator}\u20E3])"
              r"[\p{Extended_Pictographic}\p{Emoji_Component}]+$"),
    "ipv4": "^" + _IPV4 + "$",
    "ipv6": "^" + _IPV6 + "$",
    "cidrv4": (r"^((25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(25[0-5]|2[0-4]"
               r"[0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\/([0-9]|[1-2][0-9]|3[0-2])$"),
    "cidrv6": "^" + _IPV6 + r"\/(12[0-8]|1[01][0-9]|[1-9]?[0-9])$",
    "base64": r"^$|^(?:[0-9a-zA-Z+/]{4})*(?:(?:[0-9a-zA-Z+/]{2}==)|(?:[0-9a-zA-Z+/]{3}=))?$",
    "base64url": r"^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2,3})?$",
    "e164": r"^\+[1-9]\d{6,14}$",
    "hostname": (r"^(?=.{1,253}\.?$)[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9]"
                 r"(?:[-0-9a-zA-Z]{0,61}[0-9a-zA-Z])?)*\.?$"),
    "hex": r"^[0-9a-fA-F]*$",
    "date": "^" + _DATE + "$",
    "duration": (r"^P(?:(\d+W)|(?!.*W)(?=\d|T\d)(\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?"
                 r"(\d+([.,]\d+)?S)?)?)$"),
}
_UUID_VERSIONS = {"v1": 1, "v2": 2, "v3": 3, "v4": 4, "v5": 5, "v6": 6, "v7": 7, "v8": 8}
_FORMAT_NAMES = {"guid": "uuid", "url": "uri", "httpUrl": "uri", "datetime": "date-time",
                 "uuidv4": "uuid", "uuidv6": "uuid", "uuidv7": "uuid",
                 "starts_with": "starts_with", "ends_with": "ends_with", "regex": ""}
NUMBER_FORMAT_RANGES: dict[str, tuple[float, float]] = {
    "safeint": (-9007199254740991, 9007199254740991),
    "int32": (-2147483648, 2147483647),
    "uint32": (0, 4294967295),
    "float32": (-3.4028234663852886e38, 3.4028234663852886e38),
    "float64": (-1.7976931348623157e308, 1.7976931348623157e308),
}


def _time_source(precision: Any, seconds: bool) -> str:
    hhmm = r"(?:[01]\d|2[0-3]):[0-5]\d"
    if isinstance(precision, int) and not isinstance(precision, bool):
        if precision == -1:
            return hhmm
        if precision == 0:
            return hhmm + r":[0-5]\d"
        return hhmm + r":[0-5]\d\.\d{" + str(precision) + "}"
    if seconds:
        return hhmm + r":[0-5]\d(?:\.\d+)?"
    return hhmm + r"(?::[0-5]\d(?:\.\d+)?)?"


# the string formats whose pattern is one RegExp for every check (Zod 4.6.7's core/schemas.js
# and checks.js: `def.pattern ??= regexes.email`), not one made per check
SHARED_PATTERNS = frozenset((
    "guid", "email", "nanoid", "cuid", "cuid2", "ulid", "xid", "ksuid", "date", "duration",
    "ipv4", "ipv6", "cidrv4", "cidrv6", "base64", "base64url", "e164", "lowercase",
    "uppercase", "hex", "jwt", "hostname"))


def format_pattern(check: dict[str, Any]) -> str | None:
    """The pattern Zod 4 attaches to a string format check."""
    if "pattern" in check:
        return str(check["pattern"])
    fmt = check["format"]
    if fmt == "datetime":
        options = ["Z"]
        if check.get("offset"):
            options.append(r"([+-](?:[01]\d|2[0-3]):[0-5]\d)")
        qualified = _time_source(check.get("precision"), True) + "(?:" + "|".join(options) + ")"
        time = (qualified + "|" + _time_source(check.get("precision"), False)
                if check.get("local") else qualified)
        return "^" + _DATE + "T(?:" + time + ")$"
    if fmt == "time":
        return "^" + _time_source(check.get("precision"), False) + "$"
    if fmt in ("uuid", "uuidv4", "uuidv6", "uuidv7"):
        version = check.get("version") or {"uuidv4": "v4", "uuidv6": "v6",
                                           "uuidv7": "v7"}.get(fmt)
        if version is None:
            return PATTERNS["uuid"]
        digit = _UUID_VERSIONS.get(str(version))
        if digit is None:
            raise Unsupported(f"UUID version {version!r}", (0, 0))
        return (r"^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-" + str(digit) +
                r"[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12})$")
    if fmt not in PATTERNS:
        raise Unsupported(f"the Zod 4 string format `{fmt}`", (0, 0))
    return PATTERNS[fmt]


class _Seen:
    __slots__ = ("count", "cycle", "def_", "def_id", "is_parent", "path", "ref", "schema")

    def __init__(self, path: list[Any]) -> None:
        self.schema: dict[str, Any] = {}
        self.count = 1
        self.cycle: list[Any] | None = None  # where the schema reaches itself, if it does
        self.path = path
        self.ref: Z | bool | None = False  # False: not set; None: flattened
        # extracted: the body moved out of ``schema`` (which becomes a ``$ref``) and its name
        # under ``definitions``/``$defs`` (None for the root, referred to as ``#``)
        self.def_: dict[str, Any] | None = None
        self.def_id: str | None = None
        self.is_parent = False


class Converter:
    """One conversion (Zod's ``ctx``)."""

    def __init__(self, target: Target, io: Io, spans: SpanTable,
                 foreign: dict[int, Span] | None = None) -> None:
        self.target = target
        self.io = io
        self.spans = spans
        self.seen: dict[int, tuple[Z, _Seen]] = {}
        self.intersections: list[list[Any]] = []
        self.records: list[Z] = []
        self.owner: dict[int, Z] = {}  # JSON object -> the schema whose output it is
        self.keys: dict[tuple[int, str], Span] = {}
        self.foreign = foreign or {}
        self.counter = 0  # the names given to extracted schemas: __schema0, __schema1, ...

    # -- processSchema -----------------------------------------------------------------------

    def process(self, schema: Z, path: list[Any], schema_path: tuple[int, ...] = ()
                ) -> dict[str, Any]:
        while schema.type == "forward" and schema.inner is not None:
            schema = schema.inner  # a schema named in a getter before it had its value
        found = self.seen.get(id(schema))
        if found is not None:
            seen = found[1]
            seen.count += 1
            if id(schema) in schema_path:
                seen.cycle = path
            return seen.schema
        seen = _Seen(path)
        self.seen[id(schema)] = (schema, seen)
        self.owner[id(seen.schema)] = schema
        inner_path = (*schema_path, id(schema))
        self._processor(schema, seen.schema, path, inner_path)
        if schema.parent is not None:
            if seen.ref is False:
                seen.ref = schema.parent
            self.process(schema.parent, path, inner_path)
            self.seen[id(schema.parent)][1].is_parent = True
        if schema.meta:
            for key, value in schema.meta.items():
                seen.schema[key] = value
        if self.io == "input" and _transforming(schema, set()):
            seen.schema.pop("examples", None)
            seen.schema.pop("default", None)
        if self.io == "input" and "_prefault" in seen.schema:
            seen.schema.setdefault("default", seen.schema["_prefault"])
        seen.schema.pop("_prefault", None)
        return seen.schema

    def _processor(self, schema: Z, json_: dict[str, Any], path: list[Any],
                   schema_path: tuple[int, ...]) -> None:
        t = schema.type
        seen = self.seen[id(schema)][1]

        def sub(child: Z, *more: Any) -> dict[str, Any]:
            return self.process(child, [*path, *more], schema_path)

        if t == "string":
            self._string(schema, json_)
        elif t == "number":
            self._number(schema, json_)
        elif t == "boolean":
            json_["type"] = "boolean"
        elif t == "null":
            json_["type"] = "null"
        elif t == "never":
            json_["not"] = {}
        elif t in ("any", "unknown"):
            pass
        elif t == "enum":
            values = schema.values
            if not values:
                json_["not"] = {}
                return
            if all(is_number(v) for v in values):
                json_["type"] = "number"
            if all(isinstance(v, str) for v in values):
                json_["type"] = "string"
            json_["enum"] = list(values)
        elif t == "literal":
            self._literal(schema, json_)
        elif t == "array":
            minimum, maximum = self._sizes(schema)
            if minimum is not None:
                json_["minItems"] = minimum
            if maximum is not None:
                json_["maxItems"] = maximum
            json_["type"] = "array"
            assert schema.element is not None
            json_["items"] = sub(schema.element, "items")
        elif t == "object":
            self._object(schema, json_, sub)
        elif t == "union":
            keyword = "anyOf" if schema.inclusive else "oneOf"
            json_[keyword] = [sub(o, keyword, i) for i, o in enumerate(schema.options)]
        elif t == "intersection":
            assert schema.left is not None and schema.right is not None
            a = sub(schema.left, "allOf", 0)
            b = sub(schema.right, "allOf", 1)

            def simple(v: dict[str, Any]) -> bool:
                return "allOf" in v and len(v) == 1

            all_of = [*(a["allOf"] if simple(a) else [a]), *(b["allOf"] if simple(b) else [b])]
            json_["allOf"] = all_of
            self.intersections.append(all_of)
        elif t == "tuple":
            self._tuple(schema, json_, sub)
        elif t == "record":
            self._record(schema, json_, sub)
        elif t == "nullable":
            assert schema.inner is not None
            json_["anyOf"] = [sub(schema.inner), {"type": "null"}]
        elif t in ("nonoptional", "optional", "exact_optional", "promise", "readonly", "lazy"):
            assert schema.inner is not None
            self.process(schema.inner, path, schema_path)
            seen.ref = schema.inner
            if t == "readonly":
                json_["readOnly"] = True
        elif t in ("default", "catch"):
            assert schema.inner is not None
            self.process(schema.inner, path, schema_path)
            seen.ref = schema.inner
            if schema.default is not ABSENT:
                json_["default"] = json.loads(json.dumps(schema.default))
        elif t == "prefault":
            assert schema.inner is not None
            self.process(schema.inner, path, schema_path)
            seen.ref = schema.inner
            if self.io == "input":
                json_["_prefault"] = json.loads(json.dumps(schema.default))
        elif t == "pipe":
            assert schema.in_ is not None and schema.out is not None
            inner = schema.out if self.io == "output" or schema.in_.type == "transform" \
                else schema.in_
            self.process(inner, path, schema_path)
            seen.ref = inner
        elif t == "forward":  # a placeholder left unresolved: its declaration is no schema
            raise Unsupported(RECURSIVE, self._place(schema))
        elif t == "transform":
            raise ListFails("Zod 4 cannot represent a transform in JSON Schema (it throws "
                            "\"Transforms cannot be represented in JSON Schema\")",
                            self._place(schema))
        else:
            names = {"date": "Date", "bigint": "BigInt", "undefined": "Undefined",
                     "void": "Void", "symbol": "Symbols", "nan": "NaN", "map": "Map",
                     "set": "Set"}
            if t in names:
                raise ListFails(f"Zod 4 cannot represent `z.{t}()` in JSON Schema (it throws "
                                f"\"{names[t]} cannot be represented in JSON Schema\")",
                                self._place(schema))
            raise Unsupported(f"a Zod {t} schema", self._place(schema))

    def _place(self, schema: Z) -> Span:
        return schema.span if not schema.module else self.foreign.get(id(schema), (0, 0))

    def _checks(self, schema: Z) -> dict[str, Any]:
        """Zod's ``aggregateChecks``."""
        agg: dict[str, Any] = {}

        def narrow_min(key: str, value: Any) -> None:
            if agg.get(key) is None or value > agg[key]:
                agg[key] = value

        def narrow_max(key: str, value: Any) -> None:
            if agg.get(key) is None or value < agg[key]:
                agg[key] = value

        for check in schema.checks:
            kind = check.get("check")
            if kind == "greater_than":
                narrow_min("minimum" if check["inclusive"] else "exclusiveMinimum",
                           check["value"])
            elif kind == "less_than":
                narrow_max("maximum" if check["inclusive"] else "exclusiveMaximum",
                           check["value"])
            elif kind == "multiple_of":
                divisors = agg.setdefault("multipleOf", [])
                if check["value"] not in divisors:
                    divisors.append(check["value"])
            elif kind == "number_format":
                agg["format"] = check["format"]
                if "int" in check["format"]:
                    agg["isInt"] = True
                low, high = NUMBER_FORMAT_RANGES[check["format"]]
                narrow_min("minimum", low)
                narrow_max("maximum", high)
            elif kind == "min_length":
                narrow_min("minimum", check["minimum"])
            elif kind == "max_length":
                narrow_max("maximum", check["maximum"])
            elif kind == "length_equals":
                narrow_min("minimum", check["length"])
                narrow_max("maximum", check["length"])
            elif kind == "string_format":
                agg["format"] = check["format"]
                pattern = format_pattern(check)
                if pattern is not None:
                    # Zod 4 keeps the checks' RegExp objects in a Set: a format whose pattern
                    # is one shared constant is said once, however often it is checked; a
                    # pattern made per check (a UUID, a date-time, an affix, a literal) as often
                    patterns = agg.setdefault("patterns", [])
                    made = agg.setdefault("pattern_objects", [])
                    shared = check["format"] in SHARED_PATTERNS or any(
                        kept is check.get("regex") for kept in made if kept is not None)
                    if not (shared and pattern in patterns):
                        patterns.append(pattern)
                        made.append(check.get("regex"))
                if check["format"] in ("base64", "base64url"):
                    agg["contentEncoding"] = check["format"]
                if check.get("local") or check.get("precision") == -1:
                    agg["laxFormat"] = True
        return agg

    def _string(self, schema: Z, json_: dict[str, Any]) -> None:
        json_["type"] = "string"
        agg = self._checks(schema)
        if is_number(agg.get("minimum")):
            json_["minLength"] = agg["minimum"]
        if is_number(agg.get("maximum")):
            json_["maxLength"] = agg["maximum"]
        fmt = agg.get("format")
        if fmt:
            name = _FORMAT_NAMES.get(fmt, fmt)
            if name:
                json_["format"] = name
            if fmt == "time" or agg.get("laxFormat"):
                json_.pop("format", None)
        if agg.get("contentEncoding"):
            json_["contentEncoding"] = agg["contentEncoding"]
        patterns = agg.get("patterns") or []
        if len(patterns) == 1:
            json_["pattern"] = patterns[0]
        elif len(patterns) > 1:
            json_["allOf"] = [({"type": "string"} if self.target == "draft-07" else {})
                              | {"pattern": p} for p in patterns]

    def _number(self, schema: Z, json_: dict[str, Any]) -> None:
        agg = self._checks(schema)
        json_["type"] = "integer" if agg.get("isInt") else "number"
        minimum: Any = agg.get("minimum")
        maximum: Any = agg.get("maximum")
        ex_min: Any = agg.get("exclusiveMinimum")
        ex_max: Any = agg.get("exclusiveMaximum")
        if is_number(ex_min) and ex_min >= (minimum if is_number(minimum) else -float("inf")):
            json_["exclusiveMinimum"] = ex_min
        elif is_number(minimum):
            json_["minimum"] = minimum
        if is_number(ex_max) and ex_max <= (maximum if is_number(maximum) else float("inf")):
            json_["exclusiveMaximum"] = ex_max
        elif is_number(maximum):
            json_["maximum"] = maximum
        divisors: list[Any] = []
        for divisor in agg.get("multipleOf") or []:
            if divisor == 0 or divisor in (float("inf"), -float("inf")):
                raise Unsupported(f"a multipleOf divisor of {divisor}", self._place(schema))
            if abs(divisor) not in divisors:
                divisors.append(abs(divisor))
        if divisors:
            json_["multipleOf"] = divisors[0]
            if len(divisors) > 1:
                json_["allOf"] = [*json_.get("allOf", []),
                                  *({"multipleOf": m} for m in divisors[1:])]

    def _literal(self, schema: Z, json_: dict[str, Any]) -> None:
        values = schema.values
        if not values:
            json_["not"] = {}
            return
        for value in values:
            if not isinstance(value, (str, int, float, bool)) and value is not None:
                raise ListFails("Zod 4 cannot represent a literal `undefined` in JSON Schema "
                                "(it throws \"Literal `undefined` cannot be represented in "
                                "JSON Schema\")", self._place(schema))
        if len(values) == 1:
            value = values[0]
            json_["type"] = "null" if value is None else js_type(value)
            json_["const"] = value
            return
        if all(is_number(v) for v in values):
            json_["type"] = "number"
        if all(isinstance(v, str) for v in values):
            json_["type"] = "string"
        if all(isinstance(v, bool) for v in values):
            json_["type"] = "boolean"
        if all(v is None for v in values):
            json_["type"] = "null"
        json_["enum"] = list(values)

    def _sizes(self, schema: Z) -> tuple[Any, Any]:
        agg = self._checks(schema)
        return agg.get("minimum"), agg.get("maximum")

    def _object(self, schema: Z, json_: dict[str, Any], sub: Any) -> None:
        json_["type"] = "object"
        properties: dict[str, Any] = {}
        json_["properties"] = properties
        for field in schema.shape:
            properties[field.key] = sub(field.schema, "properties", field.key)
            if not field.schema.module or not schema.module:
                self.keys[(id(properties), field.key)] = (
                    field.key_span if not schema.module else self._place(schema))
        required = []
        for field in schema.shape:
            optional = (_input_optin(field.schema) is not None if self.io == "input"
                        else field.schema.optout() is not None)
            if not optional:
                required.append(field.key)
        if required:
            json_["required"] = required
        catchall = schema.catchall
        if catchall is not None and catchall.type == "never":
            json_["additionalProperties"] = False
        elif catchall is None:
            if self.io == "output":
                json_["additionalProperties"] = False
        else:
            json_["additionalProperties"] = sub(catchall, "additionalProperties")

    def _tuple(self, schema: Z, json_: dict[str, Any], sub: Any) -> None:
        json_["type"] = "array"
        prefix_key = "prefixItems" if self.target == "draft-2020-12" else "items"
        rest_key = "items" if self.target == "draft-2020-12" else "additionalItems"
        prefix = [sub(item, prefix_key, i) for i, item in enumerate(schema.items)]
        rest = sub(schema.rest, rest_key) if schema.rest is not None else None
        min_items = len(schema.items)
        while min_items > 0:
            item = schema.items[min_items - 1]
            optional = (_input_optin(item) is not None if self.io == "input"
                        else item.optout() == "optional")
            if not optional:
                break
            min_items -= 1
        closed = schema.rest is None
        if self.target == "draft-2020-12":
            json_["prefixItems"] = prefix
            if closed:
                json_["items"] = False
            elif rest is not None:
                json_["items"] = rest
        else:
            json_["items"] = prefix
            if closed:
                json_["additionalItems"] = False
            elif rest is not None:
                json_["additionalItems"] = rest
        if min_items > 0:
            json_["minItems"] = min_items
        if closed:
            json_["maxItems"] = len(schema.items)
        minimum, maximum = self._sizes(schema)
        if is_number(minimum):
            json_["minItems"] = minimum
        if is_number(maximum):
            json_["maxItems"] = maximum

    def _record(self, schema: Z, json_: dict[str, Any], sub: Any) -> None:
        assert schema.key is not None and schema.value is not None
        json_["type"] = "object"
        key_patterns = self._checks(schema.key).get("patterns") or []
        if schema.effect == "loose" and key_patterns:
            value = sub(schema.value, "patternProperties", "*")
            json_["patternProperties"] = dict.fromkeys(key_patterns, value)
        else:
            json_["propertyNames"] = sub(schema.key, "propertyNames")
            self.records.append(schema)
            json_["additionalProperties"] = sub(schema.value, "additionalProperties")
        key_values = _key_values(schema.key)
        omittable = self.io == "input" and _input_optin(schema.value) is not None
        if key_values is not None and schema.effect != "partial" and not omittable:
            valid = [v for v in key_values if isinstance(v, str) or is_number(v)]
            if valid:
                json_["required"] = [_js_string(v) for v in valid]

    # -- finalize ----------------------------------------------------------------------------

    def finalize(self, root: Z) -> dict[str, Any]:
        self._extract_defs(root)
        for schema, _seen in reversed(list(self.seen.values())):
            self._flatten(schema)
        for _schema, seen in self.seen.values():
            _compact_type_union(seen.def_ if seen.def_ is not None else seen.schema)
        if self.records:
            self._rewrite_key_names()
        if self.intersections:
            carriers: dict[int, list[dict[str, Any]]] = {}
            for _schema, seen in self.seen.values():
                for json_ in (seen.schema, seen.def_):
                    all_of = json_.get("allOf") if json_ is not None else None
                    if isinstance(all_of, list) and json_ is not None:
                        carriers.setdefault(id(all_of), []).append(json_)
            for all_of in self.intersections:
                for json_ in carriers.get(id(all_of), []):
                    _fold_intersection(json_)
        result: dict[str, Any] = {"$schema": "https://json-schema.org/draft/2020-12/schema"
                                  if self.target == "draft-2020-12"
                                  else "http://json-schema.org/draft-07/schema#"}
        root_seen = self.seen[id(root)][1]
        body = root_seen.schema if root_seen.def_id or root_seen.def_ is None else root_seen.def_
        result.update(body)
        if "id" in root.meta and result.get("id") == root.meta["id"]:
            del result["id"]  # Zod's registration tag, not the schema's
        defs: dict[str, Any] = {}
        for _schema, seen in self.seen.values():
            if seen.def_ is not None and seen.def_id:
                if seen.def_.get("id") == seen.def_id:
                    del seen.def_["id"]
                defs[seen.def_id] = seen.def_
        if defs:
            result["$defs" if self.target == "draft-2020-12" else "definitions"] = defs
        self.owner[id(result)] = root
        copied: dict[str, Any] = self._copy(result, root.span)
        return copied

    def _extract_defs(self, root: Z) -> None:
        """Zod's ``extractDefs`` (``cycles: "ref"``, ``reused: "inline"``): the root, a schema
        registered with an ``id`` and a schema that reaches itself are moved into
        ``definitions`` (``$defs`` for 2020-12), their places left a ``$ref``."""
        named: dict[str, Z] = {}
        for schema, _seen in self.seen.values():
            name = schema.meta.get("id")
            if name:
                if named.get(name, schema) is not schema:
                    raise ListFails(f'Duplicate schema id "{name}" detected during JSON Schema '
                                    "conversion. Two different schemas cannot share the same "
                                    "id when converted together.", self._place(schema))
                named[name] = schema
        for schema, seen in self.seen.values():
            if schema is root or schema.meta.get("id") or seen.cycle is not None:
                self._extract(schema, seen, schema is root)

    def _extract(self, schema: Z, seen: _Seen, is_root: bool) -> None:
        if seen.schema.get("$ref"):
            return  # already a reference
        own_id = seen.schema.get("id")
        if is_root and not own_id:
            ref, def_id = "#", None  # nowhere to move it: it refers to itself as `#`
        else:
            if own_id is None:
                own_id = f"__schema{self.counter}"
                self.counter += 1
            if not isinstance(own_id, str):
                raise Unsupported(f"a schema `id` that is not a string ({own_id!r})",
                                  self._place(schema))
            segment = "$defs" if self.target == "draft-2020-12" else "definitions"
            ref = f"#/{segment}/" + own_id.replace("~", "~0").replace("/", "~1")
            def_id = own_id
        seen.def_ = dict(seen.schema)
        self.owner[id(seen.def_)] = schema
        if def_id:
            seen.def_id = def_id
        seen.schema.clear()
        seen.schema["$ref"] = ref

    def _flatten(self, schema: Z) -> None:
        """Zod's ``flattenRef``: a schema made from another (a wrapper, a clone) takes on what
        that one lists, its own keywords winning; one made from an extracted schema refers to
        it (through ``allOf`` in draft-07, which cannot put ``$ref`` beside other keywords)."""
        seen = self.seen[id(schema)][1]
        if seen.ref is None:
            return
        target = seen.def_ if seen.def_ is not None else seen.schema
        cached = dict(target)
        ref = seen.ref
        seen.ref = None
        if isinstance(ref, Z):
            self._flatten(ref)
            ref_seen = self.seen[id(ref)][1]
            ref_schema = ref_seen.schema
            if ref_schema.get("$ref") and self.target == "draft-07":
                target.setdefault("allOf", []).append(ref_schema)
            else:
                target.update(ref_schema)
            target.update(cached)
            if schema.parent is ref:
                for key in list(target):
                    if key not in ("$ref", "allOf") and key not in cached:
                        del target[key]
            if ref_schema.get("$ref") and ref_seen.def_ is not None:
                _drop_inherited(target, ref_seen.def_)
        parent = schema.parent
        if parent is not None and parent is not ref:
            self._flatten(parent)
            parent_seen = self.seen[id(parent)][1]
            if parent_seen.schema.get("$ref"):
                target["$ref"] = parent_seen.schema["$ref"]
                if parent_seen.def_ is not None:
                    _drop_inherited(target, parent_seen.def_)

    def _rewrite_key_names(self) -> None:
        for record in self.records:
            seen = self.seen[id(record)][1]
            names = seen.schema.get("propertyNames")
            if not isinstance(names, dict):
                continue
            rewritten = _stringify_key_names(names)
            if rewritten is not names:
                seen.schema["propertyNames"] = rewritten

    def _copy(self, value: Any, span: Span) -> Any:
        """The JSON round trip Zod ends with, marking each object with its schema's place."""
        if isinstance(value, dict):
            owner = self.owner.get(id(value))
            if owner is not None:
                span = owner.span if not owner.module else self.foreign.get(id(owner), span)
            copy: dict[str, Any] = {}
            for key, item in value.items():
                copy[key] = self._copy(item, span)
                key_span = self.keys.get((id(value), key))
                if key_span is not None:
                    self.spans.mark_key(copy, key, key_span)
            self.spans.mark(copy, span)
            return copy
        if isinstance(value, list):
            items = [self._copy(item, span) for item in value]
            self.spans.mark(items, span)
            return items
        return value


def _js_string(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _input_optin(schema: Z) -> str | None:
    if schema.type == "pipe" and schema.in_ is not None and schema.in_.type == "transform":
        assert schema.out is not None
        return _input_optin(schema.out)
    if schema.type == "catch" and schema.inner is not None:
        return _input_optin(schema.inner)
    return schema.optin()


def _key_values(schema: Z) -> list[Any] | None:
    """Zod's ``_zod.values`` of a record key: the finite set of keys it accepts, if any."""
    if schema.type == "enum":
        return list(schema.values)
    if schema.type == "literal":
        return list(schema.values)
    if schema.type == "union":
        found: list[Any] = []
        for option in schema.options:
            values = _key_values(option)
            if values is None:
                return None
            found.extend(v for v in values if v not in found)
        return found
    return None


def _transforming(schema: Z, seen: set[int]) -> bool:
    if id(schema) in seen:
        return False
    seen.add(id(schema))
    t = schema.type
    if t == "transform":
        return True
    if t == "array":
        return schema.element is not None and _transforming(schema.element, seen)
    if t in ("promise", "optional", "exact_optional", "nonoptional", "nullable", "readonly",
             "default", "prefault", "catch", "lazy", "forward"):
        return schema.inner is not None and _transforming(schema.inner, seen)
    if t == "set":
        return schema.element is not None and _transforming(schema.element, seen)
    if t == "intersection":
        assert schema.left is not None and schema.right is not None
        return _transforming(schema.left, seen) or _transforming(schema.right, seen)
    if t == "record":
        assert schema.key is not None and schema.value is not None
        return _transforming(schema.key, seen) or _transforming(schema.value, seen)
    if t == "pipe":
        assert schema.in_ is not None and schema.out is not None
        return schema.effect == "codec" or _transforming(schema.in_, seen) or \
            _transforming(schema.out, seen)
    if t == "object":
        return any(_transforming(f.schema, seen) for f in schema.shape)
    if t == "union":
        return any(_transforming(o, seen) for o in schema.options)
    if t == "tuple":
        return any(_transforming(i, seen) for i in schema.items) or (
            schema.rest is not None and _transforming(schema.rest, seen))
    return False


def _compact_type_union(schema: dict[str, Any]) -> None:
    options = schema.get("anyOf")
    if not isinstance(options, list) or not options or "type" in schema:
        return
    types: list[str] = []
    for option in options:
        if not isinstance(option, dict):
            return
        _compact_type_union(option)
        if list(option) != ["type"]:
            return
        members = option["type"] if isinstance(option["type"], list) else [option["type"]]
        for member in members:
            if not isinstance(member, str):
                return
            if member not in types:
                types.append(member)
    del schema["anyOf"]
    schema["type"] = types[0] if len(types) == 1 else types


_FOLDABLE = ("type", "properties", "required", "additionalProperties")


def _undeclared(member: dict[str, Any]) -> Any:
    extra = member.get("additionalProperties")
    if not isinstance(extra, dict):
        return None
    return extra if extra else None


def _same(a: Any, b: Any) -> bool:
    return json.dumps(a) == json.dumps(b)


def _drop_inherited(target: dict[str, Any], definition: dict[str, Any]) -> None:
    """The keywords a schema that refers to an extracted one repeats from its definition."""
    for key in list(target):
        if key not in ("$ref", "allOf") and key in definition and \
                _same(target[key], definition[key]):
            del target[key]


def _fold_objects(members: list[Any]) -> dict[str, Any] | None:
    for member in members:
        if not isinstance(member, dict) or member.get("type") != "object":
            return None
        if any(key not in _FOLDABLE for key in member):
            return None
    properties: dict[str, Any] = {}
    required: list[str] = []
    for obj in members:
        for key in obj.get("properties", {}):
            if key in properties:
                continue
            parts: list[Any] = []
            for other in members:
                part = other.get("properties", {}).get(key)
                if part is None:
                    part = _undeclared(other)
                if part is None:
                    continue
                if not any(_same(seen, part) for seen in parts):
                    parts.append(part)
            merged = parts[0] if len(parts) == 1 else (_fold_objects(parts) or {"allOf": parts})
            properties[key] = merged
        for key in obj.get("required", []):
            if key not in required:
                required.append(key)
    folded: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        folded["required"] = required
    if all(obj.get("additionalProperties") is False for obj in members):
        folded["additionalProperties"] = False
    else:
        constraints: list[Any] = []
        for obj in members:
            constraint = _undeclared(obj)
            if constraint and not any(_same(seen, constraint) for seen in constraints):
                constraints.append(constraint)
        if len(constraints) == 1:
            folded["additionalProperties"] = constraints[0]
        elif len(constraints) > 1:
            folded["additionalProperties"] = {"allOf": constraints}
    return folded


def _fold_intersection(json_: dict[str, Any]) -> None:
    all_of = json_.get("allOf")
    if not isinstance(all_of, list) or len(all_of) < 2:
        return
    if any(key in json_ for key in _FOLDABLE):
        return
    unions = [m for m in all_of if isinstance(m, dict)
              and any(isinstance(m.get(k), list) for k in ("oneOf", "anyOf"))]
    if not unions:
        folded = _fold_objects(all_of)
    else:
        union = unions[0]
        keyword = next(k for k in ("oneOf", "anyOf") if isinstance(union.get(k), list))
        if len(union) != 1:
            return
        rest = [m for m in all_of if m is not union]
        branches = [_fold_objects([*rest, branch]) for branch in union[keyword]]
        if any(b is None for b in branches):
            return
        folded = {keyword: branches}
    if folded is None:
        return
    del json_["allOf"]
    for key, value in folded.items():
        json_[key] = value


def _stringify_key_names(names: dict[str, Any]) -> dict[str, Any]:
    out = names
    for keyword in ("anyOf", "oneOf"):
        branches = out.get(keyword)
        if isinstance(branches, list):
            mapped = [_stringify_key_names(b) if isinstance(b, dict) else b for b in branches]
            if any(m is not b for m, b in zip(mapped, branches, strict=True)):
                out = {**out, keyword: mapped}
    kind = out.get("type")
    types = kind if isinstance(kind, list) else [kind]
    numeric = "string" not in types and any(t in ("number", "integer") for t in types)
    values = out.get("enum") if "enum" in out else (
        [out["const"]] if "const" in out else None)
    if not numeric and not (values and any(is_number(v) for v in values)):
        return out
    rest = {k: v for k, v in out.items() if k not in (
        "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "format",
        "id")}
    if "enum" in rest:
        rest["enum"] = [_js_string(v) if is_number(v) else v for v in rest["enum"]]
    elif is_number(rest.get("const")):
        rest["const"] = _js_string(rest["const"])
    if not numeric:
        return rest
    rest["type"] = "string"
    if not values:
        rest["pattern"] = r"^-?\d+(?:\.\d+)?$" if "number" in types else r"^-?\d+$"
    return rest


def to_json_schema(schema: Z, target: Target, io: Io, spans: SpanTable,
                   foreign: dict[int, Span] | None = None) -> dict[str, Any]:
    """What ``z.toJSONSchema(schema, {target, io})`` returns."""
    converter = Converter(target, io, spans, foreign)
    converter.process(schema, [])
    return converter.finalize(schema)

