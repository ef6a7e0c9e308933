"""The document cannot be read: a syntax error.

## What it does

Reports the first syntax error of a JSON or YAML document — once, at the place the reader stopped,
saying what it expected there: "Expected `,` or `}` after the property value", "Trailing comma:
JSON allows no `,` before `]`", "Comments are not allowed in JSON", and so on. It is the normal
state of a file while someone types; the editor shows this one finding until the text parses
again, then the schema findings return.

JSON is read as RFC 8259 JSON: no comments, no trailing commas, no single quotes, no `NaN` or
`Infinity` (which Python's `json` module would otherwise accept). YAML is read by libyaml.

A Python server module is parsed by the Python portlint runs on. When the project requires a
newer one (`requires-python` of its `pyproject.toml`), or the refusal is of an f-string (freer
from Python 3.12 on), the finding says that this interpreter cannot read the file and which
Python the project asks for, not that its syntax is wrong: PEP 701's f-strings and PEP 695's
`type` aliases are valid where the project runs.

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

# said by the Python reader when its own interpreter may be what cannot read the file
# (portlint.python.newer_grammar): no syntax to fix there
RUNS_ON = "which portlint runs on"


def describe(problem: SourceProblem) -> tuple[str, str]:
    """The reader's words for what it expected, and one suggestion for every format."""
    if RUNS_ON in problem.message:
        return problem.message, ("Run portlint on the Python the project runs on; nothing in "
                                 "this file is checked until it parses.")
    return problem.message, "Fix the syntax; the schemas are checked once the document parses."


RULE = Rule(
    id="parse-error",
    severity=Severity.ERROR,
    fix=FixAvailability.NONE,
    doc=__doc__ or "",
    kind="source",
    describe=describe,
)
