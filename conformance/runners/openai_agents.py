"""Runner for openai-agents' MCP tool conversion, run with the lane's own venv:

    VENV/bin/python openai_agents.py JOB.json OUT.json

For each case an ``MCPServerStdio`` whose ``create_streams`` is the in-memory fake MCP server
(python_sdk.py's; the library's own session code runs unchanged above it) lists the tools once
itself (a listing failure is the MCP SDK's); then
``MCPUtil.get_all_function_tools`` converts them with ``convert_schemas_to_strict`` as job["mode"]
says ("strict" or "non-strict"), as an ``Agent(mcp_servers=…, mcp_config=…)`` does. Each
``FunctionTool`` is what the Responses API receives: ``params_json_schema`` as ``parameters``
and ``strict_json_schema`` as ``strict`` (kept per tool under ``_handed``, with the library's own
log line when a strict conversion failed and it silently served the tool non-strict). Calls go
through each tool's ``on_invoke_tool`` with ``failure_error_function=None``, so that the library's
exception is seen (by default the model receives only "An error occurred while running the tool.
Please try again."). ``OPENAI_AGENTS_DONT_LOG_TOOL_DATA=0`` is set so that the library's log line
about a failed strict conversion carries the exception (by default it says only "Error converting
MCP schema to strict mode").
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Any

import anyio

os.environ["OPENAI_AGENTS_DONT_LOG_TOOL_DATA"] = "0"  # before agents reads it

from agents import Agent, RunContextWrapper
from agents.mcp import MCPServerStdio, MCPUtil
from agents.tool_context import ToolContext
from python_sdk import describe, memory_streams, run_cases

STRICT_FAILED = "Error converting MCP schema to strict mode"


class Capture(logging.Handler):
    """Warnings from anywhere, and the library's own INFO line about a failed strict conversion."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        if record.levelno >= logging.WARNING or message.startswith(STRICT_FAILED):
            self.lines.append(f"{record.levelname.lower()}: {message}")


class InMemoryServer(MCPServerStdio):
    """The library's stdio server class with its transport swapped for the in-memory fake."""

    def __init__(self, script: dict[str, Any], log: str) -> None:
        super().__init__(params={"command": "node"}, name="conformance",
                         client_session_timeout_seconds=10)
        self._script, self._log = script, log

    def create_streams(self) -> Any:
        return memory_streams(self._script, self._log)


def _view(tool: Any, strict_errors: list[str]) -> dict[str, Any]:
    handed: dict[str, Any] = {"strict": tool.strict_json_schema}
    if not tool.strict_json_schema and strict_errors:
        handed["strict_error"] = strict_errors.pop(0)
    return {"name": tool.name, "description": tool.description,
            "inputSchema": tool.params_json_schema, "_handed": handed}


async def run_once(job: dict[str, Any], case: dict[str, Any],
                   capture: Capture) -> dict[str, Any]:
    capture.lines.clear()
    log = f"{case['script']}.memory.log"
    outcome: dict[str, Any] = {"transport": "memory", "server_log": log, "calls": []}
    script = json.loads(Path(case["script"]).read_text(encoding="utf-8"))
    server = InMemoryServer(script, log)
    strict = job["mode"] == "strict"
    try:
        async with server:
            outcome["connect"] = {"ok": True}
            try:
                with anyio.fail_after(10):
                    await server.list_tools()
            except Exception as error:
                outcome["list"] = {"ok": False, "error": describe(error)}
                return outcome
            agent = Agent(name="conformance")
            context = RunContextWrapper(context=None)
            mark = len(capture.lines)
            try:
                tools = await MCPUtil.get_all_function_tools(
                    [server], convert_schemas_to_strict=strict, run_context=context,
                    agent=agent, failure_error_function=None)
            except Exception as error:
                outcome["conversion"] = {"ok": False, "error": describe(error)}
                return outcome
            strict_errors = [line.split(": ", 1)[1] for line in capture.lines[mark:]
                             if STRICT_FAILED in line]
            outcome["list"] = {"ok": True, "tools": [_view(t, strict_errors) for t in tools]}
            for tool in tools:
                call = next((c for c in case["calls"] if c["name"] == tool.name), None)
                if call is None:
                    continue
                arguments = json.dumps(call["arguments"])
                try:
                    with anyio.fail_after(10):
                        result = await tool.on_invoke_tool(
                            ToolContext(context=None, tool_name=tool.name,
                                        tool_call_id="call_conformance",
                                        tool_arguments=arguments), arguments)
                    text = result if isinstance(result, str) else json.dumps(result, default=str)
                    outcome["calls"].append({"name": tool.name, "ok": True,
                                             "result": {"content": [{"type": "text",
                                                                     "text": text}]}})
                except Exception as error:
                    outcome["calls"].append({"name": tool.name, "ok": False,
                                             "error": describe(error)})
    except BaseException as error:
        if "connect" not in outcome:
            outcome["connect"] = {"ok": False, "error": describe(error)}
    finally:
        outcome["console"] = list(capture.lines)
    return outcome


if __name__ == "__main__":
    anyio.run(run_cases, run_once, Capture(), ("openai.agents",))
