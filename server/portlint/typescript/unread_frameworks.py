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
transport, type, schema or error; or when it connects an SDK server transport to an object it
makes with a name another package exports, whatever the names (@mondaydotcomorg/monday-api-mcp
3.3.0: `const toolkit = new MondayAgentToolkit(...)` of `@mondaydotcomorg/agent-toolkit`, a
subclass of the SDK's server that registers 92 tools; `await toolkit.connect(transport)`) — and
when the file registers no tool portlint reads itself."""

from __future__ import annotations

import re

from portlint.source.located import Span
from portlint.typescript.evaluate import SDK_MODULES, ModuleInfo
from portlint.typescript.syntax import Node, Syntax

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
        if not _foreign(source) or "mcp" not in source.lower():
            continue
        if imported == "*" or not _SERVER_NAME.search(name) or _NOT_A_SERVER.search(name):
            continue
        wanted[local] = (source, imported if imported != "default" else local)
    if not wanted:
        return _connected(module)
    syntax = module.syntax
    for kind, field in (("call_expression", "function"), ("new_expression", "constructor")):
        for node in syntax.searched(kind):
            callee = node.child_by_field_name(field)
            if callee is not None and callee.type == "identifier":
                found = wanted.get(syntax.source(callee))
                if found is not None:
                    return found[0], found[1], syntax.span(node)
    return _connected(module)


def _foreign(source: str) -> bool:
    """Whether an import names another package than the SDK and the frameworks read."""
    return not source.startswith((".", "/", "@modelcontextprotocol/", "node:", "#")) and (
        source not in SDK_MODULES) and source not in _READ


def _connected(module: ModuleInfo) -> tuple[str, str, Span] | None:
    """`x.connect(transport)`, an SDK server transport given to an object the file makes with
    `new Name(...)` (or `Name(...)`, `ns.Name(...)`) of another package: that package and
    name, and where the object is made."""
    syntax = module.syntax
    made: dict[str, Node] = {}  # a name -> what its declaration makes it with
    transports: set[str] = set()  # the names bound to a server transport
    for declarator in syntax.searched("variable_declarator"):
        name, value = declarator.child_by_field_name("name"), declarator.child_by_field_name(
            "value")
        while value is not None and value.type in ("await_expression",
                                                   "parenthesized_expression"):
            value = value.named_children[0] if value.named_children else None
        if name is None or name.type != "identifier" or value is None:
            continue
        if _is_transport(syntax, value):
            transports.add(syntax.source(name))
        elif value.type in ("new_expression", "call_expression"):
            made[syntax.source(name)] = value
    for call in syntax.searched("call_expression"):
        function = call.child_by_field_name("function")
        arguments = call.child_by_field_name("arguments")
        if function is None or arguments is None or function.type != "member_expression":
            continue
        target, method = function.child_by_field_name("object"), function.child_by_field_name(
            "property")
        given = arguments.named_children[0] if arguments.named_children else None
        if target is None or method is None or syntax.source(method) != "connect" or (
                target.type != "identifier") or given is None or not (
                _is_transport(syntax, given) or syntax.source(given) in transports):
            continue
        maker = made.get(syntax.source(target))
        callee = maker.child_by_field_name(
            "constructor" if maker.type == "new_expression" else "function") if (
            maker is not None) else None
        root = callee
        while root is not None and root.type == "member_expression":
            root = root.child_by_field_name("object")
        imported = module.imports.get(syntax.source(root)) if root is not None and (
            root.type == "identifier") else None
        if callee is not None and maker is not None and imported is not None and _foreign(
                imported[0]):
            written = syntax.source(callee)  # `ns.Name` of a namespace (tsc's `mcp_1.Name`)
            shown = written.split(".", 1)[1] if imported[1] in ("*", "default") and (
                "." in written) else written
            return imported[0], shown, syntax.span(maker)
    return None


def _is_transport(syntax: Syntax, node: Node) -> bool:
    """`new StdioServerTransport()` (or another of the SDK's server transports)."""
    constructor = node.child_by_field_name("constructor") if node.type == "new_expression" \
        else None
    return constructor is not None and syntax.source(constructor).endswith("ServerTransport")


def unread_reason(package: str, name: str) -> str:
    return (f"its server is made with `{name}` of `{package}`, a package whose code portlint "
            "does not read (it reads the MCP TypeScript SDK's servers and `fastmcp`'s)")
