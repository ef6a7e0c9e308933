"""A tool registered under a name the same server registers again: one of them is never listed.

## What it does

Reports, in a Python server module, the registration of a tool that the server does not list
because the same server registers another tool under the same name, at that registration, with
the line of the one listed instead. Which one is listed is the framework's rule:

- the MCP SDK (`mcp.server.fastmcp.FastMCP` of mcp 1.x, `MCPServer` of 2.x) keeps the **first**
  registration and ignores the later one, with a warning in its log only;
- fastmcp (2.10 to 4.x) **replaces** the tool with the later registration, listed where the first
  one was.

Two registrations are taken to be on one server when they are written on the same expression
(`mcp.tool`, `self.mcp.tool`) in the same function, or both at module level. A name computed at
run time is never compared, and two registrations in branches of one `if`/`else` (or `match`)
that exclude each other never shadow each other: at most one of them runs.

The tool that is not listed is left out of what `portlint schema` prints and of the tool list the
schema rules check. (A TypeScript server on the MCP SDK throws when a name is registered twice:
that is `server-list-fails`; the `fastmcp` npm framework replaces the tool silently, as fastmcp
does in Python.)

## Why it matters

The code reads as two tools; clients get one. The tool shadowed is never offered to the model and
its handler never runs, and nothing fails to point at the mistake — a copied decorator, a name
reused for a new variant, two modules registering the same helper.

## Clients affected

None: it happens in the server, before any client sees the list. Observed with the frameworks
themselves: the oracle projects `f4-duplicate-names` (fastmcp 4.2.3, 3.4.11, 2.14.7, 2.10.6),
`m1-duplicate-names` (mcp 1.30.0, 1.12.4) and `m2-duplicate-names` (mcp 2.3.0) list one `find`.

## Example

```python
@mcp.tool(name="find")
def find_text(text: str) -> str: ...


@mcp.tool(name="find")
def find_number(number: int) -> str: ...
```

## Fix safety

No fix: rename one of the tools, or remove the one that is not meant to be there.
"""

from __future__ import annotations

from portlint.model import Severity
from portlint.rules.base import FixAvailability, Rule
from portlint.source.problems import SourceProblem


def describe(problem: SourceProblem) -> tuple[str, str]:
    return problem.message, ("Give each tool of the server its own name, or remove the "
                             "registration that is not meant to be listed.")


RULE = Rule(
    id="tool-shadowed",
    severity=Severity.WARNING,
    fix=FixAvailability.NONE,
    doc=__doc__ or "",
    kind="source",
    universal=True,
    describe=describe,
)
