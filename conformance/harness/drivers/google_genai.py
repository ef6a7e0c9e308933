"""Google's Gen AI SDKs with an MCP client as a tool: ``@google/genai``'s ``mcpToTool`` (Node,
runners/google-genai.mjs) and ``google-genai``'s ``ClientSession``-as-a-tool path (Python,
runners/google_genai.py).

Both runners connect the MCP client of the install to the fake MCP server in memory and call
``generateContent`` with the MCP tool, against the fake Gemini API on 127.0.0.1 started here. What
is observed is what the SDK really sends: the first request's ``functionDeclarations`` (compared
with the served tools: ``parametersJsonSchema`` as it is, ``parameters`` — Gemini's OpenAPI-style
``Schema`` — with its upper-case type names lower-cased, which is only its spelling; whether the
``outputSchema`` was sent, and unchanged, is noted per tool under ``handed``) and, through
the SDK's automatic function calling, the ``functionResponse`` each call produced in the next
request. The fake model asks for one function call a turn, the case's calls in order, so that a
call the SDK fails on is that call's alone.

Before handing the client to the SDK the runner lists the tools once itself: a listing that
fails there is the MCP SDK's (``tool-list``); a failure after it and before any request is the
SDK's conversion of the whole list (``refused`` / ``conversion``, every tool lost).
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

from conformance.harness import served
from conformance.harness.cases import Case
from conformance.harness.classify import HANDED
from conformance.harness.environment import DUMMY_KEY, RUNNERS, runner_env
from conformance.harness.fake_model import FakeModelAPI
from conformance.harness.handshake import with_handshake
from conformance.harness.lanes import Lane

GEMINI_TYPES = frozenset({"STRING", "NUMBER", "INTEGER", "BOOLEAN", "ARRAY", "OBJECT", "NULL",
                          "TYPE_UNSPECIFIED"})


def json_schema_spelling(schema: Any) -> Any:
    """Gemini's ``Schema`` as JSON Schema spells it: type names lower-cased, nothing else."""
    if isinstance(schema, list):
        return [json_schema_spelling(value) for value in schema]
    if not isinstance(schema, dict):
        return schema
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key == "type" and isinstance(value, str) and value in GEMINI_TYPES:
            out[key] = value.lower()
        elif key == "type" and isinstance(value, list):
            out[key] = [v.lower() if isinstance(v, str) and v in GEMINI_TYPES else v
                        for v in value]
        elif key in ("enum", "example", "default"):
            out[key] = value  # values, not schemas
        else:
            out[key] = json_schema_spelling(value)
    return out


