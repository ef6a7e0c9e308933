"""Rule declarations hold: each rule listed once, every rule with `.case` fixtures, and each
rule's declared fix availability the fixes it really offers."""

from __future__ import annotations

import ast
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path

import pytest

from portlint import rules
from portlint.linter import lint_text
from portlint.model import Applicability
from portlint.rules import ALL_RULES, RULES_BY_ID, SCHEMA_RULES
from portlint.rules.base import FixAvailability, Report, RootContext, Rule, Triggers
from portlint.rules.selection import active_rules
from portlint.settings import Settings
from tests.support.casefile import all_cases, load_case
from tests.support.generated import corpus

RULES_DIR = Path(rules.__file__).parent

# Rules whose findings a `.case` (a JSON or YAML document linted alone) cannot show, and the
# tests that show them instead.
NOT_IN_CASES = {
    "internal-error": "tests/robustness/test_server_resilience.py (a rule made to crash)",
    "unknown-schema": "tests/python/test_python_files.py (Python servers)",
    "hidden-constraint": "tests/python/test_python_files.py (Python servers)",
    "server-list-fails": "tests/python/test_lowlevel_wire.py, tests/typescript/test_zod4_checks.py",
    "tool-shadowed": "tests/python/test_duplicate_names.py (Python servers)",
    "tool-wrapped": "tests/python/test_applied_decorators.py (Python servers)",
    "server-start-fails": "tests/python/test_import_outcomes.py (Python servers and their pins)",
    "tool-call-fails": "tests/python/test_call_outcomes.py (Python servers)",
    "breaking-change": "tests/live/test_diff_and_baseline.py (`portlint diff`)",
    "compatible-change": "tests/live/test_diff_and_baseline.py (`portlint diff`)",
    "snapshot-outdated": "tests/live/test_live_servers.py (`check --server --snapshot`)",
}


def _declared_modules() -> list[str]:
    """The modules under rules/ that declare a RULE."""
    found = []
    for path in sorted(RULES_DIR.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if any(isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "RULE" for t in node.targets)
               for node in tree.body):
            found.append(path.stem)
    return found


def test_each_rule_module_is_listed_once_and_ids_are_unique() -> None:
    listed = [*rules.SCHEMA_RULE_MODULES, *rules.SOURCE_RULE_MODULES]
    assert len(listed) == len(set(listed))
    assert sorted(listed) == _declared_modules()
    assert len(RULES_BY_ID) == len(ALL_RULES)
    for name, rule in zip(listed, ALL_RULES, strict=True):
        assert rule.id == name.replace("_", "-"), (name, rule.id)  # one rule per file, named so
        assert (rule.kind == "schema") == (name in rules.SCHEMA_RULE_MODULES), name
        # a schema rule of no role is about a tool list, not a schema: the linter asks it once
        # per document (tool-list-entry), and it has no per-root check
        per_document = rule.kind == "schema" and rule.roles == frozenset()
        assert (rule.check is not None) == (rule.kind == "schema" and not per_document), name


def test_every_rule_has_cases() -> None:
    expected = {e.rule for path in all_cases() for e in load_case(path).expected}
    for rule in ALL_RULES:
        if rule.id in NOT_IN_CASES:
            assert rule.id not in expected, f"{rule.id} has cases now: drop its exemption"
            continue
        assert rule.id in expected, f"no .case file under tests/cases expects {rule.id}"


def test_triggers_are_typed() -> None:
    for rule in SCHEMA_RULES:
        if rule.triggers is None:
            continue
        assert isinstance(rule.triggers, Triggers), rule.id
        assert rule.triggers.keywords or rule.triggers.facts, rule.id  # else: None
        assert all(isinstance(k, str) and k for k in rule.triggers.keywords), rule.id


def _recording(rule: Rule, seen: dict[str, set[Applicability]]) -> Rule:
    check = rule.check
    if check is None:  # asked per document, not per root: it offers no fix (checked below)
        return rule

    def recorded(ctx: RootContext) -> Iterable[Report]:
        for report in check(ctx):
            seen[rule.id].update(plan.applicability for plan in report.fixes)
            yield report

    return rule._replace(check=recorded)


@pytest.fixture(scope="module")
def offered() -> dict[str, set[Applicability]]:
    """Every fix plan each schema rule makes over the rule cases and the generated corpus,
    with every target selected and every rule switched on."""
    seen: dict[str, set[Applicability]] = defaultdict(set)
    # every rule selected by name too: a rule whose clients speak another protocol revision
    # than the default one (x-mcp-header) is on as well
    everything = Settings(targets=("all",), require_typed_properties=True,
                          select=frozenset(r.id for r in SCHEMA_RULES))
    recording = [_recording(r, seen) for r in active_rules(everything).rules]
    texts = [(f"case.{fmt}", section.text) for path in all_cases()
             for fmt, section in load_case(path).sections.items()]
    texts += list(corpus().items())
    for name, text in texts:
        lint_text(text, name, everything, assume_schema=True, rules=recording)
    return seen


@pytest.mark.parametrize("rule", SCHEMA_RULES, ids=[r.id for r in SCHEMA_RULES])
def test_declared_fix_availability_is_what_the_rule_offers(
        rule: Rule, offered: dict[str, set[Applicability]]) -> None:
    assert isinstance(rule.fix, FixAvailability)
    assert offered[rule.id] == set(rule.fix.applicabilities), rule.id


def test_source_rules_declare_no_fix_unless_they_make_one() -> None:
    # unused-suppression is the only source rule with an edit (removing the comment)
    for rule in ALL_RULES:
        if rule.kind == "source":
            want = (FixAvailability.SAFE if rule.id == "unused-suppression"
                    else FixAvailability.NONE)
            assert rule.fix is want, rule.id
