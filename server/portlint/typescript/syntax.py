"""A TypeScript or JavaScript file parsed with tree-sitter, with offsets in code points.

``.tsx`` and JavaScript files are parsed with the grammar's TSX dialect (JSX elements, no ``<T>x``
casts), as TypeScript parses them; ``.ts``, ``.mts`` and ``.cts`` with the TypeScript one.

tree-sitter reports UTF-8 byte offsets; the engine counts code points. The conversion is the
identity for ASCII text and a bisect over the multi-byte characters otherwise."""

from __future__ import annotations

import bisect
import re
import threading
from collections import OrderedDict
from collections.abc import Callable
from functools import lru_cache

import tree_sitter
import tree_sitter_typescript

from portlint.source.located import Span

Node = tree_sitter.Node


@lru_cache(maxsize=2)
def _language(tsx: bool) -> tree_sitter.Language:
    return tree_sitter.Language(tree_sitter_typescript.language_tsx() if tsx else
                                tree_sitter_typescript.language_typescript())


@lru_cache(maxsize=2)
def _parser(tsx: bool) -> tree_sitter.Parser:
    return tree_sitter.Parser(_language(tsx))


# the nodes the reader looks for anywhere in a file: calls (registrations, `Object.assign`) and
# what changes a binding. One query for all of them: compiling a query against the TypeScript
# grammar costs milliseconds each, searching with it microseconds.
_SEARCHED = ("call_expression", "assignment_expression", "augmented_assignment_expression",
             "update_expression")


@lru_cache(maxsize=2)
def _search_query(tsx: bool) -> tree_sitter.Query:
    return tree_sitter.Query(_language(tsx), "[" + " ".join(f"({t})" for t in _SEARCHED)
                             + "] @found")


MAX_DEPTH = 60_000
"""The deepest nesting (syntax-tree levels: two or three per nested Zod call) the reader
searches. tree-sitter's query cursor counts depth in 16 bits: past 65,535 levels it misses nodes
and its search turns quadratic (0.5 MB of 48,000 nested calls took 100 s). A file nested deeper
is reported, not read."""
LEVELS_PER_BYTE = 4  # more than any TypeScript construct nests per byte of its text


# TypeScript's own rule (`getLanguageVariant`): every JavaScript file and .tsx allow JSX
JSX_SUFFIXES = (".tsx", ".jsx", ".js", ".mjs", ".cjs")


def is_tsx(name: str) -> bool:
    """Whether the file is parsed with the TSX dialect (one that allows JSX)."""
    return name.lower().endswith(JSX_SUFFIXES)


class Syntax:
    """One parsed file: its tree, its text, and the offset conversion."""

    def __init__(self, text: str, tsx: bool = False) -> None:
        self.text = text
        self.tsx = tsx
        self.data = text.encode("utf-8", "surrogatepass")
        self.tree = _parser(tsx).parse(self.data)
        self.root: Node = self.tree.root_node
        self._searched: dict[str, list[Node]] | None = None
        self._wide: list[int] | None = None  # byte offsets where a multi-byte character starts
        self._extra: list[int] = []  # bytes more than code points, up to and including each
        if len(self.data) != len(text):
            self._index_wide()

    def _index_wide(self) -> None:
        wide: list[int] = []
        extra: list[int] = []
        offset = 0
        total = 0
        for char in self.text:
            code = ord(char)
            size = 1 if code < 0x80 else 2 if code < 0x800 else 3 if code < 0x10000 else 4
            if size > 1:
                total += size - 1
                wide.append(offset)
                extra.append(total)
            offset += size
        self._wide = wide
        self._extra = extra

    def offset(self, byte: int) -> int:
        """The code-point offset of a byte offset."""
        if self._wide is None:
            return byte
        i = bisect.bisect_left(self._wide, byte) - 1
        return byte - (self._extra[i] if i >= 0 else 0)

    def span(self, node: Node) -> Span:
        return self.offset(node.start_byte), self.offset(node.end_byte)

    def source(self, node: Node) -> str:
        return self.data[node.start_byte:node.end_byte].decode("utf-8", "surrogatepass")

    def searched(self, node_type: str) -> list[Node]:
        """Every node of one of the searched types (calls, assignments, updates), in the order
        of the text, an enclosing node before the nodes inside it. Found in C, once per file: a
        walk over every node in Python costs more than parsing the file."""
        if self._searched is None:
            found: dict[str, list[Node]] = {t: [] for t in _SEARCHED}
            cursor = tree_sitter.QueryCursor(_search_query(self.tsx))
            cursor.set_max_start_depth(MAX_DEPTH)  # linear however deep (see too_deep)
            captured = cursor.captures(self.root)
            for node in sorted(captured.get("found", []),
                               key=lambda n: (n.start_byte, -n.end_byte)):
                found[node.type].append(node)
            self._searched = found
        return self._searched[node_type]

    def too_deep(self) -> Node | None:
        """The first node nested deeper than :data:`MAX_DEPTH`, or None. Only nodes with text
        enough for the levels still missing are visited, so an ordinary file costs a few
        nodes and a deep one a walk down its deep branch."""
        stack: list[tuple[Node, int]] = [(self.root, 0)]
        while stack:
            node, depth = stack.pop()
            if depth > MAX_DEPTH:
                return node
            needed = MAX_DEPTH - depth
            for child in reversed(node.children):
                if (child.end_byte - child.start_byte + 1) * LEVELS_PER_BYTE >= needed:
                    stack.append((child, depth + 1))
        return None

    def first_error(self) -> Node | None:
        """The first ERROR or MISSING node, in text order (None when the file parses)."""
        if not self.root.has_error:
            return None
        cursor = self.root.walk()
        while True:
            node = cursor.node
            assert node is not None
            if node.is_error or node.is_missing:
                return node
            if node.has_error and cursor.goto_first_child():
                continue
            while not cursor.goto_next_sibling():
                if not cursor.goto_parent():
                    return None


