"""Client profiles: target selection, versions, the evidence behind every entry, and what a
finding says and blocks."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from portlint import linter, profiles
from portlint.cli.main import main
from portlint.config import ConfigError, parse_config
from portlint.linter import lint_text
from portlint.model import Severity
from portlint.profiles.base import Grade
from portlint.ruledocs import rule_markdown
from portlint.rules import ALL_RULES, RULES_BY_ID, SCHEMA_RULES
from portlint.settings import Settings
from tests.support.casefile import all_cases, load_case
from tests.support.corpus import SHARED


def test_default_targets_and_all() -> None:
    assert profiles.DEFAULT_TARGETS == ("mcp", "claude", "vscode", "openai")
    assert [t.label for t in profiles.resolve(())] == [
        "mcp@2025-11-25", "claude", "vscode", "openai"]
    assert [t.profile.name for t in profiles.resolve(("all",))] == [
        "mcp", "claude", "vscode", "openai", "openai-strict", "gemini"]
    assert [t.label for t in profiles.resolve(("gemini", "mcp@2026-07-28", "gemini"))] == [
        "gemini", "mcp@2026-07-28"]


@pytest.mark.parametrize(("name", "message"), [
    ("copilot", "unknown target 'copilot'; known targets: mcp, claude, vscode, openai, "
                "openai-strict, gemini, all"),
    ("claude@4", "the target 'claude' takes no version"),
    ("mcp@2024-01-01", "unknown MCP protocol revision '2024-01-01' for 'mcp'; known: "
                       "2025-06-18, 2025-11-25, 2026-07-28"),
])
def test_unknown_targets_are_refused_with_the_known_ones(name: str, message: str) -> None:
    with pytest.raises(profiles.TargetError) as error:
        profiles.resolve((name,))
    assert str(error.value) == message
    with pytest.raises(ConfigError) as config_error:
        parse_config({"targets": [name]}, "portlint.toml")
    assert message in str(config_error.value)


def test_cli_target_flag(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "t.json"
    path.write_text('{"name": "t", "inputSchema": {"type": "object", "properties": '
                    '{"mode": {"const": "fast"}}}}')
    assert main(["check", str(path)]) == 0
    capsys.readouterr()
    assert main(["check", "--format", "json", "--target", "gemini", str(path)]) == 1
    found = json.loads(capsys.readouterr().out)["findings"]
    assert [(f["rule"], f["severity"], f["path"]) for f in found] == [
        ("const-keyword", "error", "inputSchema.properties.mode")]
    assert main(["check", "--target", "gemini,nope", str(path)]) == 2
    assert "--target: unknown target 'nope'" in capsys.readouterr().err


def test_every_schema_rule_rests_on_evidence() -> None:
    listed = {e.rule for p in profiles.PROFILES for e in p.entries}
    for rule in SCHEMA_RULES:
        assert rule.universal or rule.id in listed, f"{rule.id} is in no client profile"
    assert listed <= set(RULES_BY_ID), listed - set(RULES_BY_ID)


@pytest.mark.shared_data
def test_evidence_rows_are_rows_of_the_researched_table() -> None:
    rows = set(re.findall(r"^\| ([SACOGLU]\d+) \|", (SHARED / "CLIENTS.md").read_text(),
                          re.MULTILINE))
    for profile in profiles.PROFILES:
        for entry in profile.entries:
            for evidence in entry.evidence:
                assert evidence.row in rows, (profile.name, entry.rule, evidence.row)


@pytest.mark.parametrize("profile", profiles.PROFILES, ids=lambda p: p.name)
def test_entries_cite_real_rows_and_declared_variants(profile: profiles.Profile) -> None:
    for entry in profile.entries:
        rule = RULES_BY_ID[entry.rule]
        assert entry.evidence, entry
        for evidence in entry.evidence:
            assert re.fullmatch(r"\d{4}-\d{2}(-\d{2})?", evidence.date), evidence
            assert evidence.row in rule.doc, f"{entry.rule} docs do not cite {evidence.row}"
        if all(e.grade is Grade.SECONDARY for e in entry.evidence):
            assert "secondary" in rule.doc.lower(), entry.rule
        if entry.variants is not None:
            assert rule.variants is not None and set(entry.variants) <= set(rule.variants), (
                entry.rule, entry.variants)
        for version in (entry.until, entry.since):
            assert version is None or version in profile.versions


def test_every_reported_variant_is_declared(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: set[tuple[str, str | None]] = set()
    real = linter._profiled

    def recording(rule, report, settings):  # type: ignore[no-untyped-def]
        seen.add((rule.id, report.variant))
        return real(rule, report, settings)

    monkeypatch.setattr(linter, "_profiled", recording)
    everything = Settings(targets=("all",))
    for path in all_cases():
        for fmt, section in load_case(path).sections.items():
            lint_text(section.text, f"case.{fmt}", everything)
    for rule_id, variant in seen:
        declared = RULES_BY_ID[rule_id].variants
        assert declared is None or variant in declared, (rule_id, variant)
        assert declared is not None or variant is None, (rule_id, variant)
    assert len({r for r, _ in seen}) >= 25


def test_output_root_depends_on_the_protocol_revision() -> None:
    text = ('{"name": "t", "inputSchema": {"type": "object", "properties": {}}, '
            '"outputSchema": {"type": "array", "items": {"type": "string"}}}')

    def rules(*targets: str) -> list[tuple[str, Severity]]:
        found = lint_text(text, "t.json", Settings(targets=targets)).findings
        return [(f.rule, f.severity) for f in found]

    assert rules("mcp@2025-06-18") == [("output-root-not-object", Severity.ERROR)]
    assert rules("mcp") == [("output-root-not-object", Severity.ERROR)]
    assert rules("mcp@2026-07-28") == []


def test_message_names_the_clients_and_blocking_names_the_targets() -> None:
    text = '{"name": "t", "inputSchema": {"type": "object", "properties": {"data": true}}}'
    [finding] = lint_text(text, "t.json").findings
    assert finding.rule == "boolean-schema" and finding.severity is Severity.ERROR
    assert finding.message.endswith(
        "For the selected targets: clients on the MCP TypeScript SDK 1.22–1.30 (Claude Code "
        "among them) refuse the whole tool list (S1, S3); Claude Code (MCP TypeScript SDK "
        "1.22–1.30) refuses the whole tool list (A3, S1); Codex CLI turns it into "
        '`{"type": "string"}` (O6).')
    assert finding.blocking == ("mcp", "claude")
    [nested] = lint_text(text.replace('"data": true', '"data": {"items": true}'),
                         "t.json").findings
    assert (nested.severity, nested.blocking) == (Severity.WARNING, ())


def test_a_rule_selected_by_name_runs_outside_its_targets() -> None:
    text = ('{"name": "t", "inputSchema": {"type": "object", "properties": '
            '{"o": {"$ref": "#/$defs/O"}}, "$defs": {"O": {"type": "string"}}}}')
    assert lint_text(text, "t.json").findings == []
    settings = parse_config({"select": ["local-ref"]}, "portlint.toml").settings
    found = lint_text(text, "t.json", settings).findings
    assert sorted((f.rule, f.severity.value, f.path) for f in found) == [
        ("local-ref", "warning", "inputSchema"),
        ("local-ref", "warning", "inputSchema.properties.o")]


def test_rule_docs_show_the_evidence_by_profile() -> None:
    text = rule_markdown(RULES_BY_ID["root-combinator"])
    assert "Severity under the default targets: **error**" in text
    assert ("| `claude` | `combinator` | error | the Anthropic API (Claude Code, Claude Desktop) "
            "refuses every request that carries the tool (refused) | A1 [observed] "
            "anthropics/claude-code#4886, #5319, #5878; mobile-next/mobile-mcp#344; "
            "kenn-io/kata#365 (2026-09) |") in text
    assert "| `vscode` | all | warning |" in text
    local = rule_markdown(RULES_BY_ID["local-ref"])
    assert "Severity under the default targets: **off (on in `gemini`)**" in local
    assert all("## Evidence by client profile" in rule_markdown(r) for r in ALL_RULES
               if r.kind == "schema")


def test_matrix_format(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "tools.json"
    path.write_text(json.dumps({"tools": [
        {"name": "ok", "inputSchema": {"type": "object", "properties": {}}},
        {"name": "pick", "inputSchema": {"type": "object", "properties": {},
                                         "anyOf": [{"required": ["a"]}]}},
        {"name": "list", "inputSchema": {"type": "object", "properties": {
            "p": {"type": "array"}}}}]}))
    assert main(["check", "--format", "matrix", str(path)]) == 1
    out = capsys.readouterr().out
    shown = str(path) if not str(path).startswith(str(Path.cwd())) else str(
        path.relative_to(Path.cwd()))
    assert out == (
        f"{shown}\n"
        "  tool           mcp@2025-11-25  claude             vscode                 openai\n"
        "  tools[0] ok    ✓               ✓                  ✓                      ✓\n"
        "  tools[1] pick  ✓               ✗ root-combinator  ✓                      ✓\n"
        "  tools[2] list  ✓               ✓                  ✗ array-missing-items  "
        "✗ array-missing-items\n"
        "\n"
        "1 of 3 tools have no error for any of: mcp@2025-11-25, claude, vscode, openai. ✓: no "
        "error for that client (warnings may remain); ✗: the rules that are errors for it.\n")
