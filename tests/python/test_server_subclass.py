"""A subclass of the server class that cannot change the tools it lists (it overrides only
methods that build or start a transport, and touches no tool there) makes servers portlint
traces: here, imported, through another subclass, as a parameter's annotation; so does one
whose constructor passes every argument on and then only sets attributes of its own (the oracle
projects `*-subclass` prove what fastmcp 2/3/4 and the SDK list). Any other subclass is not
traced: its registrations are unknown-schema, with what in the class stops portlint."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portlint.cli.main import main

HEAD = "from typing import Any\n\nfrom fastmcp import FastMCP\n\n\n"
TOOL = '''

mcp = MyServer("x")


@mcp.tool()
def ping(host: str) -> str:
    """Ping."""
    return host
'''


def _tools(tmp_path: Path, files: dict[str, str], capsys: pytest.CaptureFixture[str]
           ) -> list[dict[str, object]]:
    (tmp_path / "requirements.txt").write_text("fastmcp==4.2.3\n", encoding="utf-8")
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    assert main(["schema", str(tmp_path), "--framework", "fastmcp==4.2.3"]) == 0
    tools: list[dict[str, object]] = json.loads(capsys.readouterr().out)["tools"]
    return tools


@pytest.mark.parametrize(("base", "body"), [
    ("FastMCP", '    """Nothing but a docstring."""\n'),
    ("FastMCP[None]", "    pass\n"),
    ("FastMCP", "    ...\n"),
    ("FastMCP", "    async def run_async(self, *args: Any, **kwargs: Any) -> None:\n"
                "        await super().run_async(*args, **kwargs)\n"),
    ("FastMCP", "    def sse_app(self, *args: Any, **kwargs: Any) -> Any:\n"
                "        app = super().sse_app(*args, **kwargs)\n"
                "        app.add_middleware(object)\n        return app\n"),
    # a constructor passing everything on, then setting attributes of its own
    ("FastMCP", "    def __init__(self, *args: Any, **kwargs: Any) -> None:\n"
                "        super().__init__(*args, **kwargs)\n"),
    ("FastMCP", "    def __init__(self, **kwargs: Any) -> None:\n"
                '        """Settings of its own."""\n'
                "        super().__init__(**kwargs)\n        self.allow_write: bool = False\n"
                "        if len(kwargs) > 1:\n            self.log_dir = str(len(kwargs))\n"),
])
def test_a_subclass_that_keeps_the_tools_is_traced(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], base: str, body: str) -> None:
    [tool] = _tools(tmp_path, {"server.py": HEAD + f"class MyServer({base}):\n" + body + TOOL},
                    capsys)
    assert tool["name"] == "ping"
    assert tool["inputSchema"] == {"properties": {"host": {"type": "string"}},
                                   "required": ["host"], "type": "object",
                                   "additionalProperties": False}


@pytest.mark.parametrize(("body", "why"), [
    # a constructor changing what the server class's is given, or doing more than setting
    # attributes of its own
    ("    def __init__(self, *args: Any, **kwargs: Any) -> None:\n"
     "        super().__init__(*args, include_tags={'public'}, **kwargs)\n",
     "which overrides `__init__`"),
    ("    def __init__(self, name: str, **kwargs: Any) -> None:\n"
     "        super().__init__(**kwargs)\n", "which overrides `__init__`"),
    ("    def __init__(self, *args: Any, **kwargs: Any) -> None:\n"
     "        self.ready = True\n        super().__init__(*args, **kwargs)\n",
     "which overrides `__init__`"),
    ("    def __init__(self, *args: Any, **kwargs: Any) -> None:\n"
     "        super().__init__(*args, **kwargs)\n        self.setup()\n",
     "whose `__init__` does more with `self` than set attributes: `self.setup()`"),
    ("    def __init__(self, *args: Any, **kwargs: Any) -> None:\n"
     "        super().__init__(*args, **kwargs)\n        self.extra = self.name\n",
     "whose `__init__` does more with `self` than set attributes: `self.extra = self.name`"),
    ("    def __init__(self, *args: Any, **kwargs: Any) -> None:\n"
     "        super().__init__(*args, **kwargs)\n        self.include_tags = {'public'}\n",
     "whose `__init__` sets `self.include_tags`"),
    ("    async def _list_tools(self) -> Any:\n        return []\n",
     "which overrides `_list_tools`"),
    ("    def tool(self, *args: Any, **kwargs: Any) -> Any:\n"
     "        return super().tool(*args, **kwargs)\n", "which overrides `tool` (its `tool` takes "
     "other parameters than `(self, name_or_fn=None, **kwargs)`)"),
    ("    def run(self, *args: Any, **kwargs: Any) -> None:\n"
     "        self.remove_tool('ping')\n        super().run(*args, **kwargs)\n",
     "whose `run` uses `self.remove_tool`"),
    ("    def http_app(self, *args: Any, **kwargs: Any) -> Any:\n"
     "        super().add_middleware(object())\n        return super().http_app()\n",
     "whose `http_app` uses `super().add_middleware`"),
    ("    include_tags = {'public'}\n", "whose class body sets `include_tags = {'public'}`"),
])
def test_a_subclass_that_may_change_the_tools_is_unknown_with_the_reason(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], body: str, why: str) -> None:
    [tool] = _tools(tmp_path, {"server.py": HEAD + "class MyServer(FastMCP):\n" + body + TOOL},
                    capsys)
    assert tool["name"] is None
    assert tool["unknown"] == (f"`mcp` is a `MyServer`, {why}: portlint does not know what "
                               "such a server lists")
    assert "inputSchema" not in tool


@pytest.mark.parametrize(("classes", "why"), [
    ("class Mixin:\n    pass\n\n\nclass MyServer(Mixin, FastMCP):\n    pass\n",
     "`mcp` is a `MyServer`, which derives from other classes besides the server's: portlint "
     "does not know what such a server lists"),
    ("def wrap(cls: Any) -> Any:\n    return cls\n\n\n@wrap\nclass MyServer(FastMCP):\n"
     "    pass\n",
     "`mcp` is a `MyServer`, whose class is decorated or given keywords: portlint does not "
     "know what such a server lists"),
    # the reason a base is not traced is the reason its subclass is not
    ("class Base(FastMCP):\n    def __init__(self) -> None:\n        super().__init__('b')\n\n\n"
     "class MyServer(Base):\n    pass\n",
     "`mcp` is a `Base`, which overrides `__init__`: portlint does not know what such a "
     "server lists"),
    # a class of an installed package: never read
    ("from othermcp import MyServer\n",
     "`mcp` is not a server portlint can trace to its `FastMCP(...)`"),
    # not a server class at all
    ("class MyServer:\n    def tool(self) -> Any:\n        return lambda f: f\n",
     "`mcp` is not a server portlint can trace to its `FastMCP(...)`"),
])
def test_other_classes_are_not_traced(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                      classes: str, why: str) -> None:
    [tool] = _tools(tmp_path, {"server.py": HEAD + classes + TOOL}, capsys)
    assert (tool["name"], tool["unknown"]) == (None, why)


def test_a_subclass_imported_through_a_re_export_is_traced(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tools = _tools(tmp_path, {
        "app/__init__.py": "from .base import MyServer as MyServer\n",
        "app/base.py": HEAD + "class MyServer(FastMCP):\n    pass\n",
        "app/server.py": "from app import MyServer\n" + TOOL,
        "app/more.py": "from .server import mcp\n\n\n@mcp.tool\ndef pong() -> str:\n"
                       "    return ''\n"}, capsys)
    assert sorted(str(t["name"]) for t in tools) == ["ping", "pong"]
    assert not [t for t in tools if "unknown" in t]


def test_a_generic_base_besides_the_server_class_adds_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    head = HEAD.replace("from typing import Any", "from typing import Any, Generic, TypeVar")
    generic = 'T = TypeVar("T")\n\n\nclass MyServer(FastMCP[T], Generic[T]):\n'
    [tool] = _tools(tmp_path, {"server.py": head + generic + "    pass\n" + TOOL}, capsys)
    assert (tool["name"], "unknown" in tool) == ("ping", False)
    # what the class overrides is then the reason it is not traced
    [tool] = _tools(tmp_path, {"server.py": head + generic + (
        "    def tool(self, *args: Any, **kwargs: Any) -> Any:\n"
        "        return super().tool(*args, **kwargs)\n") + TOOL}, capsys)
    assert (tool["name"], tool["unknown"]) == (
        None, "`mcp` is a `MyServer`, which overrides `tool` (its `tool` takes other parameters "
              "than `(self, name_or_fn=None, **kwargs)`): portlint does not know what such a "
              "server lists")


def test_a_server_imported_from_a_module_says_why_its_class_is_not_traced(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tools = _tools(tmp_path, {
        "core.py": HEAD + "class MyServer(FastMCP):\n    async def list_tools(self) -> Any:\n"
                          "        return []\n\n\nserver = MyServer('x')\n",
        "tools.py": "from core import server\n\n\n@server.tool()\ndef pong() -> str:\n"
                    "    return ''\n"}, capsys)
    assert [(t["name"], t["unknown"]) for t in tools] == [
        (None, "`server` is a `MyServer`, which overrides `list_tools`: portlint does not know "
               "what such a server lists")]
