"""Integer literals too long for ``int()``, and writing values back as text without limits.

CPython refuses to convert a decimal string of more than 4,300 digits to an ``int`` (or an ``int``
that large back to a string): the conversion takes time quadratic in the length, so the limit
guards against denial of service. A tool file may still hold such a literal — as a `maximum`, in
an `enum` — and must be linted like any other, in time linear in its length. The readers give
such a literal as an :class:`IntegerLiteral`, an ``int`` that keeps the literal's text:

* :class:`LongInteger` — a decimal literal. Its ``int`` value is a stand-in, ``±10**4300``:
  larger in magnitude than every integer ``int()`` does convert and every finite float, so
  comparing it with any ordinary number gives the true answer; two long literals compare by
  their digits. ``str()`` and ``repr()`` give the literal. Arithmetic is refused (TypeError)
  rather than answered with the stand-in.
* :class:`SpelledInteger` — a YAML ``0x``/``0o``/``0b`` (or YAML 1.1 sexagesimal) literal: these
  convert in linear time, so the value is exact; only ``str()``, which would need the
  quadratic decimal conversion, gives the literal as written instead.

:func:`json_text` writes a value as JSON the way the C encoder does, falling back to an iterative
writer that spells such integers by their text and has no recursion limit, so a fix can copy
any value the readers produced.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Callable

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

DIGIT_LIMIT = min(sys.get_int_max_str_digits() or 4300, 4300)
"""Decimal literals longer than this (sign included) are not converted with ``int()``."""

_STAND_IN = 10 ** DIGIT_LIMIT  # more digits than any integer int() converts
_LOG2_10 = 3.321928094887362


def _decimal_value(digits: str) -> int:
    """The exact value of a string of decimal digits of any length, converted half by half
    (each half's conversion within int()'s limit at the bottom; the halves joined by a
    multiplication, which CPython does in subquadratic time)."""
    if len(digits) <= DIGIT_LIMIT:
        return int(digits)
    half = len(digits) // 2
    scale: int = 10 ** half
    return _decimal_value(digits[:-half]) * scale + _decimal_value(digits[-half:])


class IntegerLiteral(int):
    """An integer that keeps the text it was written with (see the module docstring)."""

    text: str

    def __repr__(self) -> str:
        return self.text

    __str__ = __repr__

    def __format__(self, spec: str) -> str:
        if not spec:
            return self.text
        return str(format(self.text, spec))  # width and alignment apply to the text


class SpelledInteger(IntegerLiteral):
    """An exact integer written in a non-decimal base (its decimal form is too long)."""

    @classmethod
    def of(cls, value: int, text: str) -> SpelledInteger:
        number = int.__new__(cls, value)
        number.text = text
        return number


class LongInteger(IntegerLiteral):
    """A decimal integer literal of more than :data:`DIGIT_LIMIT` digits."""

    _key: tuple[bool, int, str]  # (negative, digit count, digits): the literal's true order

    @classmethod
    def parse(cls, text: str) -> int:
        """The value of a decimal literal (sign, digits, leading zeros allowed): an ``int``
        when ``int()`` may convert it, else a :class:`LongInteger`."""
        body = text.lstrip("+-")
        digits = body.lstrip("0") or "0"
        negative = text.startswith("-") and digits != "0"
        if len(digits) <= DIGIT_LIMIT:
            return -int(digits) if negative else int(digits)
        number = int.__new__(cls, -_STAND_IN if negative else _STAND_IN)
        number.text = text
        number._key = (negative, len(digits), digits)
        return number

    def _order(self, other: object) -> int | None:
        """-1, 0 or 1 against another long literal or an integer beyond the stand-in; None
        when the stand-in compares truthfully (any ordinary number)."""
        if not isinstance(other, LongInteger):
            if isinstance(other, int) and not isinstance(other, bool) and (
                    abs(int(other)) >= _STAND_IN):
                return self._against(int(other))
            return None
        mine, theirs = self._key, other._key
        if mine == theirs:
            return 0
        if mine[0] != theirs[0]:
            return -1 if mine[0] else 1
        larger = (mine[1], mine[2]) > (theirs[1], theirs[2])
        return (1 if larger else -1) * (-1 if mine[0] else 1)

    def _against(self, other: int) -> int:
        """The order against an exact integer as large: by sizes where they decide (bit
        lengths against digit counts), else by the exact value (rare: two integers of
        thousands of digits and the same size)."""
        negative, digits, _ = self._key
        if negative != (other < 0):
            return -1 if negative else 1
        bits = abs(other).bit_length()
        sign = -1 if negative else 1
        if bits <= int((digits - 1) * _LOG2_10):  # |other| < 10 ** (digits - 1) <= |self|
            return sign
        if bits - 1 >= int(digits * _LOG2_10) + 1:  # |other| >= 10 ** digits > |self|
            return -sign
        mine = _decimal_value(self._key[2])
        theirs = abs(other)
        return 0 if mine == theirs else (sign if mine > theirs else -sign)

    def __eq__(self, other: object) -> bool:
        order = self._order(other)
        return order == 0 if order is not None else int.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash(self._key)

    def __lt__(self, other: object) -> bool:
        order = self._order(other)
        return order < 0 if order is not None else int.__lt__(self, other)  # type: ignore[operator]

    def __le__(self, other: object) -> bool:
        order = self._order(other)
        return order <= 0 if order is not None else int.__le__(self, other)  # type: ignore[operator]

    def __gt__(self, other: object) -> bool:
        order = self._order(other)
        return order > 0 if order is not None else int.__gt__(self, other)  # type: ignore[operator]

    def __ge__(self, other: object) -> bool:
        order = self._order(other)
        return order >= 0 if order is not None else int.__ge__(self, other)  # type: ignore[operator]

    def __neg__(self) -> int:
        text = self.text[1:] if self.text.startswith(("-", "+")) else self.text
        return LongInteger.parse(text if self._key[0] else "-" + text)

    def __pos__(self) -> int:
        return self

    def __abs__(self) -> int:
        return -self if self._key[0] else self

    def __float__(self) -> float:
        return -math.inf if self._key[0] else math.inf

    def __bool__(self) -> bool:
        return True


def _refuse(self: LongInteger, *_: object) -> Any:
    # raised, not NotImplemented: int's reflected operator would then compute with the stand-in
    raise TypeError("arithmetic on an integer literal too long to convert is not supported")


for _name in ("add", "sub", "mul", "truediv", "floordiv", "mod", "divmod", "pow", "lshift",
              "rshift", "and", "or", "xor"):
    setattr(LongInteger, f"__{_name}__", _refuse)
    setattr(LongInteger, f"__r{_name}__", _refuse)
del _name


def parse_json_int(text: str) -> int:
    """The ``parse_int`` hook of the JSON readers."""
    return int(text) if len(text) <= DIGIT_LIMIT else LongInteger.parse(text)


class NotWritable(ValueError):
    """A value with no exact spelling in the target syntax (a non-finite float in JSON)."""


_ENCODE = json.JSONEncoder(ensure_ascii=False, allow_nan=False).encode


def json_text(value: Any) -> str:
    """``value`` as one line of JSON (``", "`` and ``": "`` between entries): the C encoder's
    output when it can write it, else :func:`write_flow`'s — never a recursion limit, never an
    integer-conversion limit. Raises :class:`NotWritable` for a non-finite float."""
    try:
        return _ENCODE(value)
    except (ValueError, RecursionError):
        return write_flow(value, json_scalar, json_key)


def json_key(key: Any) -> str:
    return json.dumps(str(key), ensure_ascii=False)


def json_scalar(value: Any) -> str:
    """One JSON scalar (a string, number, boolean or null)."""
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "null"
    if isinstance(value, IntegerLiteral):
        return value.text
    if isinstance(value, float):
        if not math.isfinite(value):
            raise NotWritable(f"{value} has no JSON spelling")
        return float.__repr__(value)
    if isinstance(value, int):
        return int.__repr__(value)
    return json.dumps(str(value), ensure_ascii=False)


class _Text(str):
    """A piece of output text on :func:`write_flow`'s stack (not a value to write)."""

    __slots__ = ()


