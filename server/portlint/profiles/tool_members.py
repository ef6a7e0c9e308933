"""What each observed client does with an MCP tool's own members: a member of the wrong type
(tool-field-type, one conformance case per variant) and a name two tools share (tool-name's
``duplicate``).

The clients parse a ``tools/list`` result against their own Tool type. The TypeScript parsers
(the TypeScript SDK, the v2 client, Claude Code, Gemini CLI core, the libraries on the
TypeScript SDK) refuse every member of the wrong type, `null` included; the Python SDK's
Pydantic models read a `null` as absent and coerce the string `"true"` to a boolean, and refuse
the rest. A refusal loses the whole list. Members a release does not know yet are dropped, not
checked: the TypeScript SDK checks `execution` from 1.24.0 and an icon's `theme` from 1.25.0, the
Python SDK an icon's `theme` from 2.0.0. The profiles take their entries from here; the
agreement test holds every entry to the observations of its client.
"""

from __future__ import annotations

from portlint.profiles.base import LEGACY, Effect, Entry, Observed

FIELD_RULE = "tool-field-type"
CASES: dict[str, tuple[str, ...]] = {
    "description": ("tool-description-non-string",),
    "description-null": ("tool-description-null",),
    "title": ("tool-title-non-string",),
    "title-null": ("tool-title-null",),
    "annotations": ("tool-annotations-non-object",),
    "annotations-null": ("tool-annotations-null",),
    "annotations.hint": ("tool-annotations-hint-string",),
    "annotations.title": ("tool-annotations-title-non-string",),
    "icons": ("tool-icons-non-array",),
    "icons.src": ("tool-icon-no-src",),
    "icons.theme": ("tool-icon-theme-invalid",),
    "_meta": ("tool-meta-non-object",),
    "execution": ("tool-execution-non-object",),
    "execution.taskSupport": ("tool-execution-task-support-invalid",),
}
DUPLICATE_NAME = ("name-duplicate",)

EVERY = tuple(CASES)
THEME = ("icons.theme",)
EXECUTION = ("execution", "execution.taskSupport")
NULLS = ("description-null", "title-null", "annotations-null")
# what Pydantic's parse lets through: a null read as absent, "true" coerced to true
PYDANTIC_LAX = (*NULLS, "annotations.hint")


def _but(*left_out: tuple[str, ...]) -> tuple[str, ...]:
    dropped = {v for group in left_out for v in group}
    return tuple(v for v in EVERY if v not in dropped)


PYDANTIC = _but(PYDANTIC_LAX, THEME)  # refused by the Python SDK's models in every release


def fields(client: str, versions: str, variants: tuple[str, ...],
           effect: Effect = Effect.TOOL_LIST, eras: tuple[str, ...] | None = None
           ) -> tuple[Entry, ...]:
    """One entry per variant: the client at ``versions`` refuses that member's wrong type."""
    return tuple(Entry(FIELD_RULE, client, effect, Observed(CASES[v]), (v,), versions=versions,
                       eras=eras) for v in variants)


def duplicate(client: str, versions: str, effect: Effect) -> Entry:
    return Entry("tool-name", client, effect, Observed(DUPLICATE_NAME), ("duplicate",),
                 versions=versions)


TS_SDK = (*fields("ts-sdk", "1.21.0-1.32.2", _but(THEME, EXECUTION)),
          *fields("ts-sdk", "1.25.0-1.32.2", THEME),
          *fields("ts-sdk", "1.24.0-1.32.2", EXECUTION))
# in the 2026-07-28 era the v2 client removes an `execution` it cannot read (a rewrite)
TS_CLIENT = (*fields("ts-client", "2.0.0-2.4.0", _but(EXECUTION)),
             *fields("ts-client", "2.0.0-2.4.0", EXECUTION, eras=(LEGACY,)))
PYTHON_SDK = (*fields("python-sdk", "1.30.0-2.3.0", PYDANTIC),
              *fields("python-sdk", "2.0.0-2.3.0", THEME))
CLAUDE_CODE = (*fields("claude-code", "2.1.332-2.1.337", _but(EXECUTION)),
               *fields("claude-code", "2.1.332-2.1.337", EXECUTION, eras=(LEGACY,)),
               duplicate("claude-code", "2.1.332-2.1.337", Effect.TOOL))
# Codex hands a null on as absent; 0.171.0 accepts a wrong `execution`
CODEX = (*fields("codex", "0.111.0-0.171.0", _but(NULLS, THEME, EXECUTION)),
         *fields("codex", "0.171.0", THEME),
         *fields("codex", "0.111.0", EXECUTION),
         duplicate("codex", "0.111.0-0.171.0", Effect.TOOL))
GEMINI_CLI = (*fields("gemini-cli-core", "0.7.0-0.61.0", _but(THEME, EXECUTION)),
              *fields("gemini-cli-core", "0.7.0-0.8.2", THEME + EXECUTION),
              duplicate("gemini-cli-core", "0.7.0-0.8.2", Effect.TOOL_LIST))
ANTHROPIC_SDK = fields("anthropic-sdk", "1.15.0-1.17.0", EVERY)
OPENAI_AGENTS = fields("openai-agents", "0.24.0-0.25.0", PYDANTIC + THEME)
OPENAI_AGENTS_STRICT = fields("openai-agents-strict", "0.24.0-0.25.0", PYDANTIC + THEME)
GOOGLE_GENAI_JS = (*fields("google-genai-js", "1.5.0-3.6.1", EVERY),
                   duplicate("google-genai-js", "1.5.0-3.6.1", Effect.TOOL_LIST))
GOOGLE_GENAI_PY = (*fields("google-genai-py", "3.6.1", PYDANTIC + THEME),
                   duplicate("google-genai-py", "3.6.1", Effect.TOOL_LIST))
LANGCHAIN_GOOGLE_GENAI = fields("langchain-google-genai", "4.4.3", PYDANTIC)
LANGCHAIN_MCP_ADAPTERS = fields("langchain-mcp-adapters", "0.3.2", PYDANTIC)
LLAMA_INDEX = fields("llama-index-tools-mcp", "0.6.0", PYDANTIC + THEME)
