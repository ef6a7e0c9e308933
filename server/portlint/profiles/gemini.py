"""Gemini: the Gemini CLI (gemini-cli-core), the Google Gen AI SDKs' MCP support (``mcpToTool``
in JavaScript, a session passed as a tool in Python) and LangChain's Gemini integration
(observed), and the Gemini API and Vertex AI ``functionDeclarations[].parameters``, a subset of
the OpenAPI 3.0 Schema object (documented: not reproduced locally). Opt-in.

The converters turn a whole tool list at once: where one raises on a tool, every tool is lost
(``tool-list``)."""

from __future__ import annotations

from portlint.profiles import constructs as c
from portlint.profiles import tool_members as t
from portlint.profiles.base import (
    Documented,
    Effect,
    Entry,
    Observed,
    Profile,
    primary,
    user_report,
)
from portlint.profiles.families import on_python_sdk_2, on_ts_sdk, output_compile

_GEM = "gemini-cli-core"
_ALL = "0.7.0-0.61.0"
_LIST = Effect.TOOL_LIST
_IN = ("input",)

GEMINI_CLI = (
    Entry("boolean-schema", _GEM, _LIST, Observed(c.BOOLEAN_TOP_LEVEL), ("top-level-property",),
          versions=_ALL),
    Entry("input-root-not-object", _GEM, _LIST, Observed(c.INPUT_ROOT), versions=_ALL),
    Entry("tool-missing-input-schema", _GEM, _LIST, Observed(c.INPUT_ABSENT), versions=_ALL),
    Entry("tool-list-entry", _GEM, _LIST, Observed(c.TOOL_LIST_ENTRY), versions=_ALL),
    Entry("tool-name", _GEM, _LIST, Observed(c.TOOL_NAME_MISSING), ("missing",), versions=_ALL),
    Entry("tool-name", _GEM, Effect.TOOL, Observed(("name-empty",)), ("empty",), versions=_ALL),
    Entry("output-root-not-object", _GEM, _LIST,
          Observed(c.OUTPUT_ROOT_BOOLEAN + c.OUTPUT_ROOT_NOT_A_SCHEMA + c.OUTPUT_ROOT_DECLARED),
          versions=_ALL),
    *output_compile(_GEM, _LIST, _ALL, python_only_patterns=True),
    Entry("invalid-schema", _GEM, _LIST, Observed(c.INPUT_ROOT_SHAPE), ("root-shape",), _IN,
          _ALL),
    Entry("type-union", _GEM, Effect.EQUIVALENT, Observed(c.TYPE_NULLABLE_PAIR),
          ("nullable-pair",), _IN, "0.61.0",
          does='rewrites it as `"type": T, "nullable": true`'),
    # 0.7.0 only (the "missing types" check was removed before 0.8)
    Entry("untyped-schema", _GEM, Effect.TOOL, Observed(c.UNTYPED_SKIPPED), roles=_IN,
          versions="0.7.0"),
    Entry("local-ref", _GEM, Effect.TOOL, Observed(c.REF_ONLY_PROPERTY_SKIPPED),
          ("ref-only-property", "dangling"), _IN, "0.7.0"),
)

_JS = "google-genai-js"
GOOGLE_GENAI_JS = (
    *on_ts_sdk(_JS, "1.5.0-3.6.1"),
    # 1.5.0 only: its schema conversion raised on type arrays and on `type` beside `anyOf`
    Entry("type-union", _JS, _LIST,
          Observed((*c.TYPE_NULLABLE_PAIR, *c.TYPE_UNION, "type-single-member")),
          ("nullable-pair", "union", "single"), _IN, "1.5.0"),
    Entry("type-with-anyof", _JS, _LIST,
          Observed(("type-with-anyof", "anyof-branch-required-untyped", "root-anyof-typed",
                    "root-anyof-objects-with-type")), roles=_IN, versions="1.5.0"),
)

_PY = "google-genai-py"
_PY_VERSION = "3.6.1"
GOOGLE_GENAI_PY = (
    *on_python_sdk_2(_PY, _PY_VERSION),
    Entry("boolean-schema", _PY, _LIST,
          Observed((*c.BOOLEAN_TOP_LEVEL_INPUT, *c.BOOLEAN_NESTED_TRUE_INPUT,
                    "bool-false-nested-property", "bool-anyof-branch-true", "bool-defs-true")),
          ("top-level-property", "nested-property", "branch", "nested"), _IN, _PY_VERSION),
    Entry("boolean-closure", _PY, _LIST,
          Observed(("bool-additional-properties-false", "bool-additional-properties-true",
                    "object-nested-additional-false", "object-nested-additional-true",
                    "object-root-no-properties-additional-false",
                    "bool-items-false-with-prefixitems")), versions=_PY_VERSION),
    Entry("remote-ref", _PY, _LIST, Observed(c.INPUT_REMOTE_REF), roles=_IN,
          versions=_PY_VERSION),
    Entry("local-ref", _PY, _LIST, Observed(("local-ref-input-dangling",)), ("dangling",), _IN,
          _PY_VERSION),
    Entry("invalid-schema", _PY, _LIST,
          Observed(c.INPUT_INVALID_TYPE_NAME + c.INPUT_INVALID_2020), ("type-name", "2020-12"),
          _IN, _PY_VERSION),
)

