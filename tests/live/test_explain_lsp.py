"""The language server's `portlint.explainError`: bad or missing arguments get an InvalidParams
error that says what is expected (never an internal error, and the server carries on), and the
places come back under the URI the document was opened with, whichever spelling the request
used."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.lsp.raw import RawServer

TOOLS = '{"tools": [{"name": "t", "inputSchema": {"type": "object", "properties": {"a": true}}}]}'
ERROR = ('ZodError: [ { "code": "custom", "path": [ "tools", 0, "inputSchema", "properties", '
         '"a" ], "message": "Invalid input" } ]')
INVALID_PARAMS = -32602


def _explain(server: RawServer, arguments: Any) -> dict[str, Any]:
    return server.call("workspace/executeCommand", {"command": "portlint.explainError",
                                                    "arguments": arguments})


@pytest.mark.parametrize(("arguments", "says"), [
    ([], "given no arguments"),
    ([7], "a int, not a string"),
    (["  "], "the error text is empty"),
    ([ERROR, 3], "the URI is not a non-empty string"),
    ([ERROR, "file:///x.json", "more"], "given 3 arguments"),
    ([{"uri": "file:///x.json"}], "a NoneType, not a string"),
    ([{"text": ERROR, "url": "file:///x.json"}], "unknown field 'url'"),
    ([ERROR, "file:///never/opened.json"], "is not an open document"),
], ids=["none", "number", "blank", "uri-number", "three", "no-text", "unknown-field",
        "not-open"])
def test_bad_arguments_get_a_clear_error(tmp_path: Path, arguments: Any, says: str) -> None:
    with RawServer() as server:
        server.initialize(tmp_path)
        answer = _explain(server, arguments)
        assert answer["error"]["code"] == INVALID_PARAMS
        assert says in answer["error"]["message"]
        assert "[text], [text, uri]" in answer["error"]["message"] or "open" in says
        # and the server still answers
        assert "result" in _explain(server, [ERROR])
        assert server.shutdown_and_exit() == 0


def test_places_come_back_under_the_uri_the_document_was_opened_with(tmp_path: Path) -> None:
    folder = tmp_path / "My Tools"
    folder.mkdir()
    opened = (folder / "tools.json").as_uri()  # the space escaped
    asked = f"file://{folder.as_posix()}/tools.json"  # the same document, spelled plainly
    assert opened != asked
    with RawServer() as server:
        server.initialize(tmp_path)
        server.open(opened, TOOLS)
        server.published(opened, 1)
        for arguments in ([ERROR, asked], [{"text": ERROR, "uri": asked}]):
            answer = _explain(server, arguments)
            result = answer["result"]
            start = TOOLS.index('"a"')
            assert result["locations"] == [{"uri": opened, "range": {
                "start": {"line": 0, "character": start},
                "end": {"line": 0, "character": start + 3}}}]
            (error,) = result["explanation"]["errors"]
            assert [(p["file"], p["tool"], p["rule"]) for p in error["places"]] == [
                (opened, "t", "boolean-schema")]
            assert "Recorded from: " in result["text"]
        assert server.shutdown_and_exit() == 0
