"""Client profiles: target selection (profiles, clients, releases, protocol revisions), the shape
of the evidence behind every entry, and what a finding says and blocks."""

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
from portlint.profiles.base import Documented, Observed, Status
from portlint.profiles.clients import CLIENTS_BY_ID
from portlint.ruledocs import rule_markdown
from portlint.rules import ALL_RULES, RULES_BY_ID, SCHEMA_RULES
from portlint.settings import Settings
from tests.support.casefile import all_cases, load_case


def _selected(names: tuple[str, ...]) -> list[tuple[str, str, tuple[str, ...]]]:
    return [(s.client.id, s.era, s.versions) for t in profiles.resolve(names)
            for s in t.selections if s.client.observed]


def test_default_targets_and_all() -> None:
    assert profiles.DEFAULT_TARGETS == ("mcp", "claude", "vscode", "openai")
    assert [t.label for t in profiles.resolve(())] == [
        "mcp@2025-11-25", "claude", "vscode", "openai"]
    assert [t.name for t in profiles.resolve(("all",))] == [
        "mcp", "claude", "vscode", "openai", "openai-strict", "claude-strict", "gemini",
        "frameworks"]
    assert [t.label for t in profiles.resolve(("gemini", "mcp@2026-07-28", "gemini"))] == [
        "gemini", "mcp@2026-07-28"]
    assert _selected(()) == [
        ("ts-sdk", "2025-11-25", ("1.32.2",)), ("ts-client", "2025-11-25", ("2.4.0",)),
        ("python-sdk", "2025-11-25", ("2.3.0",)), ("claude-code", "2025-11-25", ("2.1.337",)),
        ("anthropic-sdk", "", ("1.17.0",)), ("vscode-json-languageservice", "", ("5.7.2",)),
        ("codex", "2025-11-25", ("0.171.0",)), ("openai-agents", "", ("0.25.0",))]


def test_client_targets_take_releases_prefixes_and_ranges() -> None:
    assert _selected(("ts-sdk@1.22.0",)) == [("ts-sdk", "2025-11-25", ("1.22.0",))]
    assert _selected(("ts-sdk@1.21",)) == [
        ("ts-sdk", "2025-11-25", ("1.21.0", "1.21.1", "1.21.2"))]
    assert _selected(("python-sdk@2.0.0-2.1",)) == [
        ("python-sdk", "2025-11-25", ("2.0.0", "2.0.1", "2.1.0", "2.1.1"))]
    assert _selected(("python-sdk@2",)) == [
        ("python-sdk", "2025-11-25", ("2.0.0", "2.0.1", "2.1.0", "2.1.1", "2.2.0", "2.3.0"))]
    assert [t.label for t in profiles.resolve(("codex@0.111.0", "vscode"))] == [
        "codex@0.111.0", "vscode"]


def test_a_client_named_replaces_its_profile_selection() -> None:
    assert _selected(("mcp", "ts-sdk@1.22.0")) == [
        ("ts-client", "2025-11-25", ("2.4.0",)), ("python-sdk", "2025-11-25", ("2.3.0",)),
        ("ts-sdk", "2025-11-25", ("1.22.0",))]


def test_the_protocol_revision_picks_the_era_of_every_client() -> None:
    # the TypeScript SDK 1.x cannot speak 2026-07-28: the profile leaves it out
    assert _selected(("mcp@2026-07-28", "claude")) == [
        ("ts-client", "2026-07-28", ("2.4.0",)), ("python-sdk", "2026-07-28", ("2.3.0",)),
        ("claude-code", "2026-07-28", ("2.1.337",)), ("anthropic-sdk", "", ("1.17.0",))]
    # named on its own, it stays, with its only era
    assert _selected(("mcp@2026-07-28", "ts-sdk")) == [
        ("ts-client", "2026-07-28", ("2.4.0",)), ("python-sdk", "2026-07-28", ("2.3.0",)),
        ("ts-sdk", "2025-11-25", ("1.32.2",))]
    assert _selected(("mcp@2025-06-18",))[0] == ("ts-sdk", "2025-11-25", ("1.32.2",))


