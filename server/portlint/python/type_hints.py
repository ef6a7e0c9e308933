"""What only a type checker reads: the body of `if TYPE_CHECKING:`.

`typing.TYPE_CHECKING` (or `typing_extensions`', or a module's own constant of that name) is
False when the code runs, so an import there never happens: a name it binds is a type hint,
not a claim about what the program runs with. ha-mcp imports the SDK 1.x's `FastMCP` there to
annotate functions that are given fastmcp's server, and starts on the SDK 2.x, which has no
such module."""

from __future__ import annotations

import ast

from portlint.python.names import Names


def is_type_checking(test: ast.expr, names: Names) -> bool:
    """Whether an `if`'s test is `TYPE_CHECKING`."""
    if isinstance(test, ast.Name) and test.id == "TYPE_CHECKING":
        return True
    return names.qualified(test) in ("typing.TYPE_CHECKING", "typing_extensions.TYPE_CHECKING")


def hint_only(annotation: ast.expr, tree: ast.Module, names: Names) -> bool:
    """Whether the name an annotation starts with (`FastMCP`, `fastmcp` of `fastmcp.FastMCP`)
    is imported at the module's top level under `if TYPE_CHECKING:` only."""
    head = annotation.value if isinstance(annotation, ast.Subscript) else annotation
    while isinstance(head, ast.Attribute):
        head = head.value
    if not isinstance(head, ast.Name):
        return False
    hinted = False
    for statement in tree.body:
        if isinstance(statement, ast.If) and is_type_checking(statement.test, names):
            hinted = hinted or any(_imports(s, head.id) for s in statement.body)
            if any(_imports(s, head.id) for s in statement.orelse):
                return False
        elif _imports(statement, head.id):
            return False
    return hinted


def _imports(statement: ast.stmt, name: str) -> bool:
    if not isinstance(statement, (ast.Import, ast.ImportFrom)):
        return False
    return any((alias.asname or alias.name.split(".")[0]) == name for alias in statement.names)
