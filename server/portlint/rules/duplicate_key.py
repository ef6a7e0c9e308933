"""The same key twice in one object: readers disagree on which value wins.

## What it does

Reports the second occurrence of a key in one JSON object or YAML mapping, and points back to the
first one.

## Why it matters

RFC 8259 says only that names *should* be unique, and parsers differ: most keep the last value,
some keep the first, some refuse the document (YAML forbids duplicates outright; libyaml-based and
strict loaders reject them). A tool schema with `"type"` twice may therefore mean two different
contracts to two clients. portlint reads the last value, as `json.loads`, JavaScript's
`JSON.parse` and PyYAML do, and lints that.

## Clients affected

Any client whose parser resolves duplicates differently from the server's. RFC 8259 §4; YAML 1.2
§3.2.1.1 (mapping keys are unique).

## Example

```json
{"type": "object", "properties": {"q": {"type": "string", "type": "integer"}}}
```

## Fix safety

No automatic fix: which entry was meant is the author's call.
"""

from __future__ import annotations

from portlint.model import Severity
from portlint.rules.base import FixAvailability, Rule
from portlint.source.problems import SourceProblem


def describe(problem: SourceProblem) -> tuple[str, str]:
    if problem.variant == "unlisted":  # past the reader's path budget: counted, not listed
        return problem.message, "Keep one entry of each repeated key."
    return (f"{problem.message}; readers disagree on which value wins, so clients may read "
            "different schemas"), "Keep one of the two entries."


RULE = Rule(
    id="duplicate-key",
    severity=Severity.WARNING,
    fix=FixAvailability.NONE,
    doc=__doc__ or "",
    kind="source",
    describe=describe,
)
