"""A change of the tool contract that can break a client written against the old one.

## What it does

Reported by `portlint diff OLD NEW`, one finding per change, at the place the change is written:
in the new document, or in the old one for what was removed. The tool lists are compared by what
their schemas mean (JSON Schema semantics), not by their text, so rewriting `"type": ["string",
"null"]` as an `anyOf`, `const` as a one-value `enum`, or inlining a local `$ref` is no change.
Breaking are:

- a tool removed, or renamed (the same contract under another name);
- in an `inputSchema`, whatever refuses a call the old schema admitted: a property removed, a
  property newly required, a type narrowed, an enum value removed, a bound tightened, a
  `pattern` or `format` added, `additionalProperties` closed;
- in an `outputSchema`, whatever lets the server return what the old schema did not promise: an
  output field removed or no longer required, a type widened, an enum value added; and the
  output schema removed;
- a change portlint cannot classify (a `not`, `if`/`then`/`else`, `patternProperties` … that
  changed, or a `pattern` replaced by another): it is not proved compatible, so it counts here,
  and the message says so.

## Why it matters

Clients cache tool lists, models are prompted with them, and agents are written against them: a
call built from yesterday's schema that today's server refuses fails at run time, far from the
release that caused it. Comparing releases in CI turns that into a red build.

## Clients affected

Every client: this is about the contract between a server and whoever calls it, not about one
client's schema support.

## Example

The old `inputSchema` has `"properties": {"city": {"type": "string"}}`; the new one adds
`"required": ["city", "unit"]` with a new `unit` property: `unit` is newly required, and a call
without it is refused.

## Fix safety

No fix: whether to keep the old contract (make the property optional, keep the old tool beside
the new one) or to release the break is the author's decision.
"""

from __future__ import annotations

from portlint.model import Severity
from portlint.rules.base import FixAvailability, Rule

RULE = Rule(
    id="breaking-change",
    severity=Severity.ERROR,
    fix=FixAvailability.NONE,
    doc=__doc__ or "",
    kind="source",
)
