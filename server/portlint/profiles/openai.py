"""OpenAI: the Codex CLI and the OpenAI Agents SDK's MCP bridge (observed; the Agents SDK lists
tools through the MCP Python SDK), OpenAI function calling without strict mode (documented: not
reproduced locally)."""

from __future__ import annotations

from portlint.model import Severity
from portlint.profiles import constructs as c
from portlint.profiles import tool_members as t
from portlint.profiles.base import (
    Documented,
    Effect,
    Entry,
    Observed,
    Profile,
    primary,
    user_report,
)
from portlint.profiles.families import on_python_sdk_2

_IN = ("input",)
_BOTH = "0.111.0-0.171.0"
_AS_STRING = 'hands the model `{"type": "string"}` in its place'

CODEX = (
    Entry("input-root-not-object", "codex", Effect.TOOL_LIST, Observed(c.INPUT_ROOT_UNREADABLE),
          ("boolean", "not-a-schema"), versions=_BOTH),
    Entry("tool-missing-input-schema", "codex", Effect.TOOL_LIST, Observed(c.INPUT_ABSENT),
          versions=_BOTH),
    Entry("tool-list-entry", "codex", Effect.TOOL_LIST, Observed(c.TOOL_LIST_ENTRY),
          versions=_BOTH),
    Entry("output-root-not-object", "codex", Effect.TOOL_LIST, Observed(c.OUTPUT_ROOT_BOOLEAN),
          ("boolean",), versions=_BOTH),
    Entry("tool-name", "codex", Effect.TOOL_LIST, Observed(c.TOOL_NAME_MISSING), ("missing",),
          versions=_BOTH),
    Entry("tool-name", "codex", Effect.RENAMED, Observed(c.TOOL_NAME_CHARACTERS),
          ("characters",), versions=_BOTH,
          does="hands the model the name with each such character as `_`"),
    Entry("boolean-schema", "codex", Effect.REWRITTEN, Observed(c.BOOLEAN_TOP_LEVEL_INPUT),
          ("top-level-property",), _IN, _BOTH, does=_AS_STRING),
    Entry("boolean-schema", "codex", Effect.REWRITTEN,
          Observed((*c.BOOLEAN_NESTED_TRUE_INPUT, "bool-false-nested-property",
                    "bool-anyof-branch-true", "bool-defs-true")),
          ("nested-property", "branch", "nested"), _IN, _BOTH, does=_AS_STRING),
    Entry("array-missing-items", "codex", Effect.NARROWS, Observed(c.ARRAY_NO_ITEMS_INPUT),
          ("input",), _IN, _BOTH, does='hands the model `"items": {"type": "string"}`'),
    Entry("root-combinator", "codex", Effect.WIDENS, Observed(c.ROOT_CONDITIONAL),
          ("conditional",), _IN, _BOTH, does="strips it before the model sees the schema"),
    Entry("invalid-schema", "codex", Effect.WIDENS, Observed(c.INPUT_INVALID_TYPE_NAME),
          ("type-name",), _IN, "0.171.0", does="strips the unknown `type`"),
    Entry("invalid-schema", "codex", Effect.REWRITTEN, Observed(c.INPUT_ROOT_SHAPE),
          ("root-shape",), _IN, _BOTH,
          does="hands the model the default in its place (`{}` or no `required`)"),
    # 0.111.0 only: 0.171.0 hands these on unchanged
    Entry("untyped-schema", "codex", Effect.NARROWS, Observed(c.UNTYPED_GUESSED), roles=_IN,
          versions="0.111.0", does="guesses `\"type\": \"string\"` for it"),
    Entry("type-union", "codex", Effect.NARROWS,
          Observed((*c.TYPE_UNION, *c.TYPE_NULLABLE_PAIR[:5], "input-root-object-null")),
          ("union", "nullable-pair"), _IN, "0.111.0", does="keeps a single type of the array"),
    Entry("root-combinator", "codex", Effect.WIDENS, Observed(c.ROOT_COMBINATOR_TYPED
                                                              + c.ROOT_SINGLE_ALLOF),
          ("combinator", "single-allof"), _IN, "0.111.0",
          does="strips it before the model sees the schema"),
    Entry("invalid-schema", "codex", Effect.TOOL, Observed(c.INPUT_INVALID_TYPE_NAME),
          ("type-name",), _IN, "0.111.0"),
)

_O1 = Documented((
    user_report("sigoden/aichat#1049; mark3labs/mcp-filesystem-server#23; "
                "digitalocean-labs/mcp-digitalocean#265 (400 Invalid schema for function: "
                "array schema missing items)", "2026-09"),
))
_O2 = Documented((
    user_report("spring-projects/spring-ai#4776; karakeep-app/karakeep#1696 (object schema "
                "missing properties)", "2026-09"),
    primary("openai/openai-agents-python src/agents/mcp/util.py @ 7f7a44f8 (adds "
            "properties: {} because OpenAI requires it)", "2026-09"),
), hedge="reported for some models and request paths only")
_N23 = Documented((
    user_report("Dicklesworthstone/flywheel_connectors#49 (schema must have type 'object' and "
                "not have 'oneOf'/'anyOf'/'allOf'/'enum'/'not' at the top level)", "2026-05-20"),
), hedge="one report, through Codex's MCP import; strict mode is documented to refuse it")

DOCUMENTED = (
    Entry("array-missing-items", "openai-api", Effect.REQUEST, _O1, ("input", "bare")),
    Entry("object-missing-properties", "openai-api", Effect.REQUEST, _O2, ("root",),
          severity=Severity.WARNING),
    Entry("root-combinator", "openai-api", Effect.REQUEST, _N23,
          ("combinator", "single-allof", "untyped-combinator"), _IN,
          severity=Severity.WARNING),
)

OPENAI_AGENTS = on_python_sdk_2("openai-agents", "0.24.0-0.25.0")

PROFILE = Profile(
    name="openai",
    title="OpenAI",
    description="The Codex CLI, OpenAI function calling without strict mode and the OpenAI "
                "Agents SDK.",
    default=True,
    clients=("codex", "openai-api", "openai-agents"),
    entries=CODEX + t.CODEX + OPENAI_AGENTS + t.OPENAI_AGENTS + DOCUMENTED,
)
