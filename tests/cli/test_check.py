"""``portlint check``: exit statuses, the text and JSON reports, --fix, stdin, discovery."""

from __future__ import annotations

import codecs
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from portlint.cli.main import main
from tests.support.corpus import CORPUS

REPO = Path(__file__).resolve().parents[2]

# The seed's showcase: get_temp (an error), echo (a warning: its untyped `extra` is no default
# client's concern at the newest releases), add (quiet: every default client hands an input
# schema's remote `$ref` on unchanged), get_weather (clean).
SEED_TOOLS = {
    "tools": [
        {"name": "get_temp", "inputSchema": {"type": "object", "properties": {"city": {"type": "string"}}},
         "outputSchema": {"type": "object", "properties": {"data": True}}},
        {"name": "echo", "inputSchema": {"type": "object", "properties": {
            "show_ids": {"type": ["null", "boolean"]}, "extra": {"description": "free"}}}},
        {"name": "add", "inputSchema": {"type": "object", "properties": {
            "a": {"type": "number", "$ref": "https://example.com/number.json"}}}},
        {"name": "get_weather", "inputSchema": {"type": "object", "properties": {
            "city": {"type": "string"}}}},
    ]
}


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _where(path: Path, needle: str) -> tuple[int, int]:
    """1-based line and column of the first ``needle`` in the file (found independently)."""
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if needle in line:
            return number, line.index(needle) + 1
    raise AssertionError(needle)


@pytest.fixture
def seed_file(tmp_path: Path) -> Path:
    path = tmp_path / "tools.json"
    path.write_text(json.dumps(SEED_TOOLS, indent=2), encoding="utf-8")
    return path


def test_text_report_blocks_and_summary(seed_file: Path, capsys: pytest.CaptureFixture[str]
                                        ) -> None:
    code, out, _ = run(["check", str(seed_file)], capsys)
    assert code == 1
    blocks = out.strip().split("\n\n")
    assert blocks[0].splitlines()[0] == 'Error: tool "get_temp" [boolean-schema]'
    line, column = _where(seed_file, '"data": true')
    column += len('"data": ')
    assert blocks[0].splitlines()[1] == f"  At: {seed_file}:{line}:{column}"
    assert "  Path: outputSchema.properties.data" in blocks[0].splitlines()
    assert any(line.startswith("  Issue: A bare `true`") for line in blocks[0].splitlines())
    assert any(line.startswith("  Suggestion: ") for line in blocks[0].splitlines())
    assert blocks[-1].splitlines()[0] == "1 error, 1 warning in 2 of 4 tools (1 of 1 file)."


def test_json_report_fields(seed_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["check", "--format", "json", str(seed_file)], capsys)
    assert code == 1
    document = json.loads(out)
    assert set(document) == {"findings", "summary"}
    first = document["findings"][0]
    assert set(first) == {"file", "tool", "rule", "severity", "path", "pointer", "location",
                          "end_location", "message", "suggestion", "fixes"}
    assert (first["tool"], first["rule"], first["severity"], first["path"], first["pointer"]) == (
        "get_temp", "boolean-schema", "error", "outputSchema.properties.data",
        "/tools/0/outputSchema/properties/data")
    line, column = _where(seed_file, '"data": true')
    column += len('"data": ')
    assert first["location"] == {"line": line, "column": column}
    # exclusive end: `true` is four columns wide
    assert first["end_location"] == {"line": line, "column": column + 4}
    safe = first["fixes"][0]
    assert safe["applicability"] == "safe"
    assert safe["edits"] == [{"location": {"line": line, "column": column},
                              "end_location": {"line": line, "column": column + 4},
                              "content": "{}"}]
    summary = document["summary"]
    assert summary == {"errors": 1, "warnings": 1, "information": 0, "tools_with_findings": 2,
                       "tools_checked": 4, "files_with_findings": 1, "files_checked": 1,
                       "tools_not_derived": 0, "tool_lists_not_derived": 0, "fixable": 2, "fixed": 0, "unreadable": [],
                       "skipped": []}


