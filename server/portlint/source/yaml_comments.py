"""Where a YAML text's comments holding a ``portlint:`` directive are (for suppressions)."""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable

from portlint.source.document import ParsedSource
from portlint.source.located import Node, Span


def _scalar_spans(source: ParsedSource) -> list[Span]:
    spans: list[Span] = []
    for document in source.documents:
        stack: list[Node] = [document.root]
        seen: set[int] = set()
        while stack:
            node = stack.pop()
            if id(node) in seen:
                continue
            seen.add(id(node))
            if node.kind == "scalar":
                spans.append(node.span)
            elif node.kind == "object":
                for member in node.members():
                    spans.append(member.key_span)
                    stack.append(member.node)
            else:
                stack.extend(node.items())
    spans.sort()
    return spans


def _inside(spans: list[Span], starts: list[int], offset: int) -> bool:
    i = bisect.bisect_right(starts, offset) - 1
    return i >= 0 and spans[i][0] <= offset < spans[i][1]


def yaml_comments(source: ParsedSource) -> Iterable[tuple[int, int]]:
    """(start, end) of each comment holding a portlint directive."""
    text = source.text
    spans: list[Span] | None = None
    starts: list[int] = []
    for match in re.finditer(r"#[^\r\n]*", text):
        start = match.start()
        if "portlint:" not in match.group():
            continue
        if start > 0 and text[start - 1] not in " \t\r\n":
            continue  # `a#b` is part of a plain scalar, not a comment
        if spans is None:
            spans = _scalar_spans(source)
            starts = [s for s, _ in spans]
        if _inside(spans, starts, start):
            continue
        yield start, match.end()
