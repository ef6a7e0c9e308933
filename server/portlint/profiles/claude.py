"""Claude: the Anthropic Messages API (also through Bedrock and Vertex), Claude Code and Claude
Desktop. The API validates every tool's ``input_schema``; Claude Code also runs the MCP TypeScript
SDK's parser."""

from __future__ import annotations

from portlint.model import Severity
from portlint.profiles.base import Effect, Entry, Profile, observed, primary

PROFILE = Profile(
    name="claude",
    title="Claude",
    description="The Anthropic Messages API (direct, Bedrock, Vertex), Claude Code and Claude "
                "Desktop.",
    default=True,
    entries=(
        Entry("root-combinator", Severity.ERROR, Effect.REFUSED,
              "the Anthropic API (Claude Code, Claude Desktop)",
              "refuses every request that carries the tool",
              (observed("A1", "anthropics/claude-code#4886, #5319, #5878; "
                              "mobile-next/mobile-mcp#344; kenn-io/kata#365"),),
              variants=("combinator",)),
        Entry("invalid-schema", Severity.ERROR, Effect.REFUSED,
              "the Anthropic API (also on Bedrock and Vertex)",
              "refuses every request that carries the tool (\"must match JSON Schema draft "
              "2020-12\")",
              (observed("A2", "Kuadrant/mcp-gateway#662; afrise/MCPSharp#9; "
                              "acomagu/vscode-as-mcp-server#6"),),
              variants=("2020-12", "both")),
        Entry("input-root-not-object", Severity.ERROR, Effect.REFUSED,
              "Amazon Bedrock Converse (Claude on Bedrock)", "refuses the request",
              (primary("A6", "AWS Bedrock API reference ToolInputSchema"),
               observed("A6", "kirodotdev/Kiro#11026, #10270"))),
        Entry("boolean-schema", Severity.ERROR, Effect.REFUSED,
              "Claude Code (MCP TypeScript SDK 1.22–1.30)", "refuses the whole tool list",
              (observed("A3", "modelcontextprotocol/inspector#1005"),
               primary("S1", "typescript-sdk tag 1.30.0 src/types.ts")),
              variants=("top-level-property",)),
        Entry("output-root-not-object", Severity.ERROR, Effect.REFUSED,
              "Claude Code (MCP TypeScript SDK 1.x)", "drops the server's tools",
              (observed("A3", "Wynelson94/longhand#9; anthropics/claude-code#10825"),
               primary("S4", "typescript-sdk tag 1.30.0 src/types.ts"))),
        Entry("declared-dialect", Severity.ERROR, Effect.CALL_FAILS,
              "Claude Code (MCP TypeScript SDK v2)", "fails every call to the tool",
              (observed("A3", "anthropics/claude-code#88882"),
               primary("S8", "typescript-sdk validators/dialects.ts")),
              variants=("output:draft-04", "output:draft-03", "output:2019-09",
                        "output:other")),
        Entry("declared-dialect", Severity.WARNING, Effect.CALL_FAILS,
              "Claude Code builds of 2026-06/07 (MCP TypeScript SDK v2)",
              "failed every call to the tool",
              (observed("A3", "anthropics/claude-code#88882", "2026-08-22"),
               primary("S8", "typescript-sdk #2286 and #2534", "2026-07-27")),
              variants=("output:draft-07", "output:draft-06")),
        Entry("oneof-exclusivity", Severity.INFORMATION, Effect.REWRITTEN,
              "the Anthropic SDK's strict-tool helper", "rewrites `oneOf` to `anyOf`",
              (primary("A4", "anthropics/anthropic-sdk-typescript "
                             "src/lib/transform-json-schema.ts @ 2a2978fc"),)),
    ),
)
