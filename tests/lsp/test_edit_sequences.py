"""Random edit sequences: after every edit the server's diagnostics are exactly those of a full
lint of the new text.

Each example opens a generated tool list and applies a sequence of incremental changes, as a
client sends them (UTF-16 positions), through the server's document and linter — the text
splice, the engine's edit lint and per-tool cache, the diagnostics encoder that reuses what it
wrote for the previous version. After each change the JSON the server would publish must equal,
byte for byte, the conversion of a fresh full lint of the same text by a fresh encoder."""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from lsprotocol import types
from pygls.workspace import PositionCodec

from portlint.config import Config
from portlint.linter import lint_text
from portlint.lsp.convert import DiagnosticEncoder
from portlint.lsp.document import LspDocument
from portlint.lsp.linting import DocumentLinter
from portlint.lsp.open_documents import OpenDocuments
from portlint.lsp.positions import PositionMapper
from tests.support.generated import large_tool_list

BASE = large_tool_list(count=12, seed=3)
PATH = Path("/nonexistent/edits/tools.json")
# mostly typing that keeps the tool parsing (the edit lint's case), some that breaks it
INSERTS = ["x", "x", "x", "é", "😀", "😀", "", "", "  ", "\u2028", "\n", "\n      ", "\r\n", "\r",
           '"', '\\"', ",", "{", "}", "[", ": true", '"type": "string", ']
_BREAK = re.compile(r"\r\n|\r|\n")  # LSP line breaks, and only those


def _position(text: str, offset: int) -> types.Position:
    """The UTF-16 position of ``offset``, computed here independently of the server's code."""
    line, line_start = 0, 0
    for match in _BREAK.finditer(text, 0, offset):
        if match.end() > offset:  # inside a CR-LF pair: not a place an edit is made
            break
        line, line_start = line + 1, match.end()
    prefix = text[line_start:offset]
    return types.Position(line=line, character=len(prefix.encode("utf-16-le")) // 2)


def _snap(text: str, offset: int) -> int:
    """Never between the CR and LF of one break (no client addresses that place)."""
    return offset - 1 if 0 < offset < len(text) and text[offset - 1:offset + 1] == "\r\n" \
        else offset


edits = st.lists(st.tuples(st.integers(0, 1 << 30), st.sampled_from([0, 0, 0, 1, 2, 5, 12]),
                           st.sampled_from(INSERTS)), min_size=1, max_size=14)


@settings(max_examples=70, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edits=edits, near_previous=st.booleans())
@example(edits=[(91, 0, "x")], near_previous=False)  # "inputSchema" renamed: tool 0 loses it
def test_every_edit_publishes_what_a_full_lint_publishes(
        edits: list[tuple[int, int, str]], near_previous: bool) -> None:
    config = Config()
    document = LspDocument(PATH.as_uri(), source=BASE, version=1, language_id="json",
                           position_codec=PositionCodec(types.PositionEncodingKind.Utf16))
    linter = DocumentLinter(OpenDocuments())
    linter.lint(document, config)
    text = BASE
    previous_at = len(text) // 2
    for version, (where, removed, inserted) in enumerate(edits, start=2):
        # typing tends to stay in one place: half the sequences edit near the previous edit
        at = (previous_at + where % 40 - 20 if near_previous else where) % (len(text) + 1)
        start = _snap(text, at)
        end = _snap(text, min(len(text), start + removed))
        change = types.TextDocumentContentChangePartial(
            range=types.Range(start=_position(text, start), end=_position(text, end)),
            text=inserted)
        linter.moved_on(document.key)  # as the workspace calls it before every change
        document.apply_change(change)
        document.version = version
        text = text[:start] + inserted + text[end:]
        previous_at = start
        assert document.source == text

        linted = linter.lint(document, config)
        if linted.result is None:
            continue  # no longer a tool document: nothing is published for it
        full = lint_text(text, str(PATH), config.settings_for(PATH), fmt="json")
        assert linted.result.findings == full.findings
        expected = DiagnosticEncoder().encode(full.findings, PositionMapper(text), version,
                                              document.opened)
        assert linted.encoded == expected
