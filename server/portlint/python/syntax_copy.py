"""Copies of syntax trees made without recursion.

The reader rewrites expressions it reads (a constant's name replaced by its value, a factory's
parameter by the argument a use passes) on copies, never on the module's own tree. A copy by
``copy.deepcopy`` recurses several Python frames per level of the tree, so valid code CPython
parses — a dict literal 90 schemas deep, a string joined from a thousand `+` terms — would stop
the reader with a RecursionError. These copies take a loop over an explicit stack, at any depth.
"""

from __future__ import annotations

import ast
import copy


def copied(node: ast.expr) -> ast.expr:
    """A copy of ``node`` and every node under it, places kept."""
    return replaced_names(node, {})


def replaced_names(node: ast.expr, values: dict[str, ast.expr]) -> ast.expr:
    """A copy of ``node`` in which each name read (`x` in a load context) that ``values`` holds
    is that expression — itself, not a copy, so it keeps its own place."""
    if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id in values:
        return values[node.id]
    top = copy.copy(node)
    pending: list[ast.AST] = [top]
    while pending:
        parent = pending.pop()
        for field, value in ast.iter_fields(parent):
            if isinstance(value, ast.AST):
                setattr(parent, field, _child(value, values, pending))
            elif isinstance(value, list):
                setattr(parent, field, [_child(item, values, pending) if isinstance(
                    item, ast.AST) else item for item in value])
    return top


def _child(node: ast.AST, values: dict[str, ast.expr], pending: list[ast.AST]) -> ast.AST:
    if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id in values:
        return values[node.id]
    made = copy.copy(node)
    pending.append(made)
    return made
