"""What explain, diff, the snapshot check, the live check and the baseline cannot read is said,
with exit 2 — never an empty pass: a missing or damaged evidence index, a side or snapshot that
is no tool list, entries of a server's list that are no tools, a damaged baseline replaced."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from portlint.cli.main import main
from portlint.explain import evidence
from portlint.live.client import Listing

# an error the index has recorded evidence for (tests/live/test_explain_observations.py)
RECORDED = "MissingRefError: can't resolve reference #/$defs/Other from id #"
TOOL = {"name": "get", "inputSchema": {"type": "object", "properties": {
    "city": {"type": "string"}}}}


def _write(path: Path, value: object) -> Path:
    path.write_text(json.dumps(value, indent=2) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize(("content", "says"), [
    (None, "is missing"),
    (b"\xff\xfe{", "cannot be read: 'utf-8' codec can't decode"),
    (b'{"lanes": {}, "errors": ', "is not JSON: Expecting value"),
    (b"[]", "is damaged: it is a JSON list, not an object"),
    (b'{"lanes": {}, "errors": []}', "is damaged: it lacks the `lanes` and `errors` objects"),
    (b'{"lanes": {"x": {"title": 1}}, "errors": {}}', "is damaged: lane 'x' is not {title, file}"),
    (b'{"lanes": {}, "errors": {"k": "r"}}',
     "is damaged: the records of 'k' are not a list of record ids"),
])
def test_an_unreadable_evidence_index_is_said_and_exits_2(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        content: bytes | None, says: str) -> None:
    index = tmp_path / "evidence.json"
    if content is not None:
        index.write_bytes(content)
    monkeypatch.setattr(evidence, "INDEX", index)
    assert main(["explain", RECORDED]) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith(f"portlint: explain: the evidence index {index} {says}")
    assert captured.err.endswith(
        "; the explanations do not say which real clients were recorded printing these errors "
        "(reinstall portlint, or rebuild the index with scripts/explain_figures.py "
        "--write-evidence).\n")
    assert captured.err.count("\n") == 1
    assert captured.out.startswith("From the MCP TypeScript SDK 1.x client")  # still explained
    assert "Recorded from" not in captured.out and "Note:" not in captured.out
    assert main(["explain", RECORDED, "--format", "json"]) == 2
    report = json.loads(capsys.readouterr().out)
    assert report["evidence_problem"].startswith(f"the evidence index {index} {says}")
    assert report["errors"][0]["evidence"] is None


def test_the_editor_command_carries_the_index_problem(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from portlint.lsp.features.explain import explained

    monkeypatch.setattr(evidence, "INDEX", tmp_path / "gone.json")
    answer = explained(RECORDED, None)
    assert answer["text"].endswith(
        f"\nNote: the evidence index {tmp_path / 'gone.json'} is missing; the explanations do "
        "not say which real clients were recorded printing these errors (reinstall portlint, "
        "or rebuild the index with scripts/explain_figures.py --write-evidence).\n")
    assert answer["explanation"]["evidence_problem"].startswith("the evidence index")


def test_a_readable_index_is_no_problem(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", RECORDED, "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["evidence_problem"] is None


def test_unrecognised_text_does_not_consult_the_index(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(evidence, "INDEX", tmp_path / "gone.json")
    assert main(["explain", "hello"]) == 2
    assert capsys.readouterr().err == ""


DAMAGED_SIDES = [
    ("null", "the document is null, not a tool list"),
    ('"tools"', "the document is a string, not a tool list"),
    ("[]", 'an empty array is no tool list; a server without tools is written {"tools": []}'),
    ("[1, 2]", "the array holds no tool (its first entry is a number)"),
    ('{"tools": 5}', "`tools` is a number, not an array of tools"),
    ('{"tools": [{"name": "get"}, 1]}',
     "`tools[1]` is a number, not a tool (an object with a `name` or a schema)"),
    ('{"tools": [{"foo": 1}]}',
     "`tools[0]` is an object, not a tool (an object with a `name` or a schema)"),
    ('{"result": {"tools": "x"}}', "`result.tools` is a string, not an array of tools"),
]


@pytest.mark.parametrize(("text", "says"), DAMAGED_SIDES)
@pytest.mark.parametrize("which", ["old", "new"])
def test_diff_refuses_a_side_that_is_no_tool_list(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        text: str, says: str, which: str) -> None:
    monkeypatch.chdir(tmp_path)
    _write(tmp_path / "good.json", {"tools": [TOOL]})
    (tmp_path / "bad.json").write_text(text + "\n", encoding="utf-8")
    sides = ["bad.json", "good.json"] if which == "old" else ["good.json", "bad.json"]
    assert main(["diff", *sides]) == 2
    captured = capsys.readouterr()
    assert captured.err == f"portlint: bad.json: cannot compare: {says}\n"
    assert captured.out == ""


def test_a_damaged_document_of_a_yaml_stream_is_named(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tools.yaml").write_text("tools: []\n---\n5\n", encoding="utf-8")
    assert main(["diff", "tools.yaml", "tools.yaml"]) == 2
    assert capsys.readouterr().err == (
        "portlint: tools.yaml: cannot compare: document 2: the document is a number, not a "
        "tool list\n")


def test_an_empty_tool_list_is_a_server_without_tools(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    _write(tmp_path / "empty.json", {"tools": []})
    _write(tmp_path / "one.json", {"tools": [TOOL]})
    assert main(["diff", "empty.json", "one.json", "--format", "json"]) == 0
    findings = json.loads(capsys.readouterr().out)["findings"]
    assert [(f["rule"], f["tool"], f["message"]) for f in findings] == [
        ("compatible-change", "get", "Tool `get` was added.")]
    assert main(["diff", "one.json", "empty.json", "--format", "json"]) == 1
    findings = json.loads(capsys.readouterr().out)["findings"]
    assert [(f["rule"], f["tool"], f["file"]) for f in findings] == [
        ("breaking-change", "get", "one.json")]
    assert main(["diff", "empty.json", "empty.json"]) == 0
    assert capsys.readouterr().out.endswith(
        "No contract changes from empty.json to empty.json.\n")


def test_explain_refuses_a_file_that_is_no_tool_list(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tools.json").write_text('{"tools": [1]}\n', encoding="utf-8")
    assert main(["explain", RECORDED, "tools.json"]) == 2
    assert capsys.readouterr().err == (
        "portlint: tools.json: cannot compare: `tools[0]` is a number, not a tool (an object "
        "with a `name` or a schema)\n")


def _serve(monkeypatch: pytest.MonkeyPatch, tools: list[Any]) -> None:
    """The live mode's listing, as a server would send it, without starting one."""
    monkeypatch.setattr("portlint.cli.live_common.fetch_listing",
                        lambda target, bounds, warn=None: Listing(tools=tools, pages=1))


