"""Code actions: the quick fixes each diagnostic carries, and fix-all."""

from __future__ import annotations

from lsprotocol import types

from portlint.lsp import actions
from portlint.lsp.language_server import PortlintServer


def register(server: PortlintServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                    types.CodeActionOptions(code_action_kinds=actions.KINDS,
                                            resolve_provider=False))
    def code_action(ls: PortlintServer, params: types.CodeActionParams
                    ) -> list[types.CodeAction] | None:
        linted = ls.lint(params.text_document.uri)
        if linted is None:
            return None
        return actions.code_actions(params, linted, ls.linter_of_other_texts(linted.uri),
                                    ls.versioned_edits)
