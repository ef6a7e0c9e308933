"""A live server's findings in the CI formats: the server's list is in no file, so a SARIF
result has a logical location only (tool › path), names the server in its properties and offers
no fix, and a GitHub annotation is one of the run (no ``file=``), prefixed with the server. With
``--snapshot`` of the same list, they point into that committed file as any file's findings do."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import jsonschema
import pytest

from portlint.cli.main import main

SERVER = shlex.join([sys.executable, str(Path(__file__).parent / "servers" / "misbehaving.py"),
                     "bad-schemas"])
SARIF_SCHEMA = json.loads((Path(__file__).resolve().parents[1] / "data"
                           / "sarif-schema-2.1.0.json").read_text())


def check(capsys: pytest.CaptureFixture[str], *extra: str) -> str:
    assert main(["check", "--server", SERVER, "--startup-timeout", "20", *extra]) == 1
    return capsys.readouterr().out


def test_sarif_of_a_live_server_has_logical_locations_and_no_fixes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    document = json.loads(check(capsys, "--format", "sarif"))
    errors = list(jsonschema.validators.validator_for(SARIF_SCHEMA)(SARIF_SCHEMA)
                  .iter_errors(document))
    assert not errors, errors[0]
    results = document["runs"][0]["results"]
    assert [(r["ruleId"], r["locations"], r["properties"]) for r in results] == [
        ("boolean-schema", [{"logicalLocations": [{
            "name": "inputSchema.properties.flag",
            "fullyQualifiedName": "bad › inputSchema.properties.flag", "kind": "member"}]}],
         {"pointer": "/tools/1/inputSchema/properties/flag", "server": f"server:{SERVER}"}),
        ("output-root-not-object", [{"logicalLocations": [{
            "name": "outputSchema", "fullyQualifiedName": "bad › outputSchema",
            "kind": "member"}]}],
         {"pointer": "/tools/1/outputSchema", "server": f"server:{SERVER}"})]
    assert all("fixes" not in r for r in results)  # boolean-schema has a safe fix for a file


def test_github_annotations_of_a_live_server_belong_to_the_run(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    lines = check(capsys, "--format", "github").splitlines()
    assert [line.split("::")[1] for line in lines[:2]] == [
        "error title=portlint(boolean-schema)", "error title=portlint(output-root-not-object)"]
    assert lines[0].split("::", 2)[2].startswith(
        f"server:{SERVER}: tool bad, inputSchema.properties.flag: A bare `true` stands where")
    assert not any("file=" in line for line in lines)


def test_with_the_same_snapshot_the_findings_point_into_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["snapshot", "--server", SERVER, "--startup-timeout", "20",
                 "-o", "tools.snapshot.json"]) == 0
    capsys.readouterr()
    results = json.loads(check(capsys, "--format", "sarif", "--snapshot",
                               "tools.snapshot.json"))["runs"][0]["results"]
    text = (tmp_path / "tools.snapshot.json").read_text()
    flag_line = text[:text.index('"flag"')].count("\n") + 1
    assert results[0]["locations"][0]["physicalLocation"]["artifactLocation"] == {
        "uri": "tools.snapshot.json", "uriBaseId": "%SRCROOT%"}
    assert results[0]["locations"][0]["physicalLocation"]["region"]["startLine"] == flag_line
    assert "server" not in results[0]["properties"]
    lines = check(capsys, "--format", "github", "--snapshot", "tools.snapshot.json")
    assert f"file=tools.snapshot.json,line={flag_line}," in lines.splitlines()[0]
