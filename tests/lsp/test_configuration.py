"""Settings: initializationOptions, workspace/configuration, didChangeConfiguration, files."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types

from tests.lsp.harness import (
    CONFIG,
    RecordingClient,
    diagnostics,
    open_document,
    start,
    wait_published,
    wait_until,
)

TOOL = ('{"name": "t", "inputSchema": {"type": "object", "properties": '
        '{"a": true, "b": {"type": ["string", "null"]}}}}')


@pytest_lsp.fixture(config=CONFIG)
async def client(lsp_client: RecordingClient):  # type: ignore[no-untyped-def]
    yield
    await lsp_client.shutdown_session()


async def test_initialization_options(client: RecordingClient, tmp_path: Path) -> None:
    await start(client, "vscode", tmp_path, options={"settings": {"ignore": ["boolean-schema"],
                                                                  "debounceMs": 0}})
    uri = (tmp_path / "t.json").as_uri()
    open_document(client, uri, TOOL)
    assert [d.code for d in await wait_published(client, uri, 1)] == ["type-union"]


async def test_pyproject_then_editor_settings_on_top(client: RecordingClient,
                                                     tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[tool.portlint]\nignore = ["boolean-schema"]\nseverity = {type-union = "information"}\n')
    await start(client, "vscode", tmp_path)
    uri = (tmp_path / "t.json").as_uri()
    open_document(client, uri, TOOL)
    found = await wait_published(client, uri, 1)
    assert [(d.code, d.severity) for d in found] == [
        ("type-union", types.DiagnosticSeverity.Information)]
    # the editor's settings are laid over the file's
    client.set_configuration({"severity": {"type-union": "error"}}, section="portlint")
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=None))
    await wait_until(client, lambda c: [(d.code, d.severity) for d in c.diagnostics.get(uri, [])]
                     == [("type-union", types.DiagnosticSeverity.Error)])


async def test_configuration_change_relints_open_documents(client: RecordingClient,
                                                           tmp_path: Path) -> None:
    await start(client, "vscode", tmp_path)
    uri = (tmp_path / "t.json").as_uri()
    open_document(client, uri, TOOL)
    assert {d.code for d in await wait_published(client, uri, 1)} == {"boolean-schema",
                                                                      "type-union"}
    client.set_configuration({"select": ["type-union"]}, section="portlint")
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=None))
    await wait_until(client, lambda c: [d.code for d in c.diagnostics.get(uri, [])]
                     == ["type-union"])


async def test_pushed_settings_without_configuration_support(client: RecordingClient,
                                                             tmp_path: Path) -> None:
    await start(client, "neovim", tmp_path, configuration=False)
    uri = (tmp_path / "t.json").as_uri()
    open_document(client, uri, TOOL)
    assert {d.code for d in await diagnostics(client, uri, 1)} == {"boolean-schema", "type-union"}
    before = client.diagnostic_refresh_count
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
        settings={"portlint": {"ignore": ["type-union"]}}))
    # Neovim 0.11 declares no refresh support, so none is sent: its next pull gets the new
    # result (messages are handled in order, so the settings apply before the pull)
    assert [d.code for d in await diagnostics(client, uri, 1)] == ["boolean-schema"]
    assert client.diagnostic_refresh_count == before


@pytest.mark.parametrize("bad", [{"select": ["no-such-rule"]}, {"severity": {"type-union": "loud"}},
                                 {"colour": "red"}, {"debounceMs": "fast"}])
async def test_invalid_settings_warn_once_and_fall_back(client: RecordingClient, tmp_path: Path,
                                                        bad: dict[str, object]) -> None:
    await start(client, "vscode", tmp_path, options=bad)
    for name in ("a.json", "b.json"):
        uri = (tmp_path / name).as_uri()
        open_document(client, uri, TOOL)
        assert {d.code for d in await wait_published(client, uri, 1)} == {"boolean-schema",
                                                                          "type-union"}
    warnings = [m for m in client.messages if m.type == types.MessageType.Warning]
    assert len(warnings) == 1
    assert warnings[0].message.startswith("portlint: ")


async def test_invalid_pyproject_warns_and_uses_defaults(client: RecordingClient,
                                                        tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.portlint]\nselct = ["type-union"]\n')
    await start(client, "vscode", tmp_path)
    uri = (tmp_path / "t.json").as_uri()
    open_document(client, uri, TOOL)
    assert {d.code for d in await wait_published(client, uri, 1)} == {"boolean-schema",
                                                                      "type-union"}
    assert len(client.messages) == 1
    assert "`selct`: not a known key" in client.messages[0].message


async def test_include_glob_lints_a_schema_without_tool_shape(client: RecordingClient,
                                                              tmp_path: Path) -> None:
    (tmp_path / "portlint.toml").write_text('include = ["schemas/*.json"]\n')
    (tmp_path / "schemas").mkdir()
    await start(client, "vscode", tmp_path)
    uri = (tmp_path / "schemas" / "user.json").as_uri()
    open_document(client, uri, '{"type": "object", "properties": {"a": false}}')
    assert [d.code for d in await wait_published(client, uri, 1)] == ["boolean-schema"]
    other = (tmp_path / "user.json").as_uri()
    open_document(client, other, '{"type": "object", "properties": {"a": false}}')
    assert await wait_published(client, other, 1) == []


async def test_exclude_glob_silences(client: RecordingClient, tmp_path: Path) -> None:
    (tmp_path / "portlint.toml").write_text('exclude = ["fixtures/"]\n')
    (tmp_path / "fixtures").mkdir()
    await start(client, "vscode", tmp_path)
    uri = (tmp_path / "fixtures" / "t.json").as_uri()
    open_document(client, uri, TOOL)
    assert await wait_published(client, uri, 1) == []


async def test_pull_client_with_refresh_support_is_asked_to_refresh(
        client: RecordingClient, tmp_path: Path) -> None:
    await start(client, "neovim", tmp_path, refresh=True)
    uri = (tmp_path / "t.json").as_uri()
    open_document(client, uri, TOOL)
    assert {d.code for d in await diagnostics(client, uri, 1)} == {"boolean-schema", "type-union"}
    before = client.diagnostic_refresh_count
    client.set_configuration({"ignore": ["boolean-schema"]}, section="portlint")
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=None))
    for _ in range(500):
        if client.diagnostic_refresh_count > before:
            break
        await asyncio.sleep(0.01)
    assert client.diagnostic_refresh_count == before + 1
    assert [d.code for d in await diagnostics(client, uri, 1)] == ["type-union"]


async def test_editor_targets_setting_switches_profiles(client: RecordingClient,
                                                        tmp_path: Path) -> None:
    await start(client, "vscode", tmp_path)
    uri = (tmp_path / "t.json").as_uri()
    open_document(client, uri, '{"name": "t", "inputSchema": {"type": "object", "properties": '
                               '{"mode": {"type": "string", "const": "fast"}}}}')
    assert await wait_published(client, uri, 1) == []
    client.set_configuration({"targets": ["gemini"]}, section="portlint")
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=None))
    await wait_until(client, lambda c: [(d.code, d.severity) for d in c.diagnostics.get(uri, [])]
                     == [("const-keyword", types.DiagnosticSeverity.Error)])
    client.set_configuration({"targets": []}, section="portlint")  # unset: the defaults again
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=None))
    await wait_until(client, lambda c: list(c.diagnostics.get(uri, [None])) == [])
