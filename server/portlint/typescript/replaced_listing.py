"""An ``McpServer`` whose tools/list handler the module replaces on the low-level ``Server``
underneath it.

The SDK answers tools/list with the handler ``McpServer`` installs when its first tool is
registered. A module that then sets another on ``mcp.server`` — through
``setRequestHandler(ListToolsRequestSchema | "tools/list", handler)``, or straight into the
SDK's private ``_requestHandlers`` map, as @perplexity-ai/mcp-server 1.2.1 does to rewrite
every schema's ``$schema`` — makes clients see what that handler returns. The handler may wrap
the SDK's own one and rewrite its result, leave tools out, or list others. (Set before the first
tool is registered, it makes the SDK throw instead: observed with SDK 1.15.1, read in 1.32.2
and 2.4.0.) portlint does not run it, so what clients are listed for the tools registered on
that server is not known: each of them is said to be not derived (`unknown-schema`, once per
tool as always, at its registration), naming the line the handler is set on. Linting them as
registered could be wrong: perplexity's schemas say draft-07 where they are registered, and
its handler makes them say 2020-12 before any client sees them. The handler itself is read as a
low-level server's: what it returns as a literal is derived and linted, and what it does not
return as a literal is said where it is set.

Found: ``X.server.setRequestHandler(ListToolsRequestSchema | "tools/list", h)`` where ``X`` is an
``McpServer`` (made here, or an expression the module registers tools on), and
``R.set("tools/list", h)`` where ``R`` is ``…._requestHandlers`` or a name bound to it in an
enclosing scope. A server named by the call applies to its own tools; a handler map reached
through a parameter, to every ``McpServer`` tool of the module. Not followed: a replacement
made in another module than the registrations (those tools are derived as registered)."""

from __future__ import annotations

from dataclasses import dataclass

from portlint.python.shown import shown_text
from portlint.source.located import Span
from portlint.typescript.evaluate import Evaluator
from portlint.typescript.syntax import Node, Syntax, enclosing_function
from portlint.typescript.values import Export, Instance, Lit

_HANDLER_MAP = "_requestHandlers"


@dataclass(frozen=True, eq=False)
class Replacement:
    """Where a tools/list handler is set over an ``McpServer``'s own."""

    server: str | None  # the server's expression as written (None: any server of the module)
    call: Node  # the call setting the handler
    span: Span
    handler: str  # the handler as written, shortened

    def reason(self, line: int) -> str:
        whose = f"`{self.server}`" if self.server is not None else "the server"
        return (f"the tools/list of {whose} is answered by `{self.handler}`, set on its low-level "
                f"server on line {line}: clients are listed what that handler returns, which "
                "portlint does not run (set before the server's first tool is registered, it "
                "makes the SDK throw)")


def replacements(syntax: Syntax, evaluator: Evaluator, registering: set[str]
                 ) -> list[Replacement]:
    """Every tools/list handler the module sets over an ``McpServer``'s, in text order.
    ``registering``: the expressions the module registers tools on (``server`` of
    ``server.registerTool(...)``)."""
    text = syntax.text
    if "setRequestHandler" not in text and _HANDLER_MAP not in text:
        return []  # (the common case, at the cost of two searches of the text)
    bound = _bound_handler_maps(syntax)
    consts = _only_consts(syntax)
    found: list[Replacement] = []
    for call in syntax.searched("call_expression"):
        function = call.child_by_field_name("function")
        if function is None or function.type != "member_expression":
            continue
        method = function.child_by_field_name("property")
        receiver = function.child_by_field_name("object")
        arguments = call.child_by_field_name("arguments")
        if method is None or receiver is None or arguments is None:
            continue
        name = syntax.source(method)
        if name not in ("setRequestHandler", "set"):
            continue
        args = [a for a in arguments.named_children if a.type != "comment"]
        if len(args) != 2:
            continue
        server: str | None
        if name == "setRequestHandler":
            server = _mcp_server_of(syntax, evaluator, receiver, registering, consts)
            if server is None:
                continue
        else:
            handlers = _handler_map(syntax, receiver, call, bound)
            if handlers is None:
                continue
            server = _mcp_server_of(syntax, evaluator, handlers, registering, consts)
        if _names_tools_list(evaluator, args[0]):
            found.append(Replacement(server, call, syntax.span(call),
                                     shown_text(syntax.source(args[1]))))
    return found


