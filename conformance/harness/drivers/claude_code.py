"""Claude Code (the native CLI from npm), through the fake model API.

Claude Code runs headless (``-p``) with the cases' fake MCP servers in its ``--mcp-config``: one
server per case, a batch of cases per run, so one case's failure shows as that server's loss
only. The fake Anthropic API answers the first request that carries MCP tools with one tool call
per MCP tool (the case's arguments), and every later request with "ok". What is observed:

* the tools as the model receives them — the first request's ``tools``, ``mcp__<server>__``
  prefix removed, compared with what was served (name, description, inputSchema);
* the call results Claude Code hands back to the model (the ``tool_result`` blocks);
* Claude Code's debug log lines about each server (``Failed to fetch tools``, ``Skipping
  tool``, ``Normalized input schema``), as the case's log.

Tool search is off (``ENABLE_TOOL_SEARCH=false``) so MCP tools reach the first request in full,
and MCP connections block the first turn (``MCP_CONNECTION_NONBLOCKING=false``).
"""

from __future__ import annotations

import contextlib
import json
import re
import subprocess
from pathlib import Path
from typing import Any

from conformance.harness import served
from conformance.harness.cases import Case
from conformance.harness.environment import DUMMY_KEY, RUNNERS, runner_env
from conformance.harness.fake_model import FakeModelAPI
from conformance.harness.handshake import with_handshake
from conformance.harness.lanes import Lane

BATCH = 20
BINARY = "node_modules/@anthropic-ai/claude-code-linux-x64/claude"
_LOG_PREFIX = re.compile(r"^\d{4}-\d{2}-\d{2}T[\d:.]+Z \[(\w+)\] ")


def _mcp_tools(body: Any) -> list[dict[str, Any]]:
    if not isinstance(body, dict):
        return []
    return [t for t in body.get("tools") or []
            if isinstance(t, dict) and str(t.get("name", "")).startswith("mcp__")]


def _has_tool_results(body: dict[str, Any]) -> bool:
    for message in body.get("messages") or []:
        content = message.get("content") if isinstance(message, dict) else None
        if isinstance(content, list) and any(
                isinstance(b, dict) and b.get("type") == "tool_result" for b in content):
            return True
    return False


def _split(name: str) -> tuple[str, str]:
    _, server, tool = name.split("__", 2)
    return server, tool


def _arguments(case: Case, tool_name: str) -> dict[str, Any]:
    for call in served.calls(case):
        if call["name"] == tool_name:
            return dict(call["arguments"])
    return dict(case.call.get("arguments", {}))


def _debug_lines(home: Path) -> list[str]:
    folder = home / ".claude" / "debug"
    lines: list[str] = []
    for path in sorted(folder.glob("*.txt")) if folder.is_dir() else []:
        lines.extend(path.read_text(encoding="utf-8", errors="replace").splitlines())
    return lines


def _server_lines(lines: list[str], server: str) -> list[str]:
    """The debug lines about one server, its batch-dependent name shown as <server>."""
    marks = (f'"{server}"', f"mcp__{server}__")
    picked = []
    for line in lines:
        match = _LOG_PREFIX.match(line)
        level = match.group(1).lower() if match else "log"
        text = _LOG_PREFIX.sub("", line)
        if text.startswith('"'):  # some entries are logged as a JSON string
            with contextlib.suppress(ValueError):
                text = str(json.loads(text))
        if any(mark in text for mark in marks):
            text = text.replace(f'"{server}"', '"<server>"').replace(
                f"mcp__{server}__", "mcp__<server>__")
            picked.append(f"{level}: {text}")
    return picked


_INTERESTING = ("fail", "error", "skipping", "normalized", "invalid", "rejected", "warn")


# lines about the server process's own life and retries: their wording depends on timing
_LIFECYCLE = ("retrying in", "sigint", "sigterm", "process exited", "connection closed")


def _interesting(lines: list[str]) -> list[str]:
    return [line for line in lines
            if any(word in line.lower() for word in _INTERESTING)
            and not any(word in line.lower() for word in _LIFECYCLE)]


