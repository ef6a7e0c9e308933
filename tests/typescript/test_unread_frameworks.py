"""A server made with an MCP framework portlint does not read (tmcp, @mastra/mcp,
@sylphx/mcp-server-sdk, @mongodb-js/mcp-cli) is said as one note standing for its tools, never
"no tool found" (portlint/typescript/unread_frameworks.py); a client, an error class or a file
of the project is no such server, and a file whose SDK registrations are read is read as ever."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.typescript.test_typescript_files import HEADER, lint, project

from portlint.typescript.reader import analyze

TMCP = '''import { McpServer } from "tmcp";
import { StdioTransport } from "@tmcp/transport-stdio";

const server = new McpServer({ name: "x", version: "1" }, {});
new StdioTransport(server).listen();
'''

REASON = ("its server is made with `{name}` of `{package}`, a package whose code portlint does "
          "not read (it reads the MCP TypeScript SDK's servers and `fastmcp`'s)")


@pytest.mark.parametrize(("text", "name", "package", "written"), [
    (TMCP, "McpServer", "tmcp", 'new McpServer({ name: "x", version: "1" }, {})'),
    ('import { runMcpCli } from "@mongodb-js/mcp-cli";\nrunMcpCli({ tools: [] });\n',
     "runMcpCli", "@mongodb-js/mcp-cli", "runMcpCli({ tools: [] })"),
    ('import createServer from "@sylphx/mcp-server-sdk";\nconst app = createServer({});\n',
     "createServer", "@sylphx/mcp-server-sdk", "createServer({})"),
    # @mondaydotcomorg/monday-api-mcp 3.3.0: a subclass of the SDK's server in another package,
    # known by the server transport it is connected to (tsc's CommonJS, a namespace's member)
    ('const stdio_js_1 = require("@modelcontextprotocol/sdk/server/stdio.js");\n'
     'const mcp_1 = require("@acme/agent-toolkit/mcp");\n'
     'async function run() {\n  const toolkit = new mcp_1.AgentToolkit({ token: "t" });\n'
     '  const transport = new stdio_js_1.StdioServerTransport();\n'
     '  await toolkit.connect(transport);\n}\n',
     "AgentToolkit", "@acme/agent-toolkit/mcp", 'new mcp_1.AgentToolkit({ token: "t" })'),
    ('import { Toolkit } from "toolkit-lib";\n'
     'import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\n'
     'const kit = await Toolkit.create();\nawait kit.connect(new StdioServerTransport());\n',
     "Toolkit.create", "toolkit-lib", "Toolkit.create()"),
])
def test_a_server_of_an_unread_framework_is_said(
        tmp_path: Path, text: str, name: str, package: str, written: str) -> None:
    path = project(tmp_path) / "server.js"
    tools = analyze(text, path).tools
    assert [(t.name, t.whole_list, t.unknown[0][0]) for t in tools] == [
        ("?", True, REASON.format(name=name, package=package))]
    assert lint(path, text) == [("unknown-schema", "information", written)]


@pytest.mark.parametrize("text", [
    'import { McpClient } from "tmcp-client";\nconst c = new McpClient();\n',
    'import { McpError } from "mcp-errors";\nthrow new McpError("x");\n',
    'import { McpServer } from "./mcp-server.js";\nconst s = new McpServer();\n',
    'import { Server } from "http-server";\nconst s = new Server();\n',
    # connected, but to what is not an SDK server transport, or made by the project itself
    'import { Db } from "some-db";\nconst db = new Db();\nawait db.connect("postgres://x");\n',
    'import { Kit } from "./kit.js";\nimport { StdioServerTransport } from '
    '"@modelcontextprotocol/sdk/server/stdio.js";\nconst kit = new Kit();\n'
    'await kit.connect(new StdioServerTransport());\n',
])
def test_what_makes_no_server_of_an_mcp_framework_is_not_said(tmp_path: Path, text: str) -> None:
    path = project(tmp_path) / "server.js"
    assert analyze(text, path).tools == []


def test_a_file_whose_sdk_registrations_are_read_is_read_as_ever(tmp_path: Path) -> None:
    text = 'import { McpServer as Other } from "tmcp";\n' + HEADER + \
        'server.registerTool("find", { description: "D." }, async () => ({ content: [] }));\n' \
        'const other = new Other({}, {});\n'
    path = project(tmp_path) / "server.ts"
    assert [t.name for t in analyze(text, path).tools] == ["find"]
