"""End to end against the real server process, with VS Code (push) and Neovim 0.11 (pull)
client capabilities. Every wait is on a notification or a response, never a sleep."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types

from portlint.ruledocs import rule_url
from tests.lsp.harness import (
    CONFIG,
    RecordingClient,
    apply_text_edits,
    change_document,
    diagnostics,
    edits_of,
    open_document,
    pulls,
    rng,
    start,
    wait_published,
)

TOOLS = """{
  "tools": [
    {
      "name": "get_temp",
      "inputSchema": {"type": "object", "properties": {"city": {"type": ["string", "null"]}}},
      "outputSchema": {"type": "object", "properties": {"data": true}}
    }
  ]
}
"""


@pytest_lsp.fixture(config=CONFIG, params=["vscode", "neovim"])
async def client(lsp_client: RecordingClient, request: pytest.FixtureRequest,
                 tmp_path: Path):  # type: ignore[no-untyped-def]
    await start(lsp_client, request.param, tmp_path)
    yield
    await lsp_client.shutdown_session()


def _encoding(client: RecordingClient) -> str:
    return "utf-8" if client.profile == "neovim" else "utf-16"


def _units(text: str, encoding: str) -> int:
    return len(text.encode("utf-16-le")) // 2 if encoding == "utf-16" else len(text.encode())


def _where(text: str, needle: str, encoding: str, after: str = "") -> types.Range:
    """The range of ``needle`` (searched after ``after``) in client units, found independently."""
    offset = text.index(needle, text.index(after) if after else 0)
    line = text.count("\n", 0, offset)
    line_start = text.rfind("\n", 0, offset) + 1
    start = _units(text[line_start:offset], encoding)
    return rng(line, start, line, start + _units(needle, encoding))


async def test_open_reports_exact_diagnostics(client: RecordingClient, tmp_path: Path) -> None:
    uri = (tmp_path / "tools.json").as_uri()
    open_document(client, uri, TOOLS)
    found = await diagnostics(client, uri, 1)
    encoding = _encoding(client)
    by_code = {d.code: d for d in found}
    assert set(by_code) == {"boolean-schema", "type-union"}
    data = by_code["boolean-schema"]
    assert data.range == _where(TOOLS, "true", encoding, after='"data"')
    assert data.severity == types.DiagnosticSeverity.Error
    assert data.source == "portlint"
    assert data.code_description is not None
    assert data.code_description.href == rule_url("boolean-schema")
    assert data.message.startswith("A bare `true` stands where a schema object is expected")
    assert "\nWrite `{}` for the same contract" in data.message
    assert by_code["type-union"].range == _where(TOOLS, '["string", "null"]', encoding)
    assert by_code["type-union"].severity == types.DiagnosticSeverity.Warning
    assert isinstance(data.data, dict)
    assert data.data["path"] == "outputSchema.properties.data"
    assert [f["applicability"] for f in data.data["fixes"]] == ["safe", "unsafe"]


@pytest_lsp.fixture(config=CONFIG)
async def any_client(lsp_client: RecordingClient, tmp_path: Path):  # type: ignore[no-untyped-def]
    yield
    await lsp_client.shutdown_session()


@pytest.mark.parametrize("encoding", ["utf-16", "utf-8", "utf-32"])
async def test_position_encodings_with_accents_and_emoji(any_client: RecordingClient,
                                                         tmp_path: Path, encoding: str) -> None:
    await start(any_client, "vscode", tmp_path, encodings=[encoding])
    text = ('{"name": "météo", "inputSchema": {"type": "object", "properties": '
            '{"é😀": true, "ok": {"type": ["string"]}}}}\n')
    uri = (tmp_path / "t.json").as_uri()
    open_document(any_client, uri, text)
    found = {d.code: d.range for d in await wait_published(any_client, uri, 1)}
    if encoding == "utf-32":
        start_true = text.index("true")
        expected = rng(0, start_true, 0, start_true + 4)
    else:
        expected = _where(text, "true", encoding)
    assert found["boolean-schema"] == expected
    after_emoji = text.index('["string"]')
    units = after_emoji if encoding == "utf-32" else _units(text[:after_emoji], encoding)
    assert found["type-union"].start == types.Position(line=0, character=units)


async def test_edit_relints_the_new_version_only(client: RecordingClient, tmp_path: Path) -> None:
    uri = (tmp_path / "tools.json").as_uri()
    open_document(client, uri, TOOLS)
    await diagnostics(client, uri, 1)
    # replace `true` with `{"type": "number"}`: the boolean-schema finding goes away
    where = _where(TOOLS, "true", "utf-16", after='"data"')
    change_document(client, uri, 2, [(where, '{"type": "number"}')])
    found = await diagnostics(client, uri, 2)
    assert [d.code for d in found] == ["type-union"]
    if not pulls(client):
        versions = [p.version for p in client.published if p.uri == uri]
        assert versions == sorted(versions)
        assert versions[-1] == 2


async def test_broken_json_mid_typing_then_back(client: RecordingClient, tmp_path: Path) -> None:
    uri = (tmp_path / "tools.json").as_uri()
    open_document(client, uri, TOOLS)
    await diagnostics(client, uri, 1)
    broken = TOOLS.replace('"data": true}}', '"data": true},')
    change_document(client, uri, 2, [(None, broken)])
    found = await diagnostics(client, uri, 2)
    assert [(d.code, d.severity) for d in found] == [("parse-error", types.DiagnosticSeverity.Error)]
    assert found[0].message.startswith("Trailing comma: JSON allows no `,` before `}`")
    change_document(client, uri, 3, [(None, TOOLS)])
    found = await diagnostics(client, uri, 3)
    assert {d.code for d in found} == {"boolean-schema", "type-union"}


@pytest.mark.parametrize("name", ["tools.json", "catalog.json"])
async def test_a_tool_list_broken_before_its_first_lint_shows_its_parse_error(
        client: RecordingClient, tmp_path: Path, name: str) -> None:
    # changed within the debounce of opening it: the first text linted does not parse, and
    # its name (tools.json) or its start (`"inputSchema":` in catalog.json) says what it is
    uri = (tmp_path / name).as_uri()
    open_document(client, uri, TOOLS)
    broken = TOOLS.replace('"data": true}}', '"data": true},')
    change_document(client, uri, 2, [(None, broken)])
    found = await diagnostics(client, uri, 2)
    assert [(d.code, d.severity) for d in found] == [("parse-error", types.DiagnosticSeverity.Error)]


@pytest.mark.parametrize("name", ["package.json", "tsconfig.json", ".vscode/settings.json",
                                  "docker-compose.yaml"])
async def test_other_json_and_yaml_stay_silent(client: RecordingClient, tmp_path: Path,
                                               name: str) -> None:
    texts = {
        "package.json": '{"name": "x", "version": "1.0.0", "scripts": {"test": true}}',
        "tsconfig.json": '{"compilerOptions": {"strict": true, "target": ["es2020"]}}',
        ".vscode/settings.json": '{"editor.formatOnSave": true, "json.schemas": []}',
        "docker-compose.yaml": "services:\n  web:\n    image: nginx\n    ports: [80]\n",
    }
    uri = (tmp_path / name).as_uri()
    open_document(client, uri, texts[name], language="yaml" if name.endswith("yaml") else "json")
    assert await diagnostics(client, uri, 1) == []
    # even when broken while typing
    change_document(client, uri, 2, [(None, texts[name][:-3])])
    assert await diagnostics(client, uri, 2) == []


async def test_json_schema_document_is_linted(client: RecordingClient, tmp_path: Path) -> None:
    uri = (tmp_path / "schema.json").as_uri()
    text = '{"$schema": "https://json-schema.org/draft/2020-12/schema", "properties": {"a": false}}'
    open_document(client, uri, text)
    assert [d.code for d in await diagnostics(client, uri, 1)] == ["boolean-schema"]


async def test_quick_fix_applies_and_the_diagnostic_goes(client: RecordingClient,
                                                         tmp_path: Path) -> None:
    uri = (tmp_path / "tools.json").as_uri()
    open_document(client, uri, TOOLS)
    found = await diagnostics(client, uri, 1)
    target = next(d for d in found if d.code == "boolean-schema")
    result = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=target.range,
        context=types.CodeActionContext(diagnostics=[target])))
    assert result is not None
    titles = [(a.title, a.is_preferred, a.kind) for a in result if isinstance(a, types.CodeAction)]
    assert titles[0] == ("portlint: Replace `true` with `{}` (same contract)", True,
                         types.CodeActionKind.QuickFix)
    assert titles[1][1] is False and "changes the contract" in titles[1][0]
    preferred = result[0]
    assert isinstance(preferred, types.CodeAction) and preferred.edit is not None
    fixed = apply_text_edits(TOOLS, edits_of(preferred.edit, uri), _encoding(client))
    assert '"data": {}' in fixed
    change_document(client, uri, 2, [(None, fixed)])
    after = await diagnostics(client, uri, 2)
    assert "boolean-schema" not in {d.code for d in after}


async def test_display_only_advice_has_no_action(client: RecordingClient, tmp_path: Path) -> None:
    uri = (tmp_path / "tools.json").as_uri()
    # (in an output schema: an input schema's remote $ref is no default client's concern)
    text = ('{"name": "t", "inputSchema": {"type": "object", "properties": {}}, "outputSchema": {'
            '"type": "object", '
            '"properties": {"a": {"$ref": "https://x/y.json"}}}}')
    open_document(client, uri, text)
    found = await diagnostics(client, uri, 1)
    assert [d.code for d in found] == ["remote-ref"]
    result = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=found[0].range,
        context=types.CodeActionContext(diagnostics=found,
                                        only=[types.CodeActionKind.QuickFix])))
    assert result is not None and list(result) == []


async def test_fix_all_source_action(client: RecordingClient, tmp_path: Path) -> None:
    uri = (tmp_path / "tools.json").as_uri()
    open_document(client, uri, TOOLS)
    await diagnostics(client, uri, 1)
    result = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=rng(0, 0, 0, 0),
        context=types.CodeActionContext(diagnostics=[],
                                        only=[types.CodeActionKind.SourceFixAll])))
    assert result is not None and len(result) == 1
    action = result[0]
    assert isinstance(action, types.CodeAction)
    assert action.kind == "source.fixAll.portlint"
    assert action.edit is not None
    fixed = apply_text_edits(TOOLS, edits_of(action.edit, uri), _encoding(client))
    assert fixed == TOOLS.replace('"data": true', '"data": {}').replace(
        '{"type": ["string", "null"]}', '{"anyOf": [{"type": "string"}, {"type": "null"}]}')


async def test_fix_all_command_applies_through_the_client(client: RecordingClient,
                                                          tmp_path: Path) -> None:
    uri = (tmp_path / "tools.json").as_uri()
    open_document(client, uri, TOOLS)
    await diagnostics(client, uri, 1)
    applied = await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="portlint.applyFixAll", arguments=[uri]))
    assert applied is True
    assert len(client.applied_edits) == 1
    fixed = apply_text_edits(TOOLS, edits_of(client.applied_edits[0].edit, uri), _encoding(client))
    assert '"data": {}' in fixed and '"anyOf"' in fixed


async def test_code_action_for_a_stale_version_returns_nothing(client: RecordingClient,
                                                               tmp_path: Path) -> None:
    uri = (tmp_path / "tools.json").as_uri()
    open_document(client, uri, TOOLS)
    found = await diagnostics(client, uri, 1)
    target = next(d for d in found if d.code == "boolean-schema")
    # the user types; version 2 is not linted yet when the action for version 1 arrives
    change_document(client, uri, 2, [(rng(0, 0, 0, 0), " ")])
    result = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=target.range,
        context=types.CodeActionContext(diagnostics=[target])))
    assert not result


async def test_hover_shows_path_pointer_and_rule_docs(client: RecordingClient,
                                                      tmp_path: Path) -> None:
    uri = (tmp_path / "tools.json").as_uri()
    open_document(client, uri, TOOLS)
    await diagnostics(client, uri, 1)
    where = _where(TOOLS, "true", _encoding(client), after='"data"')
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=where.start))
    assert hover is not None and isinstance(hover.contents, types.MarkupContent)
    value = hover.contents.value
    assert value.startswith("**tools[0] get_temp › outputSchema.properties.data**")
    assert "JSON pointer: `/tools/0/outputSchema/properties/data`" in value
    assert "# boolean-schema" in value
    assert hover.range == where
    # a key without a finding: path and pointer, no rule docs
    city = _where(TOOLS, '"city"', _encoding(client))
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=city.start))
    assert hover is not None and isinstance(hover.contents, types.MarkupContent)
    assert hover.contents.value.startswith("**tools[0] get_temp › inputSchema.properties.city**")
    assert "# " not in hover.contents.value


@pytest.mark.parametrize("written", [
    ["tools", 0, "outputSchema", "properties", "data"],
    "/tools/0/outputSchema/properties/data",
    "tools[0].outputSchema.properties.data",
])
async def test_reveal_path(client: RecordingClient, tmp_path: Path, written: object) -> None:
    uri = (tmp_path / "tools.json").as_uri()
    open_document(client, uri, TOOLS)
    await diagnostics(client, uri, 1)
    location = await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="portlint.locatePath", arguments=[uri, written]))
    assert location is not None
    expected = _where(TOOLS, '"data"', _encoding(client))
    assert location["uri"] == uri
    assert location["range"]["start"] == {"line": expected.start.line,
                                          "character": expected.start.character}


async def test_reveal_path_inside_jsonrpc_result(client: RecordingClient, tmp_path: Path) -> None:
    text = json.dumps({"jsonrpc": "2.0", "id": 1, "result": json.loads(TOOLS)}, indent=2)
    uri = (tmp_path / "response.json").as_uri()
    open_document(client, uri, text)
    await diagnostics(client, uri, 1)
    location = await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="portlint.locatePath",
        arguments=[uri, '["tools",0,"outputSchema","properties","data"]']))
    assert location is not None
    assert location["range"]["start"]["line"] == text[:text.index('"data"')].count("\n")


async def test_document_symbols(client: RecordingClient, tmp_path: Path) -> None:
    uri = (tmp_path / "tools.json").as_uri()
    open_document(client, uri, TOOLS)
    await diagnostics(client, uri, 1)
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    assert symbols is not None
    tool = symbols[0]
    assert isinstance(tool, types.DocumentSymbol)
    assert (tool.name, tool.kind) == ("get_temp", types.SymbolKind.Function)
    assert tool.children is not None
    assert [(c.name, c.detail) for c in tool.children] == [("inputSchema", "input schema"),
                                                          ("outputSchema", "output schema")]
    assert tool.children[0].children is not None
    assert [c.name for c in tool.children[0].children] == ["city"]


async def test_close_publishes_an_empty_list(client: RecordingClient, tmp_path: Path) -> None:
    uri = (tmp_path / "tools.json").as_uri()
    open_document(client, uri, TOOLS)
    await diagnostics(client, uri, 1)
    client.text_document_did_close(types.DidCloseTextDocumentParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    found = await wait_published(client, uri, None)
    assert found == []


async def test_yaml_document(client: RecordingClient, tmp_path: Path) -> None:
    text = ("tools:\n  - name: t\n    inputSchema:\n      type: object\n      properties:\n"
            "        a: false   # forbidden\n")
    uri = (tmp_path / "tools.yaml").as_uri()
    open_document(client, uri, text, language="yaml")
    found = await diagnostics(client, uri, 1)
    assert [(d.code, d.range) for d in found] == [("boolean-schema", rng(5, 11, 5, 16))]
