"""An entry of a tool list that is not a tool.

## What it does

Reports an entry of a recognised tool list (an MCP `tools/list` result, a `tools`,
`functions` or `functionDeclarations` list, an array of tools) that no client can read as a
tool, at the entry itself:

- a number, a string, `null`, an array or a boolean where a tool object belongs (variants
  `number`, `string`, `null`, `array`, `boolean`);
- an object with neither a `name` nor a schema (variant `object`), in an evidently MCP tool
  list only: a JSON-RPC `tools/list` result, or a `tools` list where another tool declares
  `inputSchema`. Objects that say what they are (`type`, as OpenAI's and Anthropic's built-in
  tools do, or `function`) and every other kind of list stay quiet: Gemini's `tools` list holds
  `{"googleSearch": {}}` beside its declarations, OpenAI's holds `{"type": "web_search"}`.

A list is recognised as a tool list when at least one of its entries is a tool, so a document
whose lists hold no tool at all is not a tool document, and this rule says nothing about it.

A function-calling list — OpenAI's (`functions`, or `tools` whose tools are `type: "function"`
or hold `function`), Anthropic's (`input_schema`), Gemini's (`functionDeclarations`,
`parametersJsonSchema`) — is reported as a **warning** that claims no client's effect: every
observation below is of an MCP `tools/list`, and the APIs that read these lists are hosted
services that were not run. A list is taken as MCP's when it is a JSON-RPC `tools/list` result,
when one of its tools declares `inputSchema`, or when nothing says it is another API's.

## Why it matters

The clients' parsers check the whole `tools/list` result at once: one entry that is not a tool
object loses every tool of the server, the well-formed ones too. Nothing tells the user which
tool went missing — the server starts, and no tool of it is ever offered to the model.

## Clients affected

Observed (each client run on a tool list whose first entry is one of the six kinds, beside a
clean sibling; releases and verbatim errors in the evidence section below and in
`docs/clients.md`): the MCP TypeScript SDK 1.x, the TypeScript v2 client, the Python SDK (1.x
and 2.x, both protocol eras), Claude Code, the Codex CLI, Gemini CLI core, and every library
that lists tools through one of these SDKs (the Gen AI SDKs, the Anthropic SDK's `mcpTools`,
the Agents SDK, the LangChain and LlamaIndex adapters) lose the whole tool list. Not observed:
the OpenAI, Anthropic and Gemini APIs reading a function-calling list with such an entry.

## Example

```json
{"tools": [{"name": "search", "inputSchema": {"type": "object"}}, "search", null]}
```

## Fix safety

No automatic fix: whether the entry is a tool left half-written or a value that does not
belong in the list is the author's call.
"""

from __future__ import annotations

from collections.abc import Iterator

from portlint.model import Severity
from portlint.records import NamedTuple
from portlint.rules.base import FixAvailability, Report, Rule
from portlint.rules.helpers import json_kind, value_at
from portlint.shapes import Shape
from portlint.source.located import Path

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_VARIANTS = ("number", "string", "null", "array", "boolean", "object")
_FOREIGN_KEYS = frozenset(("type", "function", "functionDeclarations"))
_SUGGESTION = ("Remove the entry, or make it a tool: an object with a `name` and its schema "
               "(`inputSchema` in MCP).")


def _variant(value: Any) -> str:
    kind = json_kind(value)
    return kind.split()[-1]  # "a number" -> "number", "null" -> "null"


def _mcp_lists(shape: Shape) -> set[Path]:
    """The tool lists of the shape that are evidently MCP's: a `tools` list where a tool
    declares `inputSchema` (any list of a JSON-RPC `tools/list` result is one)."""
    return {root.tool.path[:-1] for root in shape.roots
            if root.tool is not None and root.path[-1:] == ("inputSchema",)}


def report_for(path: Path, value: Any, kind: ListKind | None = None) -> Report:
    variant = _variant(value)
    if variant == "object":
        message = ("This entry of the tool list is an object with neither a `name` nor a "
                   "schema: it is not a tool.")
    else:
        message = f"This entry of the tool list is {json_kind(value)}, not a tool object."
    if kind is None:
        return Report(path, message, _SUGGESTION, variant=variant)
    message += (f" The list is {kind.title}, read by {kind.reader}, not an MCP `tools/list`: "
                "what that API does with such an entry was not observed (a hosted service, not "
                "run here), so no client effect is claimed.")
    suggestion = ("Remove the entry, or make it a tool: an object with a `name` and its "
                  f"schema ({kind.schema}).")
    return Report(path, message, suggestion, variant=variant)