_RECENT: OrderedDict[tuple[str, bool], Syntax] = OrderedDict()
_RECENT_SIZE = 4
_RECENT_LOCK = threading.Lock()


def parse(text: str, tsx: bool = False) -> Syntax:
    """The file parsed, shared with the other readers of the same text in this lint (the
    suppression comments are read from the tree the tools were read from)."""
    key = (text, tsx)
    with _RECENT_LOCK:
        found = _RECENT.get(key)
        if found is not None:
            _RECENT.move_to_end(key)
            return found
    syntax = Syntax(text, tsx)
    with _RECENT_LOCK:
        _RECENT[key] = syntax
        while len(_RECENT) > _RECENT_SIZE:
            _RECENT.popitem(last=False)
    return syntax


def parse_again(text: str) -> Syntax:
    """The tree last made for this text (in its dialect), or the TypeScript one."""
    with _RECENT_LOCK:
        found = _RECENT.get((text, True))
    return found if found is not None else parse(text)


def unquote(syntax: Syntax, node: Node) -> str | None:
    """The value of a string literal (or a template literal without substitutions); None also
    when an escape names no code point (``\\u{110000}``: JavaScript refuses the file)."""
    if node.type == "string":
        parts: list[str] = []
        for child in node.named_children:
            if child.type == "string_fragment":
                parts.append(syntax.source(child))
            elif child.type == "escape_sequence":
                char = _unescape(syntax.source(child))
                if char is None:
                    return None
                parts.append(char)
            elif child.type in ("html_character_reference",):
                parts.append(syntax.source(child))
        return _pair_surrogates("".join(parts))
    if node.type == "template_string":
        return cooked_template(syntax, node, lambda substitution: None)
    return None


def cooked_template(syntax: Syntax, node: Node,
                    substitute: Callable[[Node], str | None]) -> str | None:
    """The value JavaScript gives a template literal (its cooked strings): escapes decoded as
    in a string, a line break of CR LF or CR read as LF, each ``${...}`` replaced by what
    ``substitute`` makes of it. None when ``substitute`` does, or when an escape names no code
    point (an untagged template with one is a syntax error)."""
    parts: list[str] = []
    for child in node.named_children:
        if child.type == "template_substitution":
            value = substitute(child)
            if value is None:
                return None
            parts.append(value)
        elif child.type == "escape_sequence":
            char = _unescape(syntax.source(child))
            if char is None:
                return None
            parts.append(char)
        else:
            parts.append(_LINE_BREAK.sub("\n", syntax.source(child)))
    if not node.named_children:
        return _LINE_BREAK.sub("\n", syntax.source(node)[1:-1])
    return _pair_surrogates("".join(parts))


_LINE_BREAK = re.compile("\r\n?")
_SIMPLE_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}


def _unescape(escape: str) -> str | None:
    """The character an escape sequence stands for; None when it names no code point."""
    body = escape[1:]
    if not body:
        return ""
    if body[0] in _SIMPLE_ESCAPES and (body[0] != "0" or len(body) == 1):
        return _SIMPLE_ESCAPES[body[0]]
    if body[0] == "x" and len(body) == 3:
        return _code_point(body[1:])
    if body[0] == "u":
        if body.startswith("u{"):
            return _code_point(body[2:-1])
        return _code_point(body[1:5])
    if body[0] in "\r\n\u2028\u2029":
        return ""  # a line continuation
    return body


_HEX = re.compile(r"[0-9A-Fa-f]+\Z")


def _code_point(digits: str) -> str | None:
    digits = digits.lstrip("0") or "0"
    if not _HEX.match(digits) or len(digits) > 6 or int(digits, 16) > 0x10FFFF:
        return None
    return chr(int(digits, 16))


_SURROGATE = re.compile("[\ud800-\udfff]")


def _pair_surrogates(text: str) -> str:
    """``"\\uD83D\\uDE00"`` is one character in JavaScript: join escaped surrogate pairs."""
    if _SURROGATE.search(text) is None:
        return text
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
