"""scripts/new_rule.py writes a rule that is registered once, runs, and passes its first case."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

import pytest

from portlint.linter import lint_text
from portlint.settings import Settings
from tests.support.casefile import load_case

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

import new_rule  # noqa: E402


def _repository(tmp_path: Path) -> Path:
    rules = tmp_path / "server" / "portlint" / "rules"
    rules.mkdir(parents=True)
    shutil.copy(ROOT / "server" / "portlint" / "rules" / "__init__.py", rules / "__init__.py")
    return tmp_path


def test_the_scaffold_registers_a_rule_that_passes_its_first_case(tmp_path: Path) -> None:
    root = _repository(tmp_path)
    assert new_rule.main(["example-rule", "--severity", "information", "--keywords",
                          "anyOf,oneOf", "--root", str(root)]) == 0
    registry = (root / "server" / "portlint" / "rules" / "__init__.py").read_text()
    assert registry.count('"example_rule"') == 1
    schema_listing = registry[registry.index("SCHEMA_RULE_MODULES"):
                              registry.index("SOURCE_RULE_MODULES")]
    assert '    "example_rule",\n)' in schema_listing  # last of the schema rules

    path = root / "server" / "portlint" / "rules" / "example_rule.py"
    spec = importlib.util.spec_from_file_location("scaffolded_example_rule", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    rule = module.RULE
    assert rule.id == "example-rule" and rule.severity.value == "information"
    assert rule.triggers.keywords == frozenset(("anyOf", "oneOf"))
    from portlint.ruledocs import missing_sections

    assert missing_sections(rule) == []

    case = load_case(root / "tests" / "cases" / "example-rule" / "first.case")
    section = case.sections["json"]
    assert case.options["config"] == '{"select": ["example-rule"]}'
    settings = Settings(select=frozenset({"example-rule"}))
    found = lint_text(section.text, "case.json", settings, assume_schema=True,
                      rules=[rule]).findings
    assert [(f.rule, f.severity.value, f.path, f.span) for f in found] == [
        (e.rule, e.severity, e.path, section.ranges[e.label]) for e in case.expected]
    assert found


@pytest.mark.parametrize(("arguments", "complaint"), [
    (["Bad_Id", "--keywords", "anyOf"], "is not a rule id"),
    (["boolean-schema", "--keywords", "anyOf"], "exists already"),
    (["fresh-rule", "--keywords", ","], "at least one keyword"),
])
def test_the_scaffold_refuses_what_it_cannot_write(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], arguments: list[str],
        complaint: str) -> None:
    root = _repository(tmp_path)
    (root / "server" / "portlint" / "rules" / "boolean_schema.py").write_text("")
    before = (root / "server" / "portlint" / "rules" / "__init__.py").read_text()
    assert new_rule.main([*arguments, "--root", str(root)]) == 2
    assert complaint in capsys.readouterr().err
    assert (root / "server" / "portlint" / "rules" / "__init__.py").read_text() == before
