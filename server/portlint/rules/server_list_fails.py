"""A tool the server's own MCP SDK refuses to send, so its whole `tools/list` fails.

## What it does

Reports, in a Python low-level server on the MCP Python SDK 2.x (`mcp.server.Server` listing
`Tool(...)` literals), a tool whose `inputSchema` or `outputSchema` root the SDK's wire model
refuses: a root without `"type": "object"` (no `type`, another type, a type array), `properties`
that is not an object or holds a property schema that is neither an object nor a boolean (2.0.x:
not an object), `required` that is not an array of strings, a `$schema` that is not a string. It
is reported at the keyword at fault (at the schema argument when the root lacks `type`), naming
the SDK release the project pins (or the newest, unpinned) and what fails. The tool's schemas are
then not linted: no client ever receives them.

## Why it matters

The server serialises each result through the wire model of the protocol version the client
negotiated before it answers. When one tool fails it, the server logs a `ValidationError` and
answers `tools/list` with the JSON-RPC error `-32603 "Handler returned an invalid result"`:
every client, whatever it would have accepted, gets no tool at all — the well-formed ones
neither. Nothing fails when the server starts, and a server that lists its tools in a test with
its own Python objects never sees it.

## Clients affected

All of them: the failure is the server's. Observed with `mcp` 2.0.0, 2.1.1, 2.2.0 and 2.3.0
under every handshake protocol version (2024-11-05 to 2025-11-25): the oracle project
`tests/python/servers/m2-lowlevel-wire` (a tool without a root `type`: the listing fails under
each release) and `tests/python/wire-refusals.json` (each case handed to the SDK's own
serialisation). `mcp` 1.x sends these roots as written, and the schema rules say which clients
then refuse them.

## Example

```python
from mcp.server import Server
import mcp.types as types

TOOLS = [types.Tool(name="search", input_schema={"properties": {"q": {"type": "string"}}})]
```

## Fix safety

No fix. Declare `"type": "object"` at the root with the parameters under `properties`, and
write `required` as an array of the property names.
"""

from __future__ import annotations

from portlint.model import Severity
from portlint.rules.base import FixAvailability, Rule
from portlint.source.problems import SourceProblem


def describe(problem: SourceProblem) -> tuple[str, str]:
    return problem.message, (
        "Write the schema root as the SDK's wire model takes it: `\"type\": \"object\"`, "
        "`properties` an object of schemas, `required` an array of property names.")


RULE = Rule(
    id="server-list-fails",
    severity=Severity.ERROR,
    fix=FixAvailability.NONE,
    doc=__doc__ or "",
    kind="source",
    universal=True,
    describe=describe,
)
