"""Hostile sizes and shapes: each is answered with findings, or with one clear finding, in bounded
time and memory — no RecursionError, no MemoryError, no hang. Each runs as its own `portlint
check` process under a memory cap (1.5 GB of address space) and a time cap (a hang guard, not a
performance target: those live in bench/)."""

from __future__ import annotations

import json
import resource
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

MEMORY_CAP = 1536 * 1024 * 1024


def _cap() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def _check(path: Path, *extra: str) -> dict[str, Any]:
    proc = subprocess.run([sys.executable, "-m", "portlint", "check", "--format", "json",
                           "--exit-zero", *extra, str(path)], capture_output=True, text=True,
                          timeout=300, preexec_fn=_cap)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "Traceback" not in proc.stderr
    report: dict[str, Any] = json.loads(proc.stdout)
    return report


def _rules(report: dict[str, Any]) -> list[str]:
    return sorted(f["rule"] for f in report["findings"])


def _deep(depth: int) -> str:
    return ('{"name": "t", "inputSchema": {"type": "object", "properties": {"a": '
            + '{"type": "object", "properties": {"a": ' * depth + "true"
            + "}}" * depth + "}}}")


def test_ten_thousand_deep_json(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text(_deep(10_000))
    report = _check(path)
    found = report["findings"]
    assert [f["rule"] for f in found] == ["boolean-schema"]  # the `true` at the bottom
    assert found[0]["location"]["column"] == len(_deep(10_000).split("true")[0]) + 1


def test_ten_thousand_deep_yaml(tmp_path: Path) -> None:
    path = tmp_path / "deep.yaml"
    path.write_text("name: t\ninputSchema:\n" + "".join(
        "  " * (i + 1) + "a:\n" for i in range(10_000)) + "  " * 10_001 + "true\n")
    assert _rules(_check(path)) == ["document-too-large"]


def test_twenty_megabyte_document(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    tool = {"name": "t", "description": "x" * 1000,
            "inputSchema": {"type": "object", "properties": {"a": {"type": "string"}}}}
    path.write_text(json.dumps({"tools": [tool] * 20_000}))
    assert path.stat().st_size > 20_000_000
    report = _check(path)
    assert _rules(report) == ["document-too-large"]
    assert "max-document-chars" in report["findings"][0]["suggestion"]


def test_million_element_array(tmp_path: Path) -> None:
    path = tmp_path / "wide.json"
    path.write_text(json.dumps({"name": "t", "inputSchema": {
        "type": "object", "properties": {"mode": {"type": "string", "enum": list(range(10))}},
        "examples": list(range(1_000_000))}}))
    assert _rules(_check(path, "--target", "gemini")) == ["enum-non-string"]


def test_hundred_thousand_character_line(tmp_path: Path) -> None:
    path = tmp_path / "long.json"
    prefix = '{"name": "t", "description": "' + "é" * 100_000 + '", "inputSchema": '
    path.write_text(prefix + '{"type": "object", "properties": {"a": true}}}', encoding="utf-8")
    report = _check(path)
    [finding] = report["findings"]
    assert finding["rule"] == "boolean-schema"
    assert finding["location"] == {"line": 1, "column": len(prefix) + 40}


@pytest.mark.parametrize("fmt", ["json", "yaml"])
def test_alias_bomb_and_many_tools(tmp_path: Path, fmt: str) -> None:
    if fmt == "yaml":
        path = tmp_path / "bomb.yaml"
        lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
        lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 10)]
        path.write_text("\n".join(lines) + "\nname: t\ninputSchema: {type: object, properties: {}}\n")
        assert _rules(_check(path)) == ["alias-limit"]
    else:
        path = tmp_path / "many.json"
        path.write_text(json.dumps({"tools": [
            {"name": f"t{i}", "inputSchema": {"type": "object", "properties": {"a": True}}}
            for i in range(50_000)]}))
        assert _rules(_check(path)) == ["boolean-schema"] * 50_000


def test_ten_thousand_deep_python(tmp_path: Path) -> None:
    path = tmp_path / "deep.py"
    path.write_text("from fastmcp import FastMCP\nmcp = FastMCP('x')\n\n@mcp.tool\n"
                    "def f(x: " + "list[" * 10_000 + "int" + "]" * 10_000 + ") -> int:\n"
                    "    return 1\n")
    assert _rules(_check(path)) == ["parse-error"]  # Python's own parser gives up, clearly


def test_hundred_deep_python_annotation(tmp_path: Path) -> None:
    path = tmp_path / "nested.py"
    path.write_text("from typing import Any\nfrom fastmcp import FastMCP\nmcp = FastMCP('x')\n\n"
                    "@mcp.tool\ndef f(x: " + "list[" * 100 + "Any" + "]" * 100 + ") -> int:\n"
                    "    return 1\n")
    assert _rules(_check(path, "--target", "codex@0.111.0")) == ["untyped-schema"]
