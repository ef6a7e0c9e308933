"""Entries shared by clients built on the same MCP SDK: a library that lists tools through the
MCP TypeScript SDK 1.x (the Anthropic SDK's mcpTools, the Google Gen AI SDK's mcpToTool) or the
MCP Python SDK 1.x (LangChain's MCP adapters) inherits what that SDK does to a tool list. Each
client still cites its own observations: the entries are built per client, and the agreement
test checks every one against that client's records."""

from __future__ import annotations

from portlint.profiles import constructs as c
from portlint.profiles.base import Effect, Entry, Observed

_OUT, _IN = ("output",), ("input",)
COMPILE = (("remote-ref", None, c.OUTPUT_REMOTE_REF),
           ("local-ref", ("dangling",), c.OUTPUT_DANGLING_REF),
           ("invalid-schema", ("type-name",), c.OUTPUT_TYPE_NAME),
           ("invalid-schema", ("draft-04-bound",), c.OUTPUT_DRAFT_04_BOUND),
           ("pattern-syntax", ("invalid",), c.OUTPUT_PATTERN_INVALID))


# a client that compiles output schemas itself with Ajv refuses a Python-only pattern as well
_COMPILE_ECMASCRIPT = (*COMPILE[:-1], ("pattern-syntax", ("invalid", "python-only"),
                                       c.OUTPUT_PATTERN_INVALID + c.OUTPUT_PATTERN_PYTHON_ONLY))


def output_compile(client: str, effect: Effect, versions: str,
                   eras: tuple[str, ...] | None = None, *,
                   python_only_patterns: bool = False) -> tuple[Entry, ...]:
    """The output schemas an SDK cannot compile: one entry per construct (a pattern only
    ECMAScript or only Python compiles is the SDK's own entry, unless
    ``python_only_patterns``: the client's own Ajv refuses those too)."""
    constructs = _COMPILE_ECMASCRIPT if python_only_patterns else COMPILE
    return tuple(Entry(rule, client, effect, Observed(cases), variants, _OUT, versions, eras)
                 for rule, variants, cases in constructs)


def on_ts_sdk(client: str, versions: str) -> tuple[Entry, ...]:
    """A client whose tool list goes through the MCP TypeScript SDK 1.23 or later."""
    tl = Effect.TOOL_LIST
    return (
        Entry("boolean-schema", client, tl, Observed(c.BOOLEAN_TOP_LEVEL),
              ("top-level-property",), versions=versions),
        Entry("input-root-not-object", client, tl, Observed(c.INPUT_ROOT), versions=versions),
        Entry("tool-missing-input-schema", client, tl, Observed(c.INPUT_ABSENT),
              versions=versions),
        Entry("tool-list-entry", client, tl, Observed(c.TOOL_LIST_ENTRY),
              versions=versions),
        Entry("output-root-not-object", client, tl,
              Observed(c.OUTPUT_ROOT_BOOLEAN + c.OUTPUT_ROOT_NOT_A_SCHEMA
                       + c.OUTPUT_ROOT_DECLARED), versions=versions),
        *output_compile(client, tl, versions),
        Entry("pattern-syntax", client, tl, Observed(c.OUTPUT_PATTERN_PYTHON_ONLY),
              ("python-only",), _OUT, versions),
        Entry("invalid-schema", client, tl, Observed(c.INPUT_ROOT_SHAPE), ("root-shape",), _IN,
              versions),
        Entry("tool-name", client, tl, Observed(c.TOOL_NAME_MISSING), ("missing",),
              versions=versions),
    )


def on_python_sdk_1(client: str, versions: str) -> tuple[Entry, ...]:
    """A client whose tool list goes through the MCP Python SDK 1.x: only a root that is no
    schema object loses the list; output schemas are compiled when the tool is called."""
    tl, call = Effect.TOOL_LIST, Effect.CALL
    return (
        Entry("input-root-not-object", client, tl, Observed(c.INPUT_ROOT_UNREADABLE),
              ("boolean", "not-a-schema"), versions=versions),
        Entry("tool-missing-input-schema", client, tl, Observed(c.INPUT_ABSENT),
              versions=versions),
        Entry("tool-list-entry", client, tl, Observed(c.TOOL_LIST_ENTRY),
              versions=versions),
        Entry("output-root-not-object", client, tl, Observed(c.OUTPUT_ROOT_BOOLEAN),
              ("boolean",), versions=versions),
        Entry("output-root-not-object", client, call, Observed(c.OUTPUT_ROOT_TYPE), ("type",),
              versions=versions),
        *output_compile(client, call, versions),
        Entry("pattern-syntax", client, call, Observed(c.OUTPUT_PATTERN_ECMASCRIPT_ONLY),
              ("ecmascript-only",), _OUT, versions),
        Entry("tool-name", client, tl, Observed(c.TOOL_NAME_MISSING), ("missing",),
              versions=versions),
    )


def on_python_sdk_2(client: str, versions: str) -> tuple[Entry, ...]:
    """A client whose tool list goes through the MCP Python SDK 2.x: an input root that is not
    an object, and an output root that is not an object (a boolean, or a declared other kind),
    lose the list; output schemas it cannot compile fail when the tool is called."""
    tl, call = Effect.TOOL_LIST, Effect.CALL
    return (
        Entry("input-root-not-object", client, tl, Observed(c.INPUT_ROOT), versions=versions),
        Entry("tool-missing-input-schema", client, tl, Observed(c.INPUT_ABSENT),
              versions=versions),
        Entry("tool-list-entry", client, tl, Observed(c.TOOL_LIST_ENTRY),
              versions=versions),
        Entry("output-root-not-object", client, tl,
              Observed(c.OUTPUT_ROOT_BOOLEAN + c.OUTPUT_ROOT_DECLARED),
              ("boolean", "type", "type-array", "no-type", "combinator", "ref"),
              versions=versions),
        *output_compile(client, call, versions),
        Entry("pattern-syntax", client, call, Observed(c.OUTPUT_PATTERN_ECMASCRIPT_ONLY),
              ("ecmascript-only",), _OUT, versions),
        Entry("tool-name", client, tl, Observed(c.TOOL_NAME_MISSING), ("missing",),
              versions=versions),
    )
