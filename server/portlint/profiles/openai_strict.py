"""OpenAI strict mode: Structured Outputs and ``strict: true`` function calling, which accept only
a documented subset of JSON Schema. Opt-in: an MCP server does not choose strict mode, and the
Agents SDK silently falls back to non-strict when a schema does not fit (O5)."""

from __future__ import annotations

from portlint.model import Severity
from portlint.profiles.base import Effect, Entry, Profile, observed, primary

VALIDATOR = "openai/openai-java openai-java-core/.../JsonSchemaValidator.kt @ 24964646"
_O3 = (primary("O3", VALIDATOR),)
_WHO = "OpenAI strict mode"
_REFUSES = "refuses the request"


def _strict(rule: str, *variants: str, severity: Severity = Severity.ERROR) -> Entry:
    return Entry(rule, severity, Effect.REFUSED, _WHO, _REFUSES, _O3,
                 variants=variants or None)


PROFILE = Profile(
    name="openai-strict",
    title="OpenAI strict mode",
    description="OpenAI Structured Outputs and strict function calling (opt-in).",
    default=False,
    entries=(
        _strict("strict-additional-properties"),
        _strict("strict-required"),
        _strict("strict-keyword"),
        Entry("strict-depth", Severity.ERROR, Effect.REFUSED, _WHO,
              "refuses schemas nested more than 10 levels",
              (observed("O4", "tidyverse/ellmer#671", "2025-07"),
               primary("O4", "openai/openai-java#732 (OpenAI maintainer)", "2026-04"))),
        Entry("strict-limits", Severity.WARNING, Effect.REFUSED, _WHO,
              "has refused schemas over these limits (the current limits may be higher)",
              (primary("O4", VALIDATOR + " (constants)"),
               primary("O4", "community.openai.com thread 918388 quoting the docs"))),
        _strict("open-map"),
        _strict("boolean-schema"),
        _strict("type-union", "union", "single"),
        _strict("untyped-schema"),
        _strict("remote-ref"),
        _strict("root-combinator", "combinator"),
        _strict("oneof-exclusivity"),
        _strict("array-missing-items"),
        _strict("object-missing-properties"),
    ),
)
