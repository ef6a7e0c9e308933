"""Where Pydantic writes a field's constraint (`Field(ge=1)`, `conint(le=5)`, `Annotated[str,
StringConstraints(pattern=...)]`) in its JSON Schema: that depends on the kind of the type.

Recorded with Pydantic 2.11.10, 2.12.5, 2.13.4 and 2.14.4 (the same in each wherever this module
derives anything; oracle projects `*-constraint-kinds`):

* a bound (`ge`, `gt`, `le`, `lt`, `multiple_of`) on a number is its JSON Schema keyword
  (`minimum`, ...); on a string, a boolean, an array, a dict, a `Literal`, `Any`, bytes, a UUID
  or a path, Pydantic checks it in a validator of its own and writes it under its Python name
  (`"ge": 1`); a date-time or a duration drops it; a date is refused when the model is built
  (the server fails at start-up);
* a length (`min_length`, `max_length`) is `minItems`/`maxItems` on an array,
  `minProperties`/`maxProperties` on a dict, and `minLength`/`maxLength` on anything else, a
  number included;
* `pattern` is written on a plain string only, and dropped everywhere else;
* an infinite bound on a float (`ge=1e400`) is left out; one on an integer, or an infinite
  `multiple_of`, is refused when the model is built (a NaN bound is not derived).

What differs between those releases, or was not recorded, is reported as not derived: a bound
on a time (2.11 refuses it, later releases drop it), `multiple_of` on a date, date-time or time
(written by 2.14 only), any bound or pattern on other string formats (an e-mail address, a URL,
a secret), and a length on a fixed-length tuple.
"""

from __future__ import annotations

import math
from typing import Any

BOUNDS = {"ge": "minimum", "gt": "exclusiveMinimum", "le": "maximum", "lt": "exclusiveMaximum",
          "multiple_of": "multipleOf"}
LENGTHS = ("min_length", "max_length")
# string formats whose constraints were recorded, and what becomes of a bound on each
_FORMATS_KEEPING_BOUNDS = frozenset(("binary", "uuid", "path"))  # under their Python names
_FORMATS_DROPPING_BOUNDS = frozenset(("date-time", "duration"))
_FORMATS_RECORDED = _FORMATS_KEEPING_BOUNDS | _FORMATS_DROPPING_BOUNDS | {"date", "time"}


def _literal(schema: dict[str, Any]) -> bool:
    """Whether ``schema`` is a `Literal`'s (Pydantic treats it apart from its type)."""
    return "enum" in schema or "const" in schema


class NotDerived(Exception):
    """A constraint whose place in the schema is not derived (the reason is the message)."""

    def __init__(self, reason: str, constraint: str, *, fails_start: bool = False) -> None:
        super().__init__(reason)
        self.constraint = constraint
        self.fails_start = fails_start  # known: Pydantic raises when the server starts


def constrain(schema: dict[str, Any], constraints: dict[str, Any],
              pydantic: tuple[int, ...] = (2, 14)) -> list[tuple[str, str]]:
    """Write ``constraints`` (name → value) into ``schema`` (the type's schema, changed in
    place) as Pydantic does; raises :class:`NotDerived` when that is not known.

    Pydantic applies a field's constraints in one order — the bounds, then the lengths, then
    the pattern — and once one of them needs a validator of its own (a bound on anything but a
    number), it wraps the type in that validator, and the later ones are checked by validators
    too: a length is then `minLength` (`minItems` on a list only) and a pattern is dropped
    (recorded: `Field(ge=0, min_length=1)` on a dict is `"ge": 0, "minLength": 1`).

    Returns what a constraint does that the schema does not say, as (constraint, words)."""
    if _time_bounds_only(schema, constraints, pydantic):
        # 2.12 on (2.12.5, 2.13.5, 2.14.4 compared): not written, and checked with the number
        # read as seconds after midnight (`le=5` refuses anything after 00:00:05)
        return [(name, f"`{name}={constraints[name]!r}` on a time is checked as a time of day, "
                 "the number read as seconds after midnight, and is not in the schema")
                for name in sorted(constraints, key=_ORDER.get)]  # type: ignore[arg-type]
    wrapped = False
    for name in sorted(constraints, key=_ORDER.get):  # type: ignore[arg-type]
        value = constraints[name]
        if name in LENGTHS:
            _length(schema, name, value, wrapped)
        elif name == "pattern":
            if not wrapped:
                _pattern(schema, value)
        elif name in BOUNDS:
            wrapped = _bound(schema, name, value, pydantic) or wrapped
        else:
            raise NotDerived(f"the constraint `{name}` is not derived statically", name)
    return []