def write_flow(value: Any, scalar: Callable[[Any], str], key: Callable[[Any], str], *,
               separator: str = ", ", colon: str = ": ",
               brackets: tuple[str, str, str, str] = ("{", "}", "[", "]"),
               empty_map: str = "{}") -> str:
    """A JSON-like flow rendering of ``value`` (JSON, YAML flow, a Python or TypeScript
    literal), written with an explicit stack: no recursion limit at any depth, time linear in
    the output."""
    out: list[str] = []
    stack: list[Any] = [value]
    pop = stack.pop
    push = stack.append
    open_map, close_map, open_list, close_list = brackets
    while stack:
        item = pop()
        if type(item) is _Text:
            out.append(item)
        elif isinstance(item, dict):
            if not item:
                out.append(empty_map)
                continue
            out.append(open_map)
            push(_Text(close_map))
            entries = list(item.items())
            for i in range(len(entries) - 1, -1, -1):
                name, member = entries[i]
                push(member)
                push(_Text(key(name) + colon))
                if i:
                    push(_Text(separator))
        elif isinstance(item, list):
            if not item:
                out.append(open_list + close_list)
                continue
            out.append(open_list)
            push(_Text(close_list))
            for i in range(len(item) - 1, -1, -1):
                push(item[i])
                if i:
                    push(_Text(separator))
        else:
            out.append(scalar(item))
    return "".join(out)


def nesting_depth(value: Any, stop: int) -> int:
    """How deep ``value``'s containers nest, counted up to ``stop`` (a larger depth is given as
    ``stop``): iterative, and it never looks deeper than ``stop``."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        depth += 1
        if depth >= stop:
            return stop
        deepest = max(deepest, depth)
        stack.extend((child, depth) for child in children)
    return deepest
