"""A schema that is not valid JSON Schema: it fails its dialect's metaschema.

## What it does

Validates each schema root against the JSON Schema metaschemas, with `jsonschema`, and reports
every failure at the exact keyword that fails: an unknown type name (`"type": "dict"`), a
`required` that is not a list of distinct strings, a negative `minLength`, a number where a
schema belongs. The variant is the dialect that fails: `2020-12`, `draft-07`, or `both`.
Clients differ on the dialect: the Anthropic API validates against 2020-12, VS Code against
draft-07 — so array-form `items`, valid draft-07, is an error only for the former. Failures in
both dialects that clients which never validate against a metaschema still refuse have variants
of their own: `root-shape` (the root's `properties` or `required` of the wrong kind),
`root-type` (an unknown type name at the root), `type-name` (an unknown type name below it),
`draft-04-bound` (a boolean `exclusiveMinimum`/`exclusiveMaximum`).

## Why it matters

Malformed schemas slip through because nothing validates them until a client does — and clients
then drop the tool, refuse the request, or (for output schemas, which the MCP SDKs compile)
lose the whole tool list. `"type": "float"` or `"type": "dict"` come from hand-written Python
habits, and `items: [..]` from draft-07 era generators.

## Clients affected

- Observed: Claude Code 2.1.332 validates every input schema against 2020-12 before it talks to
  the API and drops the tool (`Skipping tool "X": its input schema would be rejected by the
  Anthropic API`); at protocol 2025-11-25 a root `properties`/`required` of the wrong kind
  (`null`) loses the whole tool list there, as in the MCP TypeScript SDK 1.x and v2 client.
- Observed, output schemas: an unknown type name or a draft-04 boolean `exclusiveMinimum` loses
  the whole tool list in the MCP TypeScript SDK 1.x and Gemini CLI core (`type must be JSONType
  or JSONType[]: int`), and fails every call in the TypeScript v2 client, the Python SDK and
  Claude Code (2026-07-28 era). Other output-schema failures compile in the TypeScript SDKs, whose
  validator does not check schemas against a metaschema.
- Observed: Codex CLI 0.111.0 dropped a tool with an unknown type name; 0.171.0 strips the type.
- The Anthropic API (also Vertex and Bedrock) refuses every request: `tools.N.custom.input_schema:
  JSON schema is invalid. It must match JSON Schema draft 2020-12` — Kuadrant/mcp-gateway#662,
  afrise/MCPSharp#9, acomagu/vscode-as-mcp-server#6.
- VS Code's MCP client omits tools whose input schema fails draft-07 validation, and Copilot Chat
  fails the request (`tool parameters do not match JSON schema`) — microsoft/vscode `mcpServer.ts`
  @ 0052d689; microsoft/vscode-copilot-chat `toolSchemaNormalizer.ts` @ 1700547f.
- The documented entries were not reproduced here.

## Example

```json
{"type": "object", "properties": {"count": {"type": "int"}}, "required": "count"}
```

## Fix safety

An invalid schema has no set of valid instances to keep, so nothing here is marked safe. For a
type name from another language (`dict`, `float`, `int`, `str`, `String`…) an **unsafe** fix
writes the JSON Schema name it most likely means (`object`, `number`, `integer`, `string`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from functools import lru_cache

from portlint.fixes.ops import FixPlan, ReplaceValue
from portlint.model import Applicability, Severity
from portlint.rules.base import FixAvailability, RangeOn, Report, RootContext, Rule
from portlint.rules.helpers import TYPE_NAMES, json_kind, shown_value, value_at
from portlint.rules.metaschema_precheck import suspects
from portlint.rules.metaschema_types import KnownFailure, known_failures
from portlint.shapes import SchemaRoot
from portlint.source.located import Path
from portlint.walk import MAP_KEYWORDS, Position

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from jsonschema.exceptions import ValidationError
    from jsonschema.protocols import Validator

    Failure = ValidationError | KnownFailure  # what a metaschema check reports
    CacheKey = tuple[str, type, Any] | str

DIALECTS = ("2020-12", "draft-07")
LIKELY_TYPE = {
    "dict": "object", "map": "object", "hash": "object", "hashmap": "object",
    "float": "number", "double": "number", "decimal": "number",
    "int": "integer", "long": "integer", "int32": "integer", "int64": "integer",
    "str": "string", "text": "string", "char": "string",
    "bool": "boolean",
    "list": "array", "tuple": "array", "arraylist": "array",
}


@lru_cache(maxsize=2)
def _validator(dialect: str) -> Validator:
    from jsonschema import Draft7Validator, Draft202012Validator

    cls = Draft202012Validator if dialect == "2020-12" else Draft7Validator
    return cls(cls.META_SCHEMA)


_SHOWN = {"both": "JSON Schema (2020-12 or draft-07)", "2020-12": "JSON Schema 2020-12",
          "draft-07": "JSON Schema draft-07"}


def check(ctx: RootContext) -> Iterable[Report]:
    """The metaschema failures of the root; ``()`` for the common valid root (no generator
    made for it: the rule is asked about every root)."""
    root = ctx.root
    failures = find_failures(root.value, ctx.positions, ctx.keywords)
    if not failures:
        return ()
    return _reports(root, failures)


def _reports(root: SchemaRoot, failures: dict[tuple[Any, ...], tuple[str, list[str]]]
             ) -> Iterator[Report]:
    for where, (description, dialects) in failures.items():
        variant = "both" if len(dialects) == 2 else dialects[0]
        shown = _SHOWN[variant]
        path = (*root.path, *where)
        value = value_at(root.value, where)
        if variant == "both":
            variant = failure_kind(where, value) or variant
        yield (Report(path, f"Not valid {shown}: {description}", _advice(where, value),
                              _fixes(path, where, value), range_on=RangeOn.VALUE, variant=variant))


def failure_kind(where: tuple[Any, ...], value: Any) -> str | None:
    """The failures clients that do not validate against a metaschema still refuse: the root's
    ``properties``/``required`` not an object/array (``root-shape``), a type name JSON Schema does
    not have (``root-type`` at the root, ``type-name`` below it), draft-04's boolean
    ``exclusiveMinimum``/``exclusiveMaximum`` (``draft-04-bound``); None for any other failure."""
    if (where == ("properties",) and not isinstance(value, dict)) or (
            where == ("required",) and not isinstance(value, list)):
        return "root-shape"
    if where and where[-1] == "type" and (len(where) == 1 or where[-2] not in MAP_KEYWORDS):
        names = value if isinstance(value, list) else [value]
        if any(isinstance(n, str) and n not in TYPE_NAMES for n in names):
            # at the root, the clients' parsers check the type itself (`"object"`): not the
            # same case as an unknown type deeper down
            return "root-type" if len(where) == 1 else "type-name"
    if (where and where[-1] in ("exclusiveMinimum", "exclusiveMaximum")
            and isinstance(value, bool) and (len(where) == 1 or where[-2] not in MAP_KEYWORDS)):
        return "draft-04-bound"
    return None


def find_failures(schema: Any, positions: list[Position],
                  keywords: Mapping[Any, list[Position]] | None = None
                  ) -> dict[tuple[Any, ...], tuple[str, list[str]]]:
    """Where ``schema`` fails each metaschema (paths relative to it), what is wrong there, and
    the dialects that fail it. ``keywords``: the walk's keyword index of ``positions``."""
    failures: dict[tuple[Any, ...], tuple[str, list[str]]] = {}
    found = suspects(schema, positions, keywords)
    if not found:
        return failures  # the common root: valid, nothing else to work out
    base = positions[0].path if positions else ()
    for suspect in found:
        prefix = suspect.path[len(base):]
        if suspect.keyword:
            instance: Any = {suspect.keyword: value_at(schema, prefix)[suspect.keyword]}
        else:  # the schema itself, or an object with a key that is not a string
            instance = value_at(schema, prefix)
        key = _cache_key(instance)
        for dialect, looks in (("2020-12", suspect.in_2020), ("draft-07", suspect.in_07)):
            if not looks:
                continue
            for error in _errors(dialect, instance, key):
                where = (*prefix, *error.absolute_path)
                if where in failures:
                    if dialect not in failures[where][1]:
                        failures[where][1].append(dialect)
                else:
                    failures[where] = (_described(error, where[-2:]), [dialect])
    return failures


