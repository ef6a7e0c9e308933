"""A Python tool its server lists but can never run: every call of it fails in the framework.

## What it does

Reports, where the cause is written, a tool that the server lists with a schema clients accept
and whose every call the framework itself fails, before the tool's code runs:

- the MCP Python SDK from 1.12.0 (`mcp.server.fastmcp` and the 2.x `MCPServer`): a parameter
  given `Field(alias="...")`. The SDK lists the parameter under the alias, validates a call's
  arguments, and then calls the function with them keyed by the alias — a keyword the function
  does not take. Every call fails with `TypeError: f() got an unexpected keyword argument`,
  whether the client passes the argument or not (its default is passed under the alias too).
  The SDK 1.11.0 and earlier, and fastmcp in every release, call the function by parameter
  name; `validation_alias=` is listed the same and called by name in every release.
- the MCP Python SDK (every release observed, 1.3.0 to 2.3.0): a `*args` parameter. The SDK
  lists it as a required property of its name and element type, refuses a call without it as
  a missing argument, and calls the function with it as a keyword, which `*args` does not take.
  (`**kwargs` is listed the same way, and called: its value arrives inside the mapping.
  fastmcp refuses both when it registers the function: `server-start-fails`.)

## Why it matters

The tool is listed, its schema is valid, and a model calls it as the schema says: each call
comes back as an error the model cannot act on, and a client or a test that only lists tools
sees nothing wrong. The alias is usually there to give a parameter a camelCase name.

## Clients affected

All of them: the failure is the server's, on every call. Observed by calling the tools of one
server in each framework release: `tests/python/call-outcomes.json` (recorded by
`python -m tests.python.record_calls`, re-recorded live in CI) holds each call's outcome under
mcp 1.11.0, 1.12.0, 1.30.0 and 2.3.0 and fastmcp 2.14.7 and 4.2.3, and the test holds
portlint's findings to it; the oracle projects `m1/m2-var-parameters` hold the schemas the SDK
lists for `*args` and `**kwargs` (mcp 1.3.0, 1.30.0, 2.3.0).

## Example

```python
@mcp.tool()
def search(page: int = Field(1, alias="pageNumber")) -> str: ...
```

## Fix safety

No fix: the message names the replacement (`validation_alias="pageNumber"`), which lists the
same schema; whether other code reads the alias is the author's to check.
"""

from __future__ import annotations

from portlint.model import Severity
from portlint.rules.base import FixAvailability, Rule
from portlint.source.problems import SourceProblem


def describe(problem: SourceProblem) -> tuple[str, str]:
    return problem.message, (
        "Declare the parameter so that the framework calls the function with it: the message "
        "names the spelling it accepts.")


RULE = Rule(
    id="tool-call-fails",
    severity=Severity.ERROR,
    fix=FixAvailability.NONE,
    doc=__doc__ or "",
    kind="source",
    universal=True,
    describe=describe,
)
