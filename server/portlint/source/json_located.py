"""An iterative JSON parser that records the span of every key and value.

It never recurses on the Python stack, so a 10,000-deep document parses like any other; it stops
at the first syntax error with a message saying what was expected there; and it records every
duplicated key. Scalars are decoded by the standard library's C scanner (``scanstring`` and the
``json`` scanner), so strings and numbers mean exactly what ``json.loads`` says they mean — except
that an integer too long for ``int()`` is read as a :class:`~portlint.source.numbers.LongInteger`
instead of failing (the fast path's ``json.loads`` fails on it, and sends the text here).

This is the slow, complete path. The fast path (:mod:`portlint.source.json_lazy`) decodes values
with ``json.loads`` and scans positions only where something is reported; tests check that both
give the same spans on every corpus file.
"""

from __future__ import annotations

import json
import json.decoder
import json.scanner
import math
import re
from collections.abc import Callable
from typing import Any, NamedTuple, cast

from portlint.source.located import EagerNode, Member, Node, Path, Span
from portlint.source.numbers import parse_json_int

_WS = re.compile(r"[ \t\n\r]*")
_LINE_END = re.compile(r"[\r\n]")
_TOKEN_AT = re.compile(r"[^\s{}\[\],:\"]+|.", re.DOTALL)
_scanstring: Callable[[str, int, bool], tuple[str, int]] = getattr(json.decoder, "scanstring")  # noqa: B009 (untyped in typeshed)
# integers of any length: a literal int() would refuse is kept as its text (source.numbers)
_scan_scalar: Callable[[str, int], tuple[Any, int]] = cast(
    Callable[[str, int], tuple[Any, int]],
    json.scanner.make_scanner(cast(Any, json.JSONDecoder(parse_int=parse_json_int))))
_SCALAR_START = frozenset("-0123456789tfn")
_WRONG_LITERALS = {"True": "true", "TRUE": "true", "False": "false", "FALSE": "false",
                   "None": "null", "Null": "null", "NULL": "null"}


class JsonSyntaxError(NamedTuple):
    offset: int
    end: int
    message: str


class DuplicateKey(NamedTuple):
    path: Path  # the object holding the key
    key: str
    first: Span
    second: Span


class EagerJson:
    __slots__ = ("duplicates", "error", "root", "unlisted", "value")

    def __init__(self) -> None:
        self.value: Any = None
        self.root: Node | None = None
        self.error: JsonSyntaxError | None = None
        self.duplicates: list[DuplicateKey] = []
        # repeated keys past the path budget (a deep document repeating a key at every level
        # would make the paths of its findings quadratic): how many, and where the first is
        self.unlisted: tuple[int, Span] | None = None


def _skip_ws(text: str, offset: int) -> int:
    match = _WS.match(text, offset)
    return match.end() if match else offset


def _line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + text.count("\r", 0, offset) - text.count(
        "\r\n", 0, offset
    ) + 1


def _token_end(text: str, offset: int) -> int:
    if offset >= len(text):
        return offset
    if text[offset] == '"':
        try:
            return int(_scanstring(text, offset + 1, True)[1])
        except json.JSONDecodeError:
            return offset + 1
    match = _TOKEN_AT.match(text, offset)
    return match.end() if match else offset + 1


class _Frame:
    __slots__ = ("after_comma", "is_object", "key", "key_span", "members", "node_items", "seen",
                 "segment", "start", "value")

    def __init__(self, is_object: bool, start: int, segment: str | int | None) -> None:
        self.is_object = is_object
        self.start = start
        self.segment = segment
        self.value: Any = {} if is_object else []
        self.members: list[Member] = []
        self.node_items: list[Node] = []
        self.key: str | None = None
        self.key_span: Span = (0, 0)
        self.seen: dict[str, Span] = {}
        self.after_comma = False


class _Fail(Exception):
    def __init__(self, offset: int, message: str, end: int | None = None) -> None:
        super().__init__(message)
        self.offset = offset
        self.message = message
        self.end = end


