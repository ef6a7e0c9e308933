"""VS Code and GitHub Copilot: VS Code's MCP client (which validates input schemas against
draft-07), Copilot Chat's schema normaliser, Copilot for IntelliJ and the Copilot CLI. Documented:
not reproduced locally (closed or editor-hosted clients)."""

from __future__ import annotations

from portlint.model import Severity
from portlint.profiles.base import Documented, Effect, Entry, Profile, primary, user_report

NORMALIZER = primary("microsoft/vscode-copilot-chat src/extension/tools/common/"
                     "toolSchemaNormalizer.ts @ 1700547f", "2026-09")
MCP_SERVER = primary("microsoft/vscode src/vs/workbench/contrib/mcp/common/mcpServer.ts @ "
                     "0052d689 (_normalizeTool, _getValidatedTools)", "2026-09")
_IN = ("input",)
_INVALID_07 = ("draft-07", "both", "type-name", "draft-04-bound", "root-shape", "root-type")

PROFILE = Profile(
    name="vscode",
    title="VS Code / GitHub Copilot",
    description="VS Code's MCP client and Copilot Chat (agent mode), Copilot for IntelliJ, and "
                "the Copilot CLI.",
    default=True,
    clients=("vscode-mcp", "copilot-chat", "copilot-intellij", "copilot-cli"),
    entries=(
        Entry("array-missing-items", "copilot-chat", Effect.REQUEST, Documented((
            NORMALIZER,
            user_report("microsoft/vscode-copilot-release#7462; kocierik/mcp-nomad#10 (tool "
                        "parameters array type must have items)", "2026-09"))),
              ("input", "bare")),
        Entry("invalid-schema", "vscode-mcp", Effect.TOOL, Documented((MCP_SERVER,)),
              _INVALID_07, _IN),
        Entry("invalid-schema", "copilot-chat", Effect.REQUEST, Documented((NORMALIZER,)),
              _INVALID_07, _IN),
        Entry("declared-dialect", "vscode-mcp", Effect.TOOL, Documented((
            MCP_SERVER,
            user_report("microsoft/vscode-json-languageservice#323 (open; $dynamicRef not yet "
                        "supported by the validator)", "2026-04"))),
              ("input:2020-12",)),
        Entry("input-root-not-object", "copilot-chat", Effect.REWRITTEN,
              Documented((NORMALIZER,)),
              does='replaces it with `{"type": "object", "properties": {}}`, losing every '
                   "parameter"),
        Entry("root-combinator", "copilot-chat", Effect.WIDENS, Documented((NORMALIZER,)),
              roles=_IN, does="deletes it before the model sees the schema"),
        Entry("required-undeclared", "copilot-chat", Effect.WIDENS, Documented((NORMALIZER,)),
              roles=_IN, does="removes the name from `required`"),
        Entry("type-union", "copilot-intellij", Effect.TOOL_LIST, Documented((
            user_report("microsoft/copilot-intellij-feedback#691 (JsonSyntaxException: "
                        "Expected STRING but was BEGIN_ARRAY … .type)", "2026-09"),),
            hedge="one report against 1.5.56; later releases were not checked"),
              roles=_IN, severity=Severity.WARNING),
        Entry("tool-name", "vscode-mcp", Effect.RENAMED, Documented((MCP_SERVER,)),
              ("characters",), does="rewrites each such character to `_`"),
        Entry("list-as-text", "copilot-cli", Effect.REWRITTEN, Documented((
            user_report("github/copilot-cli#4301 (open)", "2026-09"),)),
              roles=_IN, does="sends a genuine array argument as a string"),
    ),
)
