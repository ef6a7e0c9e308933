"""OpenAI: Chat Completions and Responses function calling (not strict), the Agents SDK's MCP
bridge, and the Codex CLI."""

from __future__ import annotations

from portlint.model import Severity
from portlint.profiles.base import Effect, Entry, Profile, observed, primary

CODEX = "openai/codex codex-rs/core/src/tools/spec.rs sanitize_json_schema (commit not pinned)"
AGENTS = "openai/openai-agents-python src/agents/strict_schema.py @ 7f7a44f8"

PROFILE = Profile(
    name="openai",
    title="OpenAI",
    description="OpenAI function calling without strict mode, the OpenAI Agents SDK and the "
                "Codex CLI.",
    default=True,
    entries=(
        Entry("array-missing-items", Severity.ERROR, Effect.REFUSED,
              "OpenAI function calling (strict or not)", "refuses the whole request",
              (observed("O1", "sigoden/aichat#1049; mark3labs/mcp-filesystem-server#23; "
                              "digitalocean-labs/mcp-digitalocean#265"),),
              variants=("input", "bare")),
        Entry("object-missing-properties", Severity.WARNING, Effect.REFUSED,
              "OpenAI function calling (some models and paths)", "refuses the request",
              (observed("O2", "spring-projects/spring-ai#4776; karakeep-app/karakeep#1696"),
               primary("O2", "openai/openai-agents-python src/agents/mcp/util.py @ 7f7a44f8")),
              variants=("root",)),
        Entry("boolean-schema", Severity.WARNING, Effect.REWRITTEN,
              "Codex CLI", "turns it into `{\"type\": \"string\"}`",
              (primary("O6", CODEX),)),
        Entry("untyped-schema", Severity.WARNING, Effect.REWRITTEN,
              "Codex CLI", "guesses a type, by default `string`",
              (primary("O6", CODEX),)),
        Entry("type-union", Severity.WARNING, Effect.REWRITTEN,
              "Codex CLI", "keeps only the first type", (primary("O6", CODEX),)),
        Entry("remote-ref", Severity.WARNING, Effect.REWRITTEN,
              "the OpenAI Agents SDK's strict conversion",
              "fails (`Unexpected $ref format`) and serves the tool non-strict",
              (primary("O5", AGENTS),)),
        Entry("oneof-exclusivity", Severity.INFORMATION, Effect.REWRITTEN,
              "the OpenAI Agents SDK's strict conversion", "rewrites `oneOf` to `anyOf`",
              (primary("O5", AGENTS),)),
    ),
)
