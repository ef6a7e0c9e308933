"""A Python tool whose schema portlint cannot derive without running code.

## What it does

Reports, once per tool, a Python tool that portlint found but cannot derive statically, at the
first thing that stopped it, and says why: a registration it cannot follow (a function that is an
attribute or a call result, a loop over something that is not a literal list, `.tool` on an object
it cannot trace to a `FastMCP(...)`), a
type imported from a package whose source portlint does not read, a `create_model` call, a
callable `json_schema_extra`, a default computed at run time, a `*args` parameter the framework
refuses, types nesting more than 60 levels deep. The tool's schemas are then not linted at all —
an unknown part never produces a guessed finding — and the summary counts it among the tools found
but not derived, so such a file never reads "All checks passed".

A tool whose function is known but whose name is computed at run time (`@mcp.tool(name=prefix +
"read")`, `Tool(name=self.name, ...)` where each construction passes the name) is said once as
well, at the name: its schemas do not depend on the name, so they are derived and linted; the rules
about tool names are not applied to it, and the summary counts it among the tools not derived. A
`self.name` the class itself fixes is read: a constant bound in the class body, or set by a
constructor that runs, given a constant by the subclass's (`super().__init__(LIST_FILES)`), on a
class no other class of the project derives from and whose attribute nothing else sets.

In TypeScript it is reported at the expression that cannot be read: a schema imported from a
package, a parameter or a value computed at run time, `z.lazy`, `z.custom`. (A Zod construct the
SDK itself cannot list is `server-list-fails`.)

A server whose tools/list handler the module replaces on the low-level server beneath it
(`mcp._mcp_server.list_tools()(handler)` in Python; `mcp.server.setRequestHandler(
ListToolsRequestSchema, handler)` or a write into the SDK's `_requestHandlers` in TypeScript)
lists what that handler returns, which portlint does not run: it may leave tools out or rewrite
their schemas (@perplexity-ai/mcp-server rewrites every `$schema`). Each tool registered on
that server is then not derived from its registration, nor linted, and said so where it is
registered, naming the line the handler is set on. A TypeScript handler that returns a literal
list is read as a low-level server's.

A JavaScript bundle that carries its own copy of the MCP TypeScript SDK's server (esbuild,
webpack, ncc or `bun build` output, minified or not) registers its tools on classes it defines
itself, which portlint does not take for the SDK's: it is said once, at the copy's check for the
tools capability, standing for every tool the bundle's server lists. The suggestion is then to lint
the sources it was built from, or the running server (`portlint check --server`).

## Why it matters

Pydantic and the MCP frameworks build the advertised schema when the server starts, from live
objects. portlint reproduces that from the source (never importing or running it) for the code it
can read; for the rest it would have to guess, and a guess is worse than saying so.

## Clients affected

None directly: this is about what portlint can see. The derivation is compared, key for key, with
the tools/list that fastmcp 2.10–4.x and the `mcp` SDK 1.3–2.x really send for the projects of
`tests/python/servers`; `portlint schema PATH` prints what portlint derived and which releases it
assumed.

## Example

```python
from somepackage import Payload

@mcp.tool()
def send(payload: Payload) -> str: ...

for plugin in load_plugins():
    mcp.tool(name=plugin.name)(plugin.run)
```

## Fix safety

No fix. Write that part with names and types of the project portlint can read, or check what the
running server advertises.
"""

from __future__ import annotations

from portlint.model import Severity
from portlint.rules.base import FixAvailability, Rule
from portlint.source.problems import SourceProblem


def describe(problem: SourceProblem) -> tuple[str, str]:
    if problem.variant == "bundle":
        return problem.message, (
            "Lint the sources the bundle is built from, where the SDK is imported, or the "
            "running server: `portlint check --server 'node <this file>'`.")
    return problem.message, (
        "portlint derives schemas from the source without running it: write this part with "
        "names and types of the project it can read, or check what the running server "
        "advertises.")


RULE = Rule(
    id="unknown-schema",
    severity=Severity.INFORMATION,
    fix=FixAvailability.NONE,
    doc=__doc__ or "",
    kind="source",
    describe=describe,
)
