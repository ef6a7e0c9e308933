"""A TypeScript `enum` as compilers emit it, read back as the object it makes.

Published servers ship JavaScript, where an enum is code that fills an object:

* tsc: `export var Kind; (function (Kind) { Kind["A"] = "a"; Kind[Kind["B"] = 0] = "B";
  })(Kind || (Kind = {}));` (in CommonJS `(Kind || (exports.Kind = Kind = {}))`);
* esbuild: `var Kind = ((Kind2) => { Kind2["A"] = "a"; return Kind2; })(Kind || {});`.

A function of that shape and nothing else — one parameter, a body of member assignments of
literal values to it (a numeric member with its reverse mapping), at most a `return` of it — called
on the enum's name or a fresh object, is read as the enum's members, in order
(@browserstack/mcp-server's `z.nativeEnum(PlatformType)` over tsc's output). Anything else is no
enum here."""

from __future__ import annotations

from portlint.typescript.syntax import Node, Syntax, unquote

Member = tuple[str, "str | int | float", Node]  # name, value, where the name is written


def enum_members(syntax: Syntax, call: Node, name: str) -> list[Member] | None:
    """The members the compiled enum ``call`` gives ``name``; None when ``call`` is not one."""
    if call.type != "call_expression":
        return None
    function = _unwrapped(call.child_by_field_name("function"))
    arguments = call.child_by_field_name("arguments")
    if function is None or function.type not in ("function_expression", "arrow_function") or (
            arguments is None):
        return None
    parameter = _single_parameter(syntax, function)
    given = [a for a in arguments.named_children if a.type != "comment"]
    if parameter is None or len(given) != 1 or not _fresh_or_named(syntax, given[0], name):
        return None
    body = function.child_by_field_name("body")
    if body is None or body.type != "statement_block":
        return None
    statements = [s for s in body.named_children if s.type != "comment"]
    if statements and statements[-1].type == "return_statement":
        returned = [c for c in statements[-1].named_children if c.type != "comment"]
        if len(returned) != 1 or not _is_name(syntax, returned[0], parameter):
            return None
        statements = statements[:-1]
    members: list[Member] = []
    for statement in statements:
        member = _member(syntax, statement, parameter)
        if member is None:
            return None
        members.append(member)
    return members


def filled(syntax: Syntax, call: Node) -> tuple[Node, Node] | None:
    """The name a compiled enum fills and the right side of its argument (`Kind || (exports.Kind
    = Kind = {})`: `Kind`, and `exports.Kind = Kind = {}`), when ``call`` is one."""
    arguments = call.child_by_field_name("arguments") if call.type == "call_expression" else None
    given = [a for a in arguments.named_children if a.type != "comment"] if (
        arguments is not None) else []
    if len(given) != 1 or given[0].type != "binary_expression":
        return None
    local, right = given[0].child_by_field_name("left"), _unwrapped(
        given[0].child_by_field_name("right"))
    if local is None or local.type != "identifier" or right is None or enum_members(
            syntax, call, syntax.source(local)) is None:
        return None
    return local, right


def _unwrapped(node: Node | None) -> Node | None:
    while node is not None and node.type == "parenthesized_expression":
        inner = [c for c in node.named_children if c.type != "comment"]
        node = inner[0] if len(inner) == 1 else None
    return node


def _single_parameter(syntax: Syntax, function: Node) -> str | None:
    single = function.child_by_field_name("parameter")
    if single is not None:
        return syntax.source(single) if single.type == "identifier" else None
    parameters = function.child_by_field_name("parameters")
    nodes = [p for p in parameters.named_children if p.type != "comment"] if (
        parameters is not None) else []
    if len(nodes) != 1:
        return None
    pattern = nodes[0].child_by_field_name("pattern") if nodes[0].type == (
        "required_parameter") else nodes[0]
    return syntax.source(pattern) if pattern is not None and pattern.type == "identifier" else None


def _is_name(syntax: Syntax, node: Node, name: str) -> bool:
    return node.type == "identifier" and syntax.source(node) == name


def _fresh_or_named(syntax: Syntax, argument: Node, name: str) -> bool:
    """`Kind || {}`, or `Kind || (Kind = {})` (`exports.Kind = Kind = {}` too)."""
    operator = argument.child_by_field_name("operator")
    if argument.type != "binary_expression" or operator is None or (
            syntax.source(operator) != "||"):
        return False
    left, right = argument.child_by_field_name("left"), _unwrapped(
        argument.child_by_field_name("right"))
    if left is None or right is None or not _is_name(syntax, left, name):
        return False
    if right.type == "object":
        return _empty(right)
    assigns_name = False
    while right is not None and right.type == "assignment_expression":
        target = right.child_by_field_name("left")
        if target is not None and _is_name(syntax, target, name):
            assigns_name = True
        elif target is None or not (target.type == "member_expression" and syntax.source(
                target) in (f"exports.{name}", f"module.exports.{name}")):
            return False
        right = _unwrapped(right.child_by_field_name("right"))
    return assigns_name and right is not None and right.type == "object" and _empty(right)


def _empty(node: Node) -> bool:
    return not [c for c in node.named_children if c.type != "comment"]


def _member(syntax: Syntax, statement: Node, parameter: str) -> Member | None:
    """`Kind["A"] = "a"` (a string member) or `Kind[Kind["B"] = 0] = "B"` (a numeric one)."""
    expression = statement.named_children[0] if (
        statement.type == "expression_statement" and statement.named_children) else None
    if expression is None or expression.type != "assignment_expression":
        return None
    target, value = expression.child_by_field_name("left"), expression.child_by_field_name(
        "right")
    key = _subscript_key(syntax, target, parameter)
    if key is None or value is None:
        return None
    if key.type == "string":
        name = unquote(syntax, key)
        literal = _literal(syntax, value)
        return None if name is None or literal is None else (name, literal, key)
    # the numeric form: the inner assignment names the member, the outer one its reverse
    inner_key = _subscript_key(syntax, key.child_by_field_name("left"), parameter)
    number = _literal(syntax, key.child_by_field_name("right") or key)
    if inner_key is None or inner_key.type != "string" or not isinstance(number, (int, float)):
        return None
    name = unquote(syntax, inner_key)
    if name is None or _literal(syntax, value) != name:
        return None
    return name, number, inner_key


def _subscript_key(syntax: Syntax, node: Node | None, parameter: str) -> Node | None:
    """The index of `parameter[index]`: a string, or the numeric form's inner assignment."""
    if node is None or node.type != "subscript_expression":
        return None
    target, index = node.child_by_field_name("object"), node.child_by_field_name("index")
    if target is None or index is None or not _is_name(syntax, target, parameter):
        return None
    return index if index.type in ("string", "assignment_expression") else None


def _literal(syntax: Syntax, node: Node) -> str | int | float | None:
    if node.type == "string":
        return unquote(syntax, node)
    negative = node.type == "unary_expression" and syntax.source(
        node.child_by_field_name("operator") or node) == "-"
    number = node.child_by_field_name("argument") if negative else node
    if number is None or number.type != "number":
        return None
    text = syntax.source(number)
    try:
        value: int | float = int(text, 0) if text.isdigit() or text.lower().startswith(
            ("0x", "0o", "0b")) else float(text)
    except ValueError:
        return None
    return -value if negative else value
