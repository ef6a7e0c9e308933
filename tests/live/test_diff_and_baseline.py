"""`portlint diff` on files (exit status, each change placed), and the baseline (keys without
lines, stable under unrelated edits, stale entries dropped on update, editor hints)."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from portlint import baseline
from portlint.cli.main import main
from portlint.linter import lint_text

OLD = {"tools": [
    {"name": "get", "inputSchema": {"type": "object", "properties": {
        "city": {"type": "string"}, "days": {"type": "integer"}}, "required": ["city"]}},
    {"name": "old_search", "description": "Search.", "inputSchema": {
        "type": "object", "properties": {"q": {"type": "string"}}}},
]}
NEW = {"tools": [
    {"name": "get", "inputSchema": {"type": "object", "properties": {
        "city": {"type": ["string", "null"]}, "unit": {"enum": ["c", "f"]}},
        "required": ["city", "unit"]}},
    {"name": "search", "description": "Search.", "inputSchema": {
        "type": "object", "properties": {"q": {"type": "string"}}}},
]}


def _write(path: Path, value: object) -> None:
    path.write_text(json.dumps(value, indent=2) + "\n", encoding="utf-8")


def test_diff_reports_each_change_at_its_place(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    _write(tmp_path / "old.json", OLD)
    _write(tmp_path / "new.json", NEW)
    assert main(["diff", "old.json", "new.json", "--format", "json"]) == 1
    report = json.loads(capsys.readouterr().out)
    found = {(f["file"], f["tool"], f["rule"], f["path"], f["location"]["line"])
             for f in report["findings"]}
    assert found == {
        ("new.json", "get", "compatible-change", "inputSchema.properties.city.type", 9),
        ("new.json", "get", "compatible-change", "inputSchema.properties.unit", 14),
        ("new.json", "get", "breaking-change", "inputSchema.required", 21),
        ("old.json", "get", "breaking-change", "inputSchema.properties.days", 11),
        ("new.json", "search", "breaking-change", "", 28),  # renamed: at its new `name`
    }


def test_diff_of_the_same_contract_spelled_otherwise_exits_0(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    _write(tmp_path / "a.json", {"tools": [{"name": "t", "inputSchema": {
        "type": "object", "properties": {"x": {"type": ["integer", "null"]}}}}]})
    (tmp_path / "b.yaml").write_text(
        "tools:\n  - name: t\n    inputSchema:\n      type: object\n      properties:\n"
        "        x:\n          anyOf: [{type: 'null'}, {type: integer}]\n", encoding="utf-8")
    assert main(["diff", "a.json", "b.yaml"]) == 0
    assert "No contract changes from a.json to b.yaml." in capsys.readouterr().out


def _one_property(prop: object) -> dict[str, list[dict[str, object]]]:
    return {"tools": [{"name": "t", "inputSchema": {"type": "object", "properties": {"a": prop}}}]}


def _diff_json(tmp_path: Path, old: object, new: object,
               capsys: pytest.CaptureFixture[str]) -> tuple[int, list[tuple[str, str]], str]:
    """`portlint diff` of two documents: exit status, (rule, message) of each finding, stderr."""
    _write(tmp_path / "old.json", old)
    _write(tmp_path / "new.json", new)
    status = main(["diff", "old.json", "new.json", "--format", "json"])
    captured = capsys.readouterr()
    report = json.loads(captured.out)
    return status, [(f["rule"], f["message"]) for f in report["findings"]], captured.err


@pytest.mark.parametrize(("old", "new", "message"), [
    (2**53 + 1, 2**53, "The upper bound went from <= 9007199254740993 to <= 9007199254740992."),
    (10**400, 10**400 - 1, "The upper bound went from <= 100000000000000000...000000000000000000 "
                           "(401 digits) to <= 999999999999999999...999999999999999999 (400 "
                           "digits)."),
], ids=["2**53+1", "10**400"])
def test_diff_compares_integer_bounds_exactly(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        old: int, new: int, message: str) -> None:
    monkeypatch.chdir(tmp_path)
    found = _diff_json(tmp_path, _one_property({"type": "number", "maximum": old}),
                       _one_property({"type": "number", "maximum": new}), capsys)
    assert found == (1, [("breaking-change", message)], "")


def test_diff_of_false_and_its_safe_fix_is_no_change(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    # boolean-schema's safe fix writes `false` as `{"not": {}}`: both admit nothing
    monkeypatch.chdir(tmp_path)
    assert _diff_json(tmp_path, _one_property(False), _one_property({"not": {}}),
                      capsys) == (0, [], "")
    assert main(["diff", "old.json", "new.json"]) == 0
    assert capsys.readouterr().out.endswith("No contract changes from old.json to new.json.\n")


def test_diff_of_anyof_to_overlapping_oneof_is_breaking(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    branches = [{"type": "number"}, {"type": "integer"}]
    assert _diff_json(tmp_path, _one_property({"anyOf": branches}),
                      _one_property({"oneOf": branches}), capsys) == (1, [(
                          "breaking-change", "The branches became `oneOf`: a value that "
                          "matches several of them is now refused.")], "")


def test_diff_refuses_a_list_that_names_two_tools_alike(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    first, last = _one_property({"type": "string"}), _one_property({"type": "integer"})
    _write(tmp_path / "old.json", {"tools": first["tools"] + last["tools"]})
    _write(tmp_path / "new.json", last)
    assert main(["diff", "old.json", "new.json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        "portlint: old.json: cannot compare: the tool `t` is listed twice (`tools[0]`, "
        "`tools[1]`): clients differ on which one they call, so there is no one contract of it "
        "to compare; keep one\n")


def test_diff_says_which_value_of_a_repeated_key_it_compares(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "old.yaml").write_text(
        "tools:\n  - name: t\n    inputSchema:\n      type: object\n      properties:\n"
        "        a: {type: string}\n        a: {type: integer}\n", encoding="utf-8")
    _write(tmp_path / "new.json", _one_property({"type": "integer"}))
    assert main(["diff", "old.yaml", "new.json"]) == 0
    captured = capsys.readouterr()
    assert captured.out.endswith("No contract changes from old.yaml to new.json.\n")
    assert captured.err == (
        "portlint: note: old.yaml:7:9: The key `a` appears twice in this mapping, which YAML "
        "forbids; diff compares the last value (as json.loads, JSON.parse and PyYAML read it), a "
        "client that keeps the first may see another contract\n")


def test_diff_needs_two_sides(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", "only.json"]) == 2
    assert "name NEW once" in capsys.readouterr().err


TOOLS = """{
  "tools": [
    {"name": "a", "inputSchema": {"type": "object", "properties": {"x": true}}},
    {"name": "b", "inputSchema": {"type": "object", "properties": {"y": {"type": ["string", "integer"]}}}}
  ]
}
"""


def test_baseline_hides_known_findings_and_survives_unrelated_edits(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tools.json").write_text(TOOLS, encoding="utf-8")
    assert main(["check", "tools.json"]) == 1
    capsys.readouterr()
    assert main(["check", "tools.json", "--baseline", "base.json", "--update-baseline"]) == 0
    written = json.loads((tmp_path / "base.json").read_text(encoding="utf-8"))
    assert {(e["tool"], e["path"], e["rule"]) for e in written["findings"]} >= {
        ("a", "inputSchema.properties.x", "boolean-schema"),
        ("b", "inputSchema.properties.y", "type-union")}
    assert all("line" not in e for e in written["findings"])
    capsys.readouterr()
    # an unrelated edit: a new tool above, everything moves down two lines
    edited = TOOLS.replace('  "tools": [\n', '  "tools": [\n    {"name": "new", "inputSchema": '
                           '{"type": "object", "properties": {"z": false}}},\n')
    (tmp_path / "tools.json").write_text(edited, encoding="utf-8")
    assert main(["check", "tools.json", "--baseline", "base.json", "--format", "json"]) == 1
    captured = capsys.readouterr()
    report = json.loads(captured.out)
    assert {(f["tool"], f["rule"]) for f in report["findings"]} == {("new", "boolean-schema")}
    assert "in the baseline base.json and not reported" in captured.err


def test_update_drops_stale_entries(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tools.json").write_text(TOOLS, encoding="utf-8")
    assert main(["check", "tools.json", "--baseline", "base.json", "--update-baseline"]) == 0
    fixed = TOOLS.replace('"x": true', '"x": {"type": "string"}')
    (tmp_path / "tools.json").write_text(fixed, encoding="utf-8")
    capsys.readouterr()
    assert main(["check", "tools.json", "--baseline", "base.json"]) == 0
    assert "no finding any more; --update-baseline drops them" in capsys.readouterr().err
    assert main(["check", "tools.json", "--baseline", "base.json", "--update-baseline"]) == 0
    assert "dropped" in capsys.readouterr().err
    entries = json.loads((tmp_path / "base.json").read_text(encoding="utf-8"))["findings"]
    assert not any(e["tool"] == "a" for e in entries)


def test_missing_or_broken_baseline_is_a_clear_failure(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tools.json").write_text(TOOLS, encoding="utf-8")
    assert main(["check", "tools.json", "--baseline", "nope.json"]) == 2
    assert "no such baseline" in capsys.readouterr().err
    (tmp_path / "bad.json").write_text('{"findings": 3}', encoding="utf-8")
    assert main(["check", "tools.json", "--baseline", "bad.json"]) == 2
    assert "not a portlint baseline" in capsys.readouterr().err


def test_editor_marks_baselined_findings_as_hints(tmp_path: Path) -> None:
    from portlint.lsp.convert import DiagnosticEncoder
    from portlint.lsp.positions import PositionMapper

    result = lint_text(TOOLS, "tools.json")
    path = tmp_path / "base.json"
    file = str(tmp_path / "tools.json")
    baseline.write(path, [(f, file) for f in result.findings if f.tool == "a"])
    marked = baseline.mark(result.findings, file, baseline.cached(path).baseline)
    assert {f.tool for f in marked if f.baselined} == {"a"}
    encoded = json.loads(DiagnosticEncoder().encode(marked, PositionMapper(TOOLS), 1))
    by_tool = {d["data"]["tool"]: d for d in encoded}
    assert by_tool["a"]["severity"] == 4  # Hint
    assert by_tool["a"]["message"].startswith("(in the baseline) ")
    assert by_tool["b"]["severity"] != 4


def test_the_configured_baseline_is_used_without_the_option(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "portlint.toml").write_text('baseline = "accepted.json"\n', encoding="utf-8")
    (tmp_path / "tools.json").write_text(TOOLS, encoding="utf-8")
    assert main(["check", "tools.json", "--update-baseline"]) == 0
    assert (tmp_path / "accepted.json").is_file()
    capsys.readouterr()
    assert main(["check", "tools.json"]) == 0
    assert "accepted.json and not reported" in capsys.readouterr().err


@pytest.mark.parametrize(("make", "reason"), [
    (os.mkfifo, "a named pipe (FIFO), not a regular file"),
    (lambda p: p.symlink_to("/dev/zero"), "a character device, not a regular file"),
    (lambda p: p.mkdir(), "a directory, not a regular file"),
])
def test_a_baseline_that_is_no_regular_file_is_refused_unread(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        make: Callable[[Path], object], reason: str) -> None:
    # a pipe would block the run (and the editor) forever, /dev/zero fill the memory
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tools.json").write_text(TOOLS, encoding="utf-8")
    make(tmp_path / "base.json")
    assert main(["check", "tools.json", "--baseline", "base.json"]) == 2
    assert f"base.json: cannot read the baseline: {reason}" in capsys.readouterr().err
    (tmp_path / "portlint.toml").write_text('baseline = "base.json"\n', encoding="utf-8")
    assert main(["check", "tools.json"]) == 2
    assert f"base.json: cannot read the baseline: {reason}" in capsys.readouterr().err
