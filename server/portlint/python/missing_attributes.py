"""Attributes the installed framework's server does not have, read where the module is
imported: the server stops at that line with an AttributeError before it answers anything.

`mcp.remove_tool("x")` runs on fastmcp 2.x, 3.x and the SDK from 1.x's later releases, and
fails on fastmcp 4.x ("'FastMCP' object has no attribute 'remove_tool'"); `mcp.settings.port`
and `mcp._tool_manager` are gone from fastmcp 3.0 on. Which attributes each recorded release's
server lacks, and what reading one raises, are read off the releases themselves by
tests/python/record_framework_attributes.py (:mod:`portlint.python.framework_attributes`);
this module only looks them up, as :mod:`portlint.python.refused_keywords` does for keywords
(a release between two recorded ones: :mod:`portlint.python.recorded_releases`).

Judged only where it is certain to run and to mean the framework's own server: a name bound
once, at the module's top level, to a construction of the framework's class (never bound
again, no `setattr`/`vars` on it, the attribute never assigned), read in a statement of the
module's top level after that binding — an expression statement, an assignment's value, a
decorator of a function or class — outside a `lambda` or a generator expression, which may
never run. A function of the module called there (`mcp = create_server()`, `setup()`) runs
there too: its own top-level statements are read the same way, on a server it makes that way or
one of the module's made already. Reading inside any other function, an `if`, a `try` is not
judged."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from portlint.python.bindings import assigned, binding_counts, body_nodes, names_bound
from portlint.python.framework_attributes import ATTRIBUTES, MISSING
from portlint.python.recorded_releases import failure_between

_NO_SUCH = "portlint_no_such_attribute"  # what the recording reads for one no release has


def missing(package: str, version: str, attribute: str) -> str | None:
    """What reading ``attribute`` of a server of ``package==version`` raises, as Python
    prints it; None when it has it, or when that cannot be told."""
    releases = MISSING.get(package)
    if releases is None:
        return None
    probed = attribute if attribute in ATTRIBUTES else _NO_SUCH
    said = failure_between(releases, version, lambda missing: missing.get(probed))
    if said is None:
        return None
    return said.replace(_NO_SUCH, attribute)


def first_missing(tree: ast.Module, constructions: list[tuple[ast.Call, str]], package: str,
                  version: str) -> tuple[ast.Attribute, str] | None:
    """The first read, in the order the module runs, of an attribute a server of
    ``package==version`` made in ``tree`` does not have, and what it raises."""
    for read, _ in reads_at_import(tree, constructions, package):
        raised = missing(package, version, read.attr)
        if raised is not None:
            return read, raised
    return None


def reads_at_import(tree: ast.Module, constructions: list[tuple[ast.Call, str]],
                    package: str) -> Iterator[tuple[ast.Attribute, ast.Call | None]]:
    """Each read of an attribute of a server of ``package`` made in ``tree``, where it is
    judged (the module's docstring), in the order the module runs — not one the module assigns
    on it, nor a dunder — with the call it is the function of (`mcp.mount` of
    `mcp.mount(sub)`), if any. A function of the module called where it is imported (`mcp =
    create_server()`) runs there: the reads in its own top-level statements of a server it
    makes are judged the same way, where it is called."""
    functions = {s.name: s for s in tree.body
                 if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))}
    yield from _reads(tree.body, module_servers(tree, constructions, package), set(),
                      functions=functions, constructions=constructions, package=package)


def _reads(body: list[ast.stmt], servers: dict[str, set[str]], started: set[str], *,
           functions: dict[str, ast.FunctionDef | ast.AsyncFunctionDef],
           constructions: list[tuple[ast.Call, str]], package: str
           ) -> Iterator[tuple[ast.Attribute, ast.Call | None]]:
    """The reads of a body (the module's, or a function's it runs) of the servers in
    ``servers``, those of ``started`` made already."""
    for statement in body:
        called: dict[int, ast.Call] = {}
        for node in _run_at_import(statement):
            if isinstance(node, ast.Call):
                called[id(node.func)] = node
                function = functions.pop(node.func.id, None) if isinstance(
                    node.func, ast.Name) else None
                if function is not None:  # (each read once, the first time it is called)
                    yield from _function_reads(function, servers, started, constructions,
                                               package)
            if (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load)
                    and isinstance(node.value, ast.Name) and node.value.id in started
                    and not (node.attr.startswith("__") and node.attr.endswith("__"))
                    and node.attr not in servers[node.value.id]):
                # (the recording reads no dunder: every object has `__class__`, `__dict__`)
                yield node, called.get(id(node))
        if isinstance(statement, ast.Assign):
            started.update(t.id for t in statement.targets
                           if isinstance(t, ast.Name) and t.id in servers)
        elif isinstance(statement, ast.AnnAssign) and isinstance(
                statement.target, ast.Name) and statement.target.id in servers:
            started.add(statement.target.id)


def _function_reads(function: ast.FunctionDef | ast.AsyncFunctionDef,
                    servers: dict[str, set[str]], started: set[str],
                    constructions: list[tuple[ast.Call, str]], package: str
                    ) -> Iterator[tuple[ast.Attribute, ast.Call | None]]:
    """The reads in a function the module runs where it is imported: of the servers it makes,
    and of the module's already made that it does not bind a name of its own for."""
    made = module_servers(ast.Module(body=function.body, type_ignores=[]), constructions,
                          package)
    own = names_bound(function)
    global_names = {name for node in ast.walk(function) if isinstance(node, ast.Global)
                    for name in node.names}
    inherited = {name: servers[name] for name in started
                 if name not in own or name in global_names}
    yield from _reads(function.body, {**inherited, **made}, set(inherited), functions={},
                      constructions=constructions, package=package)


def module_servers(tree: ast.Module, constructions: list[tuple[ast.Call, str]],
             package: str) -> dict[str, set[str]]:
    """The names bound once in the module's scope, at its top level, to a construction of
    ``package``'s server class and never bound again (nor declared `global` in a function,
    nor handed to `setattr`/`vars`/`delattr`), with the attributes the module assigns on each."""
    calls = {id(call) for call, kind in constructions if (kind == "fastmcp") == (
        package == "fastmcp")}
    candidates: dict[str, set[str]] = {}
    for statement in tree.body:
        target = _bound_to_call(statement, calls)
        if target is not None:  # `mcp = FastMCP(...)`, `mcp: FastMCP = FastMCP(...)`
            candidates.setdefault(target, set())
    # (the module's own scope, as a function's is read: :mod:`portlint.python.bindings`)
    bindings = {name: count for name, count in binding_counts(body_nodes(tree.body)).items()
                if name in candidates}
    for node in ast.walk(tree):
        if isinstance(node, ast.Global):
            for name in node.names:
                bindings[name] = bindings.get(name, 0) + 2
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and (
                node.value.id in candidates) and not isinstance(node.ctx, ast.Load):
            candidates[node.value.id].add(node.attr)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and (
                node.func.id in ("setattr", "vars", "delattr")):
            for argument in node.args:
                if isinstance(argument, ast.Name) and argument.id in bindings:
                    bindings[argument.id] += 2
    return {name: attributes for name, attributes in candidates.items()
            if bindings.get(name) == 1}


def _run_at_import(statement: ast.stmt) -> Iterator[ast.AST]:
    """The nodes of a top-level ``statement`` that run, in order, when the module is
    imported (none of a compound statement's but a definition's decorators; an assignment's
    value, then its targets)."""
    if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        for decorator in statement.decorator_list:
            yield from _evaluated(decorator)
    elif isinstance(statement, (ast.Expr, ast.Assign, ast.AnnAssign, ast.AugAssign)):
        if statement.value is not None:
            yield from _evaluated(statement.value)
        targets = statement.targets if isinstance(statement, ast.Assign) else [
            statement.target] if not isinstance(statement, ast.Expr) else []
        for target in targets:  # `mcp.settings.port = 1` reads `mcp.settings`
            yield from _evaluated(target)


def _evaluated(node: ast.AST) -> Iterator[ast.AST]:
    """``node`` and what under it is evaluated with it (not a lambda's or a generator's
    body), in source order."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        if isinstance(current, (ast.Lambda, ast.GeneratorExp)):
            continue
        stack.extend(reversed(list(ast.iter_child_nodes(current))))


def _bound_to_call(statement: ast.stmt, calls: set[int]) -> str | None:
    """The name a statement binds to one of ``calls`` (by id), alone: `x = C()`, `x: T = C()`."""
    target, value = assigned(statement) or (None, None)
    return target.id if isinstance(target, ast.Name) and id(value) in calls else None
