"""`oneOf`, `anyOf` or `allOf` — or `not`, `if`/`then`/`else` — at the root of an input schema.

## What it does

Reports a combinator at the root of a tool's input schema: `oneOf`, `anyOf` or `allOf` beside
`"type": "object"` (variant `combinator`; a one-entry `allOf` is `single-allof`) or without it
(variant `untyped-combinator`, whose root input-root-not-object reports as well), and separately
a root `not`, `if`, `then` or `else` (variant `conditional`), which fewer clients refuse but some
delete.

## Why it matters

A root union is the natural way to say "search by name or by id", and it is valid JSON Schema. But
the Anthropic API refuses any request carrying such a tool, for as long as the tool is listed;
Claude Code rewrites it before the request, VS Code Copilot deletes it, and either way the model
sees a schema that accepts other arguments than the server does.

## Clients affected

- Observed: Claude Code 2.1.332 no longer sends such a tool to the API as it is. Beside
  `"type": "object"` it flattens a root `anyOf`/`oneOf`/`allOf` into the root's properties and
  restates the constraint in the tool's description (`Normalized input schema … flattened
  top-level anyOf`), which widens or narrows the contract; a one-entry `allOf` is merged (the
  same contract); a root `not` or `if`/`then`/`else` is handed on. A root combinator without
  `"type": "object"` loses the whole tool list there (reported by input-root-not-object).
- Observed: Codex CLI strips a root `not`/`if`/`then`/`else` (0.111.0 also stripped the
  unions); the MCP TypeScript SDK 1.22.0 alone stripped every root combinator.
- The Anthropic API refuses every request that carries the tool: `400 … input_schema does not
  support oneOf, allOf, or anyOf at the top level` — anthropics/claude-code#4886, #5319,
  mobile-next/mobile-mcp#344, anomalyco/opencode#46628 (2026-09, through GitHub Copilot's
  proxy). A root `not` and `if`/`then`/`else` are reported as accepted (kenn-io/kata#365).
- VS Code Copilot Chat deletes root `oneOf`/`anyOf`/`allOf`/`not`/`if`/`then`/`else` (a
  widening) — microsoft/vscode-copilot-chat `toolSchemaNormalizer.ts` @ 1700547f.
- OpenAI function calling refused a root union in one report, also outside strict mode
  (Dicklesworthstone/flywheel_connectors#49, 2026-05); strict mode refuses a root `anyOf`.
- The documented entries were not reproduced here (hosted APIs and closed clients).

## Example

```json
{"name": "search", "inputSchema": {"type": "object",
  "oneOf": [{"properties": {"name": {"type": "string"}}, "required": ["name"]},
            {"properties": {"id": {"type": "integer"}}, "required": ["id"]}]}}
```

## Fix safety

- A single-entry `allOf` is merged into the root — **safe** — when the entry holds no `allOf` of
  its own (the root would still be a one-entry `allOf`), every keyword of the entry that is
  already at the root has the same value there (the root's copy goes: `"type": "object"` on
  both sides is one constraint), keywords whose meaning depends on their neighbours
  (`additionalProperties`/`properties`/`patternProperties`, the `items` family, `if`/`then`/
  `else`, `contains` with its bounds) are on one side only or the same on both, and neither
  side holds `unevaluated*`, `$ref`, `$id` or `$defs`.
- Otherwise, for a `oneOf`/`anyOf` of object branches, an **unsafe** fix flattens the union into
  one object, following the collided-field rule of the 003_ seed: a property present in several
  branches keeps its schema where every branch declares the same one, and otherwise the base type
  every branch lands on (`integer` and `number` give `number`; `string`, `boolean`, `array`,
  `object`, read from `type` or from `enum`/`const` values; `null` carried along), becomes
  untyped only where the branches disagree on the kind, is required only if every branch requires
  it, and a property that tells the branches apart (a single `const`/`enum` value in each branch)
  becomes an `enum` of those values. The root's own `properties` and `required` hold in every
  branch and are kept. This **widens** the contract:
  the flattened object accepts combinations no branch accepted, so the server must still validate
  the original union — the fix's title says so.
- A root `not`/`if`/`then`/`else` gets advice only: the constraint can then be enforced by the
  server alone.
"""

from __future__ import annotations

from portlint.fixes.ops import FixPlan, HoistItemMembers, RemoveMember, ReplaceValue
from portlint.model import Applicability, Severity
from portlint.rules.base import FixAvailability, RangeOn, Report, RootContext, Rule, Triggers
from portlint.rules.helpers import declared_types, same_json

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

