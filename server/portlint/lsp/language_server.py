"""The language server's state: the settings, one :class:`~portlint.lsp.open_documents.
OpenDocument` per open document (its latest lint, its debounced push lint, what was published),
and the debounced lint that pushes diagnostics to clients that do not pull them. Documents are
found by :func:`~portlint.lsp.uris.document_key`, whatever the spelling of their URI."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable, Iterable
from typing import Any, cast

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from portlint import __version__
from portlint.config import Config
from portlint.linter import LintResult, lint_text
from portlint.lsp import memory
from portlint.lsp.convert import converter
from portlint.lsp.dependencies import (
    READS_OTHER_FILES,
    WATCHED_GLOBS,
    is_configuration,
    may_be_read,
)
from portlint.lsp.document import LspDocument
from portlint.lsp.framing import FrameReader
from portlint.lsp.linting import DocumentLinter, Linted, document_format
from portlint.lsp.open_documents import OpenDocument, OpenDocuments
from portlint.lsp.pygls_bridge import LspWorkspace, PortlintProtocol
from portlint.lsp.session import Session
from portlint.lsp.settings import SettingsResolver
from portlint.lsp.tcp import Outcome
from portlint.lsp.uris import document_key, uri_to_path

log = logging.getLogger("portlint")


class PortlintServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("portlint", __version__, protocol_cls=PortlintProtocol,
                         text_document_sync_kind=types.TextDocumentSyncKind.Incremental,
                         converter_factory=converter)
        self.documents = OpenDocuments()  # all that is kept per open document, by key
        self.linter = DocumentLinter(self.documents)
        self.settings = SettingsResolver()
        self.pull_diagnostics = False
        self.refresh_supported = False
        self.configuration_supported = False
        self.versioned_edits = False
        self.watcher_registration = False  # whether the client takes file watchers at run time
        self._release: asyncio.TimerHandle | None = None
        self._trim: asyncio.TimerHandle | None = None
        # whether a change to a document (by key) is read but not yet applied: the session's
        self.change_waiting: Callable[[str], bool] = lambda key: False

    # -- documents and settings ---------------------------------------------------------------

    def document_changing(self, key: str) -> None:
        """Before an edit is applied: the latest result is about to be stale; free it now, so
        the old parse is not alive beside the old text, its slices and the new text."""
        self.linter.moved_on(key)
        memory.typing()

    def document(self, uri: str) -> LspDocument | None:
        """The open document ``uri`` names, however the client spells it."""
        workspace = self.workspace
        return workspace.find(uri) if isinstance(workspace, LspWorkspace) else None

    def opened(self, uri: str) -> None:
        """didOpen: a new text, whatever its version — nothing of an earlier open is kept."""
        self.documents.open(document_key(uri), uri)
        self.schedule(uri)

    def closed(self, uri: str) -> None:
        """didClose: everything about the document goes; its diagnostics are cleared under the
        URI it was opened with."""
        state = self.documents.close(document_key(uri))
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=state.client_uri if state is not None else uri, diagnostics=[]))
        self.release_memory_soon()

    def config_for(self, uri: str) -> Config:
        config = self.settings.config_for(uri_to_path(uri))
        for warning in self.settings.take_warnings():
            self.warn(warning)
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
        for message in self.linter.take_messages():
            self.window_show_message(types.ShowMessageParams(
                type=types.MessageType.Error, message=f"portlint: {message}"))
        self.trim_memory_when_idle()
        if linted.result is not None:
            for crash in linted.result.crashes:
                log.error("rule %s failed on %s (tool %s):\n%s", crash.rule, uri, crash.tool,
                          crash.traceback)
        return linted

    def linter_of_other_texts(self, uri: str) -> Callable[[str], LintResult]:
        """Lints other texts of a document as the document is linted (fix-all's later
        passes): its settings, its format."""
        def lint(text: str) -> LintResult:
            config = self.config_for(uri)
            path = uri_to_path(uri)
            document = self.document(uri)
            fmt = document_format(uri, document.language_id if document else None) or "json"
            return lint_text(text, str(path) if path else None, config.settings_for(path),
                             fmt=fmt, assume_schema=path is not None and config.is_included(path))
        return lint

    def client_supports(self, capabilities: types.ClientCapabilities) -> None:
        """Note what the client can do (initialize)."""
        text = capabilities.text_document
        workspace = capabilities.workspace
        self.pull_diagnostics = text is not None and text.diagnostic is not None
        self.refresh_supported = bool(workspace and workspace.diagnostics and
                                      workspace.diagnostics.refresh_support)
        self.configuration_supported = bool(workspace and workspace.configuration)
        self.versioned_edits = bool(workspace and workspace.workspace_edit and
                                    workspace.workspace_edit.document_changes)
        self.watcher_registration = bool(workspace and workspace.did_change_watched_files and
                                         workspace.did_change_watched_files.dynamic_registration)

    def warn(self, message: str) -> None:
        self.window_show_message(types.ShowMessageParams(
            type=types.MessageType.Warning, message=f"portlint: {message}"))

    def inform(self, message: str) -> None:
        self.window_show_message(types.ShowMessageParams(
            type=types.MessageType.Info, message=f"portlint: {message}"))

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

    def trim_memory_when_idle(self) -> None:
        """After a lint: once linting has paused for a second, typing is over for now — large
        blocks go back to the system again, and so do the heap's free pages (while typing goes
        on, each keystroke reuses the blocks the last one freed)."""
        if self._trim is not None:
            self._trim.cancel()
        try:
            self._trim = asyncio.get_running_loop().call_later(1.0, memory.paused)
        except RuntimeError:  # no event loop: not serving
            self._trim = None

    # -- push diagnostics ---------------------------------------------------------------------

    def schedule(self, uri: str) -> None:
        if self.pull_diagnostics:
            return
        document = self.document(uri)
        if document is None:
            return
        state = self.documents.get_or_open(document.key, document.uri)
        state.cancel_debounce()
        state.debounce = asyncio.get_running_loop().create_task(self._debounced(document, state))

    async def _debounced(self, document: LspDocument, state: OpenDocument) -> None:
        version = document.version
        await asyncio.sleep(self.settings.editor.debounce_ms / 1000)
        if (self.document(document.uri) is not document or document.version != version
                or self.change_waiting(document.key)):
            return  # closed, opened again or changed (or about to be): a newer task has it
        state.debounce = None
        linted = self.lint(document.uri)
        if linted is not None and linted.version == version:
            self.publish(linted)

    def publish(self, linted: Linted) -> None:
        state = self.documents.get(linted.key)
        if state is None:
            return  # closed since: its diagnostics were cleared
        last = state.published_version
        if last is not None and linted.version is not None and linted.version < last:
            return  # never publish over a newer version's diagnostics
        state.published_version = linted.version
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

    def files_changed(self, uris: Iterable[str]) -> None:
        """Files on disk changed (saved in the editor, or seen by the client's watcher). A
        configuration file: every open document is linted again. A file the lint of a Python or
        TypeScript module may read (:mod:`portlint.lsp.dependencies`): the open modules are —
        but not one whose own file changed, whose text the editor sends."""
        changed = {}
        for uri in uris:
            path = uri_to_path(uri)
            if path is not None and (may_be_read(path.name) or is_configuration(path.name)):
                changed[document_key(uri)] = path.name
        if not changed:
            return
        if any(is_configuration(name) for name in changed.values()):
            self.refresh_all()
            return
        stale = []
        for key, document in list(self.workspace.text_documents.items()):
            if key in changed or not isinstance(document, LspDocument):
                continue
            if document_format(document.uri, document.language_id) in READS_OTHER_FILES:
                self.linter.moved_on(key)
                stale.append(document.uri)
        if not stale:
            return
        if self.pull_diagnostics:
            if self.refresh_supported:
                self.workspace_diagnostic_refresh(None)
            return
        for uri in stale:
            self.schedule(uri)

    async def watch_dependencies(self) -> None:
        """Ask the client to report changes to the files open documents depend on (when it
        can register watchers at run time); a client that refuses is still heard on save."""
        if not self.watcher_registration:
            return
        options = types.DidChangeWatchedFilesRegistrationOptions(watchers=[
            types.FileSystemWatcher(glob_pattern=glob) for glob in WATCHED_GLOBS])
        try:
            await self.client_register_capability_async(types.RegistrationParams(registrations=[
                types.Registration(id="portlint-dependencies",
                                   method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                                   register_options=options)]))
        except Exception as error:
            log.warning("registering file watchers failed: %s", error)

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
