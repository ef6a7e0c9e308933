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
    # a converter that rewrites every tool it hands on (a strict conversion, another schema
    # dialect): what it does to a plain control is its normal output, not the harness failing
    rewrites_every_tool: bool = False

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
         "Client.listTools() and Client.callTool() pinned to 2026-07-28 (the revision's discover "
         "request).",
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
         "@anthropic-ai/claude-code", "npm", ("2.1.332", "2.1.337"), "claude_code",
         CLAUDE_CODE_OBSERVES + " MCP_PROTOCOL_NEGOTIATION=legacy; the server answers "
         "initialize only.", {"era": "legacy"},
         fields=("name", "description", "inputSchema"), transports=("stdio",)),
    Lane("claude-code:2026-07-28", "Claude Code, 2026-07-28 era", "claude-code",
         "@anthropic-ai/claude-code", "npm", ("2.1.332", "2.1.337"), "claude_code",
         CLAUDE_CODE_OBSERVES + " MCP_PROTOCOL_NEGOTIATION=auto; the server offers 2026-07-28 "
         "through the revision's discover request.", {"era": "modern"},
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


# The in-process converter libraries: what an application built on them hands its model.
LIBRARY_FIELDS = ("name", "description", "inputSchema")
LANES += (
    Lane("google-genai-js", "Google Gen AI SDK for JavaScript (@google/genai) mcpToTool",
         "google-genai-js", "@google/genai", "npm", ("1.5.0", "1.10.0", "3.3.0", "3.6.1"),
         "google_genai",
         "models.generateContent with tools: [mcpToTool(client)] (the client: the MCP TypeScript "
         "SDK 1.32.2 in memory) against a fake Gemini API: the functionDeclarations of the first "
         "request compared with the served tools (parametersJsonSchema and responseJsonSchema as "
         "sent; a Schema-typed parameters/response with its upper-case type names lower-cased), "
         "and the functionResponse of each call made by automatic function calling. A listing "
         "failure is the MCP SDK's own. Releases sampled where mcpToTool changed: 1.5.0 converts "
         "inputSchema into parameters (filterToJsonSchema, processJsonSchema), 1.10.0 sends it as "
         "parametersJsonSchema, 3.3.0 also sends outputSchema as responseJsonSchema; 3.6.1 is the "
         "newest release.",
         {"runtime": "node"}, fields=LIBRARY_FIELDS, transports=("memory",)),
    Lane("google-genai-py", "Google Gen AI SDK for Python (google-genai), MCP session as a tool",
         "google-genai-py", "google-genai", "pypi", ("3.6.1",), "google_genai",
         "client.aio.models.generate_content with tools=[session] (an mcp 2.3.0 ClientSession "
         "in memory) against a fake Gemini API: the functionDeclarations of the first request "
         "(mcp_to_gemini_tools: parameters, a Schema made by Schema.from_json_schema, its "
         "upper-case type names lower-cased for comparing) and the functionResponse of each call "
         "made by automatic function calling. The SDK converts the session's whole tool list at "
         "once: a raise there loses every tool (refused/conversion, lost tool-list).",
         {"runtime": "python"}, fields=LIBRARY_FIELDS, transports=("memory",)),
    Lane("anthropic-sdk:mcp-tools", "Anthropic TypeScript SDK, MCP helper mcpTools",
         "anthropic-sdk", "@anthropic-ai/sdk", "npm", ("1.15.0", "1.17.0"), "library",
         "mcpTools(listTools().tools, client) from @anthropic-ai/sdk/helpers/beta/mcp (the client: "
         "the MCP TypeScript SDK 1.32.2 in memory): the tools as the Messages API would receive "
         "them (input_schema compared with the served inputSchema), and each call through the "
         "helper's own run(). A listing failure is the MCP SDK's own.",
         {"runner": "anthropic-sdk.mjs", "mode": "mcp-tools"}, fields=LIBRARY_FIELDS,
         transports=("memory",)),
    Lane("anthropic-sdk:transform-json-schema",
         "Anthropic TypeScript SDK, strict helper transformJSONSchema", "anthropic-sdk",
         "@anthropic-ai/sdk", "npm", ("1.15.0", "1.17.0"), "library",
         "transformJSONSchema (@anthropic-ai/sdk/lib/transform-json-schema, the helper that "
         "makes a schema fit strict mode) on each served tool's inputSchema and outputSchema, one "
         "tool at a "
         "time; a raise loses that tool only (refused/conversion, lost tool). No MCP path: the "
         "served tools are converted as the fake server serves them.",
         {"runner": "anthropic-sdk.mjs", "mode": "transform-json-schema"},
         fields=(*LIBRARY_FIELDS, "outputSchema"), transports=("in-process",),
         rewrites_every_tool=True),
    Lane("openai-agents:strict", "OpenAI Agents SDK MCP tools, convert_schemas_to_strict=True",
         "openai-agents", "openai-agents", "pypi", ("0.24.0", "0.25.0"), "library",
         "MCPUtil.get_all_function_tools(convert_schemas_to_strict=True) over MCPServerStdio (mcp "
         "2.3.0; its create_streams swapped for the in-memory fake server), as "
         "Agent(mcp_config={'convert_schemas_to_strict': True}) does: each "
         "FunctionTool's params_json_schema (sent as parameters) compared with the served "
         "inputSchema, and its strict_json_schema flag under handed.strict. A strict conversion "
         "that raises is not a refusal: the library logs it at INFO and silently serves the tool "
         "non-strict (handed.strict false, handed.strict_error the logged exception, with "
         "OPENAI_AGENTS_DONT_LOG_TOOL_DATA=0 so that the line carries it). Calls "
         "through on_invoke_tool with failure_error_function=None (by default the model gets "
         "only \"An error occurred while running the tool. Please try again.\").",
         {"runner": "openai_agents.py", "mode": "strict"}, fields=LIBRARY_FIELDS,
         transports=("memory",), rewrites_every_tool=True, ci=True),
    Lane("openai-agents", "OpenAI Agents SDK MCP tools, non-strict (the default)",
         "openai-agents", "openai-agents", "pypi", ("0.24.0", "0.25.0"), "library",
         "MCPUtil.get_all_function_tools(convert_schemas_to_strict=False) over MCPServerStdio "
         "(mcp 2.3.0, in memory as above), the default: each FunctionTool's params_json_schema "
         "compared with the "
         "served inputSchema (the library adds properties: {} where it is missing), calls through "
         "on_invoke_tool with failure_error_function=None.",
         {"runner": "openai_agents.py", "mode": "non-strict"}, fields=LIBRARY_FIELDS,
         transports=("memory",), ci=True),
    Lane("langchain-mcp-adapters", "LangChain MCP adapters (langchain-mcp-adapters) load_mcp_tools",
         "langchain-mcp-adapters", "langchain-mcp-adapters", "pypi", ("0.3.2",), "library",
         "load_mcp_tools(session) on an mcp 1.30.0 ClientSession in memory: each StructuredTool's "
         "args_schema (what a chat model's bind_tools converts) compared with the served "
         "inputSchema, and each call through the tool's ainvoke.",
         {"runner": "langchain_mcp.py", "mode": "adapters"}, fields=LIBRARY_FIELDS,
         transports=("memory",)),
    Lane("langchain-google-genai",
         "LangChain Google GenAI (langchain-google-genai) function declarations",
         "langchain-google-genai", "langchain-google-genai", "pypi", ("4.4.3",), "library",
         "the tools load_mcp_tools (langchain-mcp-adapters 0.3.2, mcp 1.30.0 in memory) makes, "
         "converted as ChatGoogleGenerativeAI.bind_tools converts them: "
         "convert_to_genai_function_declarations on the whole list; each declaration's "
         "parameters (a Gemini Schema, dumped by alias, its upper-case type names lower-cased) "
         "or parameters_json_schema compared with the served inputSchema. The list is converted "
         "as one: a raise loses every tool (refused/conversion, lost tool-list); the subject "
         "converted alone as well, and its own raise is kept under the outcome's log. Calls are "
         "not made (the adapters' calls are observed in their own lane).",
         {"runner": "langchain_mcp.py", "mode": "google-genai"}, fields=LIBRARY_FIELDS,
         transports=("memory",), rewrites_every_tool=True),
    Lane("llama-index-tools-mcp", "LlamaIndex MCP tools (llama-index-tools-mcp) McpToolSpec",
         "llama-index-tools-mcp", "llama-index-tools-mcp", "pypi", ("0.6.0",), "library",
         "McpToolSpec(client=session).to_tool_list_async() on an mcp 2.3.0 ClientSession in "
         "memory (the spec takes any ClientSession): each FunctionTool's "
         "metadata.get_parameters_dict() (the "
         "JSON Schema an LLM receives, from the pydantic model create_model_from_json_schema "
         "builds) compared with the served inputSchema, and each call through the tool's acall.",
         {"runner": "llama_index_mcp.py"}, fields=LIBRARY_FIELDS, transports=("memory",),
         rewrites_every_tool=True),
    Lane("vscode-json-languageservice",
         "vscode-json-languageservice, approximating VS Code's MCP tool validation (not VS Code)",
         "vscode-json-languageservice", "vscode-json-languageservice", "npm", ("5.6.0", "5.7.2"),
         "library",
         "AN APPROXIMATION OF VS CODE, NOT VS CODE: each served tool normalised as VS Code's "
         "McpServer._normalizeTool does (empty description -> \"<empty>\", characters outside "
         "[a-z0-9_-] in the name -> \"_\") and its inputSchema validated by the language service "
         "the way the json.validate command does (a temporary json document associated with "
         "https://json-schema.org/draft-07/schema; a declared $schema takes precedence); any "
         "diagnostic leaves the tool out (refused/tool, the messages as VS Code words them). A "
         "meta-schema the language service does not carry (VS Code downloads it) is served from "
         "the jsonschema-specifications package; any other download is refused, and the record "
         "says so. outputSchema is not validated (VS Code does not). 5.7.0 began carrying "
         "flattened 2019-09/2020-12 meta-schemas; 5.6.0 is the release before.",
         {"runner": "vscode-json.mjs", "meta_schemas": True}, fields=LIBRARY_FIELDS,
         transports=("in-process",), ci=True),
)


def lane(lane_id: str) -> Lane:
    for one in LANES:
        if one.id == lane_id:
            return one
    raise KeyError(f"no lane {lane_id!r}; known: {', '.join(one.id for one in LANES)}")
