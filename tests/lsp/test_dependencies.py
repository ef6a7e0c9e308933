"""An open server module is linted again when a file its findings depend on changes on disk: a
module it imports saved in the editor, or changed outside it and reported by the client's file
watcher; a configuration file written outside the editor applies to every open document."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types

from portlint.lsp.dependencies import WATCHED_GLOBS, is_configuration, may_be_read
from portlint.python import pins
from portlint.script_suffixes import SOURCE_SUFFIXES
from portlint.typescript import project, tsconfig
from tests.lsp.harness import (
    CONFIG,
    RecordingClient,
    diagnostics,
    open_document,
    start,
    wait_until,
)

PY_SERVER = ("from fastmcp import FastMCP\n"
             "from models import Query\n\n"
             'mcp = FastMCP("x")\n\n\n'
             "@mcp.tool()\n"
             "def search(query: Query) -> str:\n"
             '    """Search."""\n'
             '    return ""\n')
PY_MODELS_TYPED = ("from pydantic import BaseModel\n\n\n"
                   "class Query(BaseModel):\n"
                   "    text: str\n")
PY_MODELS_LIST = ("from pydantic import BaseModel\n\n\n"
                  "class Query(BaseModel):\n"
                  "    text: str | list[str]\n")

TS_SERVER = ('import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n'
             'import { queryShape } from "./shapes";\n'
             'const server = new McpServer({ name: "t", version: "1" });\n'
             'server.tool("find", "Find things.", queryShape, async () => ({ content: [] }));\n')
TS_SHAPES_TYPED = ('import { z } from "zod";\n'
                   "export const queryShape = { q: z.string() };\n")
TS_SHAPES_LIST = ('import { z } from "zod";\n'
                  "export const queryShape = { q: z.union([z.string(), z.array(z.string())]) };\n")


def _project(tmp_path: Path) -> None:
    (tmp_path / "package.json").write_text(json.dumps(
        {"dependencies": {"@modelcontextprotocol/sdk": "1.32.2", "zod": "3.25.76"}}))
    (tmp_path / "package-lock.json").write_text(json.dumps({"packages": {
        "node_modules/@modelcontextprotocol/sdk": {"version": "1.32.2"},
        "node_modules/zod": {"version": "3.25.76"}}}))
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "x"\ndependencies = ["fastmcp==2.14.7"]\n')


@pytest_lsp.fixture(config=CONFIG)
async def client(lsp_client: RecordingClient, tmp_path: Path):  # type: ignore[no-untyped-def]
    _project(tmp_path)
    await start(lsp_client, "vscode", tmp_path, options={"debounceMs": 0})
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=CONFIG)
async def pull_client(lsp_client: RecordingClient, tmp_path: Path):  # type: ignore[no-untyped-def]
    _project(tmp_path)
    await start(lsp_client, "neovim", tmp_path, options={"debounceMs": 0}, refresh=True)
    yield
    await lsp_client.shutdown_session()


def _codes(client: RecordingClient, uri: str) -> list[str]:
    return sorted(str(d.code) for d in client.diagnostics.get(uri, []))


def _published(client: RecordingClient, uri: str) -> int:
    return sum(1 for params in client.published if params.uri == uri)


def _watched(client: RecordingClient, *changes: tuple[Path, types.FileChangeType]) -> None:
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[
        types.FileEvent(uri=path.as_uri(), type=kind) for path, kind in changes]))


async def _open_clean_server(client: RecordingClient, dependency: Path, dependency_text: str,
                             server: Path, server_text: str, language: str) -> str:
    """Write the module a server imports and the server, open the server, and wait for its
    first (empty) diagnostics; its URI."""
    dependency.write_text(dependency_text)
    server.write_text(server_text)
    uri = server.as_uri()
    open_document(client, uri, server_text, language=language)
    await wait_until(client, lambda c: _published(c, uri) == 1)
    assert _codes(client, uri) == []
    return uri


async def test_saving_a_module_a_python_server_imports_lints_the_server_again(
        client: RecordingClient, tmp_path: Path) -> None:
    models = tmp_path / "models.py"
    uri = await _open_clean_server(client, models, PY_MODELS_TYPED, tmp_path / "server.py",
                                   PY_SERVER, "python")

    # the model is opened, edited to a list-or-text field and saved
    open_document(client, models.as_uri(), PY_MODELS_TYPED, language="python")
    models.write_text(PY_MODELS_LIST)
    client.text_document_did_save(types.DidSaveTextDocumentParams(
        text_document=types.TextDocumentIdentifier(uri=models.as_uri())))
    await wait_until(client, lambda c: _published(c, uri) == 2)
    [finding] = client.diagnostics[uri]
    assert finding.code == "list-as-text"
    assert finding.severity == types.DiagnosticSeverity.Warning
    # the finding is on the annotation whose model changed: `Query` of `query: Query`
    assert (finding.range.start.line, finding.range.start.character,
            finding.range.end.line, finding.range.end.character) == (7, 18, 7, 23)


async def test_the_client_watches_dependencies_and_a_change_outside_the_editor_is_linted(
        client: RecordingClient, tmp_path: Path) -> None:
    async def registered() -> list[types.Registration]:
        while not client.registrations:  # asked for after `initialized`, in its own time
            await asyncio.sleep(0.01)
        return client.registrations
    [registration] = [r for r in await asyncio.wait_for(registered(), 15)
                      if r.method == types.WORKSPACE_DID_CHANGE_WATCHED_FILES]
    options = registration.register_options
    assert isinstance(options, dict)  # sent as JSON: the client sees the globs as written
    assert [w["globPattern"] for w in options["watchers"]] == list(WATCHED_GLOBS)

    shapes = tmp_path / "shapes.ts"
    uri = await _open_clean_server(client, shapes, TS_SHAPES_TYPED, tmp_path / "server.ts",
                                   TS_SERVER, "typescript")

    # a change to a file no server module reads is no reason to lint again
    (tmp_path / "README.md").write_text("# x\n")
    _watched(client, (tmp_path / "README.md", types.FileChangeType.Created))
    # `git checkout` rewrites the shape the server imports
    shapes.write_text(TS_SHAPES_LIST)
    _watched(client, (shapes, types.FileChangeType.Changed))
    await wait_until(client, lambda c: _published(c, uri) == 2)
    assert _codes(client, uri) == ["list-as-text"]

    # a configuration file written outside the editor applies to every open document
    (tmp_path / "portlint.toml").write_text('ignore = ["list-as-text"]\n')
    _watched(client, (tmp_path / "portlint.toml", types.FileChangeType.Created))
    await wait_until(client, lambda c: _published(c, uri) == 3)
    assert _codes(client, uri) == []


async def test_a_pulling_client_is_asked_to_pull_again(pull_client: RecordingClient,
                                                       tmp_path: Path) -> None:
    client = pull_client
    assert client.registrations == []  # Neovim 0.11 registers no watcher at run time
    models = tmp_path / "models.py"
    models.write_text(PY_MODELS_TYPED)
    server = tmp_path / "server.py"
    server.write_text(PY_SERVER)
    uri = server.as_uri()
    open_document(client, uri, PY_SERVER, language="python")
    assert await diagnostics(client, uri, 1) == []
    before = client.diagnostic_refresh_count
    models.write_text(PY_MODELS_LIST)
    _watched(client, (models, types.FileChangeType.Changed))
    for _ in range(1500):
        if client.diagnostic_refresh_count > before:
            break
        await asyncio.sleep(0.01)
    assert client.diagnostic_refresh_count == before + 1
    assert [d.code for d in await diagnostics(client, uri, 1)] == ["list-as-text"]


@pytest.mark.parametrize("name", [
    *pins._PIN_FILES, "requirements-dev.txt", *project.LOCKFILES, *tsconfig.CONFIG_NAMES,
    "tsconfig.build.json", "package.json", "models.py", *(f"shapes{s}" for s in SOURCE_SUFFIXES)])
def test_every_file_the_readers_read_besides_the_document_is_a_dependency(name: str) -> None:
    assert may_be_read(f"project/{name}")


@pytest.mark.parametrize("name", ["README.md", "tools.json", "tools.yaml", "notes.txt",
                                  "data.lock.bak"])
def test_files_no_reader_reads_are_not(name: str) -> None:
    assert not may_be_read(f"project/{name}")
    assert not is_configuration(f"project/{name}")
