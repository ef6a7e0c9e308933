"""VS Code and GitHub Copilot: VS Code's MCP client (which validates input schemas against
draft-07; observed through an approximation — vscode-json-languageservice run through the steps
of VS Code's tool normalisation — and documented where the approximation does not reach),
Copilot Chat's schema normaliser, Copilot for IntelliJ and the Copilot CLI (documented: not
reproduced locally)."""

from __future__ import annotations

from portlint.model import Severity
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

NORMALIZER = primary("microsoft/vscode-copilot-chat src/extension/tools/common/"
                     "toolSchemaNormalizer.ts @ 1700547f", "2026-09")
MCP_SERVER = primary("microsoft/vscode src/vs/workbench/contrib/mcp/common/mcpServer.ts @ "
                     "0052d689 (_normalizeTool, _getValidatedTools)", "2026-09")
_IN = ("input",)
_INVALID_07 = ("draft-07", "both", "type-name", "draft-04-bound", "root-shape", "root-type")
_APPROX = "vscode-json-languageservice"
_BOTH = "5.6.0-5.7.2"
APPROXIMATION = (
    Entry("invalid-schema", _APPROX, Effect.TOOL,
          Observed(c.INPUT_INVALID_TYPE_NAME + c.INPUT_INVALID_BOTH + c.INPUT_DRAFT_04_BOUND
                   + c.INPUT_ROOT_SHAPE),
          ("both", "type-name", "draft-04-bound", "root-shape"), _IN, _BOTH),
    Entry("input-root-not-object", _APPROX, Effect.TOOL, Observed(c.INPUT_ROOT_NOT_A_SCHEMA),
          ("not-a-schema",), versions=_BOTH),
    Entry("declared-dialect", _APPROX, Effect.TOOL, Observed(("dialect-input-2020-12",)),
          ("input:2020-12",), versions="5.6.0"),
    Entry("tool-name", _APPROX, Effect.RENAMED, Observed(c.TOOL_NAME_CHARACTERS),
          ("characters",), versions=_BOTH, does="rewrites each such character to `_`"),
)

PROFILE = Profile(
    name="vscode",
    title="VS Code / GitHub Copilot",
    description="VS Code's MCP client and Copilot Chat (agent mode), Copilot for IntelliJ, and "
                "the Copilot CLI.",
    default=True,
    clients=("vscode-json-languageservice", "vscode-mcp", "copilot-chat", "copilot-intellij",
             "copilot-cli"),
    entries=(
        *APPROXIMATION,
        Entry("array-missing-items", "copilot-chat", Effect.REQUEST, Documented((
            NORMALIZER,
            user_report("microsoft/vscode-copilot-release#7462; kocierik/mcp-nomad#10 (tool "
                        "parameters array type must have items)", "2026-09"))),
              ("input", "bare")),
        # what the approximation does not show: draft-07-only failures, a root type name
        Entry("invalid-schema", "vscode-mcp", Effect.TOOL, Documented((MCP_SERVER,)),
              ("draft-07", "root-type"), _IN),
        Entry("invalid-schema", "copilot-chat", Effect.REQUEST, Documented((NORMALIZER,)),
              _INVALID_07, _IN),
        Entry("declared-dialect", "vscode-mcp", Effect.TOOL, Documented((
            MCP_SERVER,
            user_report("microsoft/vscode-json-languageservice#323 ($dynamicRef not yet "
                        "supported by the validator)", "2026-04")),
            hedge="vscode-json-languageservice 5.7.2 no longer refuses it (observed); which "
                  "VS Code release ships which version was not established"),
              ("input:2020-12",), severity=Severity.WARNING),
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
        Entry("list-as-text", "copilot-cli", Effect.REWRITTEN, Documented((
            user_report("github/copilot-cli#4301 (open)", "2026-09"),)),
              roles=_IN, does="sends a genuine array argument as a string"),
    ),
)
