"""What the observations show that portlint deliberately does not report, and why.

Each item names clients and conformance cases whose observations are a refusal or a rewrite
that no profile entry claims. A test keeps the list exact: every such observation of a client of
the default targets is either claimed by an entry or listed here, and nothing listed here is
claimed or accepted. ``docs/clients.md`` shows the list beside the matrix.
"""

from __future__ import annotations

from typing import NamedTuple

from portlint.profiles import constructs as c


class Unreported(NamedTuple):
    clients: tuple[str, ...]
    cases: tuple[str, ...]
    reason: str


X_MCP_HEADER_FORBIDDEN = ("x-mcp-header-invalid", "x-mcp-header-number", "x-mcp-header-not-token",
                          "x-mcp-header-in-items", "x-mcp-header-duplicate")
_SDKS = ("ts-sdk", "ts-client", "python-sdk")
_ALL = (*_SDKS, "claude-code", "codex")
# the libraries of the default targets that list tools through an MCP SDK
_LIBRARIES = ("anthropic-sdk", "openai-agents")

UNREPORTED: tuple[Unreported, ...] = (
    Unreported(("ts-sdk", "ts-client", "python-sdk", "claude-code", *_LIBRARIES),
               ("call-no-structured-content", "call-structured-content-invalid"),
               "What the server returns when the tool is called (no `structuredContent` beside "
               "an output schema, or content that fails it), not what the schema says: a "
               "linter of tool schemas cannot see it."),
    Unreported(("ts-sdk", "ts-client", "python-sdk"), ("tool-unknown-field",),
               "The parsers drop tool members they do not know; no schema is changed."),
    Unreported(("openai-agents",), ("required-all-declared", "required-duplicate-names",
                                    "required-undeclared-root"),
               "The OpenAI Agents SDK 0.24.0 refuses a call that leaves out a `required` "
               "argument before it reaches the server; the harness calls with none. A model "
               "that fills the schema in sends them, so this is no property of the schema (a "
               "name `required` but not declared is required-undeclared's case, and every "
               "other client hands it on)."),
    Unreported(("ts-sdk", "ts-client"), ("tool-extra-fields", "tool-execution-non-object",
                                        "tool-execution-task-support-invalid"),
               "Some releases drop tool members newer than they are (`execution`, `icons`, "
               "`_meta`; the v2 client an `execution` in the 2026-07-28 era), whatever their "
               "value: no schema is changed, and tool-field-type reports the wrong value for "
               "the releases that refuse it."),
    Unreported(("ts-client",), X_MCP_HEADER_FORBIDDEN,
               "The v2 client drops a tool with a forbidden `x-mcp-header` in memory but hands "
               "it on over stdio (the observation is transport-dependent): no claim would be "
               "true of every transport; x-mcp-header reports it for the Python SDK."),
    Unreported(("ts-sdk",), ("bool-additional-properties-false",
                             "object-root-no-properties-additional-false",
                             "object-unevaluated-false"),
               "MCP TypeScript SDK 1.22.0 alone stripped `additionalProperties: false` and "
               "`unevaluatedProperties: false` (a widening, restored in 1.23.0); no rule "
               "reports a closed object, the idiomatic spelling."),
    Unreported(("ts-sdk",), ("object-root-additional-schema",),
               "MCP TypeScript SDK 1.22.0 alone stripped an `additionalProperties` schema at the "
               "root of an input schema (a widening, restored in 1.23.0) but kept it deeper; "
               "open-map cannot tell the root from the nested case by variant, and a claim on "
               "every open map would be wrong for the nested ones."),
    Unreported(("codex",), (
        "array-bounds", "array-contains", "array-prefixitems-only", "array-unevaluated-items",
        "bool-items-false-with-prefixitems", "bool-not-true", "control-input-none",
        "exclusive-minimum-boolean", "format-date-time", "format-email", "format-unknown",
        "format-uri", "if-then-nested", "input-dynamic-ref", "min-length-negative",
        "not-nested", "number-bounds", "number-exclusive-bounds", "number-multiple-of",
        "object-dependencies-draft07", "object-dependent-required", "object-dependent-schemas",
        "object-min-max-properties", "object-pattern-properties", "object-property-names",
        "object-unevaluated-false", "pattern-ecmascript", "pattern-invalid-regex",
        "pattern-lookahead", "pattern-python-named-group", "pattern-unicode-property",
        "prefix-items-with-items", "string-length-bounds", "unknown-keyword", "allof-two",
        "oneof-overlapping", "type-with-anyof", "untyped-constraint-only"),
               "Codex strips the assertion keywords it does not pass to the model — formats, "
               "patterns, length, number and array bounds, `multipleOf`, `not`, `if`/`then`, "
               "`patternProperties`, `propertyNames`, `prefixItems`, `contains`, the "
               "`dependencies` family, `unevaluated*`, `$dynamicRef`, unknown keywords (and "
               "puts `items: {\"type\": \"string\"}` where only `prefixItems` was). Each "
               "widens what the model may send, and the server still validates it; a rule for "
               "every assertion keyword would fire on most schemas."),
    Unreported(("codex",), (
        "allof-single", "anyof-refs", "anyof-string-null", "enum-600", "enum-booleans",
        "enum-integers", "enum-strings", "enum-with-null", "integer-type", "list-as-text",
        "input-root-allof-single", "input-root-anyof", "input-root-oneof", "input-root-ref",
        "local-ref-input-dangling", "local-ref-input-definitions", "local-ref-input-defs",
        "local-ref-input-in-items", "local-ref-input-properties-pointer",
        "local-ref-input-recursive", "local-ref-input-with-sibling",
        "oneof-branch-required-undefined", "remote-ref-input-property",
        "remote-ref-input-relative", "untyped-anyof-empty-branch", "name-long-70"),
               "Codex 0.111.0 only: it replaced combinators, references and enums inside a "
               "property by `\"type\": \"string\"` (or dropped the enum), turned `integer` "
               "into `number`, and shortened names over 64 characters; 0.171.0 hands these on "
               "unchanged. The rules concerned are not reported for Codex at all."),
    Unreported(("codex",), ("const-null", "const-number", "const-object", "const-string",
                            "oneof-disjoint", "untyped-const-only"),
               "Codex 0.171.0 respells `const` as a one-value `enum` (the same values; the "
               "harness judges the removal and the addition apart), 0.111.0 stripped it."),
    Unreported(("codex",), ("input-root-empty", "input-root-missing-type",
                            "root-allof-typed-single", "root-allof-typed-two",
                            "root-anyof-typed", "root-oneof-typed",
                            "anyof-branch-required-untyped", "untyped-enum-only", "enum-mixed"),
               "Codex adds the `type` a node leaves out: `object` at a root without one or on "
               "each branch of a root combinator (tool arguments are objects already), "
               "`object` on an `anyOf` branch that only has `required`, `string` beside an "
               "untyped `enum` (a narrowing where the enum holds other kinds). The input-root "
               "rule reports the roots for the clients that refuse them."),
    Unreported(("codex",), ("local-ref-defs-unused", "local-ref-input-anchor",
                            "remote-ref-declared-id"),
               "Codex removes a `$defs` table (and the root `$id`) unless a `#/$defs/...` "
               "pointer uses it: harmless for an unused table, but a reference through an "
               "`$anchor` or the `$id` then resolves to nothing. local-ref and remote-ref "
               "report these for the Gemini and strict targets only."),
    Unreported(("codex",), ("array-items-array-form", "required-boolean-draft03"),
               "Codex drops a tool with draft-07 array-form `items`, and (0.171.0) one with a "
               "draft-03 `required: true`; invalid-schema reports both, but its variants also "
               "hold failures Codex was seen to hand on (a negative `minLength` it strips), so "
               "the Codex claim would not be true of them all."),
    Unreported(("codex",), ("name-dash-underscore", "name-empty"),
               "Codex 0.171.0 also rewrites `-` to `_`, and an empty name to `_`; tool-name "
               "leaves `-` alone (MCP's naming guidance and the other clients accept it) and "
               "reports an empty name for the clients that drop the tool."),
    Unreported(("vscode-json-languageservice",),
               c.TOOL_LIST_ENTRY_NOT_OBJECT,
               "The lane replays VS Code's `_normalizeTool` step alone, which spreads whatever "
               "entry it is given into a tool without a name; what VS Code's own MCP client "
               "does with such an entry before that step is not observed here, so no claim is "
               "made for it. tool-list-entry reports the entry for every MCP SDK, each of "
               "which loses the whole tool list."),
)


