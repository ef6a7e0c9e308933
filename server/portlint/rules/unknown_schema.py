"""A Python tool whose schema portlint cannot derive without running code.

## What it does

Reports, once per tool, the first part of a Python tool declaration whose schema cannot be known
statically, and says why: a type imported from a package whose source portlint does not read, a
generic model, a `create_model` call, a callable `json_schema_extra`, a default computed at run
time, a `*args` parameter the framework refuses. The tool's schemas are then not linted at all —
an unknown part never produces a guessed finding.

In TypeScript it is reported at the expression that cannot be read: a schema imported from a
package, a parameter or a value computed at run time, `z.lazy`, `z.custom`, a Zod construct the
SDK itself cannot list (a `z.date()` or `.transform()` under Zod 4 makes `tools/list` throw).

## Why it matters

Pydantic and the MCP frameworks build the advertised schema when the server starts, from live
objects. portlint reproduces that from the source (never importing or running it) for the types
it can read; for the rest it would have to guess, and a guess is worse than saying so.

## Clients affected

None directly: this is about what portlint can see. The derivation follows the measured output
of Pydantic 2.14 and of fastmcp 2.x/4.x and the `mcp` SDK 1.x/2.x (PYTHON-DECLARATIONS.md);
`portlint schema FILE.py` prints what portlint derived.

## Example

```python
from somepackage import Payload

@mcp.tool()
def send(payload: Payload) -> str: ...
```

## Fix safety

No fix. Declare the type in the workspace, or check the schema the running server advertises.
"""

from __future__ import annotations

from portlint.model import Severity
from portlint.rules.base import Rule

RULE = Rule(
    id="unknown-schema",
    severity=Severity.INFORMATION,
    fix="none",
    doc=__doc__ or "",
    kind="source",
)
