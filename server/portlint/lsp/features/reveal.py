"""``portlint.locatePath``: the place a path names (as a client's error writes it), for the
editor to reveal. Arguments: ``[uri, path]`` or ``[{"uri": ..., "path": ...}]``; a path is a
string in any notation portlint reads, or a list of keys and indices."""

from __future__ import annotations

import json
from typing import Any

from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams

from portlint.lsp import navigation
from portlint.lsp.convert import to_json
from portlint.lsp.language_server import PortlintServer
from portlint.paths import PathSyntaxError, parse_any_path

REVEAL_PATH = "portlint.locatePath"


def register(server: PortlintServer) -> None:
    @server.command(REVEAL_PATH)
    def reveal_path(ls: PortlintServer, *args: Any) -> Any:
        uri, written = _arguments(args)
        linted = ls.lint(uri)
        if linted is None or linted.result is None:
            return None
        try:
            path = parse_any_path(written)
        except PathSyntaxError as error:
            ls.warn(str(error))
            return None
        found = navigation.reveal(linted.result, path)
        if found is None:
            ls.inform(f"no node at {written} in this document")
            return None
        return to_json(types.Location(uri=linted.uri, range=linted.mapper.range(*found[0])))


def _arguments(args: tuple[Any, ...]) -> tuple[str, str]:
    """``[uri, path]``, ``[{"uri": ..., "path": ...}]``; a path may be a string or a list."""
    flat: list[Any] = list(args[0]) if len(args) == 1 and isinstance(args[0], list) else list(args)
    if len(flat) == 1 and isinstance(flat[0], dict):
        flat = [flat[0].get("uri"), flat[0].get("path")]
    if len(flat) != 2 or not isinstance(flat[0], str):
        raise JsonRpcInvalidParams("portlint.locatePath takes a document URI and a path")
    path = flat[1]
    if isinstance(path, list):
        path = json.dumps(path)
    if not isinstance(path, str):
        raise JsonRpcInvalidParams("the path must be a string or a list")
    return flat[0], path
