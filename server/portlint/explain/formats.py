"""The error formats ``portlint explain`` reads, as data: one :class:`ErrorFormat` per way a client
or API reports a schema it refused. A new format is a new row.

A row says who writes the error (``client``), how to find it (``pattern``, a regular expression
whose named groups carry the pieces), how its path is written (``path_style``), what the path is
counted from (``root``) and which rule explains it (``rule``, or ``rule_from`` a keyword group).
The parsers for each ``path_style`` are in :mod:`portlint.explain.parse`.

Roots:

* ``list`` — the path starts at a ``tools/list`` result: ``["tools", 7, "outputSchema", ...]``;
  the index counts the tools of the server's page, in its order;
* ``request`` — the index counts the tools of a model API request, which holds the client's own
  tools and every server's: it cannot name a server's tool by itself;
* ``tool-input`` / ``tool-output`` — the path starts at one tool's input (output) schema, the tool
  named in the text;
* ``none`` — the text names no place.
"""

from __future__ import annotations

import re
from typing import Literal, NamedTuple

PathStyle = Literal["zod-json", "zod-pretty", "dotted", "openai-context", "proto", "dollar",
                    "pointer", "none"]
Root = Literal["list", "request", "tool-input", "tool-output", "none"]


class ErrorFormat(NamedTuple):
    id: str
    client: str
    pattern: re.Pattern[str]
    path_style: PathStyle
    root: Root
    rule: str | None  # the rule that explains it; None: decided by the lint at the place
    meaning: str  # what the client did, in one sentence
    rule_from: dict[str, str] | None = None  # a captured keyword → rule


def _re(text: str) -> re.Pattern[str]:
    return re.compile(text, re.S)


_GEMINI_UNKNOWN = {"additionalProperties": "open-map", "const": "const-keyword",
                   "$schema": "declared-dialect", "$ref": "local-ref", "$defs": "local-ref",
                   "definitions": "local-ref", "propertyNames": "open-map",
                   "patternProperties": "open-map", "oneOf": "oneof-exclusivity",
                   "type": "type-union"}