def prepare() -> None:
    """Load the metaschema validators now. The language server calls this at start-up, so the
    first schema with a suspect keyword does not wait for ``jsonschema`` to load its
    metaschemas (a few megabytes, once per process)."""
    for dialect in DIALECTS:
        _validate(dialect, {"type": 0})


_encode_sorted = json.JSONEncoder(sort_keys=True).encode
_SCALARS = (str, int, float, bool, type(None))


def _cache_key(instance: Any) -> CacheKey | None:
    """What a small instance's failures are remembered under: ``(keyword, kind, value)`` for a
    keyword with a scalar value (the common case, no encoding), else its sorted JSON text."""
    if type(instance) is dict and len(instance) == 1:
        ((name, value),) = instance.items()
        if type(value) in _SCALARS:
            return name, type(value), value
    try:
        key = _encode_sorted(instance)
    except (TypeError, ValueError, RecursionError):  # too long or deep to be worth a key
        return None
    return key if len(key) <= 4096 else None


def _errors(dialect: str, instance: Any, key: CacheKey | None) -> tuple[Failure, ...]:
    """The metaschema's failures for a one-keyword schema. The same bad value recurs across a
    document (`"type": "dict"` in every tool), so small instances are remembered."""
    if key is None:
        return _validate(dialect, instance)
    return _cached_errors(dialect, key)


