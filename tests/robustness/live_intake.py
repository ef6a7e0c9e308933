"""The live mode's intake without a process: a scripted MCP server behind an in-memory transport
that stands in for the stdio one (``portlint.live.client._transport``), so that random
``tools/list`` results go through the very path ``portlint check --server`` takes — the SDK's
JSON-RPC parsing of each line, its session and handshake, portlint's paging and its checks of
each page, the snapshot document, the lint and the report. Used by tests/robustness and by
``bench/fuzz.py --live``.

A :class:`Script` says what the server answers: ``initialize`` (a valid result unless told
otherwise) and each ``tools/list`` page, as raw JSON text lines (so that what ``json.dumps``
cannot write — 100,000 levels, 5,000-digit integers — can be sent too).
"""

from __future__ import annotations

import io
import json
import random
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager, redirect_stderr, redirect_stdout
from typing import Any, NamedTuple

from tests.robustness.generators import odd_name


class Script(NamedTuple):
    pages: list[str]  # the JSON text of each tools/list answer's `result`, or a whole raw line
    raw: frozenset[int] = frozenset()  # indexes of pages that are whole lines, not results
    initialize: str | None = None  # the initialize result's JSON text; None: a valid one


def _line(ident: Any, result_text: str) -> str:
    return '{"jsonrpc": "2.0", "id": ' + json.dumps(ident) + ', "result": ' + result_text + "}"


def scripted_transport(script: Script) -> Callable[..., Any]:
    """A stand-in for ``portlint.live.client._transport`` that serves ``script``."""

    @asynccontextmanager
    async def transport(target: Any, errlog: Any) -> AsyncIterator[tuple[Any, Any]]:
        import anyio
        import mcp_types as types
        from mcp.shared.message import SessionMessage

        to_client, client_reads = anyio.create_memory_object_stream[Any](16)
        client_writes, from_client = anyio.create_memory_object_stream[Any](16)
        pages = iter(range(len(script.pages)))

        def parsed(line: str) -> Any:  # what the stdio transport does with each stdout line
            try:
                return SessionMessage(types.jsonrpc_message_adapter.validate_json(
                    line, by_name=False))
            except ValueError as error:
                return error

        async def serve() -> None:
            async for message in from_client:
                sent = message.message.model_dump(by_alias=True, exclude_unset=True)
                method, ident = sent.get("method"), sent.get("id")
                if ident is None:
                    continue  # a notification
                if method == "initialize":
                    version = (sent.get("params") or {}).get("protocolVersion", "2025-06-18")
                    result = script.initialize or json.dumps({
                        "protocolVersion": version, "capabilities": {"tools": {}},
                        "serverInfo": {"name": "scripted", "version": "1"}})
                    await to_client.send(parsed(_line(ident, result)))
                elif method == "tools/list":
                    index = next(pages, None)
                    if index is None:
                        line = _line(ident, '{"tools": []}')
                    elif index in script.raw:
                        line = script.pages[index]
                    else:
                        line = _line(ident, script.pages[index])
                    await to_client.send(parsed(line))
                else:
                    await to_client.send(parsed(json.dumps({
                        "jsonrpc": "2.0", "id": ident,
                        "error": {"code": -32601, "message": "no such method"}})))

        async with anyio.create_task_group() as group:
            group.start_soon(serve)
            try:
                yield client_reads, client_writes
            finally:
                group.cancel_scope.cancel()

    return transport


class Outcome(NamedTuple):
    code: int
    out: str
    err: str


@contextmanager
def serving(script: Script) -> Iterator[None]:
    from portlint.live import client

    original = client._transport
    client._transport = scripted_transport(script)
    try:
        yield
    finally:
        client._transport = original


def run_live(script: Script, *args: str) -> Outcome:
    """``portlint check --server scripted ARGS`` against the scripted server, in-process."""
    from portlint.cli.main import main

    out, err = io.StringIO(), io.StringIO()
    with serving(script), redirect_stdout(out), redirect_stderr(err):
        # a scripted server answers at once or never: a short wait keeps a garbage-only
        # script (skipped line by line, as the clients skip it) from waiting out a long one
        code = main(["check", "--server", "scripted", "--startup-timeout", "5",
                     "--request-timeout", "5", *args])
    return Outcome(code, out.getvalue(), err.getvalue())


def check_outcome(outcome: Outcome) -> None:
    """What must hold for any listing: an exit status of the contract, a report or a message,
    never a traceback; a JSON report that parses, with no rule crash in it."""
    assert outcome.code in (0, 1, 2), outcome
    assert "Traceback" not in outcome.err, outcome.err[-3000:]
    if outcome.code == 2:
        assert outcome.err.startswith("portlint: "), outcome.err[-2000:]
    if outcome.out:
        report = json.loads(outcome.out)
        assert not [f for f in report["findings"] if f["rule"] == "internal-error"], report
    else:
        assert outcome.code == 2, outcome


