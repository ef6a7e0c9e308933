"""A `# portlint: ignore[...]` comment that suppresses nothing.

## What it does

Reports each rule id of a suppression comment (`# portlint: ignore[rule, ...]` on or before a
line, `# portlint: ignore-file[rule]` anywhere) that did not suppress any finding, and each id that
names no portlint rule. A suppression for a rule that is switched off is not reported: it could
not have fired.

## Why it matters

A stale suppression is a trap: it silently hides the next real finding of that rule on that line.
Reporting it keeps the comments honest as schemas change.

## Clients affected

None directly; this keeps portlint's own report trustworthy (the same practice as ruff's unused
`noqa`, RUF100).

## Example

```yaml
properties:
  name: {type: string}   # portlint: ignore[type-union]
```

## Fix safety

**Safe**: the fix removes the unused rule id, or the whole comment when none of its ids is used.
The schema does not change, and no finding appears or disappears.
"""

from __future__ import annotations

from portlint.model import Severity
from portlint.rules.base import FixAvailability, Rule

RULE = Rule(
    id="unused-suppression",
    severity=Severity.WARNING,
    fix=FixAvailability.SAFE,
    doc=__doc__ or "",
    kind="source",
)
