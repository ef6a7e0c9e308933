"""Text from the checked files, made safe for a terminal or a CI log.

Tool names, keys and file names come from the files being checked, and a hostile file can put
anything in them: an escape sequence that recolours or clears the terminal, a carriage return or
line break that starts a forged line (``Error: ...`` or a GitHub ``::error`` command), a
right-to-left override that shows the text in another order than it is. :func:`visible` writes
every such character as an escape — ``\\x1b``, ``\\n``, ``\\u202e`` — so what is printed is one
line that reads as it is. Ordinary text, letters of every script included, is unchanged.
"""

from __future__ import annotations

import re
from functools import lru_cache

_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


@lru_cache(maxsize=1)  # compiled when first needed: a clean run prints no file's text
def _unsafe() -> re.Pattern[str]:
    # C0 and C1 controls and DEL; the line and paragraph separators; the bidirectional
    # embeddings, overrides, isolates and marks; the byte-order mark (zero-width no-break space)
    return re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069"
                      "\u200e\u200f\u061c\ufeff]")


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    named = _NAMED.get(char)
    if named is not None:
        return named
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


@lru_cache(maxsize=4096)  # a large tool list's report repeats a few hundred texts, each a
def visible(text: str) -> str:  # search of every character otherwise
    """``text`` with every control, separator and bidirectional-formatting character escaped."""
    unsafe = _unsafe()
    if unsafe.search(text) is None:
        return text  # the common case: nothing to do
    return unsafe.sub(_escape, text)


def visible_lines(text: str) -> str:
    """:func:`visible` for text whose line breaks are meant (a message of several lines): each
    line is escaped, the breaks between them kept."""
    return "\n".join(visible(line) for line in text.split("\n"))
