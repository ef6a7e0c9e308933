"""Runner for the MCP Python SDK client (``mcp`` 1.x and 2.x), run with the client's own venv:

    VENV/bin/python python_sdk.py JOB.json OUT.json

Like runners/ts-sdk.mjs: for each case and transport it connects (``initialize``, or
``discover`` for the 2026-07-28 era), lists the tools, calls each listed tool the case names, and
writes the raw facts. "memory" pairs ClientSession with an in-process fake server (the same
script as the Node one); "stdio" spawns runners/fake-mcp-server.mjs. Standard library and the
installed ``mcp`` only: this file must not import the harness.
"""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.shared.message import SessionMessage
from pydantic import TypeAdapter

try:  # 2.x keeps the wire types in the mcp_types distribution
    from mcp_types import JSONRPCMessage
except ImportError:  # 1.x
    from mcp.types import JSONRPCMessage

HERE = Path(__file__).resolve().parent
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
MESSAGE = TypeAdapter(JSONRPCMessage)


class Responder:
    """The fake server's answers, as runners/fake-mcp-responder.mjs gives them."""

    def __init__(self, script: dict[str, Any], log: str) -> None:
        self.script = script
        self.log = log
        self.initialized = False

    def modern(self) -> bool:
        return not self.initialized and bool(self.script["modern_versions"])

    def stamp(self, result: dict[str, Any], cacheable: bool = False) -> dict[str, Any]:
        if not self.modern():
            return result
        extra: dict[str, Any] = {"resultType": "complete"}
        if cacheable:
            extra.update(ttlMs=0, cacheScope="private")
        return {**extra, **result}

    def respond(self, message: dict[str, Any]) -> dict[str, Any] | None:
        with open(self.log, "a", encoding="utf-8") as log:
            log.write(json.dumps(message) + "\n")
        if "id" not in message or "method" not in message:
            return None
        method, params = message["method"], message.get("params") or {}
        result: dict[str, Any] | None
        error: dict[str, Any] | None = None
        if method == "initialize":
            self.initialized = True
            versions = self.script["legacy_versions"]
            asked = params.get("protocolVersion")
            result = {"protocolVersion": asked if asked in versions else versions[-1],
                      "capabilities": {"tools": {"listChanged": False}},
                      "serverInfo": self.script["server_info"]}
        elif method == "server/discover" and self.script["modern_versions"]:
            result = {"resultType": "complete", "supportedVersions": self.script["modern_versions"],
                      "capabilities": {"tools": {}}, "serverInfo": self.script["server_info"],
                      "ttlMs": 0, "cacheScope": "private"}
        elif method == "ping":
            result = self.stamp({})
        elif method == "tools/list":
            result = self.stamp({"tools": self.script["tools"]}, cacheable=True)
        elif method == "tools/call":
            name = params.get("name")
            if isinstance(name, str) and name in self.script["calls"]:
                result = self.stamp(self.script["calls"][name])
            else:
                result, error = None, {"code": INVALID_PARAMS, "message": f"Unknown tool: {name}"}
        else:
            result = None
            error = {"code": METHOD_NOT_FOUND, "message": f"Method not found: {method}"}
        if result is None:
            return {"jsonrpc": "2.0", "id": message["id"], "error": error}
        return {"jsonrpc": "2.0", "id": message["id"], "result": result}


def _dump(model: Any) -> Any:
    return model.model_dump(by_alias=True, mode="json", exclude_none=True)


def _dump_tool(tool: Any) -> Any:
    """A parsed tool as the client holds it: the fields the wire set, nulls included."""
    return tool.model_dump(by_alias=True, mode="json", exclude_unset=True)


@asynccontextmanager
async def memory_streams(script: dict[str, Any], log: str):  # type: ignore[no-untyped-def]
    to_client_send, to_client_receive = anyio.create_memory_object_stream[Any](100)
    to_server_send, to_server_receive = anyio.create_memory_object_stream[Any](100)
    responder = Responder(script, log)

    async def serve() -> None:
        async for item in to_server_receive:
            wire = _dump(item.message if isinstance(item, SessionMessage) else item)
            reply = responder.respond(wire)
            if reply is not None:
                await to_client_send.send(SessionMessage(message=MESSAGE.validate_python(reply)))

    async with anyio.create_task_group() as group:
        group.start_soon(serve)
        try:
            yield to_client_receive, to_server_send
        finally:
            group.cancel_scope.cancel()


