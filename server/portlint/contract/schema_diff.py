"""Two meanings of a schema compared: every change, whether it admits less or more.

A change *narrows* when some value the old schema admitted is refused by the new one, and
*widens* when the new one admits a value the old one refused; a change can do both. Which of
the two breaks a client depends on who validates: for an ``inputSchema`` the server receives what
the client built against the old schema, so a narrowing breaks; for an ``outputSchema`` the
client receives what the server now sends, so a widening breaks (see :func:`is_breaking`). A few
changes are classified by their meaning rather than by the instances: a property removed breaks
(the server no longer reads it, or the client no longer gets it), a property added does not,
an annotation change never does.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal, TypedDict

from portlint.meaning import Alternative, Meaning, canonical
from portlint.source.located import Path

Direction = Literal["input", "output"]
Fixed = Literal["breaking", "compatible"] | None

REPORTED_ANNOTATIONS = ("title", "description", "default", "examples", "deprecated",
                        "readOnly", "writeOnly")


class _Where(TypedDict):
    old_where: Path | None
    new_where: Path | None


@dataclass(frozen=True)
class Change:
    kind: str
    path: Path  # where it is met, from the schema root (through inlined references)
    message: str
    narrows: bool = False
    widens: bool = False
    fixed: Fixed = None
    old_where: Path | None = None  # where the old side of it is written
    new_where: Path | None = None  # where the new side of it is written
    subject: str | None = None  # the property it is about, for the kinds that name one


def is_breaking(change: Change, direction: Direction) -> bool:
    if change.fixed is not None:
        return change.fixed == "breaking"
    return change.narrows if direction == "input" else change.widens


def compare(old: Meaning, new: Meaning, path: Path = ()) -> list[Change]:
    """Every change from ``old`` to ``new``, at ``path`` and below."""
    out: list[Change] = []
    _meanings(old, new, path, out)
    return out


def _code(value: Any) -> str:
    text = canonical(value)
    return f"`{text}`" if len(text) <= 60 else f"`{text[:57]}...`"


def _meanings(old: Meaning, new: Meaning, path: Path, out: list[Change]) -> None:
    here: _Where = {"old_where": old.where, "new_where": new.where}
    if old.ref != new.ref:
        out.append(Change("changed", path, "The schema here is recursive on one side only, or "
                          "refers to another place; portlint cannot tell what that admits, so "
                          "it counts as breaking.", True, True, **here))
    for key in sorted(old.opaque.keys() | new.opaque.keys()):
        if old.opaque.get(key) != new.opaque.get(key):
            out.append(Change("changed", (*path, key), f"`{key}` changed; portlint cannot tell "
                              "whether that admits more or fewer values, so it counts as "
                              "breaking.", True, True, **here))
    for key in REPORTED_ANNOTATIONS:
        before, after = old.annotations.get(key, _ABSENT), new.annotations.get(key, _ABSENT)
        if (before is _ABSENT) != (after is _ABSENT) or (
                before is not _ABSENT and canonical(before) != canonical(after)):
            verb = "added" if before is _ABSENT else "removed" if after is _ABSENT else "changed"
            out.append(Change("annotation-changed", (*path, key),
                              f"`{key}` {verb}; it annotates, it admits no more and no fewer "
                              "values.", fixed="compatible", **here))
    _types(old, new, path, out)
    _exclusive(old, new, path, out, here)


def _exclusive(old: Meaning, new: Meaning, path: Path, out: list[Change], here: _Where) -> None:
    """A ``oneOf`` whose branches portlint cannot prove exclusive, on either side: its
    alternatives do not say that a value matching two branches is refused."""
    if old.exclusive != new.exclusive and old.types() & new.types():
        if new.exclusive:
            out.append(Change("exclusive-branches", (*path, "oneOf"), "The branches became "
                              "`oneOf`: a value that matches several of them is now refused.",
                              narrows=True, **here))
        else:
            out.append(Change("exclusive-branches", (*path, "anyOf"), "The branches are no "
                              "longer exclusive (`oneOf` became `anyOf`): a value that matches "
                              "several of them is now admitted.", widens=True, **here))
    elif old.exclusive and new.exclusive and not _same_groups(old.oneof, new.oneof):
        out.append(Change("exclusive-branches", (*path, "oneOf"), "The `oneOf` branches "
                          "changed, and portlint cannot prove that no value matches two of "
                          "them: a value may now match several (refused) or no longer do so "
                          "(admitted), so it counts as breaking.", True, True, **here))


def _same_groups(old: tuple[tuple[Meaning, ...], ...],
                 new: tuple[tuple[Meaning, ...], ...]) -> bool:
    """The same ``oneOf`` groups: each the same branches, in any order."""
    return len(old) == len(new) and all(_same_branches(a, b)
                                        for a, b in zip(old, new, strict=True))


def _same_branches(old: tuple[Meaning, ...], new: tuple[Meaning, ...]) -> bool:
    unmatched = list(new)
    for branch in old:
        match = next((b for b in unmatched if _equivalent(branch, b)), None)
        if match is None:
            return False
        unmatched.remove(match)
    return not unmatched


def _equivalent(old: Meaning, new: Meaning) -> bool:
    return all(c.kind == "annotation-changed" for c in compare(old, new))


_ABSENT = object()


def _covered(type_name: str, other: Meaning) -> bool:
    return type_name in other.alternatives or (type_name == "integer"
                                               and "number" in other.alternatives)


def _types(old: Meaning, new: Meaning, path: Path, out: list[Change]) -> None:
    where: _Where = {"old_where": old.where, "new_where": new.where}
    lost = [t for t in old.alternatives if not _covered(t, new)]
    gained = [t for t in new.alternatives if not _covered(t, old)]
    if lost:
        if lost == ["number"] and "integer" in new.alternatives:
            message = "The type narrowed from number to integer: a fractional value is refused."
        elif not new.alternatives and not new.opaque:
            message = "The schema now admits no value at all (`false`)."
        else:
            message = f"The type narrowed: {_names(lost)} no longer admitted."
        out.append(Change("type-narrowed", (*path, "type"), message, narrows=True, **where))
    if gained:
        if not old.alternatives and not old.opaque:
            admitted = "any value" if new.admits_anything else f"{_listed(gained)} values"
            message = f"The schema admitted no value at all (`false`) and now admits {admitted}."
        elif gained == ["number"] and "integer" in old.alternatives:
            message = "The type widened from integer to number: a fractional value is admitted."
        else:
            message = f"The type widened: {_names(gained)} now admitted."
        out.append(Change("type-widened", (*path, "type"), message, widens=True, **where))
    for type_name in old.alternatives:
        if type_name not in new.alternatives:
            if type_name == "integer" and "number" in new.alternatives:
                _alternatives(old.alternatives["integer"], new.alternatives["number"], path, out)
            continue
        _alternatives(old.alternatives[type_name], new.alternatives[type_name], path, out)
    if "number" in old.alternatives and "integer" in new.alternatives and (
            "number" not in new.alternatives):
        _alternatives(old.alternatives["number"], new.alternatives["integer"], path, out,
                      retyped=True)


def _listed(types: list[str]) -> str:
    return ", ".join(f"`{t}`" for t in types)


def _names(types: list[str]) -> str:
    return _listed(types) + (" is" if len(types) == 1 else " are")


def _alternatives(old: list[Alternative], new: list[Alternative], path: Path,
                  out: list[Change], retyped: bool = False) -> None:
    if len(old) == 1 and len(new) == 1:
        _alternative(old[0], new[0], path, out, retyped)
        return
    used: set[int] = set()
    for alt in old:
        best: tuple[tuple[int, int], int, list[Change]] | None = None
        for i, candidate in enumerate(new):
            found: list[Change] = []
            _alternative(alt, candidate, path, found, retyped)
            score = (sum(1 for c in found if c.narrows or c.fixed == "breaking"), len(found))
            if best is None or score < best[0]:
                best = (score, i, found)
        assert best is not None
        used.add(best[1])
        out.extend(best[2])
    for i, alt in enumerate(new):
        if i not in used and not any(_same(alt, other) for other in old):
            out.append(Change("alternative-added", path, f"A new {alt.type} alternative is "
                              "admitted.", widens=True, new_where=alt.where))


def _same(a: Alternative, b: Alternative) -> bool:
    found: list[Change] = []
    _alternative(a, b, (), found)
    return not found


def _alternative(old: Alternative, new: Alternative, path: Path, out: list[Change],
                 retyped: bool = False) -> None:
    where: _Where = {"old_where": old.where, "new_where": new.where}
    _enum(old, new, path, out, where)
    _bounds(old, new, path, out, where)
    if old.type == "object":
        _object(old, new, path, out)
    elif old.type == "array":
        _array(old, new, path, out)


def _enum(old: Alternative, new: Alternative, path: Path, out: list[Change],
          where: _Where) -> None:
    at = (*path, "enum")
    if old.enum is None and new.enum is None:
        return
    if old.enum is None:
        assert new.enum is not None
        out.append(Change("enum-added", at, f"The {new.type} values are now restricted to "
                          f"{', '.join(_code(v) for v in new.enum)}.", narrows=True, **where))
        return
    if new.enum is None:
        out.append(Change("enum-removed", at, f"The {old.type} values are no longer restricted "
                          "to an enumeration.", widens=True, **where))
        return
    before = {canonical(v): v for v in old.enum}
    after = {canonical(v): v for v in new.enum}
    removed = [v for k, v in before.items() if k not in after]
    added = [v for k, v in after.items() if k not in before]
    if removed:
        out.append(Change("enum-value-removed", at, "Enum value" + ("s " if len(removed) > 1
                          else " ") + ", ".join(_code(v) for v in removed) + " removed.",
                          narrows=True, **where))
    if added:
        out.append(Change("enum-value-added", at, "Enum value" + ("s " if len(added) > 1
                          else " ") + ", ".join(_code(v) for v in added) + " added.",
                          widens=True, **where))


Exact = Fraction | float  # a finite number, exactly; a float only for an infinite one (`1e400`)


@dataclass(frozen=True)
class _Bound:
    """A numeric bound: its exact value, whether it is exclusive, and how the schema wrote it."""

    value: Exact
    exclusive: bool = False
    shown: str = field(default="", compare=False)


def _exact(value: Any) -> Exact | None:
    """A JSON number exactly (an integer is never rounded through a float); None for anything
    else, NaN included."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    if isinstance(value, float) and not math.isfinite(value):
        return None if math.isnan(value) else value
    return Fraction(value)


