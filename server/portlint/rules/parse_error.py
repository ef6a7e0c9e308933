"""The document cannot be read: a syntax error.

## What it does

Reports the first syntax error of a JSON or YAML document — once, at the place the reader stopped,
saying what it expected there: "Expected `,` or `}` after the property value", "Trailing comma:
JSON allows no `,` before `]`", "Comments are not allowed in JSON", and so on. It is the normal
state of a file while someone types; the editor shows this one finding until the text parses
again, then the schema findings return.

JSON is read as RFC 8259 JSON: no comments, no trailing commas, no single quotes, no `NaN` or
`Infinity` (which Python's `json` module would otherwise accept). YAML is read by libyaml.

## Why it matters

No client can load a tool from a document that does not parse; nothing else in it can be checked.

## Clients affected

Every client: a `tools/list` result or tool file that does not parse is refused whole. The
standards are RFC 8259 (JSON) and YAML 1.2.

## Example

```json
{"name": "echo", "inputSchema": {"type": "object",}}
```

## Fix safety

No automatic fix: which of several repairs was meant is the author's call.
"""

from __future__ import annotations

from portlint.model import Severity
from portlint.rules.base import FixAvailability, Rule
from portlint.source.problems import SourceProblem


def describe(problem: SourceProblem) -> tuple[str, str]:
    """The reader's words for what it expected, and one suggestion for every format."""
    return problem.message, "Fix the syntax; the schemas are checked once the document parses."


RULE = Rule(
    id="parse-error",
    severity=Severity.ERROR,
    fix=FixAvailability.NONE,
    doc=__doc__ or "",
    kind="source",
    describe=describe,
)
