"""Return types without item types (`typing.Dict`, `List`, `Tuple`, `Sequence`, `Mapping` bare,
the builtin classes, `collections.abc` classes, `list[Any]`): each framework release's own
reading, as the oracle projects `*-bare-class` record it, in the spellings those projects do
not use (module aliases of `collections.abc`, `import typing as t`, aliases inside `Annotated`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from portlint.python.analysis import analyze
from portlint.python.names import Names

_SDK = "from mcp.server.fastmcp import FastMCP\n"
_FASTMCP = "from fastmcp import FastMCP\n"


def _outputs(tmp_path: Path, header: str, body: str, pin: str) -> dict[str, Any]:
    (tmp_path / "requirements.txt").write_text(pin + "\n", encoding="utf-8")
    path = tmp_path / "server.py"
    path.write_text(header + 'mcp = FastMCP("x")\n' + body, encoding="utf-8")
    tools = analyze(path.read_text(encoding="utf-8"), path).tools
    assert all(not t.unknown for t in tools), [u.reason for t in tools for u in t.unknown]
    return {t.name: t.output_schema for t in tools}


def _tool(name: str, annotation: str) -> str:
    return f"\n\n@mcp.tool()\ndef {name}() -> {annotation}:\n    return None\n"


def test_spelled_as_written_keeps_collections_abc_apart_from_typing() -> None:
    import ast
    source = ("import collections.abc as cabc\nfrom collections import abc\n"
              "import typing as t\nfrom collections.abc import Mapping as M\n")
    names = Names(ast.parse(source))
    spelled = ["cabc.Sequence", "abc.Mapping", "t.Sequence", "M", "list"]
    written = [names.as_written(ast.parse(s, mode="eval").body) for s in spelled]
    assert written == ["collections.abc.Sequence", "collections.abc.Mapping", "typing.Sequence",
                       "collections.abc.Mapping", "builtins.list"]
    merged = [names.qualified(ast.parse(s, mode="eval").body) for s in spelled]
    assert merged == ["typing.Sequence", "typing.Mapping", "typing.Sequence", "typing.Mapping",
                      "builtins.list"]


def test_the_sdk_wraps_typing_aliases_and_gives_plain_classes_no_schema(tmp_path: Path) -> None:
    header = _SDK + "import collections.abc as cabc\nimport typing as t\nRows = cabc.Sequence\n"
    body = (_tool("a", "cabc.Sequence") + _tool("b", "Rows") + _tool("c", "t.Dict")
            + _tool("d", "'t.Mapping'") + _tool("e", "frozenset"))
    outputs = _outputs(tmp_path, header, body, "mcp==1.30.0")
    assert outputs["a"] is None and outputs["b"] is None and outputs["e"] is None
    assert outputs["c"] == {
        "properties": {"result": {"additionalProperties": True, "title": "Result",
                                  "type": "object"}},
        "required": ["result"], "title": "cOutput", "type": "object"}
    assert outputs["d"] == {
        "properties": {"result": {"additionalProperties": True, "title": "Result",
                                  "type": "object"}},
        "required": ["result"], "title": "dOutput", "type": "object"}


_UNCONSTRAINED = (_tool("a", "Annotated[Rows, 'rows']") + _tool("b", "tuple[t.Any, ...]")
                  + _tool("c", "t.List[Anything]") + _tool("d", "list[int]")
                  + _tool("e", "tuple[t.Any, t.Any]") + _tool("f", "t.MutableSequence"))
_HEADER = (_FASTMCP + "import typing as t\nfrom typing import Annotated\nRows = t.List\n"
           "Anything = t.Any\n")


def _wrapped(result: dict[str, Any]) -> dict[str, Any]:
    return {"properties": {"result": result}, "required": ["result"], "type": "object",
            "x-fastmcp-wrap-result": True}


def test_fastmcp_4_0_3_drops_what_says_nothing_of_its_items(tmp_path: Path) -> None:
    outputs = _outputs(tmp_path, _HEADER, _UNCONSTRAINED, "fastmcp==4.0.3")
    assert [n for n, o in outputs.items() if o is None] == ["a", "b", "c"]
    assert outputs["d"] == _wrapped({"items": {"type": "integer"}, "type": "array"})
    assert outputs["e"] == _wrapped({"maxItems": 2, "minItems": 2, "prefixItems": [{}, {}],
                                     "type": "array"})
    assert outputs["f"] == _wrapped({"items": {}, "type": "array"})


def test_fastmcp_4_0_2_still_wraps_it(tmp_path: Path) -> None:
    outputs = _outputs(tmp_path, _HEADER, _UNCONSTRAINED, "fastmcp==4.0.2")
    assert outputs["a"] == _wrapped({"items": {}, "type": "array"})
    assert outputs["b"] == _wrapped({"items": {}, "type": "array"})
    assert outputs["c"] == _wrapped({"items": {}, "type": "array"})


def test_fastmcp_reads_a_bare_tuple_as_empty_outside_models_only(tmp_path: Path) -> None:
    header = (_FASTMCP + "import typing as t\nfrom pydantic import BaseModel\nPair = t.Tuple\n\n\n"
              "class Row(BaseModel):\n    cells: t.Tuple\n")
    body = (_tool("a", "Pair") + _tool("b", "dict[str, t.Tuple | None]")
            + _tool("c", "list[Row]") + _tool("d", "tuple"))
    outputs = _outputs(tmp_path, header, body, "fastmcp==3.4.11")
    empty = {"maxItems": 0, "minItems": 0, "type": "array"}
    assert outputs["a"] == _wrapped(empty)
    assert outputs["b"] == {"additionalProperties": {"anyOf": [empty, {"type": "null"}]},
                            "type": "object"}
    assert outputs["c"] == _wrapped({"items": {
        "properties": {"cells": {"items": {}, "type": "array"}}, "required": ["cells"],
        "type": "object"}, "type": "array"})
    assert outputs["d"] == _wrapped({"items": {}, "type": "array"})


def test_the_sdk_gives_scalar_classes_and_enums_no_output_schema(tmp_path: Path) -> None:
    header = (_SDK + "import datetime as dt\nfrom enum import Enum\nfrom typing import Optional\n"
              "from uuid import UUID\n\n\nclass Mode(str, Enum):\n    A = 'a'\n")
    body = (_tool("a", "dt.time") + _tool("b", "UUID") + _tool("c", "Mode")
            + _tool("d", "Optional[Mode]") + _tool("e", "dt.timedelta"))
    outputs = _outputs(tmp_path, header, body, "mcp==1.30.0")
    assert [n for n, o in outputs.items() if o is None] == ["a", "b", "c", "e"]
    assert outputs["d"] == {
        "$defs": {"Mode": {"enum": ["a"], "title": "Mode", "type": "string"}},
        "properties": {"result": {"anyOf": [{"$ref": "#/$defs/Mode"}, {"type": "null"}]}},
        "required": ["result"], "title": "dOutput", "type": "object"}


def test_pydantic_classes_returned_to_the_sdk_are_reported(tmp_path: Path) -> None:
    (tmp_path / "requirements.txt").write_text("mcp==1.30.0\n", encoding="utf-8")
    path = tmp_path / "server.py"
    path.write_text(_SDK + "from pydantic import AnyUrl\nmcp = FastMCP('x')\n"
                    + _tool("link", "AnyUrl"), encoding="utf-8")
    [tool] = analyze(path.read_text(encoding="utf-8"), path).tools
    assert tool.output_schema is None
    assert [u.reason for u in tool.unknown] == [
        "the SDK reads the class `pydantic.AnyUrl` itself for the output schema (a model of its "
        "annotations, or none): not derived"]
    assert tool.input_schema == {"properties": {}, "title": "linkArguments", "type": "object"}