def _shown(value: Any) -> str:
    """A number as the schema wrote it; a very long integer with its middle elided."""
    if isinstance(value, float):
        text = (str(int(value)) if value.is_integer() and abs(value) < 1e16
                else "inf" if value == math.inf else "-inf" if value == -math.inf else repr(value))
    else:
        text = str(value)
    if len(text) <= 40:
        return text
    return f"{text[:18]}...{text[-18:]} ({len(text.lstrip('-'))} digits)"


def _bound(alt: Alternative, keys: tuple[tuple[str, bool], ...]) -> list[_Bound]:
    found: list[_Bound] = []
    for key, exclusive in keys:
        raw = alt.bounds.get(key)
        value = _exact(raw)
        if value is not None:
            found.append(_Bound(value, exclusive, _shown(raw)))
    return found


def _lower(alt: Alternative) -> _Bound | None:
    """The lowest admitted number; integers made inclusive."""
    found = _bound(alt, (("minimum", False), ("exclusiveMinimum", True)))
    if not found:
        return None
    bound = max(found, key=lambda b: (b.value, b.exclusive))
    if not isinstance(bound.value, Fraction):
        return _Bound(bound.value, False, bound.shown)  # no number sits at an infinite bound
    if alt.type == "integer" and (bound.exclusive or not _whole(bound.value)):
        least = math.floor(bound.value) + 1
        return _Bound(Fraction(least), False, _shown(least))
    return bound