def _declarations(body: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for tool in (body or {}).get("tools") or []:
        if isinstance(tool, dict):
            found.extend(d for d in tool.get("functionDeclarations") or []
                         if isinstance(d, dict))
    return found


def _responses(body: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for content in (body or {}).get("contents") or []:
        for part in (content or {}).get("parts") or [] if isinstance(content, dict) else []:
            if isinstance(part, dict) and isinstance(part.get("functionResponse"), dict):
                found.append(part["functionResponse"])
    return found


def _view(declaration: dict[str, Any]) -> dict[str, Any]:
    """A function declaration in MCP shape, with which field carried each schema."""
    view: dict[str, Any] = {"name": declaration.get("name")}
    if "description" in declaration:
        view["description"] = declaration["description"]
    fields = {}
    for mcp_field, json_field, openapi_field in (
            ("inputSchema", "parametersJsonSchema", "parameters"),
            ("outputSchema", "responseJsonSchema", "response")):
        if json_field in declaration:
            view[mcp_field] = declaration[json_field]
            fields[mcp_field] = json_field
        elif openapi_field in declaration:
            view[mcp_field] = json_schema_spelling(declaration[openapi_field])
            fields[mcp_field] = openapi_field
    view[HANDED] = {"as": fields}
    return view


def _call(response: dict[str, Any]) -> dict[str, Any]:
    """A functionResponse as a call fact: the MCP result the SDK handed back to the model."""
    name = response.get("name")
    body = response.get("response")
    if isinstance(body, dict) and "error" in body:
        error = body["error"]
        if isinstance(error, dict) and "content" in error:  # the server's own isError result
            return {"name": name, "ok": True, "result": error}
        return {"name": name, "ok": False, "error": json.dumps(error, sort_keys=True)
                if not isinstance(error, str) else error}
    if isinstance(body, dict) and isinstance(body.get("result"), dict):
        body = body["result"]  # the Python SDK wraps the result
    return {"name": name, "ok": True, "result": body}


class _Plan:
    """One function call a turn: each of the case's calls in order, among the declared tools."""

    def __init__(self, cases: dict[str, Case]) -> None:
        self.cases = cases

    def __call__(self, model: str, body: Any) -> dict[str, Any] | None:
        case = self.cases.get(model)
        if case is None:
            return None
        declared = {d.get("name") for d in _declarations(body)}
        answered = {r.get("name") for r in _responses(body)}
        for call in served.calls(case):
            if call["name"] in declared and call["name"] not in answered:
                return {call["name"]: call["arguments"]}
        return None


def _output_fate(tools: list[dict[str, Any]], served_tools: list[Any]) -> None:
    """Whether each tool's outputSchema reached the model unchanged (it is not compared as a
    rewrite: most releases never send it, and the model's reply is not validated by it)."""
    by_name = {t.get("name"): t for t in served_tools if isinstance(t, dict)}
    for tool in tools:
        source = by_name.get(tool["name"], {})
        if "outputSchema" not in source:
            continue
        sent = tool.pop("outputSchema", None)
        tool[HANDED]["outputSchema"] = ("not sent" if sent is None else "sent unchanged"
                                        if sent == source["outputSchema"] else "sent changed")


def _facts(one: dict[str, Any], requests: list[dict[str, Any]],
           served_tools: list[Any]) -> dict[str, Any]:
    facts: dict[str, Any] = {"transport": one["transport"], "connect": one["connect"],
                             "console": one.get("console", []),
                             "server_log": one["server_log"], "calls": []}
    if not one["connect"]["ok"]:
        return facts
    if not one["listed"]["ok"]:
        facts["list"] = {"ok": False, "error": one["listed"]["error"]}
        return facts
    if not requests:
        facts["conversion"] = {"ok": False, "error": one.get("error") or
                               "no request reached the model"}
        return facts
    tools = [_view(d) for d in _declarations(requests[0]["body"])]
    _output_fate(tools, served_tools)
    facts["list"] = {"ok": True, "tools": tools}
    answered = _responses(requests[-1]["body"]) if len(requests) > 1 else []
    facts["calls"] = [_call(r) for r in answered]
    if one.get("error"):
        # the call asked for last and never answered is the one the SDK failed on
        asked = [name for r in requests for name in (r.get("asked") or {})]
        unanswered = [name for name in asked if name not in {r.get("name") for r in answered}]
        if unanswered:
            facts["calls"].append({"name": unanswered[-1], "ok": False, "error": one["error"]})
        else:
            facts["console"] = [*facts["console"], f"error: {one['error']}"]
    return facts


def run(lane: Lane, version: str, install: Path, cases: list[Case], work: Path, *,
        transports: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    by_model = {f"case-{index:03d}": case for index, case in enumerate(cases)}
    plan = _Plan(by_model)
    asked: list[tuple[str, dict[str, Any] | None]] = []

    def recording_plan(model: str, body: Any) -> dict[str, Any] | None:
        calls = plan(model, body)
        asked.append((model, calls))
        return calls

    with FakeModelAPI(gemini_plan=recording_plan) as api:
        job: dict[str, Any] = {"install": str(install), "api": api.base_url, "key": DUMMY_KEY,
                               "transports": list(transports), "cases": []}
        for model, case in by_model.items():
            script_path = work / f"{case.id}.script.json"
            script_path.write_text(json.dumps(served.script(case, modern=False)))
            job["cases"].append({"id": case.id, "model": model, "script": str(script_path)})
        job_path, out_path = work / "job.json", work / "out.json"
        job_path.write_text(json.dumps(job))
        if lane.options["runtime"] == "node":
            command = ["node", str(RUNNERS / "google-genai.mjs")]
        else:
            command = [str(install / "venv" / "bin" / "python"), str(RUNNERS / "google_genai.py")]
        done = subprocess.run([*command, str(job_path), str(out_path)], capture_output=True,
                              text=True, env=runner_env(work), check=False,
                              timeout=120 + 30 * len(cases))
        requests = api.snapshot()
    if done.returncode != 0 or not out_path.is_file():
        raise RuntimeError(f"{lane.id} runner failed ({done.returncode}): {done.stderr[-3000:]}")
    generate = [r for r in requests if r["path"].split("?")[0].endswith(":generateContent")]
    for request, (_, calls) in zip(generate, asked, strict=True):
        request["asked"] = calls
    raw = json.loads(out_path.read_text())
    out: dict[str, dict[str, Any]] = {}
    for model, case in by_model.items():
        mine = [r for r in generate
                if r["path"].split("?")[0].rsplit("/", 1)[-1].split(":")[0] == model]
        out[case.id] = {one["transport"]: with_handshake(_facts(one, mine, case.tools))
                        for one in raw[case.id]}
    return out
