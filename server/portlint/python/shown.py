"""Code quoted in a message: short and on one line, whatever the source holds (a description
written as a page-long f-string must not become a page-long finding)."""

from __future__ import annotations

import ast

MAX_SHOWN = 60


def shown_code(node: ast.AST) -> str:
    """``node``'s code, its whitespace runs made one space, at most :data:`MAX_SHOWN`
    characters (ending in `...` when cut)."""
    return shown_text(ast.unparse(node))


def shown_text(code: str, limit: int = MAX_SHOWN) -> str:
    """Code as written (any language), shown as :func:`shown_code` shows a node: on one line,
    at most ``limit`` characters."""
    shown = " ".join(code.split())
    return shown if len(shown) <= limit else shown[:limit - 3] + "..."