def _upper(alt: Alternative) -> _Bound | None:
    found = _bound(alt, (("maximum", False), ("exclusiveMaximum", True)))
    if not found:
        return None
    bound = min(found, key=lambda b: (b.value, not b.exclusive))
    if not isinstance(bound.value, Fraction):
        return _Bound(bound.value, False, bound.shown)
    if alt.type == "integer" and (bound.exclusive or not _whole(bound.value)):
        most = math.ceil(bound.value) - 1
        return _Bound(Fraction(most), False, _shown(most))
    return bound


def _whole(value: Exact) -> bool:
    return isinstance(value, Fraction) and value.denominator == 1


def _bound_change(old: _Bound | None, new: _Bound | None,
                  lower: bool) -> tuple[bool, bool] | None:
    """(narrows, widens) of a bound's change, None when it did not change."""
    if old == new:
        return None
    if old is None:
        return True, False
    if new is None:
        return False, True
    if lower:
        tighter = new.value > old.value or (new.value == old.value and new.exclusive)
    else:
        tighter = new.value < old.value or (new.value == old.value and new.exclusive)
    return (True, False) if tighter else (False, True)


def _describe_bound(bound: _Bound | None, lower: bool) -> str:
    if bound is None:
        return "none"
    return f"{'>' if lower else '<'}{'' if bound.exclusive else '='} {bound.shown}"