UNIONS = ("oneOf", "anyOf", "allOf")
CONDITIONALS = ("not", "if", "then", "else")
# keywords whose meaning depends on other keywords of the same schema object
_NEIGHBOURLY = (
    frozenset(("additionalProperties", "properties", "patternProperties")),
    frozenset(("items", "prefixItems", "additionalItems")),
    frozenset(("if", "then", "else")),
    frozenset(("contains", "minContains", "maxContains")),
)
_NEVER_MERGED = frozenset(("unevaluatedProperties", "unevaluatedItems", "$ref", "$dynamicRef",
                           "$recursiveRef", "$id", "$defs", "definitions", "$anchor",
                           "$dynamicAnchor", "$schema"))


def merge_plan(root: dict[str, Any], branch: dict[str, Any]) -> tuple[str, ...] | None:
    """The root's keywords that merging ``branch`` in place of ``{..root, "allOf": [branch]}``
    drops (each one the branch holds with the same value: one copy of a constraint means what
    two do), or None when the merge would not mean the same."""
    others = root.keys() - {"allOf"}
    if _NEVER_MERGED & (others | branch.keys()):
        return None
    # keywords read with their neighbours come from one side, or are the same on both:
    # `additionalProperties: false` beside `properties` means another thing than either alone
    for group in _NEIGHBOURLY:
        on_root, on_branch = group & others, group & branch.keys()
        if on_root and on_branch and on_root != on_branch:
            return None
    shared = tuple(k for k in root if k in others and k in branch)
    return shared if all(same_json(root[k], branch[k]) for k in shared) else None


_JSON_TYPE_OF = {bool: "boolean", int: "integer", float: "number", str: "string",
                 type(None): "null", list: "array", dict: "object"}
def _json_type(value: Any) -> str:
    """The JSON type of a value whose Python type is a subclass (a long integer literal)."""
    for kind, name in _JSON_TYPE_OF.items():
        if isinstance(value, kind):
            return name
    return "?"


_BASE: dict[str, dict[str, Any]] = {
    "integer": {"type": "integer"}, "number": {"type": "number"}, "string": {"type": "string"},
    "boolean": {"type": "boolean"}, "array": {"type": "array", "items": {}},
    "object": {"type": "object"}}


def _kinds(schema: Any) -> set[str] | None:
    """The JSON types a schema admits, from `type`, or from its `enum`/`const` values, or from
    an `anyOf` of such; None when it does not say."""
    types = declared_types(schema)
    if types or not isinstance(schema, dict):
        return types or None
    values = [schema["const"]] if "const" in schema else schema.get("enum")
    if isinstance(values, list) and values:
        return {_JSON_TYPE_OF.get(type(v)) or _json_type(v) for v in values}
    branches = schema.get("anyOf")
    if isinstance(branches, list) and branches:
        found: set[str] = set()
        for branch in branches:
            kinds = _kinds(branch)
            if kinds is None:
                return None
            found |= kinds
        return found
    return None


def _base_type(schemas: list[Any]) -> Any:
    """What a property several branches declare becomes in the flattened object: the schema
    itself when every branch agrees on it; else the base type every branch lands on (integer
    and number land on number), nullable when any branch admits null; else untyped."""
    if all(s == schemas[0] for s in schemas[1:]):
        return schemas[0]
    kinds: set[str] = set()
    nullable = False
    for schema in schemas:
        found = _kinds(schema)
        if found is None:
            return {}
        nullable = nullable or "null" in found
        kinds |= found - {"null"}
    if kinds == {"integer", "number"}:
        kinds = {"number"}
    if len(kinds) != 1 or next(iter(kinds)) not in _BASE:
        return {}
    base = _BASE[next(iter(kinds))]
    return {"anyOf": [base, {"type": "null"}]} if nullable else dict(base)


def _branch_value(schema: Any) -> Any:
    """The single value a property takes in one branch (a discriminator), if it has one."""
    if isinstance(schema, dict):
        if "const" in schema:
            return [schema["const"]]
        values = schema.get("enum")
        if isinstance(values, list) and len(values) == 1:
            return values
    return None


def _names(required: Any) -> list[str]:
    """The property names a `required` value lists (nothing, when it is malformed)."""
    return [n for n in required if isinstance(n, str)] if isinstance(required, list) else []


def flatten(branches: list[dict[str, Any]]) -> dict[str, Any]:
    """One object schema accepting every value any branch accepts (and more)."""
    names: list[str] = []
    seen: dict[str, list[Any]] = {}
    for branch in branches:
        declared = branch.get("properties")
        for name, schema in (declared.items() if isinstance(declared, dict) else ()):
            if name not in seen:
                names.append(name)
                seen[name] = []
            seen[name].append(schema)
    properties: dict[str, Any] = {}
    for name in names:
        schemas = seen[name]
        if len(schemas) == 1:
            properties[name] = schemas[0]
            continue
        values = [_branch_value(s) for s in schemas]
        if len(schemas) == len(branches) and all(v is not None for v in values):
            merged: list[Any] = []
            for value in values:
                assert value is not None
                merged.extend(v for v in value if v not in merged)
            properties[name] = {"enum": merged}
        else:
            properties[name] = _base_type(schemas)
    required = [name for name in names
                if all(name in _names(b.get("required")) for b in branches)]
    flattened: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        flattened["required"] = required
    return flattened


