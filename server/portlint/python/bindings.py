"""Which names a Python body binds, and to what, read from its syntax tree."""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator, Sequence
from weakref import WeakKeyDictionary

Function = ast.FunctionDef | ast.AsyncFunctionDef


def receiver_of(method: Function) -> str | None:
    """The first positional parameter of a method (`self`), or None."""
    positional = [a.arg for a in [*method.args.posonlyargs, *method.args.args]]
    return positional[0] if positional else None


def body_nodes(body: list[ast.stmt]) -> Iterator[ast.AST]:
    """The nodes of a body, not entering the functions, lambdas and classes it defines."""
    pending: list[ast.AST] = list(reversed(body))
    while pending:
        node = pending.pop()
        yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda,
                                 ast.ClassDef)):
            pending.extend(reversed(list(ast.iter_child_nodes(node))))


def assigned(statement: ast.AST) -> tuple[ast.expr, ast.expr] | None:
    """(target, value) of a plain assignment to one target (`x = v`, `x: T = v`); None for
    anything else (several targets, an annotation without a value, any other statement)."""
    if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
        return statement.targets[0], statement.value
    if isinstance(statement, ast.AnnAssign) and statement.value is not None:
        return statement.target, statement.value
    return None


def bindings_of(nodes: Iterable[ast.AST], name: str) -> list[ast.expr | None]:
    """What ``name`` is bound to among ``nodes``: each plain assignment's value, None for any
    other binding."""
    return binding_index(nodes).get(name, [])


def other_binding(node: ast.AST, name: str) -> bool:
    """Whether ``node`` binds ``name`` otherwise than by a plain assignment."""
    return name in _bound_by(node)


def binding_counts(nodes: Iterable[ast.AST]) -> dict[str, int]:
    """How many bindings :func:`bindings_of` finds among ``nodes`` for every name."""
    return {name: len(values) for name, values in binding_index(nodes).items()}


def binding_index(nodes: Iterable[ast.AST]) -> dict[str, list[ast.expr | None]]:
    """What every name is bound to among ``nodes``, in one pass: an assignment binds each name
    it assigns directly once (its value, or None when it has several targets), any other
    binding — a name stored inside a target, a `def`, an import, a `global` — once, None."""
    index: dict[str, list[ast.expr | None]] = {}
    targets: set[int] = set()  # the names assigned by the assignments counted
    for child in nodes:
        if isinstance(child, ast.Assign):
            direct = [t for t in child.targets if isinstance(t, ast.Name)]
            value = child.value if len(child.targets) == 1 else None
            for name in dict.fromkeys(t.id for t in direct):
                index.setdefault(name, []).append(value)
            targets.update(id(t) for t in direct)
        elif isinstance(child, ast.AnnAssign) and isinstance(child.target, ast.Name):
            index.setdefault(child.target.id, []).append(child.value)
            targets.add(id(child.target))
        elif id(child) not in targets:
            for name in _bound_by(child):
                index.setdefault(name, []).append(None)
    return index


# read once per syntax tree node, for as long as the tree lives: the readers ask about the same
# functions and statements for each name, each registration and each module calling a helper
_WITHIN: WeakKeyDictionary[ast.AST, dict[str, list[ast.expr | None]]] = WeakKeyDictionary()


def bindings_in(node: ast.AST, name: str) -> list[ast.expr | None]:
    """What ``name`` is bound to within ``node`` (:func:`bindings_within`: a function's own
    body, or all a module's statement holds), read once per node."""
    return bindings_within(node).get(name, [])


def bindings_within(node: ast.AST) -> dict[str, list[ast.expr | None]]:
    """:func:`binding_index` of a function's own body (not the functions and classes it
    defines), or of everything another node (a module's statement) holds."""
    index = _WITHIN.get(node)
    if index is None:
        index = _WITHIN[node] = binding_index(
            body_nodes(node.body) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            else ast.walk(node))
    return index


def _bound_by(node: ast.AST) -> list[str]:
    """The names ``node`` binds otherwise than by a plain assignment (:func:`other_binding`)."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return [node.name]
    if isinstance(node, ast.Name):
        return [] if isinstance(node.ctx, ast.Load) else [node.id]
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        return [(a.asname or a.name).split(".")[0] for a in node.names]
    if isinstance(node, (ast.Global, ast.Nonlocal)):
        return list(node.names)
    return [node.name] if isinstance(node, ast.ExceptHandler) and node.name else []


def bound_argument(function: Function, call: ast.Call,
                   parameter: str) -> ast.expr | None:
    """What ``call`` passes to ``function``'s ``parameter`` (its default when it passes
    nothing); None when that is not known (no such parameter, no default)."""
    arguments = function.args
    positional = arguments.posonlyargs + arguments.args
    for keyword in call.keywords:
        if keyword.arg == parameter:
            return keyword.value
    names = [a.arg for a in positional]
    if parameter in names and names.index(parameter) < len(call.args):
        return call.args[names.index(parameter)]
    defaults = dict(zip(names[len(names) - len(arguments.defaults):], arguments.defaults,
                        strict=True))
    defaults.update({a.arg: d for a, d in zip(arguments.kwonlyargs, arguments.kw_defaults,
                                              strict=True) if d is not None})
    return defaults.get(parameter)


def call_has_splat(call: ast.Call) -> bool:
    return any(isinstance(arg, ast.Starred) for arg in call.args) or any(
        keyword.arg is None for keyword in call.keywords)


def parameter_names(function: Function) -> frozenset[str]:
    """The names of ``function``'s parameters, `*args` and `**kwargs` too."""
    return frozenset(a.arg for a in ast.walk(function.args) if isinstance(a, ast.arg))


def names_bound(function: Function) -> frozenset[str]:
    """The names ``function`` binds: its parameters and what its body binds."""
    return parameter_names(function) | frozenset(bindings_within(function))


def statement_holding(statements: Sequence[ast.stmt], node: ast.AST) -> int | None:
    """The place, among ``statements`` (one body), of the statement whose lines hold
    ``node``; None when none does."""
    line = getattr(node, "lineno", None)
    if line is None:
        return None
    return next((i for i, statement in enumerate(statements)
                 if statement.lineno <= line <= (statement.end_lineno or statement.lineno)), None)


def shadowed(value: ast.expr, bound: frozenset[str]) -> bool:
    """Whether a name ``value`` uses is one of ``bound`` (a function's own names, where the
    call passing it is written): then it is not the module's."""
    return any(isinstance(n, ast.Name) and n.id in bound for n in ast.walk(value))
