"""Claude strict tool use: the Anthropic TypeScript SDK's ``transformJSONSchema``, which rewrites
a tool's schema into the subset strict tool use accepts (observed). Opt-in: a server does not
choose strict mode, the application that calls the helper does.

The helper narrows nearly every schema on purpose (it closes objects and marks properties
required): those rewrites are its job and are not reported. What is reported is where it throws,
so the application cannot offer the tool at all.
"""

from __future__ import annotations

from portlint.profiles import constructs as c
from portlint.profiles.base import Effect, Entry, Observed, Profile

_WHO = "anthropic-sdk-strict"
_VERSION = "1.15.0-1.17.0"
_TOOL = Effect.TOOL
_IN = ("input",)

ENTRIES = (
    Entry("boolean-schema", _WHO, _TOOL,
          Observed((*c.BOOLEAN_TOP_LEVEL, *c.BOOLEAN_NESTED_TRUE_INPUT, *c.INPUT_ROOT_BOOLEAN,
                    *c.OUTPUT_ROOT_BOOLEAN, "bool-false-nested-property", "bool-anyof-branch-true",
                    "bool-defs-true", "bool-not-true", "bool-true-nested-output-property")),
          versions=_VERSION),
    Entry("boolean-closure", _WHO, _TOOL, Observed(("bool-items-false-with-prefixitems",)),
          ("items",), versions=_VERSION),
    Entry("untyped-schema", _WHO, _TOOL,
          Observed(("untyped-empty-property", "untyped-description-only",
                    "untyped-default-only", "untyped-items-empty",
                    "untyped-nested-object-property", "untyped-anyof-empty-branch",
                    "untyped-output-property", "control-input-any", "control-input-nested-any",
                    "control-output-any")), versions=_VERSION),
    Entry("input-root-not-object", _WHO, _TOOL,
          Observed((*c.INPUT_ROOT_UNREADABLE, "input-root-empty", "input-root-missing-type")),
          ("boolean", "not-a-schema", "no-type"), versions=_VERSION),
    Entry("output-root-not-object", _WHO, _TOOL,
          Observed(c.OUTPUT_ROOT_BOOLEAN + c.OUTPUT_ROOT_NOT_A_SCHEMA + c.OUTPUT_ROOT_NO_TYPE),
          ("boolean", "not-a-schema", "no-type"), versions=_VERSION),
    # a root `anyOf`/`oneOf` throws too, but not beside `"type": "object"`, which the rule's
    # variants do not tell apart: only the one-branch `allOf` is claimed
    Entry("root-combinator", _WHO, _TOOL, Observed(c.ROOT_SINGLE_ALLOF), ("single-allof",), _IN,
          _VERSION),
)

PROFILE = Profile(
    name="claude-strict",
    title="Claude strict tool use",
    description="The Anthropic TypeScript SDK's transformJSONSchema, for strict tool use "
                "(opt-in).",
    default=False,
    clients=(_WHO,),
    entries=ENTRIES,
)
