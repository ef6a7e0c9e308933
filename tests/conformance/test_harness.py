"""The harness's own logic, offline: the diff judge, classification, merging versions into
ranges, normalisation, and the fake MCP server answering verbatim."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from conformance.harness import served
from conformance.harness.cases import Case, all_cases
from conformance.harness.classify import classify, combine, normalise
from conformance.harness.diff import (
    change_effect,
    diff,
    flattened_allof,
    nullable_pairs,
    summarise,
)
from conformance.harness.environment import RUNNERS
from conformance.harness.lanes import Lane
from conformance.harness.records import expand, merge, split_handshakes

CASES = all_cases()


def _effects(served_schema: object, handed_schema: object) -> list[str]:
    return [change_effect(c) for c in diff({"s": served_schema}, {"s": handed_schema}, ())]


def test_removed_assertion_widens_added_one_narrows() -> None:
    assert _effects({"type": "string", "pattern": "^a"}, {"type": "string"}) == ["widens"]
    assert _effects({}, {"type": "string"}) == ["narrows"]
    assert _effects({"type": "string"}, {"type": "string", "description": "d"}) == ["annotation"]


def test_type_and_required_changes_are_judged_by_set() -> None:
    assert _effects({"type": ["string", "number"]}, {"type": "string"}) == ["narrows"]
    assert _effects({"type": "integer"}, {"type": "number"}) == ["widens"]
    assert _effects({"required": ["a", "b"]}, {"required": ["a"]}) == ["widens"]
    assert _effects({"type": "string"}, {"type": "boolean"}) == ["unknown"]


def test_boolean_schemas() -> None:
    assert diff(True, {}) and change_effect(diff(True, {})[0]) == "annotation"
    assert change_effect(diff(True, {"type": "string"})[0]) == "narrows"
    assert change_effect(diff(False, {})[0]) == "widens"


def test_respellings_that_keep_the_contract() -> None:
    changes = diff({"type": ["string", "null"]}, {"type": "string", "nullable": True})
    assert nullable_pairs(changes) == {0, 1}
    served = {"type": "object", "allOf": [{"properties": {"a": {"type": "string"}}}]}
    handed = {"type": "object", "properties": {"a": {"type": "string"}}}
    assert flattened_allof(diff(served, handed)) == {0, 1}
    two = {"type": "object", "allOf": [{"properties": {"a": {}}}, {"required": ["a"]}]}
    assert flattened_allof(diff(two, handed)) == set()


def test_summary() -> None:
    assert summarise(["widens", "annotation"]) == "widens"
    assert summarise(["widens", "narrows"]) == "widens-and-narrows"
    assert summarise(["widens-and-narrows", "annotation"]) == "widens-and-narrows"
    assert summarise(["annotation"]) == "annotation"
    assert summarise([]) == "none"


def _raw(tools: list[object] | None, calls: list[dict[str, object]] | None = None,
         error: str | None = None) -> dict[str, object]:
    listing = {"ok": False, "error": error} if tools is None else {"ok": True, "tools": tools}
    return {"connect": {"ok": True}, "list": listing, "calls": calls or []}


CASE = CASES["control-output"]
SERVED_CALLS = served.script(CASE, modern=False)["calls"]


def test_list_failure_is_the_whole_list() -> None:
    outcome = classify(CASE, _raw(None, error="ZodError: at /tmp/x/y.json"), SERVED_CALLS)
    assert (outcome["outcome"], outcome["scope"], outcome["error"]) == (
        "refused", "tool-list", "ZodError: at <tmp>")


def test_missing_subject_is_this_tool() -> None:
    outcome = classify(CASE, _raw([CASE.tools[1]]), SERVED_CALLS)
    assert (outcome["outcome"], outcome["scope"]) == ("refused", "tool")


def test_call_error_is_the_call_and_a_rewrite_keeps_its_diff() -> None:
    changed = json.loads(json.dumps(CASE.tools[0]))
    del changed["outputSchema"]["properties"]["r"]["type"]
    calls = [{"name": "subject", "ok": False, "error": "McpError: no"},
             {"name": "sibling", "ok": True, "result": SERVED_CALLS["sibling"]}]
    outcome = classify(CASE, _raw([changed, CASE.tools[1]], calls), SERVED_CALLS)
    assert (outcome["outcome"], outcome["scope"], outcome["error"]) == (
        "refused", "call", "McpError: no")
    assert outcome["diff"] == {"0": [{"op": "removed", "path": "/outputSchema/properties/r/type",
                                      "served": "string"}]}
    assert outcome["effect"] == "widens"


def test_client_made_is_error_counts_as_a_call_failure() -> None:
    calls = [{"name": "subject", "ok": True,
              "result": {"isError": True, "content": [{"type": "text", "text": "bad schema"}]}}]
    outcome = classify(CASE, _raw(list(CASE.tools), calls), SERVED_CALLS)
    assert (outcome["scope"], outcome["error"]) == ("call", "isError: bad schema")


def test_a_renamed_tool_is_a_rewrite_not_a_loss() -> None:
    case = CASES["name-dot"]
    renamed = dict(case.tools[0], name="get_weather")
    outcome = classify(case, _raw([renamed, case.tools[1]]), {}, fields=("name", "inputSchema"))
    assert (outcome["outcome"], outcome["effect"]) == ("rewritten", "renamed")


def test_transports_that_disagree_are_recorded_as_such() -> None:
    one, other = {"outcome": "accepted"}, {"outcome": "refused", "scope": "tool-list"}
    assert combine({"memory": one, "stdio": one}) == one
    assert combine({"memory": one, "stdio": other})["outcome"] == "transport-dependent"


def test_normalise_masks_volatile_parts() -> None:
    text = "at 2026-01-02T03:04:05.678Z on 127.0.0.1:43210 took 12ms\n    at f (x.js:1:2)"
    assert normalise(text) == "at <time> on 127.0.0.1:<port> took <n>ms"
    assert normalise("/root/x/y", {"/root/x": "<install>"}) == "<install>/y"


LANE = Lane("t", "t", "t", "t", "npm", ("1", "2", "3", "4"), "ts_sdk", "t")


def test_merge_joins_only_consecutive_equal_versions() -> None:
    a, b = {"outcome": "accepted"}, {"outcome": "refused", "scope": "tool-list", "error": "e"}
    per_version = {"1": {"control-input": a}, "2": {"control-input": b},
                   "3": {"control-input": b}, "4": {"control-input": a}}
    made = merge(LANE, per_version, CASES)
    assert [r["id"] for r in made] == ["t@1/control-input", "t@2-3/control-input",
                                      "t@4/control-input"]
    assert expand(made) == per_version


def test_a_common_handshake_is_kept_per_version() -> None:
    per_version = {"1": {"a": {"outcome": "accepted", "handshake": "initialize 1"},
                         "b": {"outcome": "accepted", "handshake": "initialize 1"},
                         "c": {"outcome": "accepted", "handshake": "server/discover"}},
                   "2": {"a": {"outcome": "accepted", "handshake": "initialize 2"}}}
    stripped, common = split_handshakes(per_version)
    assert common == {"1": "initialize 1", "2": "initialize 2"}
    assert stripped["1"]["a"] == {"outcome": "accepted"}
    assert stripped["1"]["c"] == {"outcome": "accepted", "handshake": "server/discover"}
    records = [{"case": c, "versions": [v], **o}
               for v, outcomes in stripped.items() for c, o in outcomes.items()]
    assert expand(records, common) == per_version


def test_served_script_is_verbatim() -> None:
    case: Case = CASES["bool-true-top-level-input-property"]
    script = served.script(case, modern=True)
    assert script["tools"] is case.tools
    assert script["modern_versions"] == [served.MODERN_VERSION]
    assert set(script["calls"]) == {"subject", "sibling"}


@pytest.mark.skipif(shutil.which("node") is None, reason="the fake server runs on Node")
def test_fake_stdio_server_serves_the_case_verbatim(tmp_path: Path) -> None:
    case = CASES["input-root-array"]
    script = tmp_path / "script.json"
    script.write_text(json.dumps(served.script(case, modern=True)))
    requests = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize",
         "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                    "clientInfo": {"name": "t", "version": "1"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
        {"jsonrpc": "2.0", "id": 3, "method": "tools/call",
         "params": {"name": "sibling", "arguments": {"q": "x"}}},
        {"jsonrpc": "2.0", "id": 4, "method": "nope"},
    ]
    done = subprocess.run(["node", str(RUNNERS / "fake-mcp-server.mjs"), str(script),
                           str(tmp_path / "log.jsonl")],
                          input="".join(json.dumps(r) + "\n" for r in requests),
                          capture_output=True, text=True, timeout=30, check=True)
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [a["id"] for a in answers] == [1, 2, 3, 4]
    assert answers[0]["result"]["protocolVersion"] == "2025-06-18"
    assert answers[1]["result"] == {"tools": case.tools}  # legacy era: nothing added
    assert answers[2]["result"]["content"] == [{"type": "text", "text": "ok"}]
    assert answers[3]["error"]["code"] == -32601
    logged = (tmp_path / "log.jsonl").read_text().splitlines()
    assert [json.loads(line).get("method") for line in logged][:3] == [
        "initialize", "notifications/initialized", "tools/list"]


def test_a_list_converter_that_raises_loses_every_tool() -> None:
    raw = {"connect": {"ok": True}, "conversion": {"ok": False, "error": "TypeError: x"}}
    outcome = classify(CASE, raw, SERVED_CALLS)
    assert (outcome["outcome"], outcome["scope"], outcome["lost"], outcome["stage"],
            outcome["error"]) == ("refused", "conversion", "tool-list", "conversion",
                                  "TypeError: x")
    assert "tools" not in outcome


def test_a_per_tool_conversion_error_loses_that_tool_only() -> None:
    raw = _raw([CASE.tools[1]])
    raw["conversion_errors"] = {"subject": "inputSchema: Error: no type"}
    outcome = classify(CASE, raw, SERVED_CALLS)
    assert (outcome["outcome"], outcome["scope"], outcome["lost"], outcome["error"]) == (
        "refused", "conversion", "tool", "inputSchema: Error: no type")
    assert {t["name"]: t["status"] for t in outcome["tools"]} == {
        "subject": "missing", "sibling": "unchanged"}


def test_a_validator_s_reason_for_dropping_is_the_error() -> None:
    raw = _raw([CASE.tools[1]])
    raw["dropped"] = {"subject": "Tool `subject` has invalid JSON parameters"}
    outcome = classify(CASE, raw, SERVED_CALLS)
    assert (outcome["scope"], outcome["error"]) == (
        "tool", "Tool `subject` has invalid JSON parameters")


def test_handed_facts_are_kept_and_never_compared() -> None:
    handed = [dict(CASE.tools[0], _handed={"strict": False, "strict_error": "E"}),
              dict(CASE.tools[1], _handed={"strict": True})]
    outcome = classify(CASE, _raw(handed, [
        {"name": "subject", "ok": True, "result": SERVED_CALLS["subject"]},
        {"name": "sibling", "ok": True, "result": SERVED_CALLS["sibling"]}]), SERVED_CALLS)
    assert outcome["outcome"] == "accepted"
    assert [t["handed"] for t in outcome["tools"]] == [
        {"strict": False, "strict_error": "E"}, {"strict": True}]


def test_a_rewriting_converter_s_sibling_rewrite_is_not_the_subject_s_doing() -> None:
    changed = [dict(tool, inputSchema={**tool["inputSchema"], "additionalProperties": False})
               for tool in CASE.tools]
    plain = classify(CASE, _raw(changed), SERVED_CALLS)
    lenient = classify(CASE, _raw(changed), SERVED_CALLS, rewrites_every_tool=True)
    assert plain["sibling_affected"] is True
    assert "sibling_affected" not in lenient
    assert lenient["outcome"] == "rewritten" and lenient["effect"] == "narrows"


def test_gemini_schema_spelling_lowercases_type_names_only() -> None:
    from conformance.harness.drivers.google_genai import json_schema_spelling
    wire = {"type": "OBJECT", "properties": {"type": {"type": "STRING", "enum": ["OBJECT"]}},
            "anyOf": [{"type": "INTEGER"}]}
    assert json_schema_spelling(wire) == {
        "type": "object", "properties": {"type": {"type": "string", "enum": ["OBJECT"]}},
        "anyOf": [{"type": "integer"}]}


def test_the_fake_gemini_api_answers_the_planned_call_then_text() -> None:
    import urllib.request

    from conformance.harness.fake_model import FakeModelAPI

    def plan(model: str, body: object) -> dict[str, object] | None:
        contents = body.get("contents", []) if isinstance(body, dict) else []
        answered = any("functionResponse" in part for c in contents for part in c["parts"])
        return None if answered else {"subject": {"a": model}}

    def post(base: str, body: dict[str, object]) -> dict[str, object]:
        request = urllib.request.Request(
            f"{base}/v1beta/models/case-001:generateContent", data=json.dumps(body).encode(),
            headers={"content-type": "application/json"})
        opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
        with opener.open(request, timeout=10) as answer:
            return json.loads(answer.read())

    with FakeModelAPI(gemini_plan=plan) as api:
        first = post(api.base_url, {"contents": [{"parts": [{"text": "go"}]}]})
        second = post(api.base_url, {"contents": [{"parts": [
            {"functionResponse": {"name": "subject", "response": {}}}]}]})
    assert first["candidates"][0]["content"]["parts"] == [
        {"functionCall": {"name": "subject", "args": {"a": "case-001"}}}]
    assert second["candidates"][0]["content"]["parts"] == [{"text": "ok"}]
