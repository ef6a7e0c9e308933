"""``json.dumps(value, indent=2, ensure_ascii=False)``, the same text, about three times faster.

With ``indent``, the standard library leaves its C encoder aside and encodes through a chain of
Python generators, a few calls for every token — for a report of a large tool list (hundreds
of findings, each with its fixes and places) most of a ``portlint check --format json`` run.
Here the containers are laid out by one recursive function that joins strings, and every string
goes through the C encoder's string escaper (``json.encoder.encode_basestring``, the C one
where the interpreter has it, as ``json.dumps`` itself uses): the escaping is the standard
library's own, only the indentation is written here. Numbers are written as ``json`` writes
them. A value of any other kind than the report's (dict with string keys, list, tuple, str,
int, float, bool, None) is handed to ``json.dumps`` whole, so the result is always its text; a
test holds the two to the same output on generated documents.
"""

from __future__ import annotations

import json
import math
from json.encoder import encode_basestring

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_INFINITY = float("inf")


class Unusual(Exception):
    """A value this encoder leaves to ``json.dumps``."""


def dumps_indented(value: Any) -> str:
    """The text of ``json.dumps(value, indent=2, ensure_ascii=False)``."""
    try:
        return indented(value, "\n")
    except (Unusual, RecursionError):
        return json.dumps(value, indent=2, ensure_ascii=False)


def indented(value: Any, newline: str) -> str:
    """The text ``json.dumps(..., indent=2, ensure_ascii=False)`` gives ``value`` inside a
    document, on a line that ``newline`` (a newline and that line's indentation) starts; raises
    :class:`Unusual` for a value of a kind this module leaves to ``json.dumps``."""
    parts: list[str] = []
    _encode(value, parts, newline)
    return "".join(parts)


def _float(value: float) -> str:
    if math.isnan(value):
        return "NaN"
    if value == _INFINITY:
        return "Infinity"
    if value == -_INFINITY:
        return "-Infinity"
    return float.__repr__(value)


def scalar(value: Any) -> str:
    """A string, number, boolean or null as JSON writes it (else :class:`Unusual`)."""
    kind = type(value)
    if kind is str:
        return encode_basestring(value)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if kind is int:
        return int.__repr__(value)
    if kind is float:
        return _float(value)
    raise Unusual


def _encode(value: Any, parts: list[str], newline: str) -> None:
    """Append the text of ``value``; ``newline`` is a newline and the indentation of the line
    ``value`` is on."""
    append = parts.append
    escape = encode_basestring
    kind = type(value)
    if kind is dict:
        if not value:
            append("{}")
            return
        inner = newline + "  "
        separator = "{" + inner
        for key, item in value.items():
            if type(key) is not str:
                raise Unusual
            append(separator)
            append(escape(key))
            kind = type(item)
            if kind is str:
                append(": " + escape(item))
            elif kind is dict or kind is list or kind is tuple:
                append(": ")
                _encode(item, parts, inner)
            else:
                append(": " + scalar(item))
            separator = "," + inner
        append(newline + "}")
    elif kind is list or kind is tuple:
        if not value:
            append("[]")
            return
        inner = newline + "  "
        separator = "[" + inner
        for item in value:
            append(separator)
            kind = type(item)
            if kind is str:
                append(escape(item))
            elif kind is dict or kind is list or kind is tuple:
                _encode(item, parts, inner)
            else:
                append(scalar(item))
            separator = "," + inner
        append(newline + "]")
    else:
        append(scalar(value))
