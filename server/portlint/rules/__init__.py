"""The rule registry: every rule, one module each, documented in its module docstring."""

from __future__ import annotations

from portlint.rules import (
    alias_limit,
    boolean_schema,
    document_too_large,
    duplicate_key,
    input_root_not_object,
    internal_error,
    list_as_text,
    parse_error,
    remote_ref,
    type_union,
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
)
SOURCE_RULES: tuple[Rule, ...] = (
    parse_error.RULE,
    duplicate_key.RULE,
    alias_limit.RULE,
    yaml_tag.RULE,
    document_too_large.RULE,
    internal_error.RULE,
    unused_suppression.RULE,
)
ALL_RULES: tuple[Rule, ...] = SCHEMA_RULES + SOURCE_RULES
RULES_BY_ID: dict[str, Rule] = {rule.id: rule for rule in ALL_RULES}


def get_rule(rule_id: str) -> Rule | None:
    return RULES_BY_ID.get(rule_id)
