"""The conformance cases behind each construct the profiles cite (``conformance/cases/**``).

A profile entry's evidence names the cases whose observations show its effect; the constructs
here are the groups entries share, named after the rule and variant that report them.
"""

from __future__ import annotations

BOOLEAN_TOP_LEVEL_INPUT = ("bool-true-top-level-input-property",
                           "bool-false-top-level-input-property",
                           "bool-true-input-property-among-many")
BOOLEAN_TOP_LEVEL_OUTPUT = ("bool-true-top-level-output-property",
                            "bool-false-top-level-output-property")
BOOLEAN_TOP_LEVEL = BOOLEAN_TOP_LEVEL_INPUT + BOOLEAN_TOP_LEVEL_OUTPUT
BOOLEAN_NESTED_TRUE_INPUT = ("bool-true-nested-property", "bool-items-true")

INPUT_ROOT_BOOLEAN = ("input-root-true", "input-root-false")
INPUT_ROOT_NOT_A_SCHEMA = ("input-root-null",)
INPUT_ROOT_TYPE = ("input-root-array", "input-root-string")
INPUT_ROOT_TYPE_ARRAY = ("input-root-object-null", "input-root-type-list-object")
INPUT_ROOT_NO_TYPE = ("input-root-missing-type", "input-root-empty", "input-root-allof-single")
INPUT_ROOT_COMBINATOR = ("input-root-anyof", "input-root-oneof")
INPUT_ROOT_REF = ("input-root-ref",)
INPUT_ROOT_DECLARED = (INPUT_ROOT_TYPE + INPUT_ROOT_TYPE_ARRAY + INPUT_ROOT_NO_TYPE
                       + INPUT_ROOT_COMBINATOR + INPUT_ROOT_REF)
INPUT_ROOT_UNREADABLE = INPUT_ROOT_BOOLEAN + INPUT_ROOT_NOT_A_SCHEMA
INPUT_ROOT = INPUT_ROOT_UNREADABLE + INPUT_ROOT_DECLARED
INPUT_ABSENT = ("input-root-absent",)
TOOL_LIST_ENTRY_NOT_OBJECT = tuple(f"tool-list-entry-{kind}" for kind in (
    "number", "string", "null", "array", "boolean"))
TOOL_LIST_ENTRY = (*TOOL_LIST_ENTRY_NOT_OBJECT, "tool-list-entry-object")

OUTPUT_ROOT_BOOLEAN = ("bool-output-root-true", "bool-output-root-false")
OUTPUT_ROOT_NOT_A_SCHEMA = ("output-root-null",)
OUTPUT_ROOT_TYPE = ("output-root-array", "output-root-string")
OUTPUT_ROOT_TYPE_ARRAY = ("output-root-object-null",)
OUTPUT_ROOT_NO_TYPE = ("output-root-missing-type", "output-root-empty",
                       "output-root-described-only")
OUTPUT_ROOT_COMBINATOR = ("output-root-anyof", "output-root-oneof")
OUTPUT_ROOT_REF = ("output-root-ref",)
OUTPUT_ROOT_SHAPED = (OUTPUT_ROOT_TYPE_ARRAY + OUTPUT_ROOT_NO_TYPE + OUTPUT_ROOT_COMBINATOR
                      + OUTPUT_ROOT_REF)
OUTPUT_ROOT_DECLARED = OUTPUT_ROOT_TYPE + OUTPUT_ROOT_SHAPED

# output schemas the SDKs compile (Ajv in TypeScript, jsonschema in Python) and cannot
OUTPUT_REMOTE_REF = ("remote-ref-output-property", "remote-ref-output-relative")
OUTPUT_DANGLING_REF = ("local-ref-output-dangling",)
OUTPUT_LOCAL_REF = ("local-ref-output-defs", "local-ref-output-definitions",
                    "local-ref-output-recursive")
OUTPUT_TYPE_NAME = ("type-int-output",)
OUTPUT_DRAFT_04_BOUND = ("exclusive-minimum-boolean-output",)
OUTPUT_PATTERN_INVALID = ("pattern-output-invalid-regex",)
OUTPUT_PATTERN_PYTHON_ONLY = ("pattern-output-python-named-group",)
OUTPUT_PATTERN_ECMASCRIPT_ONLY = ("pattern-output-unicode-property",)

INPUT_REMOTE_REF = ("remote-ref-input-property", "remote-ref-input-relative")
INPUT_LOCAL_REF = ("local-ref-input-defs", "local-ref-input-definitions", "local-ref-input-anchor",
                   "local-ref-input-in-items", "local-ref-input-recursive",
                   "local-ref-input-with-sibling", "local-ref-defs-unused", "anyof-refs",
                   "bool-defs-true", "remote-ref-declared-id")

INPUT_INVALID_TYPE_NAME = ("type-int", "type-dict")
INPUT_INVALID_BOTH = ("min-length-negative", "required-boolean-draft03",
                      "required-duplicate-names")
INPUT_INVALID_2020 = ("array-items-array-form",)
INPUT_DRAFT_04_BOUND = ("exclusive-minimum-boolean",)
INPUT_ROOT_SHAPE = ("input-root-properties-null", "input-root-required-null")

DIALECT_OUTPUT_DRAFT_04 = ("dialect-output-draft-04",)
DIALECT_OUTPUT_DRAFT_03 = ("dialect-output-draft-03",)
DIALECT_OUTPUT_OTHER = ("dialect-output-other",)

ROOT_COMBINATOR_TYPED = ("root-anyof-typed", "root-oneof-typed", "root-allof-typed-two",
                         "root-anyof-objects-with-type")
ROOT_SINGLE_ALLOF = ("root-allof-typed-single",)
ROOT_CONDITIONAL = ("root-not", "root-if-then-else")

TYPE_NULLABLE_PAIR = ("type-nullable-string", "type-null-first", "type-nullable-array",
                      "type-nullable-object", "type-nullable-in-items",
                      "array-nullable-no-items")
TYPE_UNION = ("type-string-number", "type-three-with-null")

UNTYPED_GUESSED = ("untyped-empty-property", "untyped-description-only",
                   "untyped-default-only", "untyped-items-empty",
                   "untyped-nested-object-property", "control-input-any",
                   "control-input-nested-any")
UNTYPED_SKIPPED = ("untyped-empty-property", "untyped-description-only",
                   "untyped-default-only", "untyped-items-empty",
                   "untyped-nested-object-property", "untyped-anyof-empty-branch",
                   "control-input-any", "control-input-nested-any")
REF_ONLY_PROPERTY_SKIPPED = ("local-ref-input-defs", "local-ref-input-definitions",
                             "local-ref-input-anchor", "local-ref-input-recursive",
                             "local-ref-input-dangling", "local-ref-input-properties-pointer")

ARRAY_NO_ITEMS_INPUT = ("array-no-items-input", "array-nullable-no-items")
TOOL_NAME_CHARACTERS = ("name-colon", "name-dot", "name-non-ascii", "name-slash", "name-space")
TOOL_NAME_MISSING = ("name-missing", "name-non-string")
X_MCP_HEADER = {"type": ("x-mcp-header-invalid", "x-mcp-header-number"),
                "value": ("x-mcp-header-not-token",), "position": ("x-mcp-header-in-items",),
                "duplicate": ("x-mcp-header-duplicate",)}
