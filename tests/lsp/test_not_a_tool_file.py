"""A JSON or YAML file opened in the editor that holds no tool gets no diagnostic: the CLI says
so of a file it is asked to check by name (tests/cli/test_no_tools_found.py), but the editor opens
every JSON file, and picks only tool documents (and files the configuration includes)."""

from __future__ import annotations

from pathlib import Path

import pytest
import pytest_lsp

from tests.lsp.harness import CONFIG, RecordingClient, diagnostics, open_document, start

NOT_TOOL_FILES = {
    "hello.json": '{"hello": 1}\n',
    "empty.json": "[]\n",
    "weird.json": '{"tools": [1, {"foo": 2}]}\n',
    "list.json": '{"tools": []}\n',
    "config.yaml": "greeting: hello\ncount: 2\n",
}


@pytest_lsp.fixture(config=CONFIG)
async def client(lsp_client: RecordingClient, tmp_path: Path):  # type: ignore[no-untyped-def]
    await start(lsp_client, "vscode", tmp_path)
    yield
    await lsp_client.shutdown_session()


@pytest.mark.parametrize("name", sorted(NOT_TOOL_FILES))
async def test_a_file_without_tools_gets_no_diagnostic(client: RecordingClient, tmp_path: Path,
                                                       name: str) -> None:
    uri = (tmp_path / name).as_uri()
    open_document(client, uri, NOT_TOOL_FILES[name],
                  language="yaml" if name.endswith(".yaml") else "json")
    assert await diagnostics(client, uri, 1) == []
