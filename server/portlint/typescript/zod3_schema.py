"""zod-to-json-schema (3.24/3.25), reproduced: what MCP TypeScript SDK 1.x advertises for a
Zod 3 schema.

The SDK calls ``zodToJsonSchema(schema, {strictUnions: true})`` (and, from 1.20.0, with
``pipeStrategy: "input"``/``"output"``), the `fastmcp` framework ``zodToJsonSchema(schema)``;
every other option is the library's default: target
``jsonSchema7``, ``$refStrategy: "root"`` (the second use of the same schema object becomes a
``$ref`` to the path of the first), ``effectStrategy: "input"``, ``emailStrategy:
"format:email"``, ``patternStrategy: "escape"`` (which, as the library does, escapes ``w`` and
``W`` too: its alphanumeric set lacks them). The parsers below follow the library's, one for
one, in the order it writes keys."""

from __future__ import annotations

from typing import Any, Literal

from portlint.python.spans import SpanTable
from portlint.source.located import Span
from portlint.typescript.zod import _UNDEFINED, Unsupported, Z, is_number, js_type, made_anew
from portlint.typescript.zod3_optional import Undecided, accepts_undefined

PipeStrategy = Literal["all", "input", "output"]

_PRIMITIVES = {"string": "string", "number": "number", "bigint": "integer",
               "boolean": "boolean", "null": "null"}
_ALPHANUMERIC = set("ABCDEFGHIJKLMNOPQRSTUVXYZabcdefghijklmnopqrstuvxyz0123456789")
_PATTERNS = {
    "cuid": "^[cC][^\\s-]{8,}$",
    "cuid2": "^[0-9a-z]+$",
    "ulid": "^[0-9A-HJKMNP-TV-Z]{26}$",
    "emoji": "^(\\p{Extended_Pictographic}|\\p{Emoji_Component})+$",
    "base64url": "^([0-9a-zA-Z-_]{4})*(([0-9a-zA-Z-_]{2}(==)?)|([0-9a-zA-Z-_]{3}(=)?))?$",
    "nanoid": "^[a-zA-Z0-9_-]{21}$",
    "jwt": "^[A-Za-z0-9-_]+\\.[A-Za-z0-9-_]+\\.[A-Za-z0-9-_]*$",
    "ipv4Cidr": ("^(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\\.){3}(?:25[0-5]|"
                 "2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\\/(3[0-2]|[12]?[0-9])$"),
    "ipv6Cidr": (
        "^(([0-9a-fA-F]{1,4}:){7,7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]"
        "{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|"
        "([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]"
        "{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:"
        "[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:)|fe80:(:[0-9a-fA-F]{0,4}){0,4}%"
        "[0-9a-zA-Z]{1,}|::(ffff(:0{1,4}){0,1}:){0,1}((25[0-5]|(2[0-4]|1{0,1}[0-9]){0,1}[0-9])"
        "\\.){3,3}(25[0-5]|(2[0-4]|1{0,1}[0-9]){0,1}[0-9])|([0-9a-fA-F]{1,4}:){1,4}:((25[0-5]|"
        "(2[0-4]|1{0,1}[0-9]){0,1}[0-9])\\.){3,3}(25[0-5]|(2[0-4]|1{0,1}[0-9]){0,1}[0-9]))\\/"
        "(12[0-8]|1[01][0-9]|[1-9]?[0-9])$"),
}


class _Item:
    __slots__ = ("json", "path")

    def __init__(self, path: list[str]) -> None:
        self.path = path
        self.json: dict[str, Any] | None = None


