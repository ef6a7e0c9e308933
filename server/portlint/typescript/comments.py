"""``// portlint: ignore[rule]`` and ``/* portlint: ignore-file[rule] */`` in TypeScript: the
comments are tree-sitter's comment nodes, so a ``//`` inside a string or a regex never counts."""

from __future__ import annotations

from collections.abc import Iterator

from portlint.source.document import ParsedSource
from portlint.typescript.syntax import parse_again


def typescript_comments(source: ParsedSource) -> Iterator[tuple[int, int]]:
    """(start, end) of each comment holding a portlint directive."""
    syntax = parse_again(source.text)
    stack = [syntax.root]
    while stack:
        node = stack.pop()
        if node.type == "comment":
            start, end = syntax.span(node)
            if "portlint:" in source.text[start:end]:
                yield start, end
            continue
        stack.extend(reversed(node.children))
