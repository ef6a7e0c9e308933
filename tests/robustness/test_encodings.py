"""Encodings and line breaks: CRLF, lone CR, NUL bytes and astral characters give correct
positions (or a clear finding), and fixes keep the file's own line breaks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portlint.cli.main import main
from portlint.fixer import fix_all
from portlint.linter import lint_text


def _located(tmp_path: Path, name: str, data: bytes,
             capsys: pytest.CaptureFixture[str]) -> list[tuple[str, int, int]]:
    path = tmp_path / name
    path.write_bytes(data)
    main(["check", "--format", "json", "--exit-zero", str(path)])
    report = json.loads(capsys.readouterr().out)
    return [(f["rule"], f["location"]["line"], f["location"]["column"])
            for f in report["findings"]]


@pytest.mark.parametrize("newline", ["\r\n", "\r", "\n"])
def test_line_breaks(tmp_path: Path, newline: str, capsys: pytest.CaptureFixture[str]) -> None:
    text = newline.join(['{', '  "name": "t",', '  "inputSchema": {"type": "object",',
                         '    "properties": {"a": true}}', '}', ''])
    assert _located(tmp_path, "t.json", text.encode(), capsys) == [("boolean-schema", 4, 25)]
    fixed = fix_all(text, lambda t: lint_text(t, "t.json")).text
    assert fixed == text.replace('"a": true', '"a": {}')


def test_astral_characters_count_as_one_column(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    text = '{"name": "t", "description": "😀😀 🧪", "inputSchema": {"type": "object", ' \
           '"properties": {"a": true}}}'
    column = text.index("true") + 1  # code points, as the CLI reports them
    assert _located(tmp_path, "t.json", text.encode(), capsys) == [("boolean-schema", 1, column)]


@pytest.mark.parametrize(("name", "data", "where"), [
    ("nul.json", b'{"name": "t\x00", "inputSchema": {"type": "object"}}', (1, 12)),
    ("nul.yaml", b"name: t\ninputSchema:\n  type: obj\x00ect\n", (3, 12)),
])
def test_nul_bytes_are_a_clear_finding(tmp_path: Path, name: str, data: bytes,
                                       where: tuple[int, int],
                                       capsys: pytest.CaptureFixture[str]) -> None:
    assert _located(tmp_path, name, data, capsys) == [("parse-error", *where)]


def test_utf16_file_keeps_its_encoding_under_fix(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "t.json"
    text = '{"name": "t", "inputSchema": {"type": "object", "properties": {"a": true}}}\r\n'
    path.write_bytes(text.encode("utf-16"))
    assert main(["check", "--fix", str(path)]) == 0
    capsys.readouterr()
    assert path.read_bytes() == text.replace("true", "{}").encode("utf-16")
