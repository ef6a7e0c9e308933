"""The conformance cases (conformance/cases/**): well-formed, each beside a clean sibling and
paired with a control that differs only in the construct, and labelled with the portlint rules
that really fire on them."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from conformance.harness.cases import SIBLING, all_cases

from portlint.config import parse_config
from portlint.linter import lint_text
from portlint.rules import ALL_RULES, RULES_BY_ID

CASES = all_cases()
SIBLING_TOOL = CASES["control-input"].tools[1]


def test_there_are_enough_cases_and_ids_match_files() -> None:
    assert len(CASES) >= 150
    for case in CASES.values():
        assert case.path.stem == case.id
        assert case.construct.strip()


@pytest.mark.parametrize("case_id", sorted(CASES))
def test_case_beside_its_clean_sibling(case_id: str) -> None:
    case = CASES[case_id]
    siblings = [t for t in case.tools if isinstance(t, dict) and t.get("name") == SIBLING]
    assert siblings == [SIBLING_TOOL]
    assert len(case.tools) >= 2


@pytest.mark.parametrize("case_id", sorted(c for c in CASES if CASES[c].control))
def test_control_exists_and_differs_only_in_the_subject(case_id: str) -> None:
    case = CASES[case_id]
    control = CASES[case.control or ""]
    assert control.control is None, f"{control.id} is a control and has no control of its own"
    assert case.digest != control.digest
    assert [t for t in case.tools if t == SIBLING_TOOL] == [
        t for t in control.tools if t == SIBLING_TOOL]


def test_every_control_is_used() -> None:
    used = Counter(c.control for c in CASES.values() if c.control)
    controls = [c.id for c in CASES.values() if c.control is None]
    assert [c for c in controls if not used[c]] == []


@pytest.mark.parametrize("case_id", sorted(c for c in CASES if CASES[c].rules))
def test_rule_labels_name_real_rules_and_variants(case_id: str) -> None:
    for label in CASES[case_id].rules:
        assert set(label) <= {"rule", "variant", "quiet", "missed"}
        rule = RULES_BY_ID.get(label["rule"])
        assert rule is not None, label
        if "variant" in label:
            assert label["variant"] in (rule.variants or ()), label


def _findings(case_id: str) -> set[str]:
    settings = parse_config({"targets": ["all"],
                             "select": [rule.id for rule in ALL_RULES]}, "case").settings
    text = json.dumps({"tools": CASES[case_id].tools})
    result = lint_text(text, "case.json", settings, assume_schema=True)
    return {f.rule for f in result.findings if f.tool != SIBLING}


@pytest.mark.parametrize("case_id", sorted(c for c in CASES if CASES[c].rules))
def test_rule_labels_agree_with_portlint(case_id: str) -> None:
    """A case labelled with a rule makes portlint report it on the tool under test; a case
    labelled quiet for a rule (left alone on purpose) or missed (a construct of the rule that
    portlint does not report yet) does not — when a missed one starts firing, drop the label."""
    reported = _findings(case_id)
    for label in CASES[case_id].rules:
        if label.get("quiet") or label.get("missed"):
            assert label["rule"] not in reported, label
        else:
            assert label["rule"] in reported, (label, sorted(reported))
