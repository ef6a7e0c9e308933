"""Where code written for one line of the MCP Python SDK stops when the other line is installed,
and with what exception — the first such statement in the module's source.

Observed with the SDKs themselves (1.30.0 and 2.3.0, the newest of each line):

- on 2.x, code written for 1.x stops at an import of `mcp.server.fastmcp` (ModuleNotFoundError:
  "No module named 'mcp.server.fastmcp'", 2.3.0 adding a pointer to the migration guide), at
  `from mcp.server import FastMCP` (ImportError: "cannot import name 'FastMCP' from
  'mcp.server'"), and at a low-level `Server`'s 1.x decorators (`@server.list_tools()`,
  `@server.call_tool()`, ...: AttributeError: "'Server' object has no attribute 'list_tools'",
  2.x has none of them);
- on 2.x, code written for 1.x stops at an import of any other module or name of 1.x that 2.x
  does not have (`from mcp.shared.exceptions import McpError`, `from mcp import McpError`:
  ImportError; `mcp.server.websocket`, `mcp.server.experimental`: ModuleNotFoundError), as
  recorded from both SDKs in :mod:`portlint.python.sdk_gone`;
- on 2.x, code written for 1.x also stops at its own import of a package the SDK 1.x installed
  and 2.x does not (`httpx`, `httpx_sse`, `httpcore`, `certifi`, `pydantic_settings`, and
  `dotenv` without the `cli` extra), when the project surely installs nothing that brings it
  (a lockfile without it, or requirements naming nothing but the SDK, fastmcp or Pydantic):
  ModuleNotFoundError (mcp-server-sentry, which imports `httpx` before its first decorator);
- on 1.x, code written for 2.x stops at an import of `mcp.server.mcpserver`
  (ModuleNotFoundError) and at the 2.x `Server(..., on_list_tools=...)` constructor (TypeError:
  "Server.__init__() got an unexpected keyword argument 'on_list_tools'").

Held to the real SDKs by tests/python/test_line_mismatch.py (live layer) and the published
servers (mcp-youtube-transcript, mcp-text-editor)."""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from typing import NamedTuple

from portlint.python.bindings import body_nodes
from portlint.python.lowlevel_release import handler_keyword
from portlint.python.names import Names
from portlint.python.sdk_gone import MODULES_GONE_IN_2, NAMES_GONE_IN_2
from portlint.python.type_hints import is_type_checking

# the 1.x low-level `Server`'s decorating methods (`@server.list_tools()`), none of them in 2.x
DECORATORS_1 = frozenset((
    "list_tools", "call_tool", "list_prompts", "get_prompt", "list_resources",
    "list_resource_templates", "read_resource", "subscribe_resource", "unsubscribe_resource",
    "set_logging_level", "progress_notification", "completion"))


# what the SDK 1.x installs and 2.x does not, by the module imported (mcp 1.30.0 and 2.3.0
# installed alone: python-dotenv comes with 1.x's pydantic-settings, and with 2.x only through
# its `cli` extra)
BROUGHT_BY_1 = {"httpx": "httpx", "httpx_sse": "httpx-sse", "httpcore": "httpcore",
                "pydantic_settings": "pydantic-settings", "certifi": "certifi",
                "dotenv": "python-dotenv"}


def imported_module(generation: str) -> str:
    """The SDK's server module the code of a line imports (`mcp1`: FastMCP's, `mcp2`:
    MCPServer's; the other line has no such module)."""
    return "mcp.server.fastmcp" if generation == "mcp1" else "mcp.server.mcpserver"


class Stop(NamedTuple):
    """The statement (or part of one) where the module stops, and why, in the SDK's words."""

    node: ast.stmt | ast.expr | ast.keyword
    what: str  # what the installed line lacks, said after "it has no" / "its ..."
    error: str  # the exception, as Python prints it
    at_import: bool
    # the project module the failing statement is in, when it is another module than the one
    # stopping (reached through its imports: :mod:`portlint.python.import_stops`)
    origin: str | None = None
    # the module, and the name from it ("" for the module itself), a fastmcp release lacks
    # (:mod:`portlint.python.fastmcp_imports`)
    needs: tuple[str, str] | None = None


