"""Code changing a server's tools through its private `_tool_manager` after they are registered
(mcp-server-for-ynab 0.4.0 rewrites every title): said where it reaches the registry, the tools
still derived as registered; code that only reads the registry says nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from portlint.linter import lint_text
from portlint.settings import Settings

_HEAD = ('from mcp.server.mcpserver import MCPServer\n\nmcp = MCPServer("x")\n\n\n'
         '@mcp.tool()\ndef changes(days: int = 7) -> str:\n    """Changes."""\n'
         '    return str(days)\n\n\n')

_SAID = ("`server._tool_manager` is the server's private registry of tools, and the code here "
         "changes what it holds: clients may be listed other titles, descriptions or schemas "
         "than the tools registered, which portlint derives without running this code.")


@pytest.mark.parametrize(("code", "said"), [
    ("def present(server):\n    for name, tool in server._tool_manager._tools.items():\n"
     "        tool.title = 'Changes'\n\n\npresent(mcp)\n", _SAID),
    ("def prune(server):\n    server._tool_manager._tools.pop('changes')\n\n\nprune(mcp)\n",
     _SAID),
    # only read (a count for a log line): nothing to say
    ("def count(server):\n    return len(server._tool_manager._tools)\n\n\n"
     "print(count(mcp))\n", None),
])
def test_changes_through_the_private_registry_are_said(
        tmp_path: Path, code: str, said: str | None) -> None:
    (tmp_path / "requirements.txt").write_text("mcp==2.3.0\n")
    text = _HEAD + code
    path = tmp_path / "server.py"
    path.write_text(text)
    found = [(f.rule, text[f.span[0]:f.span[1]], f.message)
             for f in lint_text(text, str(path), Settings()).findings]
    assert found == ([] if said is None else [
        ("unknown-schema", "server._tool_manager", said)])