@pytest.mark.parametrize(("name", "message"), [
    ("copilot", "unknown target 'copilot'; known targets: mcp, claude, vscode, openai, "
                "openai-strict, claude-strict, gemini, frameworks, all, ts-sdk, ts-client, "
                "python-sdk, claude-code, codex, gemini-cli-core, anthropic-sdk, "
                "anthropic-sdk-strict, openai-agents, openai-agents-strict, "
                "vscode-json-languageservice, google-genai-js, google-genai-py, "
                "langchain-google-genai, langchain-mcp-adapters, llama-index-tools-mcp, "
                "anthropic-api, bedrock, claude-desktop, vscode-mcp, copilot-chat, "
                "copilot-intellij, copilot-cli, openai-api, openai-api-strict, gemini-api"),
    ("claude@4", "the target 'claude' takes no version"),
    ("mcp@2024-01-01", "unknown MCP protocol revision '2024-01-01' for 'mcp'; known: "
                       "2025-06-18, 2025-11-25, 2026-07-28"),
    ("bedrock@1.0", "the target 'bedrock' takes no version (its evidence is documented, not "
                    "observed by release)"),
    ("ts-sdk@1.99", "ts-sdk@1.99: no observed release of MCP TypeScript SDK matches; observed: "
                    "1.21.0, 1.21.1, 1.21.2, 1.22.0, 1.23.0, 1.23.1, 1.24.0, 1.24.1, 1.24.2, "
                    "1.24.3, 1.25.0, 1.25.1, 1.25.2, 1.25.3, 1.26.0, 1.27.0, 1.27.1, 1.28.0, "
                    "1.29.0, 1.30.0, 1.30.1, 1.31.0, 1.32.0, 1.32.1, 1.32.2"),
    ("codex@0.171.0-0.111.0", "codex@0.171.0-0.111.0: the range runs backwards"),
    ("codex@latest", "codex@latest: a version is dotted numbers (1.22.0, 1.22 or 1.21.0-1.25.3); "
                     "observed: 0.111.0, 0.171.0"),
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
    listed = {e.rule for e in profiles.ENTRIES}
    for rule in SCHEMA_RULES:
        assert rule.universal or rule.id in listed, f"{rule.id} is in no client profile"
    assert listed <= set(RULES_BY_ID), listed - set(RULES_BY_ID)


@pytest.mark.parametrize("profile", profiles.PROFILES, ids=lambda p: p.name)
def test_entries_are_well_formed(profile: profiles.Profile) -> None:
    for entry in profile.entries:
        rule = RULES_BY_ID[entry.rule]
        client = CLIENTS_BY_ID[entry.client]
        assert entry.client in profile.clients, (profile.name, entry.client)
        if entry.variants is not None:
            assert rule.variants is not None and set(entry.variants) <= set(rule.variants), (
                entry.rule, entry.variants)
        assert entry.roles is None or set(entry.roles) <= {"input", "output", "bare"}
        assert rule.roles is None or entry.roles is None or set(entry.roles) <= rule.roles
        assert bool(entry.does) == (not entry.effect.refusal), entry
        if isinstance(entry.evidence, Observed):
            assert client.observed and entry.severity is None, entry
        else:
            assert isinstance(entry.evidence, Documented) and not client.observed, entry
            assert not entry.versions and entry.evidence.sources, entry
            for source in entry.evidence.sources:
                assert re.fullmatch(r"\d{4}-\d{2}(-\d{2})?", source.date), source
                assert "CLIENTS" not in source.where
            hedged = entry.severity is not None
            assert hedged == bool(entry.evidence.hedge), entry
            if hedged:
                assert entry.level.rank > entry.effect.severity.rank, entry


def test_no_two_entries_of_a_client_claim_the_same_case() -> None:
    for client_id, entries in profiles.ENTRIES_BY_CLIENT.items():
        client = CLIENTS_BY_ID[client_id]
        claims: dict[tuple[object, ...], int] = {}
        for index, entry in enumerate(entries):
            rule = RULES_BY_ID[entry.rule]
            for variant in entry.variants or rule.variants or (None,):
                for role in entry.roles or ("input", "output", "bare"):
                    for era in entry.eras or client.eras or ("",):
                        for release in entry.releases(client, era or None) or ("",):
                            key = (entry.rule, variant, role, era, release)
                            assert key not in claims, (client_id, key, entries[claims[key]])
                            claims[key] = index


def test_every_reported_variant_is_declared(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: set[tuple[str, str | None]] = set()
    real = linter._profiled

    def recording(rule, report, role, settings):  # type: ignore[no-untyped-def]
        seen.add((rule.id, report.variant))
        return real(rule, report, role, settings)

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


def _rules(text: str, *targets: str) -> list[tuple[str, Severity]]:
    found = lint_text(text, "t.json", Settings(targets=targets)).findings
    return [(f.rule, f.severity) for f in found]


def test_output_root_depends_on_the_protocol_revision() -> None:
    text = ('{"name": "t", "inputSchema": {"type": "object", "properties": {}}, '
            '"outputSchema": {"type": "array", "items": {"type": "string"}}}')
    assert _rules(text, "mcp@2025-06-18") == [("output-root-not-object", Severity.ERROR)]
    assert _rules(text, "mcp") == [("output-root-not-object", Severity.ERROR)]
    assert _rules(text, "mcp@2026-07-28") == []
    assert _rules(text, "mcp@2026-07-28", "ts-sdk") == [
        ("output-root-not-object", Severity.ERROR)]
    assert _rules(text.replace('{"type": "array", "items": {"type": "string"}}', "true"),
                  "mcp@2026-07-28") == [("output-root-not-object", Severity.ERROR)]


def test_message_names_each_client_once_one_sentence_per_effect() -> None:
    text = '{"name": "t", "inputSchema": {"type": "object", "properties": {"data": true}}}'
    [finding] = lint_text(text, "t.json").findings
    assert finding.rule == "boolean-schema" and finding.severity is Severity.ERROR
    assert finding.message.endswith(
        "MCP TypeScript SDK 1.22.0–1.32.2, MCP Python SDK 2.0.0–2.0.1 (not 2.1.0+) and Anthropic "
        "TypeScript SDK (mcpTools) 1.15.0–1.17.0 lose the whole tool list. Codex CLI 0.111.0–0.171.0 "
        "hands the model `{\"type\": \"string\"}` in its place (changes the contract). "
        "[docs/clients.md#boolean-schema-top-level-property]")
    assert "CLIENTS.md" not in finding.message and "Claude Code" not in finding.message
    # the Anthropic SDK's mcpTools lists tools through the TypeScript SDK 1.x
    assert finding.blocking == ("mcp", "claude")
    [nested] = lint_text(text.replace('"data": true', '"data": {"items": true}'),
                         "t.json").findings
    assert (nested.severity, nested.blocking) == (Severity.WARNING, ())
    assert nested.message.endswith("[docs/clients.md#boolean-schema-nested]")


def test_a_client_is_named_once_with_its_other_releases_aside() -> None:
    text = ('{"name": "t", "inputSchema": {"type": "object", "properties": {}}, '
            '"outputSchema": {"type": "array", "items": {"type": "string"}}}')
    [finding] = lint_text(text, "t.json", Settings(targets=("python-sdk@1.30.0-2.3.0",))
                          ).findings
    assert finding.message.endswith(
        "MCP Python SDK 2.0.0–2.3.0 (1.30.0 fails every call to this tool) loses the whole "
        "tool list. [docs/clients.md#output-root-not-object-type]")
    assert finding.message.count("MCP Python SDK") == 1


def test_older_releases_are_named_but_the_newest_decides() -> None:
    untyped = '{"name": "t", "inputSchema": {"type": "object", "properties": {"a": {}}}}'
    assert _rules(untyped) == []
    assert _rules(untyped, "codex@0.111.0") == [("untyped-schema", Severity.WARNING)]
    assert _rules(untyped, "gemini-cli-core@0.7.0") == [("untyped-schema", Severity.ERROR)]
    assert _rules(untyped, "gemini") == []
    boolean = '{"name": "t", "inputSchema": {"type": "object", "properties": {"a": true}}}'
    assert _rules(boolean, "python-sdk") == []
    assert _rules(boolean, "python-sdk@2.0.0") == [("boolean-schema", Severity.ERROR)]
    assert _rules(boolean, "python-sdk@2") == [("boolean-schema", Severity.ERROR)]
    match = profiles.matches(profiles.resolve(("mcp",)), "boolean-schema",
                             "top-level-property", "input")
    assert {(m.selection.client.id, m.status) for m in match} == {
        ("ts-sdk", Status.CURRENT), ("python-sdk", Status.FIXED)}


def test_a_rule_selected_by_name_runs_outside_its_targets() -> None:
    text = ('{"name": "t", "inputSchema": {"type": "object", "properties": '
            '{"o": {"$ref": "#/$defs/O"}}, "$defs": {"O": {"type": "string"}}}}')
    assert lint_text(text, "t.json").findings == []
    settings = parse_config({"select": ["untyped-property"]}, "portlint.toml").settings
    found = lint_text('{"name": "t", "inputSchema": {"type": "object", "properties": '
                      '{"a": {"description": "x"}}}}', "t.json", settings).findings
    assert [(f.rule, f.severity.value, f.path) for f in found] == [
        ("untyped-property", "warning", "inputSchema.properties.a")]


def test_rule_docs_show_the_evidence_by_profile() -> None:
    text = rule_markdown(RULES_BY_ID["root-combinator"])
    assert "Severity under the default targets: **error**" in text
    assert ("| `claude` | the Anthropic API (`anthropic-api`) | `combinator`, `single-allof`, "
            "`untyped-combinator` in input schemas | — | refuses every request that carries "
            "this tool | error | documented, not reproduced locally: [observed] "
            "anthropics/claude-code#4886") in text
    assert ("| `claude` | Claude Code (`claude-code`) | `combinator` in input schemas | "
            "2.1.332–2.1.337 "
            "| flattens it into the root and restates it in the tool's description (widens and "
            "narrows the contract) | warning | observed, 4 cases: [docs/clients.md]"
            "(https://github.com/portlint/portlint/blob/main/docs/clients.md"
            "#root-combinator-combinator) |") in text
    local = rule_markdown(RULES_BY_ID["untyped-schema"])
    assert ("Severity under the default targets: **off (on in `claude-strict`, "
            "`openai-strict`)**") in local
    assert "(older releases only)" in local
    assert all("## Evidence by client profile" in rule_markdown(r) for r in ALL_RULES
               if r.kind == "schema")
    assert not any("CLIENTS.md" in rule_markdown(r) for r in ALL_RULES)


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