def first_stop(tree: ast.Module, names: Names, generation: str,
               installed: Callable[[str], bool | None] | None = None,
               imported: Callable[[ast.Import | ast.ImportFrom], Stop | None] | None = None
               ) -> Stop | None:
    """Where a module written for ``generation`` (`mcp1` or `mcp2`) stops on the other line;
    None when nothing in it does (it starts, whatever else may fail later). ``installed``:
    whether the project surely installs a distribution (None: cannot be told), for the
    packages only the SDK 1.x brings. ``imported``: where an import at the top of the module
    stops because the project module it imports does (:mod:`portlint.python.import_stops`;
    None: the module's own statements only)."""
    module = imported_module(generation)
    stops: list[Stop] = []
    for node in _run(tree, names):
        stop = _stop(node, names, generation, module)
        if stop is not None:
            stops.append(stop)
    if generation == "mcp1" and installed is not None:
        stops.extend(_gone_with_the_sdk(tree, installed))
    if imported is not None:
        for statement in tree.body:
            if isinstance(statement, (ast.Import, ast.ImportFrom)):
                stop = imported(statement)
                if stop is not None:
                    stops.append(stop)
                    break  # the first: nothing after it runs
    return min(stops, key=lambda s: (s.node.lineno, s.node.col_offset), default=None)


