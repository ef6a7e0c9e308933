"""Ranges stay exact on lines with non-ASCII text, CRLF or CR line breaks, tabs and a BOM."""

from __future__ import annotations

import codecs

import pytest

from portlint.linter import lint_text
from portlint.source.text import DecodeError, LineIndex, decode_bytes


def _first(text: str, fmt: str, rule: str = "boolean-schema") -> tuple[tuple[int, int], ...]:
    result = lint_text(text, f"t.{fmt}")
    index = LineIndex(text)
    found = [f for f in result.findings if f.rule == rule]
    assert len(found) == 1, result.findings
    start, end = found[0].span
    return index.position(start), index.position(end)


def test_code_point_columns_after_accent_and_emoji_json() -> None:
    text = '{"name": "météo 🌦", "inputSchema": {"type": "object", "properties": {"é😀": true}}}'
    (sl, sc), (el, ec) = _first(text, "json")
    assert (sl, el) == (0, 0)
    assert text[sc:ec] == "true"
    # columns count code points: the emoji is one column, not two UTF-16 units
    assert sc == text.index("true")


def test_code_point_columns_after_accent_and_emoji_yaml() -> None:
    text = "name: météo 🌦\ninputSchema:\n  type: object\n  properties:\n    é😀: true  # ok\n"
    (sl, sc), (el, ec) = _first(text, "yaml")
    assert (sl, sc, el, ec) == (4, 8, 4, 12)


@pytest.mark.parametrize("newline", ["\r\n", "\r", "\n"])
def test_line_breaks_json(newline: str) -> None:
    lines = ['{', '  "name": "t",', '  "inputSchema": {', '    "type": "object",',
             '    "properties": {"a": true}', '  }', '}']
    text = newline.join(lines) + newline
    (sl, sc), (el, ec) = _first(text, "json")
    assert (sl, sc, el, ec) == (4, 24, 4, 28)


@pytest.mark.parametrize("newline", ["\r\n", "\n"])
def test_line_breaks_yaml(newline: str) -> None:
    lines = ["name: t", "inputSchema:", "  type: object", "  properties:", "    a: true"]
    text = newline.join(lines) + newline
    (sl, sc), (el, ec) = _first(text, "yaml")
    assert (sl, sc, el, ec) == (4, 7, 4, 11)


def test_tabs_count_as_one_column() -> None:
    text = '{\n\t"name": "t",\n\t"inputSchema": {"type": "object",\n\t\t"properties": {"a": true}}\n}\n'
    (sl, sc), (el, ec) = _first(text, "json")
    assert (sl, sc, el, ec) == (3, 22, 3, 26)


def test_utf8_bom_is_read_and_kept() -> None:
    raw = codecs.BOM_UTF8 + b'{"name": "t", "inputSchema": {"type": "object", "properties": {"a": true}}}'
    decoded = decode_bytes(raw)
    assert decoded.bom and decoded.encoding == "utf-8"
    assert not decoded.text.startswith("\ufeff")
    (sl, sc), _ = _first(decoded.text, "json")
    assert (sl, sc) == (0, decoded.text.index("true"))
    assert decoded.encode(decoded.text) == raw


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be", "utf-32-le"])
def test_utf16_and_utf32_with_and_without_bom(codec: str) -> None:
    body = '{"name": "é", "inputSchema": {"type": "object"}}'
    bom = {"utf-16-le": codecs.BOM_UTF16_LE, "utf-16-be": codecs.BOM_UTF16_BE,
           "utf-32-le": codecs.BOM_UTF32_LE}[codec]
    assert decode_bytes(bom + body.encode(codec)).text == body
    assert decode_bytes(body.encode(codec)).text == body  # RFC 4627 detection


def test_invalid_utf8_names_the_place() -> None:
    with pytest.raises(DecodeError) as raised:
        decode_bytes(b'{"a": 1,\n "b": "\xff"}')
    assert raised.value.line == 2
    assert raised.value.column == 8
    assert "0xff" in raised.value.message


def test_line_index_only_lsp_line_breaks() -> None:
    text = "a\u2028b\x0cc\r\nd\re\nf"
    index = LineIndex(text)
    assert index.line_count == 4
    assert index.position(text.index("d")) == (1, 0)
    assert index.position(text.index("f")) == (3, 0)
    assert index.line_text(0) == "a\u2028b\x0cc"
    assert index.offset(2, 99) == text.index("e") + 1


def test_line_index_fast_path_equals_the_regex_path() -> None:
    import random

    import portlint.source.text as text_module

    def by_regex(text: str) -> list[int]:
        return [0, *(m.end() for m in text_module._LINE_BREAK.finditer(text))]

    rng = random.Random(3)
    pieces = ["a", "\n", "\r", "\r\n", "é", "😀", " ", "bb\n", "\u2028"]
    chunk = text_module._CHUNK
    text_module._CHUNK = 4  # exercise the chunk boundaries
    try:
        for _ in range(5000):
            text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 20)))
            assert list(LineIndex(text)._starts) == by_regex(text), repr(text)
            start = rng.randint(0, len(text))
            end = rng.randint(start, len(text))
            inserted = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 3)))
            new = text[:start] + inserted + text[end:]
            edited = LineIndex(text).edited(start, end, inserted, new)
            assert list(edited._starts) == by_regex(new), (text, start, end, inserted)
    finally:
        text_module._CHUNK = chunk
