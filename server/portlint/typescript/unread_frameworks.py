"""A server made with an MCP framework portlint does not read: said, never "no tool found".

portlint reads the tools of the MCP TypeScript SDK's servers and of the `fastmcp` framework. A
server made with another framework or helper package — `new McpServer(...)` of `tmcp`, `new
MCPServer({ tools })` of `@mastra/mcp`, `createServer` of `@sylphx/mcp-server-sdk`,
`runMcpCli(...)` of `@mongodb-js/mcp-cli` — registers its tools through code portlint does not
know, and a folder of such a server was "no tool found" (mongodb-mcp-server 3.0.4 lists 27
tools, @mastra/mcp-docs-server 1.2.27 13). Such a file is now said, once, as an
`unknown-schema` note standing for the tools its server lists.

A file is taken for one when it calls or constructs a name it imports from a package (not a
file of the project, not the SDK, not `fastmcp`) whose name holds `mcp`, the name itself making
a server (`McpServer`, `createServer`) or running MCP (`runMcpCli`), and naming no client,
transport, type, schema or error — and when the file registers no tool portlint reads itself."""

from __future__ import annotations

import re

from portlint.source.located import Span
from portlint.typescript.evaluate import SDK_MODULES, ModuleInfo

# a name making a server: `McpServer`, `createServer`, or one that runs MCP (`runMcpCli`)
_SERVER_NAME = re.compile(r"server|^(?:run|start|serve|create)\w*mcp", re.IGNORECASE)
_NOT_A_SERVER = re.compile(r"client|transport|type|schema|error", re.IGNORECASE)
_READ = frozenset(("fastmcp",))


def unread_framework(module: ModuleInfo) -> tuple[str, str, Span] | None:
    """The package and the name of it the file makes its server with, and where (None: no
    such call)."""
    wanted: dict[str, tuple[str, str]] = {}
    for local, (source, imported, _) in module.imports.items():
        name = local if imported in ("*", "default") else imported
        if source.startswith((".", "/", "@modelcontextprotocol/")) or source in SDK_MODULES or (
                source in _READ) or "mcp" not in source.lower():
            continue
        if imported == "*" or not _SERVER_NAME.search(name) or _NOT_A_SERVER.search(name):
            continue
        wanted[local] = (source, imported if imported != "default" else local)
    if not wanted:
        return None
    syntax = module.syntax
    for kind, field in (("call_expression", "function"), ("new_expression", "constructor")):
        for node in syntax.searched(kind):
            callee = node.child_by_field_name(field)
            if callee is not None and callee.type == "identifier":
                found = wanted.get(syntax.source(callee))
                if found is not None:
                    return found[0], found[1], syntax.span(node)
    return None


def unread_reason(package: str, name: str) -> str:
    return (f"its server is made with `{name}` of `{package}`, a framework portlint does not "
            "read (it reads the MCP TypeScript SDK's servers and `fastmcp`'s)")
