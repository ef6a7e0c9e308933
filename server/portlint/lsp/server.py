"""``portlint serve``: the language server.

Handlers stay a few lines each — fetch the document, ask the engine, convert — and all state
lives in :class:`PortlintServer`: the settings, the latest lint of each document version, and the
debounced re-lint that pushes diagnostics to clients that do not pull them. Documents are found
by :func:`~portlint.lsp.uris.document_key`, whatever the spelling of their URI. The session —
framing, lifecycle, cancellation — is :mod:`portlint.lsp.session`'s, over stdio or
:mod:`portlint.lsp.tcp`.
"""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import os
import sys
from argparse import Namespace
from collections.abc import Callable
from typing import Any, BinaryIO, cast

from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams
from pygls.lsp.server import LanguageServer

from portlint import __version__
from portlint.config import Config
from portlint.linter import LintResult, lint_text
from portlint.lsp import actions, memory, navigation
from portlint.lsp.convert import converter
from portlint.lsp.document import LspDocument, LspWorkspace
from portlint.lsp.framing import FrameReader
from portlint.lsp.linting import DocumentLinter, Linted, document_format
from portlint.lsp.logs import ClientLogHandler
from portlint.lsp.protocol import PortlintProtocol, RawJson
from portlint.lsp.session import Session
from portlint.lsp.settings import SettingsResolver
from portlint.lsp.tcp import Outcome, serve_tcp
from portlint.lsp.uris import document_key, uri_to_path
from portlint.paths import PathSyntaxError, parse_any_path
from portlint.readers import reader_for
from portlint.ruledocs import rule_markdown
from portlint.rules import RULES_BY_ID, invalid_schema
from portlint.source.document import ReadRequest

log = logging.getLogger("portlint")

REVEAL_PATH = "portlint.locatePath"
FIX_ALL = "portlint.applyFixAll"
EXPLAIN = "portlint.explainError"


class PortlintServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("portlint", __version__, protocol_cls=PortlintProtocol,
                         text_document_sync_kind=types.TextDocumentSyncKind.Incremental,
                         converter_factory=converter)
        self.linter = DocumentLinter()
        self.settings = SettingsResolver()
        self.pending: dict[str, asyncio.Task[None]] = {}
        self.published_version: dict[str, int | None] = {}
        self.client_uris: dict[str, str] = {}  # key → the URI the client opened it with
        self.pull_diagnostics = False
        self.refresh_supported = False
        self.configuration_supported = False
        self.versioned_edits = False
        self._release: asyncio.TimerHandle | None = None
        # whether a change to a document (by key) is read but not yet applied: the session's
        self.change_waiting: Callable[[str], bool] = lambda key: False

    # -- documents and settings ---------------------------------------------------------------

    def document_changing(self, key: str) -> None:
        """Before an edit is applied: the latest result is about to be stale; free it now, so
        the old parse is not alive beside the old text, its slices and the new text."""
        self.linter.moved_on(key)

    def document(self, uri: str) -> LspDocument | None:
        """The open document ``uri`` names, however the client spells it."""
        workspace = self.workspace
        return workspace.find(uri) if isinstance(workspace, LspWorkspace) else None

    def opened(self, uri: str) -> None:
        """didOpen: a new text, whatever its version — nothing of an earlier open is kept."""
        key = document_key(uri)
        self.forget(key)
        self.client_uris[key] = uri
        self.schedule(uri)

    def closed(self, uri: str) -> None:
        """didClose: everything about the document goes; its diagnostics are cleared under the
        URI it was opened with."""
        key = document_key(uri)
        self.forget(key)
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=self.client_uris.pop(key, uri), diagnostics=[]))
        self.release_memory_soon()

    def forget(self, key: str) -> None:
        """Drop all that is kept about a document (closed, or opened again)."""
        task = self.pending.pop(key, None)
        if task is not None:
            task.cancel()
        self.linter.forget(key)
        self.published_version.pop(key, None)

    def config_for(self, uri: str) -> Config:
        config = self.settings.config_for(uri_to_path(uri))
        for warning in self.settings.take_warnings():
            self.window_show_message(types.ShowMessageParams(
                type=types.MessageType.Warning, message=f"portlint: {warning}"))
        return config

    def lint(self, uri: str) -> Linted | None:
        """The lint of the document's current version, computed once."""
        document = self.document(uri)
        if document is None:
            return None
        cached = self.linter.cached(document)
        if cached is not None:
            return cached
        linted = self.linter.lint(document, self.config_for(uri))
        if linted.result is not None:
            for crash in linted.result.crashes:
                log.error("rule %s failed on %s (tool %s):\n%s", crash.rule, uri, crash.tool,
                          crash.traceback)
        return linted

    def relint(self, uri: str, text: str) -> LintResult:
        """Lint another text of a document (fix-all's later passes)."""
        config = self.config_for(uri)
        path = uri_to_path(uri)
        document = self.document(uri)
        fmt = document_format(uri, document.language_id if document else None) or "json"
        return lint_text(text, str(path) if path else None, config.settings_for(path),
                         fmt=fmt,
                         assume_schema=path is not None and config.is_included(path))

    # -- the session --------------------------------------------------------------------------

    def run_session(self, reader: FrameReader, writer: Any,
                    authenticate: Callable[[dict[str, Any]], bool] | None) -> Outcome:
        """Serve one client over ``reader`` and ``writer`` until it exits."""
        self.protocol.set_writer(writer)
        session = Session(cast(PortlintProtocol, self.protocol), document_key, authenticate)
        self.change_waiting = session.change_waiting
        code = asyncio.run(session.run(reader))
        return Outcome(code, session.initialized and not session.rejected)

    def message_limit(self) -> int:
        """The largest message read: a document at the largest configured
        ``max-document-chars``, every character escaped (6 bytes), and 1 MiB for the rest."""
        return 6 * self.settings.largest_document_chars + (1 << 20)

    def release_memory_soon(self) -> None:
        """After documents close, give their memory back to the system: at once when none is
        left open, else once closing has paused for a second."""
        if self._release is not None:
            self._release.cancel()
            self._release = None
        if not self.workspace.text_documents:
            memory.release()
        else:
            self._release = asyncio.get_running_loop().call_later(1.0, memory.release)

    # -- push diagnostics ---------------------------------------------------------------------

    def schedule(self, uri: str) -> None:
        if self.pull_diagnostics:
            return
        document = self.document(uri)
        if document is None:
            return
        task = self.pending.pop(document.key, None)
        if task is not None:
            task.cancel()
        self.pending[document.key] = asyncio.get_running_loop().create_task(
            self._debounced(document))

    async def _debounced(self, document: LspDocument) -> None:
        version = document.version
        await asyncio.sleep(self.settings.editor.debounce_ms / 1000)
        if (self.document(document.uri) is not document or document.version != version
                or self.change_waiting(document.key)):
            return  # closed, opened again or changed (or about to be): a newer task has it
        self.pending.pop(document.key, None)
        linted = self.lint(document.uri)
        if linted is not None and linted.version == version:
            self.publish(linted)

    def publish(self, linted: Linted) -> None:
        last = self.published_version.get(linted.key)
        if last is not None and linted.version is not None and linted.version < last:
            return  # never publish over a newer version's diagnostics
        self.published_version[linted.key] = linted.version
        cast(PortlintProtocol, self.protocol).notify_raw(
            types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS,
            (f'{{"uri":{json.dumps(linted.uri)},"version":{json.dumps(linted.version)},'
             '"diagnostics":', linted.encoded, "}"))

    def refresh_all(self) -> None:
        """Settings changed: recompute every open document."""
        self.linter.invalidate()
        self.settings.reset_reports()
        if self.pull_diagnostics:
            if self.refresh_supported:
                self.workspace_diagnostic_refresh(None)
            return
        for key in list(self.workspace.text_documents):
            self.schedule(key)

    async def load_client_configuration(self) -> None:
        if not self.configuration_supported:
            return
        try:
            values = await self.workspace_configuration_async(types.ConfigurationParams(
                items=[types.ConfigurationItem(section="portlint")]))
        except Exception as error:  # a client that fails the request keeps the defaults
            log.warning("workspace/configuration failed: %s", error)
            return
        if self.settings.set_editor(values[0] if values else None):
            self.refresh_all()