FORMATS: tuple[ErrorFormat, ...] = (
    # --- MCP SDKs --------------------------------------------------------------------------
    ErrorFormat(
        "ts-sdk-zod", "the MCP TypeScript SDK client (zod), as in Claude Code, Gemini CLI, "
        "Cursor, OpenCode",
        _re(r'(?P<issue>\{\s*"code"\s*:\s*"(?P<code>[a-z_]+)".*?"path"\s*:\s*'
            r'(?P<path>\[[^\]]*\]).*?"message"\s*:\s*"(?P<message>(?:[^"\\]|\\.)*)"[^}]*\})'),
        "zod-json", "list", None,
        "The SDK's parse of the tools/list result failed, so the client refuses the whole tool "
        "list of the server (not only this tool)."),
    ErrorFormat(
        "ts-sdk-zod-pretty", "the MCP TypeScript SDK client (zod 4, pretty-printed)",
        _re(r"✖ (?P<message>[^\n]+)\n\s*→ at (?P<path>tools(?:\[\d+\]|\.[A-Za-z_$][\w$]*)+)"),
        "zod-pretty", "list", None,
        "The SDK's parse of the tools/list result failed, so the client refuses the whole tool "
        "list of the server."),
    ErrorFormat(
        "ts-sdk-zod-paraphrase", "the MCP TypeScript SDK client (zod), as quoted in reports",
        _re(r'ZodError:\s*path\s*(?P<path>\[[^\]]*\])\s*[—-]+\s*(?P<message>[^\n]+)'),
        "zod-json", "list", None,
        "The SDK's parse of the tools/list result failed, so the client refuses the whole tool "
        "list of the server."),
    ErrorFormat(
        "python-sdk-pydantic", "the MCP Python SDK client (pydantic)",
        _re(r"(?m)^(?P<path>tools\.\d+(?:\.[^\s\[]+)*)\s*\n\s+(?P<message>[^\n\[]+?)\s*"
            r"\[type=(?P<code>[a-z_]+)"),
        "dotted", "list", None,
        "The SDK validates ListToolsResult as a whole: one refused tool makes the client "
        "discard the server's entire tool list."),
    ErrorFormat(
        "python-sdk-pydantic-inline", "the MCP Python SDK client (pydantic), on one line",
        _re(r"validation errors? for ListToolsResult\s+(?P<path>tools\.\d+(?:\.[\w$-]+)*)"
            r"(?:…|\.\.\.)?(?!\s*\n\s+\S[^\n]*\[type=)"),
        "dotted", "list", None,
        "The SDK validates ListToolsResult as a whole: one refused tool makes the client "
        "discard the server's entire tool list."),
    ErrorFormat(
        "sdk-dialect", "the MCP TypeScript SDK v2 client / Claude Desktop (output validation)",
        _re(r"Tool '(?P<tool>[^']+)' has an invalid outputSchema: JSON Schema declares an "
            r"unsupported dialect"),
        "none", "tool-output", "declared-dialect",
        "The client refuses to validate the tool's result against a schema that declares "
        "another dialect than 2020-12, so every call of the tool fails."),
    ErrorFormat(
        "sdk-unresolved-ref", "the MCP TypeScript SDK client (Ajv), as in Cursor, Gemini CLI, "
        "Kiro",
        _re(r"can't resolve reference (?P<ref>#[^\s]*) from id"),
        "none", "none", "local-ref",
        "Ajv could not resolve a local reference in an output schema (the SDK had removed its "
        "`$defs`), so the client lists no tool of the server."),
    ErrorFormat(
        "sdk-no-structured-content", "an MCP client at call time",
        _re(r"Tool (?P<tool>\S+) has an output schema but did not return structured content"),
        "none", "tool-output", None,
        "Not a schema problem: the tool declares an outputSchema and one call returned no "
        "`structuredContent`. Return it from the tool (or drop the output schema)."),
    ErrorFormat(
        "sdk-x-mcp-header", "the MCP SDK clients (protocol 2026-07-28)",
        _re(r"(?:dropping tool|excluding tool) '(?P<tool>[^']+)'[^\n]*?invalid x-mcp-header"),
        "none", "tool-input", None,
        "The client dropped the tool for an invalid `x-mcp-header` annotation; no portlint rule "
        "checks those annotations yet."),
    # --- Anthropic -------------------------------------------------------------------------
    ErrorFormat(
        "anthropic-root-combinator", "the Anthropic Messages API",
        _re(r"tools\.(?P<index>\d+)\.custom\.input_schema: input_schema does not support "
            r"oneOf, allOf, or anyOf at the top level"),
        "none", "request", "root-combinator",
        "The API refuses the whole request (every tool with it) while this tool is listed."),
    ErrorFormat(
        "anthropic-invalid-schema", "the Anthropic Messages API (also on Bedrock and Vertex)",
        _re(r"tools\.(?P<index>\d+)\.custom\.input_schema(?P<path>(?:\.[\w$-]+)*): JSON schema "
            r"is invalid"),
        "none", "request", "invalid-schema",
        "The API refuses the whole request: the input schema is not valid JSON Schema "
        "2020-12."),
    ErrorFormat(
        "anthropic-strict-limits", "the Anthropic Messages API (strict tool use)",
        _re(r"Schemas contains too many (?P<what>optional parameters|union)[^\n]*"),
        "none", "none", "strict-limits",
        "The limit counts across every strict tool of the request, not one schema."),
    # --- OpenAI (also what Codex shows) ----------------------------------------------------
    ErrorFormat(
        "openai-invalid-schema", "the OpenAI API (function calling; also through Codex)",
        _re(r"Invalid schema for (?:function|response_format) '(?P<tool>[^']+)':\s*"
            r"(?:In context=(?P<path>\([^)]*\)),\s*)?(?P<message>[^\n]*)"),
        "openai-context", "tool-input", None,
        "The API refuses the whole request while this tool is sent."),
    ErrorFormat(
        "openai-lookaround", "the OpenAI API (Responses, Codex backend)",
        _re(r"regex lookaround is not supported\.\s*Found at (?P<path>\$[\w.\[\]$-]*)"),
        "dollar", "request", None,
        "The API refuses the whole request: a `pattern` uses a lookaround; no portlint rule "
        "checks patterns yet."),
    ErrorFormat(
        "codex-serde-map", "Codex CLI (older builds)",
        _re(r"invalid type: map, expected a boolean"),
        "none", "none", "open-map",
        "Older Codex builds dropped a tool whose `additionalProperties` is a schema."),
    # --- Google ----------------------------------------------------------------------------
    ErrorFormat(
        "gemini-unknown-name", "the Gemini API (`parameters`), also through Gemini CLI",
        _re(r"Unknown name \"(?P<keyword>[^\"]+)\" at '(?P<path>[^']+)'"),
        "proto", "request", None,
        "The API refuses the whole request: the keyword is outside the subset of OpenAPI 3.0 "
        "that `parameters` accepts.", _GEMINI_UNKNOWN),
    ErrorFormat(
        "gemini-invalid-value", "the Gemini API (`parameters`)",
        _re(r"Invalid value at '(?P<path>[^']+)' \((?P<code>TYPE_[A-Z]+)\)"),
        "proto", "request", "enum-non-string",
        "The API refuses the whole request: an enum value is not a string."),
    ErrorFormat(
        "gemini-required-object", "the Gemini API (`parameters`)",
        _re(r"(?P<path>(?:\S*\.)?any_of\[\d+\])\.required: only allowed for OBJECT type"),
        "proto", "request", "combinator-branch-required",
        "The API refuses the whole request: a branch lists `required` without being an "
        "object."),
    ErrorFormat(
        "gemini-type-and-anyof", "the Gemini API (`parameters`)",
        _re(r"type and anyOf cannot be both populated"),
        "none", "request", "type-with-anyof",
        "The API refuses the whole request: a schema has both `type` and `anyOf`."),
    ErrorFormat(
        "gemini-cli-missing-types", "Gemini CLI (builds of 2025-08 to 2025-09)",
        _re(r"Skipping tool '(?P<tool>[^']+)' from MCP server '(?P<server>[^']+)' because it "
            r"has missing types in its parameter schema"),
        "none", "tool-input", "untyped-schema",
        "Gemini CLI left this tool out: some node of its input schema has no `type`."),
    # --- GitHub Copilot / VS Code ------------------------------------------------------------
    ErrorFormat(
        "copilot-array-items", "VS Code Copilot Chat",
        _re(r"Failed to validate tool (?P<tool>\S+): Error: tool parameters array type must "
            r"have items"),
        "none", "tool-input", "array-missing-items",
        "Copilot refuses every chat request while this tool is enabled."),
    ErrorFormat(
        "vscode-dynamic-ref", "VS Code (MCP tool validation)",
        _re(r"uses meta-schema features \(\$dynamicRef\) that are not yet supported"),
        "none", "none", "declared-dialect",
        "VS Code omits the tool: its input schema declares the 2020-12 `$schema`."),
    # --- Amazon Bedrock ----------------------------------------------------------------------
    ErrorFormat(
        "bedrock-root-type", "Amazon Bedrock Converse",
        _re(r"toolConfig\.tools\.(?P<index>\d+)\.toolSpec\.inputSchema\.json\.type must be one "
            r"of the following: object"),
        "none", "request", "input-root-not-object",
        "Bedrock refuses the request: the input schema's root is not `type: object`."),
)

# what a message inside a zod or pydantic issue says, and the rule that explains it
MESSAGE_RULES: tuple[tuple[re.Pattern[str], str, tuple[str, ...]], ...] = (
    (re.compile(r'expected "object"|Input should be .object.', re.I), "type",
     ("input-root-not-object", "output-root-not-object")),
    (re.compile(r"^Invalid input$|valid dictionary|dict_type", re.I), "properties",
     ("boolean-schema",)),
    (re.compile(r"array schema missing items", re.I), "", ("array-missing-items",)),
    (re.compile(r"object schema missing properties", re.I), "", ("object-missing-properties",)),
    (re.compile(r"levels of nesting exceeds", re.I), "", ("strict-depth",)),
    (re.compile(r"is not permitted|not a valid format|must have type 'object' and not have",
                re.I), "", ("strict-keyword", "root-combinator", "input-root-not-object")),
)