class Converter:
    def __init__(self, pipe_strategy: PipeStrategy, spans: SpanTable,
                 foreign: dict[int, Span] | None = None, *, strict_unions: bool = True) -> None:
        self.pipe_strategy = pipe_strategy
        self.spans = spans
        self.seen: dict[int, _Item] = {}
        self.made: list[Z] = []
        self.foreign = foreign or {}
        self.strict_unions = strict_unions

    def place(self, schema: Z, fallback: Span) -> Span:
        return schema.span if not schema.module else self.foreign.get(id(schema), fallback)

    def parse(self, schema: Z, path: list[str], property_path: list[str] | None,
              span: Span) -> dict[str, Any] | None:
        """``parseDef``: a schema seen before becomes ``{"$ref": <its first path>}``."""
        span = self.place(schema, span)
        item = self.seen.get(id(schema))
        if item is not None:
            ref = {"$ref": "/".join(item.path)}
            self.spans.mark(ref, span)
            return ref
        item = _Item(path)
        self.seen[id(schema)] = item
        result = self._select(schema, path, property_path, span)
        if result is not None:
            if schema.description:
                result["description"] = schema.description
            self.spans.mark(result, span)
        item.json = result
        return result

    def _select(self, schema: Z, path: list[str], property_path: list[str] | None,
                span: Span) -> dict[str, Any] | None:
        t = schema.type

        def sub(child: Z, *more: str, prop: list[str] | None = None) -> dict[str, Any] | None:
            return self.parse(child, [*path, *more], prop, span)

        if t == "string":
            return self._string(schema)
        if t == "number":
            return self._number(schema)
        if t == "object":
            return self._object(schema, path, span)
        if t == "bigint":
            return self._bigint(schema)
        if t == "boolean":
            return {"type": "boolean"}
        if t == "date":
            return {"type": "string", "format": "date-time"}
        if t == "undefined":
            return {"not": {}}
        if t == "null":
            return {"type": "null"}
        if t == "array":
            result: dict[str, Any] = {"type": "array"}
            element = schema.element
            if element is not None and element.type != "any":
                element_json = sub(element, "items")
                if element_json is not None:  # JavaScript's undefined, left out when sent
                    result["items"] = element_json
            for check in schema.checks:
                if check["kind"] == "min":
                    result["minItems"] = check["value"]
                elif check["kind"] == "max":
                    result["maxItems"] = check["value"]
            for check in schema.checks:
                if check["kind"] == "exact":
                    result["minItems"] = check["value"]
                    result["maxItems"] = check["value"]
            return result
        if t == "union":
            return self._union(schema, path, span)
        if t == "intersection":
            assert schema.left is not None and schema.right is not None
            parts = [p for p in (sub(schema.left, "allOf", "0"), sub(schema.right, "allOf", "1"))
                     if p is not None]
            merged: list[Any] = []
            for part in parts:
                if "allOf" in part and not ("type" in part and part["type"] == "string"):
                    merged.extend(part["allOf"])
                elif part.get("additionalProperties") is False:
                    merged.append({k: v for k, v in part.items() if k != "additionalProperties"})
                else:
                    merged.append(part)
            return {"allOf": merged} if merged else None
        if t == "tuple":
            items = [x for x in (sub(item, "items", str(i)) for i, item in
                                 enumerate(schema.items)) if x is not None]
            if schema.rest is not None:
                tuple_json = {"type": "array", "minItems": len(schema.items), "items": items}
                rest = sub(schema.rest, "additionalItems")
                if rest is not None:  # JavaScript's undefined is left out when sent
                    tuple_json["additionalItems"] = rest
                return tuple_json
            return {"type": "array", "minItems": len(schema.items),
                    "maxItems": len(schema.items), "items": items}
        if t == "map":  # zod-to-json-schema's mapStrategy "entries"
            assert schema.key is not None and schema.value is not None
            key_json = sub(schema.key, "items", "items", "0")
            value_json = sub(schema.value, "items", "items", "1")
            return {"type": "array", "maxItems": 125, "items": {
                "type": "array", "items": [key_json if key_json is not None else {},
                                           value_json if value_json is not None else {}],
                "minItems": 2, "maxItems": 2}}
        if t == "set":
            assert schema.element is not None
            unique: dict[str, Any] = {"type": "array", "uniqueItems": True}
            member = sub(schema.element, "items")
            if member is not None:
                unique["items"] = member
            sizes = {check["kind"]: check["value"] for check in schema.checks}  # the last wins
            for bound, word in (("min", "minItems"), ("max", "maxItems")):
                if bound in sizes:
                    unique[word] = sizes[bound]
            return unique
        if t == "record":
            return self._record(schema, path, span)
        if t == "literal":
            value = schema.values[0]
            if value is _UNDEFINED or value is None:
                return {"type": "object"}
            return {"type": js_type(value), "const": value}
        if t == "enum":
            return {"type": "string", "enum": list(schema.values)}
        if t == "native_enum":
            entries = dict(schema.entries)
            keys = [k for k, v in schema.entries if not is_number(entries.get(_js_key(v)))]
            values = [entries[k] for k in keys]
            kinds: list[str] = []
            for v in values:
                kind = "string" if isinstance(v, str) else "number"
                if kind not in kinds:
                    kinds.append(kind)
            kind_value: Any = (("string" if kinds[0] == "string" else "number")
                               if len(kinds) == 1 else ["string", "number"])
            return {"type": kind_value, "enum": values}
        if t == "nullable":
            inner = schema.inner
            assert inner is not None
            if inner.type in _PRIMITIVES and not inner.checks:
                return {"type": [_PRIMITIVES[inner.type], "null"]}
            base = sub(inner, "anyOf", "0")
            return {"anyOf": [base, {"type": "null"}]} if base is not None else None
        if t == "optional":
            inner = schema.inner
            assert inner is not None
            if property_path is not None and path == property_path:
                return self.parse(inner, path, property_path, span)
            inner_json = sub(inner, "anyOf", "1")
            # JavaScript's truth: an empty schema ({} from z.any()) is kept, as every object
            return {"anyOf": [{"not": {}}, inner_json]} if inner_json is not None else {}
        if t == "lazy" and schema.made_in is not None and schema.inner is not None:
            # zod-to-json-schema calls the function at each place: what it makes there is new,
            # never a schema seen before (a `$ref` goes only to schemas made elsewhere)
            made = made_anew(schema.inner, schema.made_in, schema.module, {})
            self.made.append(made)  # kept alive: the schemas seen are known by their ids
            return self.parse(made, path, property_path, span)
        if t in ("branded", "catch", "readonly", "promise", "lazy"):
            assert schema.inner is not None
            return self.parse(schema.inner, path, property_path, span)
        if t == "effects":
            assert schema.inner is not None
            return self.parse(schema.inner, path, property_path, span)
        if t == "default":
            assert schema.inner is not None
            inner_json = self.parse(schema.inner, path, property_path, span) or {}
            result = dict(inner_json)
            result["default"] = schema.default
            return result
        if t == "pipe":
            assert schema.in_ is not None and schema.out is not None
            if self.pipe_strategy == "input":
                return self.parse(schema.in_, path, property_path, span)
            if self.pipe_strategy == "output":
                return self.parse(schema.out, path, property_path, span)
            a = sub(schema.in_, "allOf", "0")
            b = sub(schema.out, "allOf", "1" if a is not None else "0")
            return {"allOf": [x for x in (a, b) if x is not None]}
        if t in ("any", "unknown"):
            return {}
        if t in ("never", "nan"):
            return {"not": {}}
        if t in ("void", "symbol", "function"):
            return None
        raise Unsupported(f"a Zod 3 {t} schema", span)

    def _string(self, schema: Z) -> dict[str, Any]:
        res: dict[str, Any] = {"type": "string"}
        for check in schema.checks:
            kind = check["kind"]
            if kind in ("min", "length"):
                res["minLength"] = (max(res["minLength"], check["value"])
                                    if is_number(res.get("minLength")) else check["value"])
            if kind in ("max", "length"):
                res["maxLength"] = (min(res["maxLength"], check["value"])
                                    if is_number(res.get("maxLength")) else check["value"])
            if kind == "email":
                _add_format(res, "email")
            elif kind == "url":
                _add_format(res, "uri")
            elif kind == "uuid":
                _add_format(res, "uuid")
            elif kind == "regex":
                _add_pattern(res, check["source"])
            elif kind in ("cuid", "cuid2", "ulid", "emoji", "base64url", "jwt", "nanoid"):
                _add_pattern(res, _PATTERNS[kind])
            elif kind == "startsWith":
                _add_pattern(res, "^" + _escape(check["value"]))
            elif kind == "endsWith":
                _add_pattern(res, _escape(check["value"]) + "$")
            elif kind == "includes":
                _add_pattern(res, _escape(check["value"]))
            elif kind == "datetime":
                _add_format(res, "date-time")
            elif kind in ("date", "time", "duration"):
                _add_format(res, kind)
            elif kind == "ip":
                if check.get("version") != "v6":
                    _add_format(res, "ipv4")
                if check.get("version") != "v4":
                    _add_format(res, "ipv6")
            elif kind == "cidr":
                if check.get("version") != "v6":
                    _add_pattern(res, _PATTERNS["ipv4Cidr"])
                if check.get("version") != "v4":
                    _add_pattern(res, _PATTERNS["ipv6Cidr"])
            elif kind == "base64":
                res["contentEncoding"] = "base64"
        return res

    def _number(self, schema: Z) -> dict[str, Any]:
        res: dict[str, Any] = {"type": "number"}
        for check in schema.checks:
            kind = check["kind"]
            if kind == "int":
                res["type"] = "integer"
            elif kind == "min":
                res["minimum" if check["inclusive"] else "exclusiveMinimum"] = check["value"]
            elif kind == "max":
                res["maximum" if check["inclusive"] else "exclusiveMaximum"] = check["value"]
            elif kind == "multipleOf":
                res["multipleOf"] = check["value"]
        return res

    def _bigint(self, schema: Z) -> dict[str, Any]:
        res: dict[str, Any] = {"type": "integer", "format": "int64"}
        for check in schema.checks:
            if check["kind"] == "min":
                res["minimum" if check["inclusive"] else "exclusiveMinimum"] = check["value"]
            elif check["kind"] == "max":
                res["maximum" if check["inclusive"] else "exclusiveMaximum"] = check["value"]
            elif check["kind"] == "multipleOf":
                res["multipleOf"] = check["value"]
        return res

    def _object(self, schema: Z, path: list[str], span: Span) -> dict[str, Any]:
        properties: dict[str, Any] = {}
        result: dict[str, Any] = {"type": "object", "properties": properties}
        required = []
        for field in schema.shape:
            prop_path = [*path, "properties", field.key]
            parsed = self.parse(field.schema, prop_path, prop_path, span)
            if parsed is None:
                continue
            properties[field.key] = parsed
            if not schema.module:
                self.spans.mark_key(properties, field.key, field.key_span)
            try:
                optional = accepts_undefined(field.schema)
            except Undecided as undecided:
                raise Unsupported(str(undecided), self.place(field.schema, span)) from None
            if not optional:
                required.append(field.key)
        self.spans.mark(properties, self.place(schema, span))
        if required:
            result["required"] = required
        if schema.catchall is not None and schema.catchall.type != "never":
            extra = self.parse(schema.catchall, [*path, "additionalProperties"], None, span)
            if extra is not None:
                result["additionalProperties"] = extra
        elif schema.unknown_keys == "passthrough":
            result["additionalProperties"] = True
        else:
            result["additionalProperties"] = False
        return result

    def _union(self, schema: Z, path: list[str], span: Span) -> dict[str, Any] | None:
        options = schema.options
        if all(o.type in _PRIMITIVES and not o.checks for o in options):
            types: list[str] = []
            for o in options:
                if _PRIMITIVES[o.type] not in types:
                    types.append(_PRIMITIVES[o.type])
            return {"type": types if len(types) > 1 else types[0]}
        if all(o.type == "literal" and not o.description for o in options):
            kinds: list[str] = []
            for o in options:
                value = o.values[0]
                if value is None:
                    kinds.append("null")
                elif value is not _UNDEFINED:
                    kinds.append(js_type(value))
            if len(kinds) == len(options):
                unique = list(dict.fromkeys(kinds))
                values: list[Any] = []
                for o in options:
                    if not any(_js_equal(o.values[0], v) for v in values):
                        values.append(o.values[0])
                return {"type": unique if len(unique) > 1 else unique[0], "enum": values}
        elif all(o.type == "enum" for o in options):
            merged: list[Any] = []
            for o in options:
                merged.extend(v for v in o.values if v not in merged)
            return {"type": "string", "enum": merged}
        any_of = []
        for i, option in enumerate(options):
            parsed = self.parse(option, [*path, "anyOf", str(i)], None, span)
            if parsed is not None and (not self.strict_unions or len(parsed) > 0):
                any_of.append(parsed)
        return {"anyOf": any_of} if any_of else None

    def _record(self, schema: Z, path: list[str], span: Span) -> dict[str, Any]:
        assert schema.key is not None and schema.value is not None
        value = self.parse(schema.value, [*path, "additionalProperties"], None, span)
        result: dict[str, Any] = {"type": "object",
                                  "additionalProperties": value if value is not None else True}
        key = schema.key
        if key.type == "string" and key.checks:
            names = self._string(key)
            del names["type"]
            result["propertyNames"] = names
        elif key.type == "enum":
            result["propertyNames"] = {"enum": list(key.values)}
        elif key.type == "branded" and key.inner is not None and key.inner.type == "string" \
                and key.inner.checks:
            names = self._string(key.inner)
            del names["type"]
            if key.inner.description:
                names["description"] = key.inner.description
            result["propertyNames"] = names
        return result


