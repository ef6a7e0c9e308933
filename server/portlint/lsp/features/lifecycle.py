"""``initialize``: what the client supports, its initial settings, its workspace folders;
``initialized``: the editor's settings pulled, the files documents depend on watched."""

from __future__ import annotations

from lsprotocol import types

from portlint.lsp.language_server import PortlintServer
from portlint.lsp.uris import uri_to_path


def register(server: PortlintServer) -> None:
    @server.feature(types.INITIALIZE)
    def initialize(ls: PortlintServer, params: types.InitializeParams) -> None:
        ls.client_supports(params.capabilities)
        ls.settings.set_initial(params.initialization_options)
        for folder in params.workspace_folders or []:  # their limits bound the messages read
            path = uri_to_path(folder.uri)
            if path is not None:
                ls.settings.config_for(path)

    @server.feature(types.INITIALIZED)
    async def initialized(ls: PortlintServer, params: types.InitializedParams) -> None:
        await ls.load_client_configuration()
        await ls.watch_dependencies()
