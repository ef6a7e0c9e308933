"""Editor settings: pulled after ``initialized`` (:mod:`~portlint.lsp.features.lifecycle`) and on
every change the client announces (or taken from ``didChangeConfiguration`` when the client
cannot be asked)."""

from __future__ import annotations

from lsprotocol import types

from portlint.lsp.language_server import PortlintServer


def register(server: PortlintServer) -> None:
    @server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    async def did_change_configuration(ls: PortlintServer,
                                       params: types.DidChangeConfigurationParams) -> None:
        if ls.configuration_supported:
            await ls.load_client_configuration()
        elif ls.settings.set_editor(params.settings):
            ls.refresh_all()
