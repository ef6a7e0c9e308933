"""`portlint explain` over every client error the conformance harness recorded (offline: the
committed observations and cases). Each error is placed in the tool under test — never in the
clean sibling, at the rule the lint finds there, by a format row whose scope is the observed
one — or it is listed, with its reason, in `data/explain-not-placed.json`. A re-recording that
brings a new text turns this red until it is placed or listed.

Figures: `.venv/bin/python scripts/explain_figures.py` (`--list unplaced` and so on)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from portlint.explain.observed import Judged, judge, observed_errors

ROOT = Path(__file__).resolve().parents[2]
TABLE = Path(__file__).parent / "data" / "explain-not-placed.json"


@cache
def _table() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(TABLE.read_text(encoding="utf-8"))
    return data


@cache
def _judged() -> tuple[Judged, ...]:
    return tuple(judge(ROOT, observed) for observed in observed_errors(ROOT))


def _short(judged: Judged) -> str:
    return f"{judged.observed.id}: {judged.why or judged.verdict}: " + " ".join(
        judged.observed.text.split())[:160]


def test_there_are_recorded_errors_to_explain() -> None:
    lanes = {j.observed.lane for j in _judged()}
    assert len(_judged()) > 800
    assert {"ts-sdk", "python-sdk", "claude-code:2025-11-25", "codex",
            "vscode-json-languageservice"} <= lanes


def test_no_recorded_error_is_placed_wrong() -> None:
    wrong = [_short(j) for j in _judged() if j.verdict == "wrong"]
    assert wrong == []


def test_every_recorded_error_is_placed_or_listed_with_its_reason() -> None:
    listed = _table()["records"]
    surprises = []
    for judged in _judged():
        entry = listed.get(judged.observed.id)
        if judged.verdict == "placed":
            if entry is not None:
                surprises.append("placed now, drop it from the table: " + _short(judged))
        elif entry is None or entry["verdict"] != judged.verdict:
            surprises.append("not placed and not listed: " + _short(judged))
    assert surprises == []


def test_the_table_lists_only_recorded_errors_with_known_reasons() -> None:
    recorded = {j.observed.id for j in _judged()}
    table = _table()
    assert sorted(set(table["records"]) - recorded) == []
    assert {e["reason"] for e in table["records"].values()} == set(table["reasons"])
    assert all(e["verdict"] in ("unplaced", "unrecognised") for e in table["records"].values())


def test_an_error_that_names_no_tool_is_never_placed_in_the_sibling_nor_everywhere() -> None:
    for judged in _judged():
        for explanation in judged.explanations:
            error = explanation.error
            if error.tool is None and error.tool_index is None:
                tools = {p.tool.label for p in explanation.places}
                assert not any(label.endswith(" sibling") for label in tools), _short(judged)


def test_the_evidence_index_is_current() -> None:
    """`scripts/explain_figures.py --write-evidence` rewrites it after a re-recording."""
    from portlint.explain.evidence import INDEX, build_index

    assert json.loads(INDEX.read_text(encoding="utf-8")) == build_index(ROOT)


def test_explain_names_the_clients_and_records_that_printed_the_same_error(
        capsys: pytest.CaptureFixture[str]) -> None:
    from portlint.cli.main import main

    # another tool, another reference: the same error as the recorded one
    text = "MissingRefError: can't resolve reference #/$defs/Other from id #"
    assert main(["explain", text]) == 0
    out = capsys.readouterr().out
    assert "Recorded from: " in out and "; MCP TypeScript SDK 1.x client — " in out
    assert "`ts-sdk@1.21.0-1.32.2/local-ref-output-dangling`" in out
    assert "conformance/observations/ts-sdk.json" in out
    assert main(["explain", text, "--format", "json"]) == 0
    (error,) = json.loads(capsys.readouterr().out)["errors"]
    assert error["scope"] == "tool-list"
    assert all((ROOT / f).is_file() for f in error["evidence"]["files"])
    assert "conformance/observations/anthropic-sdk@mcp-tools.json" in error["evidence"]["files"]
    assert error["evidence"]["records"][0].startswith("anthropic-sdk:mcp-tools@1.15.0-1.17.0/")
    assert "ts-sdk@1.21.0-1.32.2/local-ref-output-dangling" in error["evidence"]["records"]
