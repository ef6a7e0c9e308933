"""The names a file changes after declaring them: what the reader must not take from the
declaration alone.

A binding whose value is a literal is read from its declaration, and that is what the server
lists only if nothing changes the value afterwards. JavaScript changes values in place in many
ways: assignment (``x = …``, ``x.a = …``, ``x[0] += …``), update (``x++``, ``x.n--``),
``delete x.a``, an array's mutating methods (``x.push(…)``, ``x.items.sort()``),
``Object.assign(x.a, …)`` and its kin. A change may also come through another name that refers
into the value —
``const y = x; y.push(…)``, ``for (const tool of tools) tool.description += …``,
``tools.forEach((tool) => { delete tool.annotations })`` — so each such name is followed back to
the names it refers into, and those count as changed too. A tool read from a changed binding is
then said not to be derivable, never listed as it was declared.

One change is read instead: the `push` statements right after a top-level `const` declaring an
array literal (@drawio/mcp's `const tools = [ … ]; tools.push({ … });`), which nothing can run
before — their items are the array's (:func:`appended_on_declaration`).

Names are counted per file, not per scope (a change to any ``tools`` in the file counts for every
``tools``): the error goes the acceptable way, a tool not derived rather than derived wrongly.
Not followed: a value passed to a function that changes it (``addDefaults(schema)``) — the
reader does not look into the functions a value is passed to.
"""

from __future__ import annotations

from portlint.typescript.syntax import Node, Syntax

# an array's methods that change it in place
_ARRAY_MUTATORS = frozenset(("push", "pop", "shift", "unshift", "splice", "sort", "reverse",
                             "fill", "copyWithin"))
# functions that change the object given first
_CHANGING_CALLS = frozenset(("Object.assign", "Object.defineProperty", "Object.defineProperties",
                             "Object.setPrototypeOf", "Reflect.set", "Reflect.defineProperty",
                             "Reflect.deleteProperty"))
# an array's methods whose callback gets its elements first
_ITERATING = frozenset(("forEach", "map", "flatMap", "filter", "some", "every", "find",
                        "findIndex", "findLast", "findLastIndex"))
# expressions that stand for the value inside them
_TRANSPARENT = frozenset(("parenthesized_expression", "non_null_expression", "as_expression",
                          "satisfies_expression", "type_assertion"))
_FUNCTIONS = frozenset(("arrow_function", "function_expression", "function"))


def root_name(syntax: Syntax, node: Node | None) -> str | None:
    """The variable an expression reaches into: ``x`` of ``x.a[0].b``, ``(x as T)!.a``."""
    while node is not None:
        if node.type in ("member_expression", "subscript_expression"):
            node = node.child_by_field_name("object")
        elif node.type in _TRANSPARENT:
            node = node.named_children[0] if node.named_children else None
        else:
            break
    return syntax.source(node) if node is not None and node.type == "identifier" else None


def _bound_names(syntax: Syntax, pattern: Node | None) -> list[str]:
    """The names a declaration target binds: ``y``, or every name of ``{a, b: [c]}``."""
    if pattern is None:
        return []
    if pattern.type == "identifier":
        return [syntax.source(pattern)]
    names = []
    stack = [pattern]
    while stack:
        node = stack.pop()
        if node.type in ("identifier", "shorthand_property_identifier_pattern"):
            names.append(syntax.source(node))
        stack.extend(node.named_children)
    return names


def _first_parameter(function: Node) -> Node | None:
    single = function.child_by_field_name("parameter")
    if single is not None:
        return single
    parameters = function.child_by_field_name("parameters")
    first = next((p for p in (parameters.named_children if parameters else [])
                  if p.type != "comment"), None)
    if first is not None and first.type in ("required_parameter", "optional_parameter"):
        return first.child_by_field_name("pattern")
    return first


