"""Python servers in the language server: diagnostics while typing, the syntax error of a
half-typed buffer, and the derived schema on hover."""

from __future__ import annotations

from pathlib import Path

import pytest_lsp
from lsprotocol import types

from tests.lsp.harness import (
    CONFIG,
    RecordingClient,
    change_document,
    open_document,
    rng,
    start,
    wait_published,
)

SERVER = ('from typing import Any\nfrom fastmcp import FastMCP\n\nmcp = FastMCP("x")\n\n\n'
          "@mcp.tool()\ndef echo(payload: Any, times: int = 1) -> str:\n"
          '    """Echo it."""\n    return str(payload) * times\n')


@pytest_lsp.fixture(config=CONFIG)
async def client(lsp_client: RecordingClient, tmp_path: Path):  # type: ignore[no-untyped-def]
    await start(lsp_client, "vscode", tmp_path, options={"debounceMs": 0})
    yield
    await lsp_client.shutdown_session()


async def test_python_diagnostics_and_hover(client: RecordingClient, tmp_path: Path) -> None:
    uri = (tmp_path / "server.py").as_uri()
    open_document(client, uri, SERVER, language="python")
    [diagnostic] = await wait_published(client, uri, 1)
    assert diagnostic.code == "untyped-schema"
    assert (diagnostic.range.start.line, diagnostic.range.start.character,
            diagnostic.range.end.line, diagnostic.range.end.character) == (7, 18, 7, 21)  # `Any`
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        position=types.Position(line=7, character=5)))
    assert hover is not None and isinstance(hover.contents, types.MarkupContent)
    assert "**Tool `echo`**" in hover.contents.value
    assert '"times": {\n      "default": 1,\n      "type": "integer"\n    }' in hover.contents.value
    # mid-typing: the syntax error is reported, and nothing crashes
    change_document(client, uri, 2, [(rng(7, 21, 7, 21), "[")])
    [broken] = await wait_published(client, uri, 2)
    assert broken.code == "parse-error"
    change_document(client, uri, 3, [(rng(7, 21, 7, 22), "")])
    assert [d.code for d in await wait_published(client, uri, 3)] == ["untyped-schema"]