class ListKind(NamedTuple):
    """A function-calling tool list: what it is, who reads it, where its tools' schemas go."""

    title: str
    reader: str
    schema: str


OPENAI = ListKind("an OpenAI function-calling list", "the OpenAI API",
                  "`function.parameters`, or `parameters` beside `type: \"function\"`")
OPENAI_FUNCTIONS = ListKind("an OpenAI `functions` list", "the OpenAI API", "`parameters`")
ANTHROPIC = ListKind("an Anthropic Messages `tools` list", "the Anthropic API",
                     "`input_schema`")
GEMINI = ListKind("a Gemini `functionDeclarations` list", "the Gemini API",
                  "`parameters` or `parametersJsonSchema`")
_BY_MEMBER = {"input_schema": ANTHROPIC, "function": OPENAI, "parametersJsonSchema": GEMINI,
              "responseJsonSchema": GEMINI}


def list_kind(shape: Shape, value: Any, container: Path) -> ListKind | None:
    """The function-calling API a tool list is written for (None: an MCP tool list — a
    JSON-RPC `tools/list` result, a list where a tool declares `inputSchema`, or one nothing
    says is anything else). Told by the list's key (`functionDeclarations`, OpenAI's legacy
    `functions`), else by how its tools hold their schemas: `input_schema` (Anthropic),
    `function` or `type: "function"` (OpenAI), `parametersJsonSchema` (Gemini)."""
    if shape.kind == "jsonrpc":
        return None
    if container[-1:] == ("functionDeclarations",):
        return GEMINI
    if container[-1:] == ("functions",):
        return OPENAI_FUNCTIONS
    found: set[ListKind] = set()
    for tool in shape.tools:
        if tool.path[:-1] != container:
            continue
        obj = value_at(value, tool.path)
        if not isinstance(obj, dict):
            continue
        if "inputSchema" in obj or "outputSchema" in obj:
            return None
        if obj.get("type") == "function":
            found.add(OPENAI)
        found.update(kind for member, kind in _BY_MEMBER.items() if member in obj)
    return found.pop() if len(found) == 1 else None


def _strays(shape: Shape, value: Any) -> Iterator[tuple[Path, Any, ListKind | None]]:
    if not shape.strays:
        return
    mcp_lists: set[Path] | None = None
    kinds: dict[Path, ListKind | None] = {}
    for path in shape.strays:
        entry = value_at(value, path)
        container = path[:-1]
        if isinstance(entry, dict):
            if mcp_lists is None:
                mcp_lists = _mcp_lists(shape)
            if not (shape.kind == "jsonrpc" or (container[-1:] == ("tools",)
                                                and container in mcp_lists)):
                continue
            if not _FOREIGN_KEYS.isdisjoint(entry):
                continue
        if container not in kinds:
            kinds[container] = list_kind(shape, value, container)
        yield path, entry, kinds[container]


def stray_entries(shape: Shape, value: Any) -> Iterator[Report]:
    """The reports about the entries of the shape's MCP tool lists that are no tool, weighed
    by the client profiles (every observation is of an MCP `tools/list`)."""
    for path, entry, kind in _strays(shape, value):
        if kind is None:
            yield report_for(path, entry)


def function_calling_strays(shape: Shape, value: Any) -> Iterator[Report]:
    """The reports about the entries of function-calling lists (OpenAI, Anthropic, Gemini)
    that are no tool: no observed client reads such a list, so they claim no client's effect
    and are warnings — the list is malformed for the API it is written for, what that API
    does was not seen."""
    for path, entry, kind in _strays(shape, value):
        if kind is not None:
            yield report_for(path, entry, kind)


RULE = Rule(
    id="tool-list-entry",
    severity=Severity.ERROR,
    fix=FixAvailability.NONE,
    doc=__doc__ or "",
    variants=_VARIANTS,
    # about a tool list's entries, not about any schema: no schema root is given to it; the
    # linter asks :func:`stray_entries` once per document
    roles=frozenset(),
)
