"""OpenAI strict mode: Structured Outputs and ``strict: true`` function calling, which accept only
a documented subset of JSON Schema. Opt-in: an MCP server does not choose strict mode, and the
Agents SDK silently falls back to non-strict when a schema does not fit. Documented: not
reproduced locally (a hosted API). The Agents SDK's strict conversion of MCP tools is observed
(it lists them through the MCP Python SDK 2.x)."""

from __future__ import annotations

from portlint.model import Severity
from portlint.profiles import tool_members as t
from portlint.profiles.base import Documented, Effect, Entry, Profile, primary, user_report
from portlint.profiles.families import on_python_sdk_2

_WHO = "openai-api-strict"
_VALIDATOR = Documented((
    primary("openai/openai-java openai-java-core/src/main/kotlin/com/openai/core/"
            "JsonSchemaValidator.kt @ 24964646 (the SDK's copy of the strict-mode rules)",
            "2026-09"),
    user_report("ai-dynamo/dynamo#15153 (Invalid schema for response_format: 'oneOf' is not "
                "permitted)", "2026-09"),
))
_PROBE = primary("1nder-labs/schemalint @ 456ced85, its validation results "
                 "probe_limits_2026-06-16.json (10 levels accepted, 11 refused)", "2026-06-16")
_DEPTH = Documented((
    user_report("tidyverse/ellmer#671 (levels of nesting exceeds limit)", "2025-07"),
    primary("openai/openai-java#732 (an OpenAI maintainer: the documented limit is now 10 "
            "levels)", "2026-04"),
    _PROBE,
))
_LIMITS = Documented((
    primary("openai/openai-java JsonSchemaValidator.kt @ 24964646 (its size constants)",
            "2026-09"),
    _PROBE,
), hedge="the SDK's constants may be older than the service's current limits (an 18,000-"
         "character enum was accepted in a 2026-06 probe)")


def _strict(rule: str, *variants: str) -> Entry:
    return Entry(rule, _WHO, Effect.REQUEST, _VALIDATOR, variants or None)


PROFILE = Profile(
    name="openai-strict",
    title="OpenAI strict mode",
    description="OpenAI Structured Outputs and strict function calling, and the OpenAI Agents "
                "SDK's strict conversion of MCP tools (opt-in).",
    default=False,
    clients=(_WHO, "openai-agents-strict"),
    entries=(
        *on_python_sdk_2("openai-agents-strict", "0.24.0-0.25.0"),
        *t.OPENAI_AGENTS_STRICT,
        _strict("strict-additional-properties"),
        _strict("strict-required"),
        _strict("strict-keyword"),
        Entry("strict-depth", _WHO, Effect.REQUEST, _DEPTH),
        Entry("strict-limits", _WHO, Effect.REQUEST, _LIMITS, severity=Severity.WARNING),
        _strict("open-map"),
        _strict("boolean-schema", "top-level-property", "nested-property", "branch", "under-not",
                "nested", "root"),
        _strict("type-union", "union", "single"),
        _strict("untyped-schema"),
        _strict("remote-ref"),
        _strict("root-combinator", "combinator", "single-allof", "untyped-combinator"),
        _strict("oneof-exclusivity"),
        _strict("array-missing-items"),
        _strict("object-missing-properties"),
    ),
)