def _add_format(schema: dict[str, Any], value: str) -> None:
    if schema.get("format") or any(x.get("format") for x in schema.get("anyOf", [])):
        any_of = schema.setdefault("anyOf", [])
        if schema.get("format"):
            any_of.append({"format": schema.pop("format")})
        any_of.append({"format": value})
    else:
        schema["format"] = value


def _add_pattern(schema: dict[str, Any], source: str) -> None:
    if schema.get("pattern") or any(x.get("pattern") for x in schema.get("allOf", [])):
        all_of = schema.setdefault("allOf", [])
        if schema.get("pattern"):
            all_of.append({"pattern": schema.pop("pattern")})
        all_of.append({"pattern": source})
    else:
        schema["pattern"] = source


def _escape(text: str) -> str:
    return "".join(c if c in _ALPHANUMERIC else "\\" + c for c in text)


def _js_equal(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b


def _js_key(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def to_json_schema(schema: Z, pipe_strategy: PipeStrategy, spans: SpanTable,
                   foreign: dict[int, Span] | None = None, *, strict_unions: bool = True,
                   name: str | None = None) -> dict[str, Any]:
    """What ``zodToJsonSchema(schema, {strictUnions, pipeStrategy, name})`` returns (the SDK's
    `strictUnions: true`; the library's default, false, for fastmcp and the low-level server's
    own `zodToJsonSchema(schema)` calls). With a ``name`` the schema is put under
    ``definitions`` by that name (its own references are paths from there) and the result
    refers to it: ``{"$ref": "#/definitions/<name>", "definitions": {<name>: ...}}``."""
    converter = Converter(pipe_strategy, spans, foreign, strict_unions=strict_unions)
    span = converter.place(schema, schema.span)
    base = ["#"] if name is None else ["#", "definitions", name]
    main = converter.parse(schema, base, None, span)
    if main is None:
        main = {}
        spans.mark(main, span)
    combined = main if name is None else {"$ref": "/".join(base), "definitions": {name: main}}
    if name is not None:
        spans.mark(combined, span)
        spans.mark(combined["definitions"], span)
    combined["$schema"] = "http://json-schema.org/draft-07/schema#"
    return combined
