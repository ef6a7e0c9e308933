"""Changes to files on disk that open documents depend on, as the client's file watcher sees
them (``git checkout``, ``npm install``, an edit in another program): after ``initialized`` the
server asks a client that can register watchers dynamically to watch
:data:`~portlint.lsp.dependencies.WATCHED_GLOBS`, and lints the documents that depend on what
changed again. A client that cannot is still heard through ``didSave``."""

from __future__ import annotations

from lsprotocol import types

from portlint.lsp.language_server import PortlintServer


def register(server: PortlintServer) -> None:
    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def did_change_watched_files(ls: PortlintServer,
                                 params: types.DidChangeWatchedFilesParams) -> None:
        ls.files_changed(change.uri for change in params.changes)
