"""VS Code and GitHub Copilot: VS Code's MCP support (which validates input schemas against
draft-07), Copilot Chat's schema normaliser, and Copilot in IntelliJ and on the command line."""

from __future__ import annotations

from portlint.model import Severity
from portlint.profiles.base import Effect, Entry, Profile, observed, primary

NORMALIZER = ("microsoft/vscode-copilot-chat src/extension/tools/common/toolSchemaNormalizer.ts "
              "@ 1700547f")
MCP_SERVER = "microsoft/vscode src/vs/workbench/contrib/mcp/common/mcpServer.ts @ 0052d689"

PROFILE = Profile(
    name="vscode",
    title="VS Code / GitHub Copilot",
    description="VS Code's MCP client and Copilot Chat (agent mode), Copilot for IntelliJ, and "
                "the Copilot CLI.",
    default=True,
    entries=(
        Entry("array-missing-items", Severity.ERROR, Effect.REFUSED,
              "VS Code Copilot Chat", "fails every chat request while the tool is enabled",
              (primary("C1", NORMALIZER),
               observed("C1", "microsoft/vscode-copilot-release#7462; kocierik/mcp-nomad#10")),
              variants=("input", "bare")),
        Entry("invalid-schema", Severity.ERROR, Effect.TOOL_DROPPED,
              "VS Code (which validates against draft-07)",
              "omits the tool, and Copilot Chat fails the request",
              (primary("C2", NORMALIZER), primary("C9", MCP_SERVER)),
              variants=("draft-07", "both")),
        Entry("declared-dialect", Severity.ERROR, Effect.TOOL_DROPPED,
              "VS Code", "omits the tool (\"$dynamicRef … not yet supported\")",
              (primary("C9", MCP_SERVER),
               observed("C9", "microsoft/vscode-json-languageservice#323")),
              variants=("input:2020-12",)),
        Entry("input-root-not-object", Severity.ERROR, Effect.REWRITTEN,
              "VS Code Copilot Chat",
              "replaces the schema with an empty object, losing every parameter",
              (primary("C8", NORMALIZER),)),
        Entry("root-combinator", Severity.WARNING, Effect.REWRITTEN,
              "VS Code Copilot Chat", "silently deletes it (the contract widens)",
              (primary("C3", NORMALIZER),)),
        Entry("required-undeclared", Severity.WARNING, Effect.REWRITTEN,
              "VS Code Copilot Chat", "silently removes the name from `required`",
              (primary("C4", NORMALIZER),)),
        Entry("type-union", Severity.WARNING, Effect.REFUSED,
              "Copilot for IntelliJ 1.5.56", "loses the whole server's tools",
              (observed("C10", "microsoft/copilot-intellij-feedback#691"),)),
        Entry("type-union", Severity.WARNING, Effect.REFUSED,
              "Copilot for IntelliJ 1.5.56",
              "loses the whole server's tools, and Copilot Chat drops `null` from a union of "
              "three or more types for Gemini models",
              (observed("C10", "microsoft/copilot-intellij-feedback#691"),
               primary("C7", NORMALIZER)), variants=("union",)),
        Entry("tool-name", Severity.WARNING, Effect.REWRITTEN,
              "VS Code", "rewrites the offending characters to `_`",
              (primary("C9", MCP_SERVER),)),
        Entry("list-as-text", Severity.WARNING, Effect.REWRITTEN,
              "GitHub Copilot CLI 1.0.76", "sends a genuine array as a string",
              (observed("C11", "github/copilot-cli#4301"),)),
    ),
)
