"""YAML aliases that expand without bound (a "billion laughs" document, or a recursive alias).

## What it does

Counts the nodes a YAML document reaches through aliases. Past the limit (`max-alias-nodes`,
100,000 by default), or when an alias refers to a node that contains it, the document gets this one
finding at the alias that crossed the line and is not linted further.

## Why it matters

A few lines of anchors and aliases can expand to billions of nodes. A loader that expands them
runs out of memory; portlint stays bounded and says why it stopped.

## Clients affected

Every consumer that loads the YAML into a data structure: the expanded document is what it reads.
YAML 1.2 §3.2.2.2 (aliases); the "billion laughs" pattern (CVE-2003-1564 for XML, the same shape).

## Example

```yaml
a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]
b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
```

## Fix safety

No automatic fix. Write the repeated schema out once under `$defs` and reference it, or raise the
limit for a trusted document.
"""

from __future__ import annotations

from portlint.model import Severity
from portlint.rules.base import FixAvailability, Rule
from portlint.source.problems import SourceProblem


def describe(problem: SourceProblem) -> tuple[str, str]:
    return problem.message, ("Write the repeated schema out, or raise `max-alias-nodes` if the "
                             "document is trusted.")


RULE = Rule(
    id="alias-limit",
    severity=Severity.ERROR,
    fix=FixAvailability.NONE,
    doc=__doc__ or "",
    kind="source",
    describe=describe,
)
