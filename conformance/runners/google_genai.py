"""Runner for google-genai's MCP path (an ``mcp.ClientSession`` passed as a tool), run with the
lane's own venv:

    VENV/bin/python google_genai.py JOB.json OUT.json

For each case: a ClientSession on the in-memory fake MCP server (python_sdk.py's) initializes and
lists the tools once itself, so that a listing failure is told apart from the SDK's conversion;
then ``client.aio.models.generate_content`` runs with ``tools=[session]`` against the fake Gemini
API (job["api"]), whose model asks for the case's function calls; automatic function calling makes
them through the session. What the SDK sent is read by the harness from the fake API's log.

The config is passed as a dict: a ``GenerateContentConfig`` object is deep-copied by
``generate_content`` (``model_copy(deep=True)``), which fails on a live session
(``TypeError: cannot pickle '_asyncio.Task' object``) before any conversion.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
from google import genai
from google.genai import types
from mcp import ClientSession
from python_sdk import Capture, describe, memory_streams, run_cases

# the SDK's advice on every generate_content call with automatic function calling: not about tools
ADVISORY = "Direct use of automatic function calling (AFC) in AsyncModels.generate_content"


async def run_once(job: dict[str, Any], case: dict[str, Any],
                   capture: Capture) -> dict[str, Any]:
    capture.lines.clear()
    script = json.loads(Path(case["script"]).read_text(encoding="utf-8"))
    log = f"{case['script']}.memory.log"
    outcome: dict[str, Any] = {"transport": "memory", "server_log": log}
    client = genai.Client(api_key=job["key"],
                          http_options=types.HttpOptions(base_url=job["api"]))
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
                outcome["listed"] = {"ok": True}
            except Exception as error:
                outcome["listed"] = {"ok": False, "error": describe(error)}
                return outcome
            try:
                with anyio.fail_after(30):
                    await client.aio.models.generate_content(
                        model=case["model"], contents="Call each tool once.",
                        config={"tools": [session]})
            except Exception as error:
                outcome["error"] = describe(error)
    except BaseException as error:
        if "connect" not in outcome:
            outcome["connect"] = {"ok": False, "error": describe(error)}
    finally:
        outcome["console"] = [line for line in capture.lines if ADVISORY not in line]
    return outcome


if __name__ == "__main__":
    anyio.run(run_cases, run_once)
