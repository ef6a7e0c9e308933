"""A structured diff between the schema a client was served and the one it handed on, and a
judgement of what the change does to the contract where one can be made.

Each change is ``{"op": "removed"|"added"|"changed", "path": JSON pointer, "served": …,
"handed": …}``. The effect of a change inside a schema:

* ``widens`` — the handed-on schema accepts values the served one refused (an assertion keyword
  removed, a ``required`` name dropped, a type widened, ``false`` opened);
* ``narrows`` — the reverse (an assertion added, a property made required, a type narrowed);
* ``annotation`` — only annotations changed (``description``, ``title``, ``default``, …);
* ``unknown`` — a change whose direction this judge does not decide (a type replaced by an
  unrelated one, a rewritten ``pattern``).
"""

from __future__ import annotations

from typing import Any

ANNOTATIONS = frozenset({
    "title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly",
    "$comment", "$schema", "$id", "$anchor", "$dynamicAnchor", "$defs", "definitions",
    "contentEncoding", "contentMediaType", "contentSchema", "nullable", "propertyOrdering",
})
ALL_TYPES = frozenset({"string", "number", "integer", "boolean", "object", "array", "null"})


def _pointer(path: tuple[str | int, ...]) -> str:
    return "".join("/" + str(part).replace("~", "~0").replace("/", "~1") for part in path)


def diff(served: Any, handed: Any, path: tuple[str | int, ...] = ()) -> list[dict[str, Any]]:
    if isinstance(served, dict) and isinstance(handed, dict):
        changes: list[dict[str, Any]] = []
        for key in sorted(set(served) | set(handed)):
            where = (*path, key)
            if key not in handed:
                changes.append({"op": "removed", "path": _pointer(where), "served": served[key]})
            elif key not in served:
                changes.append({"op": "added", "path": _pointer(where), "handed": handed[key]})
            else:
                changes.extend(diff(served[key], handed[key], where))
        return changes
    if (isinstance(served, list) and isinstance(handed, list) and len(served) == len(handed)
            and not _is_type_list(path)):
        changes = []
        for index, (one, other) in enumerate(zip(served, handed, strict=True)):
            changes.extend(diff(one, other, (*path, index)))
        return changes
    if served == handed and type(served) is type(handed):
        return []
    return [{"op": "changed", "path": _pointer(path), "served": served, "handed": handed}]


def _is_type_list(path: tuple[str | int, ...]) -> bool:
    return bool(path) and path[-1] in ("type", "required", "enum")


def _types(value: Any) -> frozenset[str] | None:
    if value is None:
        return ALL_TYPES
    if isinstance(value, str):
        names = {value}
    elif isinstance(value, list) and all(isinstance(v, str) for v in value):
        names = set(value)
    else:
        return None
    if "number" in names:
        names.add("integer")
    return frozenset(names)


def _keyword(pointer: str) -> str:
    return pointer.rsplit("/", 1)[-1].replace("~1", "/").replace("~0", "~")


def _parent_keyword(pointer: str) -> str | None:
    parts = pointer.split("/")
    return parts[-2] if len(parts) >= 3 else None


def change_effect(change: dict[str, Any]) -> str:
    keyword = _keyword(change["path"])
    parent = _parent_keyword(change["path"])
    op = change["op"]
    if parent in ("properties", "patternProperties", "$defs", "definitions"):
        # a whole subschema appears or disappears under a name
        if parent in ("$defs", "definitions"):
            return "annotation"
        return "widens" if op == "removed" else "narrows" if op == "added" else "unknown"
    if keyword.startswith("x-") or keyword in ANNOTATIONS:
        return "annotation"
    if op == "removed":
        if keyword == "additionalProperties" and change["served"] is True:
            return "annotation"
        return "widens"
    if op == "added":
        if keyword == "additionalProperties" and change["handed"] is True:
            return "annotation"
        return "narrows"
    served, handed = change.get("served"), change.get("handed")
    if keyword == "type":
        before, after = _types(served), _types(handed)
        if before is not None and after is not None:
            if before == after:
                return "annotation"
            if after < before:
                return "narrows"
            if after > before:
                return "widens"
        return "unknown"
    if keyword == "required" and isinstance(served, list) and isinstance(handed, list):
        before_set, after_set = set(map(str, served)), set(map(str, handed))
        if after_set < before_set:
            return "widens"
        if after_set > before_set:
            return "narrows"
        return "annotation" if after_set == before_set else "unknown"
    if served is True and isinstance(handed, dict) and not handed:
        return "annotation"  # true and {} accept the same values
    if served is False or handed is True:
        return "widens"
    if served is True or handed is False:
        return "narrows"
    return "unknown"


def summarise(effects: list[str]) -> str:
    kinds = set(effects)
    if not kinds:
        return "none"
    if "unknown" in kinds or {"widens", "narrows"} <= kinds:
        return "unknown" if "unknown" in kinds else "widens-and-narrows"
    if "widens" in kinds:
        return "widens"
    if "narrows" in kinds:
        return "narrows"
    return "annotation"
