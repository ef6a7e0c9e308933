"""Gemini: the Gemini API and Vertex AI ``functionDeclarations[].parameters`` (a subset of the
OpenAPI 3.0 Schema object), and the Gemini CLI's own tool check. Opt-in."""

from __future__ import annotations

from portlint.model import Severity
from portlint.profiles.base import Effect, Entry, Profile, observed, primary

VERTEX_SCHEMA = ("Vertex AI REST reference \"Schema\" "
                 "(cloud.google.com/vertex-ai/generative-ai/docs/reference/rest/v1/Schema)")
GEMINI_CLI = "google-gemini/gemini-cli packages/core/src/tools/mcp-client.ts hasValidTypes"
LANGCHAIN = "langchain-ai/langchain-google _function_utils.py @ 75f75815"
_API = "the Gemini API and Vertex AI (`parameters`)"
_REFUSES = "refuse the whole request"
_UNKNOWN_FIELD = (primary("G1", VERTEX_SCHEMA),
                  observed("G1", "nanbingxyz/5ire#42; openswarm-ai/openswarm#24; "
                                 "zed-industries/zed#44875"))

PROFILE = Profile(
    name="gemini",
    title="Gemini",
    description="The Gemini API and Vertex AI function declarations, and the Gemini CLI.",
    default=False,
    entries=(
        Entry("type-union", Severity.ERROR, Effect.REFUSED, _API, _REFUSES,
              (observed("G2", "zed-industries/zed#53919; hideya/langchain-mcp-tools-ts#46"),)),
        Entry("untyped-schema", Severity.ERROR, Effect.TOOL_DROPPED, "Gemini CLI",
              "skips the whole tool (\"missing types in its parameter schema\")",
              (primary("G8", GEMINI_CLI), observed("G8", "google/mcp-security#148"))),
        Entry("local-ref", Severity.ERROR, Effect.TOOL_DROPPED, "Gemini CLI",
              "skips a tool with a `$ref`-only property",
              (primary("G8", GEMINI_CLI),
               observed("G8", "arben-adm/mcp-sequential-thinking#12")),
              variants=("ref-only-property",)),
        Entry("local-ref", Severity.ERROR, Effect.REFUSED, _API,
              "refuse `$ref`/`$defs` as unknown fields", _UNKNOWN_FIELD,
              variants=("ref", "defs")),
        Entry("const-keyword", Severity.ERROR, Effect.REFUSED, _API,
              "refuse `const` as an unknown field", _UNKNOWN_FIELD),
        Entry("enum-non-string", Severity.ERROR, Effect.REFUSED, _API,
              "refuse non-string enum values (`enum` is `string[]`)",
              (primary("G3", VERTEX_SCHEMA), observed("G3", "anomalyco/opencode#2687"))),
        Entry("open-map", Severity.ERROR, Effect.REFUSED, _API,
              "refuse the keyword as an unknown field", _UNKNOWN_FIELD),
        Entry("type-with-anyof", Severity.ERROR, Effect.REFUSED, _API,
              "refuse a node with both (\"type and anyOf cannot be both populated\")",
              (observed("G5", "DzAvril/MoviePilot-Plugins#23"),
               primary("G5", LANGCHAIN + " (code comment)"))),
        Entry("combinator-branch-required", Severity.ERROR, Effect.REFUSED, _API,
              "refuse it (\"required: only allowed for OBJECT type\")",
              (observed("G4", "goruck/home-generative-agent release v3.26.1"),)),
        Entry("oneof-exclusivity", Severity.ERROR, Effect.REFUSED, _API,
              "refuse `oneOf` in `parameters` and read it as `anyOf` in "
              "`parametersJsonSchema`",
              (*_UNKNOWN_FIELD, primary("G6", "googleapis aiplatform_v1 "
                                              "GenerationConfig.responseJsonSchema"))),
        Entry("declared-dialect", Severity.ERROR, Effect.REFUSED, _API,
              "refuse `$schema` as an unknown field", _UNKNOWN_FIELD),
        Entry("boolean-schema", Severity.WARNING, Effect.REWRITTEN, "LangChain with Gemini",
              "drops the property", (primary("L2", LANGCHAIN),)),
    ),
)
