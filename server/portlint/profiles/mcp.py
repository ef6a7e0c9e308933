"""The MCP SDKs' clients: what the TypeScript SDK 1.x, the TypeScript v2 client and the Python
SDK do with a tool list before any application sees it. Every entry is observed
(``conformance/observations``): the SDK's shipped code at each release, fed the case's tool list
by a fake server.

The version of ``mcp@REVISION`` is the protocol revision the server speaks: ``2025-11-25`` (the
default; also ``2025-06-18``) or ``2026-07-28``, which lifts the object-root restriction on
output schemas (SEP-2106) and which the TypeScript SDK 1.x cannot speak.
"""

from __future__ import annotations

from portlint.profiles import constructs as c
from portlint.profiles import tool_members as t
from portlint.profiles.base import LEGACY, MODERN, Effect, Entry, Observed, Profile
from portlint.profiles.families import output_compile as _compile

_LIST, _CALL = Effect.TOOL_LIST, Effect.CALL
_OUT, _IN = ("output",), ("input",)

TS_SDK = (
    Entry("boolean-schema", "ts-sdk", _LIST, Observed(c.BOOLEAN_TOP_LEVEL),
          ("top-level-property",), versions="1.22.0-1.32.2"),
    Entry("input-root-not-object", "ts-sdk", _LIST, Observed(c.INPUT_ROOT),
          versions="1.21.0-1.32.2"),
    Entry("tool-missing-input-schema", "ts-sdk", _LIST, Observed(c.INPUT_ABSENT),
          versions="1.21.0-1.32.2"),
    Entry("tool-list-entry", "ts-sdk", _LIST, Observed(c.TOOL_LIST_ENTRY),
          versions="1.21.0-1.32.2"),
    Entry("output-root-not-object", "ts-sdk", _LIST,
          Observed(c.OUTPUT_ROOT_BOOLEAN + c.OUTPUT_ROOT_NOT_A_SCHEMA + c.OUTPUT_ROOT_DECLARED),
          versions="1.21.0-1.32.2"),
    *_compile("ts-sdk", _LIST, "1.21.0-1.32.2"),
    Entry("pattern-syntax", "ts-sdk", _LIST, Observed(c.OUTPUT_PATTERN_PYTHON_ONLY),
          ("python-only",), _OUT, "1.21.0-1.32.2"),
    Entry("invalid-schema", "ts-sdk", _LIST, Observed(c.INPUT_ROOT_SHAPE), ("root-shape",),
          _IN, "1.21.0-1.32.2"),
    Entry("tool-name", "ts-sdk", _LIST, Observed(c.TOOL_NAME_MISSING), ("missing",),
          versions="1.21.0-1.32.2"),
    # 1.22.0 alone: its ToolSchema kept only type/properties/required of a schema
    Entry("local-ref", "ts-sdk", _LIST,
          Observed((*c.OUTPUT_LOCAL_REF, "remote-ref-output-declared-id")),
          ("ref-only-property", "ref", "defs"), _OUT, "1.22.0"),
    Entry("local-ref", "ts-sdk", Effect.REWRITTEN, Observed(c.INPUT_LOCAL_REF),
          ("defs",), _IN, "1.22.0",
          does="strips `$defs` from the schema it hands on"),
    Entry("open-map", "ts-sdk", _LIST, Observed(("object-output-additional-schema",)),
          ("additionalProperties",), _OUT, "1.22.0"),
    Entry("root-combinator", "ts-sdk", Effect.WIDENS,
          Observed(c.ROOT_COMBINATOR_TYPED + c.ROOT_SINGLE_ALLOF + c.ROOT_CONDITIONAL),
          ("combinator", "single-allof", "conditional"), _IN, "1.22.0",
          does="strips it from the schema it hands on"),
)