def create_server() -> PortlintServer:
    server = PortlintServer()

    @server.feature(types.INITIALIZE)
    def initialize(ls: PortlintServer, params: types.InitializeParams) -> None:
        capabilities = params.capabilities
        text = capabilities.text_document
        workspace = capabilities.workspace
        ls.pull_diagnostics = text is not None and text.diagnostic is not None
        ls.refresh_supported = bool(workspace and workspace.diagnostics and
                                    workspace.diagnostics.refresh_support)
        ls.configuration_supported = bool(workspace and workspace.configuration)
        ls.versioned_edits = bool(workspace and workspace.workspace_edit and
                                  workspace.workspace_edit.document_changes)
        ls.settings.set_initial(params.initialization_options)
        for folder in params.workspace_folders or []:  # their limits bound the messages read
            path = uri_to_path(folder.uri)
            if path is not None:
                ls.settings.config_for(path)

    @server.feature(types.INITIALIZED)
    async def initialized(ls: PortlintServer, params: types.InitializedParams) -> None:
        await ls.load_client_configuration()

    @server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    async def did_change_configuration(ls: PortlintServer,
                                       params: types.DidChangeConfigurationParams) -> None:
        if ls.configuration_supported:
            await ls.load_client_configuration()
        elif ls.settings.set_editor(params.settings):
            ls.refresh_all()

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: PortlintServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.opened(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: PortlintServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: PortlintServer, params: types.DidSaveTextDocumentParams) -> None:
        path = uri_to_path(params.text_document.uri)
        if path is not None and path.name in ("pyproject.toml", "portlint.toml"):
            ls.refresh_all()

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: PortlintServer, params: types.DidCloseTextDocumentParams) -> None:
        ls.closed(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DIAGNOSTIC,
                    types.DiagnosticOptions(identifier="portlint", inter_file_dependencies=False,
                                            workspace_diagnostics=True))
    def pull(ls: PortlintServer, params: types.DocumentDiagnosticParams
             ) -> types.DocumentDiagnosticReport | RawJson:
        linted = ls.lint(params.text_document.uri)
        if linted is None:
            return types.RelatedFullDocumentDiagnosticReport(items=[])
        if params.previous_result_id == linted.result_id:
            return types.RelatedUnchangedDocumentDiagnosticReport(result_id=linted.result_id)
        return RawJson(f'{{"kind":"full","resultId":{json.dumps(linted.result_id)},"items":',
                       linted.encoded, "}")

    @server.feature(types.WORKSPACE_DIAGNOSTIC)
    def pull_workspace(ls: PortlintServer, params: types.WorkspaceDiagnosticParams
                       ) -> types.WorkspaceDiagnosticReport:
        previous = {p.uri: p.value for p in params.previous_result_ids}
        items: list[types.WorkspaceDocumentDiagnosticReport] = []
        previous = {document_key(uri): value for uri, value in previous.items()}
        for key in list(ls.workspace.text_documents):
            linted = ls.lint(key)
            if linted is None:
                continue
            if previous.get(key) == linted.result_id:
                items.append(types.WorkspaceUnchangedDocumentDiagnosticReport(
                    uri=linted.uri, version=linted.version, result_id=linted.result_id))
            else:
                items.append(types.WorkspaceFullDocumentDiagnosticReport(
                    uri=linted.uri, version=linted.version, items=linted.diagnostics,
                    result_id=linted.result_id))
        return types.WorkspaceDiagnosticReport(items=items)

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                    types.CodeActionOptions(code_action_kinds=actions.KINDS,
                                            resolve_provider=False))
    def code_action(ls: PortlintServer, params: types.CodeActionParams
                    ) -> list[types.CodeAction] | None:
        linted = ls.lint(params.text_document.uri)
        if linted is None:
            return None
        return actions.code_actions(params, linted, lambda text: ls.relint(linted.uri, text),
                                    ls.versioned_edits)

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def hover(ls: PortlintServer, params: types.HoverParams) -> types.Hover | None:
        linted = ls.lint(params.text_document.uri)
        if linted is None or linted.result is None:
            return None
        offset = linted.mapper.offset(params.position)
        reader = reader_for(linted.result.source.format)
        if reader.declares_tools_in_code:
            path = uri_to_path(linted.uri)
            preview = reader.preview(linted.text, offset,
                                     ReadRequest(str(path) if path is not None else None))
            if preview is None:
                return None
            return types.Hover(contents=types.MarkupContent(
                kind=types.MarkupKind.Markdown, value=preview[0]),
                range=linted.mapper.range(*preview[1]))
        at = navigation.node_at(linted.result, offset)
        if at is None:
            return None
        docs = [rule_markdown(RULES_BY_ID[rule]) for rule in dict.fromkeys(
            f.rule for f in linted.result.findings
            if f.span[0] <= at.span[1] and at.span[0] <= f.span[1] and f.rule in RULES_BY_ID)]
        return types.Hover(contents=types.MarkupContent(
            kind=types.MarkupKind.Markdown, value=navigation.hover_markdown(at, docs)),
            range=linted.mapper.range(*at.span))

    @server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    def symbols(ls: PortlintServer, params: types.DocumentSymbolParams
                ) -> list[types.DocumentSymbol]:
        linted = ls.lint(params.text_document.uri)
        if linted is None or linted.result is None:
            return []
        return navigation.document_symbols(linted.result, linted.mapper)

    @server.command(REVEAL_PATH)
    def reveal_path(ls: PortlintServer, *args: Any) -> dict[str, Any] | None:
        uri, written = _reveal_arguments(args)
        linted = ls.lint(uri)
        if linted is None or linted.result is None:
            return None
        try:
            path = parse_any_path(written)
        except PathSyntaxError as error:
            ls.window_show_message(types.ShowMessageParams(
                type=types.MessageType.Warning, message=f"portlint: {error}"))
            return None
        found = navigation.reveal(linted.result, path)
        if found is None:
            ls.window_show_message(types.ShowMessageParams(
                type=types.MessageType.Info,
                message=f"portlint: no node at {written} in this document"))
            return None
        location = types.Location(uri=linted.uri, range=linted.mapper.range(*found[0]))
        return {"uri": location.uri, "range": {
            "start": {"line": location.range.start.line,
                      "character": location.range.start.character},
            "end": {"line": location.range.end.line, "character": location.range.end.character}}}

    @server.command(EXPLAIN)
    def explain_command(ls: PortlintServer, *args: Any) -> dict[str, Any]:
        from portlint.explain.lsp import explain_in_document

        return explain_in_document(args, ls.lint, ls.window_show_message)

    @server.command(FIX_ALL)
    async def fix_all_command(ls: PortlintServer, *args: Any) -> bool:
        uri = _uri_argument(args)
        linted = ls.lint(uri)
        if linted is None:
            return False
        edit = actions.fix_all_edit(linted, lambda text: ls.relint(linted.uri, text),
                                    ls.versioned_edits)
        if edit is None:
            return False
        result = await ls.workspace_apply_edit_async(types.ApplyWorkspaceEditParams(
            edit=edit, label="portlint: fix all safe problems"))
        return bool(result.applied)

    return server