def _run_batch(lane: Lane, binary: Path, batch: dict[str, Case], work: Path,
               timeout: int) -> dict[str, dict[str, Any]]:
    modern = lane.options["era"] == "modern"
    config: dict[str, Any] = {"mcpServers": {}}
    logs = {}
    for server, case in batch.items():
        script_path = work / f"{case.id}.script.json"
        script_path.write_text(json.dumps(served.script(case, modern=modern)))
        logs[server] = str(work / f"{case.id}.server.log")
        config["mcpServers"][server] = {
            "command": "node",
            "args": [str(RUNNERS / "fake-mcp-server.mjs"), str(script_path), logs[server]]}
    (work / "mcp.json").write_text(json.dumps(config))

    def plan(body: Any) -> dict[str, Any] | None:
        tools = _mcp_tools(body)
        if not tools or _has_tool_results(body):
            return None
        calls = {}
        for tool in tools:
            server, name = _split(tool["name"])
            if server in batch:
                calls[tool["name"]] = _arguments(batch[server], name)
        return calls

    allowed = ",".join(f"mcp__{server}" for server in batch)
    with FakeModelAPI(plan) as api:
        env = runner_env(work, {
            "ANTHROPIC_BASE_URL": api.base_url, "ANTHROPIC_API_KEY": DUMMY_KEY,
            "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1", "DISABLE_AUTOUPDATER": "1",
            "DISABLE_TELEMETRY": "1", "DISABLE_ERROR_REPORTING": "1",
            "ENABLE_TOOL_SEARCH": "false", "MCP_CONNECTION_NONBLOCKING": "false",
            "MCP_PROTOCOL_NEGOTIATION": "auto" if modern else "legacy",
        })
        done = subprocess.run(
            [str(binary), "-p", "Call each tool once.", "--mcp-config", str(work / "mcp.json"),
             "--strict-mcp-config", "--debug", "--output-format", "json",
             "--allowedTools", allowed],
            env=env, cwd=work, capture_output=True, text=True, timeout=timeout, check=False)
        requests = api.snapshot()
    debug = _debug_lines(work / "home")
    first = next((r["body"] for r in requests if r["path"].startswith("/v1/messages")
                  and "count_tokens" not in r["path"] and _mcp_tools(r["body"])), None)
    answered = next((r["body"] for r in requests if r["path"].startswith("/v1/messages")
                     and isinstance(r["body"], dict) and _has_tool_results(r["body"])), None)
    results = _tool_results(answered, plan(first) if first else None)
    handed: dict[str, list[dict[str, Any]]] = {server: [] for server in batch}
    for tool in _mcp_tools(first):
        server, name = _split(tool["name"])
        if server in handed:
            view = {"name": name, "inputSchema": tool.get("input_schema")}
            if "description" in tool:
                view["description"] = tool["description"]
            handed[server].append(view)
    raw: dict[str, dict[str, Any]] = {}
    for server, case in batch.items():
        lines = _server_lines(debug, server)
        facts: dict[str, Any] = {"transport": "stdio", "server_log": logs[server],
                                 "console": _interesting(lines), "calls": []}
        if first is None and done.returncode != 0:
            facts["connect"] = {"ok": False, "error": f"claude exited {done.returncode}: "
                                                      f"{(done.stderr or done.stdout)[-800:]}"}
        else:
            facts["connect"] = {"ok": True}
        if handed[server]:
            facts["list"] = {"ok": True, "tools": handed[server]}
        else:
            errors = [line for line in lines if "Failed to fetch tools" in line
                      or "Connection failed" in line or "tools/list failed" in line]
            facts["list"] = {"ok": False, "error": errors[-1] if errors else
                             "no tool of this server reached the model"}
        for tool_name, (ok_text, is_error) in results.items():
            tool_server, name = _split(tool_name)
            if tool_server != server:
                continue
            text = ok_text.replace(f'"{server}"', '"<server>"').replace(
                f"mcp__{server}__", "mcp__<server>__")
            result: dict[str, Any] = {"content": [{"type": "text", "text": text}]}
            if is_error:
                result["isError"] = True
            facts["calls"].append({"name": name, "ok": True, "result": result})
        raw[case.id] = {"stdio": with_handshake(facts)}
    return raw


def _tool_results(body: Any, calls: dict[str, Any] | None) -> dict[str, tuple[str, bool]]:
    """tool name -> (the text Claude Code returned to the model, whether it was an error)."""
    if not isinstance(body, dict) or not calls:
        return {}
    by_id = {f"toolu_{index:04d}": name for index, name in enumerate(calls)}
    found: dict[str, tuple[str, bool]] = {}
    for message in body.get("messages") or []:
        content = message.get("content") if isinstance(message, dict) else None
        for block in content if isinstance(content, list) else []:
            if not isinstance(block, dict) or block.get("type") != "tool_result":
                continue
            name = by_id.get(block.get("tool_use_id", ""))
            if name is None:
                continue
            inner = block.get("content")
            if isinstance(inner, list):
                text = " ".join(str(b.get("text", "")) for b in inner if isinstance(b, dict))
            else:
                text = str(inner)
            found[name] = (text, bool(block.get("is_error")))
    return found


def run(lane: Lane, version: str, install: Path, cases: list[Case], work: Path, *,
        transports: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    binary = install / BINARY
    raw: dict[str, dict[str, Any]] = {}
    for start in range(0, len(cases), BATCH):
        chunk = cases[start:start + BATCH]
        folder = work / f"batch-{start // BATCH:03d}"
        folder.mkdir()
        batch = {f"s{index:02d}": case for index, case in enumerate(chunk)}
        raw.update(_run_batch(lane, binary, batch, folder, timeout=300))
    return raw
