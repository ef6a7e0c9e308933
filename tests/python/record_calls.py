"""Records what each tool of one server does when it is called, under several framework
releases: the oracle of `tool-call-fails`.

    .venv/bin/python -m tests.python.record_calls            # every stack, rewrites the file

The server (:data:`SERVER`) declares parameters with `Field(alias=...)`, `validation_alias`,
`serialization_alias` and none; each tool is called in process, through the framework's own call
path (the SDK's `call_tool`, fastmcp's in-memory `Client`), with and without its optional
arguments, and each outcome (`ok`, or the error's first line) is kept per stack."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from tests.python import record_servers

RECORDING = Path(__file__).resolve().parent / "call-outcomes.json"
STACKS = ("mcp==1.11.0,pydantic==2.11.7", "mcp==1.12.0,pydantic==2.11.7", "mcp==1.30.0",
          "mcp==2.3.0", "fastmcp==2.14.7", "fastmcp==4.2.3")
LIVE = ("mcp==1.11.0,pydantic==2.11.7", "mcp==1.30.0", "mcp==2.3.0", "fastmcp==4.2.3")
HEADS = {"mcp1": "from mcp.server.fastmcp import FastMCP",
         "mcp2": "from mcp.server.mcpserver import MCPServer as FastMCP",
         "fastmcp": "from fastmcp import FastMCP"}
SERVER = '''{head}
from typing import Annotated

from pydantic import Field

mcp = FastMCP("calls")


@mcp.tool()
def by_alias(query: str = Field(alias="q")) -> str:
    return "found " + query


@mcp.tool()
def optional_alias(query: str, page: Annotated[int, Field(alias="pageNumber")] = 1) -> str:
    return f"{{query}} {{page}}"


@mcp.tool()
def by_validation_alias(query: str, page: int = Field(1, validation_alias="pageNumber")) -> str:
    return f"{{query}} {{page}}"


@mcp.tool()
def by_serialization_alias(query: str, size: int = Field(2, serialization_alias="sz")) -> str:
    return f"{{query}} {{size}}"


@mcp.tool()
def plain(query: str, page: int = 1) -> str:
    return f"{{query}} {{page}}"
'''
# fastmcp refuses a function with `*args` when it registers it (the server does not start): the
# SDK's servers only
SDK_ONLY = '''

@mcp.tool()
def variadic(query: str, *rest: int) -> str:
    return query


@mcp.tool()
def keywords(query: str, **more: int) -> str:
    return query
'''
# each tool's calls: with its required arguments alone, then with the optional one too
CALLS = {
    "by_alias": ({"q": "x"},),
    "optional_alias": ({"query": "x"}, {"query": "x", "pageNumber": 2}),
    "by_validation_alias": ({"query": "x"}, {"query": "x", "pageNumber": 2}),
    "by_serialization_alias": ({"query": "x"}, {"query": "x", "size": 3}),
    "plain": ({"query": "x"}, {"query": "x", "page": 2}),
}
CALLS_SDK_ONLY = {
    "variadic": ({"query": "x"}, {"query": "x", "rest": 1}),
    "keywords": ({"query": "x", "more": 1},),
}
_CALLER = r'''
import asyncio, json, sys
sys.path.insert(0, sys.argv[1])
import server
calls = json.loads(sys.argv[2])


async def call(name, arguments):
    try:
        if sys.argv[3] == "fastmcp":
            from fastmcp import Client
            async with Client(server.mcp) as client:
                result = await client.call_tool(name, arguments, raise_on_error=False)
                failed = result.is_error
                text = result.content[0].text if result.content else ""
        else:
            result = await server.mcp.call_tool(name, arguments)
            failed, text = False, str(result)
    except Exception as error:
        failed, text = True, str(error)
    return "error: " + text.splitlines()[0][:160] if failed else "ok"


async def main():
    out = {}
    for name, argument_sets in calls.items():
        out[name] = [await call(name, arguments) for arguments in argument_sets]
    print(json.dumps(out))

asyncio.run(main())
'''


def generation(stack: str) -> str:
    pins = record_servers.pins_of(stack)
    if "fastmcp" in pins:
        return "fastmcp"
    return "mcp2" if pins["mcp"].startswith("2.") else "mcp1"


def server_text(stack: str) -> str:
    head = HEADS[generation(stack)]
    return SERVER.format(head=head) + ("" if generation(stack) == "fastmcp" else SDK_ONLY)


def calls_of(stack: str) -> dict[str, Any]:
    return CALLS if generation(stack) == "fastmcp" else {**CALLS, **CALLS_SDK_ONLY}


def observe(stack: str) -> dict[str, Any]:
    pins = record_servers.pins_of(stack)
    framework = "fastmcp" if "fastmcp" in pins else "mcp"
    environment = record_servers.venv(framework, pins[framework], pins.get("pydantic"))
    with tempfile.TemporaryDirectory(prefix="portlint-calls-") as folder:
        (Path(folder) / "server.py").write_text(server_text(stack), encoding="utf-8")
        run = subprocess.run([str(environment / "bin" / "python"), "-c", _CALLER, folder,
                              json.dumps(calls_of(stack)), framework], capture_output=True, text=True,
                             timeout=300, cwd=folder)
    lines = run.stdout.strip().splitlines()
    if run.returncode != 0 or not lines:
        raise RuntimeError(f"{stack}: {run.stderr.strip()[-500:]}")
    return {"stack": stack, "calls": json.loads(lines[-1])}


def main() -> int:
    entries = [observe(stack) for stack in STACKS]
    for entry in entries:
        print(entry["stack"], json.dumps(entry["calls"])[:300], file=sys.stderr)
    RECORDING.write_text(json.dumps({"calls": {**CALLS, **CALLS_SDK_ONLY}, "stacks": entries},
                                    indent=1) + "\n",
                         encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
