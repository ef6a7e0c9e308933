"""Whether the condition of an `if` surely holds or surely fails, read from what the module
spells out: `True`, `False`, `None`, numbers and strings, and the module's constants
(:mod:`portlint.python.constants`: a name bound once to such a value, here or in a module of the
project it is imported from). `ENABLE_WRITES = False` then `if ENABLE_WRITES: @mcp.tool ...`
registers nothing, and the server lists no such tool; `if not READ_ONLY:`, `if MODE == "dev":`,
`and`/`or` of such conditions are read the same way, with Python's truth.

Anything else — an environment variable, a setting read at run time, a call, `__name__` — is not
known, and the statement is read as if it runs (the tool is derived and linted), as before."""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable
from typing import Any

from portlint.python.constants import MISSING, ModuleConstants

_COMPARED: dict[type[ast.cmpop], Callable[[Any, Any], bool]] = {
    ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Is: operator.is_,
    ast.IsNot: operator.is_not, ast.Lt: operator.lt, ast.LtE: operator.le,
    ast.Gt: operator.gt, ast.GtE: operator.ge,
}


def truth(test: ast.expr, constants: ModuleConstants) -> bool | None:
    """True or False when ``test`` surely is; None when that is not known."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = truth(test.operand, constants)
        return None if inner is None else not inner
    if isinstance(test, ast.BoolOp):
        truths = [truth(value, constants) for value in test.values]
        decisive = isinstance(test.op, ast.Or)  # what one operand settles: True for `or`
        if decisive in truths:
            return decisive
        return None if None in truths else not decisive
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        compare = _COMPARED.get(type(test.ops[0]))
        left, right = _value(test.left, constants), _value(test.comparators[0], constants)
        if compare is None or left is MISSING or right is MISSING:
            return None
        if isinstance(test.ops[0], (ast.Is, ast.IsNot)) and not (left is None or right is None):
            return None  # identity of two equal strings or numbers is the interpreter's business
        try:
            return bool(compare(left, right))
        except TypeError:  # `"a" < 1`: raises at run time; not this module's question
            return None
    found = _value(test, constants)
    return None if found is MISSING else bool(found)


def _value(node: ast.expr, constants: ModuleConstants) -> object:
    """What ``node`` surely is: a literal or a constant of the module (`-1`, `"a" + B` too)."""
    return constants.value(node)
