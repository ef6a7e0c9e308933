"""A value that may be a string or a list of strings: a list sent as text is read as one string.

## What it does

Reports a schema that accepts both a string and an array whose items may be strings:

- `anyOf` or `oneOf` with a string branch and an array branch (`{"type": "array"}` with string
  items, untyped items or no `items`);
- a type array holding both `"string"` and `"array"`, with such items.

A string branch that only accepts listed values (`enum`/`const`) none of which looks like a JSON
list cannot take a list written as text, so it stays quiet.

## Why it matters

`str | list[str]` is a common way to say "one value or several". When a client or a model sends the
list as JSON text — `"[\"a.png\", \"b.png\"]"` instead of `["a.png", "b.png"]` — the string branch
matches, and the server reads one value named `["a.png", "b.png"]`. Nothing fails: the call goes
through with the wrong argument. Frameworks split on it: fastmcp keeps such a string as a string,
the official MCP Python SDK parses it into a list first (a measured difference between the two).

## Clients affected

- GitHub Copilot CLI 1.0.76 stringifies a genuine array argument for an `anyOf: [array, string]`
  field before it reaches the server — github/copilot-cli#4301 (open; documented, not
  reproduced here).
- Any model that writes the list as text: the ADR behind this rule records the misread on a live
  tool (the 000_ seed, ADR 0239).

## Example

```json
{"properties": {"paths": {"anyOf": [{"type": "string"},
                                     {"type": "array", "items": {"type": "string"}}]}}}
```

## Fix safety

Display-only advice, because both remedies change something. Either the server refuses a string
that parses as a JSON list the array branch accepts (and the description says so), which keeps the
schema and closes the misread; or the field accepts arrays only, a change of contract — a single
bare string is then refused.
"""

from __future__ import annotations

from collections.abc import Iterator

from portlint.fixes.ops import FixPlan
from portlint.model import Severity
from portlint.rules.base import Fact, FixAvailability, RangeOn, Report, RootContext, Rule, Triggers
from portlint.rules.helpers import declared_types

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def _string_can_hold_list(node: dict[str, Any]) -> bool:
    """Whether a string branch could accept a JSON list written as text."""
    allowed: list[Any] | None = None
    if "const" in node:
        allowed = [node["const"]]
    elif isinstance(node.get("enum"), list):
        allowed = node["enum"]
    if allowed is None:
        return True
    return any(isinstance(v, str) and v.lstrip().startswith("[") for v in allowed)


def _items_take_strings(node: dict[str, Any]) -> bool:
    items = node.get("items", True)
    if items is True or items == {}:
        return True
    if not isinstance(items, dict):
        return False
    kinds = declared_types(items)
    if kinds:
        return "string" in kinds
    if isinstance(items.get("enum"), list):
        return any(isinstance(v, str) for v in items["enum"])
    if "const" in items:
        return isinstance(items["const"], str)
    return "$ref" not in items  # an untyped item takes strings; a reference is not guessed


def _is_string_branch(node: Any) -> bool:
    return (isinstance(node, dict) and "string" in declared_types(node)
            and _string_can_hold_list(node))


def _is_list_branch(node: Any) -> bool:
    return isinstance(node, dict) and "array" in declared_types(node) and _items_take_strings(node)


_MESSAGE = ("This value may be a string or a list of strings. A client or model that sends the "
            "list as JSON text — `'[\"a.png\"]'` — has it accepted as one string, the name "
            "`[\"a.png\"]`, and the call goes through with the wrong argument.")
_SUGGESTION = ("Have the server refuse a string that parses as a JSON list the array branch "
               "accepts (and say so in the description), or accept arrays only — a change of "
               "contract, since a single bare string would then be refused.")


_ADVICE = FixPlan.advice("Refuse lists written as text, or accept arrays only")


def check(ctx: RootContext) -> Iterator[Report]:
    # without `anyOf`/`oneOf` in the schema, only a type array can be a string-or-list union
    keywords = ctx.keywords
    candidates = (ctx.positions if "anyOf" in keywords or "oneOf" in keywords
                  else ctx.type_arrays)
    for position in candidates:
        node = position.value
        if type(node) is not dict or (
                "anyOf" not in node and "oneOf" not in node and type(node.get("type")) is not list):
            continue
        for keyword in ("anyOf", "oneOf"):
            branches = node.get(keyword)
            if isinstance(branches, list) and any(_is_string_branch(b) for b in branches) and any(
                    _is_list_branch(b) for b in branches):
                yield (Report(position.path, _MESSAGE, _SUGGESTION, (_ADVICE,),
                                      range_path=(*position.path, keyword), range_on=RangeOn.KEY))
                break
        else:
            kinds = declared_types(node)
            if isinstance(node.get("type"), list) and {"string", "array"} <= kinds and (
                    _string_can_hold_list(node) and _items_take_strings(node)):
                yield (Report(position.path, _MESSAGE, _SUGGESTION, (_ADVICE,),
                                      range_path=(*position.path, "type")))


RULE = Rule(
    id="list-as-text",
    severity=Severity.WARNING,
    fix=FixAvailability.DISPLAY_ONLY,
    doc=__doc__ or "",
    check=check,
    universal=True,
    triggers=Triggers(keywords=frozenset(("anyOf", "oneOf")),
                      facts=frozenset((Fact.TYPE_ARRAY,))),
    roles=frozenset(("input", "bare")),  # the hazard is in arguments a client sends
)