def _value_expected(text: str, i: int, after_comma: bool, closer: str) -> _Fail:
    if i >= len(text):
        return _Fail(i, "Unexpected end of text: expected a value")
    c = text[i]
    if after_comma and c == closer:
        return _Fail(i, f"Trailing comma: JSON allows no `,` before `{closer}`")
    if c == "/":
        return _Fail(i, "Comments are not allowed in JSON")
    if c == "'":
        return _Fail(i, "Strings must be written in double quotes")
    word = text[i:_token_end(text, i)]
    if word in _WRONG_LITERALS:
        return _Fail(i, "Expected a value: JSON literals are lowercase, write "
                     f"`{_WRONG_LITERALS[word]}`")
    if word in ("NaN", "Infinity", "-Infinity"):
        return _Fail(i, f"`{word}` is not a JSON number")
    return _Fail(i, "Expected a value: an object, array, string, number, true, false or null")


def _scan_scalar_at(text: str, i: int) -> tuple[Any, int]:
    c = text[i]
    if c == '"':
        try:
            return _scanstring(text, i + 1, True)
        except json.JSONDecodeError as exc:
            raise _string_error(text, i, exc) from None
    if c in _SCALAR_START:
        try:
            value, end = _scan_scalar(text, i)
        except StopIteration:
            raise _value_expected(text, i, False, "") from None
        if isinstance(value, float) and math.isinf(value) and text.startswith("-Infinity", i):
            raise _Fail(i, "`-Infinity` is not a JSON number", end)
        return value, end
    raise _value_expected(text, i, False, "")


def _string_error(text: str, start: int, exc: json.JSONDecodeError) -> _Fail:
    message = exc.msg
    if message.startswith("Unterminated string"):
        line_end = _LINE_END.search(text, start)
        end = line_end.start() if line_end else len(text)
        return _Fail(start, "Unterminated string: expected a closing `\"`", max(end, start + 1))
    if message.startswith("Invalid control character") and text[exc.pos] in "\r\n":
        return _Fail(start, "Unterminated string: expected a closing `\"` before the end of "
                     "the line", exc.pos)
    if message.startswith("Invalid control character"):
        return _Fail(exc.pos, "Control characters must be escaped inside strings "
                     "(write `\\n`, `\\t`, ...)", exc.pos + 1)
    if "escape" in message:
        return _Fail(exc.pos, "Invalid escape sequence: JSON allows `\\\"` `\\\\` `\\/` `\\b` "
                     "`\\f` `\\n` `\\r` `\\t` and `\\uXXXX`", min(exc.pos + 2, len(text)))
    return _Fail(exc.pos, message)


def parse_located(text: str) -> EagerJson:
    """Parse ``text``; never raises. Returns the value and located tree, or the first error."""
    result = EagerJson()
    try:
        value, root = _parse(text, result)
    except _Fail as fail:
        end = fail.end if fail.end is not None else _token_end(text, fail.offset)
        result.error = JsonSyntaxError(fail.offset, max(end, fail.offset), fail.message)
        return result
    result.value = value
    result.root = root
    return result


