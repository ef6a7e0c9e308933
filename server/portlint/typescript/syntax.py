"""A TypeScript or JavaScript file parsed with tree-sitter, with offsets in code points.

``.ts``, ``.mts`` and ``.cts`` files are parsed with tree-sitter-typescript's TypeScript grammar;
``.tsx`` with its TSX dialect (JSX elements, no ``<T>x`` casts), as TypeScript parses them.
JavaScript files (``.js``, ``.mjs``, ``.cjs``, ``.jsx``) are parsed with the TSX dialect too, as
TypeScript does, so the reader sees one shape of tree for both languages. But valid JavaScript
is not always valid TypeScript: a minifier's ``new as(...)``, ``var abstract``, ``await`` or
``yield`` as a name in a sloppy script, ``c?.5:1``. When the TSX parse of a JavaScript file has
errors, the file is parsed again with tree-sitter-javascript's grammar, which decides:

* the JavaScript grammar refuses it too: the TSX parse stands, and its first error is reported;
* the JavaScript grammar accepts it: the text is parsed with TSX once more with the names the
  JavaScript tree reads as plain identifiers (``as``, ``type``, ``await``...) and the numbers it
  reads after a ternary ``?`` (``.5``) written, for the TSX parser only, as an identifier of
  underscores and a plain integer of the same length. Every offset stays, and :meth:`Syntax.source`
  reads the file's own text, so the tree is the TSX tree of what JavaScript means;
* that parse still has errors (a construct the TSX grammar lacks): the JavaScript grammar's own
  tree is used. It writes parameters without TypeScript's ``required_parameter`` and
  ``optional_parameter`` wrappers and class fields as ``field_definition``.

A TypeScript file whose parse has errors and names an import type through a member
(``import("./types").Result<T>``, ``import("x").T["k"]``, which TypeScript accepts and the
TypeScript grammar refuses with type arguments, an index or ``[]`` after it) is parsed again
with each such ``import(...)`` written, for the parser only, as an identifier of underscores of
the same length; a type never reaches what the reader evaluates.

A file that parses without error in its first grammar is read exactly as before.

tree-sitter reports UTF-8 byte offsets; the engine counts code points. The conversion is the
identity for ASCII text and a bisect over the multi-byte characters otherwise."""

from __future__ import annotations

import bisect
import json
import os
import re
import threading
from collections import OrderedDict
from collections.abc import Callable
from functools import lru_cache
from typing import Literal

import tree_sitter
import tree_sitter_javascript
import tree_sitter_typescript

from portlint.script_suffixes import JAVASCRIPT_SUFFIXES
from portlint.source.located import Span

Node = tree_sitter.Node
# the nodes that are functions (a name bound in one is bound for its body only)
FUNCTION_TYPES = frozenset(("arrow_function", "function_expression", "function",
                            "function_declaration", "generator_function",
                            "generator_function_declaration", "method_definition"))


def enclosing_function(node: Node) -> Node | None:
    """The innermost function holding ``node`` (None at module level)."""
    holder = node.parent
    while holder is not None and holder.type not in FUNCTION_TYPES:
        holder = holder.parent
    return holder

Grammar = Literal["typescript", "tsx", "javascript"]
"""A tree-sitter grammar. As the grammar a file is read with (:func:`grammar_for`),
``"javascript"`` means the TSX dialect first, the JavaScript grammar when TSX refuses the file."""


def returned_expression(function: Node) -> Node | None:
    """The expression a function returns: an arrow's expression body, or the one value its
    block returns (None when it returns several, or nothing)."""
    body = function.child_by_field_name("body")
    if body is None:
        return None
    if body.type != "statement_block":
        return body
    returns: list[Node] = []
    stack = list(body.named_children)
    while stack:
        node = stack.pop()
        if node.type == "return_statement":
            returns.append(node)
        elif node.type not in FUNCTION_TYPES and node.type != "class_declaration":
            stack.extend(node.named_children)
    if len(returns) != 1 or not returns[0].named_children:
        return None
    return returns[0].named_children[0]