def test_warnings_only_exit_zero(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "t.json"
    path.write_text('{"name": "t", "inputSchema": {"type": "object", "properties": '
                    '{"a": {"type": ["string", "null"]}}}}')
    code, out, _ = run(["check", str(path)], capsys)
    assert code == 0
    assert out.strip().endswith("0 errors, 1 warning in 1 of 1 tool (1 of 1 file).\n1 can be "
                                "fixed without changing the contract: run `portlint check --fix`.")


def test_clean_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "t.yaml"
    path.write_text("name: t\ninputSchema:\n  type: object\n  properties: {}\n")
    code, out, _ = run(["check", str(path)], capsys)
    assert (code, out) == (0, "All checks passed: 1 tool in 1 file.\n")


def test_missing_path_exit_two(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["check", "/nonexistent/tools.json"], capsys)
    assert code == 2
    assert "/nonexistent/tools.json: no such file or directory" in err


def test_unknown_rule_exit_two(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["check", "--select", "boolean-schema,nope", "."], capsys)
    assert code == 2
    assert "--select: unknown rule nope" in err


def test_usage_error_exit_two(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as raised:
        main(["check", "--format", "xml"])
    assert raised.value.code == 2
    capsys.readouterr()


def test_invalid_utf8_is_reported_and_others_still_checked(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'{"name": "t", "inputSchema": {"description": "\xff"}}')
    good = tmp_path / "good.json"
    good.write_text('{"name": "g", "inputSchema": {"type": "object", "properties": {"a": true}}}')
    code, out, err = run(["check", str(bad), str(good)], capsys)
    assert code == 2
    assert "bad.json: not valid UTF-8: byte 0xff at line 1, byte 47" in err
    assert 'tool "g" [boolean-schema]' in out


def test_select_and_ignore(seed_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(["check", "--format", "json", "--select", "type-union", str(seed_file)],
                    capsys)
    assert {f["rule"] for f in json.loads(out)["findings"]} == {"type-union"}
    _, out, _ = run(["check", "--format", "json", "--ignore", "boolean-schema,remote-ref",
                     str(seed_file)], capsys)
    assert {f["rule"] for f in json.loads(out)["findings"]} == {"type-union"}
    _, out, _ = run(["check", "--format", "json", "--target", "codex@0.111.0", "--ignore",
                     "boolean-schema,remote-ref", str(seed_file)], capsys)
    assert {f["rule"] for f in json.loads(out)["findings"]} == {"type-union", "untyped-schema"}


def test_fix_rewrites_in_place_keeping_encoding(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "t.json"
    original = ('{\r\n  "name": "t",\r\n  "inputSchema": {"type": "object", "properties": {\r\n'
                '    "a": false, "b": {"type": ["string"]}, "c": true}}\r\n}\r\n')
    path.write_bytes(codecs.BOM_UTF8 + original.encode())
    code, out, _ = run(["check", "--fix", str(path)], capsys)
    data = path.read_bytes()
    assert data.startswith(codecs.BOM_UTF8)
    assert data[3:].decode() == original.replace('"a": false', '"a": {"not": {}}').replace(
        '{"type": ["string"]}', '{"type": "string"}').replace('"c": true', '"c": {}')
    assert "Fixed 3 problems in 1 file." in out
    assert "All checks passed: 1 tool in 1 file." in out  # `{}` is untyped, which no default
    # client refuses or rewrites at its newest release
    assert code == 0
    assert [p.name for p in tmp_path.iterdir()] == ["t.json"]  # no temporary file left


def test_unsafe_fixes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "t.yaml"
    path.write_text("name: t\ninputSchema:\n  type: object\n  properties:\n    a: true\n")
    run(["check", "--fix", str(path)], capsys)
    assert path.read_text().endswith("    a: {}\n")
    path.write_text("name: t\ninputSchema:\n  type: object\n  properties:\n    a: true\n")
    # the safe fix wins when both exist; unsafe fixes apply where no safe one does
    run(["check", "--unsafe-fixes", str(path)], capsys)
    assert path.read_text().endswith("    a: {}\n")


def test_stdin(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    data = b'{"name": "t", "inputSchema": {"type": "object", "properties": {"a": true}}}'
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    code, out, _ = run(["check", "--format", "json", "-"], capsys)
    assert code == 1
    assert json.loads(out)["findings"][0]["file"] == "-"


def test_directory_search_skips_non_tool_json(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "package.json").write_text('{"name": "x", "version": "1.0.0"}')
    (tmp_path / "tsconfig.json").write_text('{"compilerOptions": {"strict": true}}')
    (tmp_path / "node_modules").mkdir()
    (tmp_path / "node_modules" / "tools.json").write_text('{"tools": [{"name": "n", "inputSchema": true}]}')
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "tools.yaml").write_text(
        "tools:\n  - name: t\n    inputSchema: {type: object, properties: {a: true}}\n")
    code, out, _ = run(["check", "--format", "json", str(tmp_path)], capsys)
    document = json.loads(out)
    assert {f["file"] for f in document["findings"]} == {str(tmp_path / "sub" / "tools.yaml")}
    assert document["summary"]["files_checked"] == 1
    assert code == 1


def test_parse_error_is_an_error_finding(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "t.json"
    path.write_text('{"name": "t", "inputSchema": {"type": "object",}}')
    code, out, _ = run(["check", str(path)], capsys)
    assert code == 1
    assert "Error: [parse-error]" in out
    assert "Trailing comma: JSON allows no `,` before `}`" in out


def test_rule_docs(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["rule", "type-union"], capsys)
    assert code == 0
    assert out.startswith("# type-union\n")
    assert "## Fix safety" in out
    code, out, _ = run(["rule"], capsys)
    assert code == 0
    assert out.count("\n# ") >= 10
    code, _, err = run(["rule", "no-such-rule"], capsys)
    assert code == 2
    assert "unknown rule 'no-such-rule'" in err


@pytest.mark.shared_data
def test_whole_corpus_runs_and_its_json_parses() -> None:
    proc = subprocess.run([sys.executable, "-m", "portlint", "check", "--format", "json",
                           str(CORPUS)], capture_output=True, text=True, timeout=300)
    assert proc.returncode in (0, 1), proc.stderr
    document = json.loads(proc.stdout)
    assert document["summary"]["files_checked"] > 20
    assert document["summary"]["tools_checked"] > 1000
    assert not [f for f in document["findings"] if f["rule"] in ("internal-error", "parse-error")]


def test_python_dash_m_runs(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    path.write_text('{"name": "t", "inputSchema": {"type": "object", "properties": {}}}')
    proc = subprocess.run([sys.executable, "-m", "portlint", "check", str(path)],
                          capture_output=True, text=True, timeout=60)
    assert (proc.returncode, proc.stdout) == (0, "All checks passed: 1 tool in 1 file.\n")


def test_examples_showcase_fires_every_schema_rule(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["check", "--format", "json", str(REPO / "examples")], capsys)
    document = json.loads(out)
    rules = {f["rule"] for f in document["findings"]}
    # (its remote `$ref` sits in an input schema, which every default client hands on)
    assert {"boolean-schema", "type-union", "input-root-not-object", "list-as-text"} <= rules
    tools_with_findings = {(f["file"], f["tool"]) for f in document["findings"]}
    assert document["summary"]["tools_checked"] > len(tools_with_findings)  # some are clean
    assert code == 1


def test_check_imports_no_server_module(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    path.write_text('{"name": "t", "inputSchema": {"type": "object", "properties": {"a": true}}}')
    probe = ("import sys; from portlint.cli.main import main; main(['check', sys.argv[1]]); "
             "print(sorted({m.split('.')[0] for m in sys.modules} & "
             "{'pygls', 'lsprotocol', 'cattrs', 'jsonschema', 'yaml'}), "
             "sorted(m for m in sys.modules if m.startswith(('portlint.lsp', "
             "'portlint.python'))))")
    proc = subprocess.run([sys.executable, "-c", probe, str(path)], capture_output=True,
                          text=True, timeout=60)
    assert proc.stdout.strip().splitlines()[-1] == "[] []"
