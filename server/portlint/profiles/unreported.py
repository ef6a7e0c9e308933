"""What the observations show that portlint deliberately does not report, and why.

Each item names clients and conformance cases whose observations are a refusal or a rewrite
that no profile entry claims. A test keeps the list exact: every such observation of a client of
the default targets is either claimed by an entry or listed here, and nothing listed here is
claimed or accepted. ``docs/clients.md`` shows the list beside the matrix.
"""

from __future__ import annotations

from typing import NamedTuple


class Unreported(NamedTuple):
    clients: tuple[str, ...]
    cases: tuple[str, ...]
    reason: str


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
    Unreported((*_ALL, *_LIBRARIES), ("tool-description-non-string",),
               "A `description` that is not a string: a tool member outside the schemas and "
               "the name, which no rule checks yet (every client observed loses the whole "
               "list)."),
    Unreported(("claude-code", "codex"), ("name-duplicate",),
               "Two tools with one name: a property of the list, and portlint's rules look at "
               "one tool at a time (the later tool is dropped)."),
    Unreported(("ts-sdk", "ts-client", "python-sdk"), ("tool-unknown-field",),
               "The parsers drop tool members they do not know; no schema is changed."),
    Unreported(("openai-agents",), ("required-all-declared", "required-duplicate-names",
                                    "required-undeclared-root"),
               "The OpenAI Agents SDK 0.24.0 refuses a call that leaves out a `required` "
               "argument before it reaches the server; the harness calls with none. A model "
               "that fills the schema in sends them, so this is no property of the schema (a "
               "name `required` but not declared is required-undeclared's case, and every "
               "other client hands it on)."),
    Unreported(("ts-sdk", "ts-client"), ("tool-extra-fields",),
               "Some releases drop tool members newer than they are (`execution`, `icons`, "
               "`_meta`); no schema is changed."),
    Unreported(("ts-client", "python-sdk"), ("x-mcp-header-invalid",),
               "An `x-mcp-header` annotation that SEP-2243 forbids drops the tool in the "
               "2026-07-28 era (over Streamable HTTP); no rule checks the annotation yet."),
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
)
