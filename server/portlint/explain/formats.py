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

PathStyle = Literal["zod-json", "zod-issues", "zod-pretty", "dotted", "openai-context", "proto",
                    "dollar", "pointer", "subscript", "vscode-items", "none"]
Root = Literal["list", "request", "tool-input", "tool-output", "tool", "none"]
# what the client loses, as the conformance observations call it ("request": a model API
# refuses the whole request; "none": not a refusal of the schema)
Scope = Literal["tool-list", "tool", "call", "conversion", "request", "none"]
# how a path-less error is placed: by the value it quotes (``ref``: a ``$ref`` equal to group
# ``ref``, or ``#`` + group ``pointer``; ``pattern``: a ``pattern`` equal to group ``pattern``;
# ``type``: a ``type`` equal to group ``type``; ``keyword-types``: group ``keyword`` whose value
# is none of the JSON types in group ``types``; ``ref-not-pointer``: a ``$ref`` that is not a
# ``#/…`` pointer; ``pattern-any`` / ``required-any``: that keyword, when the named tool's schema
# holds exactly one)
Locate = Literal["ref", "pattern", "type", "keyword-types", "ref-not-pointer", "pattern-any",
                 "required-any"]


class ErrorFormat(NamedTuple):
    id: str
    client: str
    pattern: re.Pattern[str]
    path_style: PathStyle
    root: Root
    rule: str | None  # the rule that explains it; None: decided by the lint at the place
    meaning: str  # what that client version does, with the true scope, in one or two sentences
    rule_from: dict[str, str] | None = None  # a captured keyword → rule
    scope: Scope = "request"
    also: tuple[str, ...] = ()  # further rules that explain it
    locate: Locate | None = None
    role_from: str | None = None  # a group naming the role (``inputSchema`` / ``outputSchema``)
    at: tuple[str, ...] = ()  # the place, from the tool (``root="tool"``), when the text has none


def _re(text: str) -> re.Pattern[str]:
    return re.compile(text, re.S)


# The patterns read text a user pastes, of any length, so none may cost more than linear time:
# a repeated run (`\S*`, `[^\n]*`, `[A-Za-z$]+`) either starts where its run starts (a
# lookbehind), or stops at the next occurrence of what it follows (`(?:(?!PREFIX)[^\n])*`, a
# class without the prefix's bracket), and whitespace is never split two ways (`\s*\n\s+`).
# tests/live/test_explain_hostile.py holds them to that.

_NEXT_LINE = r"[^\S\n]*\n[^\S\n]++"  # the end of a line, and the next one's indentation


_GEMINI_UNKNOWN = {"additionalProperties": "open-map", "const": "const-keyword",
                   "$schema": "declared-dialect", "$ref": "local-ref", "$defs": "local-ref",
                   "definitions": "local-ref", "propertyNames": "open-map",
                   "patternProperties": "open-map", "oneOf": "oneof-exclusivity",
                   "type": "type-union"}

# What Ajv says when it cannot compile a schema (the MCP TypeScript SDKs compile outputSchema),
# and how each is placed: one row for the 1.x client (at listTools) and one for the 2.x client
# (at call time, naming the tool).
_AJV: tuple[tuple[str, str, Locate, str | None, tuple[str, ...]], ...] = (
    ("ref", r"can't resolve reference (?P<ref>[^\s]+) from id", "ref", None, ()),
    ("regex", r"Invalid regular expression: /(?P<pattern>(?:(?!Invalid regular expression: )"
     r"[^\n])*)/[a-z]*: [^\n]*", "pattern",
     "invalid-schema", ()),
    ("regex-unquoted", r"Invalid regular expression: (?!/)[^\n]*", "pattern-any",
     "invalid-schema", ()),
    ("type-name", r"type must be JSONType or JSONType\[\]: (?P<type>[^\s,]+)", "type",
     "invalid-schema", ()),
    ("keyword-type", r"(?<![A-Za-z$])(?P<keyword>[A-Za-z$]+) value must be "
     r"(?P<types>\[[^\[\]\n]*\])",
     "keyword-types", "invalid-schema", ()),
)


