"""The framework's `Context` imported through a module of the project: zotero-mcp's
`_context.py` imports it with a stand-in for when fastmcp is not installed (`try: from fastmcp
import Context` / `except ImportError: class Context: ...`); the server runs on fastmcp, so the
parameter is the `Context` fastmcp fills and leaves out of the schema. A module whose own
class may be what the name holds is not the framework's `Context`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portlint.cli.main import main

SERVER = '''from fastmcp import FastMCP

from context_module import Context

mcp = FastMCP("x")


@mcp.tool()
def note(ctx: Context, text: str) -> str:
    """Note."""
    return text
'''

FALLBACK = '''try:
    from fastmcp import Context
except ImportError:
    class Context:
        def info(self, message: str) -> None:
            pass
'''


def _schema(tmp_path: Path, context_module: str, capsys: pytest.CaptureFixture[str]
            ) -> dict[str, object]:
    (tmp_path / "requirements.txt").write_text("fastmcp==4.2.3\n", encoding="utf-8")
    (tmp_path / "context_module.py").write_text(context_module, encoding="utf-8")
    (tmp_path / "server.py").write_text(SERVER, encoding="utf-8")
    main(["schema", str(tmp_path / "server.py")])
    [tool] = json.loads(capsys.readouterr().out)["tools"]
    assert isinstance(tool, dict)
    return tool


@pytest.mark.parametrize("context_module", [
    FALLBACK,
    "from fastmcp import Context\n",
    FALLBACK.replace("except ImportError:", "except (ImportError, ModuleNotFoundError):"),
    FALLBACK.replace("except ImportError:", "except Exception:"),
], ids=["fallback", "plain", "both-errors", "any-failure"])
def test_the_framework_s_context_through_a_project_module_is_left_out(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], context_module: str) -> None:
    tool = _schema(tmp_path, context_module, capsys)
    assert tool["inputSchema"] == {"additionalProperties": False,
                                   "properties": {"text": {"type": "string"}},
                                   "required": ["text"], "type": "object"}


@pytest.mark.parametrize("context_module", [
    # the module's own class is what the name holds once it has run
    "from fastmcp import Context\n\n\nclass Context:\n    pass\n",
    # imported for type checkers only: at run time the name is the module's own class
    "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    from fastmcp import Context\n"
    "else:\n    class Context:\n        pass\n",
], ids=["replaced", "type-checking"])
def test_a_module_whose_own_class_may_be_the_name_is_not_followed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], context_module: str) -> None:
    tool = _schema(tmp_path, context_module, capsys)
    assert "inputSchema" not in tool and "context_module.Context" in str(tool["unknown"])
