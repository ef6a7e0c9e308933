"""The reader registry: formats are chosen by it, every registered reader keeps the one
contract, and a reader registered from outside plugs into the pipeline like the built-in ones."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from portlint import readers
from portlint.linter import lint_text
from portlint.readers import Reader, format_by_language, format_by_suffix, format_for
from portlint.rules import RULES_BY_ID
from portlint.source.document import ParsedSource, ReadRequest
from portlint.source.json_reader import read_json

SERVER = Path(__file__).resolve().parents[2] / "server" / "portlint"


def test_every_registered_function_resolves() -> None:
    for fmt in readers.formats():
        reader = readers.reader_for(fmt)
        for where in (reader.read_at, reader.comments_at, reader.preview_at):
            if where is not None:
                assert callable(reader._function(where)), (fmt, where)


@pytest.mark.parametrize(("name", "fmt"), [
    ("tools.json", "json"), ("a/b/TOOLS.JSON", "json"), ("x.jsonc", "json"), ("x.har", "json"),
    ("tools.yaml", "yaml"), ("tools.yml", "yaml"), ("server.py", "python"),
    ("stubs.pyi", "python"), ("server.ts", "typescript"), ("App.TSX", "typescript"),
    ("a.mts", "typescript"), ("a.cts", "typescript"), ("index.js", "typescript"),
    ("a.mjs", "typescript"), ("a.cjs", "typescript"), ("a.jsx", "typescript"), ("a.d.ts", "typescript"),
    ("notes.txt", None), ("Makefile", None)])
def test_formats_by_suffix(name: str, fmt: str | None) -> None:
    assert format_by_suffix(name) == fmt


def test_formats_by_language_and_by_content() -> None:
    assert format_by_language("jsonc") == "json"
    assert format_by_language("yaml") == "yaml"
    assert format_by_language("python") == "python"
    assert {format_by_language(i) for i in ("typescript", "typescriptreact", "javascript")} \
        == {"typescript"}
    assert format_by_language("markdown") is None
    assert format_by_language(None) is None
    assert format_for(None, '  {"a": 1}') == "json"
    assert format_for(None, "[1]") == "json"
    assert format_for(None, "a: 1") == "yaml"
    assert format_for("x.py", "{") == "python"


def test_directory_search_takes_the_readers_searched_suffixes() -> None:
    from portlint.cli.discover import SEARCHED_SUFFIXES

    assert readers.searched_suffixes() == SEARCHED_SUFFIXES
    assert {".json", ".yaml", ".yml", ".py", ".ts", ".tsx", ".mts", ".cts", ".js", ".mjs",
            ".cjs"} <= SEARCHED_SUFFIXES
    assert not {".jsonc", ".har", ".pyi"} & SEARCHED_SUFFIXES  # read when named, not searched


def _read_wrapped(text: str, request: ReadRequest) -> ParsedSource:
    """A toy format: a JSON value after one header line (read as JSON with the header blanked,
    so every offset is the text's own)."""
    header, newline, body = text.partition("\n")
    parsed = read_json(" " * len(header) + newline + body)
    return ParsedSource(text, "wrapped", parsed.documents, parsed.problems)


@pytest.fixture
def wrapped_reader() -> Iterator[None]:
    readers.register(Reader("wrapped", read=f"{__name__}:_read_wrapped", suffixes=(".wrapped",),
                            language_ids=("wrapped",)))
    try:
        yield
    finally:
        readers._READERS.pop("wrapped")


def test_a_registered_reader_is_chosen_and_linted_like_the_built_in_ones(
        wrapped_reader: None) -> None:
    body = '{"name": "t", "inputSchema": {"type": "object", "properties": {"a": true}}}'
    text = "header line\n" + body
    assert format_by_suffix("tools.wrapped") == "wrapped"
    assert format_by_language("wrapped") == "wrapped"
    found = lint_text(text, "tools.wrapped").findings
    plain = lint_text(body, "tools.json").findings
    assert [(f.rule, f.path, f.span) for f in found] == [
        (f.rule, f.path, (f.span[0] + 12, f.span[1] + 12)) for f in plain]
    assert found and found[0].rule == "boolean-schema"
    # its problems are worded by the source rules, as every reader's
    broken = lint_text("header line\n" + '{"a": 1,}', "x.wrapped").findings
    assert [(f.rule, f.span) for f in broken] == [("parse-error", (20, 21))]
    assert broken[0].suggestion == RULES_BY_ID["parse-error"].describe(  # type: ignore[misc]
        readers.read_source('{"a": 1,}', "json").problems[0])[1]


def test_a_too_large_text_is_not_read_whatever_its_format() -> None:
    from portlint.settings import Limits, Settings

    settings = Settings(limits=Limits(max_document_chars=10))
    for name in ("x.json", "x.yaml", "x.py"):
        found = lint_text("#" * 11, name, settings).findings
        assert [(f.rule, f.span) for f in found] == [("document-too-large", (0, 1))], name
        assert "max-document-chars" in found[0].suggestion


def test_readers_state_what_they_found_and_the_source_rules_word_it() -> None:
    """No reader writes a suggestion: every problem a reader makes is worded by its rule."""
    for path in [*(SERVER / "source").glob("*.py"), *(SERVER / "python").glob("*.py"),
                 SERVER / "readers.py"]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "SourceProblem":
                rule = node.args[0]
                assert isinstance(rule, (ast.Constant, ast.IfExp)), path
                names = ([rule.value] if isinstance(rule, ast.Constant)
                         else [rule.body.value, rule.orelse.value])  # type: ignore[attr-defined]
                for name in names:
                    assert RULES_BY_ID[name].describe is not None, (path, name)
                assert not any(k.arg == "suggestion" for k in node.keywords), path
