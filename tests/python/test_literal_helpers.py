"""Schema literals built by helpers of the module that take nothing and only return a literal
(portlint/python/literal_calls.py): read through, their problems said where the helper writes
them; a dict literal writing a key twice is read as Python reads it (the later one). The
oracle projects `m1-`/`m2-lowlevel-helpers` hold the derived schemas to the real SDKs."""

from __future__ import annotations

import pytest

from portlint.linter import lint_text
from portlint.settings import Settings

_HEAD = '''from mcp.server import Server
import mcp.types as types

server = Server("x")

'''
_TAIL = '''


@server.list_tools()
async def listed() -> list[types.Tool]:
    return TOOLS
'''


def _found(body: str) -> list[tuple[str, str, str, str]]:
    text = _HEAD + body + _TAIL
    return [(f.rule, f.severity.value, text[f.span[0]:f.span[1]], str(f.path))
            for f in lint_text(text, "/nonexistent/server.py", Settings()).findings]


def test_a_problem_in_a_helper_s_literal_is_said_where_the_helper_writes_it() -> None:
    body = '''def _value() -> dict:
    """The value, as two tools take it."""
    return {"v": {"type": ["string", "null"]}}


TOOLS = [types.Tool(name="a", inputSchema={"type": "object", "properties": {**_value()}})]'''
    assert _found(body) == [
        ("type-union", "warning", '["string", "null"]', "inputSchema.properties.v")]


@pytest.mark.parametrize("helper", [
    'def _value(kind="string") -> dict:\n    return {"v": {"type": kind}}',  # a parameter
    '@staticmethod\ndef _value() -> dict:\n    return {"v": {"type": "string"}}',  # decorated
    'def _value() -> dict:\n    found = {"v": {"type": "string"}}\n    return found',
    'def _value() -> dict:\n    return {"v": {"type": "string"}}\n\n\n_value = dict',  # rebound
])
def test_a_helper_that_is_not_only_a_literal_is_not_read_through(helper: str) -> None:
    body = helper + '''


TOOLS = [types.Tool(name="a", inputSchema={"type": "object", "properties": {**_value()}})]'''
    assert [(rule, severity, where) for rule, severity, where, _ in _found(body)] == [
        ("unknown-schema", "information", "_value()")]


def test_a_key_written_twice_is_the_later_one() -> None:
    """Once a crash (KeyError) in placing the first value's members."""
    body = '''TOOLS = [types.Tool(name="a", inputSchema={"type": "object", "properties": {
    "v": {"type": "integer", "minimum": 0},
    "v": {"type": ["string", "null"]}}})]'''
    assert _found(body) == [
        ("type-union", "warning", '["string", "null"]', "inputSchema.properties.v")]


def test_a_parameter_named_as_a_helper_is_not_the_helper() -> None:
    body = '''def _value() -> dict:
    return {"v": {"type": "string"}}


def made(_value=dict) -> list[types.Tool]:
    return [types.Tool(name="a", inputSchema={"type": "object", "properties": {**_value()}})]


TOOLS = made()'''
    assert [(rule, severity, where) for rule, severity, where, _ in _found(body)] == [
        ("unknown-schema", "information", "_value()")]