def test_a_damaged_snapshot_is_refused_before_comparing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    _serve(monkeypatch, [TOOL])
    (tmp_path / "tools.json").write_text("[]\n", encoding="utf-8")
    assert main(["check", "--server", "my-server", "--snapshot", "tools.json"]) == 2
    captured = capsys.readouterr()
    assert captured.err == (
        "portlint: --snapshot tools.json: cannot compare: an empty array is no tool list; a "
        'server without tools is written {"tools": []}\n')
    assert captured.out == ""


def test_entries_of_a_live_list_that_are_no_tools_are_said_and_the_rest_linted(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    _serve(monkeypatch, [1, {"foo": 2}, TOOL])
    assert main(["check", "--server", "my-server", "--format", "json"]) == 2
    captured = capsys.readouterr()
    assert captured.err == (
        "portlint: server:my-server: the tool list cannot be linted in full: `tools[0]` is a "
        "number, not a tool (an object with a `name` or a schema)\n"
        "portlint: server:my-server: the tool list cannot be linted in full: `tools[1]` is an "
        "object, not a tool (an object with a `name` or a schema)\n")
    summary = json.loads(captured.out)["summary"]
    assert summary["tools_checked"] == 1
    assert [u["file"] for u in summary["unreadable"]] == ["server:my-server"] * 2


def test_damage_in_a_live_list_is_a_note_of_the_run_in_the_ci_formats(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The server's list is in no file: GitHub gets an annotation of the run (no ``file=``),
    SARIF a notification naming the server, as the findings of a live list are said."""
    monkeypatch.chdir(tmp_path)
    _serve(monkeypatch, [1, TOOL])
    assert main(["check", "--server", "my-server", "--format", "github"]) == 2
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == (
        "::error title=portlint::server:my-server: portlint could not check all of it: the "
        "tool list cannot be linted in full: `tools[0]` is a number, not a tool (an object "
        "with a `name` or a schema)")
    assert not any("file=" in line for line in lines)
    assert main(["check", "--server", "my-server", "--format", "sarif"]) == 2
    document = json.loads(capsys.readouterr().out)
    schema = json.loads((Path(__file__).resolve().parents[1] / "data"
                         / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
    jsonschema.validators.validator_for(schema)(schema).validate(document)
    invocation = document["runs"][0]["invocations"][0]
    assert invocation["executionSuccessful"] is False
    assert invocation["toolExecutionNotifications"] == [{
        "level": "error",
        "message": {"text": "portlint could not check all of the server's tool list: the tool "
                            "list cannot be linted in full: `tools[0]` is a number, not a tool "
                            "(an object with a `name` or a schema)"},
        "properties": {"server": "server:my-server"}}]


def test_a_live_list_of_only_damage_is_no_pass(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    _serve(monkeypatch, ["a", "b"] * 10)
    assert main(["check", "--server", "my-server"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 11
    assert err[-1] == "portlint: server:my-server: and 10 more entries that are no tools"


def test_update_baseline_says_it_replaced_a_damaged_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    _write(tmp_path / "tools.json", {"tools": [{"name": "t", "inputSchema": {
        "type": "object", "properties": {"x": True}}}]})
    (tmp_path / "base.json").write_text("<<<<<<< HEAD\n", encoding="utf-8")
    assert main(["check", "tools.json", "--baseline", "base.json", "--update-baseline"]) == 0
    err = capsys.readouterr().err
    assert err.startswith("portlint: base.json: the baseline is not JSON: ")
    assert err.endswith("; --update-baseline replaced it with the 1 current finding.\n")
    assert json.loads((tmp_path / "base.json").read_text(encoding="utf-8"))["findings"] == [
        {"file": "tools.json", "tool": "t", "path": "inputSchema.properties.x",
         "rule": "boolean-schema"}]


def test_a_snapshot_of_a_damaged_list_is_written_with_a_warning(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    _serve(monkeypatch, [TOOL, None])
    assert main(["snapshot", "--server", "my-server", "-o", "tools.json"]) == 0
    assert capsys.readouterr().err == (
        "portlint: warning: server:my-server: the tool list cannot be linted in full: "
        "`tools[1]` is null, not a tool (an object with a `name` or a schema)\n"
        "Wrote 2 tools from server:my-server to tools.json.\n")
    assert json.loads((tmp_path / "tools.json").read_text(encoding="utf-8"))["tools"][1] is None


def test_a_server_module_with_an_underived_tool_is_not_compared(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Tool `b`'s schema cannot be derived from old.ts: compared as it is read, `b` would be
    missing from OLD, and its removal in new.ts "no contract change"."""
    from tests.robustness.ts_sources import HEADER, project

    with project(tmp_path / "project") as where:
        monkeypatch.chdir(where.parent)
        (where.parent / "old.ts").write_text(
            HEADER + 'server.tool("a", { x: z.string() }, async () => ({}));\n'
            'server.tool("b", { x: z.custom<string>() }, async () => ({}));\n')
        (where.parent / "new.ts").write_text(
            HEADER + 'server.tool("a", { x: z.string() }, async () => ({}));\n')
        assert main(["diff", "old.ts", "new.ts"]) == 2
        assert capsys.readouterr().err == (
            "portlint: old.ts: cannot compare: The schema of tool `b` cannot be derived "
            "statically: `z.custom` has no JSON Schema portlint can derive\n")
        assert main(["diff", "new.ts", "new.ts"]) == 0
        capsys.readouterr()
        # explain places errors in the tools it has, and says which one it has not
        assert main(["explain", RECORDED, "old.ts"]) == 1
        assert capsys.readouterr().err == (
            "portlint: note: old.ts: The schema of tool `b` cannot be derived statically: "
            "`z.custom` has no JSON Schema portlint can derive; an error in that tool cannot "
            "be placed.\n")


def test_a_document_too_deep_to_read_is_not_compared_as_missing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    deep = "[" * 20_000 + "]" * 20_000
    (tmp_path / "tools.yaml").write_text(
        "name: a\ninputSchema: {type: object}\n---\nname: b\ninputSchema: " + deep + "\n",
        encoding="utf-8")
    assert main(["diff", "tools.yaml", "tools.yaml"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("portlint: tools.yaml: cannot compare: The document nests deeper than ")
    assert err.endswith(" levels, the limit of the YAML parser; it was not linted\n")