def _ajv_rows() -> tuple[ErrorFormat, ...]:
    v2 = tuple(ErrorFormat(
        f"sdk-v2-output-schema-{name}", "the MCP TypeScript client 2.x (Ajv), also in Claude "
        "Code with protocol 2026-07-28",
        _re(r"Tool '(?P<tool>[^']+)' has an invalid outputSchema: " + text),
        "none", "tool-output", rule,
        "The 2.x client compiles a tool's outputSchema when the tool is called, and this one "
        "does not compile: the tool is listed, but every call of it fails.",
        scope="call", also=also, locate=locate) for name, text, locate, rule, also in _AJV)
    v1 = tuple(ErrorFormat(
        f"sdk-v1-output-schema-{name}", "the MCP TypeScript SDK 1.x client (Ajv), also inside "
        "Gemini CLI, the Google Gen AI SDK's mcpToTool and the Anthropic SDK's mcpTools",
        _re(text),
        "none", "tool-output", rule,
        "listTools compiles every tool's outputSchema, and this one does not compile: the call "
        "fails, so the client gets none of the server's tools.",
        scope="tool-list", also=also, locate=locate) for name, text, locate, rule, also in _AJV)
    return v2 + v1


_LIST_LOST_TS1 = ("The SDK's parse of the tools/list result fails, so the client gets none of the "
                  "server's tools (not only this one).")

