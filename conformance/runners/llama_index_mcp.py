"""Runner for llama-index-tools-mcp, run with the lane's own venv:

    VENV/bin/python llama_index_mcp.py JOB.json OUT.json

For each case an mcp ``ClientSession`` on the in-memory fake MCP server (python_sdk.py's; the spec
takes any ``ClientSession``, its ``BasicMCPClient`` is one that opens a session per request)
lists the tools once itself (a listing failure is the MCP SDK's); then
``McpToolSpec(client=session).to_tool_list_async()`` builds the FunctionTools. Each tool's
``metadata.get_parameters_dict()`` — the JSON Schema the LLM integrations send, made from the
pydantic model ``create_model_from_json_schema`` built — is handed on. The spec converts the tools
in one loop: a raise loses the whole list. Each call the case makes goes through ``acall``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
from llama_index.tools.mcp import McpToolSpec
from mcp import ClientSession
from python_sdk import Capture, describe, memory_streams, run_cases


def _result(tool_name: str, output: Any) -> dict[str, Any]:
    raw = getattr(output, "raw_output", None)
    is_error = bool(getattr(raw, "is_error", None) or getattr(raw, "isError", None))
    if getattr(output, "is_error", False) and not is_error:
        return {"name": tool_name, "ok": False, "error": str(output.content)}
    result: dict[str, Any] = {"content": [{"type": "text", "text": str(output.content)}]}
    if is_error:
        result["isError"] = True
    return {"name": tool_name, "ok": True, "result": result}


async def run_once(case: dict[str, Any], capture: Capture) -> dict[str, Any]:
    capture.lines.clear()
    log = f"{case['script']}.memory.log"
    outcome: dict[str, Any] = {"transport": "memory", "server_log": log, "calls": []}
    script = json.loads(Path(case["script"]).read_text(encoding="utf-8"))
    try:
        async with memory_streams(script, log) as (read, write), \
                ClientSession(read, write) as client:
            try:
                with anyio.fail_after(10):
                    await client.initialize()
                outcome["connect"] = {"ok": True}
            except Exception as error:
                outcome["connect"] = {"ok": False, "error": describe(error)}
                return outcome
            await _observe(case, client, outcome)
    except BaseException as error:
        if "connect" not in outcome:
            outcome["connect"] = {"ok": False, "error": describe(error)}
    finally:
        outcome["console"] = list(capture.lines)
    return outcome


async def _observe(case: dict[str, Any], client: Any, outcome: dict[str, Any]) -> None:
    try:
        with anyio.fail_after(10):
            await client.list_tools()
    except Exception as error:
        outcome["list"] = {"ok": False, "error": describe(error)}
        return
    try:
        with anyio.fail_after(10):
            tools = await McpToolSpec(client=client).to_tool_list_async()
    except Exception as error:
        outcome["conversion"] = {"ok": False, "error": describe(error)}
        return
    outcome["list"] = {"ok": True, "tools": [
        {"name": t.metadata.name, "description": t.metadata.description,
         "inputSchema": t.metadata.get_parameters_dict()} for t in tools]}
    for tool in tools:
        call = next((c for c in case["calls"] if c["name"] == tool.metadata.name), None)
        if call is None:
            continue
        try:
            with anyio.fail_after(10):
                output = await tool.acall(**call["arguments"])
            outcome["calls"].append(_result(tool.metadata.name, output))
        except Exception as error:
            outcome["calls"].append({"name": tool.metadata.name, "ok": False,
                                     "error": describe(error)})


async def _run_case(job: dict[str, Any], case: dict[str, Any], capture: Capture
                    ) -> dict[str, Any]:
    return await run_once(case, capture)


if __name__ == "__main__":
    anyio.run(run_cases, _run_case)
