"""A module of the project is read as Python reads it: a UTF-8 byte order mark, or a PEP 263
coding declaration (`# -*- coding: latin-1 -*-`), is honoured in the modules a server imports
as in the module checked, and by `portlint schema` as by `portlint check` (an imported module
so written was "a source portlint does not read", and `schema` refused a latin-1 server)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portlint.cli.main import main

SERVER = ('from mcp.server.fastmcp import FastMCP\nfrom helpers import NAME, Model\n\n'
          'mcp = FastMCP("x")\n\n\n@mcp.tool(name=NAME)\ndef t(a: Model) -> int:\n'
          '    """Doc."""\n    return 1\n')
HELPERS = ('from pydantic import BaseModel\n\nNAME = "helper_name"\n\n\nclass Model(BaseModel):\n'
           '    x: int\n\n\nCAFE = "caf\\u00e9"\n')


@pytest.mark.parametrize("written", [
    b"\xef\xbb\xbf" + HELPERS.replace("\\u00e9", "\u00e9").encode("utf-8"),
    b"# -*- coding: latin-1 -*-\n" + HELPERS.replace("\\u00e9", "\u00e9").encode("latin-1"),
])
def test_an_imported_module_is_decoded_as_python_decodes_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], written: bytes) -> None:
    (tmp_path / "requirements.txt").write_text("mcp==1.30.0\n")
    (tmp_path / "server.py").write_text(SERVER)
    (tmp_path / "helpers.py").write_bytes(written)
    assert main(["schema", str(tmp_path / "server.py")]) == 0
    [tool] = json.loads(capsys.readouterr().out)["tools"]
    assert (tool["name"], tool["inputSchema"]["properties"]["a"]) == (
        "helper_name", {"$ref": "#/$defs/Model"})


def test_schema_reads_a_latin1_server_as_check_does(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "requirements.txt").write_text("mcp==1.30.0\n")
    server = ("# -*- coding: latin-1 -*-\nfrom mcp.server.fastmcp import FastMCP\n\n"
              "mcp = FastMCP(\"x\")\n\n\n@mcp.tool()\ndef t(a: int) -> int:\n"
              "    \"\"\"Caf\u00e9.\"\"\"\n    return a\n")
    (tmp_path / "server.py").write_bytes(server.encode("latin-1"))
    assert main(["schema", str(tmp_path / "server.py")]) == 0
    [tool] = json.loads(capsys.readouterr().out)["tools"]
    assert tool["description"] == "Caf\u00e9."
    assert main(["check", str(tmp_path / "server.py")]) == 0