FORMATS: tuple[ErrorFormat, ...] = (
    # --- MCP TypeScript SDK (zod): the tools/list result refused as a whole ----------------
    ErrorFormat(
        "claude-code-tools-list", "Claude Code (its MCP client's zod parse of tools/list)",
        _re(r"Failed to fetch tools: Invalid result for tools/list: (?=\[)"),
        "zod-issues", "list", None,
        "Claude Code registers none of this server's tools (other servers keep theirs).",
        scope="tool-list"),
    ErrorFormat(
        "claude-code-tools-list-line", "Claude Code (its MCP client's zod parse of tools/list)",
        _re(r"Failed to fetch tools: Invalid result for tools/list: (?P<path>tools\.\d+"
            r"(?:\.[\w$-]+)*): (?P<message>[^\n]*)"),
        "dotted", "list", None,
        "Claude Code registers none of this server's tools (other servers keep theirs).",
        scope="tool-list"),
    ErrorFormat(
        "sdk-v2-tools-list", "the MCP TypeScript client 2.x (zod)",
        _re(r"Invalid result for tools/list: (?=\[)"),
        "zod-issues", "list", None,
        "The 2.x client's parse of the tools/list result fails, so it gets none of the "
        "server's tools (not only this one).", scope="tool-list"),
    ErrorFormat(
        "ts-sdk-zod", "the MCP TypeScript SDK 1.x client (zod), also inside Gemini CLI, the "
        "Google Gen AI SDK's mcpToTool and the Anthropic SDK's mcpTools",
        _re(r"(?=\[\s*\{\s*\"(?:code|expected|received|values|origin|path|message)\")"),
        "zod-issues", "list", None, _LIST_LOST_TS1, scope="tool-list"),
    ErrorFormat(
        "ts-sdk-zod-pretty", "the MCP TypeScript SDK client (zod 4, pretty-printed)",
        _re(r"✖ (?P<message>[^\n✖]+)\n\s*→ at (?P<path>tools(?:\[\d+\]|\.[A-Za-z_$][\w$]*)+)"),
        "zod-pretty", "list", None, _LIST_LOST_TS1, scope="tool-list"),
    ErrorFormat(
        "ts-sdk-zod-paraphrase", "the MCP TypeScript SDK client (zod), as quoted in reports",
        _re(r'ZodError:\s*path\s*(?P<path>\[[^\[\]]*\])\s*[—-]+\s*(?P<message>[^\n]+)'),
        "zod-json", "list", None, _LIST_LOST_TS1, scope="tool-list"),
    # --- MCP Python SDK (pydantic, jsonschema) ---------------------------------------------
    ErrorFormat(
        "python-sdk-pydantic", "the MCP Python SDK client (pydantic), also inside "
        "openai-agents, langchain-mcp-adapters, LlamaIndex and the Google Gen AI SDK",
        _re(r"(?m)^(?P<path>tools\.\d+(?:\.[^\s\[]+)?)" + _NEXT_LINE
            + r"(?P<message>[^\n\[]*[^\s\[])\s*\[type=(?P<code>[a-z_]+)"),
        "dotted", "list", None,
        "The SDK validates ListToolsResult as a whole: one refused tool makes the client "
        "discard the server's entire tool list.", scope="tool-list"),
    ErrorFormat(
        "python-sdk-pydantic-inline", "the MCP Python SDK client (pydantic), on one line",
        _re(r"validation errors? for ListToolsResult\s+(?P<path>tools\.\d+(?:\.[\w$-]+)*)"
            r"(?:…|\.\.\.)?(?!" + _NEXT_LINE + r"[^\n]*\[type=)"),
        "dotted", "list", None,
        "The SDK validates ListToolsResult as a whole: one refused tool makes the client "
        "discard the server's entire tool list.", scope="tool-list"),
    ErrorFormat(
        "python-sdk-output-schema-ref", "the MCP Python SDK client (jsonschema, at call time), "
        "also inside openai-agents, langchain-mcp-adapters, LlamaIndex and the Google Gen AI SDK",
        _re(r"(?:Invalid schema for tool (?P<tool>\S+): )?(?:PointerToNowhere: "
            r"'(?P<pointer>[^'\n]*)' does not exist|Unresolvable: (?P<ref>[^\s]+))"),
        "none", "tool-output", None,
        "The SDK checks each call's result against the tool's outputSchema, and a reference in "
        "it does not resolve: the tool is listed, but every call of it fails.",
        scope="call", locate="ref"),
    ErrorFormat(
        "python-sdk-output-schema", "the MCP Python SDK client (jsonschema, at call time), also "
        "inside openai-agents, langchain-mcp-adapters, LlamaIndex and the Google Gen AI SDK",
        _re(r"Invalid schema for tool (?P<tool>\S+): (?P<message>[^\n]*)(?:(?:(?!Invalid "
            r"schema for tool).)*?\nOn schema(?P<path>(?:\[(?:'(?:[^'\\]|\\.)*'|\d+)\])*):)?"),
        "subscript", "tool-output", "invalid-schema",
        "The SDK checks each call's result against the tool's outputSchema, and that schema is "
        "not valid JSON Schema: the tool is listed, but every call of it fails.",
        scope="call"),
    ErrorFormat(
        "python-sdk-structured-content", "the MCP Python SDK client (jsonschema, at call time)",
        _re(r"Invalid structured content returned by tool (?P<tool>\S+): (?P<message>[^\n]*)"
            r"(?:\s*Failed validating '[^']*' in schema(?P<path>(?:\[(?:'(?:[^'\\]|\\.)*'|"
            r"\d+)\])*))?"),
        "subscript", "tool-output", None,
        "Not a schema refusal: this call's result does not match the tool's own outputSchema "
        "at this place, so the client fails the call. Fix the result (or the schema).",
        scope="call"),
    ErrorFormat(
        "python-sdk-call-result", "the MCP Python SDK client (pydantic, at call time)",
        _re(r"validation errors? for CallToolResult\s+(?P<field>structuredContent)"),
        "none", "none", None,
        "Not a schema refusal: one call's result is not a valid CallToolResult "
        "(`structuredContent` must be an object); the client fails that call. The text "
        "names no tool.", scope="call"),
    # --- calls -------------------------------------------------------------------------------
    ErrorFormat(
        "sdk-dialect", "the MCP TypeScript client 2.x / Claude Code (output validation)",
        _re(r"Tool '(?P<tool>[^']+)' has an invalid outputSchema: JSON Schema declares an "
            r"unsupported dialect"),
        "none", "tool-output", "declared-dialect",
        "The client refuses to validate the tool's result against a schema that declares "
        "another dialect than 2020-12, so every call of the tool fails.", scope="call"),
    *_ajv_rows(),
    ErrorFormat(
        "sdk-no-structured-content", "an MCP client at call time",
        _re(r"Tool (?P<tool>\S+) has an output schema but did not return structured content"),
        "none", "tool-output", None,
        "Not a schema problem: the tool declares an outputSchema and one call returned no "
        "`structuredContent`, so the client fails that call. Return it from the tool (or drop "
        "the output schema).", scope="call"),
    ErrorFormat(
        "sdk-structured-content-mismatch", "the MCP TypeScript SDK clients (Ajv, at call time)",
        _re(r"Structured content does not match the tool's output schema: (?P<message>[^\n]*)"),
        "none", "none", None,
        "Not a schema refusal: one call's result does not match the tool's outputSchema (the "
        "path is in the result, not the schema), so the client fails that call. The text "
        "names no tool.", scope="call"),
    ErrorFormat(
        "claude-code-call-result", "Claude Code (its MCP client's zod parse of tools/call)",
        _re(r"returned a malformed result that failed schema validation: Invalid result for "
            r"tools/call"),
        "none", "none", None,
        "Not a schema refusal: one call's result is not a valid tools/call result (e.g. "
        "`structuredContent` that is not an object); Claude Code hands the model an error for "
        "that call. The text names no tool.", scope="call"),
    ErrorFormat(
        "openai-agents-missing-required", "the OpenAI Agents SDK (before it calls an MCP tool)",
        _re(r"Failed to call tool '(?P<tool>[^']+)' on MCP server '[^']*': missing required "
            r"parameters: (?P<names>[^\n]*)"),
        "none", "tool-input", None,
        "The SDK checks the model's arguments against the tool's `required` before calling the "
        "server and refuses this call: the arguments lack a name it lists (a name absent from "
        "`properties`, or listed twice, is never supplied).", scope="call",
        locate="required-any"),
    ErrorFormat(
        "sdk-x-mcp-header", "the MCP SDK clients (protocol 2026-07-28)",
        _re(r"(?:dropping|excluding) tool '(?P<tool>[^']+)'(?:(?!dropping tool|excluding "
            r"tool)[^\n])*?invalid x-mcp-header"),
        "none", "tool-input", None,
        "The client drops this tool for an invalid `x-mcp-header` annotation (the other tools "
        "stay); no portlint rule checks those annotations yet.", scope="tool"),
    # --- Claude Code, Anthropic ------------------------------------------------------------
    ErrorFormat(
        "claude-code-skipping-tool", "Claude Code (its check against the Anthropic API's rules)",
        _re(r"Skipping tool \"(?P<tool>[^\"]+)\": its input schema would be rejected by the "
            r"Anthropic API \((?P<path>schema(?:/[^\s/()]+)*) (?P<message>(?:(?!Skipping tool )"
            r"[^\n])*?)\)\. Other "
            r"tools"),
        "pointer", "tool-input", "invalid-schema",
        "Claude Code leaves this tool out; the server's other tools stay available.",
        scope="tool"),
    ErrorFormat(
        "anthropic-strict-helper-untyped", "the Anthropic TypeScript SDK's strict-schema helper "
        "(transformJSONSchema)",
        _re(r"(?P<role>inputSchema|outputSchema): Error: JSON schema must have a type defined "
            r"if anyOf/oneOf/allOf/enum/const are not used"),
        "none", "tool-input", "boolean-schema",
        "The helper raises on a subschema with no `type` (a bare `true`/`false` included, or a "
        "root without `type: object`), so this tool cannot be made strict and is lost; the "
        "text names no tool.", scope="conversion",
        also=("untyped-schema", "untyped-property", "input-root-not-object",
              "output-root-not-object"), role_from="role"),
    ErrorFormat(
        "anthropic-strict-helper-null", "the Anthropic TypeScript SDK's strict-schema helper "
        "(transformJSONSchema)",
        _re(r"(?P<role>inputSchema|outputSchema): TypeError: Cannot read properties of null"),
        "none", "tool-input", "input-root-not-object",
        "The helper crashes on a schema that is `null`, so this tool cannot be made strict and "
        "is lost; the text names no tool.", scope="conversion",
        also=("output-root-not-object",), role_from="role"),
    ErrorFormat(
        "anthropic-root-combinator", "the Anthropic Messages API",
        _re(r"tools\.(?P<index>\d+)\.custom\.input_schema: input_schema does not support "
            r"oneOf, allOf, or anyOf at the top level"),
        "none", "request", "root-combinator",
        "The API refuses the whole request (every tool with it) while this tool is listed."),
    ErrorFormat(
        "anthropic-invalid-schema", "the Anthropic Messages API (also on Bedrock and Vertex)",
        _re(r"(?<![\w$.-])tools\.(?P<index>\d+)\.custom\.input_schema(?P<path>(?:\.[\w$-]+)*): "
            r"JSON schema is invalid"),
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
            r"(?:In context=(?P<path>\([^()]*\)),\s*)?(?P<message>[^\n]*)"),
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
        "Older Codex builds dropped a tool whose `additionalProperties` is a schema.",
        scope="tool"),
    ErrorFormat(
        "codex-unexpected-response", "Codex CLI 0.111–0.171 (its MCP client, rmcp)",
        _re(r"(?:tools/list failed|error)=?:? ?Unexpected response type"),
        "none", "none", None,
        "Codex could not read the server's tools/list result at all (observed: an inputSchema "
        "or outputSchema that is not an object, a tool without a string name or description), "
        "so it starts the server with none of its tools. The text names no tool: run "
        "`portlint check` on the server's tool list to find it.", scope="tool-list"),
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
        _re(r"(?<!\S)(?P<path>(?:\S*\.)?any_of\[\d+\])\.required: only allowed for OBJECT type"),
        "proto", "request", "combinator-branch-required",
        "The API refuses the whole request: a branch lists `required` without being an "
        "object."),
    ErrorFormat(
        "gemini-type-and-anyof", "the Google Gen AI SDK for JavaScript (and the Gemini API)",
        _re(r"type and anyOf cannot be both populated"),
        "none", "none", "type-with-anyof",
        "A schema has both `type` and `anyOf`: the SDK refuses to convert the tool, so the "
        "generateContent call that carries it fails (the API refuses such a request too).",
        scope="conversion"),
    ErrorFormat(
        "gemini-cli-duplicate-name", "Gemini CLI (gemini-cli-core's tool discovery)",
        _re(r"Error discovering tools from \S+: Duplicate function name (?P<tool>\S+) found"),
        "none", "tool", None,
        "Two tools of the server share this name: gemini-cli-core's discovery fails, so none "
        "of the server's tools is registered.", scope="tool-list", at=("name",)),
    ErrorFormat(
        "google-genai-duplicate-name", "the Google Gen AI SDK (mcpToTool, JavaScript and Python)",
        _re(r"Duplicate function name (?P<tool>\S+) found in MCP tools|Tool (?P<tool2>\S+) is "
            r"already defined for the request"),
        "none", "tool", None,
        "Two tools share this name: the SDK refuses to build the request, so the "
        "generateContent call that carries them fails.", scope="conversion", at=("name",)),
    ErrorFormat(
        "google-genai-js-type-list", "the Google Gen AI SDK for JavaScript 1.5.0 (mcpToTool)",
        _re(r"TypeError: fieldValue\.toUpperCase is not a function"),
        "none", "none", "type-union",
        "The SDK crashes converting a `type` written as a list (`[\"string\", \"null\"]`), so "
        "every generateContent call that carries this tool fails (fixed in later releases); "
        "the text names no tool.", scope="conversion"),
    ErrorFormat(
        "python-converter-boolean-schema", "a Python converter: the Google Gen AI SDK for "
        "Python, langchain-google-genai, LlamaIndex (McpToolSpec)",
        _re(r"(?:AttributeError: 'bool' object has no attribute '\w+'|TypeError: argument of "
            r"type 'bool' is not iterable)"),
        "none", "none", "boolean-schema",
        "The converter crashes on a bare `true`/`false` where it expects a schema object; "
        "what is lost depends on the library (the Google Gen AI SDK and LlamaIndex lose the "
        "server's whole tool list, langchain-google-genai the bind_tools call); the text "
        "names no tool.", scope="conversion"),
    ErrorFormat(
        "python-converter-not-a-schema", "a Python converter: the Google Gen AI SDK for Python, "
        "LlamaIndex (McpToolSpec)",
        _re(r"AttributeError: '(?:list|NoneType)' object has no attribute '\w+'"),
        "none", "none", "invalid-schema",
        "The converter crashes on a keyword whose value is not what JSON Schema allows (a list "
        "or `null` where it expects an object); the text names no tool.",
        scope="conversion"),
    ErrorFormat(
        "langchain-google-genai-type-list", "langchain-google-genai (convert_to_genai_function_"
        "declarations)",
        _re(r"ValueError: Invalid type: (?P<type>\[[^\[\]\n]*\])"),
        "none", "none", "type-union",
        "The converter refuses a `type` written as a list, so bind_tools fails for the whole "
        "set of tools it is given; the text names no tool.", scope="conversion",
        also=("input-root-not-object",), locate="type"),
    ErrorFormat(
        "langchain-google-genai-ref", "langchain-google-genai (convert_to_genai_function_"
        "declarations)",
        _re(r"ValueError: ref paths are expected to be URI fragments"),
        "none", "none", None,
        "The converter resolves only `#/…` references; a remote, relative or `$anchor` "
        "reference makes bind_tools fail for the whole set of tools; the text names no tool.",
        scope="conversion", locate="ref-not-pointer"),
    ErrorFormat(
        "langchain-google-genai-ref-missing", "langchain-google-genai (convert_to_genai_function_"
        "declarations)",
        _re(r"KeyError: \"Reference '(?P<ref>[^'\n]+)' not found\.\""),
        "none", "none", "local-ref",
        "The reference does not resolve, so bind_tools fails for the whole set of tools; the "
        "text names no tool.", scope="conversion", locate="ref"),
    ErrorFormat(
        "langchain-google-genai-enum", "langchain-google-genai (its Gemini Schema model)",
        _re(r"validation errors? for Schema\s+enum\.\d+\s+Input should be a valid string"),
        "none", "none", "enum-non-string",
        "The Gemini schema accepts only string enum values, so bind_tools fails for the whole "
        "set of tools; the text names no tool.", scope="conversion"),
    ErrorFormat(
        "google-genai-py-json-schema", "the Google Gen AI SDK for Python (its JSONSchema model)",
        _re(r"validation errors? for JSONSchema\s+(?P<path>[\w$.-]+?)(?:\.(?:enum|list)\["
            r"(?:(?!validation errors? for JSONSchema)[^\n])*)?" + _NEXT_LINE
            + r"(?P<message>[^\n\[]*[^\s\[])\s*\[type="),
        "dotted", "tool-input", "invalid-schema",
        "The SDK refuses to read the tool's input schema, so the generate_content call that "
        "carries it fails; the text names no tool (only the path in its schema).",
        scope="conversion"),
    ErrorFormat(
        "gemini-cli-missing-types", "Gemini CLI (builds of 2025-08 to 2025-09)",
        _re(r"Skipping tool '(?P<tool>[^']+)' from MCP server '(?P<server>[^']+)' because it "
            r"has missing types in its parameter schema"),
        "none", "tool-input", "untyped-schema",
        "Gemini CLI leaves this tool out (the server's other tools stay): some node of its "
        "input schema has no `type`.", scope="tool"),
    # --- GitHub Copilot / VS Code ------------------------------------------------------------
    ErrorFormat(
        "vscode-invalid-parameters", "VS Code (its MCP tool validation; observed through "
        "vscode-json-languageservice)",
        _re(r"Tool `(?P<tool>[^`]+)` has invalid JSON parameters:(?P<items>(?:\s*- [^\n]*)+)"),
        "vscode-items", "tool-input", "invalid-schema",
        "VS Code leaves this tool out; the server's other tools stay.", scope="tool"),
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
        "VS Code omits the tool: its input schema declares the 2020-12 `$schema`.",
        scope="tool"),
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
    (re.compile(r'expected "?object"?(?!\w)|Input should be .object.|valid dictionary|'
                r'^Field required$|received undefined|^Required$', re.I), "type",
     ("input-root-not-object", "output-root-not-object")),
    (re.compile(r"^Invalid input$|valid dictionary|dict_type", re.I), "properties",
     ("boolean-schema",)),
    (re.compile(r"array schema missing items", re.I), "", ("array-missing-items",)),
    (re.compile(r"meta-schema features|unsupported dialect", re.I), "", ("declared-dialect",)),
    (re.compile(r"object schema missing properties", re.I), "", ("object-missing-properties",)),
    (re.compile(r"levels of nesting exceeds", re.I), "", ("strict-depth",)),
    (re.compile(r"is not permitted|not a valid format|must have type 'object' and not have",
                re.I), "", ("strict-keyword", "root-combinator", "input-root-not-object")),
)
