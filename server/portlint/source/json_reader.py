"""Reading a JSON text: values at C speed, positions on demand, exact errors when it is broken.

The common case — valid JSON without duplicate keys — costs one pass of the C parser with a pairs
hook that only notices duplicates, its top levels read entry by entry so that the root comes back
knowing where each tool is (:func:`~portlint.source.json_lazy.load_json`); positions below come
later from :class:`LazyJsonNode`. Everything else goes through the iterative located parser: a
syntax error (reported once, at the first error, saying what was expected), duplicate keys (each
reported at its second occurrence), constants such as ``NaN`` that ``json.loads`` would accept but
JSON does not, and nesting too deep for the C parser's recursion.
"""

from __future__ import annotations

from portlint.source.document import ParsedDocument, ParsedSource, ReadRequest
from portlint.source.json_lazy import load_json, load_top_levels
from portlint.source.located import Node
from portlint.source.problems import SourceProblem

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def loads_noting_duplicates(text: str) -> tuple[Any, bool] | None:
    """``(value, whether some object repeated a key)`` from the C parser; None when the text is
    not JSON (a syntax error, NaN/Infinity, or nesting too deep for the C recursion)."""
    loaded = load_top_levels(text, levels=0)  # the whole value in one C decode
    return None if loaded is None else (loaded[0], loaded[2])


def read_json_source(text: str, request: ReadRequest) -> ParsedSource:
    """The JSON reader of :mod:`portlint.readers`."""
    return read_json(text)


def read_json(text: str) -> ParsedSource:
    """Parse ``text`` as one JSON document; never raises."""
    source = ParsedSource(text, "json")
    loaded = load_json(text)
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
        source.problems.append(SourceProblem("parse-error", error.message,
                                             (error.offset, error.end)))
        return source
    for dup in parsed.duplicates:
        source.problems.append(SourceProblem(
            "duplicate-key", f"The key \"{dup.key}\" appears twice in this object", dup.second,
            dup.path, 0, (dup.first,)))
    if parsed.unlisted is not None:
        count, span = parsed.unlisted
        source.problems.append(SourceProblem(
            "duplicate-key",
            f"{count:,} more keys appear twice in their objects from here on; they are not listed "
            "one by one: this document nests too deep for all their paths to be reported", span,
            variant="unlisted"))
    assert parsed.root is not None
    source.documents.append(ParsedDocument(parsed.value, parsed.root, 0))
    return source
