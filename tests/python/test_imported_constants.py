"""Defaults and `Field(...)` options written as constants are read: the module's own and those
imported from the project's other modules, however the import is spelled (the oracle projects
`*-constdefault` prove the values the frameworks send). What is not a constant bound once — a
name from an installed package, a constant rebound or patched, a parameter hiding the module's
name, a star import of an installed package, a cycle of imports, a formatted placeholder — stays
unknown with the reason, never a guessed value. A star import of the project's module brings
its constants (minimax-mcp's `from minimax_mcp.const import *`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portlint.cli.main import main

SERVER_HEAD = "from mcp.server.fastmcp import FastMCP\nfrom pydantic import Field\n\n"


def _tools(tmp_path: Path, files: dict[str, str], capsys: pytest.CaptureFixture[str]
           ) -> dict[str, dict[str, object]]:
    (tmp_path / "requirements.txt").write_text("mcp==1.30.0\n", encoding="utf-8")
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    assert main(["schema", str(tmp_path), "--framework", "mcp==1.30.0,pydantic==2.14.4"]) == 0
    tools = json.loads(capsys.readouterr().out)["tools"]
    return {str(t["name"]): t for t in tools}


def _property(tool: dict[str, object], name: str) -> object:
    schema = tool["inputSchema"]
    assert isinstance(schema, dict)
    return schema["properties"][name]


def test_constants_two_package_levels_up_are_read(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    tools = _tools(tmp_path, {
        "app/__init__.py": "",
        "app/config.py": 'LIMIT = 40\nUNIT = "rows"\nSEP = " / "\n',
        "app/tools/__init__.py": "",
        "app/tools/server.py": SERVER_HEAD + '''from .. import config
from ..config import LIMIT as CAP

mcp = FastMCP("x")


@mcp.tool(description=config.UNIT + config.SEP + f"{CAP}")
def fetch(n: int = Field(CAP, le=config.LIMIT, description=f"At most {CAP} {config.UNIT}")
          ) -> str:
    """Not the description."""
    return ""
'''}, capsys)
    tool = tools["fetch"]
    assert "unknown" not in tool
    assert tool["description"] == "rows / 40"
    assert _property(tool, "n") == {"default": 40, "description": "At most 40 rows",
                                    "maximum": 40, "title": "N", "type": "integer"}


@pytest.mark.parametrize(("config", "server_import", "written", "reason"), [
    # an installed package's module: never read
    ("", "from somepkg.config import LIMIT", "LIMIT", "a default value computed at run time"),
    # rebound where it is defined
    ("LIMIT = 1\nLIMIT = 2\n", "from .config import LIMIT", "LIMIT",
     "a default value computed at run time"),
    # computed where it is defined
    ("import os\nLIMIT = int(os.environ['LIMIT'])\n", "from .config import LIMIT", "LIMIT",
     "a default value computed at run time"),
    # rebound where it is imported
    ("LIMIT = 1\n", "from .config import LIMIT\nif True:\n    LIMIT = 2", "LIMIT",
     "a default value computed at run time"),
    # patched on the module where it is imported
    ("LIMIT = 1\n", "from . import config\nconfig.LIMIT = 5", "config.LIMIT",
     "a default value computed at run time"),
    # a star import of an installed package: never read
    ("", "from somepkg.config import *", "LIMIT", "a default value computed at run time"),
    # a star import brings no name starting with `_`
    ("_LIMIT = 1\n", "from .config import *", "_LIMIT", "a default value computed at run time"),
    # each module imports it from the other
    ("from .server import LIMIT\n", "from .config import LIMIT", "LIMIT",
     "a default value computed at run time"),
])
def test_what_is_not_a_constant_bound_once_stays_unknown(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], config: str, server_import: str,
        written: str, reason: str) -> None:
    tools = _tools(tmp_path, {
        "app/__init__.py": "",
        "app/config.py": config,
        "app/server.py": SERVER_HEAD + server_import + f'''

mcp = FastMCP("x")


@mcp.tool()
def fetch(n: int = {written}) -> str:
    """Fetch."""
    return ""
'''}, capsys)
    assert tools["fetch"]["unknown"] == reason
    assert "inputSchema" not in tools["fetch"]


@pytest.mark.parametrize("imports", ["from .config import *",
                                     "from .other import *\nfrom .config import *"])
def test_a_star_import_of_a_project_module_brings_its_constants(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], imports: str) -> None:
    tools = _tools(tmp_path, {
        "app/__init__.py": "",
        "app/config.py": 'DEFAULT_VOICE = "female"\n',
        "app/other.py": 'DEFAULT_VOICE = "male"\n',  # the later star import wins
        "app/server.py": SERVER_HEAD + imports + '''

mcp = FastMCP("x")


@mcp.tool()
def speak(voice: str = DEFAULT_VOICE) -> str:
    """Speak."""
    return voice
'''}, capsys)
    assert _property(tools["speak"], "voice") == {"default": "female", "title": "Voice",
                                                  "type": "string"}


def test_a_parameter_hides_the_module_constant_of_its_name(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tools = _tools(tmp_path, {"server.py": SERVER_HEAD + '''LIMIT = 10
mcp = FastMCP("x")


def register(LIMIT: int) -> None:
    @mcp.tool()
    def fetch(n: int = LIMIT) -> str:
        """Fetch."""
        return ""
'''}, capsys)
    assert tools["fetch"]["unknown"] == "a default value computed at run time"


@pytest.mark.parametrize(("written", "shown"), [
    ('f"{MAX:>4} rows"', "`f'{MAX:>4} rows'` is computed at run time"),
    ('f"{MAX!r} rows"', "`f'{MAX!r} rows'` is computed at run time"),
    ('f"{NAMES} rows"', "`f'{NAMES} rows'` is computed at run time"),
])
def test_a_placeholder_that_is_not_plainly_a_constant_is_left_out(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], written: str, shown: str) -> None:
    tools = _tools(tmp_path, {"server.py": SERVER_HEAD + f'''MAX = 10
NAMES = ["a", "b"]
mcp = FastMCP("x")


@mcp.tool()
def fetch(n: int = Field(1, description={written})) -> str:
    """Fetch."""
    return ""
'''}, capsys)
    # a description does not change what the schema accepts: left out, the rest derived
    assert tools["fetch"]["unknown"] == f"a field's `description` is not read ({shown}): left out"
    assert tools["fetch"]["inputSchema"]["properties"]["n"] == {
        "default": 1, "title": "N", "type": "integer"}
