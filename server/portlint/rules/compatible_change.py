"""A change of the tool contract that a client written against the old one survives.

## What it does

Reported by `portlint diff OLD NEW` for each change that admits everything the old contract
admitted where clients send, and promises nothing new where they receive: a tool added, an
optional property added, a property no longer required in an `inputSchema`, a type widened or an
enum value added in an input, a field newly required in an output, an output schema added, and
annotations (a `description`, `title`, `default`, `examples`, the tool's `annotations`) changed.
Like `breaking-change`, the comparison is by meaning, and each finding sits where the change is
written.

## Why it matters

A release note and a reviewer both want the complete list of what changed, not only what breaks:
a changed description changes what the model does with a tool, and a new optional property is
what the next client release will start sending.

## Clients affected

Every client: the contract is between a server and all of its callers.

## Example

The new `inputSchema` adds `"unit": {"enum": ["c", "f"]}` without listing it in `required`: calls
that leave it out are still admitted.

## Fix safety

No fix: nothing is wrong.
"""

from __future__ import annotations

from portlint.model import Severity
from portlint.rules.base import FixAvailability, Rule

RULE = Rule(
    id="compatible-change",
    severity=Severity.INFORMATION,
    fix=FixAvailability.NONE,
    doc=__doc__ or "",
    kind="source",
)
