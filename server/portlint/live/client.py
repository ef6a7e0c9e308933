"""One bounded session with a live MCP server: start or reach it, ``initialize``, page through
``tools/list``, and end it — the process group included.

The MCP Python SDK does the protocol: its stdio transport starts the command in a session (process
group) of its own and ends the whole group on exit, its Streamable HTTP transport reaches a URL,
its ``ClientSession`` performs the handshake and sends each ``tools/list``. portlint keeps each
page's result exactly as the server sent it (the SDK's own model of a tool may drop or refuse what
a schema says, and that is what is being linted), and notes the SDK's refusal when there is one.

Everything is bounded: the start-up (spawn + ``initialize``) and each page have a timeout, the
number of pages has a ceiling, a cursor that comes back is a loop. A line on stdout that is not a
JSON-RPC message (a banner, a stray log line) is said in a warning and skipped, as the MCP
clients skip it (``stray.py``); a server that writes nothing else runs into the start-up timeout.
Every failure is a :class:`LiveError` whose message says what happened — naming what the server
wrote when that is the trouble — and carries the tail of the server's stderr.
"""

from __future__ import annotations

import os
import re
import signal
import sys
import tempfile
from collections.abc import Callable
from typing import IO, Any, NamedTuple, TextIO, cast

from portlint import __version__
from portlint.live.connection_failure import describe
from portlint.live.snapshot import non_json_number
from portlint.live.stray import StrayLines
from portlint.live.target import Bounds, ServerTarget

STDERR_TAIL_LINES = 40
STDERR_TAIL_CHARS = 4000


