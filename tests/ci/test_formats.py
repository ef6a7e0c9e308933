"""CI output: SARIF 2.1.0 (validated against its schema) and GitHub workflow commands."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from portlint.cli.main import main
from portlint.report.github import escape_data, escape_property
from portlint.rules import ALL_RULES

SCHEMA = json.loads((Path(__file__).resolve().parents[1] / "data" / "sarif-schema-2.1.0.json")
                    .read_text())
REPO = Path(__file__).resolve().parents[2]


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture
def tools(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "tools.json"
    # a remote $ref in the output schema: every MCP TypeScript SDK 1.x loses the whole list
    path.write_text('{"name": "get_temp", "inputSchema": {"type": "object", "properties": '
                    '{"a": true, "b": {"type": ["string", "null"]}, "c": {"description": '
                    '"x"}}}, "outputSchema": {"type": "object", "properties": {"😀": {"$ref": '
                    '"https://x/y.json"}}}}\n')
    return path


def test_sarif_validates_and_carries_everything(tools: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["check", "--format", "sarif", "tools.json"], capsys)
    assert code == 1
    document = json.loads(out)
    validator = jsonschema.validators.validator_for(SCHEMA)(SCHEMA)
    errors = sorted(validator.iter_errors(document), key=str)
    assert not errors, errors[0]
    assert document["version"] == "2.1.0"
    [run_] = document["runs"]
    rules = run_["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == [r.id for r in ALL_RULES]
    assert all(r["shortDescription"]["text"] and r["fullDescription"]["text"] and r["helpUri"]
               for r in rules)
    results = {r["ruleId"]: r for r in run_["results"]}
    # untyped-schema (`c`) is no default client's concern at its newest release
    assert set(results) == {"boolean-schema", "type-union", "remote-ref"}
    boolean = results["boolean-schema"]
    assert boolean["level"] == "error"
    assert rules[boolean["ruleIndex"]]["id"] == "boolean-schema"
    location = boolean["locations"][0]
    assert location["physicalLocation"]["artifactLocation"] == {"uri": "tools.json",
                                                                "uriBaseId": "%SRCROOT%"}
    text = tools.read_text()
    column = text.index("true") + 1
    assert location["physicalLocation"]["region"] == {"startLine": 1, "startColumn": column,
                                                      "endLine": 1, "endColumn": column + 4}
    assert location["logicalLocations"][0]["fullyQualifiedName"] == (
        "get_temp › inputSchema.properties.a")
    [safe, unsafe] = boolean["fixes"]
    assert safe["description"]["text"].endswith("[safe]")
    assert safe["artifactChanges"][0]["replacements"][0]["insertedContent"]["text"] == "{}"
    assert unsafe["description"]["text"].endswith("[unsafe]")
    assert results["remote-ref"]["level"] == "error"
    assert "fixes" not in results["remote-ref"]  # display-only advice has no edit
    # SARIF columns are UTF-16 code units: the emoji key counts twice
    ref = results["remote-ref"]["locations"][0]["physicalLocation"]["region"]
    prefix = text[:text.index('"https://x/y.json"')]
    assert ref["startColumn"] == len(prefix.encode("utf-16-le")) // 2 + 1


def test_github_annotations(tools: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["check", "--format", "github", "tools.json"], capsys)
    assert code == 1
    lines = out.splitlines()
    text = tools.read_text()
    column = text.index("true") + 1
    error = next(line for line in lines if line.startswith("::error "))
    assert error.startswith(f"::error file=tools.json,line=1,col={column},endLine=1,"
                            f"endColumn={column + 4},title=portlint(boolean-schema)::")
    assert "%0A" in error and "\n" not in error
    assert sum(line.startswith("::warning ") for line in lines) == 1
    assert lines[-1] == "2 errors, 1 warning in 1 of 1 tool (1 of 1 file)."


def test_github_escaping() -> None:
    assert escape_data("100% sure\r\nnext") == "100%25 sure%0D%0Anext"
    assert escape_property("a:b,c%\n") == "a%3Ab%2Cc%25%0A"


def test_github_names_a_file_with_a_line_break_as_it_is(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    # the `file` property is the path GitHub looks up: its line break percent-encoded (the
    # workflow command's own escape), not shown as `\\n`, which names no file
    monkeypatch.chdir(tmp_path)
    (tmp_path / "new\nline.json").write_text(
        '{"name": "t", "inputSchema": {"type": "object", "properties": {"a": true}}}')
    code, out, _ = run(["check", "--format", "github", "new\nline.json"], capsys)
    assert code == 1
    assert out.splitlines()[0].startswith(
        "::error file=new%0Aline.json,line=1,col=69,endLine=1,endColumn=73,"
        "title=portlint(boolean-schema)::")


def test_diff_prints_safe_fixes_without_writing(tools: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    before = tools.read_text()
    code, out, _ = run(["check", "--diff", "tools.json"], capsys)
    assert code == 1
    assert tools.read_text() == before
    assert out.startswith("--- a/tools.json\n+++ b/tools.json\n")
    assert '+{"name": "get_temp", "inputSchema": {"type": "object", "properties": {"a": {}' in out
    code, out, _ = run(["check", "--diff", "--exit-zero", "tools.json"], capsys)
    assert code == 0


def test_diff_with_nothing_to_fix(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "t.json"
    path.write_text('{"name": "t", "inputSchema": {"type": "object", "properties": {"a": '
                    '{"description": "x"}}}}')
    assert run(["check", "--diff", str(path)], capsys)[:2] == (0, "")


def test_exit_zero(tools: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["check", "--exit-zero", "tools.json"], capsys)
    assert code == 0
    assert "2 errors, 1 warning in 1 of 1 tool (1 of 1 file)." in out


def test_stdin_filename_gives_format_and_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    import io
    import sys

    text = "name: t\ninputSchema:\n  type: object\n  properties:\n    a: true\n"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    code, out, _ = run(["check", "--format", "json", "--stdin-filename", "tools.yaml", "-"],
                       capsys)
    assert code == 1
    [finding] = json.loads(out)["findings"]
    assert (finding["file"], finding["rule"], finding["location"]) == (
        "tools.yaml", "boolean-schema", {"line": 5, "column": 8})


def test_diff_and_fix_together_is_a_usage_error(tools: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["check", "--diff", "--fix", "tools.json"], capsys)
    assert code == 2
    assert "--diff" in err