@lru_cache(maxsize=2048)
def _cached_errors(dialect: str, key: CacheKey) -> tuple[Failure, ...]:
    if isinstance(key, str):
        return _validate(dialect, json.loads(key))
    name, _, value = key
    return _validate(dialect, {name: value})


def _validate(dialect: str, instance: Any) -> tuple[Failure, ...]:
    known = known_failures(dialect, instance)  # the common failures, without jsonschema
    if known is not None:
        return known
    return tuple(leaf for found in _validator(dialect).iter_errors(instance)
                 for leaf in leaves(found))


def leaves(error: ValidationError) -> list[ValidationError]:
    """The failures an ``anyOf`` of the metaschema hides, when they lie deeper in the schema:
    draft-07's ``items`` accepts a schema or an array of schemas, and a bad schema there fails
    both branches — the branch whose failures reach deepest says what is actually wrong."""
    if error.validator not in ("anyOf", "oneOf") or not error.context:
        return [error]
    branches: dict[Any, list[ValidationError]] = {}
    for sub in error.context:
        branches.setdefault(sub.schema_path[0] if sub.schema_path else None, []).append(sub)
    chosen = max(branches.values(), key=lambda errs: max(len(e.absolute_path) for e in errs))
    if max(len(e.absolute_path) for e in chosen) <= len(error.absolute_path):
        return [error]
    return [leaf for sub in chosen for leaf in leaves(sub)]


def _subject(where: tuple[Any, ...]) -> str:
    if not where:
        return "the schema"
    last = where[-1]
    if isinstance(last, int):
        return f"entry {last} of `{where[-2]}`" if len(where) > 1 else f"entry {last}"
    if len(where) > 1 and where[-2] in MAP_KEYWORDS:
        return f"`{where[-2]}.{last}`"
    return f"`{last}`"


def _show(value: Any) -> str:
    return shown_value(value, 60)


@lru_cache(maxsize=4096)
def _described(error: Failure, tail: tuple[Any, ...]) -> str:
    """:func:`_describe` for a path ending in ``tail`` (its last two steps), remembered: the
    same failure recurs across a document (`"type": "dict"` in tool after tool), and what is
    said depends only on the failure and the path's last two steps (the subject)."""
    return _describe(error, tail)


