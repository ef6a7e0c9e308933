"""Runner for LangChain's MCP path, run with the lane's own venv:

    VENV/bin/python langchain_mcp.py JOB.json OUT.json

For each case an mcp ClientSession on the in-memory fake MCP server (python_sdk.py's) initializes
and lists the tools once itself (a listing failure is the MCP SDK's); then
``langchain_mcp_adapters.tools.load_mcp_tools(session)`` makes LangChain tools of them.

job["mode"] "adapters": each tool's ``args_schema`` is what is handed on; each call the case makes
goes through the tool's ``ainvoke`` (a ``ToolException`` is the server's ``isError`` result).

job["mode"] "google-genai": the tools are converted as ``ChatGoogleGenerativeAI.bind_tools`` does,
``convert_to_genai_function_declarations`` on the whole list; each declaration's ``parameters``
(a Gemini ``Schema``, dumped by alias, its upper-case type names lower-cased: only its spelling)
or ``parameters_json_schema`` is handed on. A raise loses the whole list; the subject is then
converted alone as well, so the log says whether it is the one that raised. No calls.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
from langchain_core.tools import ToolException
from langchain_mcp_adapters.tools import load_mcp_tools
from mcp import ClientSession
from python_sdk import Capture, describe, memory_streams, run_cases

GEMINI_TYPES = {"STRING", "NUMBER", "INTEGER", "BOOLEAN", "ARRAY", "OBJECT", "NULL",
                "TYPE_UNSPECIFIED"}


def json_schema_spelling(schema: Any) -> Any:
    """Type names lower-cased (the harness's google_genai driver does the same), nothing else."""
    if isinstance(schema, list):
        return [json_schema_spelling(value) for value in schema]
    if not isinstance(schema, dict):
        return schema
    out = {}
    for key, value in schema.items():
        if key == "type" and isinstance(value, str) and value in GEMINI_TYPES:
            out[key] = value.lower()
        elif key in ("enum", "example", "default"):
            out[key] = value  # values, not schemas
        else:
            out[key] = json_schema_spelling(value)
    return out


def _declaration_view(declaration: Any) -> dict[str, Any]:
    view: dict[str, Any] = {"name": declaration.name}
    if declaration.description is not None:
        view["description"] = declaration.description
    if declaration.parameters_json_schema is not None:
        view["inputSchema"] = declaration.parameters_json_schema
        view["_handed"] = {"as": {"inputSchema": "parameters_json_schema"}}
    elif declaration.parameters is not None:
        view["inputSchema"] = json_schema_spelling(declaration.parameters.model_dump(
            by_alias=True, exclude_none=True, mode="json"))
        view["_handed"] = {"as": {"inputSchema": "parameters"}}
    return view


def _tool_view(tool: Any) -> dict[str, Any]:
    schema = tool.args_schema
    if not isinstance(schema, dict):
        schema = schema.model_json_schema() if schema is not None else None
    return {"name": tool.name, "description": tool.description, "inputSchema": schema}


async def _call(tool: Any, arguments: dict[str, Any]) -> dict[str, Any]:
    try:
        with anyio.fail_after(10):
            content = await tool.ainvoke(arguments)
    except ToolException as error:
        return {"name": tool.name, "ok": True,
                "result": {"isError": True, "content": [{"type": "text", "text": str(error)}]}}
    except Exception as error:
        return {"name": tool.name, "ok": False, "error": describe(error)}
    text = content if isinstance(content, str) else json.dumps(content, default=str)
    return {"name": tool.name, "ok": True, "result": {"content": [{"type": "text", "text": text}]}}


def _convert(tools: list[Any], outcome: dict[str, Any], capture: Capture) -> None:
    from langchain_google_genai._function_utils import convert_to_genai_function_declarations
    try:
        converted = convert_to_genai_function_declarations(tools)
    except Exception as error:
        outcome["conversion"] = {"ok": False, "error": describe(error)}
        for tool in tools:
            if tool.name == "sibling":
                continue
            try:
                convert_to_genai_function_declarations([tool])
                capture.lines.append(f"info: {tool.name!r} alone converts")
            except Exception as alone:
                capture.lines.append(f"info: {tool.name!r} alone raises {describe(alone)}")
        return
    declarations = [d for t in converted for d in t.function_declarations or []]
    outcome["list"] = {"ok": True, "tools": [_declaration_view(d) for d in declarations]}


async def run_once(job: dict[str, Any], case: dict[str, Any],
                   capture: Capture) -> dict[str, Any]:
    capture.lines.clear()
    script = json.loads(Path(case["script"]).read_text(encoding="utf-8"))
    log = f"{case['script']}.memory.log"
    outcome: dict[str, Any] = {"transport": "memory", "server_log": log, "calls": []}
    try:
        async with memory_streams(script, log) as (read, write), \
                ClientSession(read, write) as session:
            try:
                with anyio.fail_after(10):
                    await session.initialize()
                outcome["connect"] = {"ok": True}
            except Exception as error:
                outcome["connect"] = {"ok": False, "error": describe(error)}
                return outcome
            try:
                with anyio.fail_after(10):
                    await session.list_tools()
            except Exception as error:
                outcome["list"] = {"ok": False, "error": describe(error)}
                return outcome
            try:
                with anyio.fail_after(10):
                    tools = await load_mcp_tools(session)
            except Exception as error:
                outcome["conversion"] = {"ok": False, "error": describe(error)}
                return outcome
            if job["mode"] == "google-genai":
                _convert(tools, outcome, capture)
                return outcome
            outcome["list"] = {"ok": True, "tools": [_tool_view(t) for t in tools]}
            for tool in tools:
                call = next((c for c in case["calls"] if c["name"] == tool.name), None)
                if call is not None:
                    outcome["calls"].append(await _call(tool, call["arguments"]))
    except BaseException as error:
        if "connect" not in outcome:
            outcome["connect"] = {"ok": False, "error": describe(error)}
    finally:
        outcome["console"] = list(capture.lines)
    return outcome


if __name__ == "__main__":
    anyio.run(run_cases, run_once)