def _time_bounds_only(schema: dict[str, Any], constraints: dict[str, Any],
                      pydantic: tuple[int, ...]) -> bool:
    """Whether ``constraints`` are number bounds alone on a time, under a Pydantic that leaves
    them out of the schema (2.12 on; 2.11 refuses them: :func:`_bound_on_format`)."""
    return (schema.get("format") == "time" and pydantic[:2] >= (2, 12) and bool(constraints)
            and set(constraints) <= _TIME_BOUNDS)


_ORDER = {name: i for i, name in enumerate((*BOUNDS, *LENGTHS, "pattern"))}
_TIME_BOUNDS = frozenset(("gt", "ge", "lt", "le"))


def _length(schema: dict[str, Any], name: str, value: Any, wrapped: bool) -> None:
    bound = "min" if name == "min_length" else "max"
    kind = schema.get("type")
    literal = _literal(schema)
    if kind == "array" and not literal:
        if "prefixItems" in schema:
            raise NotDerived(f"`{name}` on a tuple of fixed length is not derived", name)
        if wrapped and not schema.get("uniqueItems"):
            raise NotDerived(f"`{name}` beside a bound checked by a validator: whether it is "
                             "`minItems` (a list) or `minLength` (a tuple) is not derived", name)
        schema[f"{bound}Length" if wrapped else f"{bound}Items"] = value
    elif kind == "object" and not literal and "properties" not in schema and not wrapped:
        schema[f"{bound}Properties"] = value
    else:
        schema[f"{bound}Length"] = value


def _pattern(schema: dict[str, Any], value: Any) -> None:
    kind = schema.get("type")
    form = schema.get("format")
    if _literal(schema) or kind != "string":
        return  # dropped: Pydantic writes no pattern on anything but a plain string
    if form is None:
        schema["pattern"] = value
    elif form not in _FORMATS_RECORDED:
        raise NotDerived(f"`pattern` on a string of format `{form}` is not derived", "pattern")


def _bound(schema: dict[str, Any], name: str, value: Any, pydantic: tuple[int, ...]) -> bool:
    """Write one bound; whether it is checked by a validator of its own (the type wrapped)."""
    kind = schema.get("type")
    form = schema.get("format")
    literal = _literal(schema)
    if kind in ("integer", "number") and not literal:
        if isinstance(value, float) and not math.isfinite(value):
            # `ge=1e400`: Pydantic (2.11.7, 2.14.4) leaves an infinite bound on a float out of
            # the schema, and refuses one on an integer, or an infinite `multiple_of`, at start
            if math.isnan(value):  # written as it is, which JSON cannot say
                raise NotDerived(f"`{name}=nan` is not derived", name)
            if kind == "number" and name != "multiple_of":
                return False
            raise NotDerived(f"`{name}={value!r}` on {'a float' if kind == 'number' else 'an int'}"
                             ", which Pydantic refuses when the server starts", name,
                             fails_start=True)
        schema[BOUNDS[name]] = value
        return False
    if kind == "string" and form is not None and not literal:
        return _bound_on_format(schema, form, name, value, pydantic)
    if "$ref" in schema or "anyOf" in schema or "oneOf" in schema or "allOf" in schema:
        raise NotDerived(f"`{name}` on a reference or a union is not derived statically", name)
    if literal or kind in ("string", "boolean", "array", "object", None):
        schema[name] = value  # checked by a validator of Pydantic's, named as in Python
        return True
    raise NotDerived(f"`{name}` on this type is not derived statically", name)


def _bound_on_format(schema: dict[str, Any], form: str, name: str, value: Any,
                     pydantic: tuple[int, ...]) -> bool:
    if form in _FORMATS_KEEPING_BOUNDS:
        schema[name] = value
        return True
    if form == "date" and name != "multiple_of":
        raise NotDerived(f"Pydantic refuses `{name}` with a number on a date when it builds the "
                         "arguments (`SchemaError`): the server fails at start-up", name,
                         fails_start=True)
    if name == "multiple_of" and form in ("date", "date-time", "time"):
        raise NotDerived(f"`multiple_of` on a {form} is written by Pydantic 2.14 only and "
                         "dropped by earlier releases: not derived", name)
    if form == "time" and pydantic[:2] < (2, 12):
        raise NotDerived(f"Pydantic {'.'.join(map(str, pydantic[:2]))} refuses `{name}` with a "
                         "number on a time when it builds the arguments (`SchemaError`: 'int' "
                         "object cannot be converted to 'PyTime'): the server fails at start-up",
                         name, fails_start=True)
    if form == "time":
        # 2.12 on, beside another constraint: whether it wraps the type is not known
        raise NotDerived(f"`{name}` on a time beside another constraint is not derived", name)
    if form not in _FORMATS_RECORDED:
        raise NotDerived(f"`{name}` on a string of format `{form}` is not derived", name)
    return False  # checked by the date-time's or duration's own schema, and not written
