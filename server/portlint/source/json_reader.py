"""Reading a JSON text: values at C speed, positions on demand, exact errors when it is broken.

The common case — valid JSON without duplicate keys — costs one pass of the C parser with a pairs
hook that only notices duplicates, its top levels read entry by entry so that the root comes back
knowing where each tool is (:func:`load_top_levels`); positions below come later from
:class:`LazyJsonNode`. Everything else
goes through the iterative located parser: a syntax error (reported once, at the first error,
saying what was expected), duplicate keys (each reported at its second occurrence), constants
such as ``NaN`` that ``json.loads`` would accept but JSON does not, and nesting too deep for the
C parser's recursion.
"""

from __future__ import annotations

import json
from typing import Any

from portlint.source.document import ParsedDocument, ParsedSource
from portlint.source.json_lazy import LazyJsonNode, load_top_levels
from portlint.source.located import Node
from portlint.source.problems import SourceProblem


class _NotJson(ValueError):
    pass


def loads_noting_duplicates(text: str) -> tuple[Any, bool] | None:
    """``(value, whether some object repeated a key)`` from the C parser; None when the text is
    not JSON (a syntax error, NaN/Infinity, or nesting too deep for the C recursion)."""
    duplicated = False

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        nonlocal duplicated
        obj = dict(items)
        if len(obj) != len(items):
            duplicated = True
        return obj

    try:
        return json.loads(text, object_pairs_hook=pairs, parse_constant=_reject_constant), \
            duplicated
    except (ValueError, RecursionError):
        # JSONDecodeError is a ValueError; so is our refusal of NaN/Infinity
        return None


def _reject_constant(name: str) -> Any:
    raise _NotJson(name)


def read_json(text: str) -> ParsedSource:
    """Parse ``text`` as one JSON document; never raises."""
    source = ParsedSource(text, "json")
    loaded = load_top_levels(text)
    if loaded is None:
        whole = loads_noting_duplicates(text)
        loaded = (whole[0], LazyJsonNode.root(text, unique_keys=True), whole[1]) if (
            whole is not None) else None
    if loaded is None or loaded[2]:
        return _read_slow(text, source)
    value, root, _ = loaded

    def eager_root() -> Node:
        from portlint.source.json_located import parse_located

        root = parse_located(text).root
        assert root is not None  # the text parsed once already
        return root

    # no object repeated a key, so a lookup may stop at the first match
    source.documents.append(ParsedDocument(value, root, 0, fallback_root=eager_root))
    return source


def _read_slow(text: str, source: ParsedSource) -> ParsedSource:
    from portlint.source.json_located import parse_located  # the complete, slower parser

    parsed = parse_located(text)
    if parsed.error is not None:
        error = parsed.error
        source.problems.append(SourceProblem(
            "parse-error", error.message,
            "Fix the syntax; portlint checks the schemas once the document parses.",
            (error.offset, error.end)))
        return source
    for dup in parsed.duplicates:
        source.problems.append(SourceProblem(
            "duplicate-key",
            f"The key \"{dup.key}\" appears twice in this object; JSON parsers disagree on which "
            "value wins, so clients may read different schemas",
            "Keep one of the two entries.", dup.second, dup.path, 0, (dup.first,)))
    assert parsed.root is not None
    source.documents.append(ParsedDocument(parsed.value, parsed.root, 0))
    return source