def _describe(error: Failure, where: tuple[Any, ...]) -> str:
    subject = _subject(where)
    keyword = error.validator
    expected = error.validator_value
    value = error.instance
    if where and where[-1] == "type" and keyword == "anyOf":
        names = value if isinstance(value, list) else [value]
        unknown = [n for n in names if not (isinstance(n, str) and n in TYPE_NAMES)]
        if unknown:
            return (f"{_show(unknown[0])} is not a JSON Schema type (the types are array, "
                    "boolean, integer, null, number, object and string).")
        if isinstance(value, list) and not value:
            return "a type array must name at least one type."
        if isinstance(value, list):
            return "a type array must not name a type twice."
        return f"`type` must be a type name or an array of them, not {json_kind(value)}."
    if keyword == "type":
        wanted = [str(w) for w in (expected if isinstance(expected, list) else [expected])]
        words = " or ".join(_article(w) for w in wanted)
        return f"{subject} must be {words}, not {json_kind(value)} ({_show(value)})."
    if keyword == "minimum":
        return f"{subject} must be at least {expected}, not {_show(value)}."
    if keyword == "exclusiveMinimum":
        return f"{subject} must be greater than {expected}, not {_show(value)}."
    if keyword == "minItems":
        return f"{subject} must not be empty."
    if keyword == "uniqueItems":
        return f"{subject} must not list the same value twice."
    if keyword == "pattern":
        return f"{subject} {_show(value)} is not of the allowed form."
    if keyword == "anyOf" and where and where[-1] == "items":
        return f"{subject} must be a schema or a non-empty array of schemas."
    if keyword == "anyOf":
        return f"{subject} must be a schema or an array of distinct property names."
    return f"{subject}: {error.message}."


def _article(json_type: str) -> str:
    return {"object": "an object", "array": "an array", "integer": "an integer",
            "boolean": "a boolean", "null": "null"}.get(json_type, f"a {json_type}")


def _likely_type(value: Any) -> str | None:
    if not isinstance(value, str):
        return None
    lowered = value.lower()
    if lowered in TYPE_NAMES and lowered != value:
        return lowered
    return LIKELY_TYPE.get(lowered)


def _advice(where: tuple[Any, ...], value: Any) -> str:
    if where and where[-1] == "type" and _likely_type(value) is not None:
        return f"Write `\"{_likely_type(value)}\"`, the JSON Schema name for it."
    if where and where[-1] == "type" and value == "any":
        return "JSON Schema has no `any` type: leave `type` out to accept any value."
    if where and where[-1] in ("exclusiveMinimum", "exclusiveMaximum") and isinstance(value,
                                                                                 bool):
        bound = "minimum" if where[-1] == "exclusiveMinimum" else "maximum"
        return (f"The boolean form is draft-04: write the bound itself, `\"{where[-1]}\": <n>`, "
                f"in place of `{bound}` (or drop `{where[-1]}` when it is false).")
    if where and where[-1] == "items" and isinstance(value, list):
        return ("Array-form `items` is draft-07; in 2020-12 write the tuple as `prefixItems` "
                "(and `items: false` to close it).")
    return "Fix the keyword's value so the schema is valid JSON Schema."


def _fixes(path: Path, where: tuple[Any, ...], value: Any) -> tuple[FixPlan, ...]:
    if where and where[-1] == "type":
        likely = _likely_type(value)
        if likely is not None:
            return (FixPlan(f"Write `\"{likely}\"` for `\"{value}\"` (the likely intent; the "
                            "schema was invalid, so no contract is kept)",
                            Applicability.UNSAFE, (ReplaceValue(path, likely),)),)
    return ()


RULE = Rule(
    id="invalid-schema",
    severity=Severity.ERROR,
    fix=FixAvailability.UNSAFE,
    doc=__doc__ or "",
    check=check,
    variants=("2020-12", "draft-07", "both", "type-name", "draft-04-bound", "root-shape",
              "root-type"),
)