_LC = "langchain-google-genai"
_LC_VERSION = "4.4.3"
LANGCHAIN_GOOGLE_GENAI = (
    Entry("input-root-not-object", _LC, _LIST,
          Observed(c.INPUT_ROOT_UNREADABLE + c.INPUT_ROOT_TYPE_ARRAY),
          ("boolean", "not-a-schema", "type-array"), versions=_LC_VERSION),
    Entry("tool-missing-input-schema", _LC, _LIST, Observed(c.INPUT_ABSENT),
          versions=_LC_VERSION),
    Entry("tool-list-entry", _LC, _LIST, Observed(c.TOOL_LIST_ENTRY),
          versions=_LC_VERSION),
    Entry("tool-name", _LC, _LIST, Observed(c.TOOL_NAME_MISSING), ("missing",),
          versions=_LC_VERSION),
    Entry("output-root-not-object", _LC, _LIST, Observed(c.OUTPUT_ROOT_BOOLEAN), ("boolean",),
          versions=_LC_VERSION),
    Entry("boolean-schema", _LC, _LIST,
          Observed(("bool-true-nested-property", "bool-false-nested-property",
                    "bool-anyof-branch-true")), ("nested-property", "branch"), _IN,
          _LC_VERSION),
    Entry("enum-non-string", _LC, _LIST,
          Observed(("enum-booleans", "enum-integers", "enum-mixed", "enum-with-null")),
          roles=_IN, versions=_LC_VERSION),
    Entry("remote-ref", _LC, _LIST, Observed(c.INPUT_REMOTE_REF), roles=_IN,
          versions=_LC_VERSION),
    Entry("local-ref", _LC, _LIST, Observed(("local-ref-input-dangling",)), ("dangling",), _IN,
          _LC_VERSION),
)

VERTEX_SCHEMA = primary("Vertex AI REST reference, Schema (cloud.google.com/vertex-ai/"
                        "generative-ai/docs/reference/rest/v1/Schema): a select subset of an "
                        "OpenAPI 3.0 schema object", "2026-09")
_UNKNOWN_FIELD = Documented((
    VERTEX_SCHEMA,
    user_report("nanbingxyz/5ire#42; openswarm-ai/openswarm#24; zed-industries/zed#44875 "
                "(400 Invalid JSON payload received. Unknown name …: Cannot find field)",
                "2026-09"),
))
_API = "gemini-api"


def _api(rule: str, evidence: Documented, *variants: str) -> Entry:
    return Entry(rule, _API, Effect.REQUEST, evidence, variants or None, _IN)


DOCUMENTED = (
    _api("type-union", Documented((user_report(
        "zed-industries/zed#53919; hideya/langchain-mcp-tools-ts#46 (Proto field is not "
        "repeating, cannot start list)", "2026-09"),))),
    _api("local-ref", _UNKNOWN_FIELD, "ref", "defs", "ref-only-property", "dangling"),
    _api("const-keyword", _UNKNOWN_FIELD),
    _api("enum-non-string", Documented((VERTEX_SCHEMA, user_report(
        "anomalyco/opencode#2687 (… enum[0]' (TYPE_STRING), true)", "2026-09")))),
    _api("open-map", _UNKNOWN_FIELD),
    _api("type-with-anyof", Documented((
        user_report("DzAvril/MoviePilot-Plugins#23 (type and anyOf cannot be both populated)",
                    "2026-09"),
        primary("langchain-ai/langchain-google libs/genai/langchain_google_genai/"
                "_function_utils.py @ 75f75815 (code comment)", "2026-09")))),
    _api("combinator-branch-required", Documented((user_report(
        "goruck/home-generative-agent release v3.26.1 notes (any_of[N].required: only allowed "
        "for OBJECT type)", "2026-09"),))),
    _api("oneof-exclusivity", _UNKNOWN_FIELD),
    _api("declared-dialect", _UNKNOWN_FIELD, "input:2020-12", "input:draft-07",
         "input:draft-06", "input:draft-04", "input:draft-03", "input:2019-09", "input:other"),
)

PROFILE = Profile(
    name="gemini",
    title="Gemini",
    description="The Gemini CLI, the Google Gen AI SDKs' MCP support, LangChain's Gemini "
                "integration, and the Gemini API and Vertex AI function declarations.",
    default=False,
    clients=(_GEM, _JS, _PY, _LC, _API),
    entries=(GEMINI_CLI + t.GEMINI_CLI + GOOGLE_GENAI_JS + t.GOOGLE_GENAI_JS + GOOGLE_GENAI_PY
             + t.GOOGLE_GENAI_PY + LANGCHAIN_GOOGLE_GENAI + t.LANGCHAIN_GOOGLE_GENAI + DOCUMENTED),
)