@lru_cache(maxsize=3)
def _language(grammar: Grammar) -> tree_sitter.Language:
    if grammar == "javascript":
        return tree_sitter.Language(tree_sitter_javascript.language())
    return tree_sitter.Language(tree_sitter_typescript.language_tsx() if grammar == "tsx" else
                                tree_sitter_typescript.language_typescript())


@lru_cache(maxsize=3)
def _parser(grammar: Grammar) -> tree_sitter.Parser:
    return tree_sitter.Parser(_language(grammar))


# the nodes the reader looks for anywhere in a file: calls (registrations, `Object.assign`), what
# changes a binding and what makes another name refer into one (mutations.py). One query for all
# of them: compiling a query against the TypeScript grammar costs milliseconds each, searching
# with it microseconds.
_SEARCHED = ("call_expression", "assignment_expression", "augmented_assignment_expression",
             "update_expression", "unary_expression", "variable_declarator", "for_in_statement",
             "new_expression")


@lru_cache(maxsize=3)
def _search_query(grammar: Grammar) -> tree_sitter.Query:
    return tree_sitter.Query(_language(grammar), "[" + " ".join(f"({t})" for t in _SEARCHED)
                             + "] @found")


MAX_DEPTH = 60_000
"""The deepest nesting (syntax-tree levels: two or three per nested Zod call) the reader
searches. tree-sitter's query cursor counts depth in 16 bits: past 65,535 levels it misses nodes
and its search turns quadratic (0.5 MB of 48,000 nested calls took 100 s). A file nested deeper
is reported, not read."""
LEVELS_PER_BYTE = 4  # more than any TypeScript construct nests per byte of its text


# TypeScript's own rule (`getLanguageVariant`): every JavaScript file and .tsx allow JSX
JSX_SUFFIXES = (".tsx", ".jsx", ".js", ".mjs", ".cjs")


def grammar_for(name: str) -> Grammar:
    """The grammar a file is read with, by its name: ``"javascript"`` for a JavaScript file
    (TSX first, see the module's docstring), ``"tsx"`` for ``.tsx``, else ``"typescript"``."""
    lowered = name.lower()
    if lowered.endswith(JAVASCRIPT_SUFFIXES):
        return "javascript"
    return "tsx" if lowered.endswith(JSX_SUFFIXES) else "typescript"


class Syntax:
    """One parsed file: its tree, its text, and the offset conversion."""

    def __init__(self, text: str, grammar: Grammar = "typescript", sloppy: bool = False) -> None:
        self.text = text
        # the grammar of the tree: a JavaScript file's is "tsx" unless the TSX dialect refused it
        # and the JavaScript grammar did not
        self.grammar: Grammar = "tsx" if grammar == "javascript" else grammar
        # a JavaScript script Node runs in sloppy mode (CommonJS, no "use strict"): the only
        # kind of file whose strings may hold legacy octal escapes (see sloppy_script)
        self.sloppy = sloppy
        self.data = text.encode("utf-8", "surrogatepass")
        self.tree = _parser(self.grammar).parse(self.data)
        if grammar == "javascript" and self.tree.root_node.has_error:
            self._read_as_javascript()
        elif self.tree.root_node.has_error and b"import" in self.data:
            masked = _import_types_masked(self.data)
            if masked != self.data:
                self.tree = _parser(self.grammar).parse(masked)
        self.root: Node = self.tree.root_node
        self._searched: dict[str, list[Node]] | None = None
        self._wide: list[int] | None = None  # byte offsets where a multi-byte character starts
        self._extra: list[int] = []  # bytes more than code points, up to and including each
        if len(self.data) != len(text):
            self._index_wide()

    def _read_as_javascript(self) -> None:
        """The tree of a JavaScript file the TSX dialect refused (see the module's docstring):
        the TSX tree of the text as the JavaScript grammar reads it, or the JavaScript grammar's
        own; the TSX tree with its errors when the JavaScript grammar refuses the file too."""
        script = _parser("javascript").parse(self.data)
        if script.root_node.has_error:
            return
        retried = _parser("tsx").parse(_as_javascript_reads(self.data, script.root_node))
        if not retried.root_node.has_error:
            self.tree = retried
            return
        self.tree = script
        self.grammar = "javascript"

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

    @property
    def module(self) -> bool:
        """Whether the file is an ES module (a top-level ``import`` or ``export``)."""
        return any(child.type in ("import_statement", "export_statement")
                   for child in self.root.named_children)

    def searched(self, node_type: str) -> list[Node]:
        """Every node of one of the searched types (calls, assignments, updates), in the order
        of the text, an enclosing node before the nodes inside it. Found in C, once per file: a
        walk over every node in Python costs more than parsing the file."""
        if self._searched is None:
            found: dict[str, list[Node]] = {t: [] for t in _SEARCHED}
            cursor = tree_sitter.QueryCursor(_search_query(self.grammar))
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


