"""A structured diff between the schema a client was served and the one it handed on, and a
judgement of what the change does to the contract where one can be made.

Each change is ``{"op": "removed"|"added"|"changed", "path": JSON pointer, "served": …,
"handed": …}``. The effect of a change inside a schema:

* ``widens`` — the handed-on schema accepts values the served one refused (an assertion keyword
  removed, a ``required`` name dropped, a type widened, ``false`` opened);
* ``narrows`` — the reverse (an assertion added, a property made required, a type narrowed);
* ``annotation`` — only annotations changed (``description``, ``title``, ``default``, …);
* ``unknown`` — a change whose direction this judge does not decide (a type replaced by an
  unrelated one, a rewritten ``pattern``);
* ``equivalent`` — a respelling that keeps the contract for the client's reader (``[T, "null"]``
  as ``T`` plus ``nullable: true``; a one-entry ``allOf`` merged into its parent);
* ``renamed`` — the tool's name changed and nothing else that matters (judged in classify).
"""

from __future__ import annotations

from typing import Any

ANNOTATIONS = frozenset({
    "title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly",
    "$comment", "$schema", "$id", "$anchor", "$dynamicAnchor",
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
            return "unknown"  # a reference into it now dangles, or resolves elsewhere
        return "widens" if op == "removed" else "narrows" if op == "added" else "unknown"
    if keyword in ("$defs", "definitions") and op == "removed":
        return "unknown"  # the references into the table dangle
    if keyword.startswith("x-") or keyword in ANNOTATIONS:
        return "annotation"
    if op == "removed":
        if keyword == "additionalProperties" and change["served"] is True:
            return "annotation"
        return "widens"
    if op == "added":
        handed = change["handed"]
        if (keyword == "additionalProperties" and handed is True) or (
                keyword in ("required", "properties") and not handed):
            return "annotation"  # the default spelled out: accepts the same values
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
    if served is True and isinstance(handed, dict):
        return "annotation" if not handed else "narrows"  # true and {} accept the same values
    if served is False or handed is True:
        return "widens"
    if served is True or handed is False:
        return "narrows"
    return "unknown"


def nullable_pairs(changes: list[dict[str, Any]]) -> set[int]:
    """Indexes of changes that together rewrite ``type: [T, "null"]`` as OpenAPI's
    ``type: T, nullable: true`` on one node: an equivalent spelling for the clients that read
    ``nullable``."""
    paired: set[int] = set()
    by_path = {c["path"]: i for i, c in enumerate(changes)}
    for index, change in enumerate(changes):
        if change["op"] != "changed" or _keyword(change["path"]) != "type":
            continue
        served, handed = change.get("served"), change.get("handed")
        if not (isinstance(served, list) and len(served) == 2 and "null" in served
                and isinstance(handed, str) and handed in served):
            continue
        sibling = by_path.get(change["path"].rsplit("/", 1)[0] + "/nullable")
        if sibling is not None and changes[sibling]["op"] == "added" and (
                changes[sibling]["handed"] is True):
            paired.update((index, sibling))
    return paired


def flattened_allof(changes: list[dict[str, Any]]) -> set[int]:
    """Indexes of changes that together merge a one-entry ``allOf`` into its parent (each of
    the entry's keywords added beside it with the same value): the same contract."""
    merged: set[int] = set()
    for index, change in enumerate(changes):
        served = change.get("served")
        if not (change["op"] == "removed" and _keyword(change["path"]) == "allOf"
                and isinstance(served, list) and len(served) == 1
                and isinstance(served[0], dict)):
            continue
        parent = change["path"].rsplit("/", 1)[0]
        found = {}
        for key, value in served[0].items():
            hit = next((i for i, c in enumerate(changes) if c["op"] == "added"
                        and c["path"] == f"{parent}/{key}" and c["handed"] == value), None)
            if hit is None:
                break
            found[key] = hit
        else:
            merged.update({index, *found.values()})
    return merged


def summarise(effects: list[str]) -> str:
    kinds = {part for effect in effects for part in effect.split("-and-")} - {"none"}
    if not kinds:
        return "none"
    if "unknown" in kinds or {"widens", "narrows"} <= kinds:
        return "unknown" if "unknown" in kinds else "widens-and-narrows"
    if "widens" in kinds:
        return "widens"
    if "narrows" in kinds:
        return "narrows"
    if "renamed" in kinds:
        return "renamed"
    if "equivalent" in kinds:
        return "equivalent"
    return "annotation"
