"""Pull diagnostics: result ids, unchanged reports, workspace/diagnostic."""

from __future__ import annotations

from pathlib import Path

import pytest_lsp
from lsprotocol import types

from tests.lsp.harness import CONFIG, RecordingClient, change_document, open_document, rng, start

TOOL = '{"name": "t", "inputSchema": {"type": "object", "properties": {"a": true}}}'


@pytest_lsp.fixture(config=CONFIG)
async def client(lsp_client: RecordingClient, tmp_path: Path):  # type: ignore[no-untyped-def]
    await start(lsp_client, "neovim", tmp_path)
    yield
    await lsp_client.shutdown_session()


async def _pull(client: RecordingClient, uri: str, previous: str | None = None
                ) -> types.DocumentDiagnosticReport:
    return await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(
        text_document=types.TextDocumentIdentifier(uri=uri), previous_result_id=previous))


async def test_unchanged_document_answers_unchanged(client: RecordingClient,
                                                    tmp_path: Path) -> None:
    uri = (tmp_path / "t.json").as_uri()
    open_document(client, uri, TOOL)
    first = await _pull(client, uri)
    assert isinstance(first, types.RelatedFullDocumentDiagnosticReport)
    assert [d.code for d in first.items] == ["boolean-schema"]
    assert first.result_id
    again = await _pull(client, uri, first.result_id)
    assert isinstance(again, types.RelatedUnchangedDocumentDiagnosticReport)
    assert again.result_id == first.result_id
    change_document(client, uri, 2, [(rng(0, 0, 0, 0), " ")])
    changed = await _pull(client, uri, first.result_id)
    assert isinstance(changed, types.RelatedFullDocumentDiagnosticReport)
    assert changed.result_id != first.result_id
    assert [d.code for d in changed.items] == ["boolean-schema"]
    assert changed.items[0].range.start.character == first.items[0].range.start.character + 1


async def test_server_advertises_pull(client: RecordingClient) -> None:
    # pull clients are never pushed to
    assert client.published == []


async def test_workspace_diagnostic(client: RecordingClient, tmp_path: Path) -> None:
    uri = (tmp_path / "t.json").as_uri()
    open_document(client, uri, TOOL)
    report = await client.workspace_diagnostic_async(types.WorkspaceDiagnosticParams(
        previous_result_ids=[]))
    assert [(i.uri, i.version) for i in report.items] == [(uri, 1)]
    full = report.items[0]
    assert isinstance(full, types.WorkspaceFullDocumentDiagnosticReport)
    assert [d.code for d in full.items] == ["boolean-schema"]
    assert full.result_id is not None
    again = await client.workspace_diagnostic_async(types.WorkspaceDiagnosticParams(
        previous_result_ids=[types.PreviousResultId(uri=uri, value=full.result_id)]))
    assert isinstance(again.items[0], types.WorkspaceUnchangedDocumentDiagnosticReport)
