"""The clients observed: one lane per client and mode (a protocol era, a server offer), with the
versions recorded, oldest first.

A lane's versions are every release in its range that the observations cover; consecutive
versions with the same outcome for a case merge into one record (``ts-sdk@1.22.0-1.32.2/…``).
``ci`` marks the lanes whose newest version CI re-runs live for drift.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

TS_SDK_VERSIONS = (
    "1.21.0", "1.21.1", "1.21.2", "1.22.0", "1.23.0", "1.23.1", "1.24.0", "1.24.1", "1.24.2",
    "1.24.3", "1.25.0", "1.25.1", "1.25.2", "1.25.3", "1.26.0", "1.27.0", "1.27.1", "1.28.0",
    "1.29.0", "1.30.0", "1.30.1", "1.31.0", "1.32.0", "1.32.1", "1.32.2",
)
TS_CLIENT_VERSIONS = ("2.0.0", "2.1.0", "2.2.0", "2.3.0", "2.3.1", "2.4.0")
PYTHON_SDK_VERSIONS = ("1.30.0", "2.0.0", "2.0.1", "2.1.0", "2.1.1", "2.2.0", "2.3.0")
PYTHON_SDK_MODERN_VERSIONS = PYTHON_SDK_VERSIONS[1:]  # 1.x has no server/discover


@dataclass(frozen=True)
class Lane:
    id: str  # the record id's prefix: "ts-sdk", "ts-client:2026-07-28"
    title: str  # as docs name it
    client: str  # the pins folder under conformance/clients/ and the cache folder
    package: str  # the registry package
    ecosystem: str  # "npm" or "pypi"
    versions: tuple[str, ...]
    driver: str  # the module under conformance/harness/drivers/ that runs it
    observes: str  # what the lane hands on and how it is observed, for the README and docs
    options: dict[str, Any] = field(default_factory=dict)
    fields: tuple[str, ...] | None = None  # the tool fields compared (None: the whole tool)
    transports: tuple[str, ...] = ("memory", "stdio")  # the first runs for every version
    ci: bool = False

    @property
    def newest(self) -> str:
        return self.versions[-1]


LANES: tuple[Lane, ...] = (
    Lane("ts-sdk", "MCP TypeScript SDK 1.x client", "ts-sdk", "@modelcontextprotocol/sdk", "npm",
         TS_SDK_VERSIONS, "ts_sdk",
         "Client.listTools() and Client.callTool() over stdio and in memory; the tools compared "
         "are the parsed ListToolsResult.",
         {"flavour": "v1", "era": "legacy"}, ci=True),
    Lane("ts-client:2025-11-25", "MCP TypeScript SDK v2 client, 2025-11-25 era", "ts-client",
         "@modelcontextprotocol/client", "npm", TS_CLIENT_VERSIONS, "ts_sdk",
         "Client.listTools() and Client.callTool() with the default (legacy) version "
         "negotiation: initialize, answered with 2025-11-25.",
         {"flavour": "v2", "era": "legacy"}, ci=True),
    Lane("ts-client:2026-07-28", "MCP TypeScript SDK v2 client, 2026-07-28 era", "ts-client",
         "@modelcontextprotocol/client", "npm", TS_CLIENT_VERSIONS, "ts_sdk",
         "Client.listTools() and Client.callTool() pinned to 2026-07-28 (server/discover).",
         {"flavour": "v2", "era": "modern"}, ci=True),
    Lane("python-sdk", "MCP Python SDK client", "python-sdk", "mcp", "pypi",
         PYTHON_SDK_VERSIONS, "python_sdk",
         "ClientSession.initialize(), list_tools() and call_tool() over stdio and in memory; "
         "the tools compared are the parsed result dumped by alias.",
         {"era": "legacy"}, ci=True),
    Lane("python-sdk:2026-07-28", "MCP Python SDK client, 2026-07-28 era", "python-sdk", "mcp",
         "pypi", PYTHON_SDK_MODERN_VERSIONS, "python_sdk",
         "ClientSession.discover() (2026-07-28), list_tools() and call_tool().",
         {"era": "modern"}),
)

CLAUDE_CODE_OBSERVES = (
    "claude -p with one fake MCP server per case and a fake Anthropic API: the tools of the "
    "first model request (mcp__<server>__ prefix removed), the tool results of the calls the "
    "fake model asks for, and Claude Code's debug log lines about the server.")
LANES += (
    Lane("claude-code:2025-11-25", "Claude Code, 2025-11-25 era", "claude-code",
         "@anthropic-ai/claude-code", "npm", ("2.1.332",), "claude_code",
         CLAUDE_CODE_OBSERVES + " MCP_PROTOCOL_NEGOTIATION=legacy; the server answers "
         "initialize only.", {"era": "legacy"},
         fields=("name", "description", "inputSchema"), transports=("stdio",)),
    Lane("claude-code:2026-07-28", "Claude Code, 2026-07-28 era", "claude-code",
         "@anthropic-ai/claude-code", "npm", ("2.1.332",), "claude_code",
         CLAUDE_CODE_OBSERVES + " MCP_PROTOCOL_NEGOTIATION=auto; the server offers 2026-07-28 "
         "through server/discover.", {"era": "modern"},
         fields=("name", "description", "inputSchema"), transports=("stdio",)),
)

LANES += (
    Lane("codex", "Codex CLI", "codex", "@openai/codex", "npm", ("0.111.0", "0.171.0"), "codex",
         "codex exec with one fake MCP server per case and a fake OpenAI Responses API: the "
         "function tools of the first request (flat mcp__<server>__<tool>, or a namespace "
         "mcp__<server>), their parameters compared with the served inputSchema, and Codex's "
         "warnings and errors about the server. Listing only: calls are not observed.",
         fields=("name", "description", "inputSchema"), transports=("stdio",)),
)

LANES += (
    Lane("gemini-cli-core", "Gemini CLI core (@google/gemini-cli-core)", "gemini-cli-core",
         "@google/gemini-cli-core", "npm", ("0.7.0", "0.8.2", "0.61.0"), "gemini_cli_core",
         "gemini-cli-core's own discoverTools() over the MCP SDK client it resolves (0.7.0, 0.8.2: "
         "their ^1.x range, locked at 1.32.2; 0.61.0: its exact pin, 1.23.0), over stdio; the "
         "function declarations it builds (parametersJsonSchema) compared with the served "
         "inputSchema, and calls through each discovered tool's callable. The optional "
         "wait_for_previous boolean that newer releases add to every declaration is removed "
         "before comparing.",
         fields=("name", "description", "inputSchema"), transports=("stdio",)),
)


def lane(lane_id: str) -> Lane:
    for one in LANES:
        if one.id == lane_id:
            return one
    raise KeyError(f"no lane {lane_id!r}; known: {', '.join(one.id for one in LANES)}")
