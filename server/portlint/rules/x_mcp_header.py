"""An `x-mcp-header` annotation the MCP revision 2026-07-28 forbids.

## What it does

Reports an `x-mcp-header` annotation in an input schema that breaks one of the revision's rules
for it (SEP-2243, "Custom Headers" of the Streamable HTTP transport):

- it sits on a property reached from the root through `properties` alone (variant `position`:
  not the root, nor under `items`, a combinator, `$defs`, `additionalProperties` …);
- its value is a non-empty HTTP field-name token (RFC 9110: letters, digits and
  `` !#$%&'*+-.^_`|~ ``; variant `value`: a space, a colon, a number);
- the property declares one `type` of `string`, `integer` or `boolean` (variant `type`: an
  object, an array, a `number`, a type array, no type);
- no other property of the schema names the same header, case-insensitively (variant
  `duplicate`, on the later one).

Only input schemas carry the annotation: the client mirrors the argument into an
`Mcp-Param-<token>` header of the `tools/call` request.

## Why it matters

A client of the 2026-07-28 revision must drop a tool whose annotations are invalid, so the tool
is missing from the list the model sees; the server's other tools stay.

## Clients affected

Observed (each client run on a tool list where one tool has the annotation, beside a clean
sibling; releases and verbatim errors in the evidence section below and in `docs/clients.md`):
the MCP Python SDK 2.x drops the tool in the 2026-07-28 era, with a warning naming the reason.
The TypeScript v2 client drops it in memory but was seen to hand it on over stdio, so no claim is
made for it. Clients of the 2025-11-25 revision ignore the annotation: nothing is reported for
them.

## Example

```json
{"type": "object",
 "properties": {"filter": {"type": "object", "x-mcp-header": "Filter"},
                "region": {"type": "string", "x-mcp-header": "Region Code"}}}
```

## Fix safety

No automatic fix: moving the header to another property, or renaming it, changes the header
the server reads.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from portlint.fixes.ops import FixPlan
from portlint.model import Severity
from portlint.rules.base import FixAvailability, Report, RootContext, Rule, Triggers
from portlint.walk import Position

KEYWORD = "x-mcp-header"
_TOKEN = re.compile(r"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")
_PERMITTED_TYPES = ("string", "integer", "boolean")
# the schema keywords a client walks looking for the annotation (the Python SDK's walk): an
# annotation anywhere else is not found, so it is not reported either
_WALKED = frozenset((
    "properties", "items", "contains", "unevaluatedItems", "additionalProperties",
    "propertyNames", "unevaluatedProperties", "not", "if", "then", "else", "contentSchema",
    "allOf", "anyOf", "oneOf", "prefixItems", "patternProperties", "dependentSchemas", "$defs",
    "definitions"))


def _chain(position: Position) -> tuple[bool, bool]:
    """(reached through `properties` alone, below the root; walked by the clients at all)."""
    only_properties = not position.is_root
    current: Position | None = position
    while current is not None and current.keyword is not None:
        if current.keyword not in _WALKED:
            return False, False
        if current.keyword != "properties":
            only_properties = False
        current = current.up
    return only_properties, True


def _problem(position: Position, header: object) -> tuple[str, str] | None:
    """(variant, what is wrong) of one annotation, apart from duplicates."""
    on_chain, walked = _chain(position)
    if not walked:
        return None
    if not on_chain:
        return "position", ("sits where no property reached through `properties` alone holds "
                            "it; the revision permits it only on such a property")
    if not isinstance(header, str) or not _TOKEN.fullmatch(header):
        shown = f"`{header}`" if isinstance(header, str) else "not a string"
        return "value", (f"is {shown}, not an HTTP field-name token (letters, digits and "
                         "``!#$%&'*+-.^_`|~``)")
    declared = position.value.get("type")
    if declared not in _PERMITTED_TYPES:
        shown = f"`{declared}`" if isinstance(declared, str) else (
            "a type array" if isinstance(declared, list) else "no single type")
        return "type", (f"is on a property of {shown}; the revision permits it only on "
                        "`string`, `integer` and `boolean` properties")
    return None


def check(ctx: RootContext) -> Iterator[Report]:
    seen: dict[str, str] = {}  # header, lower-cased → the property that names it
    for position in ctx.having(KEYWORD):
        header = position.value[KEYWORD]
        where = position.at(KEYWORD)
        found = _problem(position, header)
        if found is not None:
            variant, what = found
            yield Report(where, f"The `x-mcp-header` annotation {what}.",
                         "Put the annotation on a string, integer or boolean property of the "
                         "arguments, with a header name of letters, digits and `-`.",
                         (FixPlan.advice("Move or rename the header"),), variant=variant)
            continue
        if not _chain(position)[1]:
            continue
        assert isinstance(header, str)  # a valid annotation
        shown = ctx.display(position.path)
        earlier = seen.setdefault(header.lower(), shown)
        if earlier != shown:
            yield Report(where, f"The `x-mcp-header` `{header}` names the header of "
                         f"`{earlier}` too (header names ignore case).",
                         "Give each annotated property its own header name.",
                         (FixPlan.advice("Rename one of the headers"),), variant="duplicate")


RULE = Rule(
    id="x-mcp-header",
    severity=Severity.ERROR,
    fix=FixAvailability.DISPLAY_ONLY,
    doc=__doc__ or "",
    check=check,
    variants=("position", "value", "type", "duplicate"),
    triggers=Triggers(keywords=frozenset((KEYWORD,))),
    roles=frozenset(("input",)),
)
