"""Small facts about schema nodes that several rules need."""

from __future__ import annotations

import json
from typing import Any

from portlint.fixes.ops import FixPlan, InsertMember
from portlint.model import Applicability
from portlint.rules.base import Report, RootContext, Target
from portlint.source.located import Path
from portlint.walk import Position

TYPE_NAMES = frozenset(("null", "boolean", "object", "array", "number", "string", "integer"))


def is_type(value: Any, name: str) -> bool:
    """Whether a schema's ``type`` is exactly ``name`` (the string form)."""
    return isinstance(value, dict) and value.get("type") == name


def well_formed_type(value: Any) -> bool:
    """Whether a ``type`` value is legal JSON Schema: a type name, or a non-empty array of
    distinct ones. Rules stay quiet on a malformed one; ``invalid-schema`` reports it."""
    if isinstance(value, str):
        return value in TYPE_NAMES
    return (isinstance(value, list) and bool(value) and all(
        isinstance(t, str) and t in TYPE_NAMES for t in value) and len(set(value)) == len(value))


def declared_types(node: Any) -> set[str]:
    """The type names a node declares (string or array form); empty when it declares none."""
    if not isinstance(node, dict):
        return set()
    declared = node.get("type")
    if isinstance(declared, str):
        return {declared}
    if isinstance(declared, list):
        return {t for t in declared if isinstance(t, str)}
    return set()


def describes_objects(node: Any) -> bool:
    """Whether a node is an object schema (declares ``object`` or has ``properties``)."""
    return isinstance(node, dict) and ("object" in declared_types(node) or (
        "type" not in node and isinstance(node.get("properties"), dict)))


def combinator_of_objects(node: dict[str, Any]) -> str | None:
    """The combinator that already restricts a node to objects: every branch of a
    ``oneOf``/``anyOf`` declares ``"type": "object"``, or any branch of an ``allOf`` does."""
    for keyword in ("oneOf", "anyOf"):
        branches = node.get(keyword)
        if isinstance(branches, list) and branches and all(is_type(b, "object")
                                                           for b in branches):
            return keyword
    branches = node.get("allOf")
    if isinstance(branches, list) and any(is_type(b, "object") for b in branches):
        return "allOf"
    return None


def top_level_property(ctx: RootContext, position: Position) -> bool:
    """Whether a position is a direct property of a tool's input or output schema — the place
    the MCP TypeScript SDK 1.22–1.30 types as an object."""
    root = ctx.root
    up = position.up
    return (root.role in ("input", "output") and position.keyword == "properties"
            and up is not None and up.up is None)


def resolve_pointer(root: Any, ref: str) -> tuple[bool, Any]:
    """``(found, value)`` for a local ``#/...`` JSON-pointer reference into ``root``."""
    if ref == "#":
        return True, root
    if not ref.startswith("#/"):
        return False, None
    value = root
    for raw in ref[2:].split("/"):
        part = raw.replace("~1", "/").replace("~0", "~")
        if isinstance(value, dict) and part in value:
            value = value[part]
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            return False, None
    return True, value



def object_root_report(path: Path, node: Any, role: str, effect: str, advice: str
                       ) -> Report | None:
    """The finding for a tool's schema root that does not declare `"type": "object"` (shared by
    the input and the output rule, which differ in what they tell); None when it declares it —
    or when its `type` is not JSON Schema at all, which `invalid-schema` reports instead."""
    if type(node) is dict and node.get("type") == "object":
        return None  # the common case, first
    tail = f" {effect}" if effect else ""
    if isinstance(node, bool) or not isinstance(node, dict):
        what = f"a bare `{json.dumps(node)}`" if isinstance(node, bool) else "not a schema object"
        return Report(path, f"The {role} schema is {what}, not an object schema.{tail}", advice)
    declared = node.get("type")
    if declared == "object":
        return None
    if "type" in node:
        if not well_formed_type(declared):
            return None
        return Report(path, f"The {role} schema declares `\"type\": {json.dumps(declared)}` at its "
                            f"root, not `\"object\"`.{tail}", advice, range_path=(*path, "type"))
    combinator = combinator_of_objects(node)
    if combinator is not None:
        return Report(
            path,
            f"The {role} schema has no `\"type\": \"object\"` at its root (only a "
            f"`{combinator}` of objects).{tail}",
            f"Add `\"type\": \"object\"` beside the `{combinator}`: every value it accepts is "
            "already an object, so the contract is unchanged.",
            (FixPlan(f"Add `\"type\": \"object\"` beside the `{combinator}` (same contract)",
                     Applicability.SAFE, (InsertMember(path, "type", "object"),)),),
            target=Target.KEY)
    reason = "its root is a `$ref`" if "$ref" in node else "its root declares no `type`"
    return Report(path, f"The {role} schema is not `\"type\": \"object\"`: {reason}.{tail}",
                  advice, target=Target.KEY)
