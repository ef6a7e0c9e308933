"""The language server's features, one module each. A handler fetches the document's lint,
asks the engine, converts the answer; the state it needs is the server's
(:class:`~portlint.lsp.language_server.PortlintServer`)."""

from __future__ import annotations

from portlint.lsp.features import (
    code_actions,
    configuration,
    diagnostics,
    documents,
    explain,
    fix_all,
    hover,
    lifecycle,
    reveal,
    symbols,
    watched_files,
)
from portlint.lsp.language_server import PortlintServer

FEATURES = (lifecycle, configuration, documents, diagnostics, code_actions, hover, symbols,
            reveal, explain, fix_all, watched_files)


def register(server: PortlintServer) -> None:
    for feature in FEATURES:
        feature.register(server)
