"""The server's incremental re-lint (edit regions, per-tool reuse) publishes exactly what a
fresh lint of the same text publishes."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest_lsp
from lsprotocol import types

from portlint.linter import lint_text
from portlint.lsp.convert import DiagnosticEncoder, from_json
from portlint.lsp.positions import PositionMapper
from tests.lsp.harness import (
    CONFIG,
    RecordingClient,
    change_document,
    open_document,
    start,
    wait_published,
)
from tests.support.generated import large_tool_list


@pytest_lsp.fixture(config=CONFIG)
async def client(lsp_client: RecordingClient, tmp_path: Path):  # type: ignore[no-untyped-def]
    await start(lsp_client, "vscode", tmp_path, options={"debounceMs": 0},
                encodings=["utf-32"])
    yield
    await lsp_client.shutdown_session()


def _key(diagnostics: list[types.Diagnostic]) -> list[tuple[object, ...]]:
    def data(d: types.Diagnostic) -> str:
        assert isinstance(d.data, dict)
        return str({k: v for k, v in d.data.items() if k not in ("version", "open")})
    return [(d.code, d.range.start.line, d.range.start.character, d.range.end.line,
             d.range.end.character, d.message, data(d)) for d in diagnostics]


async def test_edits_then_a_fresh_open_agree(client: RecordingClient, tmp_path: Path) -> None:
    text = large_tool_list()
    uri = (tmp_path / "tools.json").as_uri()
    open_document(client, uri, text)
    await wait_published(client, uri, 1)
    rng = random.Random(5)
    lines = text.split("\n")
    for version in range(2, 42):
        candidates = [i for i, line in enumerate(lines) if '"type": "' in line]
        line_no = rng.choice(candidates)
        column = lines[line_no].index('"type": "') + len('"type": "')
        choice = rng.random()
        position = types.Position(line=line_no, character=column)
        if choice < 0.4:  # type inside a value: the tool still parses
            change = (types.Range(start=position, end=position), "x")
            lines[line_no] = lines[line_no][:column] + "x" + lines[line_no][column:]
        elif choice < 0.6:  # break the string: the document stops parsing for a while
            change = (types.Range(start=position, end=position), '"')
            lines[line_no] = lines[line_no][:column] + '"' + lines[line_no][column:]
        elif choice < 0.8:  # a new line inside a tool
            change = (types.Range(start=position, end=position), "\n")
            lines[line_no:line_no + 1] = [lines[line_no][:column], lines[line_no][column:]]
        else:  # undo breakage by rewriting the whole line
            original = lines[line_no]
            fixed = original.replace('"x', '"').replace('""', '"')
            end = types.Position(line=line_no, character=len(original))
            start_of_line = types.Position(line=line_no, character=0)
            change = (types.Range(start=start_of_line, end=end), fixed)
            lines[line_no] = fixed
        change_document(client, uri, version, [change])
        await wait_published(client, uri, version)
    final = "\n".join(lines)
    incremental = _key(client.diagnostics[uri])
    # a full lint of the final text by the engine, converted as the server converts
    mapper = PositionMapper(final, "utf-32")
    full = lint_text(final, str(tmp_path / "tools.json"))
    encoded = DiagnosticEncoder().encode(full.findings, mapper, 41)
    expected = [from_json(item) for item in json.loads(encoded)]
    assert incremental == _key(expected)
    # and, when it parses again, a fresh document agrees too
    fresh_uri = (tmp_path / "fresh.json").as_uri()
    open_document(client, fresh_uri, text)
    change_document(client, uri, 42, [(None, text)])
    fresh = await wait_published(client, fresh_uri, 1)
    again = await wait_published(client, uri, 42)
    assert _key(again) == _key(fresh)