# The refusals portlint does not report as an error for the client that makes them, at the
# release that makes them (tests/conformance/test_refusals_reported.py keeps this exact, for
# every observed client, of the default targets or not).
_OBSERVED = ("ts-sdk", "ts-client", "python-sdk", "claude-code", "codex", "gemini-cli-core",
             "anthropic-sdk", "anthropic-sdk-strict", "openai-agents", "openai-agents-strict",
             "vscode-json-languageservice", "google-genai-js", "google-genai-py",
             "langchain-google-genai", "langchain-mcp-adapters", "llama-index-tools-mcp")
_CALLING = ("ts-sdk", "ts-client", "python-sdk", "claude-code", "gemini-cli-core",
            "anthropic-sdk", "openai-agents", "openai-agents-strict", "google-genai-js",
            "google-genai-py", "langchain-mcp-adapters", "llama-index-tools-mcp")
# gemini-cli-core 0.7.0's "missing types" check: a node without `type` that untyped-schema
# leaves alone on purpose (a `const`/`enum`-only node, a `$ref`, a combinator, `not`, a
# `$dynamicRef`, the array form of `items`, a remote reference)
_GEMINI_MISSING_TYPES = (
    "allof-two", "anyof-refs", "array-items-array-form", "bool-not-true", "const-null",
    "control-input-none", "enum-mixed", "input-dynamic-ref", "local-ref-input-in-items",
    "local-ref-input-with-sibling", "remote-ref-declared-id", "remote-ref-input-property",
    "remote-ref-input-relative", "untyped-const-only", "untyped-constraint-only",
    "untyped-enum-only")