class LiveError(Exception):
    """The server could not be listed; the message says why, ``stderr`` what it wrote."""

    def __init__(self, message: str, stderr: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.stderr = stderr

    def report(self) -> str:
        if not self.stderr.strip():
            return self.message
        from portlint.report.escape import visible

        # the server's own text: its escapes and control characters shown, not run
        lines = "\n".join(f"  | {visible(line)}"
                          for line in self.stderr.rstrip("\n").split("\n"))
        return f"{self.message}\nThe server's stderr (last lines):\n{lines}"


class Listing(NamedTuple):
    """The tools a server advertised, in its order, as it sent them."""

    tools: list[Any]
    pages: int
    server_name: str | None = None
    server_version: str | None = None
    protocol_version: str | None = None
    sdk_refusal: str | None = None  # the MCP Python SDK client's own verdict on a page, if any
    stderr: str = ""
    stray_lines: tuple[str, ...] = ()  # the distinct lines skipped that were not JSON-RPC, shown
    stray_count: int = 0  # how many such lines were skipped in all


class MissingExtra(LiveError):
    pass


def require_sdk() -> None:
    try:
        import mcp  # noqa: F401
    except ImportError:
        raise MissingExtra("the live mode needs the MCP Python SDK: "
                           "pip install 'portlint[live]'") from None


def fetch_listing(target: ServerTarget, bounds: Bounds | None = None,
                  warn: Callable[[str], None] | None = None) -> Listing:
    """The server's whole tool list (every page), or a :class:`LiveError`. What is skipped on
    the way (a line that is not JSON-RPC) is said through ``warn`` (by default on stderr)."""
    require_sdk()
    import anyio

    bounds = bounds or Bounds()
    strays = StrayLines(_name(target), warn or _warn_on_stderr, http=target.url is not None)
    _quiet_sdk_logs()
    with tempfile.TemporaryFile(mode="w+", encoding="utf-8", errors="replace") as errlog:
        try:
            listing = anyio.run(_listing, target, bounds, errlog, strays)
        except LiveError as error:
            error.stderr = error.stderr or _tail(errlog)
            raise
        except Exception as error:  # the transport failed outside any request (HTTP, TLS, …)
            raise LiveError(describe(_name(target), error), _tail(errlog)) from None
        closing = strays.closing()
        if closing is not None:
            strays.warn(closing)
        return listing._replace(stderr=_tail(errlog), stray_lines=tuple(strays.shown),
                                stray_count=strays.total)


def _warn_on_stderr(text: str) -> None:
    print(f"portlint: warning: {text}", file=sys.stderr, flush=True)


def _quiet_sdk_logs() -> None:
    """The SDK logs what it sees go wrong (a line that is not JSON-RPC, a refused result) with
    tracebacks; portlint reports each such event itself, once, in its own words."""
    import logging

    for name in ("mcp", "mcp_types", "httpx2", "httpcore2"):
        logging.getLogger(name).setLevel(logging.CRITICAL + 1)


def _tail(errlog: IO[str]) -> str:
    try:
        errlog.flush()
        errlog.seek(0)
        text = errlog.read()
    except (OSError, ValueError):
        return ""
    lines = text.splitlines()[-STDERR_TAIL_LINES:]
    tail = "\n".join(lines)
    return tail[-STDERR_TAIL_CHARS:]


class _Stop(NamedTuple):
    message: str


async def _listing(target: ServerTarget, bounds: Bounds, errlog: IO[str],
                   strays: StrayLines) -> Listing:
    import anyio

    stopped: list[_Stop] = []
    async with anyio.create_task_group() as group:
        outcome: list[Listing] = []

        async def run() -> None:
            outcome.append(await _session(target, bounds, errlog, stopped, group.cancel_scope,
                                          strays=strays))
            group.cancel_scope.cancel()

        group.start_soon(_watch_signals, group.cancel_scope, stopped)
        group.start_soon(run)
    if stopped:
        raise LiveError(stopped[0].message)
    if not outcome:
        raise LiveError(f"the session with {_name(target)} ended without a tool list")
    return outcome[0]


async def _watch_signals(scope: Any, stopped: list[_Stop]) -> None:
    """A terminating signal ends the session the orderly way, so the server's process group is
    ended too (the SDK's shutdown runs shielded)."""
    import anyio

    with anyio.open_signal_receiver(signal.SIGTERM, signal.SIGHUP) as signals:
        async for number in signals:
            stopped.append(_Stop(f"interrupted by {signal.Signals(number).name}; the server "
                                 "was stopped"))
            scope.cancel()
            return


def _name(target: ServerTarget) -> str:
    return f"the server at {target.url}" if target.url else f"the server `{target.label}`"


async def _session(target: ServerTarget, bounds: Bounds, errlog: IO[str], stopped: list[_Stop],
                   outer: Any, *, strays: StrayLines) -> Listing:
    from contextlib import AsyncExitStack

    import anyio
    import mcp_types as types
    from mcp.client.session import ClientSession
    from mcp.shared.exceptions import MCPError
    from pydantic import ValidationError

    name = _name(target)

    def stop(message: str) -> None:
        if not stopped:
            # whatever failed, what the server wrote that is no message is named with it
            stopped.append(_Stop(message + strays.suffix()))
        outer.cancel()

    async with AsyncExitStack() as stack:
        # entering the transport starts the process (stdio) or prepares the HTTP client: it
        # does not wait on the server; the handshake below is what the start-up bound covers
        try:
            read, write = await stack.enter_async_context(_transport(target, errlog))
        except FileNotFoundError:
            stop(f"cannot start `{target.label}`: {target.command[0]!r} was not found "
                 "(is it installed and on PATH?)")
            return _EMPTY
        except PermissionError:
            stop(f"cannot start `{target.label}`: {target.command[0]!r} is not executable")
            return _EMPTY
        except (OSError, ValueError) as error:
            stop(f"cannot start or reach {name}: {error}")
            return _EMPTY
        dispatcher = _recording_dispatcher(read, write)

        async def on_stray(error: Exception) -> None:
            # awaited in the dispatcher's read loop: said and counted, nothing awaited
            strays.add(error)

        dispatcher.on_stream_exception = on_stray
        session = ClientSession(dispatcher=dispatcher, client_info=types.Implementation(
            name="portlint", version=__version__))
        await stack.enter_async_context(session)
        with anyio.move_on_after(bounds.startup_timeout) as startup:
            try:
                initialized = await session.initialize()
            except MCPError as error:
                stop(_failure(name, "initialize", error))
                return _EMPTY
            except ValidationError as error:
                answer = dispatcher.answers.get("initialize")
                stop(f"{name} answered initialize with a result the MCP client cannot read "
                     f"({_refusal(error)}): {_short(answer)}")
                return _EMPTY
            except RuntimeError as error:
                stop(f"{name} failed the handshake: {error}")
                return _EMPTY
        if startup.cancelled_caught and not stopped:
            stop(f"{name} did not answer initialize within {bounds.startup_timeout:g} s "
                 "(--startup-timeout)")
            return _EMPTY
        if stopped:
            return _EMPTY
        tools: list[Any] = []
        refusal: str | None = None
        cursor: str | None = None
        seen: set[str] = set()
        pages = 0
        while True:
            if pages >= bounds.max_pages:
                stop(f"{name} is still paging after {bounds.max_pages} pages of tools/list "
                     f"({len(tools)} tools so far); stopped (--max-pages)")
                return _EMPTY
            params = types.PaginatedRequestParams(cursor=cursor) if cursor is not None else None
            dispatcher.pages.clear()
            with anyio.move_on_after(bounds.request_timeout) as waiting:
                try:
                    await session.list_tools(params=params)
                except MCPError as error:
                    stop(_failure(name, "tools/list", error))
                    return _EMPTY
                except ValidationError as error:
                    refusal = refusal or str(error)  # the raw page is kept all the same
            if waiting.cancelled_caught and not stopped:
                stop(f"{name} did not answer tools/list (page {pages + 1}) within "
                     f"{bounds.request_timeout:g} s (--request-timeout)")
                return _EMPTY
            if stopped:
                return _EMPTY
            pages += 1
            if not dispatcher.pages:
                stop(f"{name} gave no tools/list result")
                return _EMPTY
            page = dispatcher.pages[-1]
            page_tools = page.get("tools")
            if not isinstance(page_tools, list):
                stop(f"{name} answered tools/list (page {pages}) without a `tools` array: "
                     f"{_short(page)}")
                return _EMPTY
            odd = non_json_number(page_tools, len(tools))
            if odd is not None:
                stop(f"{name} answered tools/list (page {pages}) with a number that is not "
                     f"JSON: {odd.describe()}. NaN, Infinity and -Infinity are no JSON "
                     "numbers: a client's JSON.parse refuses the whole message, so it gets "
                     "none of the server's tools")
                return _EMPTY
            tools.extend(page_tools)
            next_cursor = page.get("nextCursor")
            if next_cursor is None:
                break
            if not isinstance(next_cursor, str):
                stop(f"{name} sent a `nextCursor` that is not a string on page {pages}: "
                     f"{_short(next_cursor)}")
                return _EMPTY
            if next_cursor in seen or next_cursor == cursor:
                stop(f"{name} pages in a circle: the cursor {_short(next_cursor)} came back "
                     f"after {pages} pages of tools/list ({len(tools)} tools)")
                return _EMPTY
            seen.add(next_cursor)
            cursor = next_cursor
        info = initialized.server_info
        return Listing(tools=tools, pages=pages,
                       server_name=info.name if info else None,
                       server_version=info.version if info else None,
                       protocol_version=initialized.protocol_version, sdk_refusal=refusal)


_EMPTY = Listing(tools=[], pages=0)
_VALIDATION_SUMMARY = re.compile(r":\s*\d+ validation errors? for .*$")


def _transport(target: ServerTarget, errlog: IO[str]) -> Any:
    if target.url is not None:
        from mcp.client.streamable_http import streamable_http_client

        return streamable_http_client(target.url)
    from mcp.client.stdio import StdioServerParameters, stdio_client

    # the user's own environment: the command is theirs, run as they would run it. Bytes that
    # are not UTF-8 are read as U+FFFD, as the TypeScript SDK's client reads them: the SDK's
    # default (strict) would end the read with an exception no session sees
    params = StdioServerParameters(command=target.command[0], args=list(target.command[1:]),
                                   env=dict(os.environ), cwd=os.getcwd(),
                                   encoding_error_handler="replace")
    return stdio_client(params, errlog=cast(TextIO, errlog))


def _recording_dispatcher(read: Any, write: Any) -> Any:
    """The SDK's JSON-RPC dispatcher, keeping every ``tools/list`` result as it arrived (and
    the last result of each other method, to quote one the SDK refuses)."""
    from mcp.shared.jsonrpc_dispatcher import JSONRPCDispatcher

    class Recording(JSONRPCDispatcher):
        pages: list[dict[str, Any]]
        answers: dict[str, Any]

        async def send_raw_request(self, method: str, params: Any, opts: Any = None,
                                   **kwargs: Any) -> dict[str, Any]:
            result: dict[str, Any] = await super().send_raw_request(method, params, opts,
                                                                    **kwargs)
            if method == "tools/list":
                self.pages.append(result)
            else:
                self.answers[method] = result
            return result

    dispatcher = Recording(read, write)
    dispatcher.pages = []
    dispatcher.answers = {}
    return dispatcher


def _failure(name: str, method: str, error: Any) -> str:
    from mcp_types import CONNECTION_CLOSED, METHOD_NOT_FOUND

    if error.code == CONNECTION_CLOSED:
        return (f"{name} closed the connection before answering {method} (it exited or "
                "crashed)")
    if error.code == METHOD_NOT_FOUND and method == "tools/list":
        return f"{name} does not offer tools: tools/list answered `{_error_text(error.message)}`"
    return f"{name} answered {method} with an error {error.code}: {_error_text(error.message)}"


def _error_text(message: str) -> str:
    """An error's message on one line; the MCP SDK's own validation summary of a reply it could
    not read (a pydantic dump of its message models) is said in the server's terms."""
    first = message.strip().split("\n", 1)[0] if message.strip() else "(no message)"
    first = _VALIDATION_SUMMARY.sub(": the reply is not a JSON-RPC message", first)
    first = first if len(first) <= 300 else first[:297] + "..."
    from portlint.report.escape import visible

    return visible(first)  # the server's text: its escapes and control characters shown


def _refusal(error: Any) -> str:
    """A pydantic refusal in the server's terms: where in the result, and what is wrong —
    not the name of the SDK's model."""
    from portlint.report.escape import visible

    issues = error.errors(include_url=False)
    if not issues:
        return "refused"
    first = issues[0]
    where = ".".join(str(part) for part in first["loc"]) or "the result"
    more = f", and {len(issues) - 1} more" if len(issues) > 1 else ""
    return visible(f"`{where}`: {first['msg']}{more}")[:300]


def _short(value: Any) -> str:
    import json

    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 120 else text[:117] + "..."
