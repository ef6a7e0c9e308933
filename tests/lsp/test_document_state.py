"""One state object per open document: after didClose nothing about the document is left
anywhere in the server.

The document is taken through everything that keeps state — open, incremental changes, the
debounced push, hover, code actions, fix-all — then closed; the whole object graph reachable
from the server (its session, protocol, workspace, settings and open documents; not module
globals, not the test's own client) is searched for anything of it: a string naming it, or any
object that holds a document, its lint or its engine state. The one thing not searched is
:func:`~portlint.lsp.uris.document_key`'s memo: a bounded cache of a pure function from a URI's
spelling to its key, which holds no state of a document."""

from __future__ import annotations

import functools
import gc
import types as pytypes
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from portlint.incremental import DocumentLint
from portlint.lsp.convert import DiagnosticEncoder
from portlint.lsp.document import LspDocument
from portlint.lsp.linting import Linted
from portlint.lsp.open_documents import OpenDocument
from portlint.lsp.uris import document_key
from tests.lsp.inprocess import InProcessServer

TEXT = ('{"tools": [{"name": "t", "description": "d", "inputSchema": {"type": "object", '
        '"properties": {"a": {"type": "string", "format": "uri"}, "b": true}}}]}')
PER_DOCUMENT = (LspDocument, OpenDocument, Linted, DocumentLint, DiagnosticEncoder)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[InProcessServer]:
    server = InProcessServer()
    server.initialize(tmp_path)
    yield server
    _, message = server.request("shutdown")
    server.feed(message, {"jsonrpc": "2.0", "method": "exit"})
    assert server.end() == 0


_NOT_THE_SERVER = (pytypes.ModuleType, type, InProcessServer, functools._lru_cache_wrapper)


def _reachable(root: object) -> Iterator[object]:
    """Every object reachable from ``root``, except through modules, classes, a function's
    globals (the program, not this server's state), the test's client and memos."""
    seen: set[int] = set()
    stack: list[object] = [root]
    while stack:
        item = stack.pop()
        if id(item) in seen or isinstance(item, _NOT_THE_SERVER):
            continue
        seen.add(id(item))
        yield item
        if isinstance(item, pytypes.FunctionType):
            stack.extend(_contents(cell) for cell in item.__closure__ or ())
            stack.extend(item.__defaults__ or ())
            continue
        stack.extend(gc.get_referents(item))


def _contents(cell: Any) -> object:
    try:
        return cell.cell_contents
    except ValueError:  # a cell not yet filled
        return None


def _published(served: InProcessServer, uri: str, version: int | None) -> dict[str, Any]:
    return served.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                           and m["params"]["uri"] == uri
                           and m["params"].get("version") == version)["params"]


def _leftovers(served: InProcessServer, names: tuple[str, ...]) -> list[str]:
    found = []
    for item in _reachable(served.server):
        if isinstance(item, PER_DOCUMENT):
            found.append(f"a {type(item).__name__}")
        elif isinstance(item, str) and any(name in item for name in names):
            found.append(repr(item[:120]))
    return found


def test_after_did_close_no_state_of_the_document_remains(served: InProcessServer,
                                                          tmp_path: Path) -> None:
    uri = (tmp_path / "Näme Only-Here.json").as_uri().replace("%C3%A4", "%c3%a4")
    key = document_key(uri)
    assert key != uri  # the client's spelling and the key are both searched for
    served.feed({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": uri, "languageId": "json", "version": 1, "text": TEXT}}})
    assert _published(served, uri, 1)["diagnostics"]
    position = {"line": 0, "character": TEXT.index('"d"') + 1}
    for version in (2, 3):
        served.feed({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"range": {"start": position, "end": position}, "text": "x"}]}})
        diagnostics = _published(served, uri, version)["diagnostics"]
    for method, params in (
            ("textDocument/hover", {"position": {"line": 0, "character": TEXT.index('"a"')}}),
            ("textDocument/codeAction", {
                "range": {"start": {"line": 0, "character": 0},
                          "end": {"line": 0, "character": len(TEXT)}},
                "context": {"diagnostics": diagnostics}}),
            ("textDocument/documentSymbol", {})):
        ident, message = served.request(method, {"textDocument": {"uri": uri}, **params})
        served.feed(message)
        assert "error" not in served.response(ident)
    server = served.server
    assert key in server.documents and len(server.documents) == 1
    assert _leftovers(served, (key, uri))  # the search sees the document while it is open

    served.feed({"jsonrpc": "2.0", "method": "textDocument/didClose",
                 "params": {"textDocument": {"uri": uri}}})
    assert _published(served, uri, None)["diagnostics"] == []
    ident, message = served.request("textDocument/documentSymbol", {
        "textDocument": {"uri": (tmp_path / "other.json").as_uri()}})
    served.feed(message)
    served.response(ident)  # the close has been handled, and its clearing sent

    assert len(server.documents) == 0
    assert not server.workspace.text_documents
    assert _leftovers(served, (key, uri)) == []
