"""Which line of the MCP Python SDK a low-level server (`mcp.server.Server` answering tools/list
with `Tool(...)` literals) is written for, as far as its code says.

The two lines are written differently, and a server written for one does not start on the other:

- `mcp` 1.x registers handlers with decorators (`@server.list_tools()`), and its `Tool` takes
  `inputSchema=`/`outputSchema=` only (an `input_schema=` would be an unknown extra field, and the
  required `inputSchema` missing);
- `mcp` 2.x passes handlers to the constructor (`Server("name", on_list_tools=...)`; the
  decorators are gone), and its `Tool` takes `input_schema=` as well as the camel-case aliases.

What the line changes in the tools a server sends: `mcp` 2.x writes each schema root through
its wire model, the keywords that model declares first (see
:func:`portlint.python.pydantic_schema.wire_order`; recorded in the `m2-lowlevel` oracle project).
When the code says neither, the project's pins decide (``"mcp"``: no line wanted), as for any
server.
"""

from __future__ import annotations

import ast

from portlint.python.names import Names

TOOL_CLASSES = {"mcp.types.Tool", "mcp_types.Tool", "mcp.Tool"}  # the `Tool` of both lines
_SNAKE_FIELDS = {"input_schema", "output_schema"}
_HANDLER_KEYWORD_PREFIX = "on_"


def lowlevel_kind(tree: ast.Module, names: Names) -> str:
    """``"mcp2"`` when the module uses what only `mcp` 2.x has, ``"mcp1"`` when it uses what
    only 1.x has, else ``"mcp"`` (both or neither: the pins decide)."""
    only_2 = only_1 = False
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            only_2 = only_2 or _only_in_2(node, names)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and any(
                is_list_tools_decorator(d) for d in node.decorator_list):
            only_1 = True
    if only_2 and not only_1:
        return "mcp2"
    if only_1 and not only_2:
        return "mcp1"
    return "mcp"


def _only_in_2(call: ast.Call, names: Names) -> bool:
    """`Tool(input_schema=...)`, or `Server(..., on_list_tools=...)`."""
    if (names.qualified(call.func) or "") in TOOL_CLASSES:
        return bool({k.arg for k in call.keywords if k.arg} & _SNAKE_FIELDS)
    return handler_keyword(call, names) is not None


def handler_keyword(call: ast.Call, names: Names) -> ast.keyword | None:
    """The first handler `call` gives a low-level `Server` by keyword, as only the 2.x
    constructor takes them (`Server("x", on_list_tools=...)`); None for any other call."""
    if not is_lowlevel_server(names.qualified(call.func) or ""):
        return None
    return next((k for k in call.keywords
                 if k.arg is not None and k.arg.startswith(_HANDLER_KEYWORD_PREFIX)), None)


def is_lowlevel_server(qualified: str) -> bool:
    return qualified in ("mcp.server.Server", "mcp.server.lowlevel.Server",
                         "mcp.server.lowlevel.server.Server")


def is_list_tools_decorator(decorator: ast.expr) -> bool:
    """`@server.list_tools()`: the 1.x low-level registration of the tools/list handler."""
    return (isinstance(decorator, ast.Call) and isinstance(decorator.func, ast.Attribute)
            and decorator.func.attr == "list_tools" and not decorator.args
            and not decorator.keywords)