def _run(tree: ast.Module, names: Names) -> Iterator[ast.AST]:
    """Every node of the module but what only a type checker reads, and what an import's
    failure is caught around: the body of an `if TYPE_CHECKING:` (`typing`'s,
    `typing_extensions`', or a module's own constant of that name, False when the code runs)
    never runs (ha-mcp imports the SDK 1.x's `FastMCP` there for an annotation, and starts on
    2.x); a `try` whose handler catches ImportError tries one line and falls back to the other
    (core-web-vitals-mcp 0.1.2: `MCPServer` of 2.x, else `FastMCP` of 1.x), and starts on
    either — whichever of its two parts stops is not judged (a stop missed, never one
    claimed). Its `else` and `finally` run as written. A function's body runs when it is
    called: it is read only when the function makes, runs or registers on a server (a `main()`
    building the server runs as it starts); any other function's (a helper's
    `from mcp.shared.exceptions import McpError` inside the function that handles an error, or
    a tool's own body) may never run before tools are listed, and is not judged."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, ast.If) and is_type_checking(node.test, names):
            stack.extend([node.test, *node.orelse])
        elif isinstance(node, (ast.Try, ast.TryStar)) and catches_import_error(node):
            stack.extend([*node.orelse, *node.finalbody])
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            # what runs where it is defined: its decorators, its defaults and annotations
            stack.extend([*node.decorator_list, node.args, *([node.returns] if node.returns
                                                             else [])])
            if _serves(node):
                stack.extend(node.body)
        else:
            stack.extend(ast.iter_child_nodes(node))


# what a function that starts the server does: makes one, runs it, registers on it
_SERVING = frozenset(("FastMCP", "MCPServer", "Server", "run", "run_async", "run_stdio_async",
                      "tool", "add_tool", "list_tools", "call_tool", "mount"))


def _serves(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether the function makes, runs or registers on a server: its own body, and the
    decorators of what it defines (nested functions' bodies aside)."""
    for node in body_nodes(function.body):
        decorators = node.decorator_list if isinstance(node, (
            ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) else []
        if any(_serving(part) for decorator in decorators for part in ast.walk(decorator)) or (
                _serving(node)):
            return True
    return False


def _serving(node: ast.AST) -> bool:
    if not isinstance(node, ast.Call):
        return False
    called = node.func
    name = called.id if isinstance(called, ast.Name) else (
        called.attr if isinstance(called, ast.Attribute) else None)
    return name in _SERVING


_CATCHING_IMPORT_ERROR = frozenset(("ImportError", "ModuleNotFoundError", "Exception",
                                    "BaseException"))


def catches_import_error(node: ast.Try | ast.TryStar) -> bool:
    """Whether a handler of the `try` catches an ImportError (a bare `except:`, `except
    ImportError`, `ModuleNotFoundError`, `Exception`, `BaseException`, alone or in a tuple)."""
    for handler in node.handlers:
        caught = handler.type
        if caught is None:
            return True
        kinds = caught.elts if isinstance(caught, ast.Tuple) else [caught]
        if any((isinstance(kind, ast.Name) and kind.id in _CATCHING_IMPORT_ERROR) or (
                isinstance(kind, ast.Attribute) and kind.attr in _CATCHING_IMPORT_ERROR)
               for kind in kinds):
            return True
    return False


def _gone_with_the_sdk(tree: ast.Module, installed: Callable[[str], bool | None]
                       ) -> list[Stop]:
    """The module's own imports (run when it is imported, outside any `try`) of a package
    the SDK 1.x installs and 2.x does not, which the project surely does not install."""
    stops: list[Stop] = []
    for statement in tree.body:
        if isinstance(statement, ast.Import):
            imported = [alias.name for alias in statement.names]
        elif isinstance(statement, ast.ImportFrom) and statement.level == 0 and statement.module:
            imported = [statement.module]
        else:
            continue
        for name in imported:
            top = name.split(".")[0]
            distribution = BROUGHT_BY_1.get(top)
            if distribution is not None and installed(distribution) is False:
                stops.append(Stop(statement, (
                    f"`{top}`, which the code imports: the SDK 1.x installed it "
                    f"(`{distribution}`), 2.x does not, and the project requires nothing "
                    "that would"), f"ModuleNotFoundError: No module named '{top}'", True))
                break
    return stops


def _stop(node: ast.AST, names: Names, generation: str, module: str) -> Stop | None:
    if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
        if _within(node.module, module):
            return _missing_module(node, module)
        taken = {alias.name for alias in node.names} if (
            generation == "mcp1" and node.module == "mcp.server") else set()
        if "fastmcp" in taken:  # the module itself
            return _missing_module(node, module)
        if "FastMCP" in taken:
            return Stop(node, "`FastMCP` in `mcp.server`, which the code imports",
                        "ImportError: cannot import name 'FastMCP' from 'mcp.server'", True)
        if generation == "mcp1":
            return _gone_in_2(node, node.module, [alias.name for alias in node.names])
    if isinstance(node, ast.Import) and any(_within(a.name, module) for a in node.names):
        return _missing_module(node, module)
    if isinstance(node, ast.Import) and generation == "mcp1":
        return next((stop for alias in node.names
                     if (stop := _gone_in_2(node, alias.name, [])) is not None), None)
    if generation == "mcp1" and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        for decorator in node.decorator_list:
            if isinstance(decorator, ast.Call) and isinstance(decorator.func, ast.Attribute) and (
                    decorator.func.attr in DECORATORS_1):
                method = decorator.func.attr
                return Stop(decorator, f"`{method}` on its low-level `Server`, which the code "
                            "calls as a decorator",
                            f"AttributeError: 'Server' object has no attribute '{method}'", False)
    keyword = handler_keyword(node, names) if (
        generation == "mcp2" and isinstance(node, ast.Call)) else None
    if keyword is not None:
        return Stop(keyword, f"`{keyword.arg}` among its low-level `Server`'s parameters",
                    "TypeError: Server.__init__() got an unexpected keyword argument "
                    f"'{keyword.arg}'", False)
    return None


def _gone_in_2(node: ast.Import | ast.ImportFrom, module: str, taken: list[str]
               ) -> Stop | None:
    """Where an import of ``module`` (and of ``taken`` from it) stops on the SDK 2.x: a module
    of 1.x that 2.x does not have, or a name its module no longer holds (`from mcp import
    McpError`), as recorded from both SDKs (:mod:`portlint.python.sdk_gone`)."""
    parts = module.split(".")
    gone = next((".".join(parts[:i]) for i in range(2, len(parts) + 1)
                 if ".".join(parts[:i]) in MODULES_GONE_IN_2), None)
    if gone is not None:
        return Stop(node, f"`{gone}`, which the code imports",
                    f"ModuleNotFoundError: No module named '{gone}'", True)
    missing = next((name for name in taken if name in NAMES_GONE_IN_2.get(module, ())), None)
    if missing is not None:
        return Stop(node, f"`{missing}` in `{module}`, which the code imports",
                    f"ImportError: cannot import name '{missing}' from '{module}'", True)
    return None


def _within(name: str, module: str) -> bool:
    return name == module or name.startswith(module + ".")


def _missing_module(node: ast.Import | ast.ImportFrom, module: str) -> Stop:
    return Stop(node, f"`{module}`, which the code imports",
                f"ModuleNotFoundError: No module named '{module}'", True)