# @anthropic-ai/sdk's transformJSONSchema: "JSON schema must have a type defined if
# anyOf/oneOf/allOf/enum/const are not used", on nodes untyped-schema leaves alone
_TRANSFORM_MISSING_TYPE = (
    "allof-two", "anyof-branch-required-untyped", "array-items-array-form",
    "control-input-none", "enum-mixed", "input-dynamic-ref", "root-allof-typed-two",
    "root-anyof-typed", "root-oneof-typed", "type-with-anyof", "untyped-constraint-only")

UNREPORTED_REFUSALS: tuple[Unreported, ...] = (
    Unreported(_CALLING, ("call-no-structured-content", "call-structured-content-invalid"),
               "What the server returns when the tool is called (no `structuredContent` beside "
               "an output schema, or content that fails it): server behaviour, not the schema."),
    Unreported(("gemini-cli-core",), ("call-is-error-with-output-schema",),
               "Gemini CLI core 0.7.0–0.8.2 fails a call whose result is an error without "
               "`structuredContent` while the tool declares an output schema: what the server "
               "returns, not the schema."),
    Unreported(("openai-agents", "openai-agents-strict"),
               ("required-all-declared", "required-duplicate-names", "required-undeclared-root"),
               "The OpenAI Agents SDK refuses a call that leaves out a `required` argument; the "
               "harness calls with none, a model that fills the schema in sends them."),
    Unreported(("ts-client",), X_MCP_HEADER_FORBIDDEN,
               "The v2 client drops the tool in memory but hands it on over stdio (the "
               "observation is transport-dependent): no claim would be true of every "
               "transport."),
    Unreported(("gemini-cli-core",), _GEMINI_MISSING_TYPES,
               "Gemini CLI core 0.7.0 alone (removed in 0.8) skips a tool with any node "
               "without `type`, also nodes whose type other keywords give (`const`, `enum`, "
               "`$ref`, combinators): untyped-schema reports the free-form nodes only, and a "
               "rule for every untyped node would be wrong for every other client."),
    Unreported(("anthropic-sdk-strict",), _TRANSFORM_MISSING_TYPE,
               "The Anthropic SDK's transformJSONSchema raises on a node without `type` unless "
               "it has a combinator, `enum` or `const` — also on `allOf` branches, `$ref`-only "
               "and constraint-only nodes that untyped-schema leaves alone; it converts one "
               "tool at a time, and mcpTools (the SDK's MCP path) hands these tools on."),
    Unreported(("codex",), ("array-items-array-form", "required-boolean-draft03"),
               "Codex drops a tool with draft-07 array-form `items`, and (0.171.0) one with a "
               "draft-03 `required: true`; invalid-schema reports both, but not for Codex: its "
               "variants also hold failures Codex hands on."),
    Unreported(("google-genai-py", "langchain-google-genai"),
               ("input-root-properties-null", "local-ref-input-anchor", "remote-ref-declared-id"),
               "The Gemini converters' own bugs on constructs other rules report for the MCP "
               "SDKs (`properties: null`) or that are valid and resolve locally (a reference "
               "through an `$anchor` or the root `$id`): the converters fail on what they do "
               "not implement; a claim for them would hang on rules whose other cases they "
               "handle."),
    Unreported(("google-genai-py",), ("local-ref-input-definitions", "required-boolean-draft03"),
               "google-genai 3.6.1 resolves only `#/$defs/…` (a draft-07 `definitions` pointer "
               "raises `KeyError`) and validates `required` as a list; local-ref and "
               "invalid-schema report these constructs for other clients, in variants that hold "
               "cases google-genai converts."),
    Unreported(("llama-index-tools-mcp",), ("enum-mixed", "local-ref-input-recursive"),
               "LlamaIndex's pydantic round trip raises on an `enum` holding an object "
               "(`unhashable type: 'dict'`) and recurses without end on a recursive `$ref`: "
               "enum-non-string and local-ref report these constructs, in variants that also "
               "hold cases LlamaIndex converts."),
)
