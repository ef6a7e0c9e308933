"""The MCP SDKs' own parsers: what every client built on them refuses before a model sees a tool.

Claude Code, Claude Desktop, Cursor, Gemini CLI, Kiro and opencode all parse ``tools/list`` with
an MCP SDK. The version is the MCP protocol revision the server speaks: the object-root rule for
output schemas holds up to 2025-11-25 and was lifted in 2026-07-28 (SEP-2106).
"""

from __future__ import annotations

from portlint.model import Severity
from portlint.profiles.base import Effect, Entry, Profile, observed, primary

TS_SDK = "modelcontextprotocol/typescript-sdk"
_OUTPUT_ROOT = (
    primary("S4", f"{TS_SDK} tag 1.30.0 src/types.ts; HEAD packages/core/src/schemas.ts "
                  "(SEP-2106)"),
    observed("S4", "Wynelson94/longhand#9, #10; anthropics/claude-code#10825"),
)
_DIALECT = (
    primary("S8", f"{TS_SDK} HEAD packages/core-internal/src/validators/dialects.ts"),
    observed("S8", "anthropics/claude-code#88882; ankimcp/anki-mcp-server-addon#75"),
)

PROFILE = Profile(
    name="mcp",
    title="MCP SDKs",
    description="The tools/list parsers of the MCP TypeScript and Python SDKs, which every MCP "
                "client runs before its own checks.",
    default=True,
    versions=("2025-06-18", "2025-11-25", "2026-07-28"),
    default_version="2025-11-25",
    version_meaning="MCP protocol revision",
    entries=(
        Entry("boolean-schema", Severity.ERROR, Effect.REFUSED,
              "clients on the MCP TypeScript SDK 1.22–1.30 (Claude Code among them)",
              "refuse the whole tool list",
              (primary("S1", f"{TS_SDK} tag 1.30.0 src/types.ts (AssertObjectSchema)"),
               primary("S3", f"{TS_SDK} spec.types.2025-11-25.ts (properties: object)"),
               observed("S1", "modelcontextprotocol/inspector#1005")),
              variants=("top-level-property",)),
        Entry("input-root-not-object", Severity.ERROR, Effect.TOOL_DROPPED,
              "every MCP SDK", "fails the tool in the tools/list parse",
              (primary("S5", f"{TS_SDK} src/types.ts (type: z.literal('object')); python-sdk "
                             "mcp_types InputSchema.type"),)),
        Entry("output-root-not-object", Severity.ERROR, Effect.REFUSED,
              "MCP TypeScript SDK 1.x and the 2025-11-25 wire parsers (Claude Code among them)",
              "refuse the tools/list result", _OUTPUT_ROOT, until="2025-11-25"),
        Entry("declared-dialect", Severity.ERROR, Effect.CALL_FAILS,
              "clients on the MCP TypeScript SDK v2", "fail every call to the tool",
              _DIALECT, variants=("output:draft-04", "output:draft-03", "output:2019-09",
                                  "output:other")),
        Entry("declared-dialect", Severity.WARNING, Effect.CALL_FAILS,
              "clients on MCP TypeScript SDK v2 builds of 2026-06-26 to 2026-07-27",
              "fail every call to the tool", _DIALECT,
              variants=("output:draft-07", "output:draft-06")),
    ),
)