def _parse(text: str, result: EagerJson) -> tuple[Any, Node]:
    n = len(text)
    duplicates = result.duplicates
    path_steps = 1_000_000 + n  # what the duplicates' paths may add up to
    unlisted = 0
    first_unlisted: Span = (0, 0)
    i = _skip_ws(text, 0)
    if i >= n:
        raise _Fail(i, "The document is empty: expected a JSON value")
    stack: list[_Frame] = []
    done_value: Any = None
    done_node: Node | None = None

    while True:
        # ---- read one value starting at i (or open a container) ----
        c = text[i] if i < n else ""
        if c in ("{", "["):
            parent = stack[-1] if stack else None
            segment: str | int | None = None
            if parent is not None:
                segment = parent.key if parent.is_object else len(parent.value)
            frame = _Frame(c == "{", i, segment)
            stack.append(frame)
            i = _skip_ws(text, i + 1)
            closer = "}" if c == "{" else "]"
            if i < n and text[i] == closer:
                done_value, done_node, i = _close(frame, i, stack)
            elif frame.is_object:
                i = _read_key(text, i, frame, first=True)
                continue
            else:
                continue
        elif c and c not in "}]":
            value, end = _scan_scalar_at(text, i)
            done_value, done_node, i = value, EagerNode((i, end), "scalar"), end
        else:
            top = stack[-1] if stack else None
            closer = "]" if top is None or not top.is_object else "}"
            raise _value_expected(text, i, top is not None and top.after_comma, closer)

        # ---- attach finished values to their parents, closing containers as they end ----
        while True:
            if not stack:
                j = _skip_ws(text, i)
                if j < n:
                    raise _Fail(j, "Unexpected text after the end of the JSON value")
                assert done_node is not None
                return done_value, done_node
            frame = stack[-1]
            assert done_node is not None
            if frame.is_object:
                key = frame.key
                assert key is not None
                if key in frame.seen:
                    path_steps -= len(stack)
                    if path_steps >= 0:
                        path = tuple(f.segment for f in stack[1:] if f.segment is not None)
                        duplicates.append(DuplicateKey(path, key, frame.seen[key],
                                                       frame.key_span))
                    else:
                        if not unlisted:
                            first_unlisted = frame.key_span
                        unlisted += 1
                        result.unlisted = (unlisted, first_unlisted)
                frame.seen[key] = frame.key_span
                frame.value[key] = done_value
                frame.members.append(Member(key, frame.key_span, done_node))
            else:
                frame.value.append(done_value)
                frame.node_items.append(done_node)
            i = _skip_ws(text, i)
            c = text[i] if i < n else ""
            closer = "}" if frame.is_object else "]"
            if c == ",":
                frame.after_comma = True
                i = _skip_ws(text, i + 1)
                if frame.is_object:
                    i = _read_key(text, i, frame, first=False)
                break
            if c == closer:
                done_value, done_node, i = _close(frame, i, stack)
                continue
            if not c:
                kind = "object" if frame.is_object else "array"
                raise _Fail(i, f"Unexpected end of text: expected `,` or `{closer}` to close the "
                            f"{kind} opened on line {_line_of(text, frame.start)}")
            if c.isdigit() and text[i - 1] == "0" and isinstance(done_value, int):
                raise _Fail(i - 1, "Numbers cannot have leading zeros", i + 1)
            if frame.is_object:
                if c == '"':
                    raise _Fail(i, "Expected `,` between object members")
                raise _Fail(i, "Expected `,` or `}` after the property value")
            if c in "\"{[-0123456789tfn":
                raise _Fail(i, "Expected `,` between array items")
            raise _Fail(i, "Expected `,` or `]` after the array item")


def _close(frame: _Frame, i: int, stack: list[_Frame]) -> tuple[Any, Node, int]:
    stack.pop()
    if frame.is_object:
        node = EagerNode((frame.start, i + 1), "object", True, members=frame.members)
    else:
        node = EagerNode((frame.start, i + 1), "array", True, items=frame.node_items)
    return frame.value, node, i + 1


def _read_key(text: str, i: int, frame: _Frame, first: bool) -> int:
    n = len(text)
    if i >= n:
        raise _Fail(i, "Unexpected end of text: expected a property name in double quotes"
                    + (" or `}`" if first else ""))
    c = text[i]
    if c != '"':
        if c == "}" and not first:
            raise _Fail(i, "Trailing comma: JSON allows no `,` before `}`")
        if c == "/":
            raise _Fail(i, "Comments are not allowed in JSON")
        if c == "'":
            raise _Fail(i, "Property names must be written in double quotes")
        raise _Fail(i, "Expected a property name in double quotes" + (" or `}`" if first else ""))
    try:
        key, end = _scanstring(text, i + 1, True)
    except json.JSONDecodeError as exc:
        raise _string_error(text, i, exc) from None
    frame.key = key
    frame.key_span = (i, end)
    j = _skip_ws(text, end)
    if j >= n or text[j] != ":":
        raise _Fail(j, "Expected `:` after the property name")
    return _skip_ws(text, j + 1)
