"""Gemini: the Gemini CLI (gemini-cli-core, observed) and the Gemini API and Vertex AI
``functionDeclarations[].parameters``, a subset of the OpenAPI 3.0 Schema object (documented: not
reproduced locally). Opt-in."""

from __future__ import annotations

from portlint.profiles import constructs as c
from portlint.profiles.base import (
    Documented,
    Effect,
    Entry,
    Observed,
    Profile,
    primary,
    user_report,
)

_GEM = "gemini-cli-core"
_ALL = "0.7.0-0.61.0"
_LIST = Effect.TOOL_LIST
_OUT, _IN = ("output",), ("input",)
_COMPILE = (("remote-ref", None, c.OUTPUT_REMOTE_REF),
            ("local-ref", ("dangling",), c.OUTPUT_DANGLING_REF),
            ("invalid-schema", ("type-name",), c.OUTPUT_TYPE_NAME),
            ("invalid-schema", ("draft-04-bound",), c.OUTPUT_DRAFT_04_BOUND),
            ("pattern-syntax", ("invalid", "python-only"),
             c.OUTPUT_PATTERN_INVALID + c.OUTPUT_PATTERN_PYTHON_ONLY))

GEMINI_CLI = (
    Entry("boolean-schema", _GEM, _LIST, Observed(c.BOOLEAN_TOP_LEVEL), ("top-level-property",),
          versions=_ALL),
    Entry("input-root-not-object", _GEM, _LIST, Observed(c.INPUT_ROOT), versions=_ALL),
    Entry("tool-missing-input-schema", _GEM, _LIST, Observed(c.INPUT_ABSENT), versions=_ALL),
    Entry("tool-name", _GEM, _LIST, Observed(c.TOOL_NAME_MISSING), ("missing",), versions=_ALL),
    Entry("tool-name", _GEM, Effect.TOOL, Observed(("name-empty",)), ("empty",), versions=_ALL),
    Entry("output-root-not-object", _GEM, _LIST,
          Observed(c.OUTPUT_ROOT_BOOLEAN + c.OUTPUT_ROOT_NOT_A_SCHEMA + c.OUTPUT_ROOT_DECLARED),
          versions=_ALL),
    *(Entry(rule, _GEM, _LIST, Observed(cases), variants, _OUT, _ALL)
      for rule, variants, cases in _COMPILE),
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
    description="The Gemini CLI, and the Gemini API and Vertex AI function declarations.",
    default=False,
    clients=(_GEM, _API),
    entries=GEMINI_CLI + DOCUMENTED,
)