# names the JavaScript grammar gives a plain identifier's text and position
_NAME_TYPES = ("identifier", "property_identifier", "shorthand_property_identifier",
               "shorthand_property_identifier_pattern", "statement_identifier")
# the words JavaScript reserves everywhere (ECMAScript's ReservedWord but for `await` and
# `yield`): never a name in either grammar, so never rewritten
_RESERVED = frozenset((
    "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do",
    "else", "enum", "export", "extends", "false", "finally", "for", "function", "if", "import",
    "in", "instanceof", "new", "null", "return", "super", "switch", "this", "throw", "true", "try",
    "typeof", "var", "void", "while", "with"))


@lru_cache(maxsize=1)
def _keywords() -> re.Pattern[bytes]:
    """The words the TSX grammar has tokens for (``as``, ``satisfies``, ``type``, ``await``...)
    but JavaScript may use as names, read from the grammar itself."""
    language = _language("tsx")
    words: set[str] = set()
    for kind_id in range(language.node_kind_count):
        kind = language.node_kind_for_id(kind_id)
        if kind is not None and not language.node_kind_is_named(kind_id) and kind.isascii() \
                and kind.isalpha() and kind not in _RESERVED:
            words.add(kind)
    return re.compile(rb"\b(?:" + b"|".join(w.encode() for w in sorted(words)) + rb")\b")


_TERNARY_FRACTION = re.compile(rb"\?\.[0-9]")  # `c?.5:1`, which the TSX lexer reads as `?.`


# an import type reached through a member (`import("./types").Result`): never a value (the
# promise of a module has no such member but its own three methods)
_IMPORT_TYPE = re.compile(rb"""\bimport[ \t]*\([ \t]*(?:"[^"\\\n]*"|'[^'\\\n]*')[ \t]*\)"""
                          rb"""(?=[ \t]*\.[ \t]*(?!(?:then|catch|finally)\b)[A-Za-z_$])""")


def _import_types_masked(data: bytes) -> bytes:
    """The text with each import type reached through a member written, for the parser only,
    as an identifier of underscores of the same length: tree-sitter-typescript 0.23 refuses
    such a type followed by type arguments, an index or `[]` (`import("x").T<A>`,
    `import("x").T["k"]`), which TypeScript accepts (see the module's docstring)."""
    return _IMPORT_TYPE.sub(lambda match: b"_" * len(match.group()), data)


def _as_javascript_reads(data: bytes, script: Node) -> bytes:
    """The text with every keyword the JavaScript tree ``script`` reads as a name written as
    underscores, and every number it reads right after a ``?`` (``.5``) as ``10``...; each of the
    same length. Where JavaScript reads no name or number, the text stays."""
    rewritten = bytearray(data)
    for match in _keywords().finditer(data):
        node = script.descendant_for_byte_range(match.start(), match.end())
        if node is not None and node.type in _NAME_TYPES and \
                (node.start_byte, node.end_byte) == match.span():
            rewritten[match.start():match.end()] = b"_" * (match.end() - match.start())
    for match in _TERNARY_FRACTION.finditer(data):
        start = match.start() + 1
        node = script.descendant_for_byte_range(start, start + 2)
        if node is not None and node.type == "number" and node.start_byte == start:
            rewritten[start:node.end_byte] = b"1" + b"0" * (node.end_byte - start - 1)
    return bytes(rewritten)