# -- random listings -------------------------------------------------------------------------

_JUNK: list[Any] = [None, True, 0, -1, 1.5, "", "x", [], {}, [1], {"a": 1}]


def _schema(rng: random.Random, depth: int = 0) -> Any:
    if depth > 4 or rng.random() < 0.25:
        return rng.choice([True, False, {}, {"type": "string"}, {"type": "dict"},
                           {"type": ["string", "null"]}, {"enum": [1, "a", None]},
                           {"$ref": "#/$defs/x"}, {"pattern": "(?<=a)"}, rng.choice(_JUNK)])
    kind = rng.choice(["object", "array", "anyOf", "junk"])
    if kind == "object":
        return {"type": "object", "properties": {
            rng.choice(["a", "b", odd_name(rng), "$ref", ""]): _schema(rng, depth + 1)
            for _ in range(rng.randint(0, 4))}, "required": rng.choice([[], ["a"], "a", None])}
    if kind == "array":
        return {"type": "array", "items": _schema(rng, depth + 1)}
    if kind == "anyOf":
        return {"anyOf": [_schema(rng, depth + 1) for _ in range(rng.randint(0, 3))]}
    return {rng.choice(["type", "properties", "items", "required", "$defs"]):
            rng.choice(_JUNK)}


def _tool(rng: random.Random) -> Any:
    if rng.random() < 0.1:
        return rng.choice(_JUNK)
    tool: dict[str, Any] = {}
    if rng.random() < 0.9:
        tool["name"] = rng.choice([f"t{rng.randint(0, 9)}", odd_name(rng), rng.choice(_JUNK)])
    if rng.random() < 0.9:
        tool["inputSchema"] = _schema(rng)
    if rng.random() < 0.3:
        tool["outputSchema"] = _schema(rng)
    if rng.random() < 0.3:
        tool[rng.choice(["description", "annotations", "_meta", "title"])] = rng.choice(
            [*_JUNK, odd_name(rng)])
    return tool


def _deep(rng: random.Random, max_depth: int) -> str:
    depth = rng.randint(1000, max_depth)
    opener, closer = rng.choice([('{"anyOf": [', "]}"), ("[", "]"),
                                 ('{"type": "object", "properties": {"a": ', "}}")])
    schema = opener * depth + '{"type": "string"}' + closer * depth
    return '{"tools": [{"name": "deep", "inputSchema": ' + schema + "}]}"


def _long_literal(rng: random.Random) -> str:
    digits = rng.choice("123456789") + "".join(rng.choice("0123456789")
                                               for _ in range(rng.randint(4300, 9000)))
    where = rng.choice(['"maximum": ', '"const": ', '"enum": [', '"default": '])
    value = rng.choice(["", "-"]) + digits + ("]" if where.endswith("[") else "")
    return ('{"tools": [{"name": "long", "inputSchema": {"type": "object", "properties": '
            '{"n": {"type": "integer", ' + where + value + "}}}}]}")


def random_script(rng: random.Random, max_depth: int = 20_000) -> Script:
    """A server's answers: mostly tool lists of random tools, with junk pages, cursors that
    loop or are not strings, lines that are not JSON-RPC, deep nesting and long literals."""
    pages: list[str] = []
    raw: set[int] = set()
    for index in range(rng.choice([1, 1, 1, 2, 3])):
        last = index == 0 or rng.random() < 0.5
        choice = rng.random()
        if choice < 0.06:
            pages.append(_deep(rng, max_depth))
        elif choice < 0.12:
            pages.append(_long_literal(rng))
        elif choice < 0.18:
            raw.add(index)
            pages.append(rng.choice(["not json", "{", '{"jsonrpc": "2.0"}', "[]", "null",
                                     '{"jsonrpc": "2.0", "id": 99, "result": {}}']))
        elif choice < 0.26:
            pages.append(json.dumps(rng.choice([*_JUNK, {"tools": rng.choice(_JUNK)},
                                                {"tools": [], "nextCursor": rng.choice(_JUNK)}])))
        else:
            result: dict[str, Any] = {"tools": [_tool(rng) for _ in range(rng.randint(0, 6))]}
            if not last or rng.random() < 0.1:
                result["nextCursor"] = rng.choice(["c1", "c2", "c1", odd_name(rng)])
            pages.append(json.dumps(result, ensure_ascii=rng.random() < 0.5))
    initialize = None
    if rng.random() < 0.05:
        initialize = json.dumps(rng.choice([*_JUNK, {"protocolVersion": 5}]))
    return Script(pages, frozenset(raw), initialize)
