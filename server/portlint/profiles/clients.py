"""The clients the profiles speak about.

Observed clients list their conformance lanes (``conformance/harness/lanes.py``): the protocol
era each lane spoke, its id, and the releases recorded, oldest first — a test keeps this table
equal to the harness's. Documented clients (hosted APIs, closed clients) say what they are; their
entries cite public sources and were not reproduced locally.
"""

from __future__ import annotations

from portlint.profiles.base import ANY_ERA, LEGACY, MODERN, Client

TS_SDK_VERSIONS = (
    "1.21.0", "1.21.1", "1.21.2", "1.22.0", "1.23.0", "1.23.1", "1.24.0", "1.24.1", "1.24.2",
    "1.24.3", "1.25.0", "1.25.1", "1.25.2", "1.25.3", "1.26.0", "1.27.0", "1.27.1", "1.28.0",
    "1.29.0", "1.30.0", "1.30.1", "1.31.0", "1.32.0", "1.32.1", "1.32.2",
)
TS_CLIENT_VERSIONS = ("2.0.0", "2.1.0", "2.2.0", "2.3.0", "2.3.1", "2.4.0")
PYTHON_SDK_VERSIONS = ("1.30.0", "2.0.0", "2.0.1", "2.1.0", "2.1.1", "2.2.0", "2.3.0")

CLIENTS: tuple[Client, ...] = (
    # observed: the MCP SDKs' clients
    Client("ts-sdk", "MCP TypeScript SDK", "@modelcontextprotocol/sdk",
           ((LEGACY, "ts-sdk", TS_SDK_VERSIONS),)),
    Client("ts-client", "MCP TypeScript client", "@modelcontextprotocol/client",
           ((LEGACY, "ts-client:2025-11-25", TS_CLIENT_VERSIONS),
            (MODERN, "ts-client:2026-07-28", TS_CLIENT_VERSIONS))),
    Client("python-sdk", "MCP Python SDK", "mcp",
           ((LEGACY, "python-sdk", PYTHON_SDK_VERSIONS),
            (MODERN, "python-sdk:2026-07-28", PYTHON_SDK_VERSIONS[1:]))),
    # observed: agents and CLIs
    Client("claude-code", "Claude Code", "@anthropic-ai/claude-code",
           ((LEGACY, "claude-code:2025-11-25", ("2.1.332", "2.1.337")),
            (MODERN, "claude-code:2026-07-28", ("2.1.332", "2.1.337")))),
    Client("codex", "Codex CLI", "@openai/codex", ((LEGACY, "codex", ("0.111.0", "0.171.0")),)),
    Client("gemini-cli-core", "Gemini CLI core", "@google/gemini-cli-core",
           ((LEGACY, "gemini-cli-core", ("0.7.0", "0.8.2", "0.61.0")),)),
    # observed: libraries that hand MCP tools to a model (of every protocol era: they take the
    # MCP client the application installs)
    Client("anthropic-sdk", "Anthropic TypeScript SDK (mcpTools)", "@anthropic-ai/sdk",
           ((ANY_ERA, "anthropic-sdk:mcp-tools", ("1.15.0", "1.17.0")),)),
    Client("anthropic-sdk-strict", "Anthropic TypeScript SDK (transformJSONSchema)",
           "@anthropic-ai/sdk",
           ((ANY_ERA, "anthropic-sdk:transform-json-schema", ("1.15.0", "1.17.0")),)),
    Client("openai-agents", "OpenAI Agents SDK", "openai-agents",
           ((ANY_ERA, "openai-agents", ("0.24.0", "0.25.0")),)),
    Client("openai-agents-strict", "OpenAI Agents SDK (strict schemas)", "openai-agents",
           ((ANY_ERA, "openai-agents:strict", ("0.24.0", "0.25.0")),)),
    Client("vscode-json-languageservice", "VS Code's JSON validator (vscode-json-languageservice)",
           "vscode-json-languageservice",
           ((ANY_ERA, "vscode-json-languageservice", ("5.6.0", "5.7.2")),)),
    Client("google-genai-js", "Google Gen AI SDK for JavaScript (mcpToTool)", "@google/genai",
           ((ANY_ERA, "google-genai-js", ("1.5.0", "1.10.0", "3.3.0", "3.6.1")),)),
    Client("google-genai-py", "Google Gen AI SDK for Python", "google-genai",
           ((ANY_ERA, "google-genai-py", ("3.6.1",)),)),
    Client("langchain-google-genai", "LangChain Google GenAI", "langchain-google-genai",
           ((ANY_ERA, "langchain-google-genai", ("4.4.3",)),)),
    Client("langchain-mcp-adapters", "LangChain MCP adapters", "langchain-mcp-adapters",
           ((ANY_ERA, "langchain-mcp-adapters", ("0.3.2",)),)),
    Client("llama-index-tools-mcp", "LlamaIndex MCP tools (McpToolSpec)",
           "llama-index-tools-mcp",
           ((ANY_ERA, "llama-index-tools-mcp", ("0.6.0",)),)),
    # documented: hosted APIs and closed clients (not reproduced locally)
    Client("anthropic-api", "the Anthropic API",
           about="The Anthropic Messages API, also reached through Amazon Bedrock and Google "
                 "Vertex AI: it validates every tool's input_schema on every request."),
    Client("bedrock", "Amazon Bedrock Converse",
           about="Amazon Bedrock's Converse API (toolSpec.inputSchema), for every model on it."),
    Client("claude-desktop", "Claude Desktop",
           about="Anthropic's desktop app and its MCP client (a closed build)."),
    Client("vscode-mcp", "VS Code",
           about="VS Code's own MCP client, which validates input schemas against draft-07 "
                 "before it lists a tool."),
    Client("copilot-chat", "VS Code Copilot Chat",
           about="GitHub Copilot Chat in VS Code (agent mode), which normalises every tool "
                 "schema before a request."),
    Client("copilot-intellij", "Copilot for IntelliJ 1.5.56",
           about="GitHub Copilot for JetBrains IDEs, version 1.5.56 as reported."),
    Client("copilot-cli", "GitHub Copilot CLI 1.0.76",
           about="The GitHub Copilot command-line agent, version 1.0.76 as reported."),
    Client("openai-api", "OpenAI function calling",
           about="OpenAI Chat Completions and Responses function tools, strict or not."),
    Client("openai-api-strict", "OpenAI strict mode",
           about="OpenAI Structured Outputs and strict: true function calling."),
    Client("gemini-api", "the Gemini API (`parameters`)",
           about="functionDeclarations[].parameters of the Gemini API and Vertex AI, a subset of "
                 "the OpenAPI 3.0 Schema object."),
)
CLIENTS_BY_ID = {client.id: client for client in CLIENTS}
