"""A YAML tag that is not a standard one (`!!python/object`, `!Ref`, ...).

## What it does

Reports every node tagged with something other than the YAML core tags (`!!str`, `!!int`,
`!!float`, `!!bool`, `!!null`, `!!map`, `!!seq`, `!!binary`, `!!timestamp`, `!!merge`, ...).
portlint never constructs anything from a tag: the node is read as if untagged and linted.

## Why it matters

A safe loader refuses unknown tags (PyYAML's `safe_load` raises `could not determine a
constructor`), and an unsafe one may run code: `!!python/object/apply:os.system` executes a
command in `yaml.load` with the full loader. A tool schema is plain data and needs no tags.

## Clients affected

Any server or client that loads the file with a safe YAML loader (refused) or an unsafe one
(arbitrary construction). PyYAML documentation, "Loading YAML"; YAML 1.2 §3.2.1.3 (tags).

## Example

```yaml
inputSchema: !!python/object:builtins.dict
  type: object
```

## Fix safety

No automatic fix: remove the tag.
"""

from __future__ import annotations

from portlint.model import Severity
from portlint.rules.base import FixAvailability, Rule
from portlint.source.problems import SourceProblem


def describe(problem: SourceProblem) -> tuple[str, str]:
    if problem.variant == "unlisted":  # past the reader's path budget: counted, not listed
        return problem.message, "Remove the tags, and keep one entry of each repeated key."
    return problem.message, "Remove the tag; a tool schema is plain data."


RULE = Rule(
    id="yaml-tag",
    severity=Severity.WARNING,
    fix=FixAvailability.NONE,
    doc=__doc__ or "",
    kind="source",
    describe=describe,
)