def _bounds(old: Alternative, new: Alternative, path: Path, out: list[Change],
            where: _Where) -> None:
    if old.type in ("integer", "number"):
        for lower, keyword in ((True, "minimum"), (False, "maximum")):
            before = _lower(old) if lower else _upper(old)
            after = _lower(new) if lower else _upper(new)
            verdict = _bound_change(before, after, lower)
            if verdict is not None:
                narrows, widens = verdict
                out.append(Change("bound-tightened" if narrows else "bound-loosened",
                                  (*path, keyword), f"The {'lower' if lower else 'upper'} bound "
                                  f"went from {_describe_bound(before, lower)} to "
                                  f"{_describe_bound(after, lower)}.", narrows, widens, **where))
        _multiple_of(old, new, path, out, where)
    for key in ("minLength", "minItems", "minProperties", "maxLength", "maxItems",
                "maxProperties"):
        before, after = _counted(old, key), _counted(new, key)
        if before == after:
            continue
        verdict = _bound_change(before, after, key.startswith("min"))
        assert verdict is not None
        narrows, widens = verdict
        shown_before = "none" if before is None else before.shown
        shown_after = "none" if after is None else after.shown
        out.append(Change("bound-tightened" if narrows else "bound-loosened", (*path, key),
                          f"`{key}` went from {shown_before} to {shown_after}.", narrows, widens,
                          **where))
    for key in ("pattern", "format"):
        before, after = old.bounds.get(key), new.bounds.get(key)
        if before == after:
            continue
        if before is None:
            out.append(Change(f"{key}-added", (*path, key), f"`{key}` {_code(after)} added"
                              + (" (refused by servers and clients that assert formats)."
                                 if key == "format" else "."), narrows=True, **where))
        elif after is None:
            out.append(Change(f"{key}-removed", (*path, key), f"`{key}` {_code(before)} "
                              "removed.", widens=True, **where))
        else:
            out.append(Change(f"{key}-changed", (*path, key), f"`{key}` changed from "
                              f"{_code(before)} to {_code(after)}; portlint cannot compare "
                              "what the two admit, so it counts as breaking.", True, True,
                              **where))
    if bool(old.bounds.get("uniqueItems")) != bool(new.bounds.get("uniqueItems")):
        added = bool(new.bounds.get("uniqueItems"))
        out.append(Change("bound-tightened" if added else "bound-loosened",
                          (*path, "uniqueItems"), "The items must now be unique." if added
                          else "The items no longer need to be unique.", added, not added,
                          **where))


def _counted(alt: Alternative, key: str) -> _Bound | None:
    """A length or count bound (``minLength``, ``maxItems``, ...), exactly."""
    raw = alt.bounds.get(key)
    value = _exact(raw)
    return None if value is None else _Bound(value, False, _shown(raw))


def _multiple_of(old: Alternative, new: Alternative, path: Path, out: list[Change],
                 where: _Where) -> None:
    before, after = _written(old.bounds.get("multipleOf")), _written(new.bounds.get("multipleOf"))
    if before == after:
        return
    at = (*path, "multipleOf")
    if before is None or after is None:
        narrows = before is None
        out.append(Change("bound-tightened" if narrows else "bound-loosened", at,
                          f"`multipleOf` {'added' if narrows else 'removed'}.", narrows,
                          not narrows, **where))
        return
    went = (f"`multipleOf` went from {_shown(old.bounds['multipleOf'])} to "
            f"{_shown(new.bounds['multipleOf'])}")
    if _divides(before, after):
        out.append(Change("bound-tightened", at, f"{went}: fewer values are multiples.",
                          narrows=True, **where))
    elif _divides(after, before):
        out.append(Change("bound-loosened", at, f"{went}: more values are multiples.",
                          widens=True, **where))
    else:
        out.append(Change("bound-changed", at, f"{went}: some values are refused, others "
                          "admitted.", True, True, **where))


