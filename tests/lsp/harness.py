"""A pytest-lsp client that records every publish, and helpers that wait on notifications."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

from lsprotocol import types
from lsprotocol.converters import get_converter
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

SERVER = [sys.executable, "-m", "portlint", "serve"]
PROFILES = {"vscode": "visual-studio-code", "neovim": "neovim@v0.11.0"}


class RecordingClient(LanguageClient):
    """Keeps every ``publishDiagnostics`` (with its version) and wakes waiters."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.published: list[types.PublishDiagnosticsParams] = []
        self.arrived = asyncio.Event()
        self.applied_edits: list[types.ApplyWorkspaceEditParams] = []
        self.registrations: list[types.Registration] = []
        self.profile = ""


def _on_publish(client: RecordingClient, params: types.PublishDiagnosticsParams) -> None:
    client.diagnostics[params.uri] = params.diagnostics
    client.published.append(params)
    client.arrived.set()


def _on_apply_edit(client: RecordingClient, params: types.ApplyWorkspaceEditParams
                   ) -> types.ApplyWorkspaceEditResult:
    client.applied_edits.append(params)
    return types.ApplyWorkspaceEditResult(applied=True)


def _on_register(client: RecordingClient, params: types.RegistrationParams) -> None:
    client.registrations.extend(params.registrations)


def make_client() -> RecordingClient:
    client = RecordingClient(converter_factory=get_converter)
    features = dict(DEFAULT_CLIENT_FEATURES)
    features[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = _on_publish
    features[types.WORKSPACE_APPLY_EDIT] = _on_apply_edit
    features[types.CLIENT_REGISTER_CAPABILITY] = _on_register
    register_lsp_features(client, features)
    return client


CONFIG = ClientServerConfig(server_command=SERVER, client_factory=make_client)


async def start(client: RecordingClient, profile: str, root: Path,
                options: dict[str, Any] | None = None,
                encodings: list[str] | None = None, configuration: bool = True,
                refresh: bool = False) -> None:
    capabilities = client_capabilities(PROFILES[profile])
    if refresh and capabilities.workspace is not None:
        capabilities.workspace.diagnostics = types.DiagnosticWorkspaceClientCapabilities(
            refresh_support=True)
    if not configuration and capabilities.workspace is not None:
        capabilities.workspace.configuration = False
    if encodings is not None:
        capabilities.general = types.GeneralClientCapabilities(position_encodings=encodings)
    client.profile = profile
    await client.initialize_session(types.InitializeParams(
        capabilities=capabilities, root_uri=root.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name="ws")],
        initialization_options=options if options is not None else {"debounceMs": 20}))


def pulls(client: RecordingClient) -> bool:
    caps = client.capabilities
    return bool(caps and caps.text_document and caps.text_document.diagnostic is not None)


async def wait_published(client: RecordingClient, uri: str, version: int | None,
                         timeout: float = 15.0) -> list[types.Diagnostic]:
    """The diagnostics published for exactly this version of the document."""
    async def find() -> list[types.Diagnostic]:
        while True:
            for params in reversed(client.published):
                if params.uri == uri and params.version == version:
                    return list(params.diagnostics)
            client.arrived.clear()
            await client.arrived.wait()
    return await asyncio.wait_for(find(), timeout)


async def diagnostics(client: RecordingClient, uri: str, version: int) -> list[types.Diagnostic]:
    """Diagnostics for a version, whichever way this client gets them."""
    if pulls(client):
        report = await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(
            text_document=types.TextDocumentIdentifier(uri=uri)))
        assert isinstance(report, types.RelatedFullDocumentDiagnosticReport)
        return list(report.items)
    return await wait_published(client, uri, version)


def open_document(client: RecordingClient, uri: str, text: str, version: int = 1,
                  language: str = "json") -> None:
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id=language, version=version,
                                             text=text)))


def change_document(client: RecordingClient, uri: str, version: int,
                    changes: list[tuple[types.Range | None, str]]) -> None:
    events: list[types.TextDocumentContentChangeEvent] = []
    for range_, text in changes:
        if range_ is None:
            events.append(types.TextDocumentContentChangeWholeDocument(text=text))
        else:
            events.append(types.TextDocumentContentChangePartial(range=range_, text=text))
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=events))


def rng(sl: int, sc: int, el: int, ec: int) -> types.Range:
    return types.Range(start=types.Position(line=sl, character=sc),
                       end=types.Position(line=el, character=ec))


def apply_text_edits(text: str, edits: list[types.TextEdit], encoding: str = "utf-16") -> str:
    """Apply LSP edits to a text the way an editor would (used to check code actions)."""
    from portlint.lsp.positions import PositionMapper

    mapper = PositionMapper(text, encoding)
    spans = sorted(((mapper.offset(e.range.start), mapper.offset(e.range.end), e.new_text)
                    for e in edits), reverse=True)
    for start, end, new in spans:
        text = text[:start] + new + text[end:]
    return text


def edits_of(edit: types.WorkspaceEdit, uri: str) -> list[types.TextEdit]:
    if edit.document_changes:
        out: list[types.TextEdit] = []
        for change in edit.document_changes:
            assert isinstance(change, types.TextDocumentEdit)
            assert change.text_document.uri == uri
            out.extend(e for e in change.edits if isinstance(e, types.TextEdit))
        return out
    assert edit.changes is not None
    return list(edit.changes[uri])


async def wait_until(client: RecordingClient, predicate: Any, timeout: float = 15.0) -> None:
    """Wait until ``predicate(client)`` holds, re-checking at each publish."""
    async def check() -> None:
        while not predicate(client):
            client.arrived.clear()
            await client.arrived.wait()
    await asyncio.wait_for(check(), timeout)
