"""``portlint.applyFixAll``: every safe fix of a document, applied through the client."""

from __future__ import annotations

from typing import Any

from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams

from portlint.lsp import actions
from portlint.lsp.language_server import PortlintServer

FIX_ALL = "portlint.applyFixAll"


def register(server: PortlintServer) -> None:
    @server.command(FIX_ALL)
    async def fix_all_command(ls: PortlintServer, *args: Any) -> bool:
        linted = ls.lint(_uri_argument(args))
        if linted is None:
            return False
        edit = actions.fix_all_edit(linted, ls.linter_of_other_texts(linted.uri),
                                    ls.versioned_edits)
        if edit is None:
            return False
        result = await ls.workspace_apply_edit_async(types.ApplyWorkspaceEditParams(
            edit=edit, label="portlint: fix all safe problems"))
        return bool(result.applied)


def _uri_argument(args: tuple[Any, ...]) -> str:
    first = args[0] if len(args) == 1 and isinstance(args[0], list) else args
    value = first[0] if first else None
    if isinstance(value, dict):
        value = value.get("uri")
    if not isinstance(value, str):
        raise JsonRpcInvalidParams("expected a document URI")
    return value
