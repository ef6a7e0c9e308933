"""The rule registry: every rule, one module each, documented in its module docstring.

Each rule is listed once, by module name, in the order rules run and are documented; its
``RULE`` says what kind it is. ``scripts/new_rule.py`` adds a name here with a new module.
"""

from __future__ import annotations

from importlib import import_module

from portlint.rules.base import Rule

SCHEMA_RULE_MODULES = (
    "boolean_schema",
    "type_union",
    "remote_ref",
    "untyped_schema",
    "input_root_not_object",
    "list_as_text",
    "untyped_property",
    "output_root_not_object",
    "root_combinator",
    "array_missing_items",
    "declared_dialect",
    "local_ref",
    "const_keyword",
    "enum_non_string",
    "open_map",
    "type_with_anyof",
    "combinator_branch_required",
    "oneof_exclusivity",
    "required_undeclared",
    "object_missing_properties",
    "tool_name",
    "tool_missing_input_schema",
    "tool_list_entry",
    "tool_field_type",
    "x_mcp_header",
    "strict_additional_properties",
    "strict_required",
    "strict_keyword",
    "strict_depth",
    "strict_limits",
    "invalid_schema",
    "pattern_syntax",
    "boolean_closure",
)
SOURCE_RULE_MODULES = (
    "parse_error",
    "duplicate_key",
    "alias_limit",
    "yaml_tag",
    "document_too_large",
    "internal_error",
    "unused_suppression",
    "unknown_schema",
    "hidden_constraint",
    "server_list_fails",
    "server_start_fails",
    "tool_call_fails",
    "tool_shadowed",
    "tool_wrapped",
    "breaking_change",
    "compatible_change",
    "snapshot_outdated",
)


def _rules(names: tuple[str, ...]) -> tuple[Rule, ...]:
    found = []
    for name in names:
        rule = import_module(f"{__name__}.{name}").RULE
        assert isinstance(rule, Rule), name
        found.append(rule)
    return tuple(found)


SCHEMA_RULES: tuple[Rule, ...] = _rules(SCHEMA_RULE_MODULES)
SOURCE_RULES: tuple[Rule, ...] = _rules(SOURCE_RULE_MODULES)
ALL_RULES: tuple[Rule, ...] = SCHEMA_RULES + SOURCE_RULES
RULES_BY_ID: dict[str, Rule] = {rule.id: rule for rule in ALL_RULES}