_RECENT: OrderedDict[tuple[str, Grammar], Syntax] = OrderedDict()
_RECENT_SIZE = 4
_RECENT_LOCK = threading.Lock()


def parse(text: str, grammar: Grammar = "typescript", sloppy: bool = False) -> Syntax:
    """The file parsed, shared with the other readers of the same text in this lint (the
    suppression comments are read from the tree the tools were read from)."""
    key = (text, grammar)
    with _RECENT_LOCK:
        found = _RECENT.get(key)
        if found is not None and found.sloppy == sloppy:
            _RECENT.move_to_end(key)
            return found
    syntax = Syntax(text, grammar, sloppy)
    with _RECENT_LOCK:
        _RECENT[key] = syntax
        while len(_RECENT) > _RECENT_SIZE:
            _RECENT.popitem(last=False)
    return syntax


def parse_again(text: str) -> Syntax:
    """The tree last made for this text in a JavaScript file or ``.tsx`` (in its grammar), or
    the TypeScript one."""
    with _RECENT_LOCK:
        found = _RECENT.get((text, "javascript")) or _RECENT.get((text, "tsx"))
    return found if found is not None else parse(text)


def unquote(syntax: Syntax, node: Node) -> str | None:
    """The value of a string literal (or a template literal without substitutions); None when
    JavaScript refuses it (see :func:`refused_escape`)."""
    if node.type == "string":
        parts: list[str] = []
        for child in node.named_children:
            if child.type == "string_fragment":
                parts.append(syntax.source(child))
            elif child.type == "escape_sequence":
                char = _unescape(syntax, child, template=False)
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
    r"""The value JavaScript gives an untagged template literal (its cooked strings): escapes
    decoded as in a string, a line break of CR LF or CR read as LF, each ``${...}`` replaced by
    what ``substitute`` makes of it. None when ``substitute`` does, or when an escape is a
    syntax error in an untagged template (one that names no code point, ``\1``, ``\01``,
    ``\8``, ``\0`` before a digit)."""
    text = _template_text(syntax, node, substitute, raw=False)
    return None if text is None else _pair_surrogates(text)


def raw_template(syntax: Syntax, node: Node,
                 substitute: Callable[[Node], str | None]) -> str | None:
    """``String.raw`` of a template literal: its raw strings (the text as written, every
    escape kept, a line break of CR LF or CR read as LF) joined with the substitutions."""
    return _template_text(syntax, node, substitute, raw=True)


def _template_text(syntax: Syntax, node: Node, substitute: Callable[[Node], str | None],
                   raw: bool) -> str | None:
    """A template literal's strings and substitutions joined, its escapes decoded unless
    ``raw``; None when a substitution or (cooked) an escape has no value."""
    if not node.named_children:
        return _LINE_BREAK.sub("\n", syntax.source(node)[1:-1])
    parts: list[str] = []
    for child in node.named_children:
        if child.type == "template_substitution":
            value = substitute(child)
        elif child.type == "escape_sequence" and not raw:
            value = _unescape(syntax, child, template=True)
        else:
            value = _LINE_BREAK.sub("\n", syntax.source(child))
        if value is None:
            return None
        parts.append(value)
    return "".join(parts)


def refused_escape(syntax: Syntax, node: Node) -> str:
    """Why JavaScript refuses a string or untagged template literal: its first escape that is
    a syntax error there."""
    template = node.type == "template_string"
    for child in node.named_children:
        if child.type == "escape_sequence" and _unescape(syntax, child, template) is None:
            escape = syntax.source(child)
            if escape == "\\0":  # NUL refused for the digit after it: name both
                escape += syntax.data[child.end_byte:child.end_byte + 1].decode()
            body = escape[1:2]
            if body in ("x", "u"):
                return f"the escape `{escape}` names no code point"
            if template:
                return f"the escape `{escape}` is a syntax error in a template literal"
            return (f"the legacy octal escape `{escape}` is a syntax error in strict-mode "
                    "code (an ES module, a class, a function or file that says \"use strict\")")
    return "JavaScript refuses the literal"


