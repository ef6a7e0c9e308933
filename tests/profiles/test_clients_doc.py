"""docs/clients.md: generated from the committed observations and the client profiles, current,
and holding every anchor that a finding's evidence code or a rule's documentation links to."""

from __future__ import annotations

import re
from pathlib import Path

from conformance.clients_doc import render
from conformance.harness.lanes import LANES

from conformance import evidence
from portlint import profiles
from portlint.linter import lint_text
from portlint.profiles.compose import CLIENTS_URL, anchor, evidence_code
from portlint.ruledocs import rule_markdown
from portlint.rules import ALL_RULES, RULES_BY_ID, SCHEMA_RULES
from portlint.settings import Settings

DOC = Path(__file__).resolve().parents[2] / "docs" / "clients.md"


def _anchors(text: str) -> set[str]:
    return set(re.findall(r'<a id="([^"]+)"></a>', text))


def test_the_committed_document_is_current() -> None:
    assert DOC.read_text(encoding="utf-8") == render(), (
        "docs/clients.md is stale: run python scripts/generate_docs.py")


def test_every_case_a_finding_can_cite_has_its_anchor() -> None:
    anchors = _anchors(DOC.read_text(encoding="utf-8"))
    for rule in SCHEMA_RULES:
        for variant in rule.variants or (None,):
            assert anchor(rule.id, variant) in anchors, (rule.id, variant)
    assert len(anchors) == len(set(re.findall(r'<a id="([^"]+)"', DOC.read_text()))), (
        "an anchor is written twice")


def test_messages_and_rule_docs_link_to_anchors_that_exist() -> None:
    text = DOC.read_text(encoding="utf-8")
    anchors = _anchors(text)
    for rule in ALL_RULES:
        for target in re.findall(re.escape(CLIENTS_URL) + r"#([\w-]+)", rule_markdown(rule)):
            assert target in anchors, (rule.id, target)
    found = lint_text('{"name": "t", "inputSchema": {"type": "object", "properties": '
                      '{"a": true}}}', "t.json", Settings(targets=("all",))).findings
    for finding in found:
        code = re.search(r"\[(docs/clients\.md#[\w-]+)\]$", finding.message)
        assert code is not None, finding.message
        assert code.group(1).split("#")[1] in anchors
    [boolean] = [f for f in found if f.rule == "boolean-schema"]
    assert boolean.message.endswith(
        f"[{evidence_code('boolean-schema', 'top-level-property')}]")


def test_every_record_id_the_document_cites_exists() -> None:
    text = DOC.read_text(encoding="utf-8")
    ids = {record["id"] for lane in LANES for record in evidence.data(lane.id)["records"]}
    cited = set(re.findall(r"`([\w:.-]+@[\d.]+(?:-[\d.]+)?/[\w-]+)`", text))
    assert cited and cited <= ids, sorted(cited - ids)[:5]
    # every entry is shown in the section of each case it covers
    for entry in profiles.ENTRIES:
        rule = RULES_BY_ID[entry.rule]
        for variant in entry.variants or rule.variants or (None,):
            section = text.split(f'<a id="{anchor(entry.rule, variant)}"')[1].split("<a id=")[0]
            assert f"(#client-{entry.client})" in section, (entry.rule, variant, entry.client)
