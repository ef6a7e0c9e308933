"""What portlint's schema rules report on a conformance case's tool under test, whatever the
targets: (rule, variant) pairs — a rule's own verdict, before the profiles decide who sees it.
The case labels are checked against it, and docs/clients.md files each case under the sections
of the variants reported on it."""

from __future__ import annotations

from functools import cache
from typing import Any

from conformance.harness.cases import SIBLING, all_cases
from portlint.config import parse_config
from portlint.rules import ALL_RULES, SCHEMA_RULES, tool_list_entry, tool_missing_input_schema
from portlint.rules.base import RootContext
from portlint.shapes import recognise
from portlint.walk import walk_indexed


def reported_on(tools: list[Any]) -> set[tuple[str, str | None]]:
    return {(rule, variant) for rule, variant, _ in reported_in_roles(tools)}


def reported_in_roles(tools: list[Any]) -> set[tuple[str, str | None, str | None]]:
    """(rule, variant, schema role) of every report; a tool without a schema is of no role."""
    settings = parse_config({"select": [rule.id for rule in ALL_RULES]}, "case").settings
    value = {"tools": tools}
    shape = recognise(value)
    found: set[tuple[str, str | None, str | None]] = set()
    previous = None
    for root in shape.roots:
        if root.tool is not None and root.tool.name == SIBLING:
            continue
        first = root.tool is None or root.tool.path != previous
        previous = root.tool.path if root.tool is not None else None
        positions, keywords, booleans = walk_indexed(root.value, root.path)
        ctx = RootContext(root, positions, keywords, settings, booleans)
        for rule in SCHEMA_RULES:
            if rule.check is None or (rule.roles is not None and root.role not in rule.roles):
                continue
            if rule.once_per_tool and not first:
                continue
            found.update((rule.id, report.variant, root.role) for report in rule.check(ctx))
    for tool, _obj in tool_missing_input_schema.schemaless_tools(shape, value):
        if tool.name != SIBLING:
            found.add((tool_missing_input_schema.RULE.id, None, None))
    for report in tool_list_entry.stray_entries(shape, value):  # never the sibling: no tool
        found.add((tool_list_entry.RULE.id, report.variant, None))
    return found


@cache
def reported(case_id: str) -> frozenset[tuple[str, str | None]]:
    return frozenset(reported_on(all_cases()[case_id].tools))


@cache
def reported_roles(case_id: str) -> frozenset[tuple[str, str | None, str | None]]:
    return frozenset(reported_in_roles(all_cases()[case_id].tools))