_LINE_BREAK = re.compile("\r\n?")
_SIMPLE_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v"}
_OCTAL = "01234567"


def _unescape(syntax: Syntax, node: Node, template: bool) -> str | None:
    r"""The text an escape sequence stands for, as JavaScript cooks it; None when it is a syntax
    error there. tree-sitter takes up to three octal digits into one escape; JavaScript's
    legacy octal escapes (sloppy-mode strings only) take three when the first is 0–3, two when
    it is 4–7 (``"\477"`` is ``"'7"``); ``\0`` not followed by a digit is NUL everywhere;
    ``\8`` and ``\9`` are the digits in sloppy-mode strings."""
    escape = syntax.source(node)
    body = escape[1:]
    if not body:
        return ""
    first = body[0]
    if first in _SIMPLE_ESCAPES:
        return _SIMPLE_ESCAPES[first]
    if first == "x":
        return _code_point(body[1:]) if len(body) == 3 else None
    if first == "u":
        if body.startswith("u{"):
            return _code_point(body[2:-1])
        return _code_point(body[1:5])
    if first in "\r\n\u2028\u2029":
        return ""  # a line continuation
    if first in _OCTAL or first in "89":
        following = syntax.data[node.end_byte:node.end_byte + 1]
        if body == "0" and not following.isdigit():
            return "\0"
        if template or _strict(syntax, node):
            return None
        if first in "89":
            return first
        width = 3 if first in "0123" else 2
        return chr(int(body[:width], 8)) + body[width:]
    return body


_FUNCTION_TYPES = ("function_declaration", "function_expression", "function", "arrow_function",
                   "method_definition", "generator_function", "generator_function_declaration")


def sloppy_script(path: str) -> bool:
    """Whether Node runs a file as a sloppy-mode script unless its text says otherwise: a
    ``.cjs``, or a ``.js``/``.jsx`` whose nearest ``package.json`` does not say ``"type":
    "module"``. ES modules are strict; TypeScript refuses legacy octal escapes or makes the
    file strict depending on its options, so a TypeScript file is held to the strict rules."""
    lowered = path.lower()
    if lowered.endswith(".cjs"):
        return True
    if not lowered.endswith((".js", ".jsx")):
        return False
    directory = os.path.dirname(os.path.abspath(path))
    while True:
        manifest = os.path.join(directory, "package.json")
        if os.path.isfile(manifest):
            try:
                with open(manifest, encoding="utf-8") as handle:
                    loaded = json.load(handle)
            except (OSError, ValueError):
                return False  # Node refuses to run it: nothing to cook
            return not (isinstance(loaded, dict) and loaded.get("type") == "module")
        parent = os.path.dirname(directory)
        if parent == directory:
            return True
        directory = parent


def _strict(syntax: Syntax, node: Node) -> bool:
    """Whether the code around ``node`` is strict-mode code: any file but a sloppy script
    (:func:`sloppy_script`); there, an ES module (a file with an ``import`` or ``export``), a
    class, or a file or function whose directive prologue says ``"use strict"``."""
    if not syntax.sloppy or syntax.module:
        return True
    parent = node.parent
    while parent is not None:
        if parent.type in ("class_body", "class", "class_declaration"):
            return True
        if parent.type == "statement_block" and parent.parent is not None and \
                parent.parent.type in _FUNCTION_TYPES and _says_use_strict(syntax, parent):
            return True
        if parent.type == "program":
            return _says_use_strict(syntax, parent)
        parent = parent.parent
    return False


def _says_use_strict(syntax: Syntax, body: Node) -> bool:
    for statement in body.named_children:
        if statement.type == "comment":
            continue
        if statement.type != "expression_statement" or not statement.named_children or \
                statement.named_children[0].type != "string":
            return False
        if syntax.source(statement.named_children[0])[1:-1] == "use strict":
            return True
    return False


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