def describe(error: BaseException) -> str:
    if isinstance(error, BaseExceptionGroup) and len(error.exceptions) == 1:
        return describe(error.exceptions[0])
    return f"{type(error).__name__}: {error}"


class Capture(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(f"{record.levelname.lower()}: {record.getMessage()}")


async def run_once(job: dict[str, Any], case: dict[str, Any], transport: str,
                   capture: Capture) -> dict[str, Any]:
    capture.lines.clear()
    script = json.loads(Path(case["script"]).read_text(encoding="utf-8"))
    log = f"{case['script']}.{transport}.log"
    outcome: dict[str, Any] = {"transport": transport, "calls": [], "server_log": log}
    timeout = job.get("timeout_s", 10)
    if transport == "memory":
        streams = memory_streams(script, log)
    else:
        server = StdioServerParameters(command="node", args=[
            str(HERE / "fake-mcp-server.mjs"), case["script"], log])
        streams = stdio_client(server)
    try:
        async with streams as (read, write), ClientSession(read, write) as session:
            try:
                with anyio.fail_after(timeout):
                    if job["era"] == "modern":
                        await session.discover()
                    else:
                        await session.initialize()
                outcome["connect"] = {"ok": True}
            except Exception as error:
                outcome["connect"] = {"ok": False, "error": describe(error)}
                return outcome
            try:
                with anyio.fail_after(timeout):
                    listed = await session.list_tools()
                outcome["list"] = {"ok": True, "tools": [_dump_tool(t) for t in listed.tools]}
            except Exception as error:
                outcome["list"] = {"ok": False, "error": describe(error)}
                return outcome
            names = {tool["name"] for tool in outcome["list"]["tools"]}
            for call in case["calls"]:
                if call["name"] not in names:
                    continue
                try:
                    with anyio.fail_after(timeout):
                        result = await session.call_tool(call["name"], call["arguments"])
                    outcome["calls"].append({"name": call["name"], "ok": True,
                                             "result": _dump(result)})
                except Exception as error:
                    outcome["calls"].append({"name": call["name"], "ok": False,
                                             "error": describe(error)})
    except BaseException as error:
        if "connect" not in outcome:
            outcome["connect"] = {"ok": False, "error": describe(error)}
    finally:
        outcome["console"] = list(capture.lines)
    return outcome


def start_job(capture: logging.Handler, informative: tuple[str, ...] = ()) -> dict[str, Any]:
    """The job file named by the first argument; ``capture`` installed to keep warnings (and
    the ``informative`` loggers' information) as each case's console."""
    job: dict[str, Any] = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))
    logging.getLogger().addHandler(capture)
    logging.getLogger().setLevel(logging.WARNING)
    for name in informative:
        logging.getLogger(name).setLevel(logging.INFO)
    return job


def finish_job(results: dict[str, list[dict[str, Any]]]) -> None:
    """Every case's outcomes, written to the file named by the second argument."""
    Path(sys.argv[2]).write_text(json.dumps(results), encoding="utf-8")


OneCase = Callable[[dict[str, Any], dict[str, Any], Any], Awaitable[dict[str, Any]]]


async def run_cases(run_case: OneCase, capture: logging.Handler | None = None,
                    informative: tuple[str, ...] = ()) -> None:
    """A library runner's whole run: each case of the job once, through ``run_case``, with
    ``capture`` (a plain :class:`Capture` unless the runner keeps more) as its console."""
    capture = capture if capture is not None else Capture()
    job = start_job(capture, informative)
    finish_job({case["id"]: [await run_case(job, case, capture)] for case in job["cases"]})


async def main() -> None:
    capture = Capture()
    job = start_job(capture)
    finish_job({case["id"]: [await run_once(job, case, transport, capture)
                             for transport in job["transports"]] for case in job["cases"]})


if __name__ == "__main__":
    anyio.run(main)