TS_CLIENT = (
    Entry("input-root-not-object", "ts-client", _LIST, Observed(c.INPUT_ROOT),
          versions="2.0.0-2.4.0"),
    Entry("tool-missing-input-schema", "ts-client", _LIST, Observed(c.INPUT_ABSENT),
          versions="2.0.0-2.4.0"),
    Entry("tool-list-entry", "ts-client", _LIST, Observed(c.TOOL_LIST_ENTRY),
          versions="2.0.0-2.4.0"),
    Entry("output-root-not-object", "ts-client", _LIST,
          Observed(c.OUTPUT_ROOT_BOOLEAN + c.OUTPUT_ROOT_NOT_A_SCHEMA + c.OUTPUT_ROOT_DECLARED),
          versions="2.0.0-2.4.0", eras=(LEGACY,)),
    Entry("output-root-not-object", "ts-client", _LIST,
          Observed(c.OUTPUT_ROOT_BOOLEAN + c.OUTPUT_ROOT_NOT_A_SCHEMA),
          ("boolean", "not-a-schema"), versions="2.0.0-2.4.0", eras=(MODERN,)),
    *_compile("ts-client", _CALL, "2.0.0-2.4.0"),
    Entry("pattern-syntax", "ts-client", _CALL, Observed(c.OUTPUT_PATTERN_PYTHON_ONLY),
          ("python-only",), _OUT, "2.0.0-2.4.0"),
    Entry("declared-dialect", "ts-client", _CALL,
          Observed(c.DIALECT_OUTPUT_DRAFT_04 + c.DIALECT_OUTPUT_DRAFT_03
                   + c.DIALECT_OUTPUT_OTHER),
          ("output:draft-04", "output:draft-03", "output:other"), versions="2.0.0-2.4.0"),
    Entry("invalid-schema", "ts-client", _LIST, Observed(c.INPUT_ROOT_SHAPE), ("root-shape",),
          _IN, "2.0.0-2.4.0", (LEGACY,)),
    Entry("tool-name", "ts-client", _LIST, Observed(c.TOOL_NAME_MISSING), ("missing",),
          versions="2.0.0-2.4.0"),
)

PYTHON_SDK = (
    Entry("boolean-schema", "python-sdk", _LIST, Observed(c.BOOLEAN_TOP_LEVEL),
          ("top-level-property",), versions="2.0.0-2.0.1", eras=(LEGACY,)),
    Entry("input-root-not-object", "python-sdk", _LIST, Observed(c.INPUT_ROOT_UNREADABLE),
          ("boolean", "not-a-schema"), versions="1.30.0-2.3.0"),
    Entry("input-root-not-object", "python-sdk", _LIST, Observed(c.INPUT_ROOT_DECLARED),
          ("type", "type-array", "no-type", "combinator", "ref"), versions="2.0.0-2.3.0"),
    Entry("tool-missing-input-schema", "python-sdk", _LIST, Observed(c.INPUT_ABSENT),
          versions="1.30.0-2.3.0"),
    Entry("tool-list-entry", "python-sdk", _LIST, Observed(c.TOOL_LIST_ENTRY),
          versions="1.30.0-2.3.0"),
    Entry("output-root-not-object", "python-sdk", _LIST, Observed(c.OUTPUT_ROOT_BOOLEAN),
          ("boolean",), versions="1.30.0-2.3.0"),
    Entry("output-root-not-object", "python-sdk", _LIST, Observed(c.OUTPUT_ROOT_DECLARED),
          ("type", "type-array", "no-type", "combinator", "ref"), versions="2.0.0-2.3.0",
          eras=(LEGACY,)),
    Entry("output-root-not-object", "python-sdk", _CALL, Observed(c.OUTPUT_ROOT_TYPE),
          ("type",), versions="1.30.0", eras=(LEGACY,)),
    *_compile("python-sdk", _CALL, "1.30.0-2.3.0"),
    Entry("pattern-syntax", "python-sdk", _CALL, Observed(c.OUTPUT_PATTERN_ECMASCRIPT_ONLY),
          ("ecmascript-only",), _OUT, "1.30.0-2.3.0"),
    Entry("tool-name", "python-sdk", _LIST, Observed(c.TOOL_NAME_MISSING), ("missing",),
          versions="1.30.0-2.3.0"),
    # the 2026-07-28 revision: a client must drop a tool whose x-mcp-header is invalid
    *(Entry("x-mcp-header", "python-sdk", Effect.TOOL, Observed(cases), (variant,), _IN,
            "2.0.0-2.3.0", (MODERN,)) for variant, cases in c.X_MCP_HEADER.items()),
)

PROFILE = Profile(
    name="mcp",
    title="MCP SDKs",
    description="The clients of the MCP TypeScript SDK (1.x and the v2 client) and the MCP "
                "Python SDK, which parse every tool list before an application sees it.",
    default=True,
    clients=("ts-sdk", "ts-client", "python-sdk"),
    entries=TS_SDK + TS_CLIENT + PYTHON_SDK + t.TS_SDK + t.TS_CLIENT + t.PYTHON_SDK,
    revisions=("2025-06-18", "2025-11-25", "2026-07-28"),
)