def appended_on_declaration(syntax: Syntax) -> dict[str, tuple[int, list[Node]]]:
    """`const tools = [ … ]; tools.push({ … });` (@drawio/mcp 1.6.1): the `push` statements that
    follow a top-level `const` declaring an array literal, with nothing but comments between, by
    name, with the declarator's node id. Nothing runs between the declaration and them, so every
    other read of the array — in a function, in a later statement — sees their items after its
    own; any other change is a change (:func:`changed_names`)."""
    found: dict[str, tuple[int, list[Node]]] = {}
    statements = [s for s in syntax.root.named_children if s.type != "comment"]
    for i, statement in enumerate(statements):
        if statement.type != "lexical_declaration" or not statement.children or \
                statement.children[0].type != "const":
            continue
        declarators = [c for c in statement.named_children if c.type == "variable_declarator"]
        if len(declarators) != 1:
            continue
        target = declarators[0].child_by_field_name("name")
        value = declarators[0].child_by_field_name("value")
        if target is None or target.type != "identifier" or value is None or \
                value.type != "array":
            continue
        name = syntax.source(target)
        pushes = []
        for following in statements[i + 1:]:
            call = _push_on(syntax, following, name)
            if call is None:
                break
            pushes.append(call)
        if pushes:
            found[name] = (declarators[0].id, pushes)
    return found


def _push_on(syntax: Syntax, statement: Node, name: str) -> Node | None:
    """The call of an expression statement `name.push(…)`, else None."""
    if statement.type != "expression_statement" or not statement.named_children:
        return None
    call = statement.named_children[0]
    function = call.child_by_field_name("function") if call.type == "call_expression" else None
    if function is None or function.type != "member_expression":
        return None
    receiver = function.child_by_field_name("object")
    method = function.child_by_field_name("property")
    if receiver is None or receiver.type != "identifier" or syntax.source(receiver) != name or \
            method is None or syntax.source(method) != "push":
        return None
    return call


def changed_names(syntax: Syntax, kept: frozenset[int] = frozenset()) -> set[str]:
    """Every name the file changes, or changes the value of, after its declaration — but for
    the calls ``kept`` (by node id: :func:`appended_on_declaration`'s)."""
    changed: set[str] = set()
    refers: dict[str, set[str]] = {}  # a name → the names whose values it refers into

    def change(node: Node | None) -> None:
        name = root_name(syntax, node)
        if name is not None:
            changed.add(name)

    def refer(names: list[str], source: Node | None) -> None:
        into = root_name(syntax, source)
        if into is not None:
            for name in names:
                if name != into:
                    refers.setdefault(name, set()).add(into)

    for node in syntax.searched("assignment_expression"):
        left = node.child_by_field_name("left")
        change(left)
        if left is not None and left.type == "identifier":
            refer([syntax.source(left)], node.child_by_field_name("right"))
    for node in syntax.searched("augmented_assignment_expression"):
        change(node.child_by_field_name("left"))
    for node in syntax.searched("update_expression"):
        change(node.child_by_field_name("argument"))
    for node in syntax.searched("unary_expression"):
        operator = node.child_by_field_name("operator")
        if operator is not None and operator.type == "delete":
            change(node.child_by_field_name("argument"))
    for node in syntax.searched("variable_declarator"):
        refer(_bound_names(syntax, node.child_by_field_name("name")),
              node.child_by_field_name("value"))
    for node in syntax.searched("for_in_statement"):
        refer(_bound_names(syntax, node.child_by_field_name("left")),
              node.child_by_field_name("right"))
    for node in syntax.searched("call_expression"):
        function = node.child_by_field_name("function")
        if function is None or function.type != "member_expression" or node.id in kept:
            continue
        method = function.child_by_field_name("property")
        name = syntax.source(method) if method is not None else ""
        arguments = node.child_by_field_name("arguments")
        given = [a for a in (arguments.named_children if arguments else [])
                 if a.type != "comment"]
        if name in _ARRAY_MUTATORS:
            change(function.child_by_field_name("object"))
        elif syntax.source(function) in _CHANGING_CALLS and given:
            change(given[0])
        elif name in _ITERATING and given and given[0].type in _FUNCTIONS:
            refer(_bound_names(syntax, _first_parameter(given[0])),
                  function.child_by_field_name("object"))
    waiting = list(changed)
    while waiting:  # a change through a name is a change of what it refers into
        for into in refers.get(waiting.pop(), ()):
            if into not in changed:
                changed.add(into)
                waiting.append(into)
    return changed