def _written(value: Any) -> Fraction | None:
    """A finite ``multipleOf`` as the decimal it is written as (``0.1`` is one tenth, not the
    float nearest to it), so that 0.1 divides 0.3 as its author meant; None for anything
    else."""
    exact = _exact(value)
    if exact is None or not isinstance(exact, Fraction):
        return None
    return Fraction(repr(value)) if isinstance(value, float) else exact


def _divides(small: Fraction, big: Fraction) -> bool:
    return small != 0 and (big / small).denominator == 1


def _object(old: Alternative, new: Alternative, path: Path, out: list[Change]) -> None:
    closed = new.additional is not None and new.additional.admits_nothing
    for name in old.properties:
        if name not in new.properties:
            effect = ("calls that still send it are refused" if closed else
                      "the server no longer declares it (calls that send it are not refused, "
                      "but nothing says it is read)")
            out.append(Change("property-removed", (*path, "properties", name),
                              f"Property `{name}` removed: {effect}.", fixed="breaking",
                              old_where=old.properties[name].where,
                              new_where=(*new.where, "properties"), subject=name))
    for name in new.properties:
        if name not in old.properties:
            out.append(Change("property-added", (*path, "properties", name),
                              f"Property `{name}` added.", fixed="compatible",
                              old_where=(*old.where, "properties"),
                              new_where=new.properties[name].where))
        else:
            _meanings(old.properties[name], new.properties[name], (*path, "properties", name),
                      out)
    for name in sorted(new.required - old.required):
        out.append(Change("newly-required", (*path, "required"), f"`{name}` is now required: a "
                          "value without it is refused.", narrows=True,
                          old_where=old.where, new_where=(*new.where, "required"),
                          subject=name))
    for name in sorted(old.required - new.required):
        out.append(Change("no-longer-required", (*path, "required"), f"`{name}` is no longer "
                          "required: a value may leave it out.", widens=True,
                          old_where=(*old.where, "required"), new_where=new.where,
                          subject=name))
    _additional(old, new, path, out)


def _additional(old: Alternative, new: Alternative, path: Path, out: list[Change]) -> None:
    at = (*path, "additionalProperties")
    where: _Where = {
        "old_where": (*old.where, "additionalProperties") if old.additional else old.where,
        "new_where": (*new.where, "additionalProperties") if new.additional else new.where}
    before, after = old.additional, new.additional
    if before is None and after is None:
        return
    if before is None:
        assert after is not None
        if after.admits_nothing:
            out.append(Change("additional-properties-closed", at, "`additionalProperties` "
                              "closed: a property not listed is now refused.", narrows=True,
                              **where))
        else:
            out.append(Change("additional-properties-constrained", at, "Properties not listed "
                              "must now match a schema.", narrows=True, **where))
        return
    if after is None:
        if before.admits_nothing:
            out.append(Change("additional-properties-opened", at, "`additionalProperties` "
                              "opened: a property not listed is now admitted.", widens=True,
                              **where))
        else:
            out.append(Change("additional-properties-unconstrained", at, "Properties not "
                              "listed no longer need to match a schema.", widens=True,
                              **where))
        return
    if before.admits_nothing and after.admits_nothing:
        return
    _meanings(before, after, at, out)


def _array(old: Alternative, new: Alternative, path: Path, out: list[Change]) -> None:
    at = (*path, "items")
    if old.items is None and new.items is not None:
        out.append(Change("items-constrained", at, "The items must now match a schema.",
                          narrows=True, old_where=old.where, new_where=new.items.where))
    elif old.items is not None and new.items is None:
        out.append(Change("items-unconstrained", at, "The items no longer need to match a "
                          "schema.", widens=True, old_where=old.items.where,
                          new_where=new.where))
    elif old.items is not None and new.items is not None:
        _meanings(old.items, new.items, at, out)
    for i in range(max(len(old.prefix), len(new.prefix))):
        here = (*path, "prefixItems", i)
        if i >= len(new.prefix):
            out.append(Change("items-unconstrained", here, f"Item {i} no longer has a schema "
                              "of its own.", widens=True, old_where=old.prefix[i].where,
                              new_where=new.where))
        elif i >= len(old.prefix):
            out.append(Change("items-constrained", here, f"Item {i} now has a schema of its "
                              "own.", narrows=True, old_where=old.where,
                              new_where=new.prefix[i].where))
        else:
            _meanings(old.prefix[i], new.prefix[i], here, out)
