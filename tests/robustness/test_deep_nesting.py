"""100,000 levels of nesting under a memory cap: the located parsers, the walk, placement, path
building, the fixes and every report format take memory and time linear in the input. Each runs
as its own `portlint check` process with its address space capped (RLIMIT_AS, 1.5 GB — the
quadratic paths of before needed 1.8 GB at 15,000 levels and failed with MemoryError at
20,000), and must end with a report, never a traceback."""

from __future__ import annotations

import json
import resource
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

MEMORY_CAP = 1536 * 1024 * 1024
DEPTH = 100_000


def _cap() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run([sys.executable, "-m", "portlint", "check", *args],
                          capture_output=True, text=True, timeout=600, preexec_fn=_cap)
    assert "Traceback" not in proc.stderr and "MemoryError" not in proc.stderr, proc.stderr[-3000:]
    return proc


def _report(path: Path, *extra: str) -> tuple[int, dict[str, Any]]:
    proc = _run("--format", "json", *extra, str(path))
    return proc.returncode, json.loads(proc.stdout)


def _nested(prefix: str, middle: str, suffix: str) -> str:
    return ('{"name": "t", "inputSchema": {"type": "object", "properties": {"a": '
            + prefix * DEPTH + middle + suffix * DEPTH + "}}}")


def test_nested_anyof_without_findings(tmp_path: Path) -> None:
    path = tmp_path / "anyof.json"
    path.write_text(_nested('{"anyOf": [', '{"type": "string"}', "]}"))
    code, report = _report(path)
    assert code == 0
    assert report["findings"] == []
    assert (report["summary"]["tools_checked"], report["summary"]["files_checked"]) == (1, 1)


def test_the_finding_at_the_bottom_is_placed(tmp_path: Path) -> None:
    text = _nested('{"type": "object", "properties": {"a": ', "true", "}}")
    path = tmp_path / "deep.json"
    path.write_text(text)
    code, report = _report(path)
    [finding] = report["findings"]
    assert (code, finding["rule"]) == (0, "boolean-schema")  # a warning, this deep
    assert finding["location"] == {"line": 1, "column": text.index("true") + 1}
    assert finding["pointer"].count("/properties/a") == DEPTH + 1
    assert finding["path"] == "inputSchema" + ".properties.a" * (DEPTH + 1)


def test_fixing_at_the_bottom(tmp_path: Path) -> None:
    text = _nested('{"type": "object", "properties": {"a": ', "true", "}}")
    path = tmp_path / "deep.json"
    path.write_text(text)
    proc = _run("--fix", "--format", "json", str(path))
    assert proc.returncode == 0, proc.stderr
    assert path.read_text() == text.replace("true", "{}")


@pytest.mark.parametrize("fmt", ["sarif", "github", "text"])
def test_every_report_format(tmp_path: Path, fmt: str) -> None:
    path = tmp_path / "deep.json"
    path.write_text(_nested('{"type": "object", "properties": {"a": ', "true", "}}"))
    proc = _run("--format", fmt, str(path))
    assert proc.returncode == 0
    assert "boolean-schema" in proc.stdout


def test_a_finding_at_every_level_stops_at_the_budget(tmp_path: Path) -> None:
    path = tmp_path / "unions.json"
    path.write_text(_nested('{"type": ["object", "null"], "properties": {"a": ', "{}", "}}"))
    code, report = _report(path)
    rules = [f["rule"] for f in report["findings"]]
    assert code == 1
    assert rules.count("document-too-large") == 1
    [stop] = [f for f in report["findings"] if f["rule"] == "document-too-large"]
    assert stop["message"].startswith("Reporting stops here")
    assert 100 < rules.count("type-union") < DEPTH  # the first levels, then the stop


def test_a_repeated_key_at_every_level(tmp_path: Path) -> None:
    path = tmp_path / "repeated.json"
    path.write_text('{"a": 1, "a": ' * DEPTH + "true" + "}" * DEPTH)
    code, report = _report(path)
    rules = [f["rule"] for f in report["findings"]]
    assert code == 0  # duplicate-key is a warning
    # the deepest objects close first: their repeated keys are listed until the budget is
    # spent, the rest counted in one finding
    assert 10 < rules.count("duplicate-key") < 100
    assert any("more keys appear twice" in f["message"] for f in report["findings"])


def test_deep_yaml(tmp_path: Path) -> None:
    path = tmp_path / "deep.yaml"
    path.write_text("name: t\ninputSchema: " + "[" * DEPTH + "]" * DEPTH + "\n")
    code, report = _report(path)
    assert (code, [f["rule"] for f in report["findings"]]) == (1, ["document-too-large"])
