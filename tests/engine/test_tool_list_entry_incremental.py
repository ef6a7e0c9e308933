"""Entries of a tool list that are no tool: the editor's paths (the per-tool cache, the edit
lint, the server's document linter) publish exactly what a full lint publishes, edit after
edit, and the stray entries' findings are among them."""

from __future__ import annotations

import json
from pathlib import Path

from lsprotocol import types
from pygls.workspace import PositionCodec

from portlint.config import Config
from portlint.incremental.tool_cache import ToolCache
from portlint.linter import lint_text
from portlint.lsp.document import LspDocument
from portlint.lsp.linting import DocumentLinter
from portlint.lsp.open_documents import OpenDocuments
from portlint.model import Finding

PATH = Path("/nonexistent/strays/tools.json")


def _tool(i: int) -> dict[str, object]:
    return {"name": f"tool_{i}", "description": f"Tool number {i}.",
            "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}}}


def _text(entries: list[object]) -> str:
    return json.dumps({"tools": entries}, indent=2)


BASE = [_tool(0), 7, _tool(1), "stray", None, _tool(2), [], True, {"title": "no tool"},
        _tool(3)]


def _strays(findings: list[Finding]) -> list[str]:
    return [f.path for f in findings if f.rule == "tool-list-entry"]


def _versions() -> list[str]:
    """A sequence of texts: typing inside a tool, inside a stray, a stray removed, a stray
    made a tool, a tool made a stray."""
    texts = [_text(BASE)]
    base = texts[0]
    at = base.index("Tool number 2.") + len("Tool number")
    texts.append(base[:at] + " two" + base[at:])  # inside a tool: the edit lint's case
    entries = list(BASE)
    entries[1] = 78
    texts.append(_text(entries))
    del entries[3]
    texts.append(_text(entries))
    entries[3] = _tool(9)
    texts.append(_text(entries))
    entries[0] = "tool_0"
    texts.append(_text(entries))
    return texts


def test_the_stray_entries_are_reported_where_they_are() -> None:
    assert _strays(lint_text(_text(BASE), str(PATH)).findings) == [
        "tools[1]", "tools[3]", "tools[4]", "tools[6]", "tools[7]", "tools[8]"]


def test_tool_cache_gives_what_a_full_lint_gives() -> None:
    cache = ToolCache()
    for text in _versions():
        incremental = cache.lint(text, str(PATH))
        full = lint_text(text, str(PATH))
        assert incremental.findings == full.findings
        assert _strays(full.findings)


def test_the_server_publishes_what_a_full_lint_publishes() -> None:
    config = Config()
    texts = _versions()
    document = LspDocument(PATH.as_uri(), source=texts[0], version=1, language_id="json",
                           position_codec=PositionCodec(types.PositionEncodingKind.Utf16))
    linter = DocumentLinter(OpenDocuments())
    linter.lint(document, config)
    for version, text in enumerate(texts[1:], start=2):
        linter.moved_on(document.key)
        document.apply_change(types.TextDocumentContentChangeWholeDocument(text=text))
        document.version = version
        linted = linter.lint(document, config)
        assert linted.result is not None
        full = lint_text(text, str(PATH), config.settings_for(PATH), fmt="json")
        assert linted.result.findings == full.findings
        assert _strays(linted.result.findings)


def test_an_edit_inside_a_tool_keeps_the_strays_findings() -> None:
    """Typing inside a tool of a list with strays is linted by the edit lint (the edited tool
    alone), which keeps the strays' findings, moved; a later edit inside a tool still knows
    the strays (the shape it keeps holds them)."""
    from portlint.incremental import DocumentLint
    from portlint.incremental.edits import edit_base, lint_edit
    from portlint.settings import Settings

    settings = Settings()
    lint = DocumentLint()
    text = _text(BASE)
    lint.lint(text, str(PATH), settings, fmt="json", assume_schema=False, edit=None)
    for word in (" two", " and", " more"):
        at = text.index("Tool number 2") + len("Tool number 2")
        new = text[:at] + word + text[at:]
        previous = lint.cache.lint(text, str(PATH), settings, fmt="json")
        base = edit_base((previous, lint.cache.tool_spans))
        assert base is not None and base.shape.strays  # the edit lint's base knows them
        assert lint_edit(base, new, (at, at, at + len(word)), settings) is not None
        got = lint.lint(new, str(PATH), settings, fmt="json", assume_schema=False,
                        edit=(at, at, at + len(word)))
        full = lint_text(new, str(PATH), settings)
        assert got.findings == full.findings
        assert len(_strays(got.findings)) == 6
        text = new
