"""The rule registry: every rule, one module each, documented in its module docstring."""

from __future__ import annotations

from portlint.rules import (
    alias_limit,
    array_missing_items,
    boolean_schema,
    combinator_branch_required,
    const_keyword,
    declared_dialect,
    document_too_large,
    duplicate_key,
    enum_non_string,
    hidden_constraint,
    input_root_not_object,
    internal_error,
    invalid_schema,
    list_as_text,
    local_ref,
    object_missing_properties,
    oneof_exclusivity,
    open_map,
    output_root_not_object,
    parse_error,
    remote_ref,
    required_undeclared,
    root_combinator,
    strict_additional_properties,
    strict_depth,
    strict_keyword,
    strict_limits,
    strict_required,
    tool_name,
    type_union,
    type_with_anyof,
    unknown_schema,
    untyped_property,
    untyped_schema,
    unused_suppression,
    yaml_tag,
)
from portlint.rules.base import Rule

SCHEMA_RULES: tuple[Rule, ...] = (
    boolean_schema.RULE,
    type_union.RULE,
    remote_ref.RULE,
    untyped_schema.RULE,
    input_root_not_object.RULE,
    list_as_text.RULE,
    untyped_property.RULE,
    output_root_not_object.RULE,
    root_combinator.RULE,
    array_missing_items.RULE,
    declared_dialect.RULE,
    local_ref.RULE,
    const_keyword.RULE,
    enum_non_string.RULE,
    open_map.RULE,
    type_with_anyof.RULE,
    combinator_branch_required.RULE,
    oneof_exclusivity.RULE,
    required_undeclared.RULE,
    object_missing_properties.RULE,
    tool_name.RULE,
    strict_additional_properties.RULE,
    strict_required.RULE,
    strict_keyword.RULE,
    strict_depth.RULE,
    strict_limits.RULE,
    invalid_schema.RULE,
)
SOURCE_RULES: tuple[Rule, ...] = (
    parse_error.RULE,
    duplicate_key.RULE,
    alias_limit.RULE,
    yaml_tag.RULE,
    document_too_large.RULE,
    internal_error.RULE,
    unused_suppression.RULE,
    unknown_schema.RULE,
    hidden_constraint.RULE,
)
ALL_RULES: tuple[Rule, ...] = SCHEMA_RULES + SOURCE_RULES
RULES_BY_ID: dict[str, Rule] = {rule.id: rule for rule in ALL_RULES}


def get_rule(rule_id: str) -> Rule | None:
    return RULES_BY_ID.get(rule_id)
