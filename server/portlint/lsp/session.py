"""One LSP session: every message answered as the specification says, in order, and work the
client no longer wants left undone.

pygls 2.1 hands a message to its handler the moment it is read, and its loop leaves several
messages without an answer: a request whose params do not fit the method fails inside
``json.loads``'s object hook and is only logged; every request after ``shutdown`` is dropped;
a request before ``initialize`` runs (and fails with an internal error). Because each request is
computed as soon as it is read, a ``$/cancelRequest`` always arrives too late. This module runs
the session instead, with pygls's protocol still doing what it does well (handlers, typed
params, capabilities, responses):

- frames are read on a thread (:mod:`portlint.lsp.framing`) and queued as they arrive; before
  each message is handled, everything already received is taken in, so a cancellation reaches
  its request first: a cancelled request is answered ``RequestCancelled`` and not computed;
- a document request (hover, code action, symbols, a diagnostic pull) with a change to the same
  document queued behind it is answered ``ContentModified`` (a pull: ``ServerCancelled`` with
  ``retriggerRequest``) — its answer would describe a text the editor no longer shows;
- before ``initialize`` a request is answered ``ServerNotInitialized`` and a notification
  dropped; after ``shutdown`` a request is answered ``InvalidRequest``; a second ``initialize``
  is ``InvalidRequest``; ``exit`` ends the session with 0 after ``shutdown`` and 1 without (the
  end of the input counts as ``exit``);
- a body that is not JSON is answered ``ParseError``, JSON that is not a message
  ``InvalidRequest``, params that do not fit the method ``InvalidParams`` — with the request's
  id when it can be read, else ``null``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import threading
from collections import Counter, deque
from collections.abc import Callable
from typing import Any, NamedTuple

from lsprotocol import types
from pygls.exceptions import JsonRpcException, JsonRpcInvalidParams

from portlint.lsp.framing import Frame, FrameReader
from portlint.lsp.pygls_bridge import PortlintProtocol, cancel_running, running_requests

log = logging.getLogger("portlint")

PARSE_ERROR = types.ErrorCodes.ParseError.value
INVALID_REQUEST = types.ErrorCodes.InvalidRequest.value
INVALID_PARAMS = types.ErrorCodes.InvalidParams.value
METHOD_NOT_FOUND = types.ErrorCodes.MethodNotFound.value
INTERNAL_ERROR = types.ErrorCodes.InternalError.value
NOT_INITIALIZED = types.ErrorCodes.ServerNotInitialized.value
REQUEST_CANCELLED = types.LSPErrorCodes.RequestCancelled.value
CONTENT_MODIFIED = types.LSPErrorCodes.ContentModified.value
SERVER_CANCELLED = types.LSPErrorCodes.ServerCancelled.value

DOCUMENT_CHANGES = frozenset((types.TEXT_DOCUMENT_DID_OPEN, types.TEXT_DOCUMENT_DID_CHANGE,
                              types.TEXT_DOCUMENT_DID_CLOSE))
DOCUMENT_QUERIES = frozenset((types.TEXT_DOCUMENT_HOVER, types.TEXT_DOCUMENT_CODE_ACTION,
                              types.TEXT_DOCUMENT_DOCUMENT_SYMBOL,
                              types.TEXT_DOCUMENT_DIAGNOSTIC))
_QUEUED_BYTES = 256 * 1024 * 1024  # read ahead at most this much before the handlers catch up
_ID_AT_START = re.compile(
    rb'\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*(-?\d{1,18}|"[^"\\]{0,200}")\s*,')


class Incoming(NamedTuple):
    """What the reader thread took from the stream: a decoded message, or a problem."""

    message: Any = None
    problem: str | None = None  # a frame skipped or not JSON
    not_json: bool = False  # answered ParseError
    size: int = 0
    head: bytes = b""
    oversized: bool = False


def _number(digits: str) -> int | str:
    """JSON integers past Python's conversion limit stay text (no LSP field is that large;
    where a number is required the params then do not fit, and the request says so)."""
    return int(digits) if len(digits) <= 4000 else digits


def decode(frame: Frame) -> Incoming:
    if frame.body is None:
        return Incoming(problem=frame.problem, head=frame.head, oversized=frame.oversized)
    size = len(frame.body)
    try:
        message = json.loads(frame.body.decode("utf-8"), parse_int=_number)
    except (ValueError, RecursionError) as error:  # not UTF-8, not JSON
        return Incoming(problem=f"a message that is not JSON ({error})"[:300], not_json=True,
                        size=size)
    return Incoming(message, frame.problem, size=size)


class _Budget:
    """Bytes read but not yet taken by the session: the reader waits above the bound."""

    def __init__(self, bound: int) -> None:
        self._bound = bound
        self._used = 0
        self._waiting = False
        self._room = threading.Condition()

    def take(self, size: int) -> None:
        with self._room:
            self._waiting = True
            self._room.wait_for(lambda: self._used == 0 or self._used + size <= self._bound)
            self._waiting = False
            self._used += size

    def give(self, size: int) -> None:
        if not size:
            return
        with self._room:
            self._used -= size
            if self._waiting:
                self._room.notify_all()


def _valid_id(value: Any) -> bool:
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


def _document_uri(params: Any) -> str | None:
    document = params.get("textDocument") if isinstance(params, dict) else None
    uri = document.get("uri") if isinstance(document, dict) else None
    return uri if isinstance(uri, str) else None


class Session:
    """Runs one client's session over ``reader`` and the protocol's writer."""

    def __init__(self, protocol: PortlintProtocol, key_of: Callable[[str], str],
                 authenticate: Callable[[dict[str, Any]], bool] | None = None) -> None:
        self.protocol = protocol
        self.key_of = key_of  # a URI → the key every lookup of that document uses
        self.authenticate = authenticate  # None: any initialize is accepted
        self.initialized = False
        self.shut_down = False
        self.rejected = False  # the first message did not authenticate
        self._queue: asyncio.Queue[list[Incoming] | None] = asyncio.Queue()
        self._backlog: deque[Incoming] = deque()
        self._queued_requests: set[Any] = set()
        self._cancelled: set[Any] = set()
        self._changes_ahead: Counter[str] = Counter()
        self._budget = _Budget(_QUEUED_BYTES)
        self._ended = False

    # -- reading ------------------------------------------------------------------------------

    def _pump(self, reader: FrameReader, loop: asyncio.AbstractEventLoop) -> None:
        """The reader thread: frames → decoded messages → the session's queue. Everything
        already received is handed over together, just before the thread waits for more bytes —
        so a request and the cancellation right behind it reach the session at once."""
        batch: list[Incoming] = []

        def hand_over() -> None:
            if batch:
                self._budget.take(sum(incoming.size for incoming in batch))
                loop.call_soon_threadsafe(self._queue.put_nowait, list(batch))
                batch.clear()

        reader.before_read = hand_over
        try:
            while True:
                frame = reader.next()
                if frame is None:
                    break
                batch.append(decode(frame))
                del frame  # a large body is not kept while the thread waits
                if len(batch) >= 1000:
                    hand_over()
            hand_over()
        except OSError as error:  # the connection broke: the same as its end
            batch.append(Incoming(problem=f"the input failed: {error}"))
            with contextlib.suppress(RuntimeError):
                hand_over()
        except RuntimeError:  # the loop has already closed: the session is over
            return
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(self._queue.put_nowait, None)

    async def run(self, reader: FrameReader) -> int:
        """Serve until ``exit`` or the end of the input; the exit code."""
        loop = asyncio.get_running_loop()
        threading.Thread(target=self._pump, args=(reader, loop), name="portlint-reader",
                         daemon=True).start()
        while True:
            if not self._backlog and not self._ended:
                self._take(await self._queue.get())
            while not self._queue.empty():
                self._take(self._queue.get_nowait())
            if not self._backlog:
                if self._ended:
                    return 0 if self.shut_down else 1
                continue
            code = self._next()
            if code is not None:
                return code
            await asyncio.sleep(0)  # let handlers awaiting the client and debounced work run

    def _next(self) -> int | None:
        """Handle the oldest waiting message (a method of its own, so nothing of it stays
        referenced while the session waits for the next)."""
        incoming = self._backlog.popleft()
        self._budget.give(incoming.size)
        try:
            return self._dispatch(incoming)
        except Exception:  # never let one message end the session
            log.exception("portlint could not handle a message")
            message = incoming.message
            ident = message.get("id") if isinstance(message, dict) else None
            if _valid_id(ident) and "method" in message:
                self._error(ident, INTERNAL_ERROR, "internal error (see the server log)")
            return None

    def _take(self, batch: list[Incoming] | None) -> None:
        if batch is None:
            self._ended = True
            return
        for incoming in batch:
            self._admit(incoming)

    def _admit(self, incoming: Incoming) -> None:
        """Take in one message as it arrives: cancellations and responses act at once, the rest
        waits in order."""
        message = incoming.message
        if isinstance(message, dict) and message.get("jsonrpc") == "2.0":
            method = message.get("method")
            if method == types.CANCEL_REQUEST and "id" not in message:
                self._budget.give(incoming.size)
                self._cancel(message.get("params"))
                return
            if method is None and "id" in message and self.initialized:
                self._budget.give(incoming.size)
                self._respond_to_us(message)
                return
            if isinstance(method, str):
                if "id" in message and _valid_id(message["id"]):
                    self._queued_requests.add(message["id"])
                elif "id" not in message and method in DOCUMENT_CHANGES:
                    uri = _document_uri(message.get("params"))
                    if uri is not None:
                        self._changes_ahead[self.key_of(uri)] += 1
        self._backlog.append(incoming)

    def _cancel(self, params: Any) -> None:
        ident = params.get("id") if isinstance(params, dict) else None
        if not _valid_id(ident):
            return
        if ident in self._queued_requests:
            self._cancelled.add(ident)  # answered when its turn comes, without computing it
        elif ident in running_requests(self.protocol):  # running (awaiting something)
            cancel_running(self.protocol, ident)

    def _respond_to_us(self, message: dict[str, Any]) -> None:
        """A response to a request the server sent (configuration, applyEdit)."""
        try:
            structured = self.protocol.structure_message(message)
        except JsonRpcException:
            log.warning("ignored a malformed response from the client")
            return
        self.protocol.handle_message(structured)

    # -- handling -----------------------------------------------------------------------------

    def _dispatch(self, incoming: Incoming) -> int | None:
        message = incoming.message
        if incoming.problem is not None:
            log.warning("portlint skipped %s", incoming.problem)
            if incoming.not_json:
                self._error(None, PARSE_ERROR, "Parse error: " + incoming.problem)
                return None
            if incoming.oversized:
                ident = _id_in_head(incoming.head)
                if ident is not None:
                    self._error(ident, INVALID_REQUEST, "the message is too large: "
                                + incoming.problem)
                self.protocol.notify_raw(types.WINDOW_SHOW_MESSAGE, (json.dumps({
                    "type": types.MessageType.Warning.value,
                    "message": f"portlint skipped {incoming.problem}; a document that large "
                               "is not linted (see `max-document-chars`)"}),))
                return None
            if message is None:
                return None  # a frame without a body: logged, nothing to answer
        if not isinstance(message, dict):
            self._error(None, INVALID_REQUEST, "Invalid request: a message must be a JSON "
                                               "object (batches are not part of LSP)")
            return None
        ident = message.get("id", _ABSENT)
        method = message.get("method", _ABSENT)
        if message.get("jsonrpc") != "2.0" or (method is not _ABSENT and not isinstance(
                method, str)) or (ident is not _ABSENT and not _valid_id(ident)):
            self._error(ident if _valid_id(ident) else None, INVALID_REQUEST,
                        'Invalid request: expected "jsonrpc": "2.0", a string "method" and an '
                        "integer or string id")
            return None
        if method is _ABSENT:
            if ident is _ABSENT:
                self._error(None, INVALID_REQUEST, "Invalid request: no method and no id")
            else:
                log.warning("ignored a response (id %r) that came before initialize", ident)
            return None
        if ident is _ABSENT:
            return self._notification(method, message)
        if method == types.EXIT:  # a notification sent as a request: answered, then exit
            self.protocol.send_raw(f'{{"jsonrpc":"2.0","id":{json.dumps(ident)},"result":null}}')
            return 0 if self.shut_down else 1
        self._request(ident, method, message)
        return 1 if self.rejected else None

    def _notification(self, method: str, message: dict[str, Any]) -> int | None:
        if method in DOCUMENT_CHANGES:
            uri = _document_uri(message.get("params"))
            if uri is not None:
                key = self.key_of(uri)
                self._changes_ahead[key] -= 1
                if self._changes_ahead[key] <= 0:
                    del self._changes_ahead[key]
        if method == types.EXIT:
            return 0 if self.shut_down else 1
        if not self.initialized or self.shut_down:
            return None  # dropped, as the specification says
        try:
            structured = self.protocol.structure_message(message)
        except JsonRpcException as error:
            log.warning("ignored a %s notification whose params do not fit: %s", method,
                        error.message)
            return None
        self.protocol.handle_message(structured)
        return None

    def _request(self, ident: Any, method: str, message: dict[str, Any]) -> None:
        self._queued_requests.discard(ident)
        if ident in self._cancelled:
            self._cancelled.discard(ident)
            self._error(ident, REQUEST_CANCELLED, "the client cancelled the request")
            return
        if method == types.INITIALIZE:
            if self.initialized:
                self._error(ident, INVALID_REQUEST, "initialize was already received")
                return
            if self.authenticate is not None and not self.authenticate(message):
                self.rejected = True
                self._error(ident, INVALID_REQUEST, "the session token is missing or wrong")
                return
        elif not self.initialized:
            self._error(ident, NOT_INITIALIZED, f"{method} before initialize")
            return
        if self.shut_down:
            self._error(ident, INVALID_REQUEST, f"{method} after shutdown")
            return
        if method in DOCUMENT_QUERIES and self._outdated(message.get("params")):
            if method == types.TEXT_DOCUMENT_DIAGNOSTIC:
                self._error(ident, SERVER_CANCELLED, "the document changed",
                            {"retriggerRequest": True})
            else:
                self._error(ident, CONTENT_MODIFIED, "the document changed")
            return
        if method not in types.METHOD_TO_TYPES and not self.protocol.fm.features.get(method):
            self._error(ident, METHOD_NOT_FOUND, f"Method not found: {method}")
            return
        try:
            structured = self.protocol.structure_message(message)
        except JsonRpcException as error:
            code = INVALID_PARAMS if isinstance(error, JsonRpcInvalidParams) else INTERNAL_ERROR
            self._error(ident, code, f"Invalid params for {method}: the params do not have "
                                     "the shape the specification gives")
            return
        if method == types.INITIALIZE:
            self.initialized = True
        elif method == types.SHUTDOWN:
            self.shut_down = True
        self.protocol.handle_message(structured)

    def change_waiting(self, key: str) -> bool:
        """Whether a didOpen, didChange or didClose of the document is read but not handled."""
        return self._changes_ahead.get(key, 0) > 0

    def _outdated(self, params: Any) -> bool:
        uri = _document_uri(params)
        return uri is not None and self.change_waiting(self.key_of(uri))

    def _error(self, ident: Any, code: int, message: str, data: Any = None) -> None:
        error: dict[str, Any] = {"code": code, "message": message}
        if data is not None:
            error["data"] = data
        self.protocol.send_raw(f'{{"jsonrpc":"2.0","id":{json.dumps(ident)},"error":'
                               f"{json.dumps(error)}}}")


_ABSENT: Any = object()


def _id_in_head(head: bytes) -> Any:
    """The id of a request skipped for its size, when its first bytes show it plainly."""
    found = _ID_AT_START.match(head)
    if found is None:
        return None
    return json.loads(found.group(1))
