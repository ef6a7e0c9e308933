"""Rule documentation: complete for every rule, and the generated files are up to date."""

from __future__ import annotations

from pathlib import Path

import pytest

from portlint.ruledocs import generated_docs, missing_sections, with_rules_table
from portlint.rules import ALL_RULES

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("rule", ALL_RULES, ids=lambda r: r.id)
def test_every_rule_documents_every_section(rule) -> None:  # type: ignore[no-untyped-def]
    assert missing_sections(rule) == []
    assert rule.doc.splitlines()[0].strip() == rule.summary


def test_docs_rules_files_are_generated_and_current() -> None:
    docs = REPO / "docs" / "rules"
    wanted = generated_docs()
    assert sorted(p.name for p in docs.glob("*.md")) == sorted(wanted)
    stale = [name for name, content in wanted.items()
             if (docs / name).read_text(encoding="utf-8") != content]
    assert not stale, f"run `python scripts/generate_docs.py`: stale {stale}"


def test_readme_rules_table_is_current() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert with_rules_table(readme) == readme, "run `python scripts/generate_docs.py`"


def test_missing_sections_are_detected() -> None:
    broken = ALL_RULES[0]._replace(doc="Summary.\n\n## What it does\n\nx\n")
    assert missing_sections(broken) == ["Why it matters", "Clients affected", "Example",
                                        "Fix safety"]


def test_ci_runs_the_readme_test_command_exactly() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    command = readme.split("<!-- test-command -->", 1)[1].split("```sh\n", 1)[1].split(
        "\n```", 1)[0].strip()
    script = (REPO / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert command in script, "README's test command and .ci/run differ"
    assert "pytest" in command