def _names_tools_list(evaluator: Evaluator, node: Node) -> bool:
    value = evaluator.evaluate(node)
    return (isinstance(value, Export) and value.name == "ListToolsRequestSchema") or (
        isinstance(value, Lit) and value.value == "tools/list")


def _mcp_server_of(syntax: Syntax, evaluator: Evaluator, node: Node, registering: set[str],
                   consts: dict[str, Node]) -> str | None:
    """``X`` of ``X.server`` when ``X`` is an ``McpServer``, as written, directly or through
    the one `const` of the module bound to it (mcp-searxng 1.16.0's `const server =
    mcpServer.server`); else None."""
    node = _unwrapped(node)
    if node.type == "identifier":
        bound = consts.get(syntax.source(node))
        node = _unwrapped(bound) if bound is not None else node
    if node.type != "member_expression":
        return None
    property_ = node.child_by_field_name("property")
    owner = node.child_by_field_name("object")
    if property_ is None or owner is None or syntax.source(property_) != "server":
        return None
    written = syntax.source(owner)
    if written in registering:
        return written
    value = evaluator.evaluate(owner)
    return written if isinstance(value, Instance) and value.kind.endswith(":McpServer") else None


def _only_consts(syntax: Syntax) -> dict[str, Node]:
    """The value of each name the module declares once, when that declaration is a `const`
    (read once per module, not once per handler set)."""
    declared: dict[str, list[Node]] = {}
    for declarator in syntax.searched("variable_declarator"):
        target = declarator.child_by_field_name("name")
        if target is not None and target.type == "identifier":
            declared.setdefault(syntax.source(target), []).append(declarator)
    consts: dict[str, Node] = {}
    for written, declarators in declared.items():
        parent = declarators[0].parent
        value = declarators[0].child_by_field_name("value")
        if len(declarators) == 1 and parent is not None and parent.type == (
                "lexical_declaration") and syntax.source(parent).startswith("const") and (
                value is not None):
            consts[written] = value
    return consts


def _bound_handler_maps(syntax: Syntax) -> dict[str, list[tuple[int | None, Node]]]:
    """Names bound to ``X._requestHandlers`` (``const handlers = server._requestHandlers``):
    each name's bindings, as the function holding the binding (None: the module) and ``X``."""
    found: dict[str, list[tuple[int | None, Node]]] = {}
    for declarator in syntax.searched("variable_declarator"):
        name = declarator.child_by_field_name("name")
        value = declarator.child_by_field_name("value")
        owner = _map_owner(syntax, value) if value is not None else None
        if name is not None and owner is not None:
            found.setdefault(syntax.source(name), []).append((_scope_of(declarator), owner))
    return found


def _handler_map(syntax: Syntax, node: Node, call: Node,
                 bound: dict[str, list[tuple[int | None, Node]]]) -> Node | None:
    """The ``X`` of ``X._requestHandlers`` that ``node`` is, directly or through a name bound
    to it in a scope enclosing ``call``; else None."""
    if node.type != "identifier":
        return _map_owner(syntax, node)
    bindings = bound.get(syntax.source(node))
    if not bindings:
        return None
    scopes = _scopes(call)
    return next((owner for scope, owner in bindings if scope in scopes), None)


def _map_owner(syntax: Syntax, node: Node) -> Node | None:
    """``X`` when ``node`` is ``X._requestHandlers``; else None."""
    node = _unwrapped(node)
    if node.type != "member_expression":
        return None
    property_ = node.child_by_field_name("property")
    if property_ is None or syntax.source(property_) != _HANDLER_MAP:
        return None
    return node.child_by_field_name("object")


def _unwrapped(node: Node) -> Node:
    """``node`` without the parentheses, ``as`` casts and ``!`` around it."""
    while node.type in ("parenthesized_expression", "as_expression", "non_null_expression",
                        "satisfies_expression") and node.named_children:
        node = node.named_children[0]
    return node


def _scope_of(node: Node) -> int | None:
    holder = enclosing_function(node)
    return holder.id if holder is not None else None


def _scopes(node: Node) -> set[int | None]:
    """The functions enclosing ``node`` (None: the module itself)."""
    found: set[int | None] = {None}
    holder = enclosing_function(node)
    while holder is not None:
        found.add(holder.id)
        holder = enclosing_function(holder)
    return found
