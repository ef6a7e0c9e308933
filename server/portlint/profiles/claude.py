"""Claude: Claude Code (observed, both protocol eras) and the Anthropic TypeScript SDK's
mcpTools (observed; it lists tools through the MCP TypeScript SDK 1.x), the Anthropic API (also
through Bedrock and Vertex), Amazon Bedrock Converse and Claude Desktop (documented: not
reproduced locally)."""

from __future__ import annotations

from portlint.model import Severity
from portlint.profiles import constructs as c
from portlint.profiles import tool_members as t
from portlint.profiles.base import (
    LEGACY,
    MODERN,
    Documented,
    Effect,
    Entry,
    Observed,
    Profile,
    primary,
    user_report,
)
from portlint.profiles.families import on_ts_sdk, output_compile

_IN = ("input",)
_CC = "claude-code"
_VERSION = "2.1.332-2.1.337"

CLAUDE_CODE = (
    Entry("input-root-not-object", _CC, Effect.TOOL_LIST, Observed(c.INPUT_ROOT),
          versions=_VERSION),
    Entry("tool-missing-input-schema", _CC, Effect.TOOL_LIST, Observed(c.INPUT_ABSENT),
          versions=_VERSION),
    Entry("tool-list-entry", _CC, Effect.TOOL_LIST, Observed(c.TOOL_LIST_ENTRY),
          versions=_VERSION),
    Entry("tool-name", _CC, Effect.TOOL_LIST, Observed(c.TOOL_NAME_MISSING), ("missing",),
          versions=_VERSION),
    Entry("output-root-not-object", _CC, Effect.TOOL_LIST,
          Observed(c.OUTPUT_ROOT_BOOLEAN + c.OUTPUT_ROOT_NOT_A_SCHEMA),
          ("boolean", "not-a-schema"), versions=_VERSION),
    Entry("output-root-not-object", _CC, Effect.CALL, Observed(c.OUTPUT_ROOT_TYPE), ("type",),
          versions=_VERSION, eras=(LEGACY,)),
    *output_compile(_CC, Effect.CALL, _VERSION, (MODERN,), python_only_patterns=True),
    Entry("declared-dialect", _CC, Effect.CALL,
          Observed(c.DIALECT_OUTPUT_DRAFT_03 + c.DIALECT_OUTPUT_OTHER),
          ("output:draft-03", "output:other"), versions=_VERSION, eras=(MODERN,)),
    Entry("invalid-schema", _CC, Effect.TOOL,
          Observed(c.INPUT_INVALID_TYPE_NAME + c.INPUT_INVALID_BOTH + c.INPUT_INVALID_2020
                   + c.INPUT_DRAFT_04_BOUND),
          ("2020-12", "both", "type-name", "draft-04-bound"), _IN, _VERSION),
    Entry("invalid-schema", _CC, Effect.TOOL_LIST, Observed(c.INPUT_ROOT_SHAPE),
          ("root-shape",), _IN, _VERSION, (LEGACY,)),
    Entry("root-combinator", _CC, Effect.WIDENS_AND_NARROWS, Observed(c.ROOT_COMBINATOR_TYPED),
          ("combinator",), _IN, _VERSION,
          does="flattens it into the root and restates it in the tool's description"),
    Entry("root-combinator", _CC, Effect.EQUIVALENT, Observed(c.ROOT_SINGLE_ALLOF),
          ("single-allof",), _IN, _VERSION, does="merges it into the root"),
    Entry("tool-name", _CC, Effect.RENAMED, Observed(c.TOOL_NAME_CHARACTERS), ("characters",),
          versions=_VERSION, does="hands the model the name with each such character as `_`"),
)

_A1 = Documented((
    user_report("anthropics/claude-code#4886, #5319, #5878 (400 invalid_request_error: "
                "input_schema does not support oneOf, allOf, or anyOf at the top level)",
                "2025-08"),
    user_report("mobile-next/mobile-mcp#344; kenn-io/kata#365", "2026-09"),
    user_report("anomalyco/opencode#46628 (through the GitHub Copilot proxy to Claude)",
                "2026-09-07"),
))
_A2 = Documented((
    user_report("Kuadrant/mcp-gateway#662 (fixed by #689); afrise/MCPSharp#9; "
                "acomagu/vscode-as-mcp-server#6 (Bedrock): \"JSON schema is invalid. It must "
                "match JSON Schema draft 2020-12\"", "2026-09"),
))
_A6 = Documented((
    primary("AWS Bedrock API reference, ToolInputSchema "
            "(docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolInputSchema.html): "
            "\"The top level schema type must be object\"", "2026-09"),
    user_report("kirodotdev/Kiro#11026, #10270 (ValidationException … inputSchema.json.type "
                "must be one of the following: object)", "2026-09"),
))
_N5 = Documented((
    user_report("modelcontextprotocol/ext-apps#765 (2026-09-02); cyanheads/git-mcp-server#57 "
                "(2026-08-24); ankimcp/anki-mcp-server-addon#75 (2026-09-11): \"has an invalid "
                "outputSchema: JSON Schema declares an unsupported dialect\"", "2026-09-12"),
    primary("modelcontextprotocol/typescript-sdk #2286 (the 2020-12-only dialect check, "
            "2026-06-26) and #2534 (draft-07 and draft-06 honoured again, 2026-07-27)",
            "2026-07-27"),
), hedge="closed builds reported in 2026-08/09; Claude Code 2.1.332 accepts the same schema "
         "(observed), and which Claude Desktop releases do was not established")

DOCUMENTED = (
    Entry("root-combinator", "anthropic-api", Effect.REQUEST, _A1,
          ("combinator", "single-allof", "untyped-combinator"), _IN),
    Entry("invalid-schema", "anthropic-api", Effect.REQUEST, _A2,
          ("2020-12", "both", "type-name", "draft-04-bound", "root-shape", "root-type"), _IN),
    Entry("input-root-not-object", "bedrock", Effect.REQUEST, _A6),
    Entry("declared-dialect", "claude-desktop", Effect.CALL, _N5,
          ("output:draft-07", "output:draft-06"), severity=Severity.WARNING),
)

PROFILE = Profile(
    name="claude",
    title="Claude",
    description="Claude Code; the Anthropic TypeScript SDK's mcpTools; the Anthropic API "
                "(direct, Bedrock, Vertex); Bedrock Converse; Claude Desktop.",
    default=True,
    clients=("claude-code", "anthropic-sdk", "anthropic-api", "bedrock", "claude-desktop"),
    entries=(CLAUDE_CODE + t.CLAUDE_CODE + on_ts_sdk("anthropic-sdk", "1.15.0-1.17.0")
             + t.ANTHROPIC_SDK + DOCUMENTED),
)
