"""tool-list-entry says what the readers of each kind of list do: the MCP clients' observed
whole-list failure for an MCP tool list, and no claim for a function-calling list (OpenAI,
Anthropic, Gemini), whose hosted readers were not observed."""

from __future__ import annotations

import pytest

from portlint.linter import lint_text

_NOT_OBSERVED = ("This entry of the tool list is a number, not a tool object. The list is {}, "
                 "read by {}, not an MCP `tools/list`: what that API does with such an entry "
                 "was not observed (a hosted service, not run here), so no client effect is "
                 "claimed.")


@pytest.mark.parametrize(("text", "path", "title", "reader", "schema"), [
    ('{"tools": [{"type": "function", "function": {"name": "a", "parameters": {}}}, 3]}',
     "tools[1]", "an OpenAI function-calling list", "the OpenAI API",
     '`function.parameters`, or `parameters` beside `type: "function"`'),
    ('{"functions": [{"name": "a", "parameters": {}}, 3]}', "functions[1]",
     "an OpenAI `functions` list", "the OpenAI API", "`parameters`"),
    ('{"tools": [{"name": "a", "input_schema": {}}, 3]}', "tools[1]",
     "an Anthropic Messages `tools` list", "the Anthropic API", "`input_schema`"),
    ('{"functionDeclarations": [{"name": "a", "parameters": {}}, 3]}', "functionDeclarations[1]",
     "a Gemini `functionDeclarations` list", "the Gemini API",
     "`parameters` or `parametersJsonSchema`"),
])
def test_a_function_calling_list_claims_no_client(text: str, path: str, title: str,
                                                  reader: str, schema: str) -> None:
    [finding] = [f for f in lint_text(text, "tools.json").findings if f.rule == "tool-list-entry"]
    assert (finding.severity.value, finding.path) == ("warning", path)
    assert text[finding.span[0]:finding.span[1]] == "3"
    assert finding.message == _NOT_OBSERVED.format(title, reader)
    assert finding.suggestion == ("Remove the entry, or make it a tool: an object with a "
                                  f"`name` and its schema ({schema}).")
    assert "MCP TypeScript SDK" not in finding.message


@pytest.mark.parametrize("text", [
    '{"tools": [{"name": "a", "inputSchema": {}}, 3]}',
    '{"jsonrpc": "2.0", "id": 1, "result": {"tools": [{"name": "a", "input_schema": {}}, 3]}}',
    '[{"name": "a", "inputSchema": {}}, 3]',
])
def test_an_mcp_list_keeps_the_observed_whole_list_claim(text: str) -> None:
    [finding] = [f for f in lint_text(text, "tools.json").findings if f.rule == "tool-list-entry"]
    assert finding.severity.value == "error"
    assert finding.message.startswith(
        "This entry of the tool list is a number, not a tool object. MCP TypeScript SDK ")
    assert finding.message.endswith(
        "lose the whole tool list. [docs/clients.md#tool-list-entry-number]")
