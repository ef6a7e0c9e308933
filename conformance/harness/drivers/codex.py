"""Codex CLI (the native binary from npm), through a fake OpenAI Responses API.

``codex exec`` runs with one fake MCP server per case (a batch of cases per run) configured
with ``-c mcp_servers.<name>=…``, and a model provider whose base URL is the fake API. The
first Responses request holds the tools as the model would receive them: flat functions named
``mcp__<server>__<tool>`` (0.111) or ``namespace`` entries ``mcp__<server>`` holding the
functions (0.171). Their ``parameters`` are compared with the served ``inputSchema``. Codex's
log lines (``RUST_LOG`` warnings and errors, and ``codex exec``'s ``mcp:`` progress lines) that
name the server are the case's log. Calls are not observed for Codex (listing only).
"""

from __future__ import annotations

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
BINARIES = (
    "node_modules/@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/bin/codex",
    "node_modules/@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/codex/codex",
)
_ANSI = re.compile(r"\x1b\[[0-9;]*m")
_TRACE_PREFIX = re.compile(r"^\d{4}-\d{2}-\d{2}T[\d:.]+Z\s+(\w+)\s+")


def _binary(install: Path) -> Path:
    for relative in BINARIES:
        if (install / relative).is_file():
            return install / relative
    raise FileNotFoundError(f"no codex binary under {install}")


def _toml_string(value: str) -> str:
    return json.dumps(value)  # a JSON string is a valid TOML basic string here


def _handed(body: Any, servers: set[str]) -> dict[str, list[dict[str, Any]]]:
    """server -> the functions the model receives for it, as MCP-shaped tools."""
    found: dict[str, list[dict[str, Any]]] = {server: [] for server in servers}
    tools = body.get("tools") if isinstance(body, dict) else None

    def add(server: str, function: dict[str, Any], name: str) -> None:
        view: dict[str, Any] = {"name": name, "inputSchema": function.get("parameters")}
        if "description" in function:
            view["description"] = function["description"]
        found[server].append(view)

    for tool in tools or []:
        if not isinstance(tool, dict):
            continue
        name = str(tool.get("name", ""))
        if tool.get("type") == "namespace" and name.startswith("mcp__"):
            server = name[len("mcp__"):]
            if server in found:
                for function in tool.get("tools") or []:
                    add(server, function, str(function.get("name", "")))
        elif name.startswith("mcp__") and name.count("__") >= 2:
            _, server, tool_name = name.split("__", 2)
            if server in found:
                add(server, tool, tool_name)
    return found


def _log_lines(stderr: str, server: str) -> list[str]:
    mark = re.compile(rf"(?<![\w-]){re.escape(server)}(?![\w-])")
    picked = []
    for raw in _ANSI.sub("", stderr).splitlines():
        match = _TRACE_PREFIX.match(raw)
        level = match.group(1).lower() if match else "log"
        if match and level not in ("warn", "error"):
            continue
        text = _TRACE_PREFIX.sub("", raw)
        text = re.sub(r"^[\w{}=\":. -]*?(codex_\w+|rmcp)(::\w+)*: ", r"\1: ", text)
        if not match and not any(word in text.lower() for word in ("fail", "error", "warn")):
            continue  # exec's progress lines: only the failures matter
        if text.startswith("mcp startup:"):
            continue  # the summary names every server of the batch
        if mark.search(text):
            picked.append(f"{level}: {mark.sub('<server>', text)}")
    return picked


def _run_batch(lane: Lane, binary: Path, batch: dict[str, Case], work: Path,
               timeout: int) -> dict[str, dict[str, Any]]:
    logs = {}
    with FakeModelAPI() as api:
        options = [
            "-c", 'model_provider="conformance"',
            "-c", ("model_providers.conformance={name=\"conformance\", base_url="
                   f"{_toml_string(api.base_url + '/v1')}, wire_api=\"responses\", "
                   "env_key=\"CONFORMANCE_KEY\"}"),
            "-c", 'model="gpt-5"',
        ]
        for server, case in batch.items():
            script_path = work / f"{case.id}.script.json"
            script_path.write_text(json.dumps(served.script(case, modern=False)))
            logs[server] = str(work / f"{case.id}.server.log")
            arguments = ", ".join(_toml_string(a) for a in (
                str(RUNNERS / "fake-mcp-server.mjs"), str(script_path), logs[server]))
            options += ["-c", f'mcp_servers.{server}={{command="node", args=[{arguments}]}}']
        codex_home = work / "codex-home"
        codex_home.mkdir()
        env = runner_env(work, {"CONFORMANCE_KEY": DUMMY_KEY, "CODEX_HOME": str(codex_home),
                                "RUST_LOG": "warn"})
        done = subprocess.run([str(binary), "exec", "--skip-git-repo-check", *options,
                               "Say ok."], env=env, cwd=work, capture_output=True, text=True,
                              timeout=timeout, check=False)
        requests = api.snapshot()
    first = next((r["body"] for r in requests if r["path"].endswith("/responses")), None)
    handed = _handed(first, set(batch))
    raw: dict[str, dict[str, Any]] = {}
    for server, case in batch.items():
        lines = _log_lines(done.stderr, server)
        facts: dict[str, Any] = {"transport": "stdio", "server_log": logs[server],
                                 "console": lines, "calls": []}
        if first is None:
            facts["connect"] = {"ok": False, "error": f"codex exited {done.returncode} before "
                                                      f"any model request: {done.stderr[-800:]}"}
        else:
            facts["connect"] = {"ok": True}
            if handed[server]:
                facts["list"] = {"ok": True, "tools": handed[server]}
            else:
                failures = [line for line in lines if "fail" in line.lower()
                            or "error" in line.lower()]
                facts["list"] = {"ok": False, "error": failures[-1] if failures else
                                 "no tool of this server reached the model"}
        raw[case.id] = {"stdio": with_handshake(facts)}
    return raw


def run(lane: Lane, version: str, install: Path, cases: list[Case], work: Path, *,
        transports: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    binary = _binary(install)
    raw: dict[str, dict[str, Any]] = {}
    for start in range(0, len(cases), BATCH):
        chunk = cases[start:start + BATCH]
        folder = work / f"batch-{start // BATCH:03d}"
        folder.mkdir()
        batch = {f"s{index:02d}": case for index, case in enumerate(chunk)}
        raw.update(_run_batch(lane, binary, batch, folder, timeout=300))
    return raw
