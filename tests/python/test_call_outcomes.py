"""`tool-call-fails`: a tool the SDK lists but whose every call fails, held to
tests/python/call-outcomes.json, where the same server's tools were called under each framework
release (tests/python/record_calls.py): portlint reports exactly the tools whose every recorded
call failed, at the alias that causes it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from portlint.linter import lint_text
from portlint.model import Severity
from portlint.python.analysis import analyze
from portlint.python.environment import parse_override
from portlint.settings import Settings
from tests.python import record_calls

RECORDED = json.loads(record_calls.RECORDING.read_text(encoding="utf-8"))


def test_the_recording_is_of_the_calls_and_stacks_the_recorder_makes() -> None:
    assert RECORDED["calls"] == {name: [dict(a) for a in sets] for name, sets in {
        **record_calls.CALLS, **record_calls.CALLS_SDK_ONLY}.items()}
    assert [entry["stack"] for entry in RECORDED["stacks"]] == list(record_calls.STACKS)


@pytest.mark.parametrize("entry", RECORDED["stacks"], ids=[e["stack"] for e in RECORDED["stacks"]])
def test_portlint_reports_the_tools_whose_every_call_failed(entry: dict[str, Any]) -> None:
    text = record_calls.server_text(entry["stack"])
    analysis = analyze(text, None, parse_override(entry["stack"]))
    flagged = {note.message.split("`")[1] for note in analysis.call_fails}
    failing = {name for name, outcomes in entry["calls"].items()
               if all(outcome.startswith("error") for outcome in outcomes)}
    assert flagged == failing
    for name, outcomes in entry["calls"].items():  # no tool fails some calls only
        assert name in failing or all(outcome == "ok" for outcome in outcomes), name
    for note in analysis.call_fails:
        assert text[note.span[0]:note.span[1]] in ('"q"', '"pageNumber"', "rest: int")


def test_the_finding_names_the_alias_the_error_and_the_spelling_that_works() -> None:
    text = record_calls.server_text("mcp==1.30.0")
    found = [(f.rule, f.severity, text[f.span[0]:f.span[1]], f.message)
             for f in lint_text(text, "server.py", Settings()).findings
             if f.rule == "tool-call-fails"]
    assert found[0] == (
        "tool-call-fails", Severity.ERROR, '"q"',
        "Tool `by_alias`: mcp 1.30.0 lists `query` under its alias `q`, then calls the function "
        "with `q=...`, which it does not take: every call fails with TypeError: \"by_alias() got "
        "an unexpected keyword argument 'q'\", given the argument or not (the SDK from 1.12.0; "
        "fastmcp calls it by name). Write `validation_alias=\"q\"`: listed the same, and called "
        "by name.")
    assert [place for _, _, place, _ in found] == ['"q"', '"pageNumber"', "rest: int"]
    assert found[2][3] == (
        "Tool `variadic`: mcp 1.30.0 lists `*rest` as a required property `rest` and then calls "
        "the function with `rest=...`, which `*rest` does not take: every call fails, refused "
        "as missing without it and with TypeError: \"variadic() got an unexpected keyword "
        "argument 'rest'\" with it. Take a list parameter instead.")


def test_the_sdk_2_error_is_said_as_the_client_sees_it() -> None:
    text = record_calls.server_text("mcp==2.3.0")
    [first, _, _] = analyze(text, None, parse_override("mcp==2.3.0")).call_fails
    assert ("every call fails with an error that does not say why (the function raises "
            "TypeError: \"by_alias() got an unexpected keyword argument 'q'\"), given") in (
        first.message)


def test_an_alias_equal_to_the_name_changes_nothing() -> None:
    text = record_calls.server_text("mcp==1.30.0").replace('alias="q"', 'alias="query"')
    analysis = analyze(text, None, parse_override("mcp==1.30.0"))
    assert [n.message.split("`")[1] for n in analysis.call_fails] == [
        "optional_alias", "variadic"]


@pytest.mark.live_oracle
@pytest.mark.parametrize("stack", record_calls.LIVE)
def test_the_calls_do_today_what_was_recorded(stack: str) -> None:
    committed = {entry["stack"]: entry for entry in RECORDED["stacks"]}[stack]
    assert record_calls.observe(stack) == committed, (
        f"calls under {stack} changed: re-record with `python -m tests.python.record_calls`")
