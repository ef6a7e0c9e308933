"""The baseline in the editor: the findings it holds are hints; one that cannot be used (missing,
not JSON, not a baseline) hides nothing — every finding shows as it is, as `portlint check`
baselines none and stops — and is said once, with the CLI's message, when it becomes so."""

from __future__ import annotations

import os
from pathlib import Path

import pytest_lsp
from lsprotocol import types

from portlint.cli.main import main
from tests.lsp.harness import (
    CONFIG,
    RecordingClient,
    change_document,
    open_document,
    start,
    wait_published,
)

TOOL = '{"name": "t", "inputSchema": {"type": "object", "properties": {"a": true}}}'
TOOL_2 = TOOL + " "  # the same findings in a new version
MESSAGE = "A bare `true` stands where a schema object is expected"


@pytest_lsp.fixture(config=CONFIG)
async def client(lsp_client: RecordingClient):  # type: ignore[no-untyped-def]
    yield
    await lsp_client.shutdown_session()


def _project(root: Path) -> tuple[Path, str]:
    (root / "pyproject.toml").write_text('[tool.portlint]\nbaseline = "base.json"\n')
    tools = root / "t.json"
    tools.write_text(TOOL)
    assert main(["check", str(tools), "--update-baseline"]) == 0
    return root / "base.json", tools.as_uri()


def _rewrite(path: Path, text: str, stamp: int) -> None:
    path.write_text(text)
    os.utime(path, (stamp, stamp))  # a new modification time, however quick the test


def _shown(found: list[types.Diagnostic]) -> list[tuple[object, object, bool]]:
    return [(d.code, d.severity, d.message.startswith("(in the baseline) ")) for d in found]


async def test_a_damaged_baseline_is_said_once_and_hides_nothing(client: RecordingClient,
                                                                 tmp_path: Path) -> None:
    base, uri = _project(tmp_path)
    good = base.read_text()
    await start(client, "vscode", tmp_path)
    open_document(client, uri, TOOL)
    assert _shown(await wait_published(client, uri, 1)) == [
        ("boolean-schema", types.DiagnosticSeverity.Hint, True)]
    assert client.messages == []

    _rewrite(base, "not json", 1_000_000)
    change_document(client, uri, 2, [(None, TOOL_2)])
    found = await wait_published(client, uri, 2)
    assert _shown(found) == [("boolean-schema", types.DiagnosticSeverity.Error, False)]
    assert found[0].message.startswith(MESSAGE)
    assert found[0].range == types.Range(types.Position(0, 68), types.Position(0, 72))
    damaged = (f"portlint: {base}: the baseline is not JSON: Expecting value: line 1 column 1 "
               "(char 0); no finding is shown as in the baseline until it is mended "
               "(`portlint check` stops with this error)")
    assert [(m.type, m.message) for m in client.messages] == [
        (types.MessageType.Error, damaged)]
    change_document(client, uri, 3, [(None, TOOL)])  # typing on: not said again
    await wait_published(client, uri, 3)
    assert len(client.messages) == 1

    _rewrite(base, good, 2_000_000)  # mended: hints again, nothing said
    change_document(client, uri, 4, [(None, TOOL_2)])
    assert _shown(await wait_published(client, uri, 4)) == [
        ("boolean-schema", types.DiagnosticSeverity.Hint, True)]
    assert len(client.messages) == 1

    _rewrite(base, '{"findings": []}', 3_000_000)  # broken anew, another way: said again
    change_document(client, uri, 5, [(None, TOOL)])
    assert _shown(await wait_published(client, uri, 5)) == [
        ("boolean-schema", types.DiagnosticSeverity.Error, False)]
    assert client.messages[1].message == (
        f'portlint: {base}: not a portlint baseline (expected {{"portlint-baseline": 1, '
        '"findings": [...]}); no finding is shown as in the baseline until it is mended '
        "(`portlint check` stops with this error)")


async def test_a_missing_baseline_is_said(client: RecordingClient, tmp_path: Path) -> None:
    base, uri = _project(tmp_path)
    base.unlink()
    await start(client, "vscode", tmp_path)
    open_document(client, uri, TOOL)
    assert _shown(await wait_published(client, uri, 1)) == [
        ("boolean-schema", types.DiagnosticSeverity.Error, False)]
    assert [m.message for m in client.messages] == [
        f"portlint: {base}: no such baseline (write it with --update-baseline); no finding is "
        "shown as in the baseline until it is mended (`portlint check` stops with this error)"]
