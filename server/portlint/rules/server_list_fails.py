"""A tool the server's own MCP SDK cannot send, so its whole `tools/list` fails.

## What it does

Reports a tool that makes the server's own MCP SDK fail the whole `tools/list`, where the cause is
written, naming the SDK and what it throws:

- TypeScript servers with Zod 4 (SDK 1.x and 2.x): a schema Zod cannot write as JSON Schema —
  `z.date()`, `z.bigint()`, `z.symbol()`, `z.undefined()`, `z.void()`, `z.nan()`, a literal
  `undefined`, and a `.transform()` in an output schema (an input schema is written for what
  the transform accepts, and is listed).
- Python low-level servers on the MCP Python SDK 2.x (`mcp.server.Server` listing `Tool(...)`
  literals): an `inputSchema` or `outputSchema` root the SDK's wire model refuses — without
  `"type": "object"` (no `type`, another type, a type array), `properties` that is not an object
  or holds a property schema that is neither an object nor a boolean (2.0.x: not an object),
  `required` that is not an array of strings, a `$schema` that is not a string. It is reported
  at the keyword at fault (at the schema argument when the root lacks `type`), naming the SDK
  release the project pins (or the newest, unpinned).
- TypeScript servers on an SDK's `McpServer` (1.x and 2.x): a second `tool()` or
  `registerTool()` of a name the same server already has. The SDK throws `Tool X is already
  registered` there, when the server starts, and the server stops before it answers anything
  (oracle cases `duplicate-names`, `v2-duplicate-names`). Reported at the second registration's
  name. (Python frameworks keep one of the two instead: `tool-shadowed`.)

The tool is then not derived: no client ever receives it.

## Why it matters

The SDK builds the list when a client asks for it, not when the server starts, so the server
starts and runs; then every client, whatever it would have accepted, gets an error instead of the
tools — the well-formed ones too. Zod throws ("Date cannot be represented in JSON Schema") and
the SDK answers with that error. The Python SDK 2.x serialises each result through the wire model
of the protocol version the client negotiated, logs the `ValidationError` and answers
`-32603 "Handler returned an invalid result"`. A server tested by calling its tools never sees
it.

## Clients affected

All of them: the failure is the server's. Observed by running the real SDKs: the TypeScript oracle
cases `zod4-unrepresentable`, `zod4-literal-undefined`, `zod4-output-transform` (SDK 1.32.2, Zod
4.6.7) and `v2-date` (`@modelcontextprotocol/server` 2.4.0) record the error instead of a list,
while `zod4-transform` and `v2-unrepresentable` (a transform in an input schema) list normally (Zod
4.6.7's `toJSONSchema`, run directly, throws the same way for `z.bigint()`, `z.symbol()`,
`z.undefined()`, `z.void()` and `z.nan()`, as inputs and as outputs); the Python oracle project
`m2-lowlevel-wire` fails under `mcp` 2.0.0, 2.2.0 and 2.3.0, and `tests/python/wire-refusals.json`
holds each Python case to the SDK's own serialisation under 2.0.0, 2.1.1, 2.2.0 and 2.3.0 and every
handshake protocol version (2024-11-05 to 2025-11-25). `mcp` 1.x sends those roots as written, and
the schema rules say which clients then refuse them.

## Example

```python
from mcp.server import Server
import mcp.types as types

TOOLS = [types.Tool(name="search", input_schema={"properties": {"q": {"type": "string"}}})]
```

```ts
server.registerTool("since", { inputSchema: { when: z.date() } }, handler);
```

## Fix safety

No fix. Python: declare `"type": "object"` at the root with the parameters under `properties`,
and write `required` as an array of the property names. TypeScript: accept what JSON can carry
(`z.iso.datetime()` for a date) and convert in the handler.
"""

from __future__ import annotations

from portlint.model import Severity
from portlint.rules.base import FixAvailability, Rule
from portlint.source.problems import SourceProblem


def describe(problem: SourceProblem) -> tuple[str, str]:
    return problem.message, (
        "Write only what the SDK can list: a schema JSON can carry (a date as `z.iso.datetime()`, "
        "converted in the handler), and a root of `\"type\": \"object\"` with `properties` "
        "an object of schemas and `required` an array of property names.")


RULE = Rule(
    id="server-list-fails",
    severity=Severity.ERROR,
    fix=FixAvailability.NONE,
    doc=__doc__ or "",
    kind="source",
    universal=True,
    describe=describe,
)
