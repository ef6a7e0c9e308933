"""What a body binds each name to, read once for every name (`binding_index`) — the one reading
behind `bindings_of`, `binding_counts` and the cached `bindings_within`."""

from __future__ import annotations

import ast

from portlint.python.bindings import binding_counts, binding_index, bindings_within, body_nodes

_BODY = '''
a = 1
b = c = 2
(d, e) = f = 3
g: int = 4
h: int
import os.path, json as j
for i in range(3):
    a += i
with open("x") as k:
    pass
try:
    pass
except ValueError as l:
    pass
global m
def n():
    o = 5
class P:
    q = 6
'''


def _shown(index: dict[str, list[ast.expr | None]]) -> dict[str, list[str | None]]:
    return {name: [None if v is None else ast.unparse(v) for v in values]
            for name, values in index.items()}


def test_every_name_is_bound_to_what_its_binding_gives() -> None:
    tree = ast.parse(_BODY)
    index = binding_index(body_nodes(tree.body))
    assert _shown(index) == {
        "a": ["1", None], "b": [None], "c": [None], "f": [None], "d": [None], "e": [None],
        "g": ["4"], "h": [None], "os": [None], "j": [None], "i": [None], "k": [None],
        "l": [None], "m": [None], "n": [None], "P": [None]}
    assert binding_counts(body_nodes(tree.body))["a"] == 2


def test_a_function_s_own_body_and_a_statement_s_whole_tree() -> None:
    tree = ast.parse(_BODY)
    function = next(s for s in tree.body if isinstance(s, ast.FunctionDef))
    cls = next(s for s in tree.body if isinstance(s, ast.ClassDef))
    assert _shown(bindings_within(function)) == {"o": ["5"]}
    assert _shown(bindings_within(cls)) == {"P": [None], "q": ["6"]}
    assert bindings_within(function) is bindings_within(function)  # read once
