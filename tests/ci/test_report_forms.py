"""The text report's two forms, its line lengths, and fix counts that agree between the report
("N can be fixed") and ``--fix`` ("Fixed N problems")."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from portlint.cli.check import CheckOptions, _check_text
from portlint.cli.main import main
from portlint.report.summary import count
from portlint.report.text import WIDTH, first_sentence
from portlint.settings import Settings
from tests.support.generated import corpus

REPO = Path(__file__).resolve().parents[2]
# (a type array in an input schema: an output schema's is no default client's concern)
TOOLS = ('{"tools": [{"name": "get_temp", "inputSchema": {"type": "object", "properties": {\n'
         '    "unit": {"type": ["string", "null"]}}},\n'
         '  "outputSchema": {"type": "object", "properties": {"data": true}}}]}\n')


def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(args)
    return code, capsys.readouterr().out


def test_concise_is_one_line_per_finding(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                         ) -> None:
    (tmp_path / "tools.json").write_text(TOOLS)
    code, out = _run(["check", "--format", "concise", str(tmp_path / "tools.json")], capsys)
    assert code == 1
    path = tmp_path / "tools.json"
    assert out.splitlines() == [
        f'{path}:2:22: warning [type-union] tool "get_temp" inputSchema.properties.unit: `type` is '
        'an array (["string", "null"]).',
        f'{path}:3:61: error [boolean-schema] tool "get_temp" outputSchema.properties.data: A bare '
        "`true` stands where a schema object is expected (it accepts any value).",
        "1 error, 1 warning in 1 of 1 tool (1 of 1 file).",
        "2 can be fixed without changing the contract: run `portlint check --fix`.",
    ]


def test_first_sentence_ignores_stops_in_code_and_brackets() -> None:
    assert first_sentence("Use `a.b` here (see x.y). Then more.") == "Use `a.b` here (see x.y)."
    assert first_sentence("No stop at all") == "No stop at all"
    assert first_sentence("Version 1.2 is out. Next.") == "Version 1.2 is out."


def test_the_full_form_keeps_lines_short(capsys: pytest.CaptureFixture[str]) -> None:
    _, out = _run(["check", "--target", "all", str(REPO / "examples")], capsys)
    long = [line for line in out.splitlines() if len(line) > WIDTH
            and " " in line.strip()[:WIDTH]]  # only an unbreakable word may stick out
    assert not long, long
    assert max(len(line) for line in out.splitlines()) <= 120


def test_report_and_fix_count_the_same_on_the_examples(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    work = tmp_path / "examples"
    shutil.copytree(REPO / "examples", work)
    _, report = _run(["check", "--format", "json", str(work)], capsys)
    fixable = json.loads(report)["summary"]["fixable"]
    _, text = _run(["check", str(work)], capsys)
    assert f"\n{fixable} can be fixed without changing the contract" in text
    _, fixed_text = _run(["check", "--fix", str(work)], capsys)
    assert f"Fixed {fixable} problems in 3 files." in fixed_text
    assert fixable == 6  # one more fix was applied: object-missing-properties, which a fix raised


@pytest.mark.parametrize("targets", [(), ("all",)], ids=["default", "all"])
def test_report_and_fix_count_the_same_on_generated_documents(targets: tuple[str, ...]) -> None:
    settings = Settings(targets=targets) if targets else Settings()
    differ = []
    for name, text in corpus(seed=5, count=120).items():
        before = count([_check_text(text, name, settings, False, CheckOptions([])).result])
        after = count([_check_text(text, name, settings, False,
                                   CheckOptions([], fix=True)).result])
        if after.fixed != before.fixable:
            differ.append((name, before.fixable, after.fixed, after.fixable))
    # fixes that interact (a merge into a root beside `type` added to it) are ordered so that
    # each one the report announced is applied or made unnecessary
    assert differ == []