def _uri_argument(args: tuple[Any, ...]) -> str:
    first = args[0] if len(args) == 1 and isinstance(args[0], list) else args
    value = first[0] if first else None
    if isinstance(value, dict):
        value = value.get("uri")
    if not isinstance(value, str):
        raise JsonRpcInvalidParams("expected a document URI")
    return value


def _reveal_arguments(args: tuple[Any, ...]) -> tuple[str, str]:
    """``[uri, path]``, ``[{"uri": ..., "path": ...}]``; a path may be a string or a list."""
    flat: list[Any] = list(args[0]) if len(args) == 1 and isinstance(args[0], list) else list(args)
    if len(flat) == 1 and isinstance(flat[0], dict):
        flat = [flat[0].get("uri"), flat[0].get("path")]
    if len(flat) != 2 or not isinstance(flat[0], str):
        raise JsonRpcInvalidParams("portlint.locatePath takes a document URI and a path")
    path = flat[1]
    if isinstance(path, list):
        import json

        path = json.dumps(path)
    if not isinstance(path, str):
        raise JsonRpcInvalidParams("the path must be a string or a list")
    return flat[0], path


def serve(args: Namespace) -> int:
    """Run until the client exits; the exit code the specification gives (0 after shutdown
    and exit, 1 for an exit without shutdown). Only protocol messages reach stdout: the
    protocol writes to a duplicate of it, and file descriptor 1 itself is pointed at stderr, so
    not even a library writing to it directly can corrupt the stream."""
    handlers: list[logging.Handler] = []
    if args.log_file:
        file_handler = logging.FileHandler(args.log_file, encoding="utf-8")
        file_handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: "
                                                    "%(message)s"))
        handlers.append(file_handler)
    server = create_server()
    handlers.append(ClientLogHandler(server))
    for handler in handlers:
        log.addHandler(handler)
    log.setLevel(logging.INFO)
    invalid_schema.prepare()
    _tune_gc()
    memory.tune()
    if args.tcp:
        host, port = args.tcp
        return serve_tcp(server.run_session, server.message_limit, host, port)
    output = _claim_stdout()
    reader = FrameReader(lambda size: os.read(0, size), server.message_limit)
    return server.run_session(reader, StreamWriter(output), None).code


class StreamWriter:
    """The protocol's stdout: each write flushed, as pygls's own writer does."""

    def __init__(self, stream: BinaryIO) -> None:
        self._stream = stream

    def write(self, data: bytes) -> None:
        self._stream.write(data)
        self._stream.flush()

    def close(self) -> None:
        self._stream.close()


def _claim_stdout() -> BinaryIO:
    """A private copy of stdout for the protocol; fd 1 and ``sys.stdout`` then go to stderr."""
    sys.stdout.flush()
    try:
        private = os.dup(1)
        os.dup2(2, 1)
    except OSError:  # no stderr to point at: keep stdout as it is
        stream = sys.stdout.buffer
        sys.stdout = sys.stderr
        return cast(BinaryIO, stream)
    sys.stdout = sys.stderr  # anything printed by accident must not corrupt the protocol
    return os.fdopen(private, "wb")


def _tune_gc() -> None:
    """Each lint of a large document allocates (and drops) hundreds of thousands of containers,
    almost none in cycles; with the default thresholds full collections land mid-keystroke.
    Start-up objects are frozen out of collection and young collections made rarer."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 20)