def _with_root_members(node: dict[str, Any], flattened: dict[str, Any]) -> dict[str, Any]:
    """The root's own properties and required names hold in every branch: keep them."""
    own = node.get("properties")
    if isinstance(own, dict):
        flattened["properties"] = {**flattened["properties"], **own}
    own_required = node.get("required")
    if isinstance(own_required, list):
        names = [n for n in _names(own_required) if n not in flattened.get("required", [])]
        flattened["required"] = [*flattened.get("required", []), *names]
    return flattened


def check(ctx: RootContext) -> list[Report]:
    reports: list[Report] = []
    root = ctx.root
    node = root.value
    if not isinstance(node, dict):  # input roots only: the rule declares its role
        return reports
    typed = node.get("type") == "object"
    for keyword in UNIONS:
        if keyword in node:
            reports.append(_union_report(root.path, node, keyword, typed))
    for keyword in CONDITIONALS:
        if keyword in node:
            reports.append(Report(
                root.path,
                f"The input schema has a root `{keyword}`.",
                "Keep the schema, and have the server enforce and describe the constraint "
                "(e.g. in the property descriptions).",
                (FixPlan.advice("Enforce the constraint in the server"),),
                range_path=(*root.path, keyword), range_on=RangeOn.KEY, variant="conditional"))
            break
    return reports


def union_variant(node: dict[str, Any], keyword: str, typed: bool) -> str:
    """``untyped-combinator`` when the root does not declare ``"type": "object"`` (the
    input-root rule reports that root too), ``single-allof`` for a one-entry ``allOf`` beside
    it, ``combinator`` otherwise."""
    if not typed:
        return "untyped-combinator"
    branches = node.get(keyword)
    if keyword == "allOf" and isinstance(branches, list) and len(branches) == 1:
        return "single-allof"
    return "combinator"


def _merge_fix(path: tuple[str | int, ...], node: dict[str, Any], branches: Any
               ) -> FixPlan | None:
    """The safe fix of a one-entry root `allOf`, where the merge means the same."""
    if not (isinstance(branches, list) and len(branches) == 1 and isinstance(branches[0], dict)
            and "allOf" not in branches[0]):
        return None
    dropped = merge_plan(node, branches[0])
    if dropped is None:
        return None
    return FixPlan("Merge the single `allOf` entry into the root (same contract)",
                   Applicability.SAFE, (*(RemoveMember((*path, key)) for key in dropped),
                                        HoistItemMembers((*path, "allOf"))))


def _union_report(path: tuple[str | int, ...], node: dict[str, Any], keyword: str,
                  typed: bool) -> Report:
    branches = node.get(keyword)
    fixes: list[FixPlan] = []
    merge = _merge_fix(path, node, branches) if keyword == "allOf" else None
    if merge is not None:
        fixes.append(merge)
    elif (keyword in ("oneOf", "anyOf") and isinstance(branches, list) and branches
          and all(isinstance(b, dict) and "$ref" not in b for b in branches)):
        flattened = {**{k: v for k, v in node.items() if k not in (keyword, "type",
                                                                    "properties", "required")},
                     **_with_root_members(node, flatten(branches))}
        fixes.append(FixPlan(
            f"Flatten the `{keyword}` into one object (widens the contract: the server must "
            "still validate the original union)", Applicability.UNSAFE,
            (ReplaceValue(path, flattened),)))
    count = len(branches) if isinstance(branches, list) else 0
    suggestion = ("Express it without a root combinator: " + (
        "merge the single `allOf` entry into the root." if fixes and keyword == "allOf" else
        "flatten the branches into one object whose properties cover every branch, and keep "
        "validating the union in the server; or split the tool into one tool per branch."))
    return Report(
        path,
        f"The input schema's root is an `{keyword}`"
        + (f" of {count} branch{'' if count == 1 else 'es'}" if count else "") + ".",
        suggestion, tuple(fixes), range_path=(*path, keyword), range_on=RangeOn.KEY,
        variant=union_variant(node, keyword, typed))


RULE = Rule(
    id="root-combinator",
    severity=Severity.ERROR,
    fix=FixAvailability.SAFE_UNSAFE_OR_ADVICE,
    doc=__doc__ or "",
    check=check,
    variants=("combinator", "single-allof", "untyped-combinator", "conditional"),
    roles=frozenset(("input",)),
    # it speaks about the root's own keys: a schema without them anywhere has none at its root
    triggers=Triggers(keywords=frozenset((*UNIONS, *CONDITIONALS))),
)
